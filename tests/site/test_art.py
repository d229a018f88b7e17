"""Card art: every card of both games has a picture with its character, and the sprites are current."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cardavia.web.pages import art

SVG = "{http://www.w3.org/2000/svg}"
# records-and-cli.md section 1, canonical order
SISEPAI = [c + r for c in "RYWG" for r in "GAECHNS"] + ["F1", "F2", "F3", "F4", "F5"]
PAOHUZI = [f"s{n}" for n in range(1, 11)] + [f"b{n}" for n in range(1, 11)]
# rules/sisepai.md 1.4 and rules/paohuzi.md 1.2
CHARACTERS = {
    "sisepai": dict(zip(SISEPAI, "帥仕相俥傌炮兵" * 2 + "將士象車馬包卒" * 2 + "公侯伯子男", strict=True)),
    "paohuzi": dict(zip(PAOHUZI, "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾", strict=True)),
}


def test_codes_follow_the_canonical_order() -> None:
    assert art.codes("sisepai") == SISEPAI
    assert art.codes("paohuzi") == PAOHUZI


@pytest.mark.parametrize("game", art.games())
def test_every_card_has_a_symbol_with_its_character_marked_as_chinese(game: str) -> None:
    root = ET.fromstring(art.sprite(game))
    symbols = {s.get("id"): s for s in root.iter(f"{SVG}symbol")}
    assert set(symbols) == {f"{game}-{code}" for code in [*CHARACTERS[game], "back"]}
    for code, char in CHARACTERS[game].items():
        texts = list(symbols[f"{game}-{code}"].iter(f"{SVG}text"))
        chinese = [t for t in texts if t.get("lang") == "zh-Hans"]
        assert [t.text for t in chinese] == [char], code
        assert "Noto Serif CJK SC" in (chinese[0].get("font-family") or "")


def test_paohuzi_two_seven_ten_are_red_and_the_rest_are_not() -> None:
    root = ET.fromstring(art.sprite("paohuzi"))
    for symbol in root.iter(f"{SVG}symbol"):
        code = symbol.get("id", "").removeprefix("paohuzi-")
        if code == "back":
            continue
        fill = next(t for t in symbol.iter(f"{SVG}text") if t.get("lang") == "zh-Hans").get("fill")
        assert (fill == "#c0161d") == (int(code[1:]) in {2, 7, 10}), code


def test_small_and_big_paohuzi_cards_differ_beyond_the_character() -> None:
    # a big card has a second (inner) frame; both show the number in digits
    for n in range(1, 11):
        small, big = art.symbol("paohuzi", f"s{n}"), art.symbol("paohuzi", f"b{n}")
        assert small.count("<rect") == 1 and big.count("<rect") == 2
        assert f">{n}</text>" in small and f">{n}</text>" in big


def test_sisepai_colours_sharing_characters_look_different() -> None:
    # red/yellow print the same characters, as do white/green: the symbols must still differ
    for rank in "GAECHNS":
        assert art.symbol("sisepai", "R" + rank).split(">", 1)[1] != art.symbol("sisepai", "Y" + rank).split(
            ">", 1
        )[1]
        assert art.symbol("sisepai", "W" + rank).split(">", 1)[1] != art.symbol("sisepai", "G" + rank).split(
            ">", 1
        )[1]


@pytest.mark.parametrize("game", art.games())
def test_static_sprites_are_the_generated_ones(game: str) -> None:
    path = art.STATIC_CARDS / f"{game}.svg"
    assert path.read_text(encoding="utf-8") == art.sprite(game), "run: python -m cardavia.web.pages.art"


@pytest.mark.parametrize("game", art.games())
def test_every_card_has_a_distinct_english_name(game: str) -> None:
    names = art.card_names(game, lambda s: s)
    assert list(names) == art.codes(game)
    assert len(set(names.values())) == len(names)
    assert all(re.fullmatch(r"[A-Za-z ]+", n) for n in names.values())


def test_card_svg_names_the_card_and_points_into_the_sprite() -> None:
    svg = art.card_svg("sisepai", "RH", "red <Horse>")
    root = ET.fromstring(svg)
    assert root.get("role") == "img" and root.get("aria-label") == "red <Horse>"
    use = root.find(f"{SVG}use") if root.find(f"{SVG}use") is not None else root.find("use")
    assert use is not None and use.get("href") == "/static/cards/sisepai.svg#sisepai-RH"
