"""Every event the engines emit reads as words in the table's log (static/table/logbook.js): each
kind has its case there, every message key the log and the dock use exists, every reason code and
priority rule the engines give has its sentence, and all of them are translated."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardavia.ai import make_agent, observe
from cardavia.engine.game import Event
from cardavia.engine.reasons import CODES, FINER
from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng
from cardavia.web.pages.messages import every_table_message, game_messages, table_messages

TABLE_MESSAGES = every_table_message()

LANGS = ("en", "es", "da", "cs", "zh")
DEALS = 40
STATIC = Path(__file__).resolve().parents[2] / "src" / "cardavia" / "web" / "static"
LOGBOOK = (STATIC / "table" / "logbook.js").read_text(encoding="utf-8")
SCRIPTS = "\n".join(p.read_text(encoding="utf-8") for p in sorted(STATIC.rglob("*.js")))
# The reasons a seat can be told it could not take a card (not those of an action it sent).
NOT_WHY_NOT = {"deal_over", "not_asked", "wrong_step", "not_in_hand", "not_a_group", "cannot_discard"}
RULES = ("drawer_win", "win", "identical", "drawer_group", "pao_peng", "nearer")


def events_of_deals(game: str) -> list[Event]:
    """Every event of ``DEALS`` seeded deals between easy players (they claim, pass and win)."""
    spec = get_spec(game)
    seen: list[Event] = []
    for seed in range(DEALS):
        deal = spec.new_game(seed)
        seen += deal.opening_events()
        agents = [make_agent(game, "easy") for _ in range(spec.seats)]
        rng = Rng(seed)
        while (decision := deal.decision()) is not None:
            seat = decision.seats[0]
            seen += deal.apply(seat, agents[seat].act(observe(deal, seat), rng))
    return seen


@pytest.mark.parametrize("game", game_names())
def test_every_event_kind_has_its_case_in_the_log(game: str) -> None:
    kinds = {e.kind.split(".", 1)[1] for e in events_of_deals(game)}
    assert {"deal", "draw", "discard", "dead", "window", "resolve", "end"} <= kinds
    cases = set(re.findall(r'case "(\w+)":', LOGBOOK))
    assert kinds <= cases, f"the log has no words for {sorted(kinds - cases)}"


GAME_KEY = r"`(\w+)\.\$\{(?:this\.)?game\}((?:\.[\w]+)*)`"


def _keys_in_scripts() -> set[str]:
    """Every message key the scripts name, literally or as `prefix.${game}.rest` for every game."""
    found = set(
        re.findall(
            r'["\'`]((?:log|reason|priority|caption|prompt|action|button|end|table|badge|seat|'
            r'window|hand|value|bar|title|group|card|event|hint|waits|friends)\.[\w.]+)["\'`]',
            SCRIPTS,
        )
    )
    for prefix, rest in re.findall(GAME_KEY, SCRIPTS):
        found |= {f"{prefix}.{g}{rest}" for g in game_names()}
    return {k for k in found if not k.endswith(".")}


def test_every_key_the_scripts_use_has_a_message() -> None:
    """A literal key exists; a game's key formed outside the log's events (prompts, captions,
    labels) exists for every game; one formed by the log for an event (`log.${game}.take`) exists
    for at least one game, as only the games that have that event reach its case."""
    in_log = {f"{prefix}.{g}{rest}" for prefix, rest in re.findall(GAME_KEY, LOGBOOK) for g in game_names()}
    keys = _keys_in_scripts()
    assert len(keys) > 60, keys
    missing = sorted(k for k in keys - in_log if k not in TABLE_MESSAGES)
    assert missing == [], missing
    for prefix, rest in re.findall(GAME_KEY, LOGBOOK):
        assert any(f"{prefix}.{g}{rest}" in TABLE_MESSAGES for g in game_names()), f"{prefix}.<game>{rest}"


def test_every_message_is_used_by_the_scripts() -> None:
    """No message lies unused: each key is named by the scripts, literally or under a prefix they
    complete at run time (`caption.${game}.${window}`, `reason.${code}`)."""
    literal = _keys_in_scripts()
    prefixes = set(re.findall(r"`((?:[a-z_]+\.)+)\$\{", SCRIPTS))
    used = literal | {f"{key}.you" for key in literal}  # Words.about picks a key's you-form
    unused = sorted(
        key for key in TABLE_MESSAGES
        if key not in used and not any(key.startswith(p) for p in prefixes) and not key.startswith("error.")
    )  # fmt: skip
    assert unused == [], unused


def test_every_why_not_reason_and_priority_rule_has_its_sentence() -> None:
    for code in (*CODES, *FINER):
        if code not in NOT_WHY_NOT:
            assert f"reason.{code}" in TABLE_MESSAGES, code
    for role in ("owner", "drawer", "next", "other"):
        assert f"reason.role_forbids.{role}" in TABLE_MESSAGES, role
    for rule in RULES:
        assert f"priority.{rule}" in TABLE_MESSAGES, rule


def test_a_seats_own_message_has_its_you_form_with_the_same_placeholders_but_seat() -> None:
    for key, text in TABLE_MESSAGES.items():
        if key.endswith(".you") and key != "seat.you":  # "seat.you" is the name "You" itself
            plain = TABLE_MESSAGES[key.removesuffix(".you")]
            assert set(re.findall(r"{(\w+)}", text)) == set(re.findall(r"{(\w+)}", plain)) - {"seat"}, key


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("lang", LANGS)
def test_every_table_message_is_translated(lang: str, game: str) -> None:
    english = table_messages("en", game)
    local = table_messages(lang, game)
    same_everywhere = {"{kind}", "{action}", "{terms} = {total}", "{huxi} → {tun}", "{huxi}, {tun}",
                       "{kind}: {cards}", "Chi", "Peng", "Pao", "Huxi", "bi (比)"}  # fmt: skip
    for key in game_messages(game):
        assert local[key], key
        if (
            lang != "en"
            and english[key] not in same_everywhere
            and key.split(".")[0] in ("log", "reason", "priority")
        ):
            assert local[key] != english[key], f"{key} is not translated into {lang}"


# What each hint reason (cardavia.ai.hints, ``hint.<key>``) says with its params: a plain message,
# or a plural one whose number is the param named here (its other params stay placeholders).
HINT_WORDS: dict[str, tuple[str | None, set[str]]] = {
    "win": (None, set()),
    "only": (None, set()),
    "discard_safe": (None, {"card"}),
    "ready": ("outs", set()),
    "claim_closer": ("after", {"before"}),
    "pass_keeps": ("missing", set()),
    "discard_least": ("missing", {"card"}),
}
# The table's own wording of a ``claim_closer`` that brings the hand no closer (a plural, ``no_closer``).
HINT_VARIANTS: dict[str, tuple[str | None, set[str]]] = {"no_closer": ("after", set())}


def test_every_hint_reason_the_ai_gives_has_words() -> None:
    from cardavia.ai import hints

    documented = set(re.findall(r"^\* ``(\w+)``", hints.__doc__ or "", re.M))
    assert documented == set(HINT_WORDS), documented ^ set(HINT_WORDS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_hint_reason_is_a_whole_sentence_in_every_language(lang: str) -> None:
    english = table_messages("en", "sisepai")
    local = table_messages(lang, "sisepai")
    for code, (number, names) in {**HINT_WORDS, **HINT_VARIANTS}.items():
        key = code if code in HINT_VARIANTS else f"hint.{code}"
        forms = [local[key]] if number is None else list(local[f"plural.{key}"].values())
        for text in forms:
            wanted = names | ({"n"} if number else set())
            assert set(re.findall(r"{(\w+)}", text)) == wanted, (lang, key, text)
            assert text[0].isupper() or lang == "zh", (lang, key, text)  # a sentence starts with a capital
            assert text.rstrip()[-1] in ".。", (lang, key, text)
        if lang != "en":
            plain = english[key] if number is None else english[f"plural.{key}"]["one"]
            assert forms[0] != plain, (lang, key)
