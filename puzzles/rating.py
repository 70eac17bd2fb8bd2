"""How hard a puzzle is, from the size of its answer's minimal proof, and the
easy/medium/hard thresholds calibrated on generated puzzles (docs/puzzles.md).

A proof of more record lines is harder to find, and so is one that needs a heavier rule
(each game's ``rule_weight``: 1 for a rule read off one line, up to 3 for counting the
deck).  The score is the two added: ``lines + hardest rule weight``.  Step-wise proofs
(issue 12) will add their number of steps to the score once every game has them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from suiri.solver.queries import Explanation

LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Rating:
    lines: int  # record lines in the minimal proof
    hardest: int  # the heaviest rule weight the proof needs (1 when it needs none)

    @property
    def score(self) -> int:
        return self.lines + self.hardest


@dataclass(frozen=True)
class Thresholds:
    """Scores up to ``easy`` are easy, up to ``medium`` medium, above it hard; chosen at
    the thirds of the score distribution of ``sampled`` generated puzzles."""

    easy: int
    medium: int
    sampled: int

    def level(self, score: int) -> str:
        return "easy" if score <= self.easy else "medium" if score <= self.medium else "hard"


# The one table of thresholds.  Measured by `python bench/puzzles.py --calibrate`
# (see docs/puzzles.md for the distribution each row came from).
THRESHOLDS: dict[str, Thresholds] = {
    "canary": Thresholds(easy=4, medium=6, sampled=6401),
    "detective": Thresholds(easy=4, medium=11, sampled=3294),
    "werewolf": Thresholds(easy=2, medium=7, sampled=2482),
}


def rate(explanation: Explanation, rule_weight: Mapping[str, int]) -> Rating:
    """The rating of a proof: its record lines and its heaviest rule."""
    hardest = max((rule_weight.get(rule, 1) for rule in explanation.rules), default=1)
    return Rating(len(explanation.observations), hardest)


def thirds(scores: list[int], sampled: int | None = None) -> Thresholds:
    """Thresholds that cut ``scores`` into thirds as nearly as whole scores allow.

    ``easy`` is the smallest score reaching a third of the sample; ``medium`` then
    halves what lies above ``easy`` (so a score shared by more than a third of the
    puzzles, such as the many one-line proofs, does not leave medium empty), kept below
    the largest score so that some puzzles are hard."""
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


def level(game: str, rating: Rating) -> str:
    """``easy``, ``medium`` or ``hard`` for ``game``'s calibrated thresholds."""
    return THRESHOLDS[game].level(rating.score)
