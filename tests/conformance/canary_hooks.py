"""Where is the Canary? in the conformance suite.

The corpus: 2100 seeded games (700 each with 2, 3 and 4 players, a third of them under a
non-default table ruling), played by the simulator's random legal moves on the State to
the end (or 80 turns).  Each gives ``record_for(seat)`` of every seat and the
spectator (checked), and one random seat's (or the spectator's) record cut at a random
turn with some of its own hidden faces forgotten (checked and round-tripped).  Thirty
more games (2 to 4 players, 10 to 35 turns, declaring more often) give one seat's record
each for the step-wise chains.

The truth (``truth``): the true clue deal has positive weight, every true goal square
positive goal probability, the true clues and fake positive marginals, and the
marginals add up (from the former ``tests/canary/test_state.py`` sweep 1).
"""

from __future__ import annotations

import random
from typing import Any

from corpus import CHAINS, CHECK, ROUND_TRIP, Played, Sample
from hooks import Hooks

from suiri.models.canary.counter import Counts, Hypothesis
from suiri.models.canary.rules import Check, Variant
from suiri.models.canary.simulator import forget, simulate
from suiri.models.canary.state import CanaryState
from suiri.solver.probability import exact_sum

RULINGS: list[dict[str, Any]] = [{}, {}, {}, {}, {}, {}, {"declare_on_face_up": False},
                                 {"declare_needs_own_clue": False}, {"skip_turns": 0}, {"shared_squares": False}, {}, {}]
GAMES_PER_COUNT = 700
CHAIN_GAMES = 30
LONGEST = 80  # turns; random play may miss the goal card for hundreds of turns


def variant_for(players: int, seed: int) -> Variant:
    return Variant.for_players(players, **RULINGS[seed % len(RULINGS)])


def specs(chunk: int, chunks: int) -> list[tuple[Any, ...]]:
    """Chunk ``chunk`` of ``chunks``: every ``chunks``-th game of each player count, and
    the chain games whose seed falls in it."""
    games = [("state", players, seed) for seed in range(GAMES_PER_COUNT) for players in (2, 3, 4)]
    chains = [("chains", 2 + seed % 3, seed) for seed in range(CHAIN_GAMES) if seed % chunks == chunk]
    return [*games[chunk::chunks], *chains]


def true_hypothesis(state: CanaryState) -> Hypothesis:
    fake = None if state.deal.fake is None else state.players.index(state.deal.fake)
    return Hypothesis(tuple(state.deal.clues[p] for p in state.players), fake)


def play(spec: tuple[Any, ...]) -> Played:
    kind, players, seed = spec
    if kind == "chains":
        game = simulate(Variant.for_players(players), seed, max_turns=10 + 5 * (seed % 6), declare_rate=0.2)
        seat = game.players[seed % players]
        return Played(spec, game.state, [Sample(seat, game.record(seat), frozenset({CHAINS}), game.state,
                                                f"chains seed {seed}")])
    game = simulate(variant_for(players, seed), seed, max_turns=LONGEST)
    state = game.state
    played = Played(spec, state)
    where = f"{players}p seed {seed}"
    for seat in [*state.players, None]:
        played.samples.append(Sample(seat, state.record_for(seat), frozenset({CHECK}), state, where))
    rng = random.Random(seed * 7919 + players)
    viewer = rng.choice([*state.players, None])
    cut = forget(game.record(viewer, rng.randint(0, len(state.turns))), rng.choice([0.0, 0.2, 0.5]), rng)
    played.samples.append(Sample(viewer, cut, frozenset({CHECK, ROUND_TRIP}), state, f"{where}, cut {len(cut.turns)}"))
    if any(t.player == viewer and t.card is None and state.turns[n].check is Check.HIDDEN
           for n, t in enumerate(cut.turns)):
        played.tags.add("forgotten")
    if any(t.declare is not None for t in state.turns):
        played.tags.add("declaring")
    played.tags.add("ended" if state.is_over() else "stopped")
    return played


def truth(sample: Sample, session: Any, counts: Counts) -> set[str]:
    """Soundness: the true deal, clues, fake and goal squares all keep a positive count,
    and the marginals add up."""
    state: CanaryState = sample.truth
    where = (sample.where, sample.seat)
    players = len(state.players)
    assert counts.weights.get(true_hypothesis(state), 0) > 0, where
    goal_m = counts.goal_marginals()
    goals = state.deal.goal_squares()
    assert all(goal_m[sq] > 0 for sq in goals), where
    assert len(goals) == (5 if players == 2 else 1)  # fixed by the deck
    assert exact_sum(goal_m) == len(goals), where
    for p in state.players:
        m = counts.clue_marginals(p)
        assert exact_sum(m.values()) == 1 and m[state.deal.clues[p]] > 0, (where, p)
    fm = counts.fake_marginals()
    assert exact_sum(fm.values()) == (1 if players == 4 else 0), where
    if players == 4:
        assert fm[state.deal.fake] > 0, where
    assert exact_sum(counts.probability(h) for h in counts.weights) == 1, where
    return set()


def game_checks(played: Played) -> None:
    """A game that ended leaves nobody to move; one that did not was stopped at 80 turns."""
    state: CanaryState = played.final
    if played.spec[0] != "state":
        return
    if state.is_over():
        assert state.current_player() is None and all(state.legal_moves(p) == [] for p in state.players)
    else:
        assert len(state.turns) == LONGEST, played.spec


def coverage(played: list[Played], shown: set[str]) -> None:
    """Every chunk has games that declare, that end, and cut records with forgotten faces."""
    tags = set().union(*(p.tags for p in played))
    assert {"declaring", "ended", "forgotten"} <= tags, tags


HOOKS = Hooks(specs=specs, play=play, truth=truth, game_checks=game_checks, coverage=coverage)
