"""The games, each behind one typed interface.

Each sub-package states one game's rules (``models/<game>/``) and offers them through a
``Game`` (``models/<game>/game.py``, see ``suiri.models.interface``), registered as one
``Plugin`` in ``suiri.models.registry``.  This module reads records: it picks the game
from the file's first word (or the TOML ``game`` field) before importing any game, and
then imports that game only.
"""

from __future__ import annotations

import unicodedata
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from suiri.solver.errors import RecordSyntaxError, Source, Text, close_spellings, unknown_name
from suiri.solver.records import TomlDocument, check_not_empty, parse_toml, read_text

from .interface import (
    A,
    Advice,
    Analysis,
    Counts,
    Game,
    GameFacts,
    R,
    Record,
    S,
    Session,
    State,
    V,
    check_players,
    check_question,
    check_variant,
)
from .registry import GAMES, GameUser, Plugin, Registered, register

__all__ = ["GAMES", "Advice", "Analysis", "Counts", "Game", "GameFacts", "GameUser", "Plugin", "Record",
           "Registered", "Session", "State", "check_players", "check_question", "check_variant", "example_records",
           "facts", "game", "open_session", "read_record", "read_record_text", "record_game", "register"]


def facts(name: str) -> GameFacts:
    """A game's facts, without importing its rules (cheap: for help texts and choices)."""
    return GAMES[name].facts


def game(name: str) -> Game[Any, Any, Any, Any]:
    """The ``Game`` called ``name`` (its types erased: for tests and scripts; the commands
    hand generic code to ``GAMES[name].use``)."""
    return GAMES[name].game()


def read_record(path: str | Path) -> TomlDocument:
    """The record in the file ``path`` (``read_record_text``).  The file is read once (it
    may be a pipe such as /dev/stdin)."""
    return read_record_text(str(path), read_text(path))


def read_record_text(path: str, text: str) -> TomlDocument:
    """A record's ``text`` as data with line numbers: TOML, or a game's compact line
    notation; ``path`` names it in errors and tells TOML (a name ending ``.toml``) from
    notation.  A compact record names its game in its first word: only that game's
    notation is asked.  The web API reads its request bodies here."""
    check_not_empty(path, text, list(GAMES))
    number, words = first_words(text)
    named = words[0].lower() if words else ""  # the game of a compact record, in any case (Canary)
    compact = named if named in GAMES and game(named).is_compact(text) else None
    if compact is not None and not path.endswith(".toml"):
        return game(compact).parse_compact(path, text)
    try:
        return parse_toml(path, text)
    except RecordSyntaxError as exc:
        if compact is None and words and not any("=" in w or w.startswith("[") for w in words) \
                and close_spellings(words[0], list(GAMES)):  # 'canery aki bea cid': a misspelt game, not bad TOML
            games = " / ".join(f'"{g}"' for g in GAMES)
            raise unknown_name("game", words[0], list(GAMES), Source(path, number, "game"),
                               Text("file:record-start", games=games)) from None
        if compact is None:
            raise
        # compact notation in a file named .toml: say so rather than only "not valid TOML"
        raise RecordSyntaxError(exc.text, exc.source, Text("file:compact-in-toml", game=compact)) from None


def first_words(text: str) -> tuple[int, list[str]]:
    """The first line that holds more than a comment: its number and its words (after NFKC,
    so that an input method's full-width letters read as ASCII)."""
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        words = unicodedata.normalize("NFKC", line).split("#", 1)[0].split()
        if words:
            return number, words
    return 0, []


def record_game(doc: TomlDocument) -> Registered:
    """The registered game a record names in its ``game`` field (raises ``SuiriError``:
    missing or unknown, pointing at the record's line)."""
    name: object = doc.data.get("game")
    if isinstance(name, str) and name in GAMES:
        return GAMES[name]
    where, valid = doc.lines.source((), "game", "game"), ", ".join(f'"{g}"' for g in GAMES)
    if name is None:  # point at the record's first line: the game comes first
        first = min([*doc.lines.keys.values(), *doc.lines.tables.values()], default=None)
        raise RecordSyntaxError(Text("game:missing"), Source(where.file, first, "game"), valid)
    raise unknown_name("game", name, list(GAMES), where, valid)


def example_records() -> dict[str, Traversable]:
    """The records bundled with each game (``models/<game>/records/*.toml``), by name."""
    found: dict[str, Traversable] = {}
    for plugin in GAMES.values():
        for item in plugin.records.iterdir() if plugin.records is not None else ():
            if item.name.endswith(".toml"):
                found[item.name.removesuffix(".toml")] = item
    return found


def open_session(path: str | Path) -> tuple[Game[Any, Any, Any, Any], Session[Any]]:
    """Read a record; return its game and a session on it (raises ``SuiriError``).  Its
    types erased, for tests and scripts: the commands use ``suiri.cli.views.with_record``."""
    doc = read_record(path)

    def opened(chosen: Game[R, S, A, V]) -> tuple[Game[Any, Any, Any, Any], Session[Any]]:
        return chosen, chosen.open(chosen.read(doc))

    return record_game(doc).use(opened)
