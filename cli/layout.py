"""Plain-text layout shared by the game views: display width (CJK characters take two
columns), padding, how a probability is printed (✓ certain, ✗ ruled out, else %), and
the four levels of a hint."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from suiri.solver.facts import Fact
    from suiri.solver.reasoning import HintResult


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


def hint_levels(h: HintResult, level: int, say: Callable[..., str], where: str, rule: Callable[[str], str],
                rule_sep: str, line: Callable[[str], str], short: Callable[[str], str],
                fact: Callable[[Fact], str]) -> str:
    """The four levels of a hint, the same in every game: where to look, which rule,
    which observations, the whole step.  The game's view supplies its sentences (``say``,
    a text catalogue), where the cited lines are, and how a line, a rule and a fact read."""
    if not h.hints:
        return say("hint-none")
    out = [say("hint-obvious", n=len(h.hints)), say("hint-level1-obvious", where=where)] if h.obvious else \
        [say("hint-level1", where=where)]
    if level >= 2:
        rules = sorted({r for x in h.hints for r in x.explanation.rules})
        out.append(say("hint-level2", rules=rule_sep.join(rule(r) for r in rules)) if rules
                   else say("hint-level2-none"))
    if level >= 3:
        out.append(say("hint-level3"))
        cited = list(dict.fromkeys(o for x in h.hints for o in x.explanation.observations))
        out += [f"  • {line(o)}" for o in cited]
    if level >= 4:
        out.append(say("hint-level4"))
        for x in h.hints:
            out.append(f"  {' + '.join(short(o) for o in x.explanation.observations)} ⇒ {fact(x.fact)}")
    if h.remaining:
        out.append(say("hint-remaining", n=h.remaining))
    return "\n".join(out)
