"""Paohuzi as the floors above the kernel find it (``cardavia.engine.registry``)."""

from cardavia.engine.registry import Registration
from cardavia.games.paohuzi import SPEC

GAME = Registration(
    spec=SPEC,
    title="Paohuzi",
    groups_field="melds",
    floors={
        "ai": "cardavia.ai.paohuzi",
        "review": "cardavia.review.paohuzi",
        "display": "cardavia.games.paohuzi.display",
        "words": "cardavia.games.paohuzi.words",
        "art": "cardavia.games.paohuzi.art",
    },
)
