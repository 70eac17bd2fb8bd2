"""Puzzle scenarios cut from simulated games (``generate`` in each game's module).

A puzzle is a record prefix from one seat whose question has exactly one answer; its
difficulty is the number of record lines in the answer's minimal explanation."""

from __future__ import annotations

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
