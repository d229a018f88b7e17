"""Every event the engines emit reads as a sentence in the table's log: it has a message in every
language (or is one of the silent steps), and the message names only params the event carries."""

from __future__ import annotations

import re

import pytest

from cardavia.ai import make_agent, observe
from cardavia.engine.game import Event
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng
from cardavia.web.messages import SILENT_EVENTS, TABLE_MESSAGES, table_messages

LANGS = ("en", "es", "da", "cs", "zh")
DEALS = 40


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


@pytest.mark.parametrize("game", ["sisepai", "paohuzi"])
def test_every_event_has_a_message_naming_only_its_params(game: str) -> None:
    events = events_of_deals(game)
    kinds = {e.kind for e in events}
    assert len(kinds) >= 6, kinds  # the deals reach claims, discards and an end
    for event in events:
        if event.kind in SILENT_EVENTS:
            continue
        key = f"event.{event.kind}"
        assert key in TABLE_MESSAGES, f"{event.kind} would show as its bare key"
        for variant in (key, f"{key}.you"):
            if variant in TABLE_MESSAGES:
                names = set(re.findall(r"{(\w+)}", TABLE_MESSAGES[variant]))
                assert names <= set(event.params), (variant, names, dict(event.params))


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_message_is_translated(lang: str) -> None:
    english = table_messages("en", "paohuzi")
    local = table_messages(lang, "paohuzi")
    for key in TABLE_MESSAGES:
        if key.startswith("event.") and key != "event.generic":
            assert local[key], key
            if lang != "en":
                assert local[key] != english[key], f"{key} is not translated into {lang}"
