"""Trio as the floors above the kernel find it (``cardavia.engine.registry``): every floor ADDING.md
lists, each a module of this package."""

from cardavia.engine.registry import Registration
from cardavia_trio import SPEC

GAME = Registration(
    spec=SPEC,
    title="Trio",
    groups_field="exposed",
    floors={
        "ai": "cardavia_trio.ai",
        "review": "cardavia_trio.review",
        "display": "cardavia_trio.display",
        "words": "cardavia_trio.words",
        "art": "cardavia_trio.art",
    },
)
