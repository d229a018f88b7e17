"""Is a request from this site's own pages? The comparison of an ``Origin`` with the ``Host``."""

from __future__ import annotations

from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


def same_origin(url: str, host: str) -> bool:
    """Whether ``url`` (an ``Origin`` or ``Referer``) names the host:port of ``host`` (a ``Host`` header).

    Host names compare without case and a missing port is the default of ``url``'s scheme, so
    ``https://example.org`` is on ``example.org:443``. ``null`` and anything unreadable are not.
    """
    try:
        source, target = urlsplit(url), urlsplit("//" + host)
        default = DEFAULT_PORTS.get(source.scheme)
        if default is None or not source.hostname or not target.hostname:
            return False
        return source.hostname == target.hostname and (source.port or default) == (target.port or default)
    except ValueError:
        return False
