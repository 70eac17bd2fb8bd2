"""The guards in front of every route (issue 22, "nothing lost, no one let in").

One ASGI middleware, outermost but for Starlette's own error catcher, so that nothing
reaches a route unchecked:

- **Host**: on a loopback address the Host header must name this machine (a page on
  another site that re-points its own name at 127.0.0.1 -- DNS rebinding -- is refused).
- **Token**: when ``ServeConfig.token`` is set (required off loopback) every request
  carries it, as ``?token=`` (then kept in an HttpOnly SameSite=Strict cookie) or as that
  cookie; otherwise 403, whatever address it comes from.
- **Body size**: over ``max_body`` bytes, by Content-Length or as it streams in: 413.
- **Unsafe methods** (POST, PUT, PATCH, DELETE): an Origin header, when present, must be
  this server's own; and outside ``/api/`` the request carries the CSRF token -- a
  double-submit cookie: a random ``suiri_csrf`` cookie, echoed by every form (field
  ``csrf``) and every htmx request (header ``X-CSRF-Token``).  The JSON API needs no
  cookie, so a foreign page cannot ride on one; it is exempt from the CSRF check only.
- **Crashes**: an exception inside a request is logged with its traceback under a short
  id, and the answer is a 500 page carrying that id; the server goes on serving.
"""

from __future__ import annotations

import hmac
import logging
import secrets
from http.cookies import SimpleCookie
from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from suiri.cli.messages import Messages

from .config import LOOPBACK_NAMES, ServeConfig
from .pages import page_lang, render

log = logging.getLogger("suiri.web")

CSRF_COOKIE = "suiri_csrf"
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"
TOKEN_COOKIE = "suiri_token"
TOKEN_PARAM = "token"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


class Refused(Exception):
    """A request the guards turn away: its status and the message key saying why."""

    def __init__(self, status: int, key: str) -> None:
        super().__init__(key)
        self.status = status
        self.key = key


class Guard:
    """The middleware: see the module's docstring for what it checks, in that order."""

    def __init__(self, app: ASGIApp, config: ServeConfig) -> None:
        self.app = app
        self.config = config

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        cookies = cookie_jar(headers)
        set_cookies: list[str] = []
        started = False

        async def send_with_cookies(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                raw = list(message.get("headers", []))
                raw += [(b"set-cookie", c.encode("latin-1")) for c in set_cookies]
                message = {**message, "headers": raw}
            await send(message)

        try:
            self.check_host(headers)
            if self.config.token is not None:
                given = query_value(scope, TOKEN_PARAM)
                if given is not None and same(given, self.config.token):
                    set_cookies.append(cookie(TOKEN_COOKIE, self.config.token))
                elif not same(cookies.get(TOKEN_COOKIE, ""), self.config.token):
                    raise Refused(403, "web:refused-token")
            csrf = cookies.get(CSRF_COOKIE, "")
            if not csrf:
                csrf = secrets.token_urlsafe(32)
                set_cookies.append(cookie(CSRF_COOKIE, csrf))
            scope.setdefault("state", {})["csrf"] = csrf
            body = await self.read_body(scope, receive, headers)
            if scope["method"] in UNSAFE:
                self.check_origin(scope, headers)
                if not scope["path"].startswith("/api/"):
                    await self.check_csrf(scope, headers, body, cookies.get(CSRF_COOKIE, ""))
        except Refused as refused:
            await self.refuse(scope, refused)(scope, receive, send_with_cookies)
            return

        sent_body = False

        async def replay() -> Message:
            nonlocal sent_body
            if not sent_body:
                sent_body = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # the disconnect, when the client goes

        try:
            await self.app(scope, replay, send_with_cookies)
        except Exception:
            error_id = secrets.token_hex(4)
            log.exception("error %s in %s %s", error_id, scope["method"], scope["path"])
            if not started:
                await crash_page(scope, error_id)(scope, receive, send_with_cookies)

    def check_host(self, headers: Headers) -> None:
        if not self.config.loopback:
            return  # the token guards every other address
        host = headers.get("host", "")
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        if name.strip("[]").lower() not in LOOPBACK_NAMES:
            raise Refused(403, "web:refused-host")

    async def read_body(self, scope: Scope, receive: Receive, headers: Headers) -> bytes:
        """The whole body (a record is small), refused past the limit before it is read
        when Content-Length says so, and while it streams otherwise."""
        limit = self.config.max_body
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            raise Refused(413, "web:refused-size")
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise Refused(413, "web:refused-size")
            chunks.append(chunk)
            more = message.get("more_body", False)
        return b"".join(chunks)

    def check_origin(self, scope: Scope, headers: Headers) -> None:
        origin = headers.get("origin")
        if origin is None:
            return
        own = f"{scope.get('scheme', 'http')}://{headers.get('host', '')}"
        if origin.lower() != own.lower():
            raise Refused(403, "web:refused-origin")

    async def check_csrf(self, scope: Scope, headers: Headers, body: bytes, cookie_value: str) -> None:
        given = headers.get(CSRF_HEADER)
        if given is None:
            given = await form_field(scope, headers, body, CSRF_FIELD)
        if not cookie_value or given is None or not same(given, cookie_value):
            raise Refused(403, "web:refused-csrf")

    def refuse(self, scope: Scope, refused: Refused) -> Response:
        request = Request(scope)
        if scope["path"].startswith("/api/"):
            return JSONResponse({"error": render_key(request, refused.key)}, status_code=refused.status)
        return whole_page(request, render(request, "error.html", status_code=refused.status, key=refused.key,
                                          error_id=None))


def crash_page(scope: Scope, error_id: str) -> Response:
    """The 500 answer: the page (or JSON) naming the error id the server log shows."""
    request = Request(scope)
    if scope["path"].startswith("/api/"):
        return JSONResponse({"error": render_key(request, "web:crashed", id=error_id), "id": error_id},
                            status_code=500)
    try:
        return whole_page(request, render(request, "error.html", status_code=500, key="web:crashed",
                                          error_id=error_id))
    except Exception:  # the page itself failed: still say which error it was
        log.exception("error page for %s", error_id)
        return HTMLResponse(f"<h1>500</h1><p>error {error_id}</p>", status_code=500)


def whole_page(request: Request, response: Response) -> Response:
    """An error page answering an htmx request replaces the whole page, not the part the
    request was to update."""
    if request.headers.get("hx-request") == "true":
        response.headers["HX-Retarget"] = "body"
        response.headers["HX-Reswap"] = "innerHTML"
    return response


def render_key(request: Request, key: str, **kw: object) -> str:
    return Messages(page_lang(request))(key, **kw)


async def form_field(scope: Scope, headers: Headers, body: bytes, name: str) -> str | None:
    """Field ``name`` of a form body (URL-encoded or multipart), or None."""
    kind = headers.get("content-type", "").split(";")[0].strip().lower()
    if kind == FORMS[0]:
        values = parse_qs(body.decode("latin-1"), keep_blank_values=True).get(name)
        return values[0] if values else None
    if kind == FORMS[1]:
        delivered = False

        async def once() -> Message:
            nonlocal delivered
            chunk, delivered = (b"" if delivered else body), True
            return {"type": "http.request", "body": chunk, "more_body": False}

        request = Request(scope, once)
        try:
            form = await request.form()
        except Exception:  # a malformed body: no token in it
            return None
        try:
            value = form.get(name)
            return value if isinstance(value, str) else None
        finally:
            await form.close()
    return None


def cookie_jar(headers: Headers) -> dict[str, str]:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except Exception:  # a malformed Cookie header: as if none
        return {}
    return {k: m.value for k, m in jar.items()}


def cookie(name: str, value: str) -> str:
    """A Set-Cookie value: the whole site, not readable by scripts, never sent cross-site."""
    return f"{name}={value}; Path=/; HttpOnly; SameSite=Strict"


def query_value(scope: Scope, name: str) -> str | None:
    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get(name)
    return values[0] if values else None


def same(given: str, expected: str) -> bool:
    return hmac.compare_digest(given.encode(), expected.encode())

