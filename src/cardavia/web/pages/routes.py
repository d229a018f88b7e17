"""The HTML pages: catalogue, game page, rules, settings, the table page and record download.

Every page works without JavaScript except the live table itself.
"""

from __future__ import annotations

import json
import math
import time
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qsl

from babel.dates import format_timedelta
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.requests import HTTPConnection

from cardavia import content
from cardavia.ai import labels
from cardavia.web import i18n
from cardavia.web.config import (
    COOKIE_MAX_AGE,
    DIFFICULTIES,
    DISPLAY_KEYS,
    TABLE_SETTINGS,
    WebConfig,
    clamp_percent,
    hints_on,
    table_settings,
)
from cardavia.web.live import lessons, scoring
from cardavia.web.live.actor import TableActor
from cardavia.web.live.manager import TableManager
from cardavia.web.live.ownership import Unavailable
from cardavia.web.live.table_info import hash_secret
from cardavia.web.pages.messages import table_messages
from cardavia.web.pages.player import keep_player, player_of, players
from cardavia.web.pages.render import LANG_COOKIE, N_, error_page, game_info, render, request_language
from cardavia.web.rate_limit import TokenBuckets
from cardavia.web.storage.store import Store

router = APIRouter()


MAX_FIELDS = 20
TABLE_COOKIE_PREFIX = "cardavia_t_"
LISTED_TABLES = 50  # the most table cookies of one browser the game page looks up
MY_DEALS = 10  # the most finished deals the game page lists
Deal = dict[str, Any]  # one of a browser's deals as the game page lists it


async def read_form(request: Request) -> dict[str, str] | None:
    """An ``application/x-www-form-urlencoded`` body (the only kind the site's forms send).

    The first value of each field; None when the body is not such a form (well formed, UTF-8, at
    most ``MAX_FIELDS`` fields). An empty body is an empty form. ``BodyLimit`` keeps the body small.
    """
    body = await request.body()
    if not body:
        return {}
    try:
        pairs = parse_qsl(
            body.decode("utf-8"),
            keep_blank_values=True,
            strict_parsing=True,
            errors="strict",
            max_num_fields=MAX_FIELDS,
        )
    except ValueError:  # UnicodeDecodeError included
        return None
    form: dict[str, str] = {}
    for key, value in pairs:
        form.setdefault(key, value)
    return form


def table_cookie(table_id: str) -> str:
    """The name of the cookie holding a table's owner secret."""
    return f"{TABLE_COOKIE_PREFIX}{table_id}"


async def my_deals(request: Request, game: str, lang: str) -> tuple[list[Deal], list[Deal]]:
    """This browser's tables of ``game``, newest first, for the game page: the unfinished ones and
    at most ``MY_DEALS`` finished ones, each with its id, difficulty label, how long ago it was dealt
    (in ``lang``) and the actions played.

    A table is this browser's when it holds the table's owner secret (its cookie). A lesson's
    table is not listed: it is no deal of his.
    """
    secrets = {
        name[len(TABLE_COOKIE_PREFIX):]: value
        for name, value in request.cookies.items()
        if name.startswith(TABLE_COOKIE_PREFIX) and name[len(TABLE_COOKIE_PREFIX):].isalnum()
    }
    ids = sorted(secrets)[:LISTED_TABLES]
    store: Store = request.app.state.store
    tier_names = dict(localized_difficulties(request))
    now = time.time()
    loc = "zh_Hans" if lang == "zh" else lang
    rows = [
        row for row in await store.summaries(ids)
        if row.game == game and hash_secret(secrets[row.id]) == row.secret_hash
        and lessons.match(row.game, lessons.HUMAN, row.position) is None  # a lesson is no deal of his
    ]  # fmt: skip
    listed = [
        {
            "id": row.id,
            "difficulty": tier_names.get(row.difficulty, row.difficulty),
            "when": format_timedelta(timedelta(seconds=row.created_at - now), add_direction=True, locale=loc),
            "moves": row.actions,
            "finished": row.finished,
        }
        for row in rows
    ]
    return [d for d in listed if not d["finished"]], [d for d in listed if d["finished"]][:MY_DEALS]


def _tables(request: Request) -> TableManager:
    manager: TableManager = request.app.state.tables
    return manager


def _config(request: Request) -> WebConfig:
    config: WebConfig = request.app.state.config
    return config


def _difficulties() -> list[tuple[str, str]]:
    labels = {"easy": i18n.gettext("Easy"), "normal": i18n.gettext("Normal"), "hard": i18n.gettext("Hard")}
    return [(d, labels[d]) for d in DIFFICULTIES]


def _felt(game: str) -> dict[str, dict[str, Any]]:
    """Per tier, what a solid player wins against it (``labels.label``), for the difficulty choice."""
    out: dict[str, dict[str, Any]] = {}
    for tier in DIFFICULTIES:
        sentence, numbers = labels.label(game, tier)
        out[tier] = {"sentence": sentence, **numbers}
    return out


def _not_found(request: Request, message: str) -> HTMLResponse:
    return error_page(request, 404, N_("Not found"), message)


def localized_difficulties(request: Request) -> list[tuple[str, str]]:
    """Every tier with its name in the request's language (deals of any tier are listed by it)."""
    token = i18n.set_language(request_language(request))
    try:
        return _difficulties()
    finally:
        i18n._current.reset(token)


def offered_levels(request: Request, game: str) -> list[tuple[str, str]]:
    """The levels ``game`` offers (``labels.levels``), each with its name in the request's language."""
    levels = labels.levels(game)
    return [(d, name) for d, name in localized_difficulties(request) if d in levels]


def _levels_page(request: Request, game: str) -> dict[str, Any]:
    """What a game page needs to offer the game's levels and lessons: the levels, the measured
    sentence of each, whether a harder level is left out (the page says why), and the lessons."""
    levels = offered_levels(request, game)
    return {
        "difficulties": levels, "felt": _felt(game), "no_hard": "hard" not in dict(levels),
        "lessons": lessons.lessons_of(game),
    }  # fmt: skip


@router.get("/", response_class=HTMLResponse)
async def catalogue_page(request: Request) -> HTMLResponse:
    """The games catalogue."""
    return render(request, "catalogue.html")


@router.get("/games/{game}", response_class=HTMLResponse)
async def game_page(request: Request, game: str) -> HTMLResponse:
    """A game's page: description, difficulty and start button, and this browser's deals (the
    unfinished to resume, the finished to review)."""
    if game not in content.GAMES:
        return _not_found(request, N_("There is no such game."))
    lang = request_language(request)
    unfinished, finished = await my_deals(request, game, lang)
    return render(
        request,
        "game.html",
        game=game_info(game, lang),
        table=None,
        deals=finished,
        **_levels_page(request, game),
        difficulty="normal",
        unfinished=unfinished,
    )


@router.get("/games/{game}/rules", response_class=HTMLResponse)
async def rules_page(request: Request, game: str) -> HTMLResponse:
    """A game's full rules in the page's language (English when not translated yet)."""
    if game not in content.GAMES:
        return _not_found(request, N_("There is no such game."))
    lang = request_language(request)
    return render(
        request, "rules.html", game=game_info(game, lang), rules_template=content.rules_template(game, lang)
    )


async def new_table_form(request: Request, game: str) -> tuple[dict[str, str], str] | HTMLResponse:
    """A new table's form for ``game`` and its level (``difficulty``, none: normal), or the page
    to answer: 404 for no such game, 400 for an unreadable form or a level the game does not offer."""
    if game not in content.GAMES:
        return _not_found(request, N_("There is no such game."))
    form = await read_form(request)
    if form is None:
        return error_page(request, 400, N_("Bad request"), N_("The form could not be read."))
    difficulty = form.get("difficulty") or "normal"
    if difficulty not in labels.levels(game):
        return error_page(request, 400, N_("Bad request"), N_("Choose one of the game's levels."))
    return form, difficulty


@router.post("/games/{game}/start")
async def start_game(request: Request, game: str) -> Response:
    """Deal a new table for this browser and go to it."""
    checked = await new_table_form(request, game)
    if isinstance(checked, HTMLResponse):
        return checked
    _, difficulty = checked
    refused = _too_many_deals(request)
    if refused is not None:
        return refused
    table_id, secret = await _tables(request).deal(game, difficulty)
    return await to_new_deal(request, table_id, secret, game, difficulty, "solo")


async def to_new_deal(
    request: Request, table_id: str, secret: str, game: str, difficulty: str, kind: str,
    day: str | None = None, seat: int = 0, origin: str | None = None,
) -> Response:
    """Go to a newly dealt table (``_to_table``), noted among the player's deals (a browser
    without a player id is given one)."""
    response = _to_table(request, table_id, secret)
    key = keep_player(request, response)
    await players(request).add_deal(key, table_id, game, difficulty, seat, kind, day, origin)
    return response


@router.post("/games/{game}/learn")
async def learn_game(request: Request, game: str) -> Response:
    """Set out one of the game's guided deals (the form's ``lesson``, by default its first) for
    this browser and go to it.

    Checked like a new deal (a readable form, the new-deal limit); another game's or an unknown
    lesson is a 404. A lesson is not the game's current deal: the link back to a running deal
    stays as it was.
    """
    offered = lessons.lessons_of(game)
    if not offered:
        return _not_found(request, N_("There is no such game."))
    form = await read_form(request)
    if form is None:
        return error_page(request, 400, N_("Bad request"), N_("The form could not be read."))
    name = form.get("lesson", offered[0])
    if name not in offered:
        return _not_found(request, N_("There is no such lesson."))
    refused = _too_many_deals(request)
    if refused is not None:
        return refused
    table_id, secret = await _tables(request).learn(lessons.lesson(name))
    return _to_table(request, table_id, secret)


def _too_many_deals(request: Request) -> HTMLResponse | None:
    """The 429 page when this client has started too many deals lately, else None (counted)."""
    wait = _start_wait(request)
    if wait <= 0:
        return None
    message = N_("You have started many deals in a short time. Wait a minute, then try again.")
    page = error_page(request, 429, N_("Too many new deals"), message)
    page.headers["Retry-After"] = str(math.ceil(wait))
    return page


def _to_table(request: Request, table_id: str, secret: str) -> Response:
    """Go to a newly dealt table, with its owner secret in the table's HttpOnly cookie."""
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    secure = _config(request).secure_cookies
    response.set_cookie(
        table_cookie(table_id), secret, max_age=COOKIE_MAX_AGE, httponly=True, samesite="lax", secure=secure
    )
    return response


def _start_wait(request: Request) -> float:
    """0 when this client may deal a table now (it is counted), else the seconds until he may."""
    limits: TokenBuckets | None = request.app.state.start_limits
    if limits is None:
        return 0.0
    return limits.take(request.client.host if request.client else "")


async def _owned_table(request: Request, table_id: str) -> tuple[TableActor, int] | HTMLResponse:
    """The live table ``table_id`` and the seat of the person whose cookie this request carries,
    or the error page to answer."""
    if not table_id.isalnum() or len(table_id) > 32:
        return _not_found(request, N_("There is no such table."))
    try:
        actor = await _tables(request).get(table_id)
    except Unavailable:  # another process holds the table and did not let go in time
        page = error_page(request, 503, N_("Not yet"), N_("The table is busy; try again."))
        page.headers["Retry-After"] = "1"
        return page
    if actor is None:
        if await _tables(request).rooms.abandoned(table_id):
            message = N_("Everyone had left this table for ten minutes, so its deal was ended. "
                         "It counts in nobody's results.")
            return error_page(request, 410, N_("Abandoned"), message)
        return _not_found(request, N_("There is no such table."))
    seat = await seat_of(request, actor)
    if seat is None:
        return error_page(request, 403, N_("Forbidden"), N_("This is not your table."))
    return actor, seat


async def seat_of(request: HTTPConnection, actor: TableActor) -> int | None:
    """The seat at ``actor``'s table of the person this request (or socket) comes from: by the
    table's own secret cookie, else by the player id when the table is one of the player's deals
    and that seat is a person's (at a friends' table, also by the cookie of the room's first
    deal, the secret being the same for all its deals). None for anyone else."""
    seat = actor.seat_of(request.cookies.get(table_cookie(actor.id)))
    if seat is None and actor.company is not None:  # a later deal of a friends' table: the seat's cookie
        seat = actor.seat_of(request.cookies.get(table_cookie(actor.company.room.id)))
    key = player_of(request)
    if seat is None and key is not None:
        seat = await players(request).seat_at(key, actor.id)
        if seat not in actor.viewers:
            seat = None
    return seat


@router.get("/tables/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: str) -> HTMLResponse:
    """The game page with the live table of this browser's deal."""
    found = await _owned_table(request, table_id)
    if isinstance(found, HTMLResponse):
        return found
    actor, seat = found
    lang = request_language(request)
    name = actor.game.spec.name
    key = player_of(request)
    listed = key is None or actor.company is None or await players(request).seat_at(key, actor.id) is not None
    if key is not None and not listed:  # a friends' deal joins the list of each person at it
        await players(request).add_deal(key, actor.id, name, actor.difficulty, seat, "friends")
    messages = table_messages(lang, name)
    lesson = None if actor.lesson is None else actor.lesson.name
    if lesson is not None:
        messages.update(lessons.lesson_messages(lang, lesson))
    return render(
        request,
        "game.html",
        game=game_info(name, lang),
        table={
            "id": actor.id, "game": name, "seat": seat, "difficulty": actor.difficulty,
            "hints": hints_on(table_settings(request.cookies)["hints"], actor.difficulty),
            "step_ms": round(_config(request).ai_delay * 1000), "lesson": lesson,
            "friends": actor.company is not None,
            "level": dict(localized_difficulties(request)).get(actor.difficulty, actor.difficulty),
            "levels": offered_levels(request, name),
        },
        messages=messages,
        **_levels_page(request, name),
        difficulty=actor.difficulty if actor.lesson is None else "normal",
        unfinished=[],
        deals=[],
        rules_template=content.rules_template(name, lang),
    )


@router.get("/tables/{table_id}/win")
async def table_win(request: Request, table_id: str) -> Response:
    """What a person's Win button is worth: ``{"v": frame, "win": …}`` for the last frame shown to
    them, ``win`` as ``scoring.win_value`` says, or null when that frame offers them no win."""
    found = await _owned_table(request, table_id)
    if isinstance(found, HTMLResponse):
        return found
    actor, seat = found
    frame = actor.viewers[seat].last
    win = scoring.win_value(actor.game.spec.name, frame.view, seat) if "win" in frame.legal else None
    return JSONResponse({"v": frame.v, "win": win}, headers={"Cache-Control": "no-store"})


@router.get("/tables/{table_id}/record")
async def table_record(request: Request, table_id: str) -> Response:
    """The finished deal's game record (JSON that ``cardavia replay`` accepts), as a download.

    Refused while the deal is on: the record holds every hidden card.
    """
    found = await _owned_table(request, table_id)
    if isinstance(found, HTMLResponse):
        return found
    actor, seat = found
    if not actor.shown_end(seat):
        return error_page(
            request, 409, N_("Not yet"), N_("The record can be downloaded when the deal is over.")
        )
    body = json.dumps(actor.game.record(), ensure_ascii=False, indent=1)
    return Response(
        body,
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="cardavia-{actor.game.spec.name}-{table_id}.json"'
        },
    )


def _safe_next(value: object) -> str:
    if isinstance(value, str) and value.startswith("/") and not value.startswith("//") and "\\" not in value:
        return value
    return "/"


@router.get("/settings", response_class=HTMLResponse)
async def settings_page(request: Request) -> HTMLResponse:
    """The settings form on a page of its own."""
    return render(request, "settings.html", error=None)


@router.post("/settings")
async def save_settings(request: Request) -> Response:
    """Store language and display settings in cookies, then go back to the page they came from.

    A bad value changes nothing and is answered with a 400 page naming it.
    """
    form = await read_form(request)
    if form is None:
        return _settings_error(request, N_("The form could not be read."))
    values: dict[str, Any] = {}
    lang = form.get("lang")
    if lang is not None:
        if i18n.normalize(lang) is None:
            return _settings_error(request, N_("Unknown language."))
        values[LANG_COOKIE] = i18n.normalize(lang)
    for key in DISPLAY_KEYS:
        raw = form.get(key)
        if raw is None:
            continue
        number = clamp_percent(raw)
        if number is None:
            return _settings_error(request, N_("Display settings must be whole numbers from 0 to 100."))
        values[key] = number
    for key, choices in TABLE_SETTINGS.items():
        choice = form.get(key)
        if choice is None:
            continue
        if choice not in choices:
            return _settings_error(request, N_("That table setting is not one of its choices."))
        values[key] = choice
    response = RedirectResponse(_safe_next(form.get("next")), status_code=303)
    for key, value in values.items():
        response.set_cookie(
            key, str(value), max_age=COOKIE_MAX_AGE, samesite="lax", secure=_config(request).secure_cookies
        )
    return response


def _settings_error(request: Request, message: str) -> HTMLResponse:
    token = i18n.set_language(request_language(request))
    try:
        text = i18n.gettext(message)
    finally:
        i18n._current.reset(token)
    return render(request, "settings.html", status=400, error=text)
