"""The browser's typedefs (static/wire.d.ts) are generated from web/wire.py and kept in step."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path
from typing import Literal, NotRequired, TypedDict

ROOT = Path(__file__).resolve().parents[2]


def _script() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("wire_types", ROOT / "scripts" / "wire_types.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["wire_types"] = module
    spec.loader.exec_module(module)
    return module


def test_the_checked_in_typedefs_are_what_wire_py_gives() -> None:
    script = _script()
    assert script.OUT.read_text(encoding="utf-8") == script.render()


class Planted(TypedDict):
    """A message."""

    type: Literal["planted"]
    count: int
    note: NotRequired[str | None]
    cards: list[str | int]


def test_a_change_of_a_type_changes_the_typedefs() -> None:
    script = _script()
    module = types.ModuleType("planted")
    module.Planted = Planted  # type: ignore[attr-defined]
    module.Either = Planted | None  # type: ignore[attr-defined]
    text = script.render(module)
    assert 'export interface Planted {\n  type: "planted";\n  count: number;\n' in text
    assert "  note?: string | null;\n" in text
    assert "  cards: (string | number)[];\n}" in text
    assert "export type Either = Planted | null;" in text
    assert text != script.OUT.read_text(encoding="utf-8")
