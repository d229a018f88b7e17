"""Paohuzi (跑胡子, Hunan Zi Pai): three players, 80 cards, seven groups with at least 15 huxi.

Modules: ``cards`` (codes, groups, huxi table), ``huxi`` (the exhaustive max-huxi search),
``melds`` (melds and win evaluation over placements), ``rules`` (ruleset options, chi plans),
``game`` (the state machine), ``views``, ``determinize``, ``spec`` (deals, positions, analyze).
"""

from cardavia.games.paohuzi.rules import DEFAULT_RULES, PAO, TI, Rules
from cardavia.games.paohuzi.spec import PaohuziSpec

SPEC = PaohuziSpec(DEFAULT_RULES)

__all__ = ["PAO", "SPEC", "TI", "PaohuziSpec", "Rules"]
