"""No sentence is assembled from pieces in code: the table script never glues translated words
together with ``+``, inside a template string or by joining them with a separator of its own (lists
go through the language's list format, ``Intl.ListFormat``), and the server's Python never glues
gettext results. Every sentence is one catalogue message with placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "cardavia" / "web"
# The table's scripts, and the review's (it words its replay with the table's modules).
SCRIPTS = sorted(
    [WEB / "static" / "table.js", WEB / "static" / "review.js", *(WEB / "static" / "table").glob("*.js")]
)
# What the table's words come out of (table/words.js): a message, a seat's or card's name, a count.
WORDS = (
    r"(?:\b(?:w|words|this\.words)\.(?:t|about|count|signed|seat|card|cards|list|value)"
    r"|\bt|\btn|\bseatName|\bcardNames?)\("
)
CONCAT = [
    ("a translated word glued with +", re.compile(rf"{WORDS}[^;\n]*\)\s*\+\s*[\w\"'`(]|\+\s*{WORDS}")),
    ("a translated word inside a template string", re.compile(rf"\$\{{\s*{WORDS}")),
    (
        "words joined with a separator of the script's own",
        re.compile(r"\.join\(\s*([\"'`])(?![ +]*\1)[^\"'`]*\1\s*\)"),
    ),
]
PYTHON = [
    ("gettext glued with +", re.compile(r"gettext\([^)]*\)\s*\+|\+\s*(?:i18n\.)?n?gettext\(")),
    ("gettext inside an f-string", re.compile(r"f([\"']).*\{[^}]*gettext\(")),
]


def _code(path: Path) -> str:
    """The script without its comments (they may show examples of what not to do)."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//", 1)[0] if "://" not in line else line for line in text.splitlines())


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_the_table_script_builds_no_sentence_from_pieces(path: Path) -> None:
    code = _code(path)
    found = [f"{what}: {m.group(0)!r}" for what, pattern in CONCAT for m in pattern.finditer(code)]
    assert found == []


@pytest.mark.parametrize("path", sorted(WEB.rglob("*.py")), ids=lambda p: p.name)
def test_the_server_builds_no_sentence_from_pieces(path: Path) -> None:
    code = path.read_text(encoding="utf-8")
    found = [f"{what}: {m.group(0)!r}" for what, pattern in PYTHON for m in pattern.finditer(code)]
    assert found == []


@pytest.mark.parametrize(
    "bad",
    [
        'const name = seatName(s) + (view.dealer === s ? ` · ${t("seat.dealer")}` : "");',
        'const cardNames = (codes) => codes.map(cardName).join(", ");',
        'label: [label, cardNames(codes)].filter(Boolean).join(": "),',
        'box.textContent = w.seat(s) + " " + w.t("badge.dealer");',
        'return `${w.card(code)} (${w.t("end.card")})`;',
    ],
)
def test_the_check_catches_glued_words(bad: str) -> None:
    """The patterns above find what the old table did ("New deal: You deals", "A, B, C")."""
    assert any(pattern.search(bad) for _what, pattern in CONCAT)


@pytest.mark.parametrize(
    "fine",
    [
        'const entry = ctx.groups[`${kind} ${codes.join(" ")}`];',
        'const sum = w.t("end.sum", { terms: values.map((v) => w.number(v)).join(" + ") });',
        'text: w.t("log.deal", { seat: w.seat(p.dealer) }),',
        'region.textContent = lines.join(" ");',
    ],
)
def test_the_check_lets_whole_messages_and_codes_be(fine: str) -> None:
    assert not any(pattern.search(fine) for _what, pattern in CONCAT)
