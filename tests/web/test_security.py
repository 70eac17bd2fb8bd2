"""The guard in front of every route of `suiri serve` (issue 22, "no one let in"): the token,
the Host of a loopback server, the body limit, the Origin and the CSRF token, and a crash
inside one request (a 500 page with an id, the record untouched, the server still up)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import APIRouter, FastAPI
from fastapi.testclient import TestClient

from suiri.cli.web.app import create_app
from suiri.cli.web.config import ServeConfig
from suiri.cli.web.security import CSRF_COOKIE, TOKEN_COOKIE
from suiri.models import example_records

BASE = "http://127.0.0.1:8765"


def canary(games_dir: Path) -> str:
    """The Canary reference record in the folder (as a file, not through the page)."""
    (games_dir / "canary.toml").write_text(example_records()["canary-3p"].read_text(encoding="utf-8"))
    return "canary.toml"


def state_version(client: TestClient, name: str) -> str:
    html = client.get(f"/games/{name}").text
    return html.split('data-version="', 1)[1].split('"', 1)[0]


# ---- the token -------------------------------------------------------------------------
@pytest.fixture
def tokened(games_dir: Path) -> Iterator[TestClient]:
    app = create_app(ServeConfig(games_dir=games_dir, host="0.0.0.0", token="s3cret-token"))
    with TestClient(app, base_url="http://192.168.1.20:8765", raise_server_exceptions=False) as client:
        yield client


def test_off_loopback_a_token_is_required() -> None:
    with pytest.raises(ValueError, match="needs a token"):
        ServeConfig(games_dir=Path("."), host="0.0.0.0")
    assert ServeConfig(games_dir=Path("."), host="::1").loopback


def test_without_the_token_every_request_is_403(tokened: TestClient) -> None:
    for path in ("/", "/new", "/static/suiri.css", "/games/x.txt", "/openapi.json", "/?token=wrong"):
        answer = tokened.get(path)
        assert answer.status_code == 403, path
        assert "token" in answer.text
    assert tokened.post("/api/check", content=b"canary a b c\n").status_code == 403
    assert tokened.post("/api/check", content=b"x").json()["error"].startswith("This server needs its token")


def test_the_token_in_the_address_becomes_a_strict_cookie(tokened: TestClient) -> None:
    first = tokened.get("/?token=s3cret-token")
    assert first.status_code == 200
    cookie = next(c for c in first.headers.get_list("set-cookie") if c.startswith(TOKEN_COOKIE))
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert tokened.get("/new").status_code == 200  # the cookie carries it from now on
    tokened.cookies.delete(TOKEN_COOKIE)
    assert tokened.get("/new").status_code == 403


def test_a_token_is_checked_on_loopback_too_when_there_is_one(games_dir: Path) -> None:
    app = create_app(ServeConfig(games_dir=games_dir, token="t"))
    with TestClient(app, base_url=BASE) as client:
        assert client.get("/").status_code == 403
        assert client.get("/?token=t").status_code == 200


# ---- the Host of a loopback server (DNS rebinding) --------------------------------------
@pytest.mark.parametrize("host", ["evil.example:8765", "testserver", "127.0.0.1.evil.example", ""])
def test_a_loopback_server_answers_only_to_its_own_names(app: FastAPI, host: str) -> None:
    with TestClient(app, base_url=BASE) as client:
        answer = client.get("/", headers={"Host": host})
        assert answer.status_code == 403 and "only to its own address" in answer.text


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "[::1]:8765", "LOCALHOST"])
def test_its_own_names_are_served(app: FastAPI, host: str) -> None:
    with TestClient(app, base_url=BASE) as client:
        assert client.get("/", headers={"Host": host}).status_code == 200


# ---- body size ---------------------------------------------------------------------------
def test_a_body_over_the_limit_is_413(games_dir: Path) -> None:
    app = create_app(ServeConfig(games_dir=games_dir, max_body=1000))
    with TestClient(app, base_url=BASE) as client:
        client.get("/")
        headers = {"X-CSRF-Token": client.cookies[CSRF_COOKIE]}
        assert client.post("/upload", data={"text": "x" * 2000}, headers=headers).status_code == 413

        def streamed() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
            for _ in range(20):
                yield b"y" * 100

        assert client.post("/api/check", content=streamed()).status_code == 413
        assert client.post("/api/check", content=b"z" * 1001).status_code == 413
        assert client.get("/").status_code == 200  # and the server goes on


# ---- CSRF and Origin -------------------------------------------------------------------
def test_a_form_without_the_csrf_token_is_refused(client: TestClient, games_dir: Path) -> None:
    name = canary(games_dir)
    saved = (games_dir / name).read_bytes()
    version = state_version(client, name)
    token = client.headers.pop("X-CSRF-Token")
    for data in ({"version": version}, {"version": version, "csrf": "forged"}, {"version": version, "csrf": ""}):
        answer = client.post(f"/games/{name}/undo", data=data)
        assert answer.status_code == 403 and "reload the page" in answer.text
    assert client.post(f"/games/{name}/undo", data={"version": version}, headers={"X-CSRF-Token": "x"}).status_code \
        == 403
    assert (games_dir / name).read_bytes() == saved
    done = client.post(f"/games/{name}/undo", data={"version": version, "csrf": token}, follow_redirects=False)
    assert done.status_code == 303 and (games_dir / name).read_bytes() != saved


def test_a_form_from_a_browser_without_the_cookie_is_refused(app: FastAPI, games_dir: Path) -> None:
    with TestClient(app, base_url=BASE) as fresh:  # a foreign page's POST carries no SameSite=Strict cookie
        answer = fresh.post("/new", data={"game": "canary", "players": "a b c", "csrf": "guessed"})
        assert answer.status_code == 403 and list(games_dir.iterdir()) == []


def test_a_multipart_form_carries_its_token_in_a_field(client: TestClient, csrf: str, games_dir: Path) -> None:
    client.headers.pop("X-CSRF-Token")
    text = b"canary aki bea cid\nviewer aki ancient\nstart a1 a7 g1\n"
    refused = client.post("/upload", files={"record": ("a.txt", text)}, data={"csrf": "no"})
    assert refused.status_code == 403 and not (games_dir / "a.txt").exists()
    kept = client.post("/upload", files={"record": ("a.txt", text)}, data={"csrf": csrf}, follow_redirects=False)
    assert kept.status_code == 303 and (games_dir / "a.txt").exists()


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:9999", "https://127.0.0.1:8765"])
def test_a_foreign_origin_is_refused_on_every_unsafe_request(client: TestClient, games_dir: Path, origin: str) -> None:
    name = canary(games_dir)
    saved = (games_dir / name).read_bytes()
    answer = client.post(f"/games/{name}/undo", data={"version": state_version(client, name)},
                         headers={"Origin": origin})
    assert answer.status_code == 403 and "another site" in answer.text
    api = client.post("/api/check", content=b"canary aki bea cid\n", headers={"Origin": origin})
    assert api.status_code == 403 and "another site" in api.json()["error"]
    assert (games_dir / name).read_bytes() == saved


def test_the_servers_own_origin_passes(client: TestClient, games_dir: Path) -> None:
    name = canary(games_dir)
    answer = client.post(f"/games/{name}/undo", data={"version": state_version(client, name)},
                         headers={"Origin": BASE}, follow_redirects=False)
    assert answer.status_code == 303


def test_the_api_needs_no_csrf_token(app: FastAPI) -> None:
    """A tool calls the API with no cookie: the CSRF check does not apply there (whatever
    the route answers, it is not the guard's 403)."""
    with TestClient(app, base_url=BASE) as tool:
        answer = tool.post("/api/check", content=b"canary aki bea cid\n")
        assert answer.status_code != 403


def test_every_page_gives_its_forms_the_token(client: TestClient, csrf: str, games_dir: Path) -> None:
    name = canary(games_dir)
    for path in ("/", "/new", "/upload", f"/games/{name}"):
        html = client.get(path).text
        assert f'"X-CSRF-Token": "{csrf}"' in html, path
        assert html.count("<form") == html.count('name="csrf"') + html.count('method="get"'), path


# ---- a crash inside a request ---------------------------------------------------------
def test_a_crash_is_a_500_page_with_an_id_and_the_record_untouched(
        client: TestClient, games_dir: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    name = canary(games_dir)
    saved = (games_dir / name).read_bytes()
    version = state_version(client, name)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the solver fell over")

    monkeypatch.setattr("suiri.models.live.replay", broken)
    with caplog.at_level(logging.ERROR, logger="suiri.web"):
        answer = client.post(f"/games/{name}/line", data={"line": "cid a5 h", "version": version})
    assert answer.status_code == 500
    error_id = answer.text.split('<code id="error-id">', 1)[1].split("<", 1)[0]
    assert len(error_id) == 8 and "nothing was changed" in answer.text
    logged = [r for r in caplog.records if error_id in r.getMessage()]
    assert logged and logged[0].exc_info is not None  # the traceback is on the server, under the id
    assert "fell over" not in answer.text
    assert (games_dir / name).read_bytes() == saved
    from_htmx = client.post(f"/games/{name}/line", data={"line": "cid a5 h", "version": version},
                            headers={"HX-Request": "true"})
    assert from_htmx.status_code == 500 and from_htmx.headers["HX-Retarget"] == "body"  # the whole page, not a part
    monkeypatch.undo()
    assert client.get("/").status_code == 200
    assert client.post(f"/games/{name}/line", data={"line": "cid a5 h", "version": version}).status_code in (200, 303, 422)


def test_a_crash_in_the_api_is_json_with_the_id(app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    router = APIRouter()

    @router.post("/api/boom")
    def boom() -> None:
        raise RuntimeError("boom")

    app.include_router(router)
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as tool:
        answer = tool.post("/api/boom")
        assert answer.status_code == 500 and len(answer.json()["id"]) == 8
        assert tool.get("/").status_code == 200
