"""Real-browser tests: Playwright driving Debian's Chromium against a real ``cardavia serve``.

The browser tests never skip: a missing browser, missing CJK fonts or a server that does not start
fail the run, so CI cannot go green without them (scripts/test.sh installs both when missing).
Screenshots go to ``test-artifacts/`` at the repository root (ignored by git).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from cardavia.engine.registry import game_names

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CARDAVIA_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    # Chromium resolves Google hosts even with the flags above; this stops every lookup but ours.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
]
LANGS = ("en", "es", "da", "cs", "zh")
GAMES = tuple(game_names())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _cardavia() -> list[str]:
    script = Path(sys.executable).with_name("cardavia")
    return [str(script)] if script.exists() else [sys.executable, "-m", "cardavia.cli"]


@contextmanager
def _serve(ai_delay: str) -> Iterator[str]:
    """A real ``cardavia serve`` on a free loopback port with a temporary SQLite file."""
    folder = Path(tempfile.mkdtemp(prefix="cardavia-e2e-"))
    port = _free_port()
    log = (folder / "server.log").open("w")
    command = [
        *_cardavia(), "serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(folder / "e2e.db"),
        "--ai-delay", ai_delay, "--start-rate", "0", "--par-runs", "1",  # a par in a quarter of the time
    ]  # fmt: skip
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=folder)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url + "/", timeout=2) as answer:
                if answer.status == 200:
                    break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            log.close()
            pytest.fail("cardavia serve did not start:\n" + (folder / "server.log").read_text()[-3000:])
        time.sleep(0.2)
    try:
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The site with no pacing: the server sends its frames in bursts, the page paces them."""
    with _serve("0") as url:
        yield url


@pytest.fixture(scope="session")
def paced_server() -> Iterator[str]:
    """The site at its default pace (``ai_delay`` 0.7 s), as a player meets it."""
    with _serve("0.7") as url:
        yield url


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: run scripts/test.sh (it installs it)")
    fonts = subprocess.run(["fc-list", ":lang=zh"], capture_output=True, text=True, check=False).stdout
    if "Noto" not in fonts:
        pytest.fail("the CJK fonts (Debian fonts-noto-cjk) are missing: run scripts/test.sh")
    try:
        browser = playwright_session.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, timeout=60_000
        )
    except Exception as exc:  # any launch failure must fail the run, never skip it
        pytest.fail(f"Chromium cannot run: {exc}")
    yield browser
    browser.close()


@pytest.fixture()
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh profile (cookies, storage) for every test, English browser, desktop size."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB", accept_downloads=True)
    ctx.set_default_timeout(20_000)
    yield ctx
    ctx.close()


@pytest.fixture()
def page(context: BrowserContext) -> Page:
    return context.new_page()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
