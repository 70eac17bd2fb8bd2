"""The games, each behind one typed interface.

Each sub-package states one game's rules (``models/<game>/``) and offers them through
a ``Game`` (``models/<game>/game.py``, see ``suiri.models.interface``).  This module is
the one table of games: ``GAMES`` names where each ``Game`` lives; ``game(name)`` imports
it on first use (``suiri --help`` reads only ``facts(name)``, the cheap ``FACTS`` block
of ``models/<game>/__init__.py``).  The checks every game shares (player count, variant)
live here and read those facts.
"""

from __future__ import annotations

import importlib
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any, cast

from suiri.solver.errors import (
    Joined,
    Named,
    RecordSyntaxError,
    Source,
    SuiriError,
    Text,
    unknown_name,
)
from suiri.solver.records import TomlDocument, check_not_empty, parse_toml, read_text

from .interface import Advice, Analysis, Counts, DrawsCards, Game, GameFacts, Record, Session, State

__all__ = ["GAMES", "Advice", "Analysis", "Counts", "DrawsCards", "Game", "GameFacts", "Record", "Session", "State",
           "check_players", "check_variant", "example_records", "facts", "game", "open_session", "read_record"]

# Every game: its name (a record's `game` field, `--game`) and where its Game lives.
GAMES: dict[str, str] = {
    "canary": "suiri.models.canary.game:GAME",
    "detective": "suiri.models.detective.game:GAME",
    "werewolf": "suiri.models.werewolf.game:GAME",
}


def facts(name: str) -> GameFacts:
    """A game's facts, without importing its rules (cheap: for help texts and choices)."""
    return cast(GameFacts, importlib.import_module(f"suiri.models.{name}").FACTS)


@cache
def game(name: str) -> Game[Any, Any]:
    """The ``Game`` called ``name``, imported on first use."""
    module, attribute = GAMES[name].split(":")
    return cast("Game[Any, Any]", getattr(importlib.import_module(module), attribute))


def check_players(about: GameFacts, players: int) -> None:
    """Raise unless the rules of the game allow ``players`` players."""
    allowed = about.players
    if players not in allowed:
        span = Text("span:or" if len(allowed) == 2 else "span:to", low=allowed.start, high=allowed.stop - 1)
        raise SuiriError(Text("players:for-game", game=Named(about.title_en, about.title_ja), span=span, n=players),
                         None, Joined(("--players ", span)))


def check_variant(about: GameFacts, variant: str) -> None:
    """Raise unless ``variant`` is one of the game's variants."""
    if variant not in about.variants:
        raise unknown_name("variant", variant, about.variants, error=SuiriError)


def check_question(about: GameFacts, question: str) -> None:
    """Raise unless ``question`` is one of the game's puzzle questions."""
    if question not in about.questions:
        raise SuiriError(Text("question:unknown", game=Named(about.title_en, about.title_ja), question=repr(question)),
                         None, "--question " + ", ".join(about.questions))


def read_record(path: str | Path) -> TomlDocument:
    """A record as data with line numbers: TOML, or a game's compact line notation.

    The file is read once (it may be a pipe such as /dev/stdin)."""
    text = read_text(path)
    check_not_empty(str(path), text, list(GAMES))
    first = _first_word(text)  # only the game the file names is imported (decision 1XX)
    compact = first if first in GAMES and game(first).is_compact(text) else None
    if compact is not None and not str(path).endswith(".toml"):
        return game(compact).parse_compact(str(path), text)
    try:
        return parse_toml(str(path), text)
    except RecordSyntaxError as exc:
        if compact is None:
            raise
        # compact notation in a file named .toml: say so rather than only "not valid TOML"
        raise RecordSyntaxError(exc.text, exc.source, Text("file:compact-in-toml", game=compact)) from None


def _first_word(text: str) -> str:
    """The first word of a file, as a game's ``is_compact`` compares it (comments skipped,
    full-width letters and capitals folded): which game's notation it may be in."""
    for line in text.removeprefix("\ufeff").splitlines():
        words = unicodedata.normalize("NFKC", line).split("#", 1)[0].split()
        if words:
            return words[0].lower()
    return ""


def example_records() -> dict[str, Any]:
    """The records bundled with each game (``models/<game>/records/*.toml``), by name."""
    from importlib.resources import files

    found: dict[str, Any] = {}
    for name in GAMES:
        folder = files(f"suiri.models.{name}") / "records"
        for item in folder.iterdir():
            if item.name.endswith(".toml"):
                found[item.name.removesuffix(".toml")] = item
    return found


def open_session(path: str | Path) -> tuple[Game[Any, Any], Session]:
    """Read a record; return its game and a session on it (raises ``SuiriError``)."""
    doc = read_record(path)
    name = doc.data.get("game")
    if isinstance(name, str) and name in GAMES:
        chosen = game(name)
        return chosen, chosen.open(chosen.read(doc))
    where, valid = doc.lines.source((), "game", "game"), ", ".join(f'"{g}"' for g in GAMES)
    if name is None:  # point at the record's first line: the game comes first
        first = min([*doc.lines.keys.values(), *doc.lines.tables.values()], default=None)
        raise RecordSyntaxError(Text("game:missing"), Source(where.file, first, "game"), valid)
    raise unknown_name("game", name, list(GAMES), where, valid)
