"""Puzzle scenarios cut from simulated games (``generate`` in each game's module).

A puzzle is a record prefix from one seat whose question has exactly one answer; its
difficulty is the number of record lines in the answer's minimal explanation."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from suiri.solver.facts import Fact
from suiri.solver.queries import Explanation


@dataclass
class Puzzle:
    record: Any
    question: str  # the subject asked about, e.g. "clue:bea", "goal", "case:suspect"
    answer: Fact
    explanation: Explanation
    seed: int
    write: Callable[[Any], str]  # the game's record writer (TOML)

    @property
    def difficulty(self) -> int:
        return len(self.explanation.observations)

    def to_toml(self) -> str:
        head = [f"# suiri puzzle (seed {self.seed}): what is {self.question}?",
                f"# difficulty: {self.difficulty} record line(s) needed.  Answer: suiri explain FILE '{self.answer}'"]
        return "\n".join(head) + "\n" + self.write(self.record)

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "question": self.question, "answer": str(self.answer),
                "difficulty": self.difficulty, "lines": list(self.explanation.observations),
                "rules": list(self.explanation.rules), "record": self.write(self.record)}


Candidate = Callable[[random.Random, int], "tuple[Any, Fact, str] | None"]


def search(seed: int, attempts: int, min_lines: int, max_lines: int, candidate: Candidate,
           write: Callable[[Any], str]) -> Puzzle | None:
    """The first of ``attempts`` simulated games whose cut answers the question with a proof
    of ``min_lines`` to ``max_lines`` record lines.  ``candidate(rng, game_seed)`` plays one
    game and returns (a session on the cut record, the answer, the subject asked) or None."""
    rng = random.Random(seed)
    for _ in range(attempts):
        game_seed = rng.randrange(10**9)
        found = candidate(rng, game_seed)
        if found is None:
            continue
        session, fact, subject = found
        explanation = session.engine.explain(fact, first=session.related(fact))
        if min_lines <= len(explanation.observations) <= max_lines:
            return Puzzle(session.record, subject, fact, explanation, game_seed, write)
    return None
