"""Proofs in short steps: replay a minimal explanation one observation at a time.

Each step adds one cited observation and asks the engine which values of the
*context* subjects (for Canary, every player's clue) are still possible; the values
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


def proof_steps(engine: Engine, explanation: Explanation, context: Sequence[str]) -> list[Step]:
    order = [g for g in engine.model.observations if g in explanation.observations]
    before = engine.possible_values(context, observations=[])
    steps = []
    for i, gid in enumerate(order):
        now = engine.possible_values(context, observations=order[: i + 1])
        gone = {s: [v for v in before[s] if v not in now[s]] for s in context}
        gone = {s: vs for s, vs in gone.items() if vs}
        steps.append(Step(gid, gone, {s: now[s] for s in gone}))
        before = now
    return steps
