"""The simulated corpus of one game: its played games, each with the records the sweeps
read, made once per run and shared by every sweep of the conformance suite.

A game's specs (``Hooks.specs``) are split into ``CHUNKS`` chunks by stride, so every
chunk holds some of each kind of game (player counts, variants, decks); a chunk is one
test case of each sweep, so that pytest-xdist spreads the work.  A chunk is played once
per run: in memory for the process, and on disk in the run's temporary folder (shared
by the xdist workers of one run, never by two runs) under a file lock, so the worker
that needs it second reads what the first one played.
"""

from __future__ import annotations

import contextlib
import pickle
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CHUNKS = 30  # chunks per game: a multiple of the default run's FRACTION (tests/conftest.py)

# What a sample is for: the sweeps that read it.
CHECK = "check"  # State against check: the record is accepted and the truth is among its worlds
ROUND_TRIP = "round-trip"  # TOML and compact notation read back the same record
CHAINS = "chains"  # every certain fact's step-wise chain checks out


@dataclass
class Sample:
    """One record of a played game: whose seat wrote it (None: a spectator), the sweeps
    that read it, and the truth it is checked against (game-specific: the State at that
    moment, or the simulated game and its cut)."""

    seat: str | None
    record: Any
    sweeps: frozenset[str]
    truth: Any = None
    where: str = ""
    deep: bool = False  # the game's deeper soundness checks run on it (Hooks.truth)


@dataclass
class Played:
    """One simulated game of the corpus: its spec, its final State and its samples."""

    spec: tuple[Any, ...]
    final: Any  # the State at the end (or where the game was stopped)
    samples: list[Sample] = field(default_factory=list)
    tags: set[str] = field(default_factory=set)  # what the game shows, for the coverage checks

    def of(self, sweep: str) -> Iterator[Sample]:
        return (s for s in self.samples if sweep in s.sweeps)


@dataclass(frozen=True)
class Chunk:
    """One test case of a sweep: a game's name and the index of its chunk."""

    game: str
    index: int

    def __str__(self) -> str:
        return f"{self.game}-{self.index}"


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` (POSIX ``flock``; elsewhere no lock: each worker plays
    the chunk itself, which costs time, not correctness)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class Corpus:
    """The chunks of every game played so far in this process, and (``folder``) on disk for
    the other workers of the run."""

    def __init__(self, folder: Path | None, play: Callable[[Chunk], list[Played]]) -> None:
        self.folder = folder
        self.play = play
        self._chunks: dict[Chunk, list[Played]] = {}

    def __getitem__(self, chunk: Chunk) -> list[Played]:
        if chunk not in self._chunks:
            self._chunks[chunk] = self._load(chunk)
        return self._chunks[chunk]

    def _load(self, chunk: Chunk) -> list[Played]:
        if self.folder is None:
            return self.play(chunk)
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{chunk}.pickle"
        with locked(self.folder / f"{chunk}.lock"):
            if path.exists():
                with path.open("rb") as f:
                    played: list[Played] = pickle.load(f)
                return played
            played = self.play(chunk)
            part = path.with_suffix(".part")
            with part.open("wb") as f:
                pickle.dump(played, f, protocol=pickle.HIGHEST_PROTOCOL)
            part.replace(path)
            return played
