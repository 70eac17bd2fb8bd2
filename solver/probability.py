"""The probability interface a game serves with its exact counter.

The engine decides what is *possible*; how *likely* it is depends on the game's
probability ruling (for all three games: every consistent world counts once), which
only a game-specific counter can compute fast.  A game provides ``distribution``; the
rest of the engine and the CLI ask through it.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from math import lcm, prod
from typing import Protocol

from .facts import Fact


class ExactCounter(Protocol):
    def distribution(self, subject: str) -> dict[str, Fraction]:
        """For each value of ``subject``, the exact probability that it holds."""
        ...


def fact_probability(counter: ExactCounter, fact: Fact) -> Fraction:
    p = counter.distribution(fact.subject).get(fact.value, Fraction(0))
    return p if fact.holds else 1 - p


def exact_sum(values: Iterable[Fraction]) -> Fraction:
    """The sum of ``values``, exactly (what ``sum`` gives): over their least common
    denominator, without a gcd and a new Fraction at every addition (the counters' rows
    share a denominator up to a factor, and are summed by the hundred thousand)."""
    listed = list(values)
    common = lcm(*(v.denominator for v in listed))
    return Fraction(sum(v.numerator * (common // v.denominator) for v in listed), common)


# -- counting fillings in closed form -------------------------------------------------------------
# The counters fill places from a pool of cards: the places fall into groups whose places are
# alike (each group takes only some kinds), and one unconstrained group (the deck, the rest
# of the board) takes whatever is left.  With y_i marking a place of group i and Y_a the sum
# of the y_i of the groups that a kind of class a fits, the ways to fill are (up to the
# factorials of the group sizes and the copies) the coefficient of ``Π y_i^size_i`` in
# ``Π_a (1 + Y_a)^copies_a`` (the 1: a card that goes to the unconstrained group).  The
# polynomial is kept in the box of the group sizes, flat (a few dozen coefficients), and
# multiplying by ``1 + Y_a`` is one pass of additions (docs/counting-werewolf.md).
Shifts = tuple[tuple[int, tuple[int, ...]], ...]


@lru_cache(maxsize=1024)
def box(sizes: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """Each group's stride in the flat box, and the index of the full box (the coefficient
    of every group full)."""
    strides = tuple(prod(n + 1 for n in sizes[i + 1:]) for i in range(len(sizes)))
    return strides, sum(n * s for n, s in zip(sizes, strides, strict=True))


@lru_cache(maxsize=4096)
def shifts(sizes: tuple[int, ...], fits: tuple[int, ...]) -> Shifts:
    """Multiplying by ``1 + Y`` (``Y``: the sum of the y_i of the groups ``fits``), as
    (index, the indices it adds from), from the highest index down."""
    strides, top = box(sizes)
    return tuple((x, tuple(x - strides[i] for i in fits if x // strides[i] % (sizes[i] + 1)))
                 for x in range(top, 0, -1))


def filling_polynomial(sizes: tuple[int, ...], classes: Iterable[tuple[tuple[int, ...], int]]) -> list[int]:
    """``Π_a (1 + Y_a)^copies_a`` in the box of ``sizes``; ``classes``: (the groups a class
    fits, its copies)."""
    poly = [0] * (box(sizes)[1] + 1)
    poly[0] = 1
    for fits, copies in classes:
        steps = shifts(sizes, fits)
        for _ in range(copies):
            for x, lower in steps:  # highest first: each reads coefficients not yet multiplied
                for y in lower:
                    poly[x] += poly[y]
    return poly


def without_one(sizes: tuple[int, ...], poly: list[int], fits: tuple[int, ...]) -> list[int]:
    """``poly / (1 + Y)``, exactly (``poly`` has the factor): one card of that class fewer,
    as pinning it to a place needs."""
    quotient = poly[:]
    for x, lower in reversed(shifts(sizes, fits)):  # lowest first
        for y in lower:
            quotient[x] -= quotient[y]
    return quotient
