"""Plain-text layout shared by the game views: display width (CJK characters take two
columns), padding, and how a probability is printed (✓ certain, ✗ ruled out, else %)."""

from __future__ import annotations

import unicodedata
from fractions import Fraction


def width(s: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def pad(s: str, n: int) -> str:
    return s + " " * max(0, n - width(s))


def percent(p: Fraction) -> str:
    if p == 0:
        return "✗"
    if p == 1:
        return "✓"
    return f"{float(p) * 100:.1f}%"
