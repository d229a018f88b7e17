"""A table for friends: opening one in its lobby, and the invite link's name form.

The host's browser gets the lobby table's seat cookie like any new deal; whoever opens the invite
link and gives a name gets the next empty seat's cookie. Both paths carry the table's id, so a
cluster's proxy routes them to the process that holds the table.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from cardavia.web.errors import ActionRefused, JoinRefused
from cardavia.web.live.actor import TableActor
from cardavia.web.live.ownership import Unavailable
from cardavia.web.pages.player import keep_player, player_of, players
from cardavia.web.pages.render import N_, error_page, game_info, render, request_language
from cardavia.web.pages.routes import _tables, _to_table, _too_many_deals, new_table_form, read_form, seat_of
from cardavia.web.storage.players import well_formed
from cardavia.web.storage.rooms import NAME_LIMIT, TURNS, clean_name

router = APIRouter()
DEFAULT_TURN = 30


@router.post("/games/{game}/friends")
async def open_friends(request: Request, game: str) -> Response:
    """Open a table for friends in its lobby (form ``difficulty``, ``turn``; optional ``name``)
    and go to it as its host."""
    checked = await new_table_form(request, game)
    if isinstance(checked, HTMLResponse):
        return checked
    form, difficulty = checked
    turn = form.get("turn") or str(DEFAULT_TURN)
    if turn not in {str(t) for t in TURNS}:
        message = N_("The time per decision is 15, 30 or 60 seconds.")
        return error_page(request, 400, N_("Bad request"), message)
    raw_name = form.get("name") or ""
    name = clean_name(raw_name) if raw_name.strip() else None
    if raw_name.strip() and name is None:
        return error_page(request, 400, N_("Bad request"), N_("A name has 1 to 24 characters."))
    refused = _too_many_deals(request)
    if refused is not None:
        return refused
    key = player_of(request)
    if name is None and key is not None:
        name = clean_name(await players(request).name(key))
    table_id, secret = await _tables(request).open_friends(game, difficulty, int(turn), name)
    response = _to_table(request, table_id, secret)
    keep_player(request, response)
    return response


@router.get("/tables/{table_id}/join/{token}", response_class=HTMLResponse)
async def join_form(request: Request, table_id: str, token: str) -> Response:
    """The invite link: a form asking for a display name (a browser with a seat here goes to it)."""
    found = await _lobby(request, table_id, token)
    if isinstance(found, Response):
        return found
    return _form(request, table_id, token, found.game.spec.name, "")


@router.post("/tables/{table_id}/join/{token}")
async def join(request: Request, table_id: str, token: str) -> Response:
    """Take the next empty seat as ``name`` and go to the table with that seat's cookie."""
    found = await _lobby(request, table_id, token)
    if isinstance(found, Response):
        return found
    form = await read_form(request)
    if form is None:
        return error_page(request, 400, N_("Bad request"), N_("The form could not be read."))
    name = clean_name(form.get("name"))
    if name is None:
        return _form(request, table_id, token, found.game.spec.name, form.get("name") or "", status=400)
    try:
        _, secret = await found.join(token, name)
    except JoinRefused as refused:
        return _gone(request, refused.status)
    except ActionRefused:  # the table was stopped meanwhile
        return error_page(request, 503, N_("Not yet"), N_("The table is busy; try again."))
    response = _to_table(request, table_id, secret)
    keep_player(request, response)
    return response


async def _lobby(request: Request, table_id: str, token: str) -> TableActor | Response:
    """The lobby ``table_id`` whose invite is ``token``, or the page to answer: the
    table (a browser already seated there), 404 (no such link) or 409 (full, or started)."""
    if not (table_id.isalnum() and len(table_id) <= 32 and well_formed(token)):
        return _gone(request, 404)
    try:
        actor = await _tables(request).get(table_id)
    except Unavailable:
        page = error_page(request, 503, N_("Not yet"), N_("The table is busy; try again."))
        page.headers["Retry-After"] = "1"
        return page
    if actor is None or actor.company is None or not actor.company.invite_is(token):
        return _gone(request, 404)
    if await seat_of(request, actor) is not None:
        return RedirectResponse(f"/tables/{table_id}", status_code=303)
    if not actor.company.lobby or actor.company.full:
        return _gone(request, 409)
    return actor


def _gone(request: Request, status: int) -> HTMLResponse:
    if status == 409:
        message = N_("Every seat at this table is taken, or its deal has started. "
                     "Ask the host for a new table.")
        return error_page(request, 409, N_("No seat left"), message)
    return error_page(request, 404, N_("Not found"),
                      N_("This invitation is not valid any more. Ask the host for a new link."))


def _form(
    request: Request, table_id: str, token: str, game: str, name: str, status: int = 200
) -> HTMLResponse:
    """The name form (``status`` 400: the name given could not be used)."""
    lang = request_language(request)
    action = f"/tables/{table_id}/join/{token}"
    return render(request, "join.html", status=status, game=game_info(game, lang), action=action, given=name,
                  error=status == 400, limit=NAME_LIMIT)
