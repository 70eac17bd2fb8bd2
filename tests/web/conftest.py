"""Shared fixtures of the web app's tests: an app on a temporary games folder, and a
client that talks to it as a browser on this machine would (its Host is 127.0.0.1, and it
carries the CSRF cookie and echoes the token in the ``X-CSRF-Token`` header, as htmx does).

Forms posted without JavaScript put the token in the field ``csrf`` instead: take it from
the ``csrf`` fixture, or drop the header (``client.headers.pop("X-CSRF-Token")``) to test
the refusal."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from sibling import load_sibling

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 in a warning; httpx works (and is what is installed)
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

from suiri.cli.web.app import create_app
from suiri.cli.web.config import ServeConfig
from suiri.cli.web.security import CSRF_COOKIE

BASE_URL = "http://127.0.0.1:8765"  # the guard refuses a Host that is not this machine's


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Headless Chromium (``browser.py``'s one door to it) for a module's browser tests:
    launched once per module (a launch costs about a second of CPU), each test opening
    its own pages in it.  Skipped, with the reason, where it cannot run."""
    web = load_sibling(__file__, "browser.py", "web_browser")
    if web.MISSING is not None:
        pytest.skip(str(web.MISSING))
    with web.browser() as launched:
        yield launched


@pytest.fixture
def games_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    return folder


@pytest.fixture
def config(games_dir: Path) -> ServeConfig:
    return ServeConfig(games_dir=games_dir)


@pytest.fixture
def app(config: ServeConfig) -> FastAPI:
    return create_app(config)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    """A client holding the CSRF cookie and sending its token on every request."""
    with TestClient(app, base_url=BASE_URL, raise_server_exceptions=False) as test_client:
        test_client.get("/static/suiri.css")  # any answer sets the cookie
        test_client.headers["X-CSRF-Token"] = test_client.cookies[CSRF_COOKIE]
        yield test_client


@pytest.fixture
def csrf(client: TestClient) -> str:
    """The token a plain form carries in its ``csrf`` field."""
    return client.cookies[CSRF_COOKIE]
