"""The table's WebSocket: ``/ws/tables/{id}`` (messages in PROTOCOL.md).

Only the browser of a person at the table (its HttpOnly secret cookie, or the player id of a
player whose deal it is, names their seat) may connect; it plays and sees that seat. One writer
task per socket drains its bounded outbox; the reader (the socket's own task, stopped when the
writer ends) turns messages into the actor's inputs. Errors go to the socket that caused them
only, as a catalogue key plus text in the socket's language.
A socket whose table leaves this process is closed with ``CLOSE_MOVED``; one whose table another
process would not let go in time, with ``CLOSE_TRY_AGAIN``. The browser reconnects after either.
"""

from __future__ import annotations

import asyncio
import contextlib
import math

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from cardavia.engine.errors import RecordError
from cardavia.engine.record import load_json
from cardavia.web import i18n
from cardavia.web.errors import ActionRefused
from cardavia.web.live.actor import TableActor
from cardavia.web.live.inputs import Subscriber
from cardavia.web.live.manager import CLOSE_MOVED, TableManager
from cardavia.web.live.ownership import Unavailable
from cardavia.web.live.pacer import SPEEDS
from cardavia.web.origin import same_origin
from cardavia.web.pages.messages import error_text
from cardavia.web.pages.render import LANG_COOKIE
from cardavia.web.pages.routes import seat_of
from cardavia.web.wire import ErrorMessage, Hint, HintMessage, Outgoing, Ref, Refusal

router = APIRouter()
MAX_MESSAGE = 4096
MAX_DEPTH = 8  # the protocol's messages are flat objects
CLOSE_FORBIDDEN = 4403
CLOSE_UNKNOWN = 4404
CLOSE_TRY_AGAIN = 1013  # the standard "try again later"
__all__ = ["CLOSE_FORBIDDEN", "CLOSE_MOVED", "CLOSE_TRY_AGAIN", "CLOSE_UNKNOWN", "router"]


def error_message(
    key: str, lang: str, detail: str = "", ref: Ref = None, fields: Refusal | None = None
) -> ErrorMessage:
    """An ``error`` message: key, text in ``lang``, the engine's detail (English), the client's id
    and any ``fields`` of the refusal (``reason``, ``tip``, ``expected``)."""
    token = i18n.set_language(lang)
    try:
        text = error_text(key)
    finally:
        i18n._current.reset(token)
    refusal: Refusal = fields or {}
    return {"type": "error", "key": key, "text": text, "detail": detail, "id": ref, **refusal}


def hint_message(hint: Hint, ref: Ref) -> HintMessage:
    """The ``hint`` message answering request ``ref``."""
    return {"type": "hint", "id": ref, "window": hint["window"], "action": hint["action"],
            "reason": hint["reason"]}


def _same_origin(ws: WebSocket) -> bool:
    """False when a page of another site opened this socket (its ``Origin`` is not this host)."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser page (tests, tools); the secret cookie still decides
    return same_origin(origin, ws.headers.get("host", ""))


def encode(message: Outgoing) -> str:
    """A message as the socket's text: compact JSON (no spaces), unescaped UTF-8 — the value
    ``json.dumps`` writes, in a fifth of the time (the wire's keys are strings)."""
    return orjson.dumps(message).decode()


async def _writer(ws: WebSocket, sub: Subscriber) -> None:
    while True:
        message = await sub.outbox.get()
        if message["type"] == "close":
            await ws.close(code=message.get("code", 1000))
            return
        await ws.send_text(encode(message))


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    """A person's live connection to their seat at a table."""
    manager: TableManager = ws.app.state.tables
    try:
        actor = await manager.get(table_id) if table_id.isalnum() and len(table_id) <= 32 else None
    except Unavailable:
        await ws.accept()
        await ws.close(code=CLOSE_TRY_AGAIN)
        return
    # Accepted first, so that the refusal reaches the browser as a close code it can read.
    if actor is None:
        await ws.accept()
        await ws.close(code=CLOSE_UNKNOWN)
        return
    seat = await seat_of(ws, actor)
    if seat is None or not _same_origin(ws):
        await ws.accept()
        await ws.close(code=CLOSE_FORBIDDEN)
        return
    lang = i18n.negotiate(ws.cookies.get(LANG_COOKIE), ws.headers.get("accept-language"))
    await ws.accept()
    sub = actor.subscribe(seat)
    reader = asyncio.current_task()
    assert reader is not None
    writer = asyncio.create_task(_writer(ws, sub))

    def stop_reading(_: asyncio.Task[None]) -> None:
        reader.cancel()  # the writer closed the socket (or could not write to it)

    writer.add_done_callback(stop_reading)
    try:
        while not sub.closed:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if text is None:
                sub.push(error_message("error.malformed", lang, "messages are JSON text, not binary"))
                continue
            await _handle(text, actor, sub, lang, manager)
    except asyncio.CancelledError:
        if not writer.done():
            raise  # stopped from outside
        reader.uncancel()
    except (WebSocketDisconnect, RuntimeError):
        pass  # the browser left (Starlette may raise RuntimeError subclasses on a closed socket)
    finally:
        writer.remove_done_callback(stop_reading)
        actor.unsubscribe(sub)
        writer.cancel()
        with contextlib.suppress(BaseException):
            await writer


async def _handle(text: str, actor: TableActor, sub: Subscriber, lang: str, manager: TableManager) -> None:
    if len(text) > MAX_MESSAGE:
        sub.push(error_message("error.malformed", lang, "message too long"))
        return
    try:
        message = load_json(text, max_depth=MAX_DEPTH)
    except RecordError as exc:
        sub.push(error_message("error.malformed", lang, str(exc)))
        return
    if not isinstance(message, dict):
        sub.push(error_message("error.malformed", lang, "a message must be a JSON object"))
        return
    ref: Ref = message.get("id")
    if not (ref is None or isinstance(ref, int | str)):
        ref = None
    kind = message.get("type")
    if kind == "sync":
        actor.request_snapshot(sub)
    elif kind == "hint":
        wait = manager.hint_limits.take(actor.id)
        if wait > 0:
            retry: Refusal = {"retry_ms": math.ceil(wait * 1000)}
            sub.push(error_message("error.hints", lang, "too many hints at this table", ref, retry))
            return
        try:
            sub.push(hint_message(await actor.hint(sub.seat), ref))
        except ActionRefused as refused:
            sub.push(error_message(refused.key, lang, refused.detail, ref))
    elif kind == "pace":
        if actor.company is not None:
            detail = "a table for friends has one pace for everyone"
            sub.push(error_message("error.one_pace", lang, detail, ref))
            return
        speed, paused = message.get("speed"), message.get("paused")
        if (speed is not None and speed not in SPEEDS) or not (paused is None or isinstance(paused, bool)):
            sub.push(error_message("error.malformed", lang, f"'speed' is one of {', '.join(SPEEDS)}; "
                                   "'paused' true or false", ref))
            return
        actor.set_pace(sub.seat, speed, paused)
    elif kind == "act":
        try:
            await actor.act(sub.seat, message.get("window"), message.get("action"), ack_to=sub, ref=ref)
        except ActionRefused as refused:
            sub.push(error_message(refused.key, lang, refused.detail, ref, refused.fields))
    elif kind in ("start", "invite", "next"):
        try:
            await actor.lobbying(sub.seat, kind)
        except ActionRefused as refused:
            sub.push(error_message(refused.key, lang, refused.detail, ref))
    elif kind == "back":
        if actor.company is None:
            detail = "only a table for friends plays for a person"
            sub.push(error_message("error.not_friends", lang, detail, ref))
            return
        actor.take_back(sub.seat)
    elif kind == "react":
        wait = manager.reaction_limits.take(f"{actor.id}:{sub.seat}")
        if wait > 0:
            later: Refusal = {"retry_ms": math.ceil(wait * 1000)}
            sub.push(error_message("error.reactions", lang, "too many reactions", ref, later))
            return
        try:
            actor.react(sub.seat, message.get("key"))
        except ActionRefused as refused:
            sub.push(error_message(refused.key, lang, refused.detail, ref))
    else:
        sub.push(error_message("error.unknown_type", lang, f"unknown message type {kind!r}", ref))

