"""Puzzles for any game: a record cut from a simulated game, from one seat, whose
question has exactly one answer; its difficulty is the number of record lines in the
answer's minimal explanation.

This package sits above the games: it uses only the ``Game`` interface (``simulate``,
``cuts``, ``open``, ``answer``, ``reasoner``, ``write``); no game imports it."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from suiri.models import Game, check_players, check_question
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


def generate(game: Game[Any, Any], players: int = 3, seed: int = 1, question: str | None = None,
             min_lines: int = 2, max_lines: int = 5, attempts: int = 200) -> Puzzle | None:
    """The first of ``attempts`` simulated games whose cut answers ``question`` with a
    proof of ``min_lines`` to ``max_lines`` record lines (None when there is none).

    Each attempt plays a seeded game, writes it from a random seat, and opens its cuts
    (``game.cuts``, shortest first) until the question has an answer for that seat
    (``game.answer``); the puzzle keeps that cut when the answer's minimal explanation
    has the wanted size.  Raises ``SuiriError`` for players or a question the game lacks."""
    about = game.facts
    question = question or about.questions[0]
    check_players(about, players)
    check_question(about, question)
    variant = about.variants[0]
    rng = random.Random(seed)
    for _ in range(attempts):
        game_seed = rng.randrange(10**9)
        viewer = rng.choice(game.new_state(players, game_seed, variant).players)
        record = game.simulate(players, game_seed, 500, viewer, variant)
        for cut in game.cuts(record):
            session = game.open(cut)
            fact = game.answer(session, question)
            if fact is None:
                continue
            reasoner = game.reasoner(session)
            explanation = reasoner.engine.explain(fact, first=reasoner.related(fact))
            if min_lines <= len(explanation.observations) <= max_lines:
                return Puzzle(cut, fact.subject, fact, explanation, game_seed, game.write)
            break
    return None
