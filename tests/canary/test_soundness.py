"""Soundness on the standard 7x7 game: the CP-SAT engine against the exact counter.

The truth-survives sweep over thousands of simulated games is the conformance suite's
(``tests/conformance/test_check.py``: every seat's record passes the check and keeps the
truth).  Here, for 60 seeded games (20 each
with 2, 3 and 4 players), each written by a random seat or a spectator, cut at a random
turn, with some of the viewer's own hidden faces forgotten, the CP-SAT engine is checked
against the counter: possible clues, certain clue facts (both ways) and, with four
players, the fake holder.  That simulated games under each table ruling are legal and keep
the truth is the conformance suite's (a third of its corpus plays under a non-default
ruling: ``tests/conformance/canary_hooks.py``).  The CP-SAT cases are a sweep: all with
``--full``, a seeded tenth by default (``tests/conftest.py``).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from suiri.models.canary import counter, encoder, simulator
from suiri.models.canary.rules import Variant, replay
from suiri.solver.facts import Fact
from suiri.solver.queries import Engine

GAMES_PER_COUNT = 1000
CPSAT_PER_COUNT = 20
VARIANTS = {n: Variant.for_players(n) for n in (2, 3, 4)}


def game_and_observations(players: int, seed: int):
    variant = VARIANTS[players]
    game = simulator.simulate(variant, seed, max_turns=60)
    rng = random.Random(seed * 7919 + players)
    viewer = rng.choice([*game.players, None])
    cut = rng.randint(0, len(game.state.turns))
    record = simulator.forget(game.record(viewer, cut), rng.choice([0.0, 0.2, 0.5]), rng)
    observations = replay(record).observations  # raises if the rules reject the record
    return variant, game, record, observations


def true_hypothesis(game) -> counter.Hypothesis:
    deal = game.state.deal
    fake = None if deal.fake is None else game.players.index(deal.fake)
    return counter.Hypothesis(tuple(deal.clues[p] for p in game.players), fake)


def seeds(players: int) -> range:
    return range(100_000 * players, 100_000 * players + GAMES_PER_COUNT)


def cpsat_cases():
    out = []
    for players in (2, 3, 4):
        picked = list(seeds(players))[:: GAMES_PER_COUNT // CPSAT_PER_COUNT][:CPSAT_PER_COUNT]
        for i, seed in enumerate(picked):
            out.append(pytest.param(players, seed, i % 5 == 0, id=f"{players}p-{seed}"))
    return out


@pytest.mark.sweep  # a tenth by default, all with --full (tests/conftest.py)
@pytest.mark.parametrize("players,seed,check_goal", cpsat_cases())
def test_cpsat_agrees_with_the_counter(players, seed, check_goal):
    variant, game, record, observations = game_and_observations(players, seed)
    t = counter.count(variant, game.players, observations)
    engine = Engine(encoder.encode(variant, game.players, observations).model)
    subjects = [f"clue:{p}" for p in game.players] + (["fake"] if variant.fake else [])

    possible = engine.possible_values(subjects)
    for p in game.players:
        assert game.state.deal.clues[p] in possible[f"clue:{p}"]
        marg = t.clue_marginals(p)
        assert set(possible[f"clue:{p}"]) == {a for a, x in marg.items() if x > 0}
    if variant.fake:
        assert set(possible["fake"]) == {p for p, x in t.fake_marginals().items() if x > 0}

    certain = set(engine.certain_facts(subjects))
    expected: set[Fact] = set()
    for p in game.players:
        for a, x in t.clue_marginals(p).items():
            if x == 1:
                expected.add(Fact(f"clue:{p}", a, True))
            elif x == 0:
                expected.add(Fact(f"clue:{p}", a, False))
    if variant.fake:
        for p, x in t.fake_marginals().items():
            if x == 1:
                expected.add(Fact("fake", p, True))
            elif x == 0:
                expected.add(Fact("fake", p, False))
    assert certain == expected

    # goal squares: possible for CP-SAT iff positive probability for the counter
    # (on a fifth of the games: a goal projection costs ~0.5 s)
    if check_goal:
        board = variant.board
        goal = set(engine.possible_values(["goal"])["goal"])
        assert goal == {board.name(sq) for sq, x in enumerate(t.goal_marginals()) if x > Fraction(0)}
