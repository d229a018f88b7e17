"""Puzzles (PROTOCOL.md, "Puzzles"): a game's page, the next puzzle, and answers.

A puzzle is sent as the seat saw it: its view, what it saw happen since its last action, its
options; never the record (it holds the deal's seed), the answer or the values, until the answer
is given. Three ways to be asked: ``rated`` (the shipped puzzle nearest the player's rating that
they have not answered, of a chosen theme or any), ``daily`` (the puzzle of the day, the same for
everyone, drawn by an HMAC of the game and the UTC date under a site secret) and ``mistakes`` (the
player's own mistakes that are due, ``storage.puzzle_book``).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from cardavia import content
from cardavia.ai import make_agent, observe
from cardavia.engine import record as records
from cardavia.engine.errors import CardaviaError
from cardavia.engine.notation import split_line
from cardavia.engine.registry import get_spec
from cardavia.engine.rng import Rng
from cardavia.puzzles.puzzle import THEMES, Puzzle, by_id, shipped
from cardavia.puzzles.rating import Rating
from cardavia.web.live.frames import event_json
from cardavia.web.pages.daily import today
from cardavia.web.pages.messages import puzzle_messages
from cardavia.web.pages.player import keep_player, player_of, players, puzzle_book
from cardavia.web.pages.render import N_, game_info, render, request_language
from cardavia.web.pages.review import _words
from cardavia.web.pages.routes import _not_found
from cardavia.web.storage.puzzle_book import nearest
from cardavia.web.storage.reviews import replay_steps
from cardavia.web.wire import WireEvent

router = APIRouter()

MODES = ("rated", "daily", "mistakes")
LEADS_TO_ACTIONS = 40
"""What a wrong answer leads to: the deal is played on until the seat is asked again, at most this far."""
LEADS_TO_TIER = "normal"


def _now(request: Request) -> float:
    now: float = request.app.state.clock()
    return now


def position_of(line: Mapping[str, Any]) -> dict[str, Any]:
    """What the browser is sent of a puzzle before its answer: the seat's view, the events it saw
    since its own last action (since the deal began when it has not acted), its options, the theme
    and the id."""
    record, seat = line["record"], int(line["seat"])
    seats = get_spec(record["game"]).seats
    steps = replay_steps(record, seat)
    movers = [split_line(record["actions"][s["index"]], seats)[0] if s["index"] >= 0 else None for s in steps]
    first = max((n + 1 for n, mover in enumerate(movers) if mover == seat), default=0)
    events = [e for s in steps[first:] for e in s["events"]]
    return {
        "id": line["id"], "game": record["game"], "seat": seat, "view": steps[-1]["mine"],
        "events": events, "options": list(line["options"]), "theme": line.get("theme"),
    }


def leads_to(record: Mapping[str, Any], seat: int, chosen: str, pid: str) -> dict[str, Any]:
    """What ``chosen`` leads to in the puzzle's own deal: the events the seat sees after it, the
    computers (``LEADS_TO_TIER``) playing on until the seat is asked again or the deal ends."""
    game = records.replay(record)
    events: list[WireEvent] = [event_json(e) for e in game.apply(seat, chosen) if e.visible_to(seat)]
    agents = [make_agent(game.spec.name, LEADS_TO_TIER) for _ in range(game.spec.seats)]
    rng = Rng(int.from_bytes(hashlib.blake2b(pid.encode(), digest_size=8).digest(), "big"))
    for _ in range(LEADS_TO_ACTIONS):
        decision = game.decision()
        if decision is None or seat in decision.seats:
            break
        s = decision.seats[0]
        action = agents[s].act(observe(game, s), rng.fork(len(game.actions())))
        events += [event_json(e) for e in game.apply(s, action) if e.visible_to(seat)]
    return {"events": events, "over": game.decision() is None, "view": game.view(seat)}


async def daily_puzzle(request: Request, game: str) -> Puzzle:
    """Today's puzzle of ``game``."""
    secret = await players(request).site_secret("puzzles")
    day = today(request)
    digest = hmac.new(bytes.fromhex(secret), f"puzzle\n{game}\n{day}".encode(), hashlib.sha256).digest()
    found = shipped(game)
    return found[int.from_bytes(digest[:8], "big") % len(found)]


def _rating_json(r: Rating) -> dict[str, float]:
    return {"rating": round(r.rating), "deviation": round(r.deviation)}


async def _next(
    request: Request, game: str, mode: str, theme: str | None, rating: Rating, due: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The puzzle of ``mode`` for this player (``rating``, their own mistakes ``due`` now)."""
    if mode == "mistakes":
        return {**position_of(due[0]), "theme": None, "mode": mode} if due else None
    if mode == "daily":
        return {**position_of((await daily_puzzle(request, game)).line()), "mode": mode}
    seen = await puzzle_book(request).answered(player_of(request), game)
    current = await puzzle_book(request).puzzle_ratings(game)
    pool = [
        (p.id, current[p.id].rating if p.id in current else float(p.extra.get("rating", 1500)))
        for p in shipped(game) if p.id not in seen and (theme is None or p.theme == theme)
    ]
    pid = nearest(pool, rating.rating)
    return None if pid is None else {**position_of(by_id(game)[pid].line()), "mode": mode}


@router.get("/games/{game}/puzzles", response_class=HTMLResponse)
async def puzzles_page(request: Request, game: str) -> HTMLResponse:
    """A game's puzzles: rated ones by theme, the puzzle of the day, one's own mistakes."""
    if game not in content.GAMES or not shipped(game):
        return _not_found(request, N_("There is no such game."))
    lang = request_language(request)
    return render(
        request, "puzzles.html", game=game_info(game, lang), themes=THEMES,
        messages=puzzle_messages(lang, game),
    )


@router.get("/games/{game}/puzzles/next")
async def next_puzzle(request: Request, game: str, mode: str = "rated", theme: str | None = None) -> Response:
    """The next puzzle of a mode (``rated``, ``daily``, ``mistakes``) and the player's standing."""
    if game not in content.GAMES or not shipped(game):
        return JSONResponse({"error": _words(request, N_("There is no such game."))}, 404)
    if mode not in MODES or (theme is not None and theme not in THEMES):
        message = N_("That is not a kind of puzzle this page offers.")
        return JSONResponse({"error": _words(request, message)}, 400)
    key, book = player_of(request), puzzle_book(request)
    due = await book.due(key, game, _now(request))
    rating = await book.player_rating(key, game)
    waiting, next_due = await book.waiting(key, game)
    return JSONResponse({
        "puzzle": await _next(request, game, mode, theme, rating, due), "player": _rating_json(rating),
        "mistakes": {"waiting": waiting, "due": len(due), "next_due": next_due},
    })


@router.post("/games/{game}/puzzles/{pid}/answer", response_model=None)
async def answer(
    request: Request, game: str, pid: str, response: Response
) -> dict[str, Any] | Response:
    """Answer a puzzle (JSON ``{"answer": ACTION}``): right or wrong, the answer, every option's
    value and the reason; for a wrong answer what it leads to; the ratings moved (a shipped puzzle's
    first answer) or the mistake's next date."""
    if game not in content.GAMES or not shipped(game):
        return JSONResponse({"error": _words(request, N_("There is no such game."))}, 404)
    try:
        body = await request.json()
    except ValueError:
        body = None
    chosen = body.get("answer") if isinstance(body, dict) else None
    key = player_of(request)
    line: Mapping[str, Any] | None = None
    if pid.startswith("m"):
        due = await puzzle_book(request).due(key, game, _now(request))
        line = next((d for d in due if d["id"] == pid), None)
    elif pid in by_id(game):
        line = by_id(game)[pid].line()
    if line is None:
        return JSONResponse({"error": _words(request, N_("There is no such puzzle here."))}, 404)
    if not isinstance(chosen, str) or chosen not in line["options"]:
        return JSONResponse({"error": _words(request, N_("That is not one of the puzzle's options."))}, 400)
    right = chosen == line["answer"]
    key = keep_player(request, response)  # the cookie goes out with the answer FastAPI makes of ``result``
    result: dict[str, Any] = {
        "right": right, "answer": line["answer"], "chosen": chosen, "values": line["values"],
        "deep": line.get("deep", {}), "why": line.get("why"), "margin": line.get("margin"),
    }
    if not right:
        try:
            found = await asyncio.to_thread(leads_to, line["record"], int(line["seat"]), chosen, pid)
            result["leads_to"] = found
        except CardaviaError:
            result["leads_to"] = None
    if pid.startswith("m"):
        result["schedule"] = await puzzle_book(request).answer_mistake(key, pid, right, _now(request))
    else:
        start = float(line.get("rating", 1500))
        moved = await puzzle_book(request).answer(key, game, pid, chosen, right, start, _now(request))
        result["rating"] = None if moved is None else {
            "before": _rating_json(moved.before), "after": _rating_json(moved.player),
            "puzzle": _rating_json(moved.puzzle),
        }
    return result
