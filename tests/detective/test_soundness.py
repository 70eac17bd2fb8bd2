"""Soundness of the Memory Detective analysis (the truth always survives) beyond the
conformance suite's corpus.

The corpus (``tests/conformance/detective_hooks.py``: 2016 seeded games, every seat's
record and the spectator's, two of them with the deep checks) is checked by
``tests/conformance/test_check.py``; here, a check that the whole corpus covers every
seat and the spectator and that its Clue games end by accusations, and records the
corpus does not hold: Clue games full of guessed accusations, whole games and empty
records, solved games.  Each record gets the conformance suite's checks
(``detective_hooks.truth``, deep): the true case triple keeps a positive count; the
true current place of every card has positive probability; every fact ``analyze``
calls certain is true of the real game; every card's place distribution, each
category of the truth and the joint add up to 1.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from suiri.models.detective import FACTS
from suiri.models.detective.cards import CATEGORIES
from suiri.models.detective.rules import Accuse, variant_for
from suiri.models.detective.session import DetectiveSession
from suiri.models.detective.simulator import PLAYER_NAMES, SimulatedGame, simulate

CONFORMANCE = str(Path(__file__).resolve().parents[1] / "conformance")
if CONFORMANCE not in sys.path:
    sys.path.insert(0, CONFORMANCE)

from corpus import Sample  # noqa: E402
from detective_hooks import PLAYERS, game_and_viewpoints, seeds, truth  # noqa: E402


def cases():
    return [pytest.param(n, v, id=f"{v}-{n}p") for v in FACTS.variants for n in PLAYERS]


def check_record(game: SimulatedGame, viewer: str | None, cut: int) -> None:
    """All the soundness checks on one record (the conformance suite's, deep)."""
    record = game.record(viewer, cut)
    session = DetectiveSession(record)  # replays: raises if the rules reject the record
    counts = session.check()
    assert counts.total > 0, (game.seed, viewer, cut)
    truth(Sample(viewer, record, frozenset(), (game, cut), f"seed {game.seed}", deep=True), session, counts)


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


@pytest.mark.slow  # the edit loop leaves it to make test (docs/testing.md)
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
