"""Run the leak scanner (tests/web/leakscan.py) over many deals and print its figures as JSON.

For each game: ``--deals`` deals at a live table (a real app in process, pacing off, computers
playing at random, the human seeded) — every message scanned for hidden cards and matched to the
frame a replay of the record builds — and, for each deal that has a twin (a deal differing only in
the computers' hidden options), both deals replayed at a live table and their streams compared.

    .venv/bin/python scripts/leakscan.py --deals 1000 --findings parted.json

Each example of a twin pair that parts names its deal and the first fields that differ; with
``--findings`` the records of those pairs are written out, to replay them one by one.

``--timing-deals N`` also plays N paced deals of each game, the human passing wherever he may, and
compares the time from his answer to its ``ack`` and from the ``ack`` to the next ``state`` between
the windows where a computer was asked with him and those where he was alone (only windows where
the card died, so no visible claim explains a gap). ``--plant per-answer-stores`` plants the old
channel (each answer of a window stored in a commit of its own, ``--commit-ms`` each) to show that
the check sees it:

    .venv/bin/python scripts/leakscan.py --deals 0 --timing-deals 30
    .venv/bin/python scripts/leakscan.py --deals 0 --timing-deals 30 --plant per-answer-stores
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from tests.web.helpers import start_table, table_socket, web_config  # noqa: E402
from tests.web.leakscan import (  # noqa: E402
    differences,
    plant_per_answer_stores,
    play_scripted,
    scan_messages,
    stream,
    timing_report,
    twin,
    window_gaps,
)

from cardavia.engine.registry import game_names  # noqa: E402
from cardavia.engine.rng import Rng  # noqa: E402
from cardavia.web.app import create_app  # noqa: E402

CHANNELS = (
    "concealed cards and stock order in every message",
    "every message equals the frame the record replays to",
    "versions, steps, window numbers, events, views and order of messages between twin deals",
)


def first_difference(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> str:
    """The first message where two streams part, and the first of its fields that differ."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            fx, fy = dict(_fields(x)), dict(_fields(y))
            paths = sorted(p for p in set(fx) | set(fy) if fx.get(p) != fy.get(p))
            return f"message {i}, " + "; ".join(f"{p}: {fx.get(p)!r} / {fy.get(p)!r}" for p in paths[:4])
    return f"{len(a)} messages against {len(b)}"


def _fields(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _fields(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _fields(item, f"{path}[{index}]")
    else:
        yield path, value


def scan_game(
    client: TestClient, game: str, deals: int, seed: int, keep: list[dict[str, Any]] | None = None
) -> dict[str, object]:
    """Scan ``deals`` deals of ``game``; each twin pair whose streams part is added to ``keep``."""
    messages = findings = twins = twin_messages = 0
    examples: list[str] = []
    for i in range(deals):
        table_id = start_table(client, game)
        with table_socket(client, table_id, seed + i) as player:
            player.play_to_end()
            received = list(player.received)
        record = client.get(f"/tables/{table_id}/record").json()
        problems = scan_messages(received, record, 0)
        messages += len(received)
        found = twin(record, 0, Rng(seed + i))
        if found is not None:
            other, swapped = found
            first, second = play_scripted(client, record), play_scripted(client, other)
            masked = dict.fromkeys(swapped)
            a, b = stream(first, masked), stream(second, masked)
            parted = differences(a, b)
            if parted:
                examples.append(f"deal {i}: {first_difference(a, b)}")
                if keep is not None:
                    pair = {"game": game, "deal": i, "record": record, "twin": other, "swapped": swapped}
                    keep.append(pair)
            problems += parted
            problems += scan_messages(second, other, 0)
            twins += 1
            twin_messages += len(first) + len(second)
        findings += len(problems)
        examples += problems[: max(0, 5 - len(examples))]
        print(f"\r{game}: {i + 1}/{deals}", end="", file=sys.stderr)
    print(file=sys.stderr)
    return {"deals": deals, "messages": messages, "twin_deals": twins, "twin_messages": twin_messages,
            "findings": findings, "examples": examples}


def replay(client: TestClient, pairs: list[dict[str, Any]]) -> dict[str, object]:
    """Play each kept twin pair again at fresh live tables: which still part, and where."""
    parted = []
    for pair in pairs:
        masked = dict.fromkeys(pair["swapped"])
        a = stream(play_scripted(client, pair["record"]), masked)
        b = stream(play_scripted(client, pair["twin"]), masked)
        if differences(a, b):
            parted.append(f"{pair['game']} deal {pair['deal']}: {first_difference(a, b)}")
    return {"pairs": len(pairs), "parted_again": len(parted), "examples": parted[:10]}


def timing(folder: Path, args: argparse.Namespace) -> dict[str, Any]:
    """The timing check of the human's own windows over ``args.timing_deals`` paced deals a game."""
    with pytest.MonkeyPatch.context() as patch:
        if args.plant:
            plant_per_answer_stores(patch, args.commit_ms)
        config = web_config(folder / "timing.db", claim_timeout=600.0, ai_delay=args.step_ms / 1000)
        gaps = []
        with TestClient(create_app(config)) as client:
            for game in game_names():
                for i in range(args.timing_deals):
                    gaps += window_gaps(client, game, args.seed + i)
                    print(f"\r{game} paced: {i + 1}/{args.timing_deals}", end="", file=sys.stderr)
                print(file=sys.stderr)
    return {"plant": args.plant, "step_ms": args.step_ms, **timing_report(gaps)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per game (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the first human's seed (default 1)")
    parser.add_argument("--findings", type=Path, help="write each twin pair whose streams part here (JSON)")
    parser.add_argument("--replay", type=Path, help="instead: play the pairs of a --findings file again")
    parser.add_argument("--timing-deals", type=int, default=0,
                        help="paced deals per game for the timing check of the human's windows (default 0)")
    parser.add_argument("--step-ms", type=float, default=250.0,
                        help="the paced tables' step unit, ai_delay (default 250, the site's)")
    parser.add_argument("--plant", choices=["per-answer-stores"], help="plant the old timing channel")
    parser.add_argument("--commit-ms", type=float, default=1.4,
                        help="what each planted commit costs (default 1.4, a disk's sync)")
    args = parser.parse_args()
    kept: list[dict[str, Any]] = []
    started = time.monotonic()
    report: dict[str, object] = {"channels": list(CHANNELS)}
    with tempfile.TemporaryDirectory() as folder:
        config = web_config(Path(folder) / "leakscan.db", claim_timeout=600.0)
        with TestClient(create_app(config)) as client:
            if args.replay is not None:
                report["replay"] = replay(client, json.loads(args.replay.read_text()))
            else:
                for game in game_names():
                    if args.deals:
                        report[game] = scan_game(client, game, args.deals, args.seed, kept)
        if args.timing_deals:
            report["windows"] = timing(Path(folder), args)
    report["seconds"] = round(time.monotonic() - started, 1)
    if args.findings is not None:
        args.findings.write_text(json.dumps(kept))
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
