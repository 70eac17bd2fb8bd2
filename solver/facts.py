"""Facts: ``subject=value`` or ``subject!=value`` over subjects a game declares.

The engine never interprets a subject; the game names them (``clue:ben``, ``goal``)
and says which literal of its model makes ``subject=value`` true.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import FactError, Source, Text

KNOWN_PREFIX = "known:"  # a premise fact cited where a record line id goes (a hint lists its premises with its lines)


@dataclass(frozen=True, order=True)
class Fact:
    subject: str
    value: str
    holds: bool = True

    @classmethod
    def parse(cls, text: str, source: Source | None = None) -> Fact:
        """Read ``subject=value`` / ``subject!=value`` (spaces allowed around the sign)."""
        raw = text.strip()
        if "!=" in raw:
            subject, value = raw.split("!=", 1)
            holds = False
        elif "=" in raw:
            subject, value = raw.split("=", 1)
            holds = True
        else:
            raise FactError(Text("fact:unreadable", fact=repr(text)), source, Text("fact:unreadable-valid"))
        subject, value = subject.strip(), value.strip()
        if not subject or not value:
            raise FactError(Text("fact:incomplete", fact=repr(text)), source, "subject=value")
        return cls(subject, value, holds)

    def negate(self) -> Fact:
        return Fact(self.subject, self.value, not self.holds)

    def __str__(self) -> str:
        return f"{self.subject}{'=' if self.holds else '!='}{self.value}"
