"""How hard a puzzle is, from its answer's step-wise proof (``suiri.solver.stepwise``,
the proof ``explain`` prints and ``hint`` walks), and how the easy/medium/hard thresholds
are calibrated on generated puzzles (docs/puzzles.md; each game states its own
``Thresholds`` in its ``FACTS``).

A proof is harder when it cites more record lines, takes more steps, or needs a
heavier rule (each game's ``rule_weight``: 1 for a rule read off one line, up to 3 for
counting the deck).  The score adds the three: ``lines + steps + hardest``.

A puzzle must not give itself away: no single record line may give its answer, and its
proof must take at least ``MIN_STEPS`` of its level (two for an easy one).  ``valid``
says whether a rated proof is one."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from suiri.models.interface import Thresholds
from suiri.solver.problem import Step

LEVELS = ("easy", "medium", "hard")
MIN_STEPS = {"easy": 2, "medium": 3, "hard": 4}  # steps a proof of each level needs at least
MIN_LINES = 2  # record lines a puzzle's answer needs at least: one line would state it


@dataclass(frozen=True)
class Rating:
    lines: int  # record lines the step-wise proof cites
    steps: int  # steps of the step-wise proof
    hardest: int  # the heaviest rule weight the proof needs (1 when it needs none)

    @property
    def score(self) -> int:
        return self.lines + self.steps + self.hardest


def rate(chain: Sequence[Step], rule_weight: Mapping[str, int],
         printed: Callable[[str], object] = lambda oid: oid) -> Rating:
    """The rating of a step-wise proof: the record lines it cites (as printed: one
    compact line may hold several entries), its steps and its heaviest rule."""
    lines = {printed(line) for step in chain for line in step.lines}
    hardest = max((rule_weight.get(rule, 1) for step in chain for rule in step.rules), default=1)
    return Rating(len(lines), len(chain), hardest)


def valid(rating: Rating, level: str) -> bool:
    """Whether a proof so rated makes a puzzle of ``level`` that does not give itself
    away: at least ``MIN_LINES`` record lines and ``MIN_STEPS[level]`` steps."""
    return rating.lines >= MIN_LINES and rating.steps >= MIN_STEPS[level]


def thirds(scores: list[int], sampled: int | None = None) -> Thresholds:
    """Thresholds that cut ``scores`` into thirds as nearly as whole scores allow.

    ``easy`` is the smallest score reaching a third of the sample; ``medium`` then
    halves what lies above ``easy`` (so a score shared by more than a third of the
    puzzles does not leave medium empty), kept below the largest score so that some
    puzzles are hard."""
    ordered = sorted(scores)
    easy = at_fraction(ordered, 1, 3)
    above = [s for s in ordered if s > easy]
    if not above:
        return Thresholds(easy, easy + 1, len(ordered) if sampled is None else sampled)
    medium = at_fraction(above, 1, 2)
    if medium == above[-1] and above[0] < medium:
        medium = max(s for s in above if s < medium)
    return Thresholds(easy, medium, len(ordered) if sampled is None else sampled)


def at_fraction(ordered: list[int], num: int, den: int) -> int:
    """The smallest score in ``ordered`` (sorted) reached by ``num/den`` of it."""
    return ordered[max(0, -(-num * len(ordered) // den) - 1)]
