"""The toy game's hooks (``tests/toy``, not shipped): a game registered at test time
through the registry's door runs through the same sweeps as the three real games.  Its
corpus: 90 seeded games played by random legal moves on its ``State``, every seat's
record and the spectator's, whole and cut after each turn; the truth is the deal."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from corpus import CHECK, ROUND_TRIP, Played, Sample
from hooks import Hooks

GAMES = 90


def specs(chunk: int, chunks: int) -> list[tuple[Any, ...]]:
    return [("toy", seed) for seed in range(chunk, GAMES, chunks)]


def play(spec: tuple[Any, ...]) -> Played:
    from suiri.models import game

    _, seed = spec
    state: Any = game("toy").new_state(2, seed, "base")
    rng = random.Random(seed)
    played = Played(spec, state)
    while True:
        truth = dict(state.deal)
        for seat in (*state.players, None):
            played.samples.append(Sample(seat, state.record_for(seat), frozenset({CHECK, ROUND_TRIP}), truth,
                                         f"toy seed {seed}, {len(state.turns)} turns"))
        if state.is_over():
            return played
        player = state.current_player()
        state.apply(rng.choice(state.legal_moves(player)))


def truth(sample: Sample, session: Any, counts: Any) -> set[str]:
    """The true deal is among the deals the session counts."""
    assert sample.truth in session.deals, (sample.where, sample.seat)
    return {"spectator" if sample.seat is None else "seat"}


def coverage(played: list[Played], shown: set[str]) -> None:
    assert shown == {"seat", "spectator"}, shown


def bare(record: Any) -> Any:
    return replace(record, path="<toy>", turns=tuple(replace(t, line=None) for t in record.turns))


HOOKS = Hooks(specs=specs, play=play, truth=truth, coverage=coverage, bare=bare)
