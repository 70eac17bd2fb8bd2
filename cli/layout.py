"""Plain-text layout shared by the game views: display width (CJK characters take two
columns), padding, how a probability is printed (✓ certain, ✗ ruled out, else %), how a
count of worlds is printed (exact when small, ``≈ 7.7 × 10⁴²`` when large), and the four
levels of a hint."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from suiri.solver.facts import KNOWN_PREFIX, Fact

from .messages import Messages

if TYPE_CHECKING:  # pragma: no cover
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


EXACT_BELOW = 10**6  # counts below this are printed in full: a person reads 123,456 at a glance
SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
ABOUT = {"en": "≈ ", "ja": "約 "}


def readable_count(n: int | Fraction, lang: str) -> str:
    """A count as people read it (the exact number stays in ``--json``): below a million,
    in full with thousands separators (``123,456``); from a million up, two significant
    digits times a power of ten (``≈ 7.7 × 10⁴²``), marked as approximate (≈, 約) unless
    the two digits are exact.  A count that is not a whole number (a weight) is rounded
    the same way."""
    about = ABOUT.get(lang, ABOUT["en"])
    value = Fraction(n)
    if value < 0:
        return "-" + readable_count(-value, lang)
    if value < EXACT_BELOW:
        whole = round(value * 100) / Fraction(100)  # a weight keeps two decimals
        text = f"{int(whole):,}" if whole.denominator == 1 else f"{float(whole):,.2f}".rstrip("0")
        return text if whole == value else about + text
    exponent = len(str(int(value))) - 1  # value >= 10**6, so int() keeps every digit that matters
    unit = Fraction(10) ** (exponent - 1)
    digits = int((value / unit) + Fraction(1, 2))  # two significant digits, half up
    if digits == 100:  # 9.96 × 10⁶ rounds up to 1.0 × 10⁷
        exponent, digits, unit = exponent + 1, 10, unit * 10
    mantissa = f"{digits // 10}.{digits % 10}"
    text = f"{mantissa} × 10{str(exponent).translate(SUPERSCRIPT)}"
    return text if digits * unit == value else about + text


def certain_lines(facts: list[Fact], fact: Callable[[Fact], str], lang: str) -> list[str]:
    """Certain facts one per line: what is proven first, then what is ruled out under
    its own heading, each group in the order of its subjects (the facts about one card
    or one player stay together)."""
    order = {f.subject: i for i, f in enumerate(facts)}
    sure = sorted((f for f in facts if f.holds), key=lambda f: order[f.subject])
    ruled = sorted((f for f in facts if not f.holds), key=lambda f: order[f.subject])
    out = [f"  • {fact(f)}" for f in sure]
    if ruled:
        out += ["  " + Messages(lang)("ruled-out"), *(f"    • {fact(f)}" for f in ruled)]
    return out


def indented(text: str) -> str:
    """A step's sentence and the premises listed under it (one per line), the list
    indented under the sentence."""
    head, *items = text.split("\n")
    lead = " " * (len(head) - len(head.lstrip()) + 3)
    return "\n".join([head, *(lead + item.lstrip() for item in items)])


def hint_levels(h: HintResult, level: int, say: Callable[..., str], where: str, rule: Callable[[str], str],
                rule_sep: str, line: Callable[[str], str], fact: Callable[[Fact], str], lang: str = "en") -> str:
    """The four levels of a hint, the same in every game: where to look, which rule,
    which premises, the whole step.  The game's view supplies its sentences (``say``,
    a text catalogue), where the cited lines are, and how a line (or a premise fact, as
    ``known:FACT``), a rule and a fact read; the whole step is the game's sentence for it
    (``h.words``)."""
    if not h.hints:
        return say("hint-none")
    if not any(x.lines for x in h.hints):  # a step from facts the player already knows
        where = Messages(lang)("hint-from-known", facts=rule_sep.join(fact(f) for x in h.hints for f in x.facts))
    out = [say("hint-level1", where=where)]
    if level >= 2:
        rules = sorted({r for x in h.hints for r in x.rules})
        out.append(say("hint-level2", rules=rule_sep.join(rule(r) for r in rules)) if rules
                   else say("hint-level2-none"))
    if level >= 3:
        out.append(say("hint-level3"))
        cited = list(dict.fromkeys(o for x in h.hints for o in (*x.lines, *(KNOWN_PREFIX + str(f) for f in x.facts))))
        out += [f"  • {line(o)}" for o in cited]
    if level >= 4:
        out.append(say("hint-level4"))
        out += [indented(f"  {h.words.sentence(x, lang)}") for x in h.hints]
    if h.remaining:
        m = Messages(lang)
        out.append(m("hint-left", facts=m.count("certain-facts", h.remaining)))
    return "\n".join(out)


def proof_lines(p: Proof, say: Callable[..., str], line: Callable[[str], str], fact: Callable[[Fact], str],
                rule: Callable[[str], str], lang: str = "en") -> list[str]:
    """A proof as every game shows it: the status, then the chain of steps (each one
    sentence, from the game's ``Stepwise``), or the rules alone when no record line is
    needed, or with ``--lines`` the lines and rules the chain cites; then the conclusion.
    The game's view supplies its sentences (``say``) and how a line, a fact and a rule
    read; it adds its own picture of a counterexample."""
    status = {"certain": say("certain-status"),
              "impossible": say("impossible-rules-status" if p.by_rules else "impossible-status"),
              "open": say("open-status", p=percent(p.probability))}[p.status]
    out = [say("fact", fact=fact(p.fact)) + " — " + status]
    if not p.chain:
        return out
    conclusion = p.fact if p.status == "certain" else p.fact.negate()
    if p.status == "impossible":
        out += ["", say("why-impossible")]
    if p.by_rules or p.lines_only:
        out.append(say("proof-size", n=len(p.chain_lines)) if p.chain_lines else say("rules-alone"))
        out += [f"  • {line(o)}" for o in p.chain_lines]
        if p.chain_rules:
            out.append(say("rules-used"))
            out += [f"  • {rule(r)}" for r in p.chain_rules]
    elif p.words is not None:
        m = Messages(lang)
        out.append(m("chain-size", steps=m.count("steps", len(p.chain)), lines=m.count("lines", len(p.chain_lines))))
        for i, said in enumerate(p.words.sentences(p.chain, lang), start=1):
            out.append(indented(f"  {i}. {said}"))
    out.append("  " + say("therefore", fact=fact(conclusion)))
    return out
