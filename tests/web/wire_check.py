"""A small runtime checker of JSON values against the wire's types (``cardavia.web.wire``):
TypedDict (required and optional keys, no others), Literal, list, dict, unions, and the JSON
scalars. ``problems(value, tp)`` lists what does not fit; empty means the value has the type."""

from __future__ import annotations

import sys
import types
from typing import (
    Any,
    Literal,
    NotRequired,
    Required,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)


def problems(value: Any, tp: Any, where: str = "$") -> list[str]:
    """Every place in ``value`` that does not have the type ``tp`` (a JSON reading: a float may
    be written as an integer, a bool is not an int)."""
    origin = get_origin(tp)
    if tp is Any or tp is object:
        return []
    if tp is None or tp is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if origin in (NotRequired, Required):
        return problems(value, get_args(tp)[0], where)
    if origin is Literal:
        ok = any(value == a and type(value) is type(a) for a in get_args(tp))
        return [] if ok else [f"{where}: {value!r} is not one of {get_args(tp)}"]
    if origin in (Union, types.UnionType):
        found = [problems(value, arm, where) for arm in get_args(tp)]
        if any(not f for f in found):
            return []
        return [f"{where}: {value!r} fits none of {tp}: " + "; ".join(f[0] for f in found)]
    if is_typeddict(tp):
        return _typeddict(value, tp, where)
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(tp)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        key, item = get_args(tp)
        keys = [p for k in value for p in problems(k, key, f"{where}.key")]
        return keys + [p for k, v in value.items() for p in problems(v, item, f"{where}.{k}")]
    if tp is bool:
        return [] if isinstance(value, bool) else [f"{where}: {value!r} is not a bool"]
    if tp is int:
        return [] if type(value) is int else [f"{where}: {value!r} is not an int"]
    if tp is float:
        return [] if type(value) in (int, float) else [f"{where}: {value!r} is not a number"]
    if tp is str:
        return [] if isinstance(value, str) else [f"{where}: {value!r} is not a string"]
    raise TypeError(f"the checker does not know {tp!r}")


def _typeddict(value: Any, tp: Any, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: {value!r} is not an object ({tp.__name__})"]
    hints = get_type_hints(tp, vars(_module(tp)))
    found = [f"{where}: {tp.__name__} lacks {k!r}" for k in sorted(tp.__required_keys__) if k not in value]
    found += [f"{where}: {tp.__name__} has no field {k!r}" for k in value if k not in hints]
    for k, v in value.items():
        if k in hints:
            found += problems(v, hints[k], f"{where}.{k}")
    return found


def _module(tp: Any) -> types.ModuleType:
    return sys.modules[tp.__module__]


def check(value: Any, tp: Any) -> None:
    """``AssertionError`` listing what in ``value`` does not have the type ``tp``."""
    found = problems(value, tp)
    assert not found, "\n".join(found[:10])

