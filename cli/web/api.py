"""The web app's api routes (issue 22)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
