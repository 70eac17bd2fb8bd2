"""Soundness of the Werewolf counter: the truth always survives.

2100 seeded simulated games on the standard deck, 1050 for each player count (3 and 4)
with ``--full`` (``make test``); a seeded tenth of them by default (tests/conftest.py).
Each game is written from two seats — one cycling through every seat and the spectator
across the seeds, one at random — each cut at a random point: a random number of turns
(when the next turn is the viewer's, half the time with its draw pending), or every turn
and a random number of calls of the search phase (W15).  For each of the 4200 records:

- the rules accept it (``replay.replay``) and some history fits it (total weight > 0,
  W7, and histories > 0);
- the true place of the Lost Legacy and the true Werewolf have positive counts;
- the Lost Legacy's places and the Werewolf's distribution each sum to the total, and
  every slot's kind counts sum to the total (one card per slot in every history);
- every hidden slot (living hands, the ruins, each face-down pile card) has a positive
  count for the kind truly there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest

from suiri.models.werewolf.counter import count
from suiri.models.werewolf.replay import replay
from suiri.models.werewolf.simulator import SimulatedGame, simulate

GAMES_PER_COUNT = 1050
CHUNKS = 5  # test cases per player count (for progress and parallel runs)


def cases() -> list:
    per = GAMES_PER_COUNT // CHUNKS
    return [pytest.param(n, range(10_000 * n + c * per, 10_000 * n + (c + 1) * per), id=f"{n}p-{c}")
            for n in (3, 4) for c in range(CHUNKS)]


def records(players: int, seed: int) -> int:
    """Both viewpoints of one game; returns how many records were checked."""
    game = simulate(players, seed)
    seats: list[str | None] = [*game.players, None]
    rng = random.Random(seed)
    for viewer in (seats[seed % len(seats)], rng.choice(seats)):
        check(game, viewer, rng)
    return 2


def check(game: SimulatedGame, viewer: str | None, rng: random.Random) -> None:
    """All the checks on one record."""
    if game.calls and rng.random() < 0.3:
        turns, calls, pending = len(game.turns), rng.randrange(len(game.calls) + 1), False
    else:
        turns, calls = rng.randrange(len(game.turns) + 1), 0
        pending = (turns < len(game.turns) and game.turns[turns].player == viewer
                   and rng.random() < 0.5)
    record = game.record(viewer, turns, calls, pending=pending)
    truth = game.truth_after(turns, calls, pending=pending)
    where = f"seed {game.seed}, {len(game.players)}p, viewer {viewer}, cut {turns}/{calls}" + \
        (" pending" if pending else "")
    c = count(replay(record))

    assert c.weight > 0 and c.total > 0, where
    ll, wolf = c.lost_legacy(), c.werewolf()
    assert ll.get(truth.lost_legacy, 0) > 0, (where, truth.lost_legacy, ll)
    assert wolf.get(truth.werewolf, 0) > 0, (where, truth.werewolf, wolf)
    assert sum(ll.values()) == c.weight and sum(wolf.values()) == c.weight, where
    for slot, row in c.places.items():
        assert sum(row) == c.weight, (where, slot)
    for slot, kind in truth.slots.items():
        assert c.places.get(slot, [0] * 11)[kind.index] > 0, (where, slot, kind.id)


@pytest.mark.parametrize("players, seeds", cases())
def test_truth_survives(players: int, seeds: range, sweep: Callable[[Iterable[int]], list[int]]) -> None:
    chosen = sweep(seeds)
    assert sum(records(players, seed) for seed in chosen) == 2 * len(chosen) > 0
