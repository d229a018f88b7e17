"""Waits: the cards that would complete a holding one card short, each with what it would score,
against slow brute forces over every card kind on thousands of holdings built one card short of
complete (so that most have waits)."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from cardavia.engine.errors import NotationError
from cardavia.engine.game import own_hand
from cardavia.engine.rng import Rng
from cardavia.games.paohuzi import SPEC as PAOHUZI
from cardavia.games.paohuzi.cards import DECK as PDECK
from cardavia.games.paohuzi.cards import KINDS as PKINDS
from cardavia.games.paohuzi.cards import group_type, identical_huxi, tun
from cardavia.games.paohuzi.huxi import NO_SPLIT
from cardavia.games.sisepai import SPEC as SISEPAI
from cardavia.games.sisepai.cards import DECK as SDECK
from cardavia.games.sisepai.melds import group_type as sgroup_type

from .paohuzi.test_huxi_differential import brute_split
from .sisepai.sisepai_helpers import brute_best

# Holdings per game: a quick run, and the slow marker's (the Paohuzi brute force is the slower).
QUICK = {"sisepai": 50, "paohuzi": 10}  # sizes: tests/TIERS.md
MANY = {"sisepai": 2000, "paohuzi": 300}
S_GROUPS = [g for n in (1, 3, 4) for g in combinations_with_replacement(range(33), n) if sgroup_type(g)]
P_GROUPS = [g for g in combinations_with_replacement(range(PKINDS), 3) if group_type(g)] + [
    (k, k) for k in range(PKINDS)
]


def sisepai_short_holding(rng: Rng) -> list[int]:
    """A complete 21-card Sì Sè Pái holding of random groups, less one random card."""
    while True:
        counts = [0] * 33
        while sum(counts) < 21:
            group = S_GROUPS[rng.below(len(S_GROUPS))]
            if sum(counts) + len(group) > 21:
                continue
            for k in group:
                counts[k] += 1
        if all(n <= c for n, c in zip(counts, SDECK.copies, strict=True)) and sum(counts) == 21:
            cards = SDECK.expand(counts)
            cards.pop(rng.below(len(cards)))
            return cards


def _sizes(game: str) -> list[object]:
    return [QUICK[game], pytest.param(MANY[game], marks=[pytest.mark.slow, pytest.mark.timeout(3000)])]


@pytest.mark.parametrize("holdings", _sizes("sisepai"))
def test_sisepai_waits_equal_the_brute_force(holdings: int) -> None:
    rng = Rng(1)
    found = 0
    for _ in range(holdings):
        cards = sisepai_short_holding(rng)
        counts = SDECK.counts(cards)
        expected = []
        for kind in range(33):
            if counts[kind] < SDECK.copies[kind]:
                counts[kind] += 1
                best = brute_best(tuple(counts))
                counts[kind] -= 1
                if best is not None:
                    expected.append({"card": SDECK.codes[kind], "score": best})
        answer = SISEPAI.analyze({"hand": SDECK.format(cards), "waits": True})
        assert answer == {"waits": expected}, SDECK.format(cards)
        found += bool(expected)
    assert found > holdings // 2


def paohuzi_short_hand(rng: Rng) -> list[int]:
    """A Paohuzi hand of 20 free cards (no triple) one card short of seven groups."""
    while True:
        counts = [0] * PKINDS
        groups = 0
        pairs = 0
        while groups < 7:
            group = P_GROUPS[rng.below(len(P_GROUPS))]
            if len(group) == 2 and pairs:
                continue
            for k in group:
                counts[k] += 1
            groups += 1
            pairs += len(group) == 2
        if pairs == 0 and max(counts) <= 2:
            cards = PDECK.expand(counts)
            cards.pop(rng.below(len(cards)))
            if len(cards) == 20:
                return cards


def _win(huxi: int) -> dict[str, int] | None:
    return {"huxi": huxi, "tun": tun(huxi)} if huxi != NO_SPLIT and huxi >= 15 else None


@pytest.mark.parametrize("holdings", _sizes("paohuzi"))
def test_paohuzi_waits_equal_the_brute_force(holdings: int) -> None:
    rng = Rng(2)
    found = 0
    for _ in range(holdings):
        cards = paohuzi_short_hand(rng)
        counts = PDECK.counts(cards)
        expected = []
        for kind in range(PKINDS):
            more = list(counts)
            more[kind] += 1
            # Another seat's card joins the hand (a pair and it make a peng); one's own reveal of a
            # card one holds a pair of is a compulsory wei first.
            other = _win(brute_split(more, False))
            if counts[kind] == 2:
                rest = list(counts)
                rest[kind] = 0
                split = brute_split(rest, False)
                own = _win(NO_SPLIT if split == NO_SPLIT else split + identical_huxi("wei", kind))
            else:
                own = other
            if own or other:
                expected.append({"card": PDECK.codes[kind], "own": own, "other": other})
        answer = PAOHUZI.analyze({"hand": PDECK.format(cards), "waits": True})
        assert answer == {"waits": expected}, PDECK.format(cards)
        found += bool(expected)
    assert found > 0  # few free-card holdings reach 15 huxi


@pytest.mark.parametrize("deals", [15, pytest.param(250, marks=pytest.mark.slow)])
@pytest.mark.parametrize("own_wei", ["ti", "pao"])
def test_paohuzi_waits_equal_the_judge_of_each_card_on_played_holdings(deals: int, own_wei: str) -> None:
    """On every holding of random deals (melds, kans, wei and all), each card and way is a wait
    exactly when ``analyze`` of that ``new`` card ``from`` that way is a win, with its huxi and tun
    (waits skip the cards whose upper bound is no win, and write out no groups)."""
    from cardavia.games.paohuzi.analyze import analyze
    from cardavia.games.paohuzi.rules import Rules

    rules = Rules(own_wei_upgrade=own_wei)
    seen: set[tuple[str, tuple[str, ...]]] = set()
    found = 0
    for seed in range(deals):
        game, rng = PAOHUZI.new_game(seed), Rng(seed)
        while (decision := game.decision()) is not None:
            for seat in range(3):
                me = game.view(seat)["seats"][seat]
                hand, melds = " ".join(sorted(own_hand(me))), tuple(me.get("melds", []))
                if (hand, melds) in seen:
                    continue
                seen.add((hand, melds))
                expected = []
                held = PDECK.parse(hand) + [k for m in melds for k in PDECK.parse(m.split(" ", 1)[1])]
                total = PDECK.counts(held)
                for kind, code in enumerate(PDECK.codes):
                    if total[kind] >= PDECK.copies[kind]:
                        continue
                    ways = {}
                    for source in ("own", "other"):
                        one = {"hand": hand, "melds": list(melds), "new": code, "from": source}
                        judged = analyze(one, rules)
                        win = {"huxi": judged["huxi"], "tun": judged["tun"]}
                        ways[source] = win if judged["win"] else None
                    if ways["own"] or ways["other"]:
                        expected.append({"card": code, **ways})
                query = {"hand": hand, "melds": list(melds), "waits": True}
                assert analyze(query, rules) == {"waits": expected}, query
                found += bool(expected)
            seat = next(s for s in decision.seats if game.legal_actions(s))
            legal = game.legal_actions(seat)
            game.apply(seat, "win" if "win" in legal else legal[rng.below(len(legal))])
    assert len(seen) > 20 * deals and found > 0


def test_a_card_held_in_every_copy_is_never_a_wait() -> None:
    # Four Red Chariots and their seven groups' worth: a fifth RC cannot come.
    hand = "RC RC RC RC RG RA RE YC YH YN WS YS GS GN GN GN WH WH WH F1"
    answer = SISEPAI.analyze({"hand": hand, "waits": True})
    assert "RC" not in [w["card"] for w in answer["waits"]]


BAD_QUERIES = [{"hand": "RG", "waits": "yes"}, {"hand": "RG", "new": "RA", "waits": True}]


@pytest.mark.parametrize("query", BAD_QUERIES)
def test_bad_waits_queries_are_refused(query: dict[str, object]) -> None:
    with pytest.raises(NotationError):
        SISEPAI.analyze(query)
