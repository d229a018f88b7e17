"""The arena: duplicate rotation, seeding, statistics and the command line (on a toy game)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from cardavia import cli
from cardavia.ai import arena
from cardavia.engine import registry
from cardavia.engine.registry import game_names

from . import toygame


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    entry = EntryPoint("toy", f"{toygame.__name__}:SPEC", registry.GROUP)
    monkeypatch.setitem(registry._entries(), "toy", entry)
    yield


def toy_match(challenger: str = "toywinner", reference: str = "random", seed: int = 7) -> arena.Match:
    return arena.Match("toy", challenger, reference, seed, toygame.toy_factory)


def without_latency(report: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in report.items() if k != "latency_ms"}


def test_each_deck_is_played_once_per_seat_on_the_same_deal() -> None:
    results = arena.play_deck(toy_match(), 3)
    assert [r.seat for r in results] == [0, 1, 2]
    assert {r.deck for r in results} == {3}
    first = toygame.SPEC.new_game(7 + 3)
    again = toygame.SPEC.new_game(7 + 3)
    assert first.hands == again.hands and first.stock == again.stock


def test_results_are_identical_for_any_number_of_workers() -> None:
    one = arena.run(toy_match(), decks=12, workers=1)
    two = arena.run(toy_match(), decks=12, workers=2)
    three = arena.run(toy_match(), decks=12, workers=3)
    assert without_latency(one) == without_latency(two) == without_latency(three)


def test_a_rerun_reproduces_and_another_seed_differs() -> None:
    a = [r for deck in arena.play_decks(toy_match(seed=1), 10) for r in deck]
    b = [r for deck in arena.play_decks(toy_match(seed=1), 10) for r in deck]
    c = [r for deck in arena.play_decks(toy_match(seed=2), 10) for r in deck]
    assert a == b
    assert a != c


def test_report_accounting_is_consistent() -> None:
    report = arena.run(toy_match(), decks=40)
    assert report["decks"] == 40 and report["deals"] == 120
    assert report["win_share"] == pytest.approx(report["wins"] / 120, abs=1e-4)
    assert sum(report["per_seat"]) / 3 == pytest.approx(report["win_share"], abs=1e-3)
    low, high = report["win_share_ci95"]
    assert low <= report["win_share"] <= high
    assert set(report["latency_ms"]) == {"toywinner", "random"}
    for lat in report["latency_ms"].values():
        assert 0 <= lat["p50"] <= lat["p99"] <= lat["max"]


def test_a_better_agent_beats_parity_and_random() -> None:
    strong = arena.run(toy_match("toywinner", "toyloser"), decks=60)
    assert strong["win_share_ci95"][0] > strong["parity"]
    mirror = arena.run(toy_match("random", "random"), decks=60)
    assert mirror["win_share"] < strong["win_share"]


def test_clustered_ci_and_percentiles() -> None:
    blocks = [0.0, 0.25, 0.5, 0.25]
    low, high = arena.clustered_ci95(blocks) or (0.0, 0.0)
    sd = math.sqrt(sum((x - 0.25) ** 2 for x in blocks) / 3)
    assert low == pytest.approx(0.25 - 1.96 * sd / 2)
    assert high == pytest.approx(0.25 + 1.96 * sd / 2)
    assert arena.clustered_ci95([0.5]) is None
    values = [float(v) for v in range(1, 101)]
    assert arena.percentile(values, 50) == 50.0
    assert arena.percentile(values, 99) == 99.0
    assert arena.percentile(values, 100) == 100.0
    assert arena.percentile([3.0], 99) == 3.0


def test_challenger_score_uses_payments_when_the_game_pays() -> None:
    assert arena.challenger_score({"winner": 1, "score": 18, "payments": [-2, 4, -2]}, 0) == -2
    assert arena.challenger_score({"winner": 1, "score": 18, "payments": [-2, 4, -2]}, 1) == 4
    assert arena.challenger_score({"winner": 2, "score": 11}, 2) == 11
    assert arena.challenger_score({"winner": 2, "score": 11}, 0) == 0
    assert arena.challenger_score({"winner": None}, 0) == 0


def test_cli_arena_json_and_text(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "get_spec", lambda name: toygame.SPEC)  # the toy, under a real name
    monkeypatch.setattr(arena, "make_agent", toygame.toy_factory)
    argv = ["arena", "sisepai", "--challenger", "normal", "--reference", "random", "--decks", "3", "--json"]
    assert cli.main(argv) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)
    for key in ("game", "challenger", "reference", "decks", "deals", "win_share", "win_share_ci95",
                "draw_rate", "mean_score", "per_seat", "latency_ms"):
        assert key in doc
    assert doc["decks"] == 3 and doc["deals"] == 9
    assert "3/3" in err
    assert cli.main(argv[:-1]) == 0
    out, _ = capsys.readouterr()
    assert "win share" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "sisepai", "--challenger", "normal", "--reference", "random", "--decks", "0"], "--decks"),
        (["arena", "sisepai", "--challenger", "wizard", "--reference", "random"], "invalid choice"),
        (["arena", "chess", "--challenger", "normal", "--reference", "random"], "invalid choice"),
        (["arena", "paohuzi", "--challenger", "hard", "--reference", "easy", "--workers", "0"], "--workers"),
        (["arena", "sisepai", "--reference", "random"], "--challenger"),
    ],
)
def test_cli_arena_bad_input(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    _, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and message in lines[0]


@pytest.mark.parametrize("game", game_names())
def test_real_games_give_identical_reports_for_any_number_of_workers(game: str) -> None:
    match = arena.Match(game, "normal", "greedy", 31)
    one = arena.run(match, decks=4, workers=1)
    two = arena.run(match, decks=4, workers=2)
    assert without_latency(one) == without_latency(two)
    assert one["deals"] == 4 * len(one["per_seat"])
