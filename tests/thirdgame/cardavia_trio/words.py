"""Trio's words on the site (its ``words`` floor). They stay in English: a test game."""

from __future__ import annotations

TABLE: dict[str, str] = {
    "badge.next.trio": "The next player after the card's owner comes first among equal claims.",
    "table.discards.trio": "Dead cards",
    "caption.trio.discard": "Discarded by {seat}",
    "caption.trio.discard.you": "You discarded it",
    "window.trio.discard": "Discard",
    "prompt.claim.trio": "Take the card for a triple, win on it, or pass.",
    "prompt.discard.trio": "Your turn to discard: click a card in your hand.",
    "hand.locked.trio": "This card cannot be discarded.",
    "log.trio.draw": "{seat} drew a card.",
    "log.trio.draw.you": "You drew a card.",
    "log.trio.take": "{seat} took it: {cards}.",
    "log.trio.take.you": "You took it: {cards}.",
    "log.trio.win": "{seat} won with it: {score}.",
    "log.trio.win.you": "You won with it: {score}.",
}
LESSON: dict[str, str] = {}
GROUP_KINDS: tuple[str, ...] = ()
