"""The Jinja2 environment and page rendering in the request's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape

from cardavia import content
from cardavia.engine.registry import registration
from cardavia.web import i18n
from cardavia.web.config import display_settings, table_settings
from cardavia.web.pages import render_content

TEMPLATES_DIR = Path(__file__).resolve().parent.parent / "templates"
LANG_COOKIE = "lang"


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader([str(TEMPLATES_DIR), str(content.CONTENT_DIR)]),
        autoescape=select_autoescape(("html",)),
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        i18n.gettext, i18n.ngettext, newstyle=True
    )
    render_content.register(env.globals)
    return env


ENV = _environment()


def N_(message: str) -> str:
    """Mark a msgid for extraction; ``error_page`` translates it per request."""
    return message


def request_language(request: Request) -> str:
    """The request's language: the ``lang`` cookie, else ``Accept-Language``, else English."""
    return i18n.negotiate(request.cookies.get(LANG_COOKIE), request.headers.get("accept-language"))


def games_for_page(lang: str) -> list[dict[str, Any]]:
    """Every game with its catalogue entry, texts in ``lang``."""
    return [game_info(name, lang) for name in content.GAMES]


def game_info(name: str, lang: str) -> dict[str, Any]:
    """One game's catalogue entry with its texts in ``lang``."""
    entry = content.load_catalogue().get(name)
    entry = entry if isinstance(entry, dict) else {}
    return {
        "name": name,
        "title": content.localized(entry.get("name"), lang) or registration(name).title,
        "native": content.localized(entry.get("native_name", entry.get("native")), lang),
        "origin": content.localized(entry.get("origin"), lang),
        "cards": entry.get("cards") if isinstance(entry.get("cards"), int) else None,
        "players": entry.get("players") if isinstance(entry.get("players"), int) else None,
        "wikipedia": entry.get("wikipedia") if isinstance(entry.get("wikipedia"), str) else None,
        "description": content.localized(entry.get("description"), lang),
        "raw": entry,
    }


def render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    """Render template ``name`` in the request's language with the context every page gets."""
    lang = request_language(request)
    token = i18n.set_language(lang)
    try:
        page = ENV.get_template(name).render(
            lang=lang,
            html_lang=i18n.HTML_LANG[lang],
            langs=list(i18n.LANG_NAMES.items()),
            display=display_settings(request.cookies),
            table_settings=table_settings(request.cookies),
            path=request.url.path,
            games=games_for_page(lang),
            **context,
        )
    finally:
        i18n._current.reset(token)
    response = HTMLResponse(page, status_code=status)
    response.headers["Content-Language"] = i18n.HTML_LANG[lang]
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response


def error_page(request: Request, status: int, title: str, message: str, detail: str = "") -> HTMLResponse:
    """The error page with ``title`` and ``message`` (msgids) in the request's language, and the
    exact ``detail`` of what was wrong (as the engine or parser said it, untranslated) if any."""
    token = i18n.set_language(request_language(request))
    try:
        title_text, message_text = i18n.gettext(title), i18n.gettext(message)
    finally:
        i18n._current.reset(token)
    return render(request, "error.html", status=status, title=title_text, message=message_text, detail=detail)
