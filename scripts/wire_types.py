"""Write the browser's typedefs of the table's wire from ``cardavia.web.wire``, the one source of
the message types: ``src/cardavia/web/static/wire.d.ts``, read by the scripts' JSDoc
(``import("./wire").StateMessage``) and checked by TypeScript (``scripts/test.sh``).

    .venv/bin/python scripts/wire_types.py           # write the file
    .venv/bin/python scripts/wire_types.py --check   # exit 1 if the file is not what it would write

A test keeps the checked-in file in step with wire.py.
"""

from __future__ import annotations

import argparse
import json
import sys
import types
from pathlib import Path
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict

from cardavia.web import wire

OUT = Path(__file__).resolve().parent.parent / "src" / "cardavia" / "web" / "static" / "wire.d.ts"
HEADER = (
    "// The table's wire as TypeScript types: generated from cardavia/web/wire.py by\n"
    "// scripts/wire_types.py; do not edit.\n"
)


def exported(module: types.ModuleType) -> dict[str, Any]:
    """The module's types, in the order they are defined or imported: TypedDicts (those it imports,
    such as the engine's ``View``, too) and aliases of unions and literals."""
    found: dict[str, Any] = {}
    for name, value in vars(module).items():
        if not name[:1].isupper():
            continue
        if is_typeddict(value) or get_origin(value) in (Union, types.UnionType, Literal):
            found[name] = value
    return found


def ts(t: Any, names: dict[int, str], top: str | None = None) -> str:
    """The TypeScript of Python type ``t``; a type exported by name is referred to by its name."""
    if id(t) in names and names[id(t)] != top:
        return names[id(t)]
    origin, args = get_origin(t), get_args(t)
    if t is type(None) or t is None:
        return "null"
    if t is Any:
        return "any"
    if t in (int, float):
        return "number"
    if t is str:
        return "string"
    if t is bool:
        return "boolean"
    if origin is Literal:
        return " | ".join(json.dumps(a) for a in args)
    if origin in (Union, types.UnionType):
        return " | ".join(dict.fromkeys(ts(a, names) for a in args))  # int | float: one number
    if origin is list:
        inner = ts(args[0], names)
        return f"({inner})[]" if " | " in inner else f"{inner}[]"
    if origin is dict:
        return f"Record<{ts(args[0], names)}, {ts(args[1], names)}>"
    if is_typeddict(t):
        return interface_body(t, names)
    raise TypeError(f"no TypeScript for {t!r}")


def interface_body(t: Any, names: dict[int, str], indent: str = "") -> str:
    """``{ field: T; other?: U }`` of a TypedDict, its bases' fields included."""
    hints = get_type_hints(t, include_extras=True)
    fields = []
    for key, hint in hints.items():
        optional = key in t.__optional_keys__
        if get_origin(hint) is NotRequired:
            hint, optional = get_args(hint)[0], True
        text = ts(hint, names).replace("\n", "\n" + indent + "  ")
        fields.append(f"{indent}  {key}{'?' if optional else ''}: {text};")
    return "{\n" + "\n".join(fields) + "\n" + indent + "}"


def render(module: types.ModuleType = wire) -> str:
    """The whole ``.d.ts`` text of ``module``'s types."""
    types_ = exported(module)
    names = {id(value): name for name, value in types_.items()}
    parts = [HEADER]
    for name, value in types_.items():
        doc = (value.__doc__ or "").strip() if is_typeddict(value) else ""
        if doc and not doc.startswith(f"{name}("):
            parts.append("/** " + " ".join(doc.split()) + " */")
        if is_typeddict(value):
            parts.append(f"export interface {name} {interface_body(value, names)}\n")
        else:
            parts.append(f"export type {name} = {ts(value, names, top=name)};\n")
    return "\n".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is out of date")
    args = parser.parse_args()
    text = render()
    if args.check:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"error: {OUT.name} is not up to date: run scripts/wire_types.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
