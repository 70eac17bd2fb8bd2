"""The application: its routers, its static files and its guards."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from . import api, games, play, puzzles
from .config import ServeConfig
from .pages import HERE
from .security import Guard


def create_app(config: ServeConfig) -> FastAPI:
    """A new application serving ``config.games_dir``; `suiri serve` runs it under uvicorn,
    tests through TestClient.  Routers read the config as ``request.app.state.config``."""
    app = FastAPI(title="suiri", docs_url=None, redoc_url=None)
    app.state.config = config
    app.add_middleware(Guard, config=config)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.include_router(games.router)
    app.include_router(api.router)
    app.include_router(puzzles.router)
    app.include_router(play.router)
    return app
