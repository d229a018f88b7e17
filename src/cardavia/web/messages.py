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
    # events: what happened, step by step
    "event.generic": _("{seat}: {what}"),
    "event.action": _("{seat}: {action}"),
    "event.timeout": _("{seat} did not answer in time and passed"),
}

# Plural messages: key -> (singular, plural); ``{n}`` is the number.
TABLE_PLURALS: dict[str, tuple[str, str]] = {
    "countdown": (_("{n} second left"), _("{n} seconds left")),
    "cards_in_hand": (_("{n} card in hand"), _("{n} cards in hand")),
}

# Card names for screen readers.
SISEPAI_COLOURS: dict[str, str] = {"R": _("Red"), "Y": _("Yellow"), "W": _("White"), "G": _("Green")}
SISEPAI_RANKS: dict[str, str] = {
    "G": _("General"),
    "A": _("Advisor"),
    "E": _("Elephant"),
    "C": _("Chariot"),
    "H": _("Horse"),
    "N": _("Cannon"),
    "S": _("Soldier"),
}
CARD_MESSAGES: dict[str, str] = {
    "card.sisepai": _("{colour} {rank}"),
    "card.flower": _("Flower {n}"),
    "card.small": _("small {n}"),
    "card.big": _("big {n}"),
}

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
}


def error_text(key: str) -> str:
    """The translated text of an error key, in the current language."""
    return i18n.gettext(ERRORS[key])


def table_messages(lang: str) -> dict[str, Any]:
    """Every message the table needs, translated into ``lang``."""
    token = i18n.set_language(lang)
    try:
        out: dict[str, Any] = {key: i18n.gettext(text) for key, text in TABLE_MESSAGES.items()}
        out.update({key: i18n.gettext(text) for key, text in CARD_MESSAGES.items()})
        out.update({f"colour.{k}": i18n.gettext(v) for k, v in SISEPAI_COLOURS.items()})
        out.update({f"rank.{k}": i18n.gettext(v) for k, v in SISEPAI_RANKS.items()})
        out.update({key: i18n.gettext(text) for key, text in ERRORS.items()})
        for key, (one, many) in TABLE_PLURALS.items():
            out[f"plural.{key}"] = i18n.plural_categories(one, many, lang)
        return out
    finally:
        i18n._current.reset(token)
