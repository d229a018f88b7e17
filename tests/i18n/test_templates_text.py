"""No template carries user-facing words outside the message catalogue (a plain HTML text scan)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "src" / "cardavia" / "web" / "templates"
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
WORDY = re.compile(r"[^\W\d_]{2,}")  # two letters in a row, in any script
# proper names that read the same in every language
ALLOWED = {"Cardavia"}
TEXT_ATTRIBUTES = {"title", "alt", "aria-label", "placeholder", "label", "aria-description"}


class TextScan(HTMLParser):
    """Collects text nodes and user-facing attribute values, outside <script> and <style>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str]] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style"}:
            self._skip += 1
        shown_value = tag == "input" and dict(attrs).get("type") in {"submit", "button", "reset"}
        for name, value in attrs:
            if value and (name in TEXT_ATTRIBUTES or (shown_value and name == "value")):
                self.found.append((f"<{tag} {name}>", value))

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style"}:
            self._skip = max(0, self._skip - 1)

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.found.append(("text", data))


def hard_coded_words(source: str) -> list[str]:
    scan = TextScan()
    scan.feed(JINJA.sub(" ", source))
    scan.close()
    words = []
    for where, text in scan.found:
        for word in WORDY.findall(text):
            if word not in ALLOWED:
                words.append(f"{word!r} in {where} {text.strip()[:60]!r}")
    return words


def templates() -> list[Path]:
    return sorted(TEMPLATES.rglob("*.html"))


def test_there_are_templates_to_scan() -> None:
    assert len(templates()) >= 4


@pytest.mark.parametrize("path", templates(), ids=lambda p: p.name)
def test_template_has_no_untranslated_text(path: Path) -> None:
    assert hard_coded_words(path.read_text(encoding="utf-8")) == []


def test_the_scan_finds_words_outside_gettext() -> None:
    assert hard_coded_words("<p>{{ _('Fine') }} Start a game</p>")
    assert hard_coded_words('<button title="Close">{{ _("x") }}</button>')
    assert hard_coded_words("<p>开始</p>")
    assert hard_coded_words('<input type="submit" value="Send">')
    assert not hard_coded_words('<input type="hidden" name="difficulty" value="normal">')
    assert not hard_coded_words("<p>{{ _('Start a game') }} · {{ n }}</p><script>let a = 'word';</script>")
    assert not hard_coded_words("<a href='/'>Cardavia</a>{# a comment in words #}")
