"""The games.  Each sub-package states one game's rules and turns its records into
observations for the engine; ``open_session`` picks the game from the record's
``game`` field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from suiri.solver.errors import RecordSyntaxError
from suiri.solver.records import TomlDocument, read_toml

SUPPORTED = ("canary",)
PLANNED = ("detective", "werewolf")


def read_record(path: str | Path) -> TomlDocument:
    """A record as data with line numbers: TOML, or the compact line notation."""
    if not str(path).endswith(".toml"):
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        from .canary.notation import is_compact, parse

        if is_compact(text):
            return parse(str(path), text)
    return read_toml(path)


def open_session(path: str | Path) -> Any:
    """Read a record and return the session of its game (raises ``SuiriError``)."""
    doc = read_record(path)
    game = doc.data.get("game")
    if game == "canary":
        from .canary.record import from_document
        from .canary.session import CanarySession

        return CanarySession(from_document(doc))
    where = doc.lines.source((), "game", "game")
    if game in PLANNED:
        raise RecordSyntaxError(f"game {game!r} is not supported by this version yet", where, ", ".join(SUPPORTED))
    raise RecordSyntaxError(f"unknown game {game!r}", where, ", ".join(f'"{g}"' for g in SUPPORTED + PLANNED))
