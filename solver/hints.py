"""Graded hints: the easiest deduction the player has not written down or worked out.

"Easiest" = cheapest minimal explanation: fewest observations, then the lightest
rules (weights from the game).  Facts the player already knows are added to the model
as premises, so later hints can build on them, as in good Sudoku hint engines.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .facts import KNOWN_PREFIX, Fact
from .queries import Engine, Explanation

if TYPE_CHECKING:  # pragma: no cover
    from .stepwise import Step


@dataclass(frozen=True)
class Hint:
    fact: Fact
    explanation: Explanation  # a step-wise hint: the step's lines, and its facts as ``known:`` premises
    cost: tuple[int, int, str]
    step: Step | None = None  # the step itself (step-wise hints)

    @property
    def observations(self) -> tuple[str, ...]:
        return tuple(o for o in self.explanation.observations if not o.startswith(KNOWN_PREFIX))

    @property
    def premises(self) -> tuple[Fact, ...]:
        return tuple(Fact.parse(o[len(KNOWN_PREFIX):]) for o in self.explanation.observations if o.startswith(KNOWN_PREFIX))


def add_known(engine: Engine, facts: Sequence[Fact]) -> None:
    """Make each known fact a premise group the explanations may cite."""
    model = engine.model
    for fact in facts:
        lit = model.observation(KNOWN_PREFIX + str(fact), None)
        model.cp.add_bool_and([model.fact_literal(fact)]).only_enforce_if(lit)


def rank(engine: Engine, candidates: Sequence[Fact], rule_weight: Mapping[str, int],
         progress: Callable[[int, int], None] | None = None,
         related: Callable[[Fact], Sequence[str]] | None = None) -> list[Hint]:
    """Explain every candidate (each must be certain) and sort from easiest to hardest.

    ``progress(done, total)`` is called after each explanation (for a progress bar);
    ``related(fact)`` names the observations to try first as one-line proofs."""
    hints = []
    for i, fact in enumerate(candidates):
        if progress is not None:
            progress(i, len(candidates))
        exp = engine.explain(fact, first=related(fact) if related else ())
        record_obs = [o for o in exp.observations if not o.startswith(KNOWN_PREFIX)]
        premises = len(exp.observations) - len(record_obs)
        weight = sum(rule_weight.get(r, 1) for r in exp.rules)
        hints.append(Hint(fact, exp, (len(record_obs) + premises, weight, str(fact))))
    hints.sort(key=lambda h: h.cost)
    return hints
