"""The true game state (``CanaryState``) against the record checker (``session.check``).

1. Every record a state writes passes the full check.  For 1800 seeded games (600
   each with 2, 3 and 4 players, a third of them under a non-default table ruling),
   played by the simulator's random legal moves to the end (or 150 turns),
   ``record_for(seat)``, whole and cut at a random turn, passes ``CanarySession(record).check()`` (replay through the rules
   and the exact count: some world fits) from every seat and as a spectator, and the
   true deal is one of the counted worlds.

2. The state's legal moves are exactly the moves the checker accepts.  A record seen
   from one seat cannot see the hidden state, so "exactly" means:

   * from the mover's seat, over the mover's whole move space (every square, with and
     without a declaration): a move is in ``legal_moves`` if and only if the mover's
     record with that move's true turn appended passes ``check``.  The mover knows
     everything a move's legality depends on (its square, the card it looks at, its
     clue and authenticity);
   * from every other seat and a spectator: every legal move's turn passes ``check``,
     and moves that break a public rule (a player moving out of turn, a step that is not
     one orthogonal square, a declaration on a face-up card where R5 forbids it) are
     refused.  A declaration on a card without the declarer's clue (R4) is refused only
     from the declarer's seat: the others cannot tell it from a legal one.

   Sampled at a random point of 300 seeded games (100 each with 2, 3 and 4 players).

Both sweeps run whole with ``--full`` and a seeded tenth by default (``tests/conftest.py``).
"""

from __future__ import annotations

import random

import pytest

from suiri.models.canary.counter import Hypothesis
from suiri.models.canary.record import CanaryRecord
from suiri.models.canary.rules import Variant
from suiri.models.canary.session import CanarySession
from suiri.models.canary.simulator import simulate
from suiri.models.canary.state import CanaryState, Move, as_written
from suiri.solver.errors import IllegalMoveError, SuiriError

RULINGS = [{}, {}, {}, {}, {}, {}, {"declare_on_face_up": False}, {"declare_needs_own_clue": False},
           {"skip_turns": 0}, {"shared_squares": False}, {}, {}]
GAMES_PER_COUNT = 600
EQUALITY_GAMES = 100  # per player count
LONGEST = 150  # turns; random play may miss the goal card for hundreds of turns


def variant_for(players: int, seed: int) -> Variant:
    return Variant.for_players(players, **RULINGS[seed % len(RULINGS)])  # type: ignore[arg-type]


def true_hypothesis(state: CanaryState) -> Hypothesis:
    fake = None if state.deal.fake is None else state.players.index(state.deal.fake)
    return Hypothesis(tuple(state.deal.clues[p] for p in state.players), fake)


def accepted(record: CanaryRecord) -> bool:
    try:
        CanarySession(record).check()
    except SuiriError:
        return False
    return True


def with_turn(state: CanaryState, seat: str | None, move: Move) -> CanaryRecord:
    """``seat``'s record of the state, with the true turn of ``move`` (legal or not) added."""
    record = state.record_for(seat)
    record.turns.append(as_written(state.turn_of(move), seat))
    return record


@pytest.mark.parametrize("players", (2, 3, 4))
def test_records_of_every_seat_pass_the_check(players: int, sweep) -> None:
    seats_checked = declaring = ended = 0
    for seed in sweep(range(GAMES_PER_COUNT)):
        state = simulate(variant_for(players, seed), seed, max_turns=LONGEST).state
        if state.is_over():
            assert state.current_player() is None and all(state.legal_moves(p) == [] for p in state.players)
            ended += 1
        else:
            assert len(state.turns) == LONGEST
        rng = random.Random(seed)
        for seat in [*state.players, None]:
            record = state.record_for(seat)
            cut = record.truncated(rng.randint(0, len(record.turns)))
            for written in (record, cut):
                counts = CanarySession(written).check()
                assert counts.weights.get(true_hypothesis(state), 0) > 0, (seed, seat)
            seats_checked += 1
        declaring += sum(t.declare is not None for t in state.turns)
    assert seats_checked and declaring and ended


def points(players: int, seeds: list[int]) -> list[CanaryState]:
    """One state per seed, stopped at a random turn of its game (the same game played
    to that turn: a seed's choices do not depend on how long it is played)."""
    out = []
    for seed in seeds:
        game = simulate(variant_for(players, seed), seed, max_turns=LONGEST)
        stop = random.Random(seed).randint(0, len(game.turns) - 1)
        out.append(simulate(variant_for(players, seed), seed, max_turns=stop).state)
    return out


@pytest.mark.parametrize("players", (2, 3, 4))
def test_legal_moves_are_exactly_the_moves_the_mover_may_write(players: int, sweep) -> None:
    kinds: set[str] = set()
    for state in points(players, sweep(range(EQUALITY_GAMES))):
        mover = state.current_player()
        assert mover is not None
        legal = state.legal_moves(mover)
        assert legal and all(m.player == mover for m in legal)
        for sq in state.variant.board.squares:
            for declare in (False, True):
                move = Move(mover, sq, declare)
                ok = accepted(with_turn(state, mover, move))
                assert ok == (move in legal), (state.name, move, len(state.turns))
                kinds.add(("legal-" if ok else "illegal-") + ("declare" if declare else "step"))
    assert kinds == {"legal-step", "legal-declare", "illegal-step", "illegal-declare"}


@pytest.mark.parametrize("players", (2, 3, 4))
def test_other_seats_accept_legal_moves_and_refuse_publicly_illegal_ones(players: int, sweep) -> None:
    refused: set[str] = set()
    for state in points(players, sweep(range(EQUALITY_GAMES))):
        mover = state.current_player()
        assert mover is not None
        legal = state.legal_moves(mover)
        board = state.variant.board
        here = state.table.positions[mover]
        others = [p for p in state.players if p != mover]
        rng = random.Random(state.name)
        far = [sq for sq in board.squares if sq not in board.neighbours(here)]
        bad = {"out-of-turn": [Move(p, sq) for p in others for sq in board.neighbours(state.table.positions[p])],
               "not-one-step": [Move(mover, sq, rng.random() < 0.5) for sq in [here, *rng.sample(far, 3)]],
               "face-up-declaration": [Move(mover, sq, True) for sq in board.neighbours(here)
                                       if state.table.is_face_up(sq) and not state.variant.declare_on_face_up]}
        for seat in [*others, None]:
            for move in legal:
                assert accepted(with_turn(state, seat, move)), (state.name, seat, move)
            for kind, moves in bad.items():
                for move in moves:
                    assert move not in state.legal_moves(move.player)
                    with pytest.raises(IllegalMoveError):
                        CanarySession(with_turn(state, seat, move))
                    refused.add(kind)
    assert {"out-of-turn", "not-one-step"} <= refused


def test_r5_off_a_declaration_on_a_face_up_card_is_refused_from_every_seat() -> None:
    """Where the table forbids declaring on face-up cards (R5 off), the state offers no
    such declaration and every seat's check refuses it."""
    found = 0
    for seed in range(200):
        variant = Variant.for_players(2 + seed % 3, declare_on_face_up=False)
        game = simulate(variant, seed, max_turns=LONGEST)
        for stop in range(len(game.turns)):
            state = simulate(variant, seed, max_turns=stop).state
            mover = state.current_player()
            assert mover is not None
            face_up = [sq for sq in state.variant.board.neighbours(state.table.positions[mover])
                       if state.table.is_face_up(sq)]
            if not face_up:
                continue
            move = Move(mover, face_up[0], True)
            assert move not in state.legal_moves(mover) and Move(mover, face_up[0]) in state.legal_moves(mover)
            for seat in [*state.players, None]:
                with pytest.raises(IllegalMoveError, match="R5"):
                    CanarySession(with_turn(state, seat, move))
            found += 1
            break
        if found == 5:
            break
    assert found == 5


def test_apply_refuses_an_illegal_move() -> None:
    state = simulate(Variant.for_players(3), 1, max_turns=3).state
    mover = state.current_player()
    assert mover is not None
    other = next(p for p in state.players if p != mover)
    with pytest.raises(ValueError):
        state.apply(Move(other, state.variant.board.neighbours(state.table.positions[other])[0]))
    far = next(sq for sq in state.variant.board.squares if state.variant.board.distance(sq, state.table.positions[mover]) > 1)
    with pytest.raises(ValueError):
        state.apply(Move(mover, far))
