"""Paohuzi (跑胡子, Hunan Zi Pai): three players, 80 cards, seven groups with at least 15 huxi.

The rules are the shared specification rules/paohuzi.md (normative); notation, records and views follow
records-and-cli.md. In brief: the dealer gets 21 cards (the 21st face up), the others 20, the
stock 19; fours in a starting hand become ti, triples are locked kan; three ti or five kan may
declare tianhu. A revealed stock card never enters a hand: it is melded at once (compulsory wei/ti
for the revealer), claimed (win > pao/peng > chi, nearest seat to the owner first), or dies in the
revealer's row. ``owed = T - target(F)`` decides every discard; chou blocks later chi and peng of a
kind; a compulsory wei that leaves no free card kills the hand. Wins need a revealed card, seven
groups (one pair iff a four is held) and 15 huxi, scored on the best placement and partition.

Engine decisions where the spec is silent (besides its own [DEC] points):

* Pinned deal: ``Rng(seed)`` draws the dealer first (``below(3)``, even when a dealer is given),
  then shuffles the canonical 80-card deck; the dealer takes cards 0-20 (card 20 face up), the
  next seat 21-40, the last 41-60, and cards 61-79 are the stock, top first.
* A position with ``next`` has no face-up card; at the normal start it is the last card of the
  dealer's ``hands`` list. If it goes into an initial ti it leaves the hand and is no longer shown.
* Views: another seat's hand is its card count; another seat's initial ti is shown as ``"ti"``
  alone until the end. In a claim window, a tianhu offer or a win decision after a compulsory meld
  a seat sees in ``to_act`` only itself, if asked; the seat owing a discard is public. Views add
  ``dealer`` and each seat's ``dead`` flag.
* ``analyze`` with ``new`` but no ``from`` judges the card as another seat's reveal.

Modules, from the bottom up: ``cards`` (codes, groups, huxi table), ``huxi`` (the exhaustive
max-huxi search), ``melds`` (melds and the win check over placements), ``rules`` (ruleset options,
chi plans), ``explain`` (why an action is not allowed), ``position`` (the seeded deal, reading and
writing positions), ``views``, ``determinize`` (the hidden cards dealt otherwise), ``tracker`` (a
seat's view followed from its events), ``game`` (the state machine), ``analyze`` and ``spec``.
"""

from cardavia.games.paohuzi.rules import DEFAULT_RULES, PAO, TI, Rules
from cardavia.games.paohuzi.spec import PaohuziSpec

SPEC = PaohuziSpec(DEFAULT_RULES)

__all__ = ["PAO", "SPEC", "TI", "PaohuziSpec", "Rules"]
