"""Sì Sè Pái as the floors above the kernel find it (``cardavia.engine.registry``)."""

from cardavia.engine.registry import Registration
from cardavia.games.sisepai import SPEC

GAME = Registration(
    spec=SPEC,
    title="Sì Sè Pái",
    groups_field="exposed",
    floors={
        "ai": "cardavia.ai.sisepai",
        "review": "cardavia.review.sisepai",
        "display": "cardavia.games.sisepai.display",
        "words": "cardavia.games.sisepai.words",
        "art": "cardavia.games.sisepai.art",
    },
)
