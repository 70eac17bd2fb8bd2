"""The web app's play routes (issue 22)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
