"""The words of the live table, as a message catalogue the page hands to ``table.js``.

Keys are stable codes; values are English msgids translated through the site's gettext catalogues
(``{placeholders}`` stay as they are, the browser fills them). Plural messages are sent per CLDR
category (``{"one": ..., "other": ...}``) and chosen in the browser with ``Intl.PluralRules``.
"""

from __future__ import annotations

from typing import Any

from cardavia.content.marks import _, _n
from cardavia.engine.display import display_hooks
from cardavia.engine.registry import floor, game_names
from cardavia.web import i18n
from cardavia.web.live import scoring
from cardavia.web.pages import art, render_content

TABLE_MESSAGES: dict[str, str] = {
    # the words of every game; each game's own are its words floor's ``TABLE`` (``game_messages``)
    # seats: who sits where (you at the bottom, the next player on your right)
    "seat.you": _("You"),
    "seat.computer": _("Computer {n}"),
    "seat.right": _("Plays after you"),
    "seat.left": _("Plays before you"),
    "seat.top": _("Plays opposite you"),
    "seat.more": _("Show groups"),
    "seat.player": _("Player {n}"),
    # a table for friends: the lobby, who plays each seat, reactions, the next deal
    "friends.lobby_title": _("Waiting for your friends"),
    "friends.level": _("Computers' level: {level}"),
    "level.easy": _("Easy"),
    "level.normal": _("Normal"),
    "level.hard": _("Hard"),
    "friends.turn": _("Time per decision: {seconds} s"),
    "friends.invite": _("Send this link to the people you want at the table:"),
    "friends.copy": _("Copy the link"),
    "friends.copied": _("The link is copied."),
    "friends.new_link": _("New link"),
    "friends.new_link_note": _("A new link stops the old one from working."),
    "friends.start": _("Start the deal"),
    "friends.start_note": _("Seats still free are played by computers."),
    "friends.wait_host": _("The host starts the deal when everyone is here."),
    "friends.free": _("Free seat"),
    "friends.host": _("host"),
    "friends.away": _("away"),
    "friends.auto": _("the computer plays for them"),
    "friends.people": _("At the table"),
    "friends.you_auto": _("A computer is playing your seat until you are back."),
    "friends.back": _("I am back"),
    "friends.score": _("Score of the evening"),
    "friends.next": _("Next deal"),
    "friends.next_note": _("The same people play again; the score carries on."),
    "friends.reactions": _("Send a reaction"),
    "friends.reacted": _("{seat}: {reaction}"),
    "react.well_played": _("Well played"),
    "react.good_luck": _("Good luck"),
    "react.thanks": _("Thanks"),
    "react.again": _("Again?"),
    "react.oops": _("Oops"),
    "react.wow": _("Wow"),
    "badge.dealer": _("Dealer"),
    "badge.next": _("Next player"),
    "badge.discarding": _("Discarding"),
    "badge.dead_hand": _("Dead hand (死手)"),
    # the felt
    "table.direction": _("Play goes anticlockwise: the next player sits on your right."),
    "table.turn_order": _("Turn order"),
    "table.hand": _("Hand"),
    "table.your_hand": _("Your hand"),
    "table.hand.discard": _("Your hand: choose a card to discard"),
    "table.melds": _("Exposed groups"),
    "table.chou": _("Chou (臭牌): this player may no longer chi or peng these cards"),
    "table.chou.you": _("Chou (臭牌): you may no longer chi or peng these cards"),
    "table.shown": _("Face-up card"),
    "card.public": _("{card}, the public card"),
    "group.kind_cards": _("{kind}: {cards}"),
    # the public card: who showed it and how (records-and-cli.md section 5, public.window)
    "caption.none": _("No card is open to claims."),
    "caption.other": _("Shown by {seat}"),
    # what to do now
    "prompt.win": _("You can win with this card: press Win, or pass."),
    "prompt.tianhu": _("You may declare tianhu (天胡), the celestial win, or pass."),
    "prompt.choose": _("Your turn: choose an action."),
    "prompt.answered": _("Your answer is in; waiting for the others…"),
    "prompt.discarding": _("{seat} is choosing a card to discard."),
    "prompt.waiting": _("Waiting for the other players…"),
    "prompt.paused": _("The table is paused. Press Resume to go on."),
    # the visible cues (the sound setting adds a few notes to each)
    "cue.turn": _("Your turn"),
    "cue.window": _("A claim for you?"),
    "cue.claim": _("Claimed!"),
    "cue.win": _("Won!"),
    "prompt.over": _("The deal is over."),
    "prompt.reconnecting": _("Connection lost; reconnecting… The buttons come back with the connection."),
    # actions: the words on the buttons, and the whole sentence a screen reader reads for each
    "action.pass": _("Pass"),
    "action.take": _("Take"),
    "action.win": _("Win"),
    "action.chi": _("Chi"),
    "action.peng": _("Peng"),
    "action.pao": _("Pao"),
    "action.tianhu": _("Declare tianhu"),
    "action.bi": _("bi (比)"),
    "action.other": _("{action}"),
    "button.take": _("Take it for {group} ({value})"),
    "button.chi": _("Chi: {group} ({value})"),
    "button.chi_bi": _("Chi: {group}, and bi (比): {bi} ({value})"),
    "button.peng": _("Peng: {group} ({value})"),
    "button.pao": _("Pao: {group} ({value})"),
    "button.win": _("Win: {value}"),
    "value.huxi_tun": _("{huxi}, {tun}"),
    "hand.discard": _("Discard: {card}"),
    "hand.locked": _("{card}: cannot be discarded"),
    # the log: one entry per card, opened by its draw, reveal or discard; "it" is that card
    "log.deal": _("New deal: {seat} deals; {stock} cards are in the stock."),
    "log.deal.you": _("New deal: you deal; {stock} cards are in the stock."),
    "log.discard": _("{seat} discarded a card: {card}."),
    "log.discard.you": _("You discarded a card: {card}."),
    "log.answer.pass": _("You passed."),
    "log.timeout": _("You did not answer in time, so you passed."),
    "log.dead": _("Nobody took it."),
    "log.chou_refused": _(
        "You passed on a chi or peng, so the card is now chou (臭牌) for you: "
        "you may no longer chi or peng it."
    ),
    "log.end.draw": _("The stock is empty: the deal is a draw."),
    "event.generic": _("{kind}"),
    # why the player could not take a card he holds related cards for (the server's reason codes,
    # records-and-cli.md section 7), in the words of the rules
    "reason.role_forbids": _("Your seat may not take this card for that kind of group."),
    "reason.role_forbids.owner": _(
        "The card now counts as your own discard, and nobody may take his own discard."
    ),
    "reason.role_forbids.drawer": _(
        "You drew this card yourself, and nobody may take a card they drew for a pair."
    ),
    "reason.role_forbids.next": _(
        "The next player may take a card only for a triple, a quad or a mixed group, not for a pair."
    ),
    "reason.role_forbids.other": _(
        "You are not the next player, so you may take it only for an identical triple or quad."
    ),
    "reason.role_forbids.other.mixed": _("Only the next player may take a card for a mixed group."),
    "reason.drawer_no_pair": _(
        "You drew this card yourself, and nobody may take a card they drew for a pair."
    ),
    "reason.chou": _("This card is chou (臭牌) for you: you may no longer chi or peng it."),
    "reason.chi_wrong_source": _("You may chi only a card from the player before you, or your own reveal."),
    "reason.bi_impossible": _(
        "You could not chi it: your other copies of it cannot all go into the same chi (bi, 比)."
    ),
    "reason.no_discard_left": _(
        "You could not take it: after that chi or peng no card would be left to discard."
    ),
    "reason.kan_locked": _("You hold a kan (坎) of it, and a kan is never split: only a pao could take it."),
    "reason.dead_hand": _("Your hand is dead (死手): you may only reveal, pao and ti."),
    "reason.not_complete": _("You could not take it: it would not complete your hand."),
    "reason.below_min_huxi": _(
        "Your hand would be complete, but with {huxi} huxi, under the {min} needed to win."
    ),
    "reason.pao_needs_reveal": _("A peng grows into a pao only with a card revealed from the stock."),
    "reason.win_on_discard": _("Nobody may win on a discarded card, only on a card revealed from the stock."),
    "reason.other": _("You could not take it."),
    # why the player's claim lost (the server's priority rules)
    "priority.drawer_win": _(
        "Your claim lost to {seat}, who won with it: a win by the player who drew the card comes first."
    ),
    "priority.win": _("Your claim lost to {seat}, who won with it: a win beats every other claim."),
    "priority.identical": _(
        "Your claim lost to {seat}: an identical triple or quad comes before a mixed group "
        "and before a group of the player who drew the card."
    ),
    "priority.drawer_group": _(
        "Your claim lost to {seat}: a group of the player who drew the card comes before the next "
        "player's mixed group."
    ),
    "priority.pao_peng": _("Your claim lost to {seat}: a pao or a peng comes before a chi."),
    "priority.nearer": _(
        "Your claim lost to {seat}: between claims of the same rank, the seat nearer in turn order "
        "to the card's owner wins."
    ),
    "priority.other": _("Your claim lost to {seat}, whose claim ranks higher."),
    # the end of the deal
    "end.winner": _("{seat} wins"),
    "end.winner.you": _("You win!"),
    "end.draw": _("Nobody won"),
    "end.draw_why": _("The stock is empty, so the deal is a draw."),
    "end.card": _("Winning card"),
    "end.tianhu": _("A celestial win (tianhu, 天胡) at the start: only the ti and kan count."),
    "end.groups": _("The winner's groups"),
    "end.total": _("Total"),
    "end.sum": _("{terms} = {total}"),
    "end.tun_step": _("{huxi} → {tun}"),
    "end.tun_rule": _(
        "15 to 17 huxi make 1 tun, and every 3 huxi more make 1 tun more; "
        "each opponent pays the winner that many tun."
    ),
    "end.payments": _("Payments"),
    "end.hands": _("Every hand"),
    "end.hand_of": _("The hand of {seat}"),
    "end.hand_empty": _("No cards left"),
    "end.new_deal": _("New deal"),
    "end.other_level": _("Or a new deal at another level:"),
    "end.download": _("Download the game record"),
    "end.review": _("Review this deal"),
    "end.par_title": _("Against par"),
    "end.par": _(
        "Your result: {result}. Par, the strongest computer in your seat with the same cards: {par}. "
        "Your score above par: {above}."
    ),
    "end.par_pending": _(
        "The strongest computer is playing your cards to set the par; it shows here in a moment."
    ),
    "end.original": _("The player who shared this deal scored {result}; its par was {par}."),
    "end.my_deals": _("Your deals and statistics"),
    # the cards the player waits for (the server's ``waits``)
    "waits.title": _("One card from a win. You wait for:"),
    "waits.item": _("{card}: {value}, {unseen}"),
    "waits.item_note": _("{card}: {value} ({note}), {unseen}"),
    "waits.own": _("{value} on your own reveal"),
    "waits.own_only": _("only on your own reveal"),
    # what the computer would do (the server's ``hint``, its reason ``hint.<key>``)
    "hint.ask": _("What would the computer do?"),
    "hint.asking": _("The computer is thinking…"),
    "hint.badge": _("Suggested"),
    "hint.marked": _("Suggested by the computer: {label}"),
    "hint.pass": _("The computer would pass."),
    "hint.discard": _("The computer would discard this card: {card}."),
    "hint.claim": _("The computer would choose the marked button: {button}."),
    "hint.win": _("Your hand is complete: win now."),
    "hint.discard_safe": _(
        "Of the cards that help your hand least, this one is the least likely to give another player "
        "a claim: {card}."
    ),
    "hint.only": _("There is nothing else worth doing here."),
    # the bar above the table, and the tab title
    "bar.pause": _("Pause"),
    "bar.resume": _("Resume"),
    "title.your_turn": _("Your turn · {title}"),
}

# Plural messages: key -> (singular, plural); ``{n}`` is the number.
TABLE_PLURALS: dict[str, tuple[str, str]] = {
    "countdown": _n("{n} second left", "{n} seconds left"),
    "cards_in_hand": _n("{n} card in hand", "{n} cards in hand"),
    "face_down": _n("{n} face-down card", "{n} face-down cards"),
    "stock": _n("{n} card in the stock", "{n} cards in the stock"),
    "points": _n("{n} point", "{n} points"),
    "huxi": _n("{n} huxi", "{n} huxi"),
    "tun": _n("{n} tun", "{n} tun"),
    "evening": _n(
        "This evening: {n} deal, a total of {result}.",
        "This evening: {n} deals, a total of {result}.",
    ),
    "unseen_copies": _n("{n} copy not seen yet", "{n} copies not seen yet"),
    "hint.ready": _n(
        "This keeps your hand one card from complete, and {n} card you have not seen would complete it.",
        "This keeps your hand one card from complete, and {n} cards you have not seen would complete it.",
    ),
    "hint.claim_closer": _n(
        "After this claim your hand is {n} card from complete instead of {before}.",
        "After this claim your hand is {n} cards from complete instead of {before}.",
    ),
    "no_closer": _n(
        "This claim does not bring your hand closer to complete: after it, your hand is {n} card away.",
        "This claim does not bring your hand closer to complete: after it, your hand is {n} cards away.",
    ),
    "hint.pass_keeps": _n(
        "No claim would bring your hand closer to complete: it stays {n} card away, "
        "so passing loses nothing.",
        "No claim would bring your hand closer to complete: it stays {n} cards away, "
        "so passing loses nothing.",
    ),
    "hint.discard_least": _n(
        "This card helps your hand least: {card}. Without it your hand is {n} card from complete.",
        "This card helps your hand least: {card}. Without it your hand is {n} cards from complete.",
    ),
}

# Errors the server sends: key -> msgid.
ERRORS: dict[str, str] = {
    "error.malformed": _("That message could not be read."),
    "error.unknown_type": _("That kind of message is not known."),
    "error.stale": _("That answer was for an earlier moment of the game."),
    "error.not_your_turn": _("It is not your turn to act."),
    "error.hints": _("You have asked for many hints in a short time. Wait a moment, then ask again."),
    "error.illegal": _("That action is not allowed now."),
    "error.finished": _("The deal is already over."),
    "error.forbidden": _("This is not your table."),
    "error.unknown_table": _("There is no such table."),
    "error.busy": _("The table is busy; try again."),
    "error.lesson": _("This lesson asks for another move here: the one its tip shows."),
    "error.not_host": _("Only the host can do that, and only before the deal starts."),
    "error.not_over": _("The next deal can be dealt once this one is over."),
    "error.not_friends": _("That is for tables with friends only."),
    "error.one_pace": _("At a table with friends everyone plays at the same pace."),
    "error.reaction": _("That reaction is not one of the table's."),
    "error.reactions": _("You have sent many reactions in a short time. Wait a moment."),
}


REVIEW_MESSAGES: dict[str, str] = {
    # the replay
    "review.step": _("Step {n} of {total}"),
    "review.start": _("Start"),
    "review.previous": _("Previous"),
    "review.next": _("Next"),
    "review.end": _("End"),
    "review.next_flag": _("Next flagged decision"),
    "review.no_flag": _("No flagged decision after this step."),
    "review.slider": _("Step of the deal"),
    "review.keys": _("Arrow keys step through the deal; Home and End jump."),
    "review.show_mine": _("What I could see then"),
    # the judgement
    "review.decision": _("Your decision"),
    "review.no_decision": _("You had nothing to decide at this step."),
    "review.options": _("Every option, with your chance to win the deal after it"),
    "review.mark.chosen": _("(your choice)"),
    "review.mark.best": _("(best)"),
    "review.mark.chosen_best": _("(your choice, and the best)"),
    "review.chance": _("{percent}% chance to win"),
    "review.loss": _("Loss: {points} percentage points"),
    "review.flag.inaccuracy": _("Inaccuracy"),
    "review.flag.mistake": _("Mistake"),
    "review.flag.blunder": _("Blunder"),
    "review.flag.none": _("Good choice"),
    "review.accuracy": _("Accuracy: {accuracy}"),
    "review.accuracy_note": _(
        "100: every choice was the computer's best. 0: no better, on average, than picking at random. "
        "Decisions where every option was worth the same are left out."
    ),
    "review.flags_count": _("Inaccuracies: {inaccuracy}, mistakes: {mistake}, blunders: {blunder}"),
    # what the player's choices cost, in the unit the game's result is counted in
    "review.lost.points": _("Expected points lost to your choices over the deal: {n}"),
    "review.lost.tun": _("Expected tun lost to your choices over the deal: {n}"),
    "review.loss_in.points": _("Expected points lost: {n}"),
    "review.loss_in.tun": _("Expected tun lost: {n}"),
    # the flagged decisions grouped by what went wrong
    "review.kinds": _("What to work on"),
    "review.kind_cost.points": _("Decisions: {count} · expected points lost: {n}"),
    "review.kind_cost.tun": _("Decisions: {count} · expected tun lost: {n}"),
    "review.kind_decision.points": _("Action {index}, {flag}: expected points lost {n}"),
    "review.kind_decision.tun": _("Action {index}, {flag}: expected tun lost {n}"),
    "review.kind.missed_win": _("A win left untaken"),
    "review.kind.fed_win": _("A discard another player won on at once"),
    "review.kind.refused_claim": _("A card worth taking, let go"),
    "review.kind.needless_claim": _("A card taken that was better left"),
    "review.kind.other_claim": _("A card taken into the wrong group"),
    "review.kind.missed_wait": _("A chance to be one card from a win, missed"),
    "review.kind.broke_group": _("A discard that broke up your hand"),
    "review.kind.weaker_discard": _("A riskier or weaker discard"),
    "review.kind.other": _("Other choices"),
    "review.graph": _("Your chance to win along the deal"),
    "review.graph_text": _("Your chance to win, decision by decision"),
    "review.graph_point": _("Action {index}: {percent}%"),
    "review.graph_point_flag": _("Action {index}: {percent}% ({flag})"),
    "review.graph_axis": _("Chance to win (%)"),
    "review.graph_decisions": _("Your decisions, in order"),
    # what the "why" below a decision is about: the best option (named), or the player's own choice
    "review.why_best": _("Why the best option, {action}, is better:"),
    "review.why_chosen": _("Why your choice is the best:"),
    "review.progress": _("The computer is reviewing the deal: {done} of {total} parts done."),
    "review.failed": _("The review could not be computed. Reload the page to try again."),
    "review.too_big": _("This file is too large to be a game record."),
    "review.reviewing": _("The computer is reviewing the record…"),
    # why the best option is better (the review's "why" keys)
    "review.wins_now": _("This wins the deal at once."),
    "review.closer_to_win": _(
        "It leaves your hand closer to a win: {missing} missing instead of {other_missing}."
    ),
    "review.more_outs": _(
        "It keeps more cards that would complete your hand: {outs} instead of {other_outs}."
    ),
    "review.more_points": _("It keeps a hand that scores more: {points} instead of {other_points}."),
    "review.avoids_feeding": _("It keeps back {card}, a card another player could use."),
    "review.keeps_company": _("It keeps {card}, which still has partners in your hand."),
    "review.takes_group": _("Taking the card completes a group at once: {group}."),
    "review.pass_keeps_hand": _(
        "Passing keeps your hand closer to a win: {missing} missing instead of {other_missing}."
    ),
    "review.better_plan": _("It keeps a better plan for completing your hand."),
    "review.wins_more_playouts": _(
        "Played out in {worlds} possible deals, it won {wins} of them, the other choice {other_wins}."
    ),
    "review.better": _("The computer rates it higher overall."),
}


PUZZLE_MESSAGES: dict[str, str] = {
    "puzzle.question": _("What do you do?"),
    "puzzle.choose": _("Choose one option: click it, or press its number (1 to {last})."),
    "puzzle.loading": _("Finding a puzzle…"),
    "puzzle.none": _("No puzzle is left here. Try another theme or come back tomorrow."),
    "puzzle.none_due": _("None of your mistakes is due now."),
    "puzzle.waiting": _("Your mistakes still to learn: {waiting}; due now: {due}."),
    "puzzle.rating": _("Your puzzle rating: {rating}"),
    "puzzle.right": _("Right: that is the best option."),
    "puzzle.wrong": _("Not the best. The best was: {action}"),
    "puzzle.worth": _("What each option was worth: your chance to win after it"),
    "puzzle.played_out": _("Played out {worlds} times from what you could see, it won {percent}%."),
    "puzzle.led_to": _("What your choice led to in this deal:"),
    "puzzle.deal_over": _("The deal ended."),
    "puzzle.rating_moved": _("Your rating: {before} → {after}. This puzzle's rating is now {puzzle}."),
    "puzzle.practice": _("You had answered this puzzle before: practice, no rating moved."),
    "puzzle.learned": _("Answered right twice: learned. It will not come back."),
    "puzzle.comes_back_one": _("It comes back tomorrow."),
    "puzzle.next": _("Next puzzle"),
    "puzzle.theme.take_it": _("Take it"),
    "puzzle.theme.let_it_go": _("Let it go"),
    "puzzle.theme.which_group": _("Which group"),
    "puzzle.theme.safe_discard": _("A safe discard"),
    "puzzle.theme.shape": _("Keep the hand's shape"),
    "puzzle.theme.plan": _("The better plan"),
}


PUZZLE_PLURALS: dict[str, tuple[str, str]] = {
    "comes_back": _n("It comes back in {n} day.", "It comes back in {n} days."),
}


def puzzle_messages(lang: str, game: str) -> dict[str, Any]:
    """The review page's messages of ``game`` and the puzzle page's, translated into ``lang``."""
    out = review_messages(lang, game)
    token = i18n.set_language(lang)
    try:
        out.update({key: i18n.gettext(text) for key, text in PUZZLE_MESSAGES.items()})
        for key, (one, many) in PUZZLE_PLURALS.items():
            out[f"plural.{key}"] = i18n.plural_categories(one, many, lang)
        return out
    finally:
        i18n._current.reset(token)


def review_messages(lang: str, game: str) -> dict[str, Any]:
    """The table's messages of ``game`` and the review page's, translated into ``lang``."""
    out = table_messages(lang, game)
    token = i18n.set_language(lang)
    try:
        out.update({key: i18n.gettext(text) for key, text in REVIEW_MESSAGES.items()})
        return out
    finally:
        i18n._current.reset(token)


def error_text(key: str) -> str:
    """The translated text of an error key, in the current language."""
    return i18n.gettext(ERRORS[key])


def game_messages(game: str) -> dict[str, str]:
    """The table's messages of ``game``: every game's and its own (its words floor's ``TABLE``)."""
    own: dict[str, str] = floor(game, "words").TABLE
    return {**TABLE_MESSAGES, **own}


def every_table_message() -> dict[str, str]:
    """The table's messages of every registered game."""
    return {key: text for game in game_names() for key, text in game_messages(game).items()}


def table_messages(lang: str, game: str) -> dict[str, Any]:
    """Every message the table of ``game`` needs, translated into ``lang``, its card names and
    its scoring groups (``scoring.group_table``)."""
    token = i18n.set_language(lang)
    try:
        out: dict[str, Any] = {key: i18n.gettext(text) for key, text in game_messages(game).items()}
        out.update({key: i18n.gettext(text) for key, text in ERRORS.items()})
        for key, (one, many) in TABLE_PLURALS.items():
            out[f"plural.{key}"] = i18n.plural_categories(one, many, lang)
        out["names"] = art.card_names(game, i18n.gettext)
        kinds: tuple[str, ...] = floor(game, "words").GROUP_KINDS
        out["kinds"] = {kind: render_content.term(f"{game}.{kind}") for kind in kinds}
        out["groups"] = scoring.group_table(game)
        out["sprite"] = art.sprite_url(game)
        out["display"] = {game: display_hooks(game).CLIENT}
        return out
    finally:
        i18n._current.reset(token)
