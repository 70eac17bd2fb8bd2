"""Rendering: one Jinja2 environment for every page, with autoescaping on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))


def render(request: Request, name: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    """The page `name` with `context`; every page gets the request (language, tokens) too."""
    return templates.TemplateResponse(request, name, context, status_code=status_code)
