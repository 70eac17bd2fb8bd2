"""The Werewolf ``State``: what it lets a player do is what ``check`` accepts.

Seeded games are played on a ``WerewolfState`` with the simulator's policy
(``simulator.choose``) and looked at in three ways.

1. **Every record replays.**  The conformance suite (``tests/conformance/``,
   ``werewolf_hooks.py``): at random cuts of 2000 games — between turns, in the middle
   of a turn, between two calls of the search phase and between a call and its search —
   ``record_for(seat)`` from every seat and as a spectator passes the full check, reads
   back from TOML and the compact notation as the same record, and keeps the truth.

2. **Legal moves are accepted.**  At random moments, every legal move of the current
   player (up to a handful, sampled) is applied to a copy of the state, the turn or call
   is finished with the policy, and the record of every seat and of the spectator passes
   the full check, reads back from TOML as the same record and keeps the truth (the
   conformance suite's ``werewolf_hooks.truth``).

3. **Forbidden moves are absent and refused.**  Legal moves are perturbed into moves
   the rules forbid (a Seer or a Vote pointing at oneself or at an eliminated player, a
   card put into an eliminated player's pile, a Medium looking at its own pile, at a
   face-up card or past a pile's end, or turning down a face-down card, a card the mover
   does not hold, a search of an eliminated player's hand): the perturbed move is not
   in ``legal_moves``, and the same perturbation written into the record is refused by
   the check.

"Exactly" means, given that a record from one seat cannot see the hidden state: the
State's legal moves are the moves the *public* rules allow, and each is accepted from
every seat (nothing the State allows is refused by anyone); a move that breaks a rule
any seat can check (a target, a pile position, a turn order) is refused from every seat;
a move that breaks a rule about the mover's own cards (a card it does not hold) is
refused from the mover's seat, which knows its cards — to the other seats such a record
is not illegal but a question for the counter (some hidden history may still fit it).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from suiri.models.werewolf.cards import KINDS, LOST_LEGACY, MEDIUM, SEER, VILLAGER
from suiri.models.werewolf.record import WerewolfRecord, loads, to_toml
from suiri.models.werewolf.session import WerewolfSession
from suiri.models.werewolf.simulator import choose
from suiri.models.werewolf.state import Draw, Move, Play, Point, Put, Seek, WerewolfState
from suiri.solver.errors import SuiriError

Sweep = Callable[[Iterable[int]], list[int]]
GAMES = 1000  # per player count, with --full
CHUNKS = 10  # test cases per player count (for parallel runs)

CONFORMANCE = str(Path(__file__).resolve().parents[1] / "conformance")
if CONFORMANCE not in sys.path:
    sys.path.insert(0, CONFORMANCE)

from corpus import Sample  # noqa: E402
from werewolf_hooks import truth  # noqa: E402


def chunks(games: int) -> list:
    per = games // CHUNKS
    return [pytest.param(n, range(1000 * n + c * per, 1000 * n + (c + 1) * per), id=f"{n}p-{c}")
            for n in (3, 4) for c in range(CHUNKS)]


def play(players: int, seed: int) -> Iterator[tuple[WerewolfState, random.Random]]:
    """The states of one seeded game, one after each move (the first before any)."""
    rng = random.Random(seed)
    state = WerewolfState.new(players, rng, name=f"<state seed={seed}>")
    named: set = set()
    yield state, rng
    while not state.is_over():
        player = state.current_player()
        assert player is not None
        state.apply(choose(state, player, rng, named))
        yield state, rng


def accepted(state: WerewolfState, where: str) -> None:
    """The full check accepts the record of every seat and of the spectator, the truth
    survives it, and the record survives a TOML round trip unchanged (so the check of the
    reread record is the same check: only the file name and the line map differ, which
    no rule reads)."""
    for seat in (*state.players, None):
        record = state.record_for(seat)
        session = WerewolfSession(record)
        c = session.check()
        assert c.total > 0, (where, seat)
        truth(Sample(seat, record, frozenset(), state, where), session, c)
        reread = loads(to_toml(record))
        assert replace(reread, file=record.file, lines=None) == record, (where, seat)


def finish(state: WerewolfState, rng: random.Random) -> None:
    """Play on with the policy until no turn, vote or search is half done."""
    while not state.settled and not state.is_over():
        player = state.current_player()
        assert player is not None
        state.apply(choose(state, player, rng, set()))


# -- 2. legal moves are accepted -------------------------------------------------------------------
def moments(players: int, seed: int, k: int) -> list[tuple[WerewolfState, random.Random]]:
    """Copies of ``k`` random states of a game where the current player has a real choice
    (several moves, or a card to play, or a place to search), each with its own generator."""
    choices = []
    for state, _ in play(players, seed):
        player = state.current_player()
        if player is not None:
            moves = state.legal_moves(player)
            if len(moves) > 1 or isinstance(moves[0], Play | Seek):
                choices.append(state.copy())
    pick = random.Random(f"moments-{seed}")
    return [(state, random.Random(pick.random())) for state in pick.sample(choices, min(k, len(choices)))]


@pytest.mark.parametrize("players, seeds", chunks(GAMES // 5))
def test_legal_moves_are_accepted(players: int, seeds: range, sweep: Sweep) -> None:
    tried = 0
    for seed in sweep(seeds):
        for state, rng in moments(players, seed, 3):
            player = state.current_player()
            assert player is not None
            moves = state.legal_moves(player)
            for move in rng.sample(moves, min(5, len(moves))):
                after = state.copy()
                after.apply(move)
                finish(after, rng)
                accepted(after, f"{players}p seed {seed}: {move}")
                tried += 1
    assert tried > 0


def test_only_the_current_player_moves() -> None:
    for state, _ in play(4, 7):
        current = state.current_player()
        for p in state.players:
            assert (state.legal_moves(p) != []) == (p == current)
        if current is not None:
            with pytest.raises(ValueError):
                other = next(p for p in state.players if p != current)
                state.copy().apply(Draw(other))


# -- 3. forbidden moves are absent and refused -----------------------------------------------------
Perturbation = tuple[str, Move, Callable[[WerewolfRecord], None], bool]  # (what, move, edit, public)


def perturbations(state: WerewolfState, move: Move) -> list[Perturbation]:
    """Forbidden variants of a legal ``move``: (what, the forbidden move, the same change
    written into a record whose last turn (or search) is ``move``'s, whether every seat
    can tell)."""
    t = state.table
    me = move.player
    dead = [p for p in state.players if p not in t.living]
    out: list[Perturbation] = []

    def turn_field(key: str, value: object, **also: object) -> Callable[[WerewolfRecord], None]:
        def edit(r: WerewolfRecord) -> None:
            for k, v in {key: value, **also}.items():
                setattr(r.turns[-1], k, v)
        return edit

    if isinstance(move, Play) and move.card == SEER:
        for bad in (me, *dead):
            out.append((f"Seer on {bad}", replace(move, target=bad), turn_field("target", bad), True))
    if isinstance(move, Play) and move.card == MEDIUM and (move.peek or move.flip):
        who = (move.peek or move.flip or ("",))[0]
        pile = t.piles[who]
        ups = [i for i, c in enumerate(pile, start=1) if c.face_up]
        downs = [i for i, c in enumerate(pile, start=1) if not c.face_up]
        peeks = [(me, 1)] + [(who, i) for i in ups[:1]] + [(who, len(pile) + 1)] + [(p, 1) for p in dead[:1]]
        for bad in peeks:
            out.append((f"Medium peeks at {bad}", replace(move, peek=bad, flip=None), turn_field("peek", bad, flip=None), True))
        for i in downs[:1]:
            flip = (who, None, i)
            out.append((f"Medium flips {flip}", replace(move, flip=flip, peek=None), turn_field("flip", flip, peek=None, saw=None), True))
    if isinstance(move, Play) and move.card == VILLAGER:
        for bad in dead:
            out.append((f"Villager into {bad}'s pile", replace(move, put=bad), turn_field("put", bad), True))
    if isinstance(move, Put):
        for bad in dead:
            out.append((f"Attack into {bad}'s pile", replace(move, owner=bad), turn_field("put", bad), True))
    if isinstance(move, Point):
        def self_vote(r: WerewolfRecord) -> None:
            assert r.turns[-1].votes is not None
            r.turns[-1].votes[me] = me
        out.append((f"{me} points at itself", replace(move, target=me), self_vote, True))
    if isinstance(move, Play) and move.card != LOST_LEGACY:
        held = t.hands[me]
        for kind in [LOST_LEGACY, *[k for k in KINDS if k not in held and not k.is_attack][:1]]:
            out.append((f"{me} plays {kind.id}", Play(me, kind), turn_field("play", kind), kind == LOST_LEGACY))
    if isinstance(move, Seek):
        for bad in dead:
            def search_dead(r: WerewolfRecord, bad: str = bad) -> None:
                r.searches[-1].target = ("hand", bad)
            out.append((f"search of {bad}'s hand", Seek(me, ("hand", bad)), search_dead, True))
    return out


def refused(record: WerewolfRecord) -> bool:
    try:
        WerewolfSession(loads(to_toml(record))).check()
    except SuiriError:
        return True
    return False


@pytest.mark.parametrize("players, seeds", chunks(GAMES // 5))
def test_forbidden_moves_are_absent_and_refused(players: int, seeds: range, sweep: Sweep) -> None:
    seen: set[str] = set()
    for seed in sweep(seeds):
        for state, rng in moments(players, seed, 6):
            player = state.current_player()
            assert player is not None
            legal = state.legal_moves(player)
            for move in rng.sample(legal, min(3, len(legal))):
                for what, bad, edit, public in perturbations(state, move):
                    where = f"{players}p seed {seed}: {what} ({move})"
                    assert bad not in legal, where
                    after = state.copy()
                    after.apply(move)
                    finish(after, rng)
                    for seat in (*state.players, None) if public else (player,):
                        record = after.record_for(seat)
                        edit(record)
                        assert refused(record), (where, seat)
                    seen.add(what)
    assert seen
