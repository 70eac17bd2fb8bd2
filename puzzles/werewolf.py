"""Werewolf Never Sleeps puzzles: a record prefix, from one seat, whose question has a
unique answer — who is the Werewolf, or where the Lost Legacy is.

A simulated game is cut one turn later each time (then after each call of its search
phase) until the question is first answered for a random seat; the cut is kept when the
answer's minimal explanation has the wanted number of record lines (its difficulty).  Answers the
seat knows from its own hand ("I hold the Lost Legacy") are skipped.
"""

from __future__ import annotations

import random

from suiri.models.werewolf.record import WerewolfRecord, to_toml
from suiri.models.werewolf.session import WerewolfSession
from suiri.models.werewolf.simulator import SimulatedGame, simulate
from suiri.solver.facts import Fact

from . import Puzzle, search

QUESTIONS = ("werewolf", "lost-legacy")


def first_answer(game: SimulatedGame, viewer: str, question: str) -> tuple[WerewolfRecord, Fact] | None:
    """The first cut at which the question has a unique answer for ``viewer``."""
    cuts = [(t, 0) for t in range(1, len(game.turns) + 1)] + [(len(game.turns), c)
                                                              for c in range(1, len(game.calls) + 1)]
    for turns, calls in cuts:  # then call by call through the search phase (W15)
        record = game.record(viewer, turns, calls)
        session = WerewolfSession(record)
        dist = session.werewolf() if question == "werewolf" else session.lost_legacy()
        sure = [k for k, p in dist.items() if p == 1]
        if not sure or sure[0] == viewer or sure[0] == f"hand:{viewer}":
            continue
        if question == "lost-legacy" and sure[0].startswith("discard:" + viewer):
            continue
        return record, Fact(question, sure[0])
    return None


def generate(players: int = 4, seed: int = 1, question: str = "werewolf", min_lines: int = 2, max_lines: int = 6,
             attempts: int = 200) -> Puzzle | None:
    """A puzzle whose answer needs between ``min_lines`` and ``max_lines`` record lines."""
    if question not in QUESTIONS:
        raise ValueError(f"question must be one of {', '.join(QUESTIONS)}")

    def candidate(rng: random.Random, game_seed: int) -> tuple[WerewolfSession, Fact, str] | None:
        game = simulate(players, game_seed)
        found = first_answer(game, rng.choice(game.players), question)
        if found is None:
            return None
        record, fact = found
        return WerewolfSession(record), fact, fact.subject

    return search(seed, attempts, min_lines, max_lines, candidate, to_toml)
