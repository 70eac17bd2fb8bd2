"""The application: its routers, its static files and its guards."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.responses import Response

from . import api, games, play, puzzles
from .config import ServeConfig
from .pages import HERE, render
from .security import Guard
from .store import Store


def create_app(config: ServeConfig) -> FastAPI:
    """A new application serving ``config.games_dir``; `suiri serve` runs it under uvicorn,
    tests through TestClient.  Routers read the config as ``request.app.state.config``."""
    app = FastAPI(title="suiri", docs_url=None, redoc_url=None)
    app.state.config = config
    app.state.store = Store(config.games_dir)  # the one way to the record files (cli/web/store.py)
    app.add_middleware(Guard, config=config)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.include_router(games.router)
    app.include_router(api.router)
    app.include_router(puzzles.router)
    app.include_router(play.router)
    app.add_exception_handler(HTTPException, not_found_page)
    return app


async def not_found_page(request: Request, exc: Exception) -> Response:
    """A page in the reader's language for an address that leads nowhere (the API keeps
    FastAPI's JSON answers)."""
    if not isinstance(exc, HTTPException):
        raise exc
    if exc.status_code == 404 and not request.url.path.startswith("/api/"):
        return render(request, "error.html", status_code=404, key="web:not-found", error_id=None)
    return await http_exception_handler(request, exc)
