"""Information measures over exact distributions (``Fraction`` in, ``float`` bits out)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import log2


def entropy(distribution: Iterable[Fraction | float]) -> float:
    """Shannon entropy in bits; zero-probability outcomes contribute nothing."""
    return -sum(float(p) * log2(float(p)) for p in distribution if p > 0)


def expected_information(prior: Iterable[Fraction | float], outcomes: Mapping[object, tuple[Fraction, Iterable[Fraction | float]]]) -> float:
    """Expected entropy drop: ``H(prior) - sum_o P(o) H(posterior_o)`` (mutual information)."""
    before = entropy(prior)
    after = sum(float(p) * entropy(post) for p, post in outcomes.values())
    return max(0.0, before - after)


def as_float(p: Fraction) -> float:
    """Exact 0 and 1 stay exact; everything else is the nearest double."""
    return float(p)
