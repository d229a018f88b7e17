"""scripts/paired.py: the paired A/B test behind STRENGTH.md's "±" figures."""

from __future__ import annotations

import pytest

from cardavia.ai import paohuzi


def test_a_setting_holds_inside_its_block_and_is_undone_after_it_even_on_error(script) -> None:
    paired = script("paired")
    before = paohuzi.hard.UPGRADE
    items = [paired.parse_setting("paohuzi.hard.UPGRADE=0.25")]
    with paired.settings(items):
        assert paohuzi.hard.UPGRADE == 0.25
    assert before == paohuzi.hard.UPGRADE
    with pytest.raises(RuntimeError), paired.settings(items):
        raise RuntimeError
    assert before == paohuzi.hard.UPGRADE


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("UPGRADE=1", "expected module.NAME=value"),
        ("paohuzi.hard.UPGRADE", "expected module.NAME=value"),
        ("nowhere.UPGRADE=1", "no module cardavia.ai.nowhere"),
        ("paohuzi.hard.PlannerAgent=1", "no numeric constant PlannerAgent"),
        ("paohuzi.hard.UPGRADE=lots", "'lots' is not a number"),
    ],
)
def test_a_bad_setting_is_named(script, text: str, says: str) -> None:
    paired = script("paired")
    with pytest.raises(paired.SettingError, match=says):
        paired.parse_setting(text)


def test_both_sides_play_the_same_decks(script, capsys: pytest.CaptureFixture[str]) -> None:
    paired = script("paired")
    args = ["paohuzi", "--challenger", "normal", "--reference", "random", "--decks", "3", "--seed", "5"]
    assert paired.main([*args, "--b", "paohuzi.hard.TIE=0.5"]) == 0  # hard is not playing: no change
    out = capsys.readouterr().out.splitlines()
    assert out[0].split(": ")[1] == out[1].split(": ")[1]
    assert out[2].startswith("B - A: +0.0000 ± 0.0000 (95%, 3 decks, seed 5)")
    assert paired.main([*args, "--challenger", "nobody"]) == 2
    assert "unknown tier 'nobody'" in capsys.readouterr().err
