"""Soundness of the Memory Detective analysis (the truth always survives), merged with the
State's record sweep (every seat's record passes the full check).

2016 seeded games: 72 for each player count (2 to 8) and variant (base, fake, clue,
clue-fake; see ``variant_for``); even seeds are played by the simulator's policy (6 to
60 events), odd seeds by random legal moves on the State (state_games.py: accusations,
looks, reveals of the fake after a real show).  Each game is cut at one random event
count (a bluff keeps its reveal: ``Simulated.cut``; the end and the empty record come
up too).  ``make test`` (``--full``) checks all of them, the default run a seeded tenth
of each case's games (the sweep convention, tests/conftest.py); the seats and
accusations the whole sweep covers are checked on every run.  For each game:

- every seat's record and the spectator's (``State.record_for``, cut) pass the full
  check (``DetectiveSession`` replays it, and some deal fits), and the true case triple
  keeps a positive count;
- for two of them (one cycling through every seat and the spectator across the seeds,
  one at random): the true current place of every card (``simulator.current_holder``: a
  revealed card is public) has positive probability; every fact ``analyze`` calls
  certain is true of the real game; every card's place distribution, each category of
  the truth and the joint add up to 1.

Clue games end by accusations (right when the accuser is sure, or a guess); a second
sweep plays Clue games full of guessed accusations, most of them wrong.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path

import pytest

from suiri.models.detective import FACTS
from suiri.models.detective.analysis import analyze
from suiri.models.detective.cards import CATEGORIES, Category
from suiri.models.detective.rules import Accuse, variant_for
from suiri.models.detective.session import DetectiveSession
from suiri.models.detective.simulator import PLAYER_NAMES, Simulated, current_holders, simulate
from suiri.solver.facts import Fact

HERE_DIR = str(Path(__file__).parent)
if HERE_DIR not in sys.path:
    sys.path.insert(0, HERE_DIR)

from state_games import play  # noqa: E402

GAMES_PER_CASE = 72
PLAYERS = range(2, 9)


def cases():
    return [pytest.param(n, v, id=f"{v}-{n}p") for v in FACTS.variants for n in PLAYERS]


def seeds(players: int, variant: str) -> range:
    start = 10_000 * players + 1_000 * FACTS.variants.index(variant)
    return range(start, start + GAMES_PER_CASE)


def viewpoints(game: Simulated, seed: int, rng: random.Random) -> list[str | None]:
    """Two seats: one cycling through every seat and the spectator, one at random."""
    seats: list[str | None] = [*game.players, None]
    return [seats[seed % len(seats)], rng.choice(seats)]


def fact_is_true(fact: Fact, places: dict[str, str], case: dict[Category, str]) -> bool:
    kind, _, arg = fact.subject.partition(":")
    if kind == "holder":
        actual = places[arg]
    else:
        assert kind == "case", fact
        actual = case[Category(arg)]
    return (actual == fact.value) == fact.holds


def check_counts(game: Simulated, viewer: str | None, cut: int) -> DetectiveSession:
    """The record passes the full check and the true case triple has a positive count."""
    label = f"seed {game.seed}, {game.state.variant.players}p, viewer {viewer}, cut {cut}"
    record = game.record(viewer, cut)
    session = DetectiveSession(record)  # replays: raises if the rules reject the record
    assert len(record.events) == game.state.cut(cut), label  # a bluff keeps its reveal
    truth = game.state.deal.case
    counts = session.check()  # replay and the exact count
    assert counts.total > 0, label
    assert counts.truth.get(truth, 0) > 0, (label, [c.id for c in truth])
    assert sum(counts.truth.values()) == counts.total, label
    return session


def check_record(game: Simulated, viewer: str | None, cut: int, session: DetectiveSession | None = None) -> int:
    """All the checks on one record (``session``: its session, if already checked by
    ``check_counts``); returns the number of certain facts."""
    label = f"seed {game.seed}, {game.state.variant.players}p, viewer {viewer}, cut {cut}"
    if session is None:
        session = check_counts(game, viewer, cut)
    upto = game.state.cut(cut)
    truth = game.state.deal.case

    places = current_holders(game, upto)
    for card, place in places.items():
        row = session.where_now(card)
        assert set(row) == {*game.players, "case", "public"}, (label, card.id)
        assert sum(row.values()) == 1, (label, card.id, row)
        assert all(p >= 0 for p in row.values()), (label, card.id, row)
        assert row[place] > 0, (label, card.id, place, row)

    for index, cat in enumerate(CATEGORIES):
        dist = session.truth(cat)
        assert sum(dist.values()) == 1, (label, cat)
        assert dist[truth[index]] > 0, (label, cat, truth[index].id)

    result = analyze(session)
    assert sum(p for _, p in result.triples) == 1, label
    assert result.triples and all(p > Fraction(0) for _, p in result.triples), label
    by_id = {c.id: place for c, place in places.items()}
    case = {c.category: c.id for c in truth if c.category is not None}
    wrong = [str(f) for f in result.certain if not fact_is_true(f, by_id, case)]
    assert not wrong, (label, wrong)
    if result.solved is not None:
        assert tuple(result.solved) == tuple(truth), label
    return len(result.certain)


def game_and_viewpoints(players: int, variant: str, seed: int) -> tuple[Simulated, int, list[str | None]]:
    """The game of ``seed`` (the simulator's policy for even seeds, random legal moves on
    the State for odd ones), its cut and its two viewpoints."""
    rng = random.Random(seed)
    if seed % 2:
        game = Simulated(seed, play(variant, players, seed, rng.randint(1, 120)))
    else:
        game = simulate(variant_for(players, variant), seed, max_events=rng.randint(6, 60))
    return game, rng.randint(0, len(game.state.events)), viewpoints(game, seed, rng)


@pytest.mark.parametrize(("players", "variant"), cases())
def test_truth_survives(players: int, variant: str, sweep: Callable[[Iterable[int]], list[int]]) -> None:
    """Every seat's record and the spectator's pass the full check and keep the truth;
    two of them keep every soundness check.  A seeded tenth of the games by default,
    all 2016 with ``--full``."""
    certain = 0
    for seed in sweep(seeds(players, variant)):
        game, cut, chosen = game_and_viewpoints(players, variant, seed)
        for seat in (*game.players, None):
            session = check_counts(game, seat, cut)
            for _ in range(chosen.count(seat)):
                certain += check_record(game, seat, cut, session)
    assert certain > 0  # the chunk did prove something


@pytest.mark.slow  # a check of the whole sweep, which only make test runs
@pytest.mark.parametrize(("players", "variant"), cases())
def test_the_sweep_covers_every_seat_and_accusations(players: int, variant: str) -> None:
    """The whole sweep's records come from every seat and the spectator (the cycling
    viewpoint alone covers them: no game needs playing), and the simulator's Clue games
    (even seeds, simulated only: cheap) end by accusations."""
    seats: list[str | None] = [*PLAYER_NAMES[:players], None]
    seen = {seats[seed % len(seats)] for seed in seeds(players, variant)}
    accusations = 0
    for seed in seeds(players, variant)[::2]:
        game, _, _ = game_and_viewpoints(players, variant, seed)
        accusations += sum(isinstance(e, Accuse) for e in game.state.events)
    assert seen == {*PLAYER_NAMES[:players], None}  # every seat and the spectator
    assert (accusations > 0) == variant.startswith("clue")  # Clue games end by accusations


@pytest.mark.sweep
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_truth_survives_wrong_accusations(players: int) -> None:
    """Clue games full of guessed accusations (rate 0.3 a turn, most of them wrong): every
    seat's record at every third cut keeps the truth, and wrong ones do occur."""
    wrong = 0
    for seed in range(12):
        game = simulate(variant_for(players, "clue-fake" if seed % 2 else "clue"), 90_000 + seed, max_events=40,
                        accuse_rate=0.3)
        wrong += sum(isinstance(e, Accuse) and not e.correct for e in game.state.events)
        for cut in range(0, len(game.state.events) + 1, 3):
            for viewer in (game.players[seed % players], None):
                check_record(game, viewer, cut)
    assert wrong >= 5


def test_whole_games_and_empty_records() -> None:
    """The two ends of a game: no event at all, and every event (solved or lost games)."""
    over: set[str | None] = set()
    for players in (2, 3, 5, 8):
        for variant in FACTS.variants:
            rules = variant_for(players, variant)
            for seed in range(6):
                game = simulate(rules, seed, max_events=200)
                over.add(game.state.outcome)
                for viewer in (game.players[seed % players], None):
                    check_record(game, viewer, 0)
                    check_record(game, viewer, len(game.state.events))
    assert {"solved"} <= over


def test_a_solved_game_proves_the_truth() -> None:
    """After a solved deduction every seat (and the spectator) knows the case file."""
    solved = 0
    for seed in range(40):
        game = simulate(variant_for(4, "fake"), seed, max_events=200)
        if game.state.outcome != "solved":
            continue
        solved += 1
        for viewer in (*game.players, None):
            session = DetectiveSession(game.record(viewer))
            for index, cat in enumerate(CATEGORIES):
                assert session.truth(cat)[game.state.deal.case[index]] == 1, (seed, viewer, cat)
    assert solved >= 3
