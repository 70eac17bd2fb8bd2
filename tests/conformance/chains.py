"""The one door of the tests to the step-wise explainer's chain check: everything wrong
with the chains of every certain fact of a record (empty: every chain checks out).

Each step is checked (its premises entail its fact; dropping any premise breaks that)
with CP-SAT on the game's own model, which the explainer's exported clauses do not
share a solver with; each chain uses only facts derived before each step, ends with
its fact and keeps only steps the fact needs (``solver.chain.check_chain``)."""

from __future__ import annotations

from typing import Any

from suiri.solver.backends import CpSatOracle
from suiri.solver.chain import check_chain


def chain_problems(steps: Any) -> list[str]:
    """``steps``: a game's step-wise explainer of one record (``Game.steps(session)``)."""
    checker = CpSatOracle(steps.problem.cp)
    out = []
    for fact in steps.certain_facts():
        out += [f"{fact}: {p}" for p in check_chain(steps.problem, checker, steps.explain(fact), fact)]
    return out
