"""Canary's step-wise explanations (``suiri.solver.stepwise``): the record's model as a
step problem, the facts a step may state, and one English sentence per step.

The vocabulary a step may conclude or cite: each player's clue (is / is not), the
fake (4 players), the goal (is / is not), which card a square holds, and which
attributes a square's card carries or lacks (``carries:SQ=ATTRIBUTE``, a fact no
``explain`` subject names: "d7 lacks nature" is how a player thinks).  "Square d7 is not
the Crag Lookout" is left out: it follows from what d7 carries and would only add
noise.  Prototype for issue 12: not wired into ``explain``/``hint`` yet
(``docs/explanations.md`` says what remains).
"""

from __future__ import annotations

from collections.abc import Sequence

from suiri.solver.facts import Fact
from suiri.solver.stepwise import RecordSteps, Step, StepProblem, problem_from_model

from .analysis import analyze
from .cards import ATTRIBUTES
from .reasoning import RULE_WEIGHT
from .session import CanarySession

CARRIES = "carries:"  # carries:SQ=ATTRIBUTE: the card on SQ carries ATTRIBUTE


def in_vocabulary(fact: Fact) -> bool:
    """Every fact but "square SQ is not card K" (what SQ carries says it better)."""
    return fact.holds or not fact.subject.startswith("square:")


def step_problem(session: CanarySession) -> StepProblem:
    """The session's CP-SAT model as clauses, with attribute facts added."""
    cm = session.canary_model
    board = session.board
    extra = {Fact(f"{CARRIES}{board.name(sq)}", a): cm.attr[sq][a]
             for sq in board.squares for a in session.variant.deck.attributes}
    return problem_from_model(cm.model, RULE_WEIGHT, extra, in_vocabulary)


class CanarySteps(RecordSteps):
    """Step-wise explanations of one Canary record (``oracle``: "sat" or "cpsat")."""

    def __init__(self, session: CanarySession, oracle: str = "sat") -> None:
        self.session = session
        super().__init__(step_problem(session), lambda: analyze(session).certain, oracle)

    # -- sentences (English only in this prototype) -------------------------------------
    def sentence(self, step: Step) -> str:
        """One step as a player would say it: the premises, then "so", the fact."""
        parts = [self.line_text(g) for g in step.lines] + self.facts_text(step.facts)
        return "; ".join(parts) + ", so " + self.facts_text([step.fact])[0]

    def line_text(self, oid: str) -> str:
        o = self.session.observation(oid)
        where = f"turn {o.turn}" if o.turn is not None else "setup"
        return f"{where} (line {o.source.line})"

    def facts_text(self, facts: Sequence[Fact]) -> list[str]:
        """Facts about one subject said together ("bea's clue is not high, dark or
        ancient"): a reader takes them as one premise, as the explainer counts them."""
        by_subject: dict[tuple[str, bool], list[str]] = {}
        for f in facts:
            by_subject.setdefault((f.subject, f.holds), []).append(f.value)
        return [self._about(subject, holds, values) for (subject, holds), values in by_subject.items()]

    def _about(self, subject: str, holds: bool, values: list[str]) -> str:
        deck = self.session.variant.deck
        kind, _, arg = subject.partition(":")
        order = {a: i for i, a in enumerate(ATTRIBUTES)}
        joined = _or(sorted(values, key=lambda v: order.get(v, 0)))
        if kind == "clue":
            return f"{arg}'s clue is {'' if holds else 'not '}{joined}"
        if kind == "goal":
            return f"{_or(values)} {'is' if holds else 'is not'} the goal"
        if kind == "fake":
            return f"{_or(values)} {'holds' if holds else 'does not hold'} the fake"
        if kind == "square":
            return f"the card on {arg} is {'' if holds else 'not '}{_or([deck.by_id[v].name_en for v in values])}"
        if kind == "carries":
            return f"the card on {arg} {'carries' if holds else 'lacks'} {_or(values, 'and')}"
        return f"{subject}{'=' if holds else '!='}{_or(values)}"


def _or(values: Sequence[str], word: str = "or") -> str:
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + f" {word} " + values[-1]
