"""Sì Sè Pái (Four Colour Cards), Wei-Hwa Huang's flower variant: rules/sisepai.md.

``SPEC`` is the rules module the registry finds under the name ``sisepai``. Modules, from the
bottom up: ``cards`` (the deck and card facts), ``melds`` (groups, points, the partition search),
``rules`` (who may take a public card for which group, and at what priority), ``explain`` (why
an action is not allowed), ``position`` (the seeded deal, reading and writing positions),
``views``, ``determinize`` (the hidden cards dealt otherwise), ``tracker`` (a seat's view followed
from its events), ``game`` (the state machine), ``analyze`` and ``spec``.
"""

from cardavia.games.sisepai.spec import SisepaiSpec

SPEC = SisepaiSpec()

__all__ = ["SPEC", "SisepaiSpec"]
