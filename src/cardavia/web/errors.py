"""The errors a table answers a human's input with (sent as ``error`` messages, PROTOCOL.md)."""

from __future__ import annotations

from cardavia.web.wire import Refusal


class ActionRefused(Exception):
    """A human input that changes nothing; ``key`` is an error catalogue key, ``fields`` what the
    ``error`` message carries besides (an engine refusal's ``reason``, a lesson's ``tip``, ...)."""

    def __init__(self, key: str, detail: str = "", fields: Refusal | None = None) -> None:
        super().__init__(key)
        self.key = key
        self.detail = detail
        self.fields: Refusal = fields or {}


class JoinRefused(Exception):
    """An invite link that seats nobody: ``status`` 404 (no such link, or revoked) or 409 (the
    table is full or its deal has started)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status
