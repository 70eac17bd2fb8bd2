"""Memory Detective's step-wise explanations (``suiri.solver.stepwise``): the record's
model as a step problem.

The vocabulary: where each card is (``holder:CARD`` is / is not a place).  The case
file's categories (``case:suspect=s8``) are the same literals as "s8 is in the case
file", so they are left out of the vocabulary; a target named that way keeps its name.
A reader takes "bea holds s1, w2 and r4" as one premise (counting a hand) and "s8 is
not with aki, bea or the public" as another, so derived facts are grouped into
premise units by holder when they place a card and by card when they rule places out.
Prototype for issue 12: not wired into ``explain``/``hint`` yet; no sentences yet.
"""

from __future__ import annotations

from suiri.solver.facts import Fact
from suiri.solver.stepwise import RecordSteps, StepProblem, problem_from_model

from .analysis import analyze
from .reasoning import RULE_WEIGHT
from .session import DetectiveSession


def in_vocabulary(fact: Fact) -> bool:
    return fact.subject.startswith("holder:")


def unit_key(fact: Fact) -> str:
    """Cards placed with one holder count as one premise; places ruled out for one card too."""
    return f"holds:{fact.value}" if fact.holds else fact.subject


def step_problem(session: DetectiveSession) -> StepProblem:
    model = session.engine.model
    return problem_from_model(model, RULE_WEIGHT, keep=in_vocabulary, unit_key=unit_key)


class DetectiveSteps(RecordSteps):
    """Step-wise explanations of one Memory Detective record (``oracle``: "sat" or "cpsat")."""

    def __init__(self, session: DetectiveSession, oracle: str = "sat") -> None:
        self.session = session
        super().__init__(step_problem(session), lambda: analyze(session).certain, oracle)
