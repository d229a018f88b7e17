"""In-page checks run with ``page.evaluate``: missing glyphs, text overflowing its box, settings."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

from playwright.sync_api import Browser, Page

HERE = Path(__file__).resolve().parent


@contextmanager
def phone_page(browser: Browser, server: str, lang: str) -> Iterator[Page]:
    """A page on a 360-pixel-wide screen whose chosen language (cookie) is ``lang``."""
    ctx = browser.new_context(viewport={"width": 360, "height": 780}, locale="en-GB")
    try:
        ctx.add_cookies([{"name": "lang", "value": lang, "url": server}])
        yield ctx.new_page()
    finally:
        ctx.close()


def _script(name: str) -> str:
    """A function's source for ``page.evaluate`` (its leading comment lines dropped)."""
    lines = (HERE / name).read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.startswith("//"))


_GLYPHS_JS = _script("glyphs.js")
_OVERFLOW_JS = _script("overflow.js")

CJK_FONT = "normal 700 48px 'Noto Serif CJK SC','Source Han Serif SC','Songti SC','STSong','SimSun',serif"


def missing_glyphs(page: Page, extra: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """``{"checked": n, "missing": [...]}`` for the page's visible text plus ``extra`` (font, text)."""
    result: dict[str, Any] = page.evaluate(_GLYPHS_JS, extra or [])
    return result


def overflowing(page: Page) -> list[str]:
    """Descriptions of the controls whose text overflows them, and of a too-wide page."""
    result: list[str] = page.evaluate(_OVERFLOW_JS)
    return result


def page_style(page: Page) -> dict[str, str]:
    """The computed look of the whole page: the paper, the header, the felt, the grain layers."""
    result: dict[str, str] = page.evaluate(
        """() => {
          const felt = document.querySelector(".felt");
          return {paper: getComputedStyle(document.body).backgroundColor,
                  ink: getComputedStyle(document.body).color,
                  header: getComputedStyle(document.querySelector(".site-header")).backgroundImage,
                  felt: getComputedStyle(felt).backgroundColor,
                  grain: getComputedStyle(document.body, "::before").opacity,
                  feltGrain: getComputedStyle(felt, "::before").opacity};
        }"""
    )
    return result


_INK_JS = """async ([shot, boxes]) => {
  const blob = await (await fetch("data:image/png;base64," + shot)).blob();
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(bitmap, 0, 0);
  const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
  return boxes.map((b) => {
    const pixels = [];
    for (let y = Math.ceil(b.y + b.height * 0.12); y < b.y + b.height * 0.88; y += 1) {  // inside: no edge
      for (let x = Math.ceil(b.x + b.width * 0.15); x < b.x + b.width * 0.85; x += 1) {
        const i = (y * bitmap.width + x) * 4;
        pixels.push([data[i], data[i + 1], data[i + 2]]);
      }
    }
    const light = (p) => p[0] * 0.3 + p[1] * 0.59 + p[2] * 0.11;
    pixels.sort((p, q) => light(p) - light(q));
    const dark = pixels.slice(0, Math.max(1, Math.floor(pixels.length * 0.15)));
    return [0, 1, 2].map((c) => dark.reduce((sum, p) => sum + p[c], 0) / dark.length);
  });
}"""


def ink_colours(page: Page, selector: str) -> list[tuple[float, float, float]]:
    """The ink of each card matching ``selector`` as drawn on screen: the mean sRGB colour of the
    darkest 15 % of the pixels inside it (its character), from one screenshot of the viewport."""
    import base64

    boxes = [card.bounding_box() for card in page.locator(selector).all()]
    clip = {"x": min(b["x"] for b in boxes) - 2, "y": min(b["y"] for b in boxes) - 2,
            "width": max(b["x"] + b["width"] for b in boxes) - min(b["x"] for b in boxes) + 4,
            "height": max(b["y"] + b["height"] for b in boxes) - min(b["y"] for b in boxes) + 4}  # fmt: skip
    inside = [{**b, "x": b["x"] - clip["x"], "y": b["y"] - clip["y"]} for b in boxes]
    shot = base64.b64encode(page.screenshot(clip=cast(Any, clip))).decode()
    colours: list[list[float]] = page.evaluate(_INK_JS, [shot, inside])
    return [(c[0], c[1], c[2]) for c in colours]


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """The CIE76 colour difference of two sRGB colours (0-255 channels)."""
    return float(sum((x - y) ** 2 for x, y in zip(_lab(a), _lab(b), strict=True)) ** 0.5)


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)
