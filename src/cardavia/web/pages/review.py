"""The review pages: a finished deal's replay with the computer's judgement, and uploaded records.

* ``GET /tables/{id}/review``: the page (the owner's, finished deals only; a live one is refused
  with 409: its review would show the hidden cards). The visit starts the review if none is stored.
* ``GET /tables/{id}/review/data``: JSON, ``{"status": "running", "done", "total"}`` while the
  workers judge, then ``{"status": "ready", ...page data}`` (``reviews.page_data``); ``failed``
  with ``error`` when it could not be judged.
* ``GET /review``: a page to open a record file of any seat; its script posts the file's JSON to
* ``POST /review/upload`` (``{"record": {...}, "seat": N}``, at most ``BodyLimit``'s bytes):
  ``ready`` with the page data and the game's messages, or 400 with ``error`` in words (429 past
  the rate limit of new deals, which uploads share). Nothing of an upload is stored.
"""

from __future__ import annotations

import json
import math
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from cardavia.engine import record as records
from cardavia.engine.errors import CardaviaError
from cardavia.engine.registry import game_names
from cardavia.review.core import check
from cardavia.web import i18n
from cardavia.web.live.actor import TableActor
from cardavia.web.pages.messages import review_messages
from cardavia.web.pages.render import N_, error_page, render, request_language
from cardavia.web.pages.routes import _owned_table, _start_wait
from cardavia.web.storage.reviews import Reviews, page_data, parts_of
from cardavia.web.wire import ReviewStatus

router = APIRouter()


def _reviews(request: Request) -> Reviews:
    reviews: Reviews = request.app.state.reviews
    return reviews


def _words(request: Request, message: str, **params: Any) -> str:
    token = i18n.set_language(request_language(request))
    try:
        return i18n.gettext(message).format(**params) if params else i18n.gettext(message)
    finally:
        i18n._current.reset(token)


LIVE = N_(
    "This deal is still being played. Its review opens when the deal is over: it shows every hidden card."
)


@router.get("/tables/{table_id}/review", response_class=HTMLResponse)
async def review_page(request: Request, table_id: str) -> HTMLResponse:
    """A finished deal's review page (the review starts now if it is not stored yet)."""
    found = await _owned_table(request, table_id)
    if isinstance(found, HTMLResponse):
        return found
    actor, seat = found
    if not actor.shown_end(seat):
        return error_page(request, 409, N_("Not yet"), LIVE)
    await _status(request, actor, seat)  # start judging at once
    lang = request_language(request)
    return render(
        request,
        "review.html",
        source={"data": f"/tables/{table_id}/review/data", "table": table_id},
        game_name=actor.game.spec.name,
        messages=review_messages(lang, actor.game.spec.name),
    )


async def _status(request: Request, actor: TableActor, seat: int) -> ReviewStatus:
    """The review of ``seat``'s decisions: ready (stored, or just judged), running, or failed;
    starts the judging when none is under way.

    The job is looked at before the store: a job leaves the server's memory only once its review
    is stored, so a review is never judged twice."""
    reviews = _reviews(request)
    record = actor.game.record()
    job = reviews.job(actor.id, seat)
    if job is None:
        doc = await reviews.stored(actor.id, seat)
        if doc is not None:
            return {"status": "ready", **page_data(record, seat, doc)}
        job = reviews.start(actor.id, record, seat)
    if job.error is not None:
        reviews.forget(actor.id, seat)  # the next visit tries again
        return {"status": "failed", "error": job.error}
    if job.doc is not None:
        return {"status": "ready", **page_data(record, seat, job.doc)}
    return {"status": "running", "done": job.done, "total": job.total}


@router.get("/tables/{table_id}/review/data")
async def review_data(request: Request, table_id: str) -> Response:
    """The review's progress, then the review and the replay (JSON)."""
    found = await _owned_table(request, table_id)
    if isinstance(found, HTMLResponse):
        gone = found.status_code == 404
        text = N_("There is no such table.") if gone else N_("This is not your table.")
        return JSONResponse({"error": _words(request, text)}, found.status_code)
    actor, seat = found
    if not actor.shown_end(seat):
        return JSONResponse({"error": _words(request, LIVE)}, 409)
    return JSONResponse(await _status(request, actor, seat))


@router.get("/review", response_class=HTMLResponse)
async def upload_page(request: Request) -> HTMLResponse:
    """The page that opens a record file for review."""
    lang = request_language(request)
    return render(
        request,
        "review.html",
        source={"upload": "/review/upload"},
        game_name=None,
        messages=_every_game(lang),
    )


def _every_game(lang: str) -> dict[str, Any]:
    """The review page's messages of every game (the upload may be of any), with every game's
    display facts."""
    messages: dict[str, Any] = {}
    display: dict[str, Any] = {}
    for name in game_names():
        words = review_messages(lang, name)
        display.update(words["display"])
        messages.update(words)
    return {**messages, "display": display}


def _bad(request: Request, detail: str) -> JSONResponse:
    return JSONResponse(
        {"error": _words(request, N_("This file could not be reviewed: {detail}"), detail=detail)}, 400
    )


@router.post("/review/upload")
async def upload_review(request: Request) -> Response:
    """Review an uploaded record from the seat asked for (nothing is stored). Each upload counts
    against the limit on new deals (``start_rate_per_minute``): both cost the workers' time."""
    wait = _start_wait(request)
    if wait > 0:
        text = N_("You have started many deals in a short time. Wait a minute, then try again.")
        retry = {"Retry-After": str(math.ceil(wait))}
        return JSONResponse({"error": _words(request, text)}, 429, headers=retry)
    try:
        text = (await request.body()).decode("utf-8")
    except UnicodeDecodeError:
        return _bad(request, _words(request, N_("it is not JSON.")))
    if records.json_depth(text) > records.MAX_DEPTH:
        text = N_("it nests deeper than {levels} levels, more than any game record.")
        return _bad(request, _words(request, text, levels=records.MAX_DEPTH))
    try:
        body = records.load_json(text)
    except CardaviaError:
        return _bad(request, _words(request, N_("it is not JSON.")))
    if not isinstance(body, dict) or not isinstance(body.get("record"), dict):
        return _bad(request, _words(request, N_("it is not a game record.")))
    seat = body.get("seat")
    try:
        record = records.parse_json(json.dumps(body["record"]))
        seats = records.replay(record).spec.seats
        if type(seat) is not int or not 0 <= seat < seats:
            text = N_("this game has no seat {seat} (its seats are 0 to {last}).")
            return _bad(request, _words(request, text, seat=seat, last=seats - 1))
        check(record, seat)
        record = records.replay(record).record()  # canonical: what the engine itself writes
    except CardaviaError as exc:
        return _bad(request, str(exc))
    doc = await _reviews(request).compute(record, seat, parts_of(record, seat))
    lang = request_language(request)
    return JSONResponse(
        {"status": "ready", **page_data(record, seat, doc), "messages": review_messages(lang, record["game"])}
    )
