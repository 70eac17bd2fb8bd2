"""A record typed at the table, one line at a time (``suiri live``): no terminal here.

The record is kept as the lines of its game's compact notation.  A new line is accepted
only if the whole text still reads, replays and fits some hidden state (``check``);
otherwise it is refused with the ``SuiriError`` that ``check`` would print, and nothing
changes.  Every accepted change is written to the file at once, atomically (a temporary
file in the same folder, then a rename), so a crash loses at most the line being typed.

A file ending in ``.toml`` is rewritten as canonical TOML (its comments are not kept);
any other file holds the typed lines as they were typed, comments included.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic

from suiri.solver.errors import SuiriError, Text
from suiri.solver.records import TomlDocument, read_text

from . import GAMES, read_record, record_game
from .interface import A, Counts, Game, LiveSource, R, S, V


@dataclass
class Position(Generic[R, S, A]):
    """The record after some line: the record, its session, what `check` counted and the
    analysis (each computed once)."""

    session: S
    counts: Counts
    analysis: A
    record: R


@dataclass
class LiveRecord(Generic[R, S, A, V]):
    """The lines typed so far, what ``undo`` took back, and the position they give (of a
    game whose types ``open`` and ``start`` erase: ``suiri live`` holds any game)."""

    path: Path
    game: LiveSource[R, S, A, V]
    lines: list[str]
    position: Position[R, S, A]
    undone: list[str] = field(default_factory=list)

    @classmethod
    def open(cls, path: str | Path) -> LiveRecord[Any, Any, Any, Any]:
        """Resume the record in ``path`` (TOML or compact); raises ``SuiriError`` if it
        does not read or check."""
        return resume(Path(path))

    @classmethod
    def start(cls, path: str | Path, name: str, header: list[str]) -> LiveRecord[Any, Any, Any, Any]:
        """A new record of game ``name`` from its header lines, written at once."""
        return begin(Path(path), name, header)

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def add(self, line: str) -> Position[R, S, A]:
        """Accept ``line`` (an event in the compact notation, or a comment) or raise the
        reason it is refused; on refusal nothing changes."""
        lines = [*self.lines, line]
        position = replay(self.game, str(self.path), lines)
        self.lines, self.position, self.undone = lines, position, []
        self.save()
        return position

    def undo(self) -> str | None:
        """Take back the last line (None when what is left would not be a record: the
        setup lines stay)."""
        lines = self.lines[:-1]
        try:
            position = replay(self.game, str(self.path), lines)
        except SuiriError:
            return None
        self.undone.append(self.lines[-1])
        self.lines, self.position = lines, position
        self.save()
        return self.undone[-1]

    def redo(self) -> str | None:
        """Put back the line ``undo`` took last (None when there is none)."""
        if not self.undone:
            return None
        line = self.undone.pop()
        undone = self.undone
        self.add(line)
        self.undone = undone
        return line

    def save(self) -> None:
        """Write the record atomically: a temporary file beside it, then a rename."""
        if self.path.suffix == ".toml":
            body = self.game.write(self.position.record, "toml")
        else:
            body = self.text
        write_atomically(self.path, body)


def write_atomically(path: Path, body: str) -> None:
    """Write ``body`` to ``path`` so that a crash leaves the old file or the new one, never
    half of one: a temporary file beside it, flushed, then renamed over it."""
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(body)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def resume(path: Path) -> LiveRecord[Any, Any, Any, Any]:
    """``LiveRecord.open``, run with the record's game and its types."""
    doc = read_record(path)

    def resumed(chosen: Game[R, S, A, V]) -> LiveRecord[Any, Any, Any, Any]:
        return reopen(path, chosen, doc)

    return record_game(doc).use(resumed)  # an unknown game: the reader's error


def reopen(path: Path, chosen: LiveSource[R, S, A, V], doc: TomlDocument) -> LiveRecord[R, S, A, V]:
    """The record read from ``path`` (``doc``) as lines of ``chosen``'s compact notation."""
    if path.suffix == ".toml":
        lines = chosen.write(chosen.read(doc), "compact").splitlines()
    else:
        lines = read_text(path).lstrip("\ufeff").splitlines()
    return LiveRecord(path, chosen, lines, replay(chosen, str(path), lines))


def begin(path: Path, name: str, header: list[str]) -> LiveRecord[Any, Any, Any, Any]:
    """``LiveRecord.start``, run with the game's types."""

    def started(chosen: Game[R, S, A, V]) -> LiveRecord[Any, Any, Any, Any]:
        live = LiveRecord(path, chosen, list(header), replay(chosen, str(path), header))
        live.save()
        return live

    return GAMES[name].use(started)


def setup_length(chosen: LiveSource[R, S, A, V], lines: list[str]) -> int:
    """How many of ``lines`` are the setup: the shortest prefix from which every longer
    prefix is a record too (found from the end, since a setup line such as Memory
    Detective's ``sizes`` may be optional). Tests and the bench type the rest."""
    n = len(lines)
    while n > 1:
        try:
            replay(chosen, "<setup>", lines[: n - 1])
        except SuiriError:
            break
        n -= 1
    return n


def replay(chosen: LiveSource[R, S, A, V], name: str, lines: list[str]) -> Position[R, S, A]:
    """Read, replay and count ``lines`` as a record; raise the first problem."""
    text = "\n".join(lines) + "\n"
    if not chosen.is_compact(text):
        raise SuiriError(Text("live:first-line"), None,
                         f"{chosen.facts.name} NAME NAME ...")
    record = chosen.read(chosen.parse_compact(name, text))
    session = chosen.open(record)
    counts = session.check()
    return Position(session, counts, chosen.analyze(session), record)

