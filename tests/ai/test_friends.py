"""Discard tie-breaks by card company: who counts as a friend, and normal's use of it."""

from __future__ import annotations

from cardavia.ai import observe
from cardavia.ai.agent import Observation
from cardavia.ai.paohuzi import agents as pa
from cardavia.ai.sisepai import agents as sa
from cardavia.engine.cards import Deck
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import DECK as PDECK
from cardavia.games.sisepai.cards import DECK as SDECK


def counts(deck: Deck, codes: str) -> list[int]:
    return deck.counts(deck.parse_list(codes.split()))


def test_sisepai_friends_are_copies_trio_mates_and_other_soldiers() -> None:
    hand = counts(SDECK, "RC RH RH RN YC RS YS WS WS GA RG RA RE")
    assert sa.friends(hand, SDECK.card("RC")) == 3  # RH RH RN; YC is another colour
    assert sa.friends(hand, SDECK.card("RH")) == 2 + 2  # its copy counts double, then RC RN
    assert sa.friends(hand, SDECK.card("YC")) == 0
    assert sa.friends(hand, SDECK.card("RS")) == 3  # YS WS WS
    assert sa.friends(hand, SDECK.card("WS")) == 2 + 2  # its copy, then RS YS
    assert sa.friends(hand, SDECK.card("RA")) == 2  # RG RE
    assert sa.friends(hand, SDECK.card("GA")) == 0


def test_paohuzi_friends_are_copies_runs_other_size_and_2_7_10() -> None:
    free = counts(PDECK, "s2 s3 s7 b2 b9 s9 s9")
    assert pa.friends(free, PDECK.card("s2")) == 3  # s3, s7 (2-7-10) and b2 (mixed)
    assert pa.friends(free, PDECK.card("s9")) == 2 + 2  # its copy, then s7 (7-8-9) and b9
    assert pa.friends(free, PDECK.card("b2")) == 1  # s2


def _discard_positions(wanted: int) -> list[tuple[Observation, list[tuple[float, str]]]]:
    spec = get_spec("paohuzi")
    agent = pa.NormalAgent()
    found: list[tuple[Observation, list[tuple[float, str]]]] = []
    deal = 0
    while len(found) < wanted:
        game = spec.new_game(300 + deal)
        deal += 1
        step = 0
        while (decision := game.decision()) is not None:
            seat = decision.seats[0]
            obs = observe(game, seat)
            if obs.legal[0].startswith("discard") and len(obs.legal) > 2:
                found.append((obs, agent.scores(obs)))
            game.apply(seat, agent.act(obs, Rng(step)))
            step += 1
    return found


def test_paohuzi_normal_scores_a_discard_lower_by_its_friends() -> None:
    for obs, scored in _discard_positions(5):
        sit = pa.situation(obs)
        for score, action in scored:
            k = PDECK.card(action.split()[1])
            plain = pa.hand_value(pa.without(sit.holding, k), sit) - pa.danger(k, sit)
            assert abs(plain - score - pa.FRIEND_TIE * pa.friends(sit.holding.free, k)) < 1e-9
