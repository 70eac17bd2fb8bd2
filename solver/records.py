"""Reading TOML records while keeping every value's line number.

``tomli`` (the standard library's ``tomllib``, compiled: records read twice as fast) parses
but forgets positions; error messages need ``file:line: field``.
``LineMap`` scans the text once and remembers, for every table (``[start]``, the n-th
``[[turn]]``, ``[turn.declare]`` under it) the line of each key.  Values inside inline
tables and arrays get the line of their key.
"""

from __future__ import annotations

import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time
from functools import lru_cache
from pathlib import Path
from typing import Generic, TypeAlias, TypeGuard, TypeVar

import tomli

from .errors import Message, RecordSyntaxError, Source, SuiriError, Text, raise_all, unknown_name

T = TypeVar("T")
R = TypeVar("R")  # a game's typed record

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*(\"[^\"]*\"|'[^']*'|[A-Za-z0-9_\-.]+)\s*=")
_ERR_POS = re.compile(r"\(at line (\d+), column (\d+)\)")

TablePath = tuple[str | int, ...]
# A value as ``tomli`` reads it (or a compact notation builds it): readers narrow it with
# ``isinstance`` before use, so that a wrongly typed field is an error message, not a crash.
# Sequence and Mapping (not list and dict, which are invariant) let a notation store its
# list[str] as it is; ``isinstance(v, list)`` still narrows to list[TomlValue].
TomlValue: TypeAlias = "str | int | float | bool | datetime | date | time | Sequence[TomlValue] | Mapping[str, TomlValue]"


@dataclass
class LineMap:
    """Line numbers of tables and keys in one TOML file."""

    file: str
    tables: dict[TablePath, int] = field(default_factory=dict)
    keys: dict[tuple[TablePath, str], int] = field(default_factory=dict)

    @classmethod
    def scan(cls, file: str, text: str) -> LineMap:
        """The line map of a TOML text, scanned when a line is first asked (``Scanned``)."""
        return Scanned(file, text)

    def _scan(self, text: str) -> None:
        """Note the line of every table and key of ``text``."""
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
                self.tables.setdefault(current, number)
                continue
            key = _KEY.match(line)
            if key:
                name = key.group(1)
                table = current
                if "." in name and not name.startswith(("\"", "'")):  # dotted key: start.cid = "a7"
                    *parents, name = name.split(".")
                    table = (*current, *parents)
                    self.tables.setdefault(table, number)
                self.keys.setdefault((table, name.strip("\"'")), number)

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


class Scanned(LineMap):
    """The line map of a TOML text, scanned only when a line is first asked: most records
    are read without an error to tell, and scanning costs as much as parsing."""

    def __init__(self, file: str, text: str) -> None:  # no tables or keys until asked
        self.file = file
        self._text = text

    def __getattr__(self, name: str) -> object:
        text = self.__dict__.get("_text")
        if name not in ("tables", "keys") or text is None:
            raise AttributeError(name)
        self.tables, self.keys = {}, {}
        self._scan(text)
        del self._text
        return self.__dict__[name]


def is_names(value: TomlValue | None) -> TypeGuard[list[str]]:
    """Whether a TOML value is an array of strings (names, card ids)."""
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


@dataclass
class TomlDocument:
    """A parsed record file: the data, and where each piece of it came from."""

    path: str
    data: dict[str, TomlValue]
    lines: LineMap


def read_text(path: str | Path) -> str:
    """A record file's text, a UTF-8 byte-order mark dropped (Notepad writes one).  What is
    no text file gets a sentence of its own (``RecordSyntaxError``): a missing file, a
    directory, a file that is not UTF-8 text (an image, UTF-16)."""
    name = str(path)
    where = Source(name)
    if Path(path).is_dir():
        inside = sorted(str(p) for p in Path(path).iterdir() if p.suffix in (".toml", ".txt"))[:3]
        example = ", ".join(inside) or str(Path(path) / "game.toml")
        raise RecordSyntaxError(Text("file:directory"), where, Text("file:directory-valid", example=example))
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise RecordSyntaxError(Text("file:missing"), where, Text("file:missing-valid")) from None
    except OSError as exc:
        raise RecordSyntaxError(Text("file:unreadable", reason=exc.strerror or exc), where,
                                Text("file:unreadable-valid")) from None
    return decode_text(name, data)


def decode_text(name: str, data: bytes) -> str:
    """A record's bytes as text (a file's, or a web request's body ``name``): UTF-8, a
    byte-order mark dropped; UTF-16 and what is no text get a sentence of their own."""
    where = Source(name)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise RecordSyntaxError(Text("file:utf16"), where, Text("file:text-valid"))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordSyntaxError(Text("file:binary", offset=exc.start + 1, byte=f"{data[exc.start]:02x}"), where,
                                Text("file:text-valid")) from None
    if "\x00" in text:  # UTF-8 by chance, but no text file holds a NUL
        at = data.index(b"\x00")
        raise RecordSyntaxError(Text("file:binary", offset=at + 1, byte="00"), where, Text("file:text-valid"))
    return text


def check_not_empty(name: str, text: str, games: Sequence[str]) -> None:
    """Raise unless ``text`` holds something besides blank lines and ``#`` comments: an
    empty record is told as such (with what a record of ``games`` starts with), not as
    the first field it lacks."""
    if any(line.strip() and not line.strip().startswith("#") for line in text.splitlines()):
        return
    games_text = " / ".join(f'"{g}"' for g in games)
    raise RecordSyntaxError(Text("file:only-comments" if text.strip() else "file:empty"), Source(name),
                            Text("file:record-start", games=games_text))


def read_toml(path: str | Path) -> TomlDocument:
    """Parse a TOML file; syntax problems become ``RecordSyntaxError`` with their line."""
    return parse_toml(str(path), read_text(path))


def parse_toml(name: str, text: str) -> TomlDocument:
    text = text.removeprefix("\ufeff")  # a byte-order mark (read_text drops it from files)
    try:
        data = tomli.loads(text)
    except tomli.TOMLDecodeError as exc:
        message = str(exc)
        pos = _ERR_POS.search(message)
        line = int(pos.group(1)) if pos else None
        message = _ERR_POS.sub("", message).strip()
        field = _field_at(text, line) if line else None
        raise RecordSyntaxError(
            Text("toml:syntax", message=message), Source(name, line, field), Text("toml:syntax-valid")
        ) from None
    return TomlDocument(name, data, LineMap.scan(name, text))


def _field_at(text: str, line: int) -> str | None:
    """The field written on ``line`` (for syntax errors, which tomli reports by line)."""
    lines = text.splitlines()
    head = LineMap.scan("", "\n".join(lines[: line - 1]))
    table: TablePath = max(head.tables, key=lambda t: head.tables[t]) if head.tables else ()
    current = lines[line - 1] if 0 < line <= len(lines) else ""
    key = _KEY.match(current)
    if key:
        return LineMap.label(table, key.group(1).strip("\"'"))
    return LineMap.label(table, None) or None


NAME = re.compile(r"^[\w\-]+$")  # a player's name: letters of any script and case, digits, '-', '_'


@lru_cache(maxsize=4096)
def fold(name: str) -> str:
    """A name as matching compares it: NFKC (full-width ``ａｋｉ`` is ``aki``), case folded
    (memoised: a record names its few players on nearly every line)."""
    return unicodedata.normalize("NFKC", name).strip().casefold()


def find_name(written: object, names: Sequence[str]) -> str | None:
    """The name of ``names`` that ``written`` means, as first declared (case and width
    ignored: ``Aki`` and ``ＡＫＩ`` are ``aki``), or None."""
    if not isinstance(written, str):
        return None
    key = fold(written)
    for n in names:
        if fold(n) == key:
            return n
    return None


def toml_key(name: str) -> str:
    """A name as a TOML key: bare when TOML allows it (``aki``), else quoted (``"あき"``)."""
    return name if re.fullmatch(r"[A-Za-z0-9_\-]+", name) else '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


Where: TypeAlias = "Source | Callable[[], Source]"  # a place, or how to find it (only an error needs it)


def source_of(where: Where) -> Source:
    """The place ``where`` names (found now, when an error is to be told)."""
    return where if isinstance(where, Source) else where()


def located(file: str, lines: LineMap | None, table: TablePath, key: str | None, label: str | None) -> Source:
    """Where a record's value was written: its file, and its line when the record was
    read from text (``lines``; a record built by a program has none)."""
    return Source(file, None, label) if lines is None else lines.source(table, key, label)


def entry_field(name: str, index: int, key: str | None, sub: str | None = None) -> tuple[TablePath, str]:
    """The table path and label of ``key`` in the ``index``-th (from 1) ``[[name]]``
    entry of a record, or in its sub-table ``sub``: ``turn[3].declare.card``."""
    label = f"{name}[{index}]"  # (written out: the rules ask it for every value they check)
    if sub:
        label += "." + sub
    if key:
        label += "." + key
    return ((name, index - 1, sub) if sub else (name, index - 1)), label


class RecordReader(ABC, Generic[R]):
    """The lenient part every game's reader shares: field errors are collected (with
    file, line and field) and raised together by the caller (``errors.raise_all``)."""

    def __init__(self, doc: TomlDocument) -> None:
        self.doc = doc
        self.lines = doc.lines
        self.errors: list[SuiriError] = []

    @abstractmethod
    def read(self) -> R | None:
        """The game's typed record (field errors go to ``self.errors``)."""

    @classmethod
    def build(cls, doc: TomlDocument) -> R:
        """The game's typed record, or every field error found, raised together."""
        reader = cls(doc)
        record = reader.read()
        raise_all(reader.errors)
        assert record is not None
        return record

    @classmethod
    def load(cls, path: str | Path) -> R:
        """The game's typed record in a TOML file."""
        return cls.build(read_toml(path))

    @classmethod
    def loads(cls, text: str, name: str = "<record>") -> R:
        """The game's typed record in a TOML text (``name``: the file it is said to be)."""
        return cls.build(parse_toml(name, text))

    def root_fields(self, keys: Sequence[str], game: str) -> None:
        """Report unknown top-level fields and a record of another game."""
        d = self.doc.data
        for key in d:
            if key not in keys:
                self.unknown("field", key, keys, self.root(key))
        if d.get("game") != game:
            what = Text("game:other", written=repr(d["game"])) if "game" in d else Text("game:missing")
            self.fail(Text("game:reader", what=what, game=repr(game)), self.root("game"), f'"{game}"')

    def src(self, table: TablePath, key: str | None, label: str | None) -> Source:
        return self.lines.source(table, key, label)

    def root(self, key: str) -> Source:
        return self.src((), key, key)

    def fail(self, message: Message, source: Source, valid: Message | None = None) -> None:
        self.errors.append(RecordSyntaxError(message, source, valid))

    def unknown(self, noun: str, written: object, names: Sequence[str], source: Source,
                valid: Message | None = None, phrase: str = "unknown") -> None:
        """Note a misspelt name (``errors.unknown_name``: the close spellings and the real list)."""
        self.errors.append(unknown_name(noun, written, names, source, valid, phrase=phrase))

    def player_name(self, written: object, players: Sequence[str], source: Source, valid: Message | None = None,
                    phrase: str = "unknown", missing: Message | None = None) -> str | None:
        """The player ``written`` names, spelt as ``players`` declares it (``find_name``), or
        None with the error noted: ``missing`` when nothing was written, else "did you mean"."""
        name = find_name(written, players)
        if name is None:
            if written is None and missing is not None:
                self.fail(missing, source, ", ".join(players))
            else:
                self.unknown("player", written, players, source, valid, phrase)
        return name

    def player_keys(self, table: dict[str, TomlValue], players: Sequence[str], source: Callable[[str], Source],
                    phrase: str = "not-a") -> dict[str, TomlValue]:
        """A table keyed by player names (``[start]``, ``answers``, ``hand_sizes``, votes),
        its keys spelt as declared; a key that names no player is noted and dropped."""
        out: dict[str, TomlValue] = {}
        for key, value in table.items():
            name = self.player_name(key, players, source(key), phrase=phrase)
            if name is not None:
                out[name] = value
        return out

    def catch(self, fn: Callable[[], T]) -> T | None:
        """``fn()``, or None with its error noted."""
        try:
            return fn()
        except SuiriError as exc:
            self.errors.append(exc)
            return None

    def players(self, low: int, high: int) -> tuple[str, ...] | None:
        """The ``players`` field: distinct allowed names, ``low`` to ``high`` of them.  None
        when it cannot be used (not a list of names, a name twice, or a count the game does
        not allow); badly written names are reported and reading goes on."""
        players = self.doc.data.get("players")

        def where() -> Source:  # found only for an error
            return self.root("players")

        if not is_names(players):
            what = Text("players:missing" if players is None else "players:not-a-list")
            self.fail(what, where(), Text("players:list-valid"))
            return None
        for p in players:
            if not NAME.match(p):
                self.fail(Text("players:bad-name", name=repr(p)), where(), Text("players:name-valid"))
        if len({fold(p) for p in players}) != len(players):  # Aki and aki are one name
            self.fail(Text("players:twice"), where(), Text("players:distinct-valid"))
            return None  # which of the two a later line means cannot be told: one error is enough
        if not low <= len(players) <= high:
            self.fail(Text("players:count", n=len(players), low=low, high=high), where(),
                      Text("players:count-valid", low=low, high=high))
            return None
        return tuple(players)
