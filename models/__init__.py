"""The games.  Each sub-package states one game's rules and turns its records into
observations for the engine.  ``open_session`` picks the game from the record's
``game`` field; the CLI then calls the game's module through ``GameModule`` and
renders with ``suiri.cli.<game>_view``.  A new game adds a sub-package with these
functions and a view, and registers its name in ``SUPPORTED``."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, cast

from suiri.solver.errors import RecordSyntaxError
from suiri.solver.records import TomlDocument, parse_toml, read_text

SUPPORTED = ("canary", "detective", "werewolf")
PLANNED: tuple[str, ...] = ()


class GameModule(Protocol):
    """What the CLI needs of a game (``models/<game>/__init__.py``)."""

    GAME: str
    QUESTIONS: tuple[str, ...]

    def open_record(self, doc: TomlDocument) -> Any: ...
    def is_compact(self, text: str) -> bool: ...
    def parse_compact(self, name: str, text: str) -> TomlDocument: ...
    def simulate(self, players: int, seed: int, turns: int, viewer: str | None, variant: str = "base") -> str: ...
    def puzzle(self, players: int, seed: int, question: str, low: int, high: int) -> Any: ...


def part(game: GameModule, name: str) -> ModuleType:
    """One of a game's modules, imported on first use (``suiri --help`` must stay fast)."""
    return importlib.import_module(f"suiri.models.{game.GAME}.{name}")


def analyze(game: GameModule, session: Any) -> Any:
    """Every game answers with ``<game>/analysis.py: analyze(session)``."""
    return part(game, "analysis").analyze(session)


def advise(game: GameModule, session: Any) -> Any:
    """Every game advises with ``<game>/advice.py: advise(session)``."""
    return part(game, "advice").advise(session)


def write_toml(game: GameModule, session: Any) -> str:
    """Every game writes its records with ``<game>/record.py: to_toml(record)``."""
    return str(part(game, "record").to_toml(session.record))


def game_module(name: str) -> GameModule:
    module: ModuleType = importlib.import_module(f"suiri.models.{name}")
    return cast(GameModule, module)


def read_record(path: str | Path) -> TomlDocument:
    """A record as data with line numbers: TOML, or a game's compact line notation.

    The file is read once (it may be a pipe such as /dev/stdin)."""
    text = read_text(path)
    if not str(path).endswith(".toml"):
        for name in SUPPORTED:
            module = game_module(name)
            if module.is_compact(text):
                return module.parse_compact(str(path), text)
    return parse_toml(str(path), text)


def example_records() -> dict[str, Any]:
    """The records bundled with each game (``models/<game>/records/*.toml``), by name."""
    from importlib.resources import files

    found: dict[str, Any] = {}
    for name in SUPPORTED:
        folder = files(f"suiri.models.{name}") / "records"
        for item in folder.iterdir():
            if item.name.endswith(".toml"):
                found[item.name.removesuffix(".toml")] = item
    return found


def open_session(path: str | Path) -> tuple[GameModule, Any]:
    """Read a record; return its game's module and a session on it (raises ``SuiriError``)."""
    doc = read_record(path)
    game = doc.data.get("game")
    if game in SUPPORTED:
        module = game_module(str(game))
        return module, module.open_record(doc)
    where = doc.lines.source((), "game", "game")
    if game in PLANNED:
        raise RecordSyntaxError(f"game {game!r} is not supported by this version yet", where, ", ".join(SUPPORTED))
    raise RecordSyntaxError(f"unknown game {game!r}", where, ", ".join(f'"{g}"' for g in SUPPORTED + PLANNED))
