"""Proofs in short steps: replay a minimal explanation one observation at a time.

Each step adds one cited observation and asks the engine (with only the rules the
explanation cites) which values of the *context* subjects the game chose (say, every unknown clue) are still possible; the values
that disappear are what the step proved.  Every step is thus checked by the solver,
not written by hand, and the game only supplies sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .queries import Engine, Explanation


@dataclass(frozen=True)
class Step:
    observation: str
    ruled_out: dict[str, list[str]]  # subject -> values no longer possible
    remaining: dict[str, list[str]]  # subject -> values still possible (narrowed subjects only)


SMALL = 12  # subjects with more values (a Canary square's 26 kinds) are only reported once one value is left


def proof_steps(engine: Engine, explanation: Explanation, context: Sequence[str]) -> list[Step]:
    order = [g for g in engine.model.observations if g in explanation.observations]
    rules = explanation.rules
    small = [s for s in context if len(engine.model.subjects[s].values) <= SMALL]
    large = [s for s in context if s not in small]
    before = engine.possible_values(small, observations=[], rules=rules)
    fixed_before = engine.determined(large, observations=[], rules=rules)
    steps = []
    for i, gid in enumerate(order):
        now = engine.possible_values(small, observations=order[: i + 1], rules=rules)
        gone = {s: [v for v in before[s] if v not in now[s]] for s in small}
        gone = {s: vs for s, vs in gone.items() if vs}
        remaining = {s: now[s] for s in gone}
        fixed = engine.determined(large, observations=order[: i + 1], rules=rules)
        for s, value in fixed.items():
            if value is not None and fixed_before[s] is None:
                remaining[s] = [value]
                gone[s] = [v for v in engine.model.subjects[s].values if v != value]
        steps.append(Step(gid, gone, remaining))
        before, fixed_before = now, fixed
    return steps
