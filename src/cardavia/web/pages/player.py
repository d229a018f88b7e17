"""Who the browser's player is: a random id in the long-lived HttpOnly ``cardavia_player`` cookie.

There are no accounts. The id is made when the browser first starts a deal and is sent back only
in that cookie; the database holds its hash (``storage.players.player_key``). Forgetting the cookie
forgets the history (the page says so and offers an export).
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import Response
from starlette.requests import HTTPConnection

from cardavia.web.config import WebConfig
from cardavia.web.storage.players import Players, new_token, player_key, well_formed
from cardavia.web.storage.puzzle_book import PuzzleBook

PLAYER_COOKIE = "cardavia_player"
PLAYER_MAX_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie


def players(request: HTTPConnection) -> Players:
    """The players' side of the app's database."""
    found: Players = request.app.state.players
    return found


def puzzle_book(request: HTTPConnection) -> PuzzleBook:
    """The puzzles' side of the app's database."""
    found: PuzzleBook = request.app.state.puzzle_book
    return found


def player_token(request: HTTPConnection) -> str | None:
    """The player id this request carries, if it is well formed."""
    token = request.cookies.get(PLAYER_COOKIE)
    return token if token is not None and well_formed(token) else None


def player_of(request: HTTPConnection) -> str | None:
    """The key of this request's player, or None when the browser has no player id yet."""
    token = player_token(request)
    return None if token is None else player_key(token)


def keep_player(request: Request, response: Response) -> str:
    """The key of this request's player; a browser without an id is given one (in ``response``'s
    cookie, renewed on every deal so it lasts while the player comes back)."""
    token = player_token(request) or new_token()
    config: WebConfig = request.app.state.config
    secure = config.secure_cookies
    response.set_cookie(
        PLAYER_COOKIE, token, max_age=PLAYER_MAX_AGE, httponly=True, samesite="lax", secure=secure
    )
    return player_key(token)


def forget_player(request: Request, response: Response) -> None:
    """Remove the player's cookie from the browser."""
    config: WebConfig = request.app.state.config
    response.delete_cookie(PLAYER_COOKIE, httponly=True, samesite="lax", secure=config.secure_cookies)
