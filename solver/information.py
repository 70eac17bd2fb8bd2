"""Information measures over exact distributions (``Fraction`` in, ``float`` bits out)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import log2


def entropy(distribution: Iterable[Fraction | float]) -> float:
    """Shannon entropy in bits; zero-probability outcomes contribute nothing."""
    return max(0.0, -sum(float(p) * log2(float(p)) for p in distribution if p > 0))  # never -0.0


def information_gain(before: float, outcomes: Iterable[tuple[Fraction | float, float]]) -> float:
    """Expected drop of an uncertainty: ``before - sum_o P(o) * after_o`` (bits, >= 0).

    With Shannon entropies this is the mutual information between the outcome and the
    unknown; a game may measure uncertainty otherwise (see ``docs/engine.md``)."""
    return max(0.0, before - sum(float(p) * after for p, after in outcomes))
