"""The probability interface a game serves with its exact counter.

The engine decides what is *possible*; how *likely* it is depends on the game's
probability ruling (for all three games: every consistent world counts once), which
only a game-specific counter can compute fast.  A game provides ``distribution``; the
rest of the engine and the CLI ask through it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

from .facts import Fact


class ExactCounter(Protocol):
    def distribution(self, subject: str) -> dict[str, Fraction]:
        """For each value of ``subject``, the exact probability that it holds."""
        ...


def fact_probability(counter: ExactCounter, fact: Fact) -> Fraction:
    p = counter.distribution(fact.subject).get(fact.value, Fraction(0))
    return p if fact.holds else 1 - p

