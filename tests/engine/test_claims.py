import itertools

import pytest

from cardavia.engine.claims import PASS, ClaimWindow, resolve
from cardavia.engine.errors import IllegalAction


def _priority(seat: int, action: str):
    # A toy table: "win" beats "take"; ties broken by seat distance from owner 1 (2, 3, 0).
    if action == PASS:
        return None
    level = 0 if action == "win" else 1
    return (level, (seat - 1) % 4)


def test_window_collects_answers_hidden_until_complete():
    w = ClaimWindow(5, {0: ("pass", "win"), 2: ("pass", "take"), 3: ("pass", "win")})
    assert w.pending() == (0, 2, 3)
    w.answer(3, "win")
    assert not w.complete
    assert w.legal(3) == ()
    assert w.legal(0) == ("pass", "win")
    w.answer(0, "win")
    w.answer(2, "take")
    assert w.complete
    assert resolve(w.answers, _priority) == (3, "win")


@pytest.mark.parametrize("order", list(itertools.permutations([0, 2, 3])))
def test_resolution_never_depends_on_answer_order(order):
    answers = {0: "win", 2: "win", 3: "take"}
    w = ClaimWindow(1, {s: ("pass", "win", "take") for s in answers})
    for seat in order:
        w.answer(seat, answers[seat])
    assert resolve(w.answers, _priority) == (2, "win")


def test_bad_answers_are_refused_and_change_nothing():
    w = ClaimWindow(1, {1: ("pass", "win")})
    with pytest.raises(IllegalAction, match="not asked"):
        w.answer(0, "pass")
    with pytest.raises(IllegalAction, match="not among"):
        w.answer(1, "take")
    assert w.answers == {}
    w.answer(1, "pass")
    with pytest.raises(IllegalAction, match="already answered"):
        w.answer(1, "win")
    assert w.answers == {1: "pass"}


def test_all_pass_resolves_to_nobody():
    assert resolve({0: "pass", 1: "pass"}, _priority) is None


def test_a_tie_in_the_priority_table_is_caught():
    with pytest.raises(AssertionError, match="tie"):
        resolve({0: "take", 1: "take"}, lambda s, a: (1,))
