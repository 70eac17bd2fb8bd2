"""The application: its routers, its static files and its guards."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from . import api, play, puzzles
from .pages import HERE


def create_app() -> FastAPI:
    """A new application; `suiri serve` runs it under uvicorn, tests through TestClient."""
    app = FastAPI(title="suiri", docs_url=None, redoc_url=None)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.include_router(api.router)
    app.include_router(puzzles.router)
    app.include_router(play.router)
    return app
