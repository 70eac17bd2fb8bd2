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
    from suiri.solver.proof import Step
    from suiri.solver.reasoning import HintResult, Proof


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


def proof_lines(p: Proof, say: Callable[..., str], line: Callable[[str], str], fact: Callable[[Fact], str],
                rule: Callable[[str], str], gained: Callable[[Step], list[str]]) -> list[str]:
    """A proof as every game shows it: the status, the cited lines and rules, then the steps
    (each cited line and what it rules out) and the conclusion.  The game's view supplies
    its sentences (``say``) and how a line, a fact, a rule and a step's gain read; it adds
    its own picture of a counterexample."""
    by_rules = p.explanation is not None and not p.explanation.observations
    status = {"certain": say("certain-status"),
              "impossible": say("impossible-rules-status" if by_rules else "impossible-status"),
              "open": say("open-status", p=percent(p.probability))}[p.status]
    out = [say("fact", fact=fact(p.fact)) + " — " + status]
    if p.explanation is None:
        return out
    exp = p.explanation
    if p.status == "impossible":
        out += ["", say("why-impossible")]
    out.append(say("proof-size", n=len(exp.observations)) if exp.observations else say("rules-alone"))
    out += [f"  • {line(o)}" for o in exp.observations]
    if exp.rules:
        out.append(say("rules-used"))
        out += [f"  • {rule(r)}" for r in exp.rules]
    out += ["", say("steps")]
    for i, step in enumerate(p.steps, start=1):
        out.append(f"  {i}. {line(step.observation)}")
        out += [f"     ⇒ {g}" for g in gained(step)] or [f"     {say('combined')}"]
    conclusion = p.fact if p.status == "certain" else p.fact.negate()
    out.append("  " + say("therefore", fact=fact(conclusion)))
    return out


def narrowing(step: Step, fact: Callable[[Fact], str], sep: str) -> list[str]:
    """What one proof step leaves of each subject: its value once one is left, else the
    values it rules out."""
    from suiri.solver.facts import Fact

    out = []
    for subject, left in step.remaining.items():
        if len(left) == 1:
            out.append(fact(Fact(subject, left[0])))
        else:
            out.append(sep.join(fact(Fact(subject, v, False)) for v in step.ruled_out[subject]))
    return out
