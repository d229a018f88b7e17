"""Finished deals shared by a link: ``POST /tables/{id}/share`` (a person at the table, once their
deal is over) makes an unguessable link that opens the deal's replay and review read-only to
anyone, every hand shown, and its record; ``POST /shared/{token}/revoke`` (its maker) ends it;
``POST /shared/{token}/play`` deals the same cards, seat and difficulty with the same computers'
randomness as a new table of the visitor's.

A link carries only its own token (stored hashed): never the table's secret, its id's cookie or
the maker's player id.
"""

from __future__ import annotations

import json

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from cardavia.web.pages.messages import review_messages
from cardavia.web.pages.player import player_of, players
from cardavia.web.pages.render import N_, error_page, render, request_language
from cardavia.web.pages.review import _status
from cardavia.web.pages.routes import _owned_table, _tables, _too_many_deals, read_form, to_new_deal
from cardavia.web.storage.players import well_formed
from cardavia.web.storage.store import Store, TableRow

router = APIRouter()


def _gone(request: Request) -> HTMLResponse:
    message = N_("This link to a shared deal does not exist or was stopped.")
    return error_page(request, 404, N_("Not found"), message)


@router.post("/tables/{table_id}/share")
async def share(request: Request, table_id: str) -> Response:
    """Make a share link of a finished deal (``409`` while it is being played)."""
    if await read_form(request) is None:
        return error_page(request, 400, N_("Bad request"), N_("The form could not be read."))
    found = await _owned_table(request, table_id)
    if isinstance(found, HTMLResponse):
        return found
    actor, seat = found
    if not actor.shown_end(seat):
        return error_page(request, 409, N_("Not yet"), N_("A deal can be shared when it is over."))
    key = player_of(request) or ""
    token = await players(request).share(key, actor.id, seat)
    return RedirectResponse(f"/shared/{token}", status_code=303)


async def _shared(request: Request, token: str) -> tuple[str, int, str] | None:
    return await players(request).shared(token) if well_formed(token) else None


async def _shared_row(request: Request, token: str) -> tuple[TableRow, int] | None:
    """The stored table of a live share link and the seat it is shared from, or None."""
    found = await _shared(request, token)
    if found is None:
        return None
    store: Store = request.app.state.store
    row = await store.load(found[0])
    return None if row is None else (row, found[1])


@router.get("/shared/{token}", response_class=HTMLResponse)
async def shared_page(request: Request, token: str) -> HTMLResponse:
    """The shared deal's replay and review, every hand shown."""
    found = await _shared(request, token)
    if found is None:
        return _gone(request)
    table_id, _, maker = found
    actor = await _tables(request).get(table_id)
    if actor is None:
        return _gone(request)
    owner = bool(maker) and maker == player_of(request)
    return render(
        request,
        "review.html",
        source={"data": f"/shared/{token}/data", "shared": token, "owner": owner},
        game_name=actor.game.spec.name,
        messages=review_messages(request_language(request), actor.game.spec.name),
    )


@router.get("/shared/{token}/data")
async def shared_data(request: Request, token: str) -> Response:
    """The shared deal's review progress, then its review and replay (as ``/tables/{id}/review/data``)."""
    found = await _shared(request, token)
    actor = None if found is None else await _tables(request).get(found[0])
    if found is None or actor is None:
        return JSONResponse({"error": "not found"}, 404)
    return JSONResponse(await _status(request, actor, found[1]), headers={"Cache-Control": "no-store"})


@router.get("/shared/{token}/record")
async def shared_record(request: Request, token: str) -> Response:
    """The shared deal's record, every hand."""
    found = await _shared_row(request, token)
    if found is None:
        return _gone(request)
    row = found[0]
    body = json.dumps({**row.position, "actions": list(row.lines)}, ensure_ascii=False, indent=1)
    disposition = f'attachment; filename="cardavia-{row.game}-shared.json"'
    return Response(body, media_type="application/json", headers={"Content-Disposition": disposition})


@router.post("/shared/{token}/revoke")
async def revoke(request: Request, token: str) -> Response:
    """Stop a share link (its maker only)."""
    if await read_form(request) is None:
        return error_page(request, 400, N_("Bad request"), N_("The form could not be read."))
    found = await _shared(request, token)
    if found is None:
        return _gone(request)
    if not found[2] or found[2] != player_of(request):
        return error_page(request, 403, N_("Forbidden"), N_("Only who shared a deal can stop sharing it."))
    await players(request).revoke(token)
    return RedirectResponse("/me", status_code=303)


@router.post("/shared/{token}/play")
async def play(request: Request, token: str) -> Response:
    """Deal the shared deal again for this browser: the same cards, seat, difficulty and
    computers' randomness."""
    if await read_form(request) is None:
        return error_page(request, 400, N_("Bad request"), N_("The form could not be read."))
    found = await _shared_row(request, token)
    if found is None:
        return _gone(request)
    refused = _too_many_deals(request)
    if refused is not None:
        return refused
    row, seat = found
    table_id, owner = await _tables(request).deal(row.game, row.difficulty, row.secret, seat, row.position)
    game, difficulty = row.game, row.difficulty
    return await to_new_deal(request, table_id, owner, game, difficulty, "shared", seat=seat, origin=row.id)
