"""Paohuzi's words on the site: the table's messages that only this game uses (its captions,
prompts and log lines, keyed ``<part>.paohuzi.<name>``), its lessons' tips (``lesson.paohuzi.<name>``),
and the group kinds the table labels with glossary terms (``paohuzi.<kind>``). Values are English
msgids, translated per request (``web/pages/messages.py``, ``web/live/lessons.py``)."""

from __future__ import annotations

from cardavia.content.marks import _

TABLE: dict[str, str] = {
    "badge.next.paohuzi": _("The next player after the card's owner may also chi it."),
    "table.discards.paohuzi": _("Discard row"),
    "caption.paohuzi.reveal": _("Revealed from the stock by {seat}"),
    "caption.paohuzi.reveal.you": _("You revealed it from the stock"),
    "caption.paohuzi.discard": _("Discarded by {seat}: nobody can win on a discard"),
    "caption.paohuzi.discard.you": _("You discarded it: nobody can win on a discard"),
    "window.paohuzi.reveal": _("Revealed card"),
    "window.paohuzi.discard": _("Discard"),
    "prompt.claim.paohuzi": _("Claim the card with one of the buttons, or pass."),
    "prompt.discard.paohuzi": _(
        "Your turn to discard: click a card in your hand, or move along it with ← → and press Enter. "
        "The cards of a kan (with a lock) are never discarded."
    ),
    "hand.locked.paohuzi": _("The cards of a kan are never discarded."),
    "log.paohuzi.shown": _("The dealer's 21st card is dealt face up: {card}."),
    "log.paohuzi.initial_ti": _("{seat} laid down a ti (提) from the deal."),
    "log.paohuzi.initial_ti.you": _("You laid down a ti (提) from the deal."),
    "log.paohuzi.draw": _("{seat} revealed a card from the stock: {card}."),
    "log.paohuzi.draw.you": _("You revealed a card from the stock: {card}."),
    "log.paohuzi.chi": _("{seat} took it with a chi: {cards}."),
    "log.paohuzi.chi.you": _("You took it with a chi: {cards}."),
    "log.paohuzi.chi_bi": _("{seat} took it with a chi: {cards}, and bi (比): {bi}."),
    "log.paohuzi.chi_bi.you": _("You took it with a chi: {cards}, and bi (比): {bi}."),
    "log.paohuzi.peng": _("{seat} took it with a peng."),
    "log.paohuzi.peng.you": _("You took it with a peng."),
    "log.paohuzi.pao": _("{seat} took it with a pao."),
    "log.paohuzi.pao.you": _("You took it with a pao."),
    "log.paohuzi.wei": _("{seat} had to make a wei (偎) with it."),
    "log.paohuzi.wei.you": _("You had to make a wei (偎) with it."),
    "log.paohuzi.ti": _("{seat} had to make a ti (提) with it."),
    "log.paohuzi.ti.you": _("You had to make a ti (提) with it."),
    "log.paohuzi.dead_hand": _("{seat} has no free card left: a dead hand (死手), which can no longer win."),
    "log.paohuzi.dead_hand.you": _(
        "You have no free card left: your hand is dead (死手) and can no longer win."
    ),
    "log.paohuzi.tianhu": _("{seat} declared tianhu (天胡) with {huxi} huxi."),
    "log.paohuzi.tianhu.you": _("You declared tianhu (天胡) with {huxi} huxi."),
    "log.paohuzi.win": _("{seat} won with it: {huxi}, {tun}."),
    "log.paohuzi.win.you": _("You won with it: {huxi}, {tun}."),
}

LESSON: dict[str, str] = {
    "lesson.paohuzi.start": _(
        "This guided deal joins a game near its end. A turn begins with a reveal: the top card of "
        "the stock is turned face up for all to see. It never goes into a hand: it is claimed at "
        "once, or it dies."
    ),
    "lesson.paohuzi.chi": _(
        "You play right after {seat}, so you may chi its card: a sequence with two cards of your "
        "hand. A small 1-2-3 is worth 3 huxi. Chi it."
    ),
    "lesson.paohuzi.discard": _(
        "Every card you take in is paid for by a discard: {card}. A card you discard becomes chou "
        "for you: you may never chi or peng it again."
    ),
    "lesson.paohuzi.peng": _(
        "You hold a pair of this card, so you may peng it from any other player. Peng it: a peng "
        "of big cards is worth 3 huxi."
    ),
    "lesson.paohuzi.discard_again": _("Now discard again: {card}."),
    "lesson.paohuzi.pass": _("You could chi this card, but this time pass, to see what refusing costs."),
    "lesson.paohuzi.chou": _(
        "You refused a chi, so this card is now chou for you: {card}. You may not chi or peng it "
        "for the rest of the deal, but you may still win with it."
    ),
    "lesson.paohuzi.wei": _(
        "You revealed a card you held a pair of: a wei is compulsory and happens at once. Now "
        "discard, and first try a card of your kan: {kan}."
    ),
    "lesson.paohuzi.kan_locked": _(
        "This card belongs to a kan, three of a kind from the deal: {card}. A kan is never split "
        "or discarded. Discard this card instead: {discard}."
    ),
    "lesson.paohuzi.pao": _(
        "This is the fourth card of your kan: you may pao it, a four worth 9 huxi in big cards. Pao it."
    ),
    "lesson.paohuzi.discard_four": _("Your first four is paid for by a discard, like any take: {card}."),
    "lesson.paohuzi.claim": _("Claim this card with a chi."),
    "lesson.paohuzi.outranked": _(
        "{seat} took the card with a peng: a peng or a pao outranks a chi, and a win outranks them all."
    ),
    "lesson.paohuzi.ti": _(
        "You revealed the fourth card of your wei: a ti is compulsory, worth 9 huxi in small cards. "
        "It is your second four, so you owe no discard."
    ),
    "lesson.paohuzi.bi": _(
        "You hold another copy of this card. By the bi rule a chi must meld it too, so both groups "
        "go down together. Chi it."
    ),
    "lesson.paohuzi.discard_keep": _(
        "Discard this card: {card}. Keep this one, which waits for its pair: {keep}."
    ),
    "lesson.paohuzi.win": _(
        "This card pairs your last card: seven groups with at least 15 huxi, on a revealed card. Win!"
    ),
    "lesson.paohuzi.opening_start": _(
        "This guided deal starts at the shuffle. You are the dealer: you hold 21 cards, one of them "
        "face up for all, and you begin with a discard. Three of a kind from the deal is a kan: "
        "try to discard a card of yours, {kan}."
    ),
    "lesson.paohuzi.initial_ti": _(
        "{seat} was dealt four of a kind. Such a four, a ti, goes down at once, face down until "
        "the end: 9 huxi in small cards, 12 in big ones."
    ),
    "lesson.paohuzi.opening_bi": _(
        "You play right after {seat}, so you may chi its discard. You hold another copy of that "
        "card, so by the bi rule your chi melds it too: two groups go down together. Chi it."
    ),
    "lesson.paohuzi.their_pao": _(
        "{seat} held three of that card from the deal: the fourth turns the kan into a pao, four "
        "of a kind, whoever discards or reveals it."
    ),
    "lesson.paohuzi.peng_small": _(
        "You hold a pair of this card, so you may peng it from any player. Peng it: a peng of "
        "small cards is worth 1 huxi."
    ),
    "lesson.paohuzi.mixed": _(
        "You play right after {seat}. With your {pair} its card makes a mixed group: one small "
        "and two big cards of one number, or the other way round. It is worth no huxi, but it is "
        "a group. Chi it."
    ),
    "lesson.paohuzi.let_go": _(
        "You may chi your own reveal too, but you need not: let this one go."
    ),
    "lesson.paohuzi.last_card": _(
        "This is the last card of the stock. Once it and whatever follows are played out, the "
        "deal ends."
    ),
    "lesson.paohuzi.draw_end": _(
        "The stock ran out and nobody won: the deal is a draw, and nobody pays. You are ready for "
        "a real deal."
    ),
    "lesson.paohuzi.end": _(
        "You won with {huxi} huxi. 15 huxi make 1 tun and every 3 more add one: {tun} tun, which "
        "each opponent pays you. You are ready for a real deal."
    ),
}

GROUP_KINDS: tuple[str, ...] = ("chi", "peng", "wei", "pao", "ti", "kan", "pair")
"""The kinds a group's text may start with (``"chi s1 s2 s3"``), named by the glossary."""
