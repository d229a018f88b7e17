"""Today's deal: per game, one deal a day (UTC) with the same cards and the same computers'
randomness for everyone, at normal difficulty.

Its secret is an HMAC of the game and the date under a site secret kept in the database
(``Players.site_secret``), so nothing a browser receives lets it compute another day's deal. A
player's first finished attempt of the day counts (``scored``); later ones are practice. After it
the page shows the field (how many played, their results, the player's percentile), the par and
the player's streak of days in a row. Once the day is over, its cards (every hand as dealt) and
the field's results are public.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections import Counter
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from cardavia import content
from cardavia.engine.registry import get_spec
from cardavia.web.config import WebConfig
from cardavia.web.live.computers import AiRunner
from cardavia.web.live.table_info import ai_root, deal_seed
from cardavia.web.pages.me import signed
from cardavia.web.pages.messages import review_messages
from cardavia.web.pages.player import player_of, players
from cardavia.web.pages.render import N_, error_page, game_info, render, request_language
from cardavia.web.pages.routes import _not_found, _tables, _too_many_deals, read_form, to_new_deal
from cardavia.web.storage.pars import PAR_TIER
from cardavia.web.storage.players import PlayerDeal
from cardavia.web.storage.reviews import page_data
from cardavia.web.wire import ReviewDoc

router = APIRouter()

DIFFICULTY = "normal"
NOT_OVER = N_("A day's deal is shown to everyone once the day is over.")


def today(request: Request) -> str:
    """Today's date (UTC) by the app's clock (``app.state.clock``: tests move it)."""
    clock: Callable[[], float] = request.app.state.clock
    return datetime.fromtimestamp(clock(), UTC).date().isoformat()


async def daily_secret(request: Request, game: str, day: str) -> str:
    """The secret of ``game``'s deal of ``day``."""
    site = await players(request).site_secret("daily")
    return hmac.new(bytes.fromhex(site), f"daily\n{game}\n{day}".encode(), hashlib.sha256).hexdigest()


def percentile(field: list[float], result: float) -> float:
    """The share of the field (percent) that did worse than ``result``, ties counted half."""
    if not field:
        return 0.0
    below = sum(r < result for r in field) + 0.5 * sum(r == result for r in field)
    return round(100 * below / len(field), 1)


def streak(days: list[str], day: str) -> int:
    """How many days in a row up to ``day`` (or the day before, when ``day`` is not played yet)
    are among ``days``."""
    played = set(days)
    at = date.fromisoformat(day)
    if day not in played:
        at -= timedelta(days=1)
    count = 0
    while at.isoformat() in played:
        count += 1
        at -= timedelta(days=1)
    return count


def _valid_day(text: str) -> bool:
    try:
        return date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


async def _attempts(request: Request, game: str, day: str) -> list[PlayerDeal]:
    key = player_of(request)
    if key is None:
        return []
    return await players(request).deals(key, daily=(game, day))


@router.post("/games/{game}/daily")
async def play_daily(request: Request, game: str) -> Response:
    """Go to today's deal of ``game``: the player's attempt still being played, else a new one."""
    if game not in content.GAMES:
        return _not_found(request, N_("There is no such game."))
    if await read_form(request) is None:
        return error_page(request, 400, N_("Bad request"), N_("The form could not be read."))
    day = today(request)
    live = [d for d in await _attempts(request, game, day) if d.status == "live"]
    if live:
        return RedirectResponse(f"/tables/{live[0].table}", status_code=303)
    refused = _too_many_deals(request)
    if refused is not None:
        return refused
    secret = await daily_secret(request, game, day)
    table_id, owner = await _tables(request).deal(game, DIFFICULTY, secret)
    return await to_new_deal(request, table_id, owner, game, DIFFICULTY, "daily", day)


def _field(results: list[float]) -> list[dict[str, float | int]]:
    """The field's results, each with how many players got it (best first)."""
    return [{"result": r, "players": n} for r, n in sorted(Counter(results).items(), reverse=True)]


@router.get("/games/{game}/daily", response_class=HTMLResponse)
async def daily_page(request: Request, game: str) -> HTMLResponse:
    """Today's deal: start or resume it; after the player's scored attempt, the field, the par
    and the streak. The past week's days link to their public pages."""
    if game not in content.GAMES:
        return _not_found(request, N_("There is no such game."))
    day = today(request)
    attempts = await _attempts(request, game, day)
    scored = next((d for d in attempts if d.scored), None)
    key = player_of(request)
    field = await players(request).field(game, day) if scored else []
    days = await players(request).days_played(key, game) if key else []
    past = [(date.fromisoformat(day) - timedelta(days=n)).isoformat() for n in range(1, 8)]
    return render(
        request,
        "daily.html",
        game=game_info(game, request_language(request)),
        day=day,
        live=any(d.status == "live" for d in attempts),
        scored=scored,
        field=_field(field),
        played=len(field),
        percentile=percentile(field, scored.result) if scored and scored.result is not None else None,
        streak=streak(days, day),
        past=past,
        signed=signed,
    )


async def _past_position(request: Request, game: str, day: str) -> dict[str, Any] | HTMLResponse:
    """The starting position of ``game``'s deal of ``day`` once the day is over, else the page
    that says why not."""
    if game not in content.GAMES or not _valid_day(day):
        return _not_found(request, N_("There is no such game."))
    if day >= today(request):
        return error_page(request, 409, N_("Not yet"), NOT_OVER)
    position: dict[str, Any] = get_spec(game).dealt(deal_seed(await daily_secret(request, game, day)))
    return position


@router.get("/games/{game}/daily/{day}", response_class=HTMLResponse)
async def past_day(request: Request, game: str, day: str) -> HTMLResponse:
    """A day that is over: its cards, every hand as dealt, and the field's results."""
    position = await _past_position(request, game, day)
    if isinstance(position, HTMLResponse):
        return position
    field = await players(request).field(game, day)
    return render(
        request,
        "daily_past.html",
        game=game_info(game, request_language(request)),
        day=day,
        hands=[" ".join(hand) for hand in position["hands"]],
        dealer=position.get("dealer"),
        field=_field(field),
        played=len(field),
        signed=signed,
    )


REPLAYS: dict[tuple[str, str], dict[str, Any]] = {}
"""The strongest computer's play of past days' deals, by (game, day): computed once per process
(it is the same every time), the oldest dropped beyond ``REPLAYS_KEPT``."""
REPLAYS_KEPT = 32


@router.get("/games/{game}/daily/{day}/replay", response_class=HTMLResponse)
async def past_day_replay(request: Request, game: str, day: str) -> HTMLResponse:
    """A day that is over: the replay of its deal as the strongest computer played it from seat 0
    against that day's computers, every hand shown."""
    position = await _past_position(request, game, day)
    if isinstance(position, HTMLResponse):
        return position
    return render(
        request,
        "review.html",
        source={"data": f"/games/{game}/daily/{day}/replay.json", "daily": f"/games/{game}/daily/{day}"},
        game_name=game,
        messages=review_messages(request_language(request), game),
    )


@router.get("/games/{game}/daily/{day}/replay.json")
async def past_day_replay_data(request: Request, game: str, day: str) -> Response:
    """The replay's data, as the review page reads it (no judgement: ``review.decisions`` empty)."""
    position = await _past_position(request, game, day)
    if isinstance(position, HTMLResponse):
        return JSONResponse({"error": "not over"}, position.status_code)
    record = REPLAYS.get((game, day))
    if record is None:
        secret = await daily_secret(request, game, day)
        ai: AiRunner = request.app.state.ai
        config: WebConfig = request.app.state.config
        tier, computers = config.ai_tier_override or PAR_TIER, config.ai_tier_override or DIFFICULTY
        record = await ai.par_record({**position, "actions": []}, 0, tier, computers, ai_root(secret, ""))
        REPLAYS[(game, day)] = record
        while len(REPLAYS) > REPLAYS_KEPT:
            del REPLAYS[next(iter(REPLAYS))]
    doc: ReviewDoc = {
        "game": game, "seat": 0, "accuracy": 0.0, "points_lost": 0.0, "counted": 0, "decisions": [],
    }
    return JSONResponse({"status": "ready", **page_data(record, 0, doc)})


@router.get("/games/{game}/daily/{day}/record")
async def past_day_record(request: Request, game: str, day: str) -> Response:
    """A day that is over: its starting position as a record (``cardavia replay`` reads it)."""
    position = await _past_position(request, game, day)
    if isinstance(position, HTMLResponse):
        return position
    body = json.dumps({**position, "actions": []}, ensure_ascii=False, indent=1)
    disposition = f'attachment; filename="cardavia-{game}-daily-{day}.json"'
    return Response(body, media_type="application/json", headers={"Content-Disposition": disposition})
