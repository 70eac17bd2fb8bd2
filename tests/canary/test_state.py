"""The true game state (``CanaryState``) against the record checker (``session.check``).

1. Every record a state writes passes the full check, and the truth survives it: the
   conformance suite (``tests/conformance/``, ``canary_hooks.py``) checks every seat's
   and the spectator's record of 2100 seeded games, and one random seat's record cut at
   a random turn with some of its own hidden faces forgotten.  A test below asserts that
   these games (the same ones: ``canary_hooks.variant_for``) declare at the check,
   instead of it (R8), on cards of every size, on face-up cards, and (4 players) as the
   fake holder anywhere.

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

   Sampled at a random point of 180 seeded games (60 each with 2, 3 and 4 players), the
   games of the conformance corpus (played again here, a module cache shares them).  Out
   of turn: one step of each other player.  Each seat's record of the state is replayed
   once and every record with one more turn continues that replay (``rules.replay``'s
   ``after``; a test below checks that continuing gives what replaying from the start
   gives).

Sweep 2 runs whole with ``--full`` and a seeded tenth by default (``tests/conftest.py``).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from suiri.models.canary.record import CanaryRecord
from suiri.models.canary.rules import Check, Replay, Variant, replay
from suiri.models.canary.session import CanarySession
from suiri.models.canary.simulator import Simulated, simulate
from suiri.models.canary.state import CanaryState, Move, as_written
from suiri.solver.errors import IllegalMoveError, SuiriError

CONFORMANCE = str(Path(__file__).resolve().parents[1] / "conformance")
if CONFORMANCE not in sys.path:
    sys.path.insert(0, CONFORMANCE)

from canary_hooks import GAMES_PER_COUNT, LONGEST, variant_for  # noqa: E402

EQUALITY_GAMES = 60  # per player count


def accepted(record: CanaryRecord, before: Replay | None = None) -> bool:
    """Whether ``record`` passes the full check; ``before``: the replay of all its turns but
    the last (``prefix``), continued instead of replayed again."""
    try:
        CanarySession(record, before).check()
    except SuiriError:
        return False
    return True


def with_turn(state: CanaryState, seat: str | None, move: Move) -> CanaryRecord:
    """``seat``'s record of the state, with the true turn of ``move`` (legal or not) added."""
    record = state.record_for(seat)
    record.turns.append(as_written(state.turn_of(move), seat))
    return record


def prefix(state: CanaryState, seat: str | None) -> Replay:
    """The replay of ``seat``'s record of the state: every ``with_turn`` record of ``seat``
    continues it (the tests below check up to 98 moves on the same record)."""
    return replay(state.record_for(seat))


_GAMES: dict[tuple[int, int], Simulated] = {}


def played(players: int, seed: int, max_turns: int = LONGEST) -> Simulated:
    """The seeded game, played once per module run and shared by the tests below."""
    key = (players, seed, max_turns)
    if key not in _GAMES:
        _GAMES[key] = simulate(variant_for(players, seed), seed, max_turns=max_turns)
    return _GAMES[key]


@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_sweep_exercises_every_kind_of_declaration(players: int) -> None:
    """The sweep above plays declarations on cards of every size, on face-up cards, and
    (4 players) by the fake holder on cards without its clue (R4, R5, R8)."""
    kinds: set[str] = set()
    expected = {"size-1", "size-2", "size-3", "face-up", "failed-face-up", "checked-after"}
    if players == 4:
        expected |= {"size-0", "fake-off-clue"}
    for seed in range(GAMES_PER_COUNT):  # in order, stopping once every kind is seen
        kinds |= declaration_kinds(played(players, seed))
        if expected <= kinds:
            break
    assert expected <= kinds


def points(players: int, seeds: list[int]) -> list[CanaryState]:
    """One state per seed, stopped at a random turn of its game (the same game played
    to that turn: a seed's choices do not depend on how long it is played)."""
    out = []
    for seed in seeds:
        stop = random.Random(seed).randint(0, len(played(players, seed).state.turns) - 1)
        out.append(played(players, seed, max_turns=stop).state)
    return out


@pytest.mark.parametrize("players", (2, 3, 4))
def test_legal_moves_are_exactly_the_moves_the_mover_may_write(players: int, sweep) -> None:
    kinds: set[str] = set()
    for state in points(players, sweep(range(EQUALITY_GAMES))):
        mover = state.current_player()
        assert mover is not None
        legal = state.legal_moves(mover)
        assert legal and all(m.player == mover for m in legal)
        before = prefix(state, mover)
        for sq in state.variant.board.squares:
            for declare in (False, True):
                move = Move(mover, sq, declare)
                ok = accepted(with_turn(state, mover, move), before)
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
        bad = {"out-of-turn": [Move(p, rng.choice(board.neighbours(state.table.positions[p]))) for p in others],
               "not-one-step": [Move(mover, sq, rng.random() < 0.5) for sq in [here, *rng.sample(far, 3)]],
               "face-up-declaration": [Move(mover, sq, True) for sq in board.neighbours(here)
                                       if state.table.is_face_up(sq) and not state.variant.declare_on_face_up]}
        for seat in [*others, None]:
            before = prefix(state, seat)
            for move in legal:
                assert accepted(with_turn(state, seat, move), before), (state.name, seat, move)
            for kind, moves in bad.items():
                for move in moves:
                    assert move not in state.legal_moves(move.player)
                    with pytest.raises(IllegalMoveError):
                        CanarySession(with_turn(state, seat, move), before)
                    refused.add(kind)
    assert {"out-of-turn", "not-one-step"} <= refused


@pytest.mark.parametrize("players", (2, 3, 4))
def test_a_replay_continued_after_a_prefix_is_the_replay_from_the_start(players: int) -> None:
    """``replay(record, after=replay(prefix))`` gives what ``replay(record)`` gives, and
    leaves the prefix's replay as it was, for every seat and cut of some corpus games."""
    for seed in range(6):
        game = played(players, seed)
        for seat in [*game.players, None]:
            whole = game.record(seat)
            cut = random.Random(seed).randint(0, len(whole.turns))
            before = replay(whole.truncated(cut))
            kept = repr(before)
            assert repr(replay(whole, before)) == repr(replay(whole))  # (the end of a game is a text: by its repr)
            assert repr(before) == kept


def test_r5_off_a_declaration_on_a_face_up_card_is_refused_from_every_seat() -> None:
    """Where the table forbids declaring on face-up cards (R5 off), the state offers no
    such declaration and every seat's check refuses it."""
    found = 0
    for seed in range(200):
        variant = Variant.for_players(2 + seed % 3, declare_on_face_up=False)
        game = simulate(variant, seed, max_turns=LONGEST)
        for stop in range(len(game.state.turns)):
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


def test_without_r5_declarations_are_only_on_face_down_cards() -> None:
    """With ``declare_on_face_up=False`` (R5 off) the simulator declares only on cards
    face-down when it arrives; the declaration replaces their check (R8), so no
    declaring turn has a check, and the rules accept every record."""
    variant = Variant.for_players(4, declare_on_face_up=False)
    declared = 0
    for seed in range(30):
        game = simulate(variant, seed, max_turns=60)
        kinds = declaration_kinds(game)
        assert "face-up" not in kinds, seed
        declared += sum(t.declare is not None for t in game.state.turns)
        CanarySession(game.record(None))  # raises IllegalMoveError if the rules refuse it
    assert declared > 0


def declaration_kinds(game: Simulated) -> set[str]:
    """The kinds of declaration in a simulated game: "size-N" (a card with N attributes),
    "face-up" (a card face-up when the declarer arrived), "fake-off-clue" (the
    four-player fake holder, on a card without its clue), "failed-face-up" (a failure
    on a face-up card, so the card is face-down again) and "checked-after" (a card
    checked again after a failed declaration on it, R3)."""
    out: set[str] = set()
    face_up: set[int] = set()
    failed: set[int] = set()
    for n, t in enumerate(game.state.turns):
        if t.declare is None:
            if t.check is Check.REVEALED:
                face_up.add(t.to)
            if t.to in failed and t.check in (Check.HIDDEN, Check.REVEALED):
                out.add("checked-after")
            continue
        assert t.check is None and t.card is None  # R8: the declaration replaces the check
        face = t.declare.card
        out.add(f"size-{len(face.attrs)}")
        if game.state.deal.fake == t.player and game.state.deal.clues[t.player] not in face.attrs:
            out.add("fake-off-clue")
        if n + 1 < len(game.state.turns):  # followed by a turn: it failed, the card is face-down
            failed.add(t.to)
            if t.to in face_up:
                out.add("failed-face-up")
        if t.to in face_up:
            out.add("face-up")
            face_up.discard(t.to)
    return out
