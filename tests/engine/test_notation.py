import pytest

from cardavia.engine.cards import Deck
from cardavia.engine.errors import NotationError, RecordError
from cardavia.engine.notation import join_line, read_action, split_line, write_action

DECK = Deck(["a1", "a2", "a3", "b1"], [4, 4, 4, 1])


def test_split_and_join_round_trip():
    assert split_line("S2 take a1 a2", 4) == (2, "take a1 a2")
    assert join_line(2, "take a1 a2") == "S2 take a1 a2"


@pytest.mark.parametrize(
    "line, message",
    [
        ("S4 pass", "seats are 0-3"),
        ("S01 pass", "seats are 0-3"),
        ("2 pass", "expected 'S<seat>"),
        ("S1", "expected 'S<seat>"),
        ("", "expected 'S<seat>"),
    ],
)
def test_split_errors_name_the_problem(line, message):
    with pytest.raises(NotationError, match=message):
        split_line(line, 4)


def test_read_action_sorts_cards_and_groups():
    action = read_action("chi a3 a1 a2 / a1 a1 a1", DECK)
    assert action.verb == "chi"
    assert action.groups == ((0, 0, 0), (0, 1, 2))
    assert write_action("chi", action.groups, DECK) == "chi a1 a1 a1 / a1 a2 a3"
    assert write_action("pass", (), DECK) == "pass"


def test_unknown_card_code_is_named():
    with pytest.raises(NotationError, match="unknown card code 'zz'"):
        read_action("take zz a1", DECK)
    with pytest.raises(NotationError, match="empty group"):
        read_action("chi a1 a2 a3 / ", DECK)


def test_deck_copy_limits():
    DECK.check_copies([4, 0, 0, 1])
    with pytest.raises(RecordError, match="2 copies of b1; the deck has 1"):
        DECK.check_copies([0, 0, 0, 2])
    assert DECK.expand(DECK.counts([2, 0, 0])) == [0, 0, 2]
