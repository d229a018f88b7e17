"""The table's scoring data agrees with the engines: the end panel's per-group values add up to the
result's score, and the Win button's total is what the win then scores."""

from __future__ import annotations

from typing import Any

import pytest

from cardavia.ai import make_agent, observe
from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng
from cardavia.web import i18n
from cardavia.web.live.scoring import group_table, win_value

DEALS = 60


def _deals(game: str) -> list[tuple[Any, dict[str, Any] | None, int | None]]:
    """Seeded deals between easy players who always win when they can: (result, the preview of the
    winner's Win button, or ``{"automatic": True}`` when he won without one, winner seat)."""
    spec = get_spec(game)
    out = []
    for seed in range(DEALS):
        deal = spec.new_game(seed)
        rng = Rng(seed)
        agents = [make_agent(game, "easy") for _ in range(spec.seats)]
        previews: dict[int, dict[str, Any] | None] = {}
        while (decision := deal.decision()) is not None:
            seat = decision.seats[0]
            legal = deal.legal_actions(seat)
            if "win" in legal:
                previews[seat] = win_value(game, deal.view(seat), seat)
                action = "win"
            else:
                action = agents[seat].act(observe(deal, seat), rng)
            deal.apply(seat, action)
        result = deal.view(None)["result"]
        winner = result["winner"]
        out.append((result, previews.get(winner, {"automatic": True}), winner))
    return out


@pytest.mark.parametrize("game", game_names())
def test_group_values_add_up_to_the_score_and_wins_are_previewed(game: str) -> None:
    table = group_table(game)
    wins = 0
    for result, preview, winner in _deals(game):
        if winner is None:
            continue
        wins += 1
        assert sum(table[g]["value"] for g in result["groups"]) == result["score"], result
        if preview == {"automatic": True}:  # a forced take that wins, or a tianhu: no Win button
            continue
        assert preview is not None, result
        if game == "sisepai":
            assert preview["score"] == result["score"]
        else:
            assert (preview["huxi"], preview["tun"]) == (result["score"], result["tun"])
        assert sorted(preview["groups"]) == sorted(result["groups"])
    assert wins >= 10


def test_group_names_are_glossary_terms_in_the_page_language() -> None:
    token = i18n.set_language("cs")
    try:
        sisepai, paohuzi = group_table("sisepai"), group_table("paohuzi")
    finally:
        i18n._current.reset(token)
    assert sisepai["RC RH RN"] == {"name": "Polní skupina (车马炮)", "value": 1}
    assert sisepai["RS YS WS GS"]["value"] == 2
    assert sisepai["F1"]["value"] == 3 and sisepai["RG"]["value"] == 1
    assert paohuzi["chi b1 b2 b3"] == {"name": "1-2-3 (一二三)", "value": 6}
    assert paohuzi["kan s6 s6 s6"]["value"] == 3 and paohuzi["ti b4 b4 b4 b4"]["value"] == 12
