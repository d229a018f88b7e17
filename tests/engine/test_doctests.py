"""The examples in the kernel's docstrings run, and say what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ("cardavia.engine.rng", "cardavia.engine.notation", "cardavia.engine.reasons")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
