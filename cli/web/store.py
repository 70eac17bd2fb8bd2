"""The record files of `suiri serve`: the only way the web app reads or writes one.

Every name is checked before it becomes a path (letters, digits, ``.``, ``_``, ``-``,
ending ``.toml`` or ``.txt``; no ``..``, no folder, no link), so nothing outside
``--dir`` is ever touched.  A record is kept open as ``suiri live`` keeps it, a
``LiveRecord``: a line is accepted only if the whole record still reads and checks, and
every change is saved atomically (``write_atomically``).

Two tabs on one record: every change names the version it was made on (a hash of the
file's bytes); a change made on a stale version is refused and nothing is written.  The
open ``LiveRecord`` (its analysis, its undo and redo) is kept between requests while the
file is the one it wrote; an edit of the file from outside opens it afresh.  One lock per
record: a record's requests run one at a time, different records side by side.
"""

from __future__ import annotations

import hashlib
import re
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from suiri.models import GAMES, example_records, first_words
from suiri.models.live import LiveRecord, write_atomically
from suiri.solver.errors import Source, SuiriError
from suiri.solver.facts import Fact
from suiri.solver.reasoning import HintResult, Proof, ReasoningSession, explain, hint
from suiri.solver.stepwise import Stepwise

from ..messages import ErrorText

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\.(toml|txt)")
MAX_NAME = 120
TOML_GAME = re.compile(r'^\s*game\s*=\s*"([a-z]+)"', re.MULTILINE)


class StoreError(SuiriError):
    """A request about a record file that cannot be done: ``status`` is its HTTP status."""

    status = 400


class NotFound(StoreError):
    status = 404


class Conflict(StoreError):
    """A stale version, or a name taken: nothing was written."""

    status = 409


@dataclass(frozen=True)
class Listed:
    """One record file in the list: its name, its game (as its first line says) and when
    it last changed."""

    name: str
    game: str | None
    modified: datetime


@dataclass
class Entry:
    """An open record: the ``LiveRecord``, the version of the file it last saw, and what
    was worked out on its position -- the step-wise explainer, the hints and proofs asked
    (each computed once per position: a hint's four levels are one ``hint`` call)."""

    live: LiveRecord[Any, Any, Any, Any]
    version: str
    _session: object = field(default=None, repr=False)
    _steps: Stepwise | None = field(default=None, repr=False)
    _hints: dict[tuple[Fact, ...], HintResult] = field(default_factory=dict, repr=False)
    _proofs: dict[Fact, Proof[object]] = field(default_factory=dict, repr=False)

    def _current(self) -> None:
        """Forget what was worked out on an earlier position."""
        if self._session is not self.live.position.session:
            self._session, self._steps = self.live.position.session, None
            self._hints.clear()
            self._proofs.clear()

    def steps(self) -> Stepwise:
        self._current()
        if self._steps is None:
            self._steps = self.live.game.steps(self.live.position.session)
        return self._steps

    def hint(self, reasoner: ReasoningSession, known: Sequence[Fact]) -> HintResult:
        """``suiri hint``'s result for the facts ``known`` (every level reads it)."""
        self._current()
        key = tuple(known)
        if key not in self._hints:
            self._hints[key] = hint(reasoner, known, self.steps())
        return self._hints[key]

    def proof(self, reasoner: ReasoningSession, fact: Fact) -> Proof[object]:
        """``suiri explain``'s proof of ``fact``."""
        self._current()
        if fact not in self._proofs:
            self._proofs[fact] = explain(reasoner, fact, self.steps())
        return self._proofs[fact]

    @property
    def can_redo(self) -> bool:
        return bool(self.live.undone)


class Store:
    """The records in one folder (``games_dir``), for any number of requests at once."""

    def __init__(self, games_dir: Path) -> None:
        self.root = games_dir
        self._open: dict[str, Entry] = {}
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()

    # ---- names and files -------------------------------------------------------------
    def path(self, name: str) -> Path:
        """The file of record ``name``, or the error saying what a name may be."""
        if len(name) > MAX_NAME or not NAME.fullmatch(name) or ".." in name:
            raise StoreError(ErrorText("web:bad-name", name=name), Source(name, None, "name"),
                             ErrorText("web:bad-name-valid"))
        path = self.root / name
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise StoreError(ErrorText("web:not-a-file", name=name), Source(name, None, "name"),
                             ErrorText("web:bad-name-valid"))
        return path

    def existing(self, name: str) -> Path:
        path = self.path(name)
        if not path.exists():
            raise NotFound(ErrorText("web:no-record", name=name), Source(name, None, "name"),
                           ErrorText("web:no-record-valid"))
        return path

    def list(self) -> list[Listed]:
        """The records in the folder, the most recently changed first."""
        found: list[Listed] = []
        if not self.root.is_dir():
            return found
        for path in self.root.iterdir():
            if not NAME.fullmatch(path.name) or path.is_symlink() or not path.is_file():
                continue
            stat = path.stat()
            found.append(Listed(path.name, sniff_game(path), datetime.fromtimestamp(stat.st_mtime)))
        found.sort(key=lambda listed: (-listed.modified.timestamp(), listed.name))
        return found

    def read(self, name: str) -> str:
        """The record's text as it is on disk."""
        return self.existing(name).read_text(encoding="utf-8")

    def version(self, name: str) -> str:
        return file_version(self.existing(name))

    def lock(self, name: str) -> threading.RLock:
        with self._guard:
            return self._locks.setdefault(name, threading.RLock())

    # ---- an open record --------------------------------------------------------------
    @contextmanager
    def using(self, name: str) -> Iterator[Entry]:
        """Record ``name`` open, its lock held: read its position inside the block."""
        with self.lock(name):
            yield self.entry(name)

    def entry(self, name: str) -> Entry:
        path = self.existing(name)
        version = file_version(path)
        cached = self._open.get(name)
        if cached is not None and cached.version == version:
            return cached
        entry = Entry(LiveRecord.open(path), version)
        self._open[name] = entry
        return entry

    def change(self, name: str, version: str) -> Entry:
        """The open record, if ``version`` is the file's; else the stale-version refusal."""
        entry = self.entry(name)
        if version != entry.version:
            raise Conflict(ErrorText("web:stale", name=name), Source(name),
                           ErrorText("web:stale-valid"))
        return entry

    def add(self, name: str, line: str, version: str) -> Entry:
        """Accept ``line`` as the record's next (saved at once) or raise why not; on a
        refusal nothing is written."""
        with self.lock(name):
            entry = self.change(name, version)
            entry.live.add(line)
            entry.version = file_version(entry.live.path)
            return entry

    def undo(self, name: str, version: str) -> tuple[Entry, str | None]:
        """Take back the last line (None: only the setup is left)."""
        with self.lock(name):
            entry = self.change(name, version)
            line = entry.live.undo()
            entry.version = file_version(entry.live.path)
            return entry, line

    def redo(self, name: str, version: str) -> tuple[Entry, str | None]:
        """Put back the line undo took last (None: there is none)."""
        with self.lock(name):
            entry = self.change(name, version)
            line = entry.live.redo()
            entry.version = file_version(entry.live.path)
            return entry, line

    # ---- new records -----------------------------------------------------------------
    def create(self, game: str, header: Sequence[str], name: str | None = None) -> str:
        """A new record of ``game`` from its setup lines, written at once; its name."""
        with self._guard:
            name = name or self.free_name(f"{game}-{datetime.now():%Y%m%d-%H%M%S}", ".txt")
            path = self.taken_or(name)
            LiveRecord.start(path, game, [*header])
        return name

    def upload(self, name: str, data: bytes) -> str:
        """Keep an uploaded record (TOML or a compact notation) if it reads and checks as
        ``suiri live`` would open it; errors name the upload's own name."""
        path = self.taken_or(name)
        with tempfile.TemporaryDirectory(prefix="suiri-upload-") as folder:
            trial = Path(folder) / name
            trial.write_bytes(data)
            try:
                LiveRecord.open(trial)
            except SuiriError as exc:
                raise renamed(exc, str(trial), name) from None
        with self._guard:
            path = self.taken_or(name)
            self.root.mkdir(parents=True, exist_ok=True)
            write_atomically(path, data.decode("utf-8-sig"))
        return name

    def copy_example(self, example: str) -> str:
        """A copy of the bundled record ``example`` in the folder, under a free name."""
        found = example_records()
        if example not in found:
            raise NotFound(ErrorText("web:no-example", name=example), Source(example, None, "name"),
                           ErrorText("web:no-example-valid", names=", ".join(sorted(found))))
        with self._guard:
            name = self.free_name(example, ".toml")
            self.root.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path(name), found[example].read_text(encoding="utf-8"))
        return name

    def taken_or(self, name: str) -> Path:
        path = self.path(name)
        if path.exists():
            raise Conflict(ErrorText("web:exists", name=name), Source(name, None, "name"),
                           ErrorText("web:exists-valid"))
        return path

    def free_name(self, stem: str, suffix: str) -> str:
        """``stem`` + ``suffix``, or with ``-2``, ``-3`` … when that name is taken."""
        n = 1
        while True:
            name = f"{stem}{'' if n == 1 else f'-{n}'}{suffix}"
            if not (self.root / name).exists():
                return name
            n += 1


def file_version(path: Path) -> str:
    """The version of a record: a hash of the file's bytes (what a tab last saw)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def sniff_game(path: Path) -> str | None:
    """The game a record file names (its compact first word, or TOML's ``game``), read
    from its start only: the list must stay quick."""
    try:
        with path.open("rb") as handle:
            head = handle.read(4096).decode("utf-8-sig", errors="replace")
    except OSError:
        return None
    match = TOML_GAME.search(head)
    if match and match.group(1) in GAMES:
        return match.group(1)
    _, words = first_words(head)
    return words[0].lower() if words and words[0].lower() in GAMES else None


def upload_name(filename: str | None, fallback: str, data: bytes) -> str:
    """A record name from an uploaded file's name: its last part, what a name may not hold
    replaced by ``-``, ending ``.toml`` for a TOML record and ``.txt`` for a compact one
    (``LiveRecord`` keeps a ``.txt`` file as typed lines, a ``.toml`` one as TOML)."""
    base = re.split(r"[\\/]", filename or "")[-1]
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", base).strip(".-") or fallback
    stem = re.sub(r"\.{2,}", ".", stem)[: MAX_NAME - 5].removesuffix(".toml").removesuffix(".txt")
    toml = TOML_GAME.search(data[:4096].decode("utf-8-sig", errors="replace")) is not None
    return f"{stem}.toml" if toml else f"{stem}.txt"


def renamed(exc: SuiriError, old: str, new: str) -> SuiriError:
    """The same error (or list of errors), said of the file ``new`` instead of ``old``."""
    from suiri.solver.errors import ErrorList

    if isinstance(exc, ErrorList):
        return ErrorList([renamed(e, old, new) for e in exc.errors])
    if exc.source is not None and exc.source.file == old:
        return exc.at(Source(new, exc.source.line, exc.source.field))
    return exc
