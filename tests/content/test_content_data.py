"""Glossary, catalogue and examples data: complete in every language, well formed."""

from __future__ import annotations

import re

import pytest

from cardavia.content import GAMES, LANGS, load_catalogue, load_examples, load_glossary, term
from cardavia.engine.registry import get_spec

HAN = re.compile(r"[\u4e00-\u9fff]")


def test_every_glossary_term_has_all_five_languages_non_empty() -> None:
    glossary = load_glossary()
    assert len(glossary) >= 50
    for key, entry in glossary.items():
        assert key.split(".")[0] in GAMES, key
        assert set(entry) == set(LANGS), key
        for lang in LANGS:
            assert entry[lang].strip() == entry[lang] and entry[lang], (key, lang)


SISEPAI_TERMS = [
    "general",
    "advisor",
    "elephant",
    "chariot",
    "horse",
    "cannon",
    "soldier",
    "flower",
    "red",
    "yellow",
    "white",
    "green",
    "command_group",
    "field_group",
    "three_soldiers",
    "four_soldiers",
    "pair",
    "triple",
    "quad",
    "single_general",
    "drawer",
    "next_player",
    "other_players",
    "take",
    "discard",
    "win",
    "draw",
    "stock",
]
PAOHUZI_TERMS = [
    "small",
    "big",
    "chi",
    "peng",
    "wei",
    "pao",
    "ti",
    "kan",
    "huxi",
    "tun",
    "bi",
    "chou",
    "dead_hand",
    "tianhu",
    "reveal",
    "stock",
    "pair",
]


@pytest.mark.parametrize(
    "key", [f"sisepai.{k}" for k in SISEPAI_TERMS] + [f"paohuzi.{k}" for k in PAOHUZI_TERMS]
)
def test_required_terms_exist(key: str) -> None:
    assert key in load_glossary()


CHINESE_TERMS = [
    *(f"paohuzi.{k}" for k in ("chi", "peng", "wei", "pao", "ti", "kan", "huxi", "tun", "bi", "chou")),
    *(f"paohuzi.{k}" for k in ("dead_hand", "tianhu", "small", "big", "mixed", "one_two_three")),
    "sisepai.command_group",
    "sisepai.field_group",
]


@pytest.mark.parametrize("key", CHINESE_TERMS)
def test_chinese_terms_keep_their_characters_in_every_language(key: str) -> None:
    entry = load_glossary()[key]
    chars = set(HAN.findall(entry["zh"]))
    assert chars
    for lang in LANGS:
        assert chars <= set(HAN.findall(entry[lang])), (key, lang)


def test_term_falls_back_to_english_only_for_unknown_languages() -> None:
    assert term("paohuzi.chi", "zh") == "吃"
    assert term("paohuzi.chi", "xx") == load_glossary()["paohuzi.chi"]["en"]


def test_catalogue_is_complete_for_both_games_and_all_languages() -> None:
    catalogue = load_catalogue()
    assert set(catalogue) == set(GAMES)
    assert (catalogue["sisepai"]["native_name"], catalogue["paohuzi"]["native_name"]) == ("四色牌", "跑胡子")
    assert (catalogue["sisepai"]["cards"], catalogue["sisepai"]["players"]) == (117, 4)
    assert (catalogue["paohuzi"]["cards"], catalogue["paohuzi"]["players"]) == (80, 3)
    for game, entry in catalogue.items():
        assert re.fullmatch(r"https://[a-z]+\.wikipedia\.org/wiki/\S+", entry["wikipedia"]), game
        for field in ("name", "origin", "description"):
            assert set(entry[field]) == set(LANGS), (game, field)
            for lang in LANGS:
                assert entry[field][lang].strip(), (game, field, lang)
        assert "·" in entry["origin"]["en"]
        # each description is one line of its own language, not a copy of the English one
        for lang in LANGS:
            assert "\n" not in entry["description"][lang]
            if lang != "en":
                assert entry["description"][lang] != entry["description"]["en"], (game, lang)


def test_examples_are_well_formed() -> None:
    examples = load_examples()
    assert examples
    for example_id, example in examples.items():
        game = example["game"]
        assert example_id.startswith(game + "."), example_id
        query, expect = example["query"], example["expect"]
        cards = query["hand"].split() + ([query["new"]] if "new" in query else [])
        for group in query.get("exposed", []):
            cards += group.split()
        for meld in query.get("melds", []):
            cards += meld.split()[1:]
        assert all(c in get_spec(game).deck.codes for c in cards), example_id
        assert isinstance(expect["complete"], bool)
        if game == "paohuzi":
            assert query.get("from") in ("own", "other")
            assert expect["win"] == (expect["complete"] and expect["huxi"] >= 15)
            assert {"complete", "huxi", "win", "tun"} <= set(expect)
        else:
            assert {"complete", "score"} <= set(expect)
