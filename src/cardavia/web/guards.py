"""Checks every request passes before any route sees it (pure ASGI middleware).

``CrossSiteGuard`` refuses form posts sent by pages of other sites (403); ``BodyLimit`` refuses
bodies larger than the site's forms could ever send (413) before they are read into memory.
Both answer with the site's error page in the request's language.
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardavia.web.origin import same_origin
from cardavia.web.pages.render import N_, error_page

MAX_BODY = 16 * 1024
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def from_this_site(headers: Headers) -> bool:
    """Whether a request was sent by this site's own pages, as far as its headers tell.

    ``Sec-Fetch-Site: cross-site`` is not; else an ``Origin`` must name the ``Host``; else, when
    the browser sent ``Sec-Fetch-Site``, it is; else a ``Referer`` must name the ``Host``. A request
    with none of them (a tool, a test) is.
    """
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site == "cross-site":
        return False
    host = headers.get("host", "")
    origin = headers.get("origin")
    if origin is not None:
        return same_origin(origin, host)
    if fetch_site is not None:
        return True
    referer = headers.get("referer")
    return referer is None or same_origin(referer, host)


class CrossSiteGuard:
    """Refuses with 403 every request but GET, HEAD and OPTIONS that is not ``from_this_site``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        unsafe = scope["type"] == "http" and scope["method"] not in SAFE_METHODS
        if unsafe and not from_this_site(Headers(scope=scope)):
            message = N_("This form was sent from another site, so nothing was done.")
            await error_page(Request(scope), 403, N_("Forbidden"), message)(scope, receive, send)
            return
        await self.app(scope, receive, send)


class _TooLarge(Exception):
    """The body went past the limit while the app was reading it."""


class BodyLimit:
    """Refuses with 413 a request body over ``limit`` bytes, without ever holding more of it.

    A ``Content-Length`` over the limit is refused before any of the body is read; a body without
    one (chunked) is counted as it arrives and refused as soon as it passes the limit.
    """

    def __init__(
        self, app: ASGIApp, limit: int = MAX_BODY, larger: Mapping[str, int] | None = None
    ) -> None:
        """``larger``: the paths whose requests may carry more (by path, their own limit)."""
        self.app = app
        self.limit = limit
        self.larger = dict(larger or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope["path"], self.limit)
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isascii() and declared.isdigit() and _over(declared, limit):
            await self._refuse(scope, receive, send)
            return
        received = 0
        answering = False

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise _TooLarge
            return message

        async def watching_send(message: Message) -> None:
            nonlocal answering
            answering = answering or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting_receive, watching_send)
        except _TooLarge:
            if answering:
                raise  # too late for a 413: the app had begun its answer before reading the body
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        message = N_("The request was larger than any form of this site, so nothing was done.")
        page = error_page(Request(scope), 413, N_("Request too large"), message)
        page.headers["Connection"] = "close"
        await page(scope, receive, send)


def _over(digits: str, limit: int) -> bool:
    """Whether the number written in ASCII ``digits`` is over ``limit`` (without reading a huge one)."""
    digits = digits.lstrip("0") or "0"
    return len(digits) > len(str(limit)) or int(digits) > limit
