"""Sì Sè Pái's words on the site: the table's messages that only this game uses (its captions,
prompts and log lines, keyed ``<part>.sisepai.<name>``), its lessons' tips (``lesson.sisepai.<name>``),
and the group kinds the table labels with glossary terms (``sisepai.<kind>``). Values are English
msgids, translated per request (``web/pages/messages.py``, ``web/live/lessons.py``)."""

from __future__ import annotations

from cardavia.content.marks import _

TABLE: dict[str, str] = {
    "badge.next.sisepai": _("The next player after the card's owner may also take it for a mixed group."),
    "table.discards.sisepai": _("Dead cards"),
    "caption.sisepai.W1": _("Drawn from the stock by {seat}"),
    "caption.sisepai.W1.you": _("You drew it from the stock"),
    "caption.sisepai.W2": _("Nobody took it: now it counts as a discard by {seat} (second chance)"),
    "caption.sisepai.W2.you": _("Nobody took it: now it counts as your discard (second chance)"),
    "caption.sisepai.WD": _("Discarded by {seat}"),
    "caption.sisepai.WD.you": _("You discarded it"),
    "window.sisepai.W1": _("Drawn card"),
    "window.sisepai.W2": _("Second chance"),
    "window.sisepai.WD": _("Discard"),
    "prompt.claim.sisepai": _("Take the card into one of the groups on the buttons, or pass."),
    "prompt.discard.sisepai": _(
        "Your turn to discard: click a card in your hand, or move along it with ← → and press Enter. "
        "Generals and flowers (with a lock) are never discarded."
    ),
    "hand.locked.sisepai": _("Generals and flowers are never discarded."),
    "log.sisepai.draw": _("{seat} drew a card: {card}."),
    "log.sisepai.draw.you": _("You drew a card: {card}."),
    "log.sisepai.second_chance": _("Nobody took it; it is offered once more, as a discard (second chance)."),
    "log.sisepai.take": _("{seat} took it: {cards}."),
    "log.sisepai.take.you": _("You took it: {cards}."),
    "log.sisepai.take_forced": _("{seat} took it at once: a drawn General or flower is always taken."),
    "log.sisepai.take_forced.you": _("You took it at once: a drawn General or flower is always taken."),
    "log.sisepai.win": _("{seat} won with it: {score}."),
    "log.sisepai.win.you": _("You won with it: {score}."),
}

LESSON: dict[str, str] = {
    "lesson.sisepai.start": _(
        "This guided deal joins a game near its end. You win when a card you take puts all 21 of "
        "your cards into groups. Each tip shows your next move."
    ),
    "lesson.sisepai.draw": _(
        "You drew a card from the stock; everyone sees it. With the pair in your hand it makes a "
        "triple: take it."
    ),
    "lesson.sisepai.discard": _(
        "The card you took lies face up in a group with your pair. Now you hold 21 cards, so you "
        "discard one: {card}."
    ),
    "lesson.sisepai.taken": _(
        "{seat} took your discard for a triple: any other player may take a card for three of a "
        "kind. Play goes on from {seat}."
    ),
    "lesson.sisepai.soldiers": _(
        "You play right after {seat}, so you may take its discard for a mixed group too: three "
        "soldiers of different colours are one. Take it."
    ),
    "lesson.sisepai.discard_again": _(
        "Each card you take is paid for by a discard. Discard this card: {card}."
    ),
    "lesson.sisepai.second_chance": _(
        "Nobody took the drawn card, so it is offered once more, as a discard of the player who drew "
        "it. If nobody takes it then either, it dies and the next player draws."
    ),
    "lesson.sisepai.field": _(
        "{seat} drew a card you can use: as the next player you may take it for a field group, "
        "chariot, horse and cannon of one colour. Claim it."
    ),
    "lesson.sisepai.outranked": _(
        "{seat} claimed the same card for a triple. A triple outranks the next player's mixed "
        "group, so {seat} got it. Who answers first never matters."
    ),
    "lesson.sisepai.command": _(
        "{seat} drew another card for you: take it for a command group, General, advisor and "
        "elephant of one colour."
    ),
    "lesson.sisepai.discard_loose": _("Discard a card that is in no group: {card}."),
    "lesson.sisepai.forced": _(
        "A drawn General or flower is always taken at once, as a group of its own. Now discard, "
        "and try your other General first: {general}."
    ),
    "lesson.sisepai.refused": _(
        "This card cannot be discarded: {card}. Generals and flowers never are. Discard this one "
        "instead: {discard}."
    ),
    "lesson.sisepai.win": _(
        "This is the card you were waiting for: with it all 21 of your cards make groups. Win!"
    ),
    "lesson.sisepai.opening_start": _(
        "This guided deal starts at the shuffle: everyone holds 20 cards, and 37 stay in the stock. "
        "You are the dealer, so you draw first."
    ),
    "lesson.sisepai.first_draw": _(
        "Your first draw lies face up for everyone. It joins your cards only if you take it for a "
        "group, and nothing in your hand goes with this one, so the others may take it."
    ),
    "lesson.sisepai.next_took": _(
        "{seat} plays after you, so it could take your card for a mixed group of one colour. It "
        "discarded in return, and play goes on from there."
    ),
    "lesson.sisepai.four_soldiers": _(
        "{seat} drew a soldier, and you play right after {seat}. With your three soldiers of the "
        "other colours it makes four soldiers, a group worth 2 points. Take it."
    ),
    "lesson.sisepai.flowers": _(
        "Each card you take is paid for by a discard. Your flowers are groups on their own, worth 3 "
        "points each to a winner. Try to discard one: {card}."
    ),
    "lesson.sisepai.general_drawn": _(
        "{seat} drew a General. A drawn General or flower is taken at once by the player who drew "
        "it, as a group of its own, and that player discards."
    ),
    "lesson.sisepai.own_triple": _(
        "You drew a card you hold a pair of: the player who drew a card may take it for a triple. "
        "Take it."
    ),
    "lesson.sisepai.flower_drawn": _(
        "You drew a flower, so it was taken for you at once: a group of its own, worth 3 points. "
        "Now discard: {card}."
    ),
    "lesson.sisepai.other_triple": _(
        "{seat} drew a card you hold a pair of. A card that makes three of a kind may be taken by "
        "anyone, wherever they sit. Take it."
    ),
    "lesson.sisepai.claim_command": _(
        "{seat} drew the card your command group lacks: General, advisor and elephant of one "
        "colour. Claim it."
    ),
    "lesson.sisepai.drawer_first": _(
        "{seat} made a group with its own draw. The drawer's group outranks the next player's mixed "
        "group, so {seat} got the card."
    ),
    "lesson.sisepai.last_card": _(
        "That was the last card of the stock. Once it and whatever follows are played out, the "
        "deal ends."
    ),
    "lesson.sisepai.draw_end": _(
        "The stock ran out before anyone's hand was complete: the deal is a draw, and nobody "
        "scores. You are ready for a real deal."
    ),
    "lesson.sisepai.end": _(
        "You won with {score} points: 1 for each triple, mixed group and General, 3 for a flower. "
        "You are ready for a real deal."
    ),
}

GROUP_KINDS: tuple[str, ...] = ()
"""The kinds a group's text may start with (``"chi s1 s2 s3"``), named by the glossary."""
