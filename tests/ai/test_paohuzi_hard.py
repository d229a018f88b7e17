"""The Paohuzi hard tier: planner values, its deadline, and what it does with them."""

from __future__ import annotations

import math

import pytest

from cardavia.ai import make_agent, observe
from cardavia.ai.agent import Observation
from cardavia.ai.paohuzi import hard as paohuzi_hard
from cardavia.ai.paohuzi.agents import Holding, NormalAgent, Situation, situation
from cardavia.ai.paohuzi.plan import Planner
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi.cards import DECK, KINDS

from .test_hard import FakeClock


def positions(count: int, choices: int = 2) -> list[Observation]:
    """Observations of deals played by normal where a seat has at least ``choices`` actions."""
    spec = get_spec("paohuzi")
    mover = make_agent("paohuzi", "normal")
    found: list[Observation] = []
    deal = 0
    while len(found) < count:
        game = spec.new_game(300 + deal)
        deal += 1
        step = 0
        while (decision := game.decision()) is not None and len(found) < count:
            seat = decision.seats[0]
            obs = observe(game, seat)
            if len(obs.legal) >= choices and "win" not in obs.legal and "tianhu" not in obs.legal:
                found.append(obs)
            game.apply(seat, mover.act(obs, Rng(step)))
            step += 1
    return found


def test_hard_is_the_planner_agent() -> None:
    assert isinstance(make_agent("paohuzi", "hard"), paohuzi_hard.PlannerAgent)


def test_every_action_is_valued_and_the_best_is_played() -> None:
    agent = paohuzi_hard.PlannerAgent()
    for obs in positions(12):
        scores = agent.scores(obs)
        assert sorted(a for _, a in scores) == sorted(obs.legal)
        assert all(-1.0 <= s <= 1.0 for s, _ in scores)  # chances, less small dangers and tie-breaks
        best = max(s for s, _ in scores)
        assert dict((a, s) for s, a in scores)[agent.act(obs, Rng(3))] == best


def test_a_deadline_already_past_gives_normals_choice_at_once() -> None:
    agent = paohuzi_hard.PlannerAgent()
    normal = make_agent("paohuzi", "normal")
    for obs in positions(8):
        assert agent.act(obs, Rng(5), deadline=0.0) == normal.act(obs, Rng(5))


def test_the_valuation_stops_at_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock(step=0.004)
    monkeypatch.setattr(paohuzi_hard.time, "monotonic", clock)  # type: ignore[attr-defined]  # a module's own import, patched or compared
    agent = paohuzi_hard.PlannerAgent()
    normal = make_agent("paohuzi", "normal")
    for obs in positions(6, choices=6):
        deadline = clock.now + 0.02  # room for a few holdings, not for six actions
        with pytest.raises(paohuzi_hard.Late):
            agent.scores(obs, deadline)
        assert clock.now <= deadline + clock.step
        assert agent.act(obs, Rng(1), clock.now + 0.02) == normal.act(obs, Rng(1))


def test_without_a_deadline_the_choice_is_deterministic() -> None:
    agent = paohuzi_hard.PlannerAgent()
    for obs in positions(6):
        assert agent.act(obs, Rng(9)) == agent.act(obs, Rng(9))


def test_refusing_a_claim_is_valued_with_the_chou_it_makes() -> None:
    agent = paohuzi_hard.PlannerAgent()
    normal = make_agent("paohuzi", "normal")
    assert isinstance(normal, NormalAgent)
    checked = hurt = 0
    for obs in positions(300):
        if "pass" not in obs.legal or not any(a == "peng" or a.startswith("chi ") for a in obs.legal):
            continue
        sit, h = situation(obs), situation(obs).holding
        assert sit.public is not None
        chou = frozenset(DECK.card(code) for code in obs.view["seats"][obs.seat]["chou"])
        dist = paohuzi_hard.gains(paohuzi_hard.triples("pass", sit), sit)
        after = paohuzi_hard.upgraded_chance(Planner(sit.unseen, sit.stock, chou | {sit.public}), h, dist)
        before = paohuzi_hard.upgraded_chance(Planner(sit.unseen, sit.stock, chou), h, dist)
        tie = dict((a, s) for s, a in normal.scores(obs))["pass"]
        scores = dict((a, s) for s, a in agent.scores(obs))
        assert scores["pass"] == pytest.approx(after + paohuzi_hard.TIE * tie)
        assert after <= before
        hurt += after < before
        checked += 1
    assert checked >= 10 and hurt >= 1


S1, S5, B1 = DECK.card("s1"), DECK.card("s5"), DECK.card("b1")


def seat_with(
    kans: tuple[int, ...], melds: tuple[tuple[str, int], ...], unseen: dict[int, int], stock: int = 30,
    public: int | None = None,
) -> Situation:
    """A situation with these kans and identical melds, ``unseen`` copies of some kinds (two of the
    others), 60 unseen cards in all, and ``public`` on offer."""
    counts = tuple(unseen.get(k, 2) for k in range(KINDS))
    holding = Holding(tuple(0 for _ in counts), kans, 7 - len(kans) - len(melds), 0, 0)
    return Situation(0, holding, counts, 60, stock, public, 1, "discard", melds)


def test_a_triple_may_become_a_four_only_while_its_fourth_copy_is_unseen() -> None:
    comes = 1.0 - math.exp(-paohuzi_hard.UPGRADE * 30 / 60)
    kan = paohuzi_hard.gains([("kan", S1)], seat_with((S1,), (), {S1: 1}))
    # a small kan (3 huxi) becomes a pao (6) on another seat's card, a ti (9) on the seat's own reveal
    assert kan == pytest.approx({0: 1 - comes, 3: comes * 2 / 3, 6: comes / 3})
    pengs = (("peng", S5), ("peng", B1))
    peng = paohuzi_hard.gains(list(pengs), seat_with((), pengs, {S5: 1, B1: 1}))
    # peng to pao: small 1 -> 6, big 3 -> 9
    stay = 1 - comes
    assert peng == pytest.approx({0: stay**2, 5: comes * stay, 6: comes * stay, 11: comes**2})
    assert paohuzi_hard.gains([("kan", S1)], seat_with((S1,), (), {S1: 0})) == {0: 1.0}
    last = paohuzi_hard.gains([("kan", S1)], seat_with((S1,), (), {S1: 1}, stock=0))
    assert last == pytest.approx({0: 1.0, 3: 0.0, 6: 0.0})


def test_the_triples_that_may_grow_follow_the_claim() -> None:
    sit = seat_with((S1,), (("wei", S5), ("pao", B1)), {}, public=S5)
    assert paohuzi_hard.triples("discard s2", sit) == [("kan", S1), ("wei", S5)]
    assert paohuzi_hard.triples("pao", sit) == [("kan", S1)]
    assert paohuzi_hard.triples("peng", seat_with((), (), {}, public=B1)) == [("peng", B1)]


def test_a_gain_counts_only_with_the_huxi_it_brings() -> None:
    planner = Planner(tuple(2 for _ in range(KINDS)), 30)
    free = [0] * KINDS
    for code in ("s2", "s3", "s4", "s7", "s7"):
        free[DECK.card(code)] += 1
    # a four held: a chi and a pair complete the hand, but 11 huxi lack 4 (a wei of the pair would
    # leave no pair)
    short = Holding(tuple(free), (), 2, 1, 11)
    assert planner.chance(short.free, short.groups, short.pair, short.needed) == 0.0
    assert paohuzi_hard.upgraded_chance(planner, short, {0: 0.6, 5: 0.3, 6: 0.1}) == pytest.approx(0.4)
    assert paohuzi_hard.upgraded_chance(planner, short, {0: 1.0}) == 0.0
    # no four yet: two chis are complete, and a first four (which would need a pair) is declined
    free[DECK.card("s7")] -= 2
    for code in ("s8", "s9", "s10"):
        free[DECK.card(code)] += 1
    done = Holding(tuple(free), (), 2, 0, 15)
    assert paohuzi_hard.upgraded_chance(planner, done, {0: 0.5, 3: 0.5}) == pytest.approx(1.0)
