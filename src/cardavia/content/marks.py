"""Markers of the site's msgids: ``_("...")`` and ``_n("one", "many")`` only mark a string for
extraction (``scripts/i18n.sh``); it is translated later, per request, in the reader's language."""

from __future__ import annotations


def _(message: str) -> str:
    """Mark a msgid for extraction; translated later, per request."""
    return message


def _n(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural msgid pair for extraction (``pybabel -k _n:1,2``); translated later."""
    return singular, plural
