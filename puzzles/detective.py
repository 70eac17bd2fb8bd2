"""Memory Detective puzzles: a record prefix, from one seat, whose question has a unique
answer.

A simulated game is replayed from a random seat, one event more each time, until the
question is first answered for that seat (a category of the truth becomes certain, or
the place of a card the seat has not seen).  The cut is kept when the answer's minimal
explanation has the wanted number of record lines: that size is the difficulty.
"""

from __future__ import annotations

import random

from suiri.models.detective import variant_for
from suiri.models.detective.analysis import analyze
from suiri.models.detective.record import DetectiveRecord, to_toml
from suiri.models.detective.session import DetectiveSession
from suiri.models.detective.simulator import SimulatedGame, simulate
from suiri.solver.facts import Fact

from . import Puzzle, search

QUESTIONS = ("suspect", "weapon", "scene", "card")



def first_answer(game: SimulatedGame, viewer: str, question: str) -> tuple[DetectiveRecord, Fact] | None:
    """The first cut at which the question has a unique answer for ``viewer``."""
    for cut in sorted({game.cut(k) for k in range(1, len(game.events) + 1)}):
        record = game.record(viewer, cut)
        for fact in analyze(DetectiveSession(record)).certain:
            if not fact.holds:
                continue
            if question in QUESTIONS[:3] and fact.subject == f"case:{question}":
                return record, fact
            if question == "card" and fact.subject.startswith("holder:"):
                return record, fact
    return None


def generate(players: int = 3, seed: int = 1, question: str = "suspect", min_lines: int = 2, max_lines: int = 5,
             attempts: int = 200) -> Puzzle | None:
    """A puzzle whose answer needs between ``min_lines`` and ``max_lines`` record lines."""
    if question not in QUESTIONS:
        raise ValueError(f"question must be one of {', '.join(QUESTIONS)}")

    def candidate(rng: random.Random, game_seed: int) -> tuple[DetectiveSession, Fact, str] | None:
        game = simulate(variant_for(players, "base"), game_seed, max_events=40)
        found = first_answer(game, rng.choice(game.players), question)
        if found is None:
            return None
        record, fact = found
        return DetectiveSession(record), fact, fact.subject

    return search(seed, attempts, min_lines, max_lines, candidate, to_toml)
