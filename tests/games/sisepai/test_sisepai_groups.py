"""C01, C02: group legality and points (rules section 3)."""

import pytest

from cardavia.games.sisepai.cards import DECK
from cardavia.games.sisepai.melds import POINTS, group_points, group_type

C01 = [
    ("RG", "SG", 1),
    ("F3", "SF", 3),
    ("YC YC", "PR", 0),
    ("GS GS", "PR", 0),
    ("WA WA WA", "TR", 1),
    ("RS RS RS", "TR", 1),
    ("YH YH YH YH", "QD", 2),
    ("WG WA WE", "CM", 1),
    ("GC GH GN", "FD", 1),
    ("RS YS GS", "S3", 1),
    ("RS YS WS GS", "S4", 2),
]

C02 = [
    "RA", "RG RG", "YG YG YG", "RG RG RG RG", "F1 F2", "F1 RG", "RG YA YE", "RC RH", "RC RH RN RC",
    "RS RS YS", "RS YS", "RS YS WS GS RS", "WG WA WE WA", "RH YH WH",
]


@pytest.mark.parametrize(("cards", "kind", "points"), C01)
def test_c01_valid_groups(cards, kind, points):
    group = DECK.parse(cards)
    assert group_type(group) == kind
    assert group_points(group) == points == POINTS[kind]
    assert group_type(list(reversed(group))) == kind  # any order


@pytest.mark.parametrize("cards", C02)
def test_c02_invalid_groups(cards):
    assert group_type(DECK.parse(cards)) is None
    with pytest.raises(ValueError):
        group_points(DECK.parse(cards))


def test_every_legal_group_of_up_to_four_cards_is_one_of_the_listed_types():
    from itertools import combinations_with_replacement

    counts = dict.fromkeys(range(33), 0)
    found: dict[str, int] = {}
    for size in range(1, 5):
        for group in combinations_with_replacement(range(33), size):
            if any(group.count(k) > DECK.copies[k] for k in group):
                continue
            kind = group_type(group)
            if kind is not None:
                found[kind] = found.get(kind, 0) + 1
                for k in group:
                    counts[k] += 1
    # 4 Generals + 5 flowers singles; 24 non-General kinds x (pair, triple, quad);
    # 4 command + 4 field groups; 4 three-soldier and 1 four-soldier group.
    assert found == {"SG": 4, "SF": 5, "PR": 24, "TR": 24, "QD": 24, "CM": 4, "FD": 4, "S3": 4, "S4": 1}
