"""Rendering: one Jinja2 environment for every page, with autoescaping on.

Every page gets ``lang`` (``?lang=``, then the ``lang`` cookie, then Accept-Language),
``t`` (the CLI's message catalogue in that language), ``csrf`` (the token its forms carry;
the security middleware sets it) and ``lang_urls`` (this page in each language)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from suiri.cli.messages import MESSAGES, Messages

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))
LANGS = tuple(MESSAGES)  # ("en", "ja")
LANG_COOKIE = "lang"
YEAR = 365 * 24 * 3600


def page_lang(request: Request) -> str:
    """The page's language: asked for in the address, else remembered, else the browser's."""
    for asked in (request.query_params.get("lang"), request.cookies.get(LANG_COOKIE)):
        if asked in LANGS:
            return asked
    return accepted_lang(request.headers.get("accept-language", ""))


def accepted_lang(header: str) -> str:
    """The first of our languages in an Accept-Language header, by its q weight."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        base = tag.strip().lower().split("-")[0]
        if base in LANGS and q > 0:
            ranked.append((-q, i, base))
    return min(ranked)[2] if ranked else "en"


def lang_urls(request: Request) -> dict[str, str]:
    """This page's address in each language (the switch in the header keeps the path)."""
    query = [(k, v) for k, v in request.query_params.multi_items() if k not in ("lang", "token")]
    return {lang: request.url.path + "?" + urlencode([*query, ("lang", lang)]) for lang in LANGS}


def csrf_token(request: Request) -> str:
    """The CSRF token the security middleware gave this request ('' outside the app)."""
    return str(getattr(request.state, "csrf", ""))


def render(request: Request, name: str, /, status_code: int = 200, **context: Any) -> HTMLResponse:
    """The page ``name`` with ``context``, and the language, messages and CSRF token."""
    lang = page_lang(request)
    context = {"lang": lang, "t": Messages(lang), "csrf": csrf_token(request),
               "lang_urls": lang_urls(request), **context}
    response = templates.TemplateResponse(request, name, context, status_code=status_code)
    if request.query_params.get("lang") in LANGS and request.cookies.get(LANG_COOKIE) != lang:
        response.set_cookie(LANG_COOKIE, lang, max_age=YEAR, samesite="strict")
    return response
