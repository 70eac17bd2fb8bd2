"""One error family for every user-facing problem.

A user error must say where (file, line, field), what is wrong and what would be
valid; the CLI prints it and exits with ``exit_code`` (2), never with a traceback.
The three kinds follow python-chess: the text cannot be read (``RecordSyntaxError``),
the rules forbid it (``IllegalMoveError``), or every step is legal but no hidden state
fits them all (``InconsistentRecordError``).  ``Undecided`` (exit 3) is no user error
but is reported the same way: the solver ran out of time.

``NoWorldFits`` is internal: a game's exact counter raises it when no hidden state fits
the observations; the game's session turns it into an ``InconsistentRecordError``
naming the lines in conflict.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Source:
    """Where something was written: a record file, a line (1-based) and a field."""

    file: str
    line: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
        if self.field:
            where += f": {self.field}"
        return where


class SuiriError(Exception):
    """Base of every error a user can cause; ``str()`` is the full message.  The CLI
    prints ``label: message`` on stderr and exits with ``exit_code``."""

    exit_code = 2
    label = "error"

    def __init__(self, message: str, source: Source | None = None, valid: str | None = None):
        self.message = message
        self.source = source
        self.valid = valid
        super().__init__(self.render())

    def render(self) -> str:
        text = f"{self.source}: {self.message}" if self.source else self.message
        if self.valid:
            text += f" (valid: {self.valid})"
        return text


class RecordSyntaxError(SuiriError):
    """The record cannot be read: bad TOML, a missing field, an unknown name."""


class IllegalMoveError(SuiriError):
    """A step of the record breaks a rule of the game."""


class InconsistentRecordError(SuiriError):
    """Every step is legal, but no hidden state agrees with all of them at once.

    ``conflict`` holds a minimal set of record lines that cannot all be true.
    """

    def __init__(self, message: str, conflict: Sequence[Source], valid: str | None = None):
        self.conflict = tuple(conflict)
        first = self.conflict[0] if self.conflict else None
        super().__init__(message, first, valid)

    def render(self) -> str:
        head = f"{self.source.file if self.source else ''}: {self.message}"
        if self.valid:
            head += f" (valid: {self.valid})"
        return "\n".join([head, *(f"  {src}" for src in self.conflict)])


class FactError(SuiriError):
    """A fact given on the command line is malformed or names something unknown."""


class ErrorList(SuiriError):
    """Several independent problems found by a lenient reader, reported together."""

    def __init__(self, errors: Iterable[SuiriError]):
        self.errors = list(errors)
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(e.render() for e in getattr(self, "errors", []))


class Undecided(SuiriError):
    """The solver hit its time limit: the question has no answer yet (exit status 3)."""

    exit_code = 3
    label = "undecided"


class NoWorldFits(Exception):
    """Internal: the exact counter found no hidden state that fits the observations."""


def raise_all(errors: list[SuiriError]) -> None:
    """Raise the collected errors: one as itself, several as an ``ErrorList``."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise ErrorList(errors)
