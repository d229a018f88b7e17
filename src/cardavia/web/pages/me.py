"""The player's own pages: their deals, statistics, name, export, import and "forget me"
(``/me``; JSON at ``/me/deals.json`` and ``/me/stats.json``; PROTOCOL.md).

Everything here is read by the player's cookie id only (``player.py``): without it there is
nothing to show, and no id in a URL names a player.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import math
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.datastructures import UploadFile

from cardavia.engine import record as records
from cardavia.engine.display import display_hooks
from cardavia.engine.errors import CardaviaError
from cardavia.engine.game import seat_result
from cardavia.engine.registry import game_names
from cardavia.web.config import DIFFICULTIES
from cardavia.web.live.facts import deal_facts
from cardavia.web.live.table_info import hash_secret, new_secret
from cardavia.web.pages.charts import par_chart, win_chart
from cardavia.web.pages.player import forget_player, keep_player, player_of, players, puzzle_book
from cardavia.web.pages.render import N_, error_page, game_info, render, request_language
from cardavia.web.pages.routes import _owned_table, _too_many_deals, localized_difficulties, read_form
from cardavia.web.storage.players import KINDS, PlayerDeal
from cardavia.web.storage.stats import evening, statistics, trend
from cardavia.web.storage.store import Store

router = APIRouter()

PAGE_SIZE = 20
NAME_LIMIT = 40
IMPORT_LIMIT = 8 * 1024 * 1024  # bytes of an import file (``guards.BodyLimit`` lets this route have them)
IMPORT_LINES = 2000  # each is replayed and checked (about 7 ms): at most some 14 s off the event loop


def iso(moment: float | None) -> str | None:
    """A time as ISO 8601 in UTC, to the second."""
    if moment is None:
        return None
    return datetime.fromtimestamp(moment, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def deal_json(deal: PlayerDeal) -> dict[str, Any]:
    """One deal as ``/me/deals.json`` lists it."""
    return {
        "table": deal.table, "game": deal.game, "difficulty": deal.difficulty, "kind": deal.kind,
        "status": deal.status, "result": deal.result, "par": deal.par, "started": iso(deal.started),
        "ended": iso(deal.ended),
    }


def _page_number(request: Request) -> int | None:
    raw = request.query_params.get("page", "1")
    if not raw.isascii() or not raw.isdigit() or len(raw) > 6 or int(raw) < 1:
        return None
    return int(raw)


async def _page(request: Request, key: str | None, page: int) -> tuple[list[PlayerDeal], int | None]:
    """The deals of page ``page`` (from 1) and the next page's number, or None."""
    if key is None:
        return [], None
    found = await players(request).deals(key, (page - 1) * PAGE_SIZE, PAGE_SIZE + 1)
    return found[:PAGE_SIZE], page + 1 if len(found) > PAGE_SIZE else None


@router.get("/me/deals.json")
async def deals_json(request: Request) -> Response:
    """The player's deals, newest first, ``PAGE_SIZE`` a page."""
    page = _page_number(request)
    if page is None:
        return JSONResponse({"error": "'page' is a whole number from 1"}, 400)
    deals, following = await _page(request, player_of(request), page)
    return JSONResponse({"deals": [deal_json(d) for d in deals], "next": following}, headers=_private())


@router.get("/me/stats.json")
async def stats_json(request: Request) -> Response:
    """The player's statistics by game and difficulty, and the evening's."""
    key = player_of(request)
    deals = [] if key is None else await players(request).deals(key)
    return JSONResponse(statistics(deals), headers=_private())


@router.get("/me", response_class=HTMLResponse)
async def me_page(request: Request) -> HTMLResponse:
    """The player's deals (paged), statistics and charts, name, export, import and forget."""
    page = _page_number(request) or 1
    key = player_of(request)
    every = [] if key is None else await players(request).deals(key)
    shown = every[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    stats = statistics(every)
    tiers = dict(localized_difficulties(request))
    lang = request_language(request)
    titles = {name: str(game_info(name, lang)["title"]) for name in game_names()}
    puzzles = {name: await puzzle_book(request).standing(key, name) for name in game_names()} if key else {}
    return render(
        request,
        "me.html",
        known=key is not None,
        puzzles=puzzles,
        player_name=(await players(request).name(key)) if key else None,
        deals=[{**deal_json(d), "above_par": d.above_par, "outcome": d.outcome} for d in shown],
        page=page,
        next_page=page + 1 if len(every) > page * PAGE_SIZE else None,
        stats=stats,
        par_chart=functools.partial(par_chart, trend(every)),
        win_chart=functools.partial(win_chart, stats["games"], functools.partial(_label, titles, tiers)),
        titles=titles,
        units={name: display_hooks(name).CLIENT for name in game_names()},
        tiers=tiers,
        signed=signed,
    )


@router.get("/tables/{table_id}/par")
async def table_par(request: Request, table_id: str) -> Response:
    """What the end panel adds for a player's finished deal: their result, its par and the score
    above par (null while the par is worked out), the evening's running totals, and for a shared
    deal played again the original's result and par."""
    found = await _owned_table(request, table_id)
    if isinstance(found, HTMLResponse):
        return JSONResponse({"error": "not your table"}, found.status_code)
    actor, seat = found
    if not actor.shown_end(seat):
        return JSONResponse({"error": "the deal is not over"}, 409)
    key = player_of(request)
    every = [] if key is None else await players(request).deals(key)
    deal = next((d for d in every if d.table == actor.id), None)
    night = evening(every)
    original = None if key is None else await players(request).original(key, actor.id)
    body = {
        "result": None if deal is None else deal.result,
        "par": None if deal is None else deal.par,
        "above_par": None if deal is None else deal.above_par,
        "evening": {
            "deals": len(night),
            "result": sum(d.result or 0 for d in night),
            "above_par": sum(d.above_par for d in night if d.above_par is not None)
            if any(d.above_par is not None for d in night) else None,
        },
        "original": None if original is None else {"result": original[0], "par": original[1]},
    }
    return JSONResponse(body, headers=_private())


@router.post("/me/name")
async def set_name(request: Request) -> Response:
    """Keep the player's display name (empty: none)."""
    key = player_of(request)
    form = await read_form(request)
    if form is None:
        return error_page(request, 400, N_("Bad request"), N_("The form could not be read."))
    if key is None:
        message = N_("Play a deal first: your name goes with your deals.")
        return error_page(request, 409, N_("Not yet"), message)
    name = " ".join(form.get("name", "").split())
    if len(name) > NAME_LIMIT or not name.isprintable():
        return error_page(request, 400, N_("Bad request"), N_("A name has at most 40 letters."))
    await players(request).set_name(key, name or None)
    return RedirectResponse("/me", status_code=303)


@router.post("/me/forget")
async def forget_me(request: Request) -> Response:
    """Delete the player's history and share links, and their cookie."""
    if await read_form(request) is None:
        return error_page(request, 400, N_("Bad request"), N_("The form could not be read."))
    response = RedirectResponse("/me", status_code=303)
    key = player_of(request)
    if key is not None:
        await players(request).forget(key)
    forget_player(request, response)
    return response


@router.get("/me/export")
async def export(request: Request) -> Response:
    """The player's finished deals as JSON Lines: each line a deal's record with the seat played,
    its kind, difficulty, day, times, par and review accuracy (null until computed). A deal still
    being played is left out: its record holds every hidden card."""
    key = player_of(request)
    store: Store = request.app.state.store
    lines = []
    for deal in [] if key is None else await players(request).deals(key):
        if deal.status == "live":
            continue
        row = await store.load(deal.table)
        if row is None:
            continue
        record = {**row.position, "actions": list(row.lines)}
        lines.append(json.dumps({
            "record": record, "seat": deal.seat, "kind": deal.kind, "difficulty": deal.difficulty,
            "day": deal.day, "started": iso(deal.started), "ended": iso(deal.ended), "par": deal.par,
            "accuracy": deal.accuracy,
        }, ensure_ascii=False))
    return Response(
        "".join(line + "\n" for line in lines),
        media_type="application/x-ndjson",
        headers={"Content-Disposition": 'attachment; filename="cardavia-deals.jsonl"', **_private()},
    )


class BadLine(Exception):
    """A line of an import file that cannot be taken (its number and why, in English)."""

    def __init__(self, line: int, why: str) -> None:
        super().__init__(f"line {line}: {why}")


def _moment(value: object, line: int) -> float:
    if not isinstance(value, str):
        raise BadLine(line, "'started' and 'ended' are times like 2026-12-04T10:00:00Z")
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
    except ValueError:
        raise BadLine(line, f"{value!r} is not a time like 2026-12-04T10:00:00Z") from None


def _read_line(text: str, number: int) -> tuple[dict[str, Any], PlayerDeal]:
    """One line of an export: its canonical record and the deal it was (``table`` still empty)."""
    try:
        entry = records.load_json(text)
    except CardaviaError as exc:
        raise BadLine(number, f"not JSON ({exc})") from None
    if not isinstance(entry, dict) or not isinstance(entry.get("record"), dict):
        raise BadLine(number, "each line is an object with a 'record'")
    kind, difficulty, day = entry.get("kind", "solo"), entry.get("difficulty"), entry.get("day")
    if kind not in KINDS or difficulty not in DIFFICULTIES or not (day is None or isinstance(day, str)):
        raise BadLine(number, "'kind', 'difficulty' or 'day' is not one the site knows")
    try:
        game = records.replay(records.parse_json(json.dumps(entry["record"])))
    except CardaviaError as exc:
        raise BadLine(number, str(exc)) from None
    seat, outcome, par, accuracy = entry.get("seat"), game.outcome(), entry.get("par"), entry.get("accuracy")
    if not all(v is None or (type(v) in (int, float) and math.isfinite(v)) for v in (par, accuracy)):
        raise BadLine(number, "'par' and 'accuracy' are numbers or null")
    if type(seat) is not int or not 0 <= seat < game.spec.seats:
        raise BadLine(number, "'seat' is not a seat of the game")
    if outcome is None:
        raise BadLine(number, "the deal is not over")
    winner = outcome.get("winner")
    facts = deal_facts(game, [seat])[seat]
    deal = PlayerDeal(
        table="", game=game.spec.name, difficulty=difficulty, kind=kind, seat=seat, day=day,
        started=_moment(entry.get("started"), number), ended=_moment(entry.get("ended"), number),
        status="draw" if winner is None else "won" if winner == seat else "lost",
        result=seat_result(outcome, seat), outcome=dict(outcome), scored=False,
        claims=facts.claims, fed=facts.fed, par=None if par is None else float(par),
        accuracy=None if accuracy is None else float(accuracy),
    )
    return game.record(), deal


def _read_lines(lines: list[tuple[int, str]]) -> list[tuple[dict[str, Any], PlayerDeal]]:
    return [_read_line(line, n) for n, line in lines]


@router.post("/me/import")
async def import_deals(request: Request) -> Response:
    """Restore an export (multipart, field ``file``) into this browser's player: every line is
    checked first (in a thread, off the event loop), and nothing is stored unless all are good
    (``400`` with the first bad line). A deal already among the player's is not added twice. Each
    import counts against the limit on new deals."""
    refused = _too_many_deals(request)
    if refused is not None:
        return refused
    try:
        form = await request.form(max_files=1, max_fields=4, max_part_size=IMPORT_LIMIT)
    except Exception:  # the multipart parser's refusals
        return _bad_import(request, "the body is not a form with a file")
    upload = form.get("file")
    if not isinstance(upload, UploadFile):
        return _bad_import(request, "the form has no field 'file'")
    raw = await upload.read(IMPORT_LIMIT + 1)
    if len(raw) > IMPORT_LIMIT:
        return _bad_import(request, "the file is larger than 8 MiB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return _bad_import(request, "the file is not UTF-8 text")
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > IMPORT_LINES:
        return _bad_import(request, f"the file has more than {IMPORT_LINES} deals")
    try:
        read = await asyncio.to_thread(_read_lines, lines)
    except BadLine as exc:
        return _bad_import(request, str(exc))
    response = RedirectResponse("/me", status_code=303)
    key = keep_player(request, response)
    store: Store = request.app.state.store
    mine = {d.table for d in await players(request).deals(key)}
    for record, deal in read:
        table = _imported_id(key, record, deal.seat)
        if table in mine:
            continue
        mine.add(table)
        position, lines = {k: v for k, v in record.items() if k != "actions"}, record["actions"]
        hashed = hash_secret(new_secret())  # nobody holds it: the deal is the player's by their id
        if not await store.has_table(table):  # stored before, by this player before they forgot it
            await store.import_table(table, deal.game, deal.seat, deal.difficulty, hashed, position, lines)
        if deal.par is not None:  # before the deal is listed, so that no par is computed for it
            await players(request).save_par(table, deal.seat, [deal.par])
        await players(request).add_finished(key, _with_table(deal, table))
    request.app.state.pars.poke()  # the imported deals without a par
    return response


def _with_table(deal: PlayerDeal, table: str) -> PlayerDeal:
    return replace(deal, table=table)


def _imported_id(key: str, record: dict[str, Any], seat: int) -> str:
    """The table id of an imported deal: the same for the same player, record and seat (so an
    import twice adds nothing), and unguessable without the player's key."""
    text = json.dumps(record, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(f"{key}\n{seat}\n{text}".encode()).hexdigest()[:32]


def _bad_import(request: Request, detail: str) -> HTMLResponse:
    message = N_("This file could not be imported; nothing was stored.")
    return error_page(request, 400, N_("Bad request"), message, detail)


def signed(value: float | None) -> str:
    """A result for the page: with its sign, whole when it is, else to two places; a dash for none."""
    if value is None:
        return "–"
    if value == 0:
        return "0"
    text = f"{value:+.0f}" if float(value).is_integer() else f"{value:+.2f}"
    return text.replace("-", "−")


def _label(titles: dict[str, str], tiers: dict[str, str], game: str, difficulty: str) -> str:
    """A line of the win chart: the game's title and the difficulty's name (in the page's language)."""
    return f"{titles.get(game, game)} · {tiers.get(difficulty, difficulty)}"


def _private() -> dict[str, str]:
    return {"Cache-Control": "no-store"}

