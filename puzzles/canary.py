"""Canary puzzles: a record prefix, from one seat, whose question has a unique answer.

A simulated game is replayed from a random seat, one turn more each time, until the
question is first answered for that seat (a player's clue becomes certain, or the goal
square does).  The cut is kept when the answer's minimal explanation has the wanted
number of record lines: that size is the puzzle's difficulty.
"""

from __future__ import annotations

import random

from suiri.models.canary.analysis import analyze
from suiri.models.canary.record import CanaryRecord, to_toml
from suiri.models.canary.rules import Variant
from suiri.models.canary.session import CanarySession
from suiri.models.canary.simulator import simulate
from suiri.solver.facts import Fact

from . import Puzzle, search

QUESTIONS = ("clue", "goal")



def first_answer(record: CanaryRecord, question: str) -> tuple[int, Fact] | None:
    """The first cut (number of turns) at which the question has a unique answer."""
    for cut in range(1, len(record.turns) + 1):
        analysis = analyze(CanarySession(record.truncated(cut)))
        for fact in analysis.certain:
            if not fact.holds:
                continue
            if question == "goal" and fact.subject == "goal" and record.variant.players > 2:
                return cut, fact
            if question == "clue" and fact.subject.startswith("clue:"):
                return cut, fact
    return None


def generate(players: int = 3, seed: int = 1, question: str = "clue", min_lines: int = 2, max_lines: int = 5,
             attempts: int = 200) -> Puzzle | None:
    """A puzzle whose answer needs between ``min_lines`` and ``max_lines`` record lines."""
    if question not in QUESTIONS:
        raise ValueError(f"question must be one of {QUESTIONS}")
    if question == "goal" and players == 2:
        raise ValueError("with 2 players the goal is five squares, not one: ask for a clue")

    def candidate(rng: random.Random, game_seed: int) -> tuple[CanarySession, Fact, str] | None:
        game = simulate(Variant.for_players(players), game_seed, max_turns=60, declare_rate=0.15)
        record = game.record(rng.choice(game.players))
        found = first_answer(record, question)
        if found is None:
            return None
        cut, fact = found
        return CanarySession(record.truncated(cut)), fact, fact.subject if question == "clue" else "goal"

    return search(seed, attempts, min_lines, max_lines, candidate, to_toml)
