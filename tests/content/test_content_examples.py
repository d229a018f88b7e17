"""Every worked example of the rules pages, checked against the engine's ``analyze``.

The expected results are the normative conformance cases of the rules specifications, so this test
checks the engines against the spec and the pages against both.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardavia.content import load_examples
from cardavia.engine.registry import get_spec

EXAMPLES = load_examples()


def _groups(groups: list[str]) -> list[str]:
    return sorted(groups)


@pytest.mark.parametrize("example_id", sorted(EXAMPLES))
def test_example_matches_engine(example_id: str) -> None:
    example: dict[str, Any] = EXAMPLES[example_id]
    answer = get_spec(example["game"]).analyze(example["query"])
    expect = example["expect"]
    for key in ("complete", "score", "huxi", "win", "tun"):
        if key in expect:
            assert answer[key] == expect[key], (example_id, key, answer)
    if "groups" in expect:
        assert _groups(answer["groups"]) == _groups(expect["groups"]), (example_id, answer["groups"])
