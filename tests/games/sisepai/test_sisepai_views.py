"""Per-seat views hide other hands, the stock order and other seats' window answers;
``determinize`` keeps ``view(seat)``; ``clone`` is independent."""

import json

from cardavia.engine.rng import Rng
from cardavia.games.sisepai import SPEC
from cardavia.games.sisepai.cards import DECK

from .sisepai_helpers import FIXTURE_B, card_total, position

SEAT_FIELDS = {"hand", "hand_count", "melds", "discards", "chou"}
OTHER_SEAT_FIELDS = {"hand_count", "melds", "discards", "chou"}


def _lists(doc):
    """Every list inside a JSON document."""
    if isinstance(doc, list):
        yield doc
        for item in doc:
            yield from _lists(item)
    elif isinstance(doc, dict):
        for value in doc.values():
            yield from _lists(value)


def _check_view_hides_secrets(game, seat):
    view = game.view(seat)
    assert view["viewer"] == seat
    assert "answers" not in view
    for other, entry in enumerate(view["seats"]):
        if other == seat:
            assert set(entry) == SEAT_FIELDS
            assert entry["hand"] == DECK.format_list(DECK.expand(game.hands[seat]))
        else:
            assert set(entry) == OTHER_SEAT_FIELDS
            assert entry["hand_count"] == sum(game.hands[other])
    assert set(view["legal"]) <= {str(seat)}
    if game.public is not None:
        assert view["to_act"] in ([], [seat])
    # No list anywhere in the view spells another seat's hand or the stock (in any order).
    hidden = [sorted(DECK.format_list(DECK.expand(game.hands[o]))) for o in range(4) if o != seat]
    stock = [DECK.codes[k] for k in game.secret_stock()]
    for found in _lists(view):
        if found and all(isinstance(x, str) for x in found):
            assert sorted(found) not in [h for h in hidden if h], "another seat's hand leaked"
            if len(stock) > 1:
                assert found != stock and sorted(found) != sorted(stock), "the stock leaked"
    assert view["stock"] == len(stock)
    return view


def test_views_hide_secrets_and_determinize_keeps_them_at_every_step():
    checked = 0
    for seed in range(60):
        game = SPEC.new_game(seed)
        rng = Rng(seed).fork(3)
        while (decision := game.decision()) is not None:
            for seat in range(4):
                before = _check_view_hides_secrets(game, seat)
                world = game.determinize(seat, rng)
                assert world.view(seat) == before
                assert world.legal_actions(seat) == game.legal_actions(seat)
                assert card_total(world) == 117
                assert [sum(h) for h in world.hands] == [sum(h) for h in game.hands]
                assert game.view(seat) == before  # the real game is untouched
                checked += 1
            seat = decision.seats[rng.below(len(decision.seats))]
            options = game.legal_actions(seat)
            game.apply(seat, options[rng.below(len(options))])
        final = game.view(None)
        for seat in range(4):
            view = game.view(seat)
            assert {k: v for k, v in view.items() if k != "viewer"} == {
                k: v for k, v in final.items() if k != "viewer"}  # after the deal, all is revealed
    assert checked > 1000


def test_determinized_worlds_play_to_the_end_and_really_vary():
    game = SPEC.new_game(4)
    rng = Rng(11)
    hands = set()
    for i in range(30):
        world = game.determinize(1, rng)
        hands.add(tuple(world.hands[2]))
        while (decision := world.decision()) is not None:
            for seat in decision.seats:
                options = world.legal_actions(seat)
                world.apply(seat, options[rng.below(len(options))])
                assert card_total(world) == 117
        assert world.status in ("win", "draw"), i
    assert len(hands) > 20
    assert tuple(game.hands[1]) == tuple(SPEC.new_game(4).hands[1])


def test_a_seat_sees_only_whether_itself_is_asked():
    game = position(FIXTURE_B, "WH", seat=1)
    referee = game.view(None)
    assert referee["to_act"] == [0, 1, 2, 3]
    assert set(referee["legal"]) == {"0", "1", "2", "3"}
    game.apply(2, "win")
    assert game.view(None)["answers"] == {"2": "win"}
    for seat in (0, 1, 3):
        view = game.view(seat)
        assert view["to_act"] == [seat]
        assert list(view["legal"]) == [str(seat)]
        assert "win" not in json.dumps(view["seats"])
    assert game.view(2)["to_act"] == []
    assert game.view(2)["legal"] == {}


def test_determinize_after_the_viewer_answered_keeps_the_window_open():
    game = position(FIXTURE_B, "WH", seat=1)
    game.apply(1, "pass")
    world = game.determinize(1, Rng(3))
    assert world.view(1) == game.view(1)
    assert world.decision() is not None and 1 not in world.decision().seats


def test_clone_is_independent():
    game = SPEC.new_game(9)
    copy = game.clone()
    assert copy.view(None) == game.view(None)
    seat = copy.decision().seats[0]
    copy.apply(seat, copy.legal_actions(seat)[-1])
    assert copy.view(None) != game.view(None)
    assert game.actions() == []
    assert SPEC.new_game(9).view(None) == game.view(None)


def test_discard_step_is_public_but_the_options_are_not():
    game = position(FIXTURE_B, "WH", seat=1)
    for seat, action in ((0, "pass"), (1, "take WC WH WN"), (2, "pass"), (3, "pass")):
        game.apply(seat, action)
    assert game.decision().seats == (1,)
    for seat in (0, 2, 3):
        view = game.view(seat)
        assert view["to_act"] == [1]
        assert view["legal"] == {}
        assert view["public"] is None
    assert game.view(1)["legal"]["1"] == game.legal_actions(1)


def test_determinize_depends_only_on_the_view_and_the_generator():
    game = SPEC.new_game(21)
    for seat in range(4):
        other_world = game.determinize(seat, Rng(100 + seat))  # same view, other hidden cards
        assert other_world.view(seat) == game.view(seat)
        assert other_world.secret_stock() != game.secret_stock()
        a, b = game.determinize(seat, Rng(5)), other_world.determinize(seat, Rng(5))
        assert a.hands == b.hands
        assert a.secret_stock() == b.secret_stock()


def test_events_tell_each_seat_only_what_it_may_know():
    game = position(FIXTURE_B, "WH", seat=1)
    events = game.apply(2, "pass")
    assert [(e.kind, e.audience) for e in events] == [("sisepai.answer", frozenset({2}))]
    events = []
    for seat, action in ((0, "win"), (1, "take WC WH WN"), (3, "win")):
        events += game.apply(seat, action)
    kinds = [e.kind for e in events if e.audience is None]
    assert kinds[-3:] == ["sisepai.resolve", "sisepai.win", "sisepai.end"]
    private = ("sisepai.answer", "sisepai.outranked", "sisepai.why_not")
    assert "sisepai.outranked" in [e.kind for e in events]  # two wins lost to seat 0's
    for event in events:
        if event.kind in private:
            assert event.audience == frozenset({event.params["seat"]})
        else:
            assert event.audience is None
    for event in events:  # params are codes and numbers, never words
        for value in event.params.values():
            assert isinstance(value, (int, str, list, type(None))), value
    # Who is asked is nobody's business but his own: the window event is the same for every seat.
    windows = [e for e in game.opening if e.kind == "sisepai.window"]
    assert [(e.params["window"], e.audience) for e in windows] == [("W1", None)]
