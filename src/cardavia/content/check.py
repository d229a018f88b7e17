"""Static checks of the rules fragments: valid Jinja2, balanced HTML, known examples, terms and cards.

Run ``python -m cardavia.content.check``: it prints one line per problem and exits 1 if there is any.
The same functions back the tests in tests/content/.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser

from jinja2 import Environment, nodes
from markupsafe import Markup, escape

from cardavia.content import GAMES, LANGS, load_examples, load_glossary, rules_source
from cardavia.engine.registry import game_names, get_spec

VOID_ELEMENTS = frozenset({"br", "hr", "img", "wbr", "col", "meta", "link", "input", "source"})
FORBIDDEN_ELEMENTS = frozenset({"script", "style", "html", "head", "body", "iframe", "form"})



def _codes(game: str) -> tuple[str, ...]:
    """The card codes of a registered game's deck; none for an unknown name."""
    return get_spec(game).deck.codes if game in game_names() else ()


@dataclass
class Calls:
    """The constant arguments of every ``cards``/``example``/``term`` call in a fragment."""

    cards: list[tuple[str, str]] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def environment() -> Environment:
    """A sandbox-free environment like the site's: autoescaping on, the three globals stubbed."""
    env = Environment(autoescape=True)
    env.globals["cards"] = lambda codes, game: Markup('<span class="cards" data-game="{}">{}</span>').format(
        game, codes
    )
    env.globals["example"] = lambda example_id: Markup('<figure data-example="{}"></figure>').format(
        example_id
    )
    env.globals["term"] = lambda key: str(escape(f"[{key}]"))
    return env


def find_calls(source: str) -> Calls:
    """Parse ``source`` and collect the literal arguments of the content globals.

    A call whose arguments are not string literals is reported as a problem, since it cannot be
    checked statically.
    """
    calls = Calls()
    tree = environment().parse(source)
    for call in tree.find_all(nodes.Call):
        if not isinstance(call.node, nodes.Name) or call.node.name not in ("cards", "example", "term"):
            continue
        name = call.node.name
        args = [
            a.value if isinstance(a, nodes.Const) and isinstance(a.value, str) else None for a in call.args
        ]
        if None in args or call.kwargs or call.dyn_args or call.dyn_kwargs:
            calls.problems.append(f"{name}() called with non-literal arguments")
            continue
        values = [a for a in args if a is not None]
        if name == "cards" and len(values) == 2:
            calls.cards.append((values[0], values[1]))
        elif name in ("example", "term") and len(values) == 1:
            (calls.examples if name == "example" else calls.terms).append(values[0])
        else:
            calls.problems.append(f"{name}() called with {len(values)} arguments")
    return calls


class _Balance(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in FORBIDDEN_ELEMENTS:
            self.problems.append(f"<{tag}> is not allowed in a fragment")
        for name, _value in attrs:
            if name == "style" or name.startswith("on"):
                self.problems.append(f"attribute {name!r} on <{tag}> is not allowed")
        if tag not in VOID_ELEMENTS:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID_ELEMENTS:
            self.problems.append(f"<{tag}/> self-closed")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_ELEMENTS:
            return
        if not self.stack or self.stack[-1] != tag:
            open_tag = self.stack[-1] if self.stack else "nothing"
            self.problems.append(f"</{tag}> closes {open_tag} (line {self.getpos()[0]})")
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()


def html_problems(html: str) -> list[str]:
    """Unbalanced or forbidden markup in ``html`` (every non-void element must be closed)."""
    parser = _Balance()
    parser.feed(html)
    parser.close()
    return parser.problems + [f"<{tag}> never closed" for tag in parser.stack]


def render_with_stubs(source: str) -> str:
    """Render a fragment with placeholder globals (raises a Jinja2 error if it is not valid)."""
    return environment().from_string(source).render()


def fragment_problems(game: str, lang: str) -> list[str]:
    """Everything wrong with one rules fragment."""
    where = f"rules/{game}/{lang}.html"
    try:
        source = rules_source(game, lang)
    except FileNotFoundError:
        return [f"{where}: missing"]
    problems: list[str] = []
    try:
        html = render_with_stubs(source)
        calls = find_calls(source)
    except Exception as exc:  # any template error is a finding, not a crash of the checker
        return [f"{where}: not valid Jinja2: {exc}"]
    problems += calls.problems + html_problems(html)
    examples = load_examples()
    glossary = load_glossary()
    for example_id in calls.examples:
        if example_id not in examples:
            problems.append(f"unknown example {example_id!r}")
        elif examples[example_id]["game"] != game:
            problems.append(f"example {example_id!r} belongs to {examples[example_id]['game']}")
    problems += [f"unknown term {key!r}" for key in calls.terms if key not in glossary]
    for codes, card_game in calls.cards:
        if card_game != game:
            problems.append(f"cards({codes!r}, {card_game!r}) on a {game} page")
        bad = [c for c in codes.split() if c not in _codes(card_game)]
        if bad or not codes.split():
            problems.append(f"cards({codes!r}) has invalid codes {bad}")
    return [f"{where}: {p}" for p in problems]


def main() -> int:
    """Check every fragment; print the problems; return the exit status."""
    problems = [p for game in GAMES for lang in LANGS for p in fragment_problems(game, lang)]
    for problem in problems:
        print(problem)
    if not problems:
        print(f"ok: {len(GAMES) * len(LANGS)} rules fragments")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
