"""Werewolf Never Sleeps' step-wise explanations (``suiri.solver.stepwise``): the
record's model as a step problem.

The vocabulary is every subject the model declares: where the Lost Legacy is, who is
the Werewolf and the Madman, and the kind of every hidden card (hands, the ruins, each
discard position), so a step can say "the ruins do not hold a Vote" although no
``explain`` subject asked about it.  Facts about one card (or one role) are one premise
for a reader: "dan's hand is not the Medium, a Villager, the Knight, the Seer or a
Sleep".  Prototype for issue 12: not wired into ``explain``/``hint`` yet; no sentences
yet.
"""

from __future__ import annotations

from suiri.solver.stepwise import RecordSteps, StepProblem, problem_from_model

from .analysis import analyze
from .reasoning import RULE_WEIGHT
from .session import WerewolfSession


def step_problem(session: WerewolfSession) -> StepProblem:
    return problem_from_model(session.engine.model, RULE_WEIGHT)


class WerewolfSteps(RecordSteps):
    """Step-wise explanations of one Werewolf record (``oracle``: "sat" or "cpsat")."""

    def __init__(self, session: WerewolfSession, oracle: str = "sat") -> None:
        self.session = session
        super().__init__(step_problem(session), lambda: analyze(session).certain, oracle)
