"""The small charts of the player's page, as SVG drawn on the server.

Each is readable without colour (marks, labels and a zero line, not hues), carries a ``<title>``
and ``<desc>`` for screen readers, and repeats numbers the page's tables also give in words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape

from cardavia.web.i18n import gettext as _

WIDTH, HEIGHT, PAD = 320, 120, 24


def _svg(ident: str, title: str, desc: str, body: str, height: float = HEIGHT) -> Markup:
    return Markup(
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height:.0f}" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(desc)}</desc>{body}</svg>'
    )


def par_chart(values: Sequence[float]) -> Markup | None:
    """Score above par of each deal, oldest first, as bars about a zero line (None without values)."""
    if not values:
        return None
    top = max(1.0, max(abs(v) for v in values))
    step = (WIDTH - 2 * PAD) / len(values)
    mid = HEIGHT / 2
    bars = []
    for i, value in enumerate(values):
        h = abs(value) / top * (mid - PAD / 2)
        y = mid - h if value >= 0 else mid
        x = PAD + i * step
        bars.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{max(1.0, step - 2):.1f}" height="{h:.1f}" '
                    f'class="{"up" if value >= 0 else "down"}"/>')
    zero = f'<line x1="{PAD}" x2="{WIDTH - PAD}" y1="{mid}" y2="{mid}" class="zero"/>'
    labels = (f'<text x="2" y="{PAD / 2 + 4:.0f}" class="label">+{top:g}</text>'
              f'<text x="2" y="{HEIGHT - 4}" class="label">−{top:g}</text>'
              f'<text x="2" y="{mid + 4:.0f}" class="label">0</text>')
    mean = sum(values) / len(values)
    title = _("Score above par, deal by deal")
    desc = _("%(num)d deals, oldest first; mean %(mean)s. Bars above the line beat par.") % {
        "num": len(values), "mean": f"{mean:+.2f}"}
    return _svg("par-chart", title, desc, zero + "".join(bars) + labels)


def win_chart(
    games: Mapping[str, Mapping[str, Mapping[str, Any]]], label: Callable[[str, str], str]
) -> Markup | None:
    """Win share per game and difficulty with its 95% interval (a dot on a whisker), each line
    named by ``label(game, difficulty)``."""
    rows = [(g, d, s) for g, by in games.items() for d, s in by.items() if s["deals"]]
    if not rows:
        return None
    line = 22
    height = PAD + line * len(rows)
    marks = []
    scale = WIDTH - PAD - 90 - 40  # room on the right for "100%"
    for i, (game, difficulty, stats) in enumerate(rows):
        y = PAD + i * line
        lo, hi = stats["win_interval"]
        x0 = 90 + PAD
        marks.append(
            f'<text x="2" y="{y + 4}" class="label">{escape(label(game, difficulty))}</text>'
            f'<line x1="{x0 + lo * scale:.1f}" x2="{x0 + hi * scale:.1f}" y1="{y}" y2="{y}" class="whisker"/>'
            f'<circle cx="{x0 + stats["win_share"] * scale:.1f}" cy="{y}" r="4" class="dot"/>'
            f'<text x="{x0 + scale + 4:.1f}" y="{y + 4}" class="label">{stats["win_share"] * 100:.0f}%</text>'
        )
    axis = f'<line x1="{90 + PAD}" x2="{90 + PAD + scale}" y1="{height - 8}" y2="{height - 8}" class="zero"/>'
    title = _("Share of deals won")
    desc = _("Each line is a game at a difficulty: the dot is the share won, the whisker its 95% interval.")
    return _svg("win-chart", title, desc, "".join(marks) + axis, height)
