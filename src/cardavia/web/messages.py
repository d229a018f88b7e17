"""The words of the live table, as a message catalogue the page hands to ``table.js``.

Keys are stable codes; values are English msgids translated through the site's gettext catalogues
(``{placeholders}`` stay as they are, the browser fills them). Plural messages are sent per CLDR
category (``{"one": ..., "other": ...}``) and chosen in the browser with ``Intl.PluralRules``.
"""

from __future__ import annotations

from typing import Any

from cardavia.web import i18n


def _(message: str) -> str:
    """Mark a msgid for extraction; translated later, per request."""
    return message


def _n(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural msgid pair for extraction (``pybabel -k _n:1,2``); translated later, per request."""
    return singular, plural


TABLE_MESSAGES: dict[str, str] = {
    # seats
    "seat.you": _("You"),
    "seat.computer": _("Computer {n}"),
    "seat.dealer": _("dealer"),
    # table parts
    "table.stock": _("Stock: {n}"),
    "table.hand_size": _("{n} cards in hand"),
    "table.melds": _("Exposed groups"),
    "table.discards": _("Discards"),
    "table.public": _("Public card"),
    "table.public_owner": _("{card} from {seat}"),
    "table.no_public": _("No public card"),
    "table.your_hand": _("Your hand"),
    "table.your_turn": _("Your turn: choose an action."),
    "table.claim_turn": _("You may claim the public card, or pass."),
    "table.waiting": _("Waiting for the other players…"),
    "table.connecting": _("Connecting to the table…"),
    "table.reconnecting": _("Connection lost; reconnecting…"),
    "table.log": _("What happened"),
    "table.shown": _("Face-up card: {card}"),
    "table.chou": _("Refused: {cards}"),
    # actions (buttons)
    "action.pass": _("Pass"),
    "action.discard": _("Discard {cards}"),
    "action.take": _("Take with {cards}"),
    "action.take_alone": _("Take it"),
    "action.win": _("Win"),
    "action.peng": _("Peng"),
    "action.pao": _("Pao"),
    "action.chi": _("Chi with {cards}"),
    "action.tianhu": _("Declare tianhu"),
    "action.other": _("{action}"),
    # the end
    "end.title": _("The deal is over"),
    "end.winner": _("Winner: {seat}"),
    "end.draw": _("Nobody won: the deal is a draw."),
    "end.card": _("Winning card: {card}"),
    "end.score": _("Score: {score}"),
    "end.huxi": _("Huxi: {huxi}"),
    "end.tun": _("Tun: {tun}"),
    "end.payments": _("Payments"),
    "end.payment": _("{seat}: {amount}"),
    "end.groups": _("Scored groups"),
    "end.hands": _("Every hand"),
    "end.new_deal": _("New deal"),
    "end.download": _("Download the game record"),
    # errors (the server sends key + text; these are the client's own)
    "error.connection": _("The connection to the table failed."),
    # events: what happened, step by step (params are filled in by the browser). Written as
    # "{seat}: did something" in the past, so they read right for "You" and "Computer 2" alike.
    "event.generic": _("{kind}"),
    "event.timeout": _("{seat}: no answer in time, so pass."),
    "event.sisepai.deal": _("New deal: {dealer} deals, {stock} cards in the stock."),
    "event.sisepai.draw": _("{seat}: drew {card}."),
    "event.sisepai.take": _("{seat}: took {card} into {group}."),
    "event.sisepai.dead": _("Nobody took {card}."),
    "event.sisepai.discard": _("{seat}: discarded {card}."),
    "event.sisepai.answer": _("{seat}: answered {action}."),
    "event.sisepai.win": _("{seat}: won with {card}, {score} points."),
    "event.paohuzi.deal": _("New deal: {dealer} deals, {stock} cards in the stock."),
    "event.paohuzi.initial_ti": _("{seat}: laid down a ti."),
    "event.paohuzi.draw": _("{seat}: revealed {card}."),
    "event.paohuzi.discard": _("{seat}: discarded {card}."),
    "event.paohuzi.answer": _("{seat}: answered {action}."),
    "event.paohuzi.chi": _("{seat}: chi with {card}: {groups}."),
    "event.paohuzi.peng": _("{seat}: peng with {card}."),
    "event.paohuzi.pao": _("{seat}: pao with {card}."),
    "event.paohuzi.wei": _("{seat}: wei with {card}."),
    "event.paohuzi.ti": _("{seat}: ti with {card}."),
    "event.paohuzi.dead": _("{card} died in front of {seat}."),
    "event.paohuzi.chou": _("{seat}: may no longer chi or peng {card} (chou)."),
    "event.paohuzi.dead_hand": _("{seat}: no free card left, can no longer win."),
    "event.paohuzi.tianhu": _("{seat}: tianhu with {huxi} huxi."),
    "event.paohuzi.win": _("{seat}: won with {huxi} huxi ({tun} tun)."),
    "event.sisepai.end.draw": _("The stock is empty: nobody wins."),
    "event.paohuzi.end.draw": _("The stock is empty: nobody wins."),
    # the same events when the human acted: each language says "you drew" its own way
    "event.timeout.you": _("You did not answer in time, so you passed."),
    "event.sisepai.draw.you": _("You drew {card}."),
    "event.sisepai.take.you": _("You took {card} into {group}."),
    "event.sisepai.discard.you": _("You discarded {card}."),
    "event.sisepai.answer.you": _("You answered {action}."),
    "event.sisepai.win.you": _("You won with {card}, {score} points."),
    "event.paohuzi.initial_ti.you": _("You laid down a ti."),
    "event.paohuzi.draw.you": _("You revealed {card}."),
    "event.paohuzi.discard.you": _("You discarded {card}."),
    "event.paohuzi.answer.you": _("You answered {action}."),
    "event.paohuzi.chi.you": _("You made a chi with {card}: {groups}."),
    "event.paohuzi.peng.you": _("You made a peng with {card}."),
    "event.paohuzi.pao.you": _("You made a pao with {card}."),
    "event.paohuzi.wei.you": _("You made a wei with {card}."),
    "event.paohuzi.ti.you": _("You made a ti with {card}."),
    "event.paohuzi.dead.you": _("{card} died in front of you."),
    "event.paohuzi.chou.you": _("You may no longer chi or peng {card} (chou)."),
    "event.paohuzi.dead_hand.you": _("You have no free card left and can no longer win."),
    "event.paohuzi.tianhu.you": _("You declared tianhu with {huxi} huxi."),
    "event.paohuzi.win.you": _("You won with {huxi} huxi ({tun} tun)."),
    "table.public_owner.you": _("{card}, your card"),
    "end.winner.you": _("You win!"),
}

# Engine events that only move the table along; the log does not show them.
SILENT_EVENTS: tuple[str, ...] = (
    "sisepai.window",
    "sisepai.resolve",
    "sisepai.end",
    "paohuzi.window",
    "paohuzi.resolve",
    "paohuzi.end",
    # A seat's own reasons: worded by their reason and rule keys, not as a log line of their own.
    "sisepai.why_not",
    "sisepai.outranked",
    "paohuzi.why_not",
    "paohuzi.outranked",
)

# Plural messages: key -> (singular, plural); ``{n}`` is the number.
TABLE_PLURALS: dict[str, tuple[str, str]] = {
    "countdown": _n("{n} second left", "{n} seconds left"),
    "cards_in_hand": _n("{n} card in hand", "{n} cards in hand"),
    "face_down": _n("{n} face-down card", "{n} face-down cards"),
}

# Paohuzi group kinds, named by the glossary in the page's language.
PAOHUZI_KINDS: tuple[str, ...] = ("chi", "peng", "wei", "pao", "ti", "kan", "pair")

# Errors the server sends: key -> msgid.
ERRORS: dict[str, str] = {
    "error.malformed": _("That message could not be read."),
    "error.unknown_type": _("That kind of message is not known."),
    "error.stale": _("That answer was for an earlier moment of the game."),
    "error.not_your_turn": _("It is not your turn to act."),
    "error.illegal": _("That action is not allowed now."),
    "error.finished": _("The deal is already over."),
    "error.forbidden": _("This is not your table."),
    "error.unknown_table": _("There is no such table."),
    "error.busy": _("The table is busy; try again."),
    "error.lesson": _("This lesson asks for another move here: the one its tip shows."),
}


def error_text(key: str) -> str:
    """The translated text of an error key, in the current language."""
    return i18n.gettext(ERRORS[key])


def table_messages(lang: str, game: str) -> dict[str, Any]:
    """Every message the table of ``game`` needs, translated into ``lang``, and its card names."""
    from cardavia.web import art, render_content

    token = i18n.set_language(lang)
    try:
        out: dict[str, Any] = {key: i18n.gettext(text) for key, text in TABLE_MESSAGES.items()}
        out.update({key: i18n.gettext(text) for key, text in ERRORS.items()})
        for key, (one, many) in TABLE_PLURALS.items():
            out[f"plural.{key}"] = i18n.plural_categories(one, many, lang)
        out["names"] = art.card_names(game, i18n.gettext)
        out["kinds"] = {kind: render_content.term(f"paohuzi.{kind}") for kind in PAOHUZI_KINDS}
        out["silent"] = list(SILENT_EVENTS)
        out["sprite"] = art.sprite_url(game)
        return out
    finally:
        i18n._current.reset(token)
