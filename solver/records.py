"""Reading TOML records while keeping every value's line number.

``tomllib`` parses but forgets positions; error messages need ``file:line: field``.
``LineMap`` scans the text once and remembers, for every table (``[start]``, the n-th
``[[turn]]``, ``[turn.declare]`` under it) the line of each key.  Values inside inline
tables and arrays get the line of their key.
"""

from __future__ import annotations

import re
import tomllib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .errors import RecordSyntaxError, Source, SuiriError, raise_all

T = TypeVar("T")

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*(\"[^\"]*\"|'[^']*'|[A-Za-z0-9_\-.]+)\s*=")
_ERR_POS = re.compile(r"\(at line (\d+), column (\d+)\)")

TablePath = tuple[str | int, ...]


@dataclass
class LineMap:
    """Line numbers of tables and keys in one TOML file."""

    file: str
    tables: dict[TablePath, int] = field(default_factory=dict)
    keys: dict[tuple[TablePath, str], int] = field(default_factory=dict)

    @classmethod
    def scan(cls, file: str, text: str) -> LineMap:
        result = cls(file)
        counts: dict[str, int] = {}
        current: TablePath = ()
        for number, line in enumerate(text.splitlines(), start=1):
            header = _HEADER.match(line)
            if header:
                names = [n.strip().strip("\"'") for n in header.group(2).split(".")]
                if header.group(1) == "[[":
                    name = ".".join(names)
                    counts[name] = counts.get(name, 0) + 1
                    current = (*names, counts[name] - 1)
                else:
                    # `[turn.declare]` belongs to the latest `[[turn]]`.
                    head = names[0]
                    if head in counts and len(names) > 1:
                        current = (head, counts[head] - 1, *names[1:])
                    else:
                        current = tuple(names)
                result.tables.setdefault(current, number)
                continue
            key = _KEY.match(line)
            if key:
                name = key.group(1)
                table = current
                if "." in name and not name.startswith(("\"", "'")):  # dotted key: start.cid = "a7"
                    *parents, name = name.split(".")
                    table = (*current, *parents)
                    result.tables.setdefault(table, number)
                result.keys.setdefault((table, name.strip("\"'")), number)
        return result

    def source(self, table: TablePath = (), key: str | None = None, field: str | None = None) -> Source:
        """Where ``key`` of ``table`` was written: its own line, else the table's header,
        else (an inline table such as ``declare = { ... }``) the line of the parent key."""
        label = field if field is not None else key
        line = self.keys.get((table, key)) if key is not None else None
        if line is None and key is not None:  # the key may be a table of its own: [turn.declare.answers]
            line = self.tables.get((*table, key))
        path = table
        while line is None and path:
            line = self.tables.get(path)
            if line is None and isinstance(path[-1], str):
                line = self.keys.get((path[:-1], path[-1]))
            path = path[:-1]
        return Source(self.file, line, label)

    @staticmethod
    def label(table: TablePath, key: str | None) -> str:
        """A field name as errors print it: ``turn[2].declare.card``."""
        out = ""
        for part in table:
            out += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if out else part)
        if key:
            out += f".{key}" if out else key
        return out


@dataclass
class TomlDocument:
    """A parsed record file: the data, and where each piece of it came from."""

    path: str
    data: dict[str, Any]
    lines: LineMap


def read_text(path: str | Path) -> str:
    """A record file's text; a missing or unreadable file is a ``RecordSyntaxError``."""
    name = str(path)
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordSyntaxError("no such file", Source(name), "the path of a TOML game record") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordSyntaxError(f"cannot read the file ({exc})", Source(name)) from None


def read_toml(path: str | Path) -> TomlDocument:
    """Parse a TOML file; syntax problems become ``RecordSyntaxError`` with their line."""
    return parse_toml(str(path), read_text(path))


def parse_toml(name: str, text: str) -> TomlDocument:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        pos = _ERR_POS.search(message)
        line = int(pos.group(1)) if pos else None
        message = _ERR_POS.sub("", message).strip()
        field = _field_at(text, line) if line else None
        raise RecordSyntaxError(
            f"not valid TOML: {message}", Source(name, line, field), "TOML 1.0 (https://toml.io)"
        ) from None
    return TomlDocument(name, data, LineMap.scan(name, text))


def _field_at(text: str, line: int) -> str | None:
    """The field written on ``line`` (for syntax errors, which tomllib reports by line)."""
    lines = text.splitlines()
    head = LineMap.scan("", "\n".join(lines[: line - 1]))
    table: TablePath = max(head.tables, key=lambda t: head.tables[t]) if head.tables else ()
    current = lines[line - 1] if 0 < line <= len(lines) else ""
    key = _KEY.match(current)
    if key:
        return LineMap.label(table, key.group(1).strip("\"'"))
    return LineMap.label(table, None) or None


NAME = re.compile(r"^[a-z0-9_\-]+$")  # player names and card ids (format v1)


class RecordReader(ABC):
    """The lenient part every game's reader shares: field errors are collected (with
    file, line and field) and raised together by the caller (``errors.raise_all``)."""

    def __init__(self, doc: TomlDocument) -> None:
        self.doc = doc
        self.lines = doc.lines
        self.errors: list[SuiriError] = []

    @abstractmethod
    def read(self) -> Any:
        """The game's typed record (field errors go to ``self.errors``)."""

    @classmethod
    def build(cls, doc: TomlDocument) -> Any:
        """The game's typed record, or every field error found, raised together."""
        reader = cls(doc)
        record = reader.read()
        raise_all(reader.errors)
        assert record is not None
        return record

    def root_fields(self, keys: Sequence[str], game: str) -> None:
        """Report unknown top-level fields and a record of another game."""
        d = self.doc.data
        for key in d:
            if key not in keys:
                self.fail(f"unknown field {key!r}", self.root(key), ", ".join(keys))
        if d.get("game") != game:
            what = f"game is {d['game']!r}" if "game" in d else "missing game"
            self.fail(f"{what}, this reader is for {game!r}", self.root("game"), f'"{game}"')

    def src(self, table: TablePath, key: str | None, label: str | None) -> Source:
        return self.lines.source(table, key, label)

    def root(self, key: str) -> Source:
        return self.src((), key, key)

    def fail(self, message: str, source: Source, valid: str | None = None) -> None:
        self.errors.append(RecordSyntaxError(message, source, valid))

    def catch(self, fn: Callable[[], T]) -> T | None:
        """``fn()``, or None with its error noted."""
        try:
            return fn()
        except SuiriError as exc:
            self.errors.append(exc)
            return None

    def players(self, low: int, high: int) -> tuple[str, ...] | None:
        """The ``players`` field: distinct allowed names, ``low`` to ``high`` of them.  None
        when it cannot be used (not a list of names, or a count the game does not allow);
        badly written names are reported and reading goes on."""
        players = self.doc.data.get("players")
        where = self.root("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            what = "missing players" if players is None else "players must be a list of names"
            self.fail(what, where, '["aki", "bea", "cid"] in turn order')
            return None
        for p in players:
            if not NAME.match(p):
                self.fail(f"player name {p!r} is not allowed", where, "lower-case letters, digits, '-' and '_'")
        if len(set(players)) != len(players):
            self.fail("a player is named twice", where, "distinct names")
        if not low <= len(players) <= high:
            self.fail(f"{len(players)} players: the game is for {low} to {high}", where, f"{low} to {high} names")
            return None
        return tuple(players)
