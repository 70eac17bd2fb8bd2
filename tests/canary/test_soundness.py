"""Soundness on the standard 7x7 game: the truth always survives the deduction.

3000 seeded simulated games (1000 each with 2, 3 and 4 players), each written by a
random seat or a spectator, cut at a random turn, with some of the viewer's own hidden
faces forgotten.  The games declare at the check, instead of it (R8), on cards of every
size, on face-up cards, and (4 players) as the fake holder anywhere; a test below
asserts that the sweep holds each of these.  For every one: the rules accept the
record, the true clue deal has positive weight in the exact counter, every true goal
square has positive goal probability, and the marginals add up.  For 60 of them the CP-SAT engine is checked
against the counter: possible clues, certain clue facts (both ways) and, with four
players, the fake holder.  Both are sweeps: all of it with ``--full``, a seeded tenth of
the chunks and cases by default (``tests/conftest.py``).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from suiri.models.canary import counter, encoder, simulator
from suiri.models.canary.rules import Check, Variant, replay
from suiri.solver.facts import Fact
from suiri.solver.queries import Engine

GAMES_PER_COUNT = 1000
CHUNK = 50
CPSAT_PER_COUNT = 20
VARIANTS = {n: Variant.for_players(n) for n in (2, 3, 4)}


def game_and_observations(players: int, seed: int):
    variant = VARIANTS[players]
    game = simulator.simulate(variant, seed, max_turns=60)
    rng = random.Random(seed * 7919 + players)
    viewer = rng.choice([*game.players, None])
    cut = rng.randint(0, len(game.turns))
    record = game.record(viewer, turns=cut, forget=rng.choice([0.0, 0.2, 0.5]), rng=rng)
    observations = replay(record).observations  # raises if the rules reject the record
    return variant, game, record, observations


def true_hypothesis(game) -> counter.Hypothesis:
    deal = game.deal
    fake = None if deal.fake is None else game.players.index(deal.fake)
    return counter.Hypothesis(tuple(deal.clues[p] for p in game.players), fake)


def seeds(players: int) -> range:
    return range(100_000 * players, 100_000 * players + GAMES_PER_COUNT)


def chunks():
    out = []
    for players in (2, 3, 4):
        s = seeds(players)
        for i in range(0, len(s), CHUNK):
            out.append(pytest.param(players, s[i: i + CHUNK], id=f"{players}p-{s[i]}"))
    return out


@pytest.mark.sweep  # a tenth by default, all with --full (tests/conftest.py)
@pytest.mark.parametrize("players,seed_range", chunks())
def test_truth_survives_the_counter(players, seed_range):
    hidden_faces_forgotten = 0
    for seed in seed_range:
        variant, game, record, observations = game_and_observations(players, seed)
        t = counter.count(variant, game.players, observations)
        assert t.weights.get(true_hypothesis(game), 0) > 0, seed
        goal_m = t.goal_marginals()
        goals = game.deal.goal_squares()
        for sq in goals:
            assert goal_m[sq] > 0, (seed, sq)
        # the number of goal squares is fixed by the deck: 5 with 2 players, else 1
        assert len(goals) == (5 if players == 2 else 1)
        assert sum(goal_m) == len(goals), seed
        for p in game.players:
            m = t.clue_marginals(p)
            assert sum(m.values()) == 1, (seed, p)
            assert m[game.deal.clues[p]] > 0, (seed, p)
        fm = t.fake_marginals()
        assert sum(fm.values()) == (1 if players == 4 else 0), seed
        if players == 4:
            assert fm[game.deal.fake] > 0, seed
        assert sum(t.probability(h) for h in t.weights) == 1
        hidden_faces_forgotten += sum(
            1 for n, turn in enumerate(record.turns)
            if turn.player == record.viewer and turn.card is None and game.turns[n].check is Check.HIDDEN
        )
    assert hidden_faces_forgotten > 0  # the chunk did exercise forgotten faces


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
        assert game.deal.clues[p] in possible[f"clue:{p}"]
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


# -- table rulings (docs: R2, R4, R5, R6 are configurable) --------------------------------
RULINGS = [
    {"declare_on_face_up": False},
    {"declare_needs_own_clue": False},
    {"skip_turns": 0},
    {"shared_squares": False},
]


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("rulings", RULINGS, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()))
def test_simulated_games_are_legal_under_each_ruling(rulings, players):
    """The simulator claims to play only legal games, for any table's rulings: the
    rules must accept every record it writes, and the truth must survive."""
    variant = Variant.for_players(players, **rulings)
    rejected = []
    for seed in range(20):
        game = simulator.simulate(variant, seed, max_turns=60)
        rng = random.Random(seed)
        viewer = rng.choice([*game.players, None])
        try:
            observations = replay(game.record(viewer, forget=0.2, rng=rng)).observations
        except Exception as exc:  # noqa: BLE001 - collect every rejected game
            rejected.append((seed, str(exc)))
            continue
        t = counter.count(variant, game.players, observations, goals=False)
        assert t.weights.get(true_hypothesis(game), 0) > 0, seed
    assert rejected == []


def test_without_r5_declarations_are_only_on_face_down_cards():
    """With ``declare_on_face_up=False`` (R5 off) the simulator declares only on cards
    face-down when it arrives; the declaration replaces their check (R8), so no
    declaring turn has a check, and the rules accept every record."""
    variant = Variant.for_players(4, declare_on_face_up=False)
    declared = 0
    for seed in range(30):
        game = simulator.simulate(variant, seed, max_turns=60)
        kinds = declaration_kinds(game)
        assert "face-up" not in kinds, seed
        declared += sum(t.declare is not None for t in game.turns)
        replay(game.record(None))
    assert declared > 0


def declaration_kinds(game) -> set[str]:
    """The kinds of declaration in a simulated game: "size-N" (a card with N attributes),
    "face-up" (a card face-up when the declarer arrived), "fake-off-clue" (the
    four-player fake holder, on a card without its clue), "failed-face-up" (a failure
    on a face-up card, so the card is face-down again) and "checked-after" (a card
    checked again after a failed declaration on it, R3)."""
    out: set[str] = set()
    face_up: set[int] = set()
    failed: set[int] = set()
    for n, t in enumerate(game.turns):
        if t.declare is None:
            if t.check is Check.REVEALED:
                face_up.add(t.to)
            if t.to in failed and t.check in (Check.HIDDEN, Check.REVEALED):
                out.add("checked-after")
            continue
        assert t.check is None and t.card is None  # R8: the declaration replaces the check
        face = t.declare.card
        out.add(f"size-{len(face.attrs)}")
        if game.deal.fake == t.player and game.deal.clues[t.player] not in face.attrs:
            out.add("fake-off-clue")
        if n + 1 < len(game.turns):  # followed by a turn: it failed, the card is face-down
            failed.add(t.to)
            if t.to in face_up:
                out.add("failed-face-up")
        if t.to in face_up:
            out.add("face-up")
            face_up.discard(t.to)
    return out


@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_sweep_exercises_every_kind_of_declaration(players):
    """The soundness sweep above plays declarations on cards of every size, on face-up
    cards, and (4 players) by the fake holder on cards without its clue (R4, R5, R8)."""
    kinds: set[str] = set()
    for seed in seeds(players):
        kinds |= declaration_kinds(simulator.simulate(VARIANTS[players], seed, max_turns=60))
    expected = {"size-1", "size-2", "size-3", "face-up", "failed-face-up", "checked-after"}
    if players == 4:
        expected |= {"size-0", "fake-off-clue"}
    assert expected <= kinds
