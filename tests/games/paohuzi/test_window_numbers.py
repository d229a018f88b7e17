"""Window numbers are public: they must not tell a seat whether another seat could claim.

(A refused peng or chi is public anyway through chou, rules 3.5; a declined pao or win is not.)
"""

from typing import Any

from cardavia.engine.record import replay


def _position(c2_hand: list[str]) -> dict[str, Any]:
    # C1 reveals s5 first; C2 may or may not hold a kan of s5 (a pao option only C2 knows about).
    # Then C2 reveals b9, which Y (seat 0) can peng: Y's first decision.
    return {
        "game": "paohuzi",
        "dealer": 1,
        "hands": [
            ["b9", "b9", "s1", "s1", "b2", "b2"],
            ["b4", "b4", "b7", "b7", "s9", "s9"],
            c2_hand,
        ],
        "stock": ["s5", "b9", "s10", "s10"],
        "next": {"seat": 1, "step": "draw"},
        "actions": [],
    }


def test_a_declined_pao_does_not_shift_the_window_numbers():
    with_option = replay({**_position(["s5", "s5", "s5", "b1", "b1", "s8"]), "actions": ["S2 pass"]})
    without = replay(_position(["s3", "s3", "s3", "b1", "b1", "s8"]))
    seen = with_option.view(0), without.view(0)
    assert seen[0] == seen[1], "the two positions look the same to seat 0"
    first, second = with_option.decision(), without.decision()
    assert first is not None and second is not None
    assert first.seats == second.seats == (0,)
    assert with_option.legal_actions(0) == without.legal_actions(0) == ["pass", "peng"]
    assert first.window == second.window
