"""The Memory Detective ``State``: the records it gives pass the check, and its legal
moves are the moves the check accepts.

Games here are played by random legal moves on ``DetectiveState`` (a move kind chosen
first, so that reveals, looks, bluffs and accusations all come up), not by the
simulator's policy: the State alone must keep them legal.

What "its legal moves are exactly the moves ``check`` accepts" means.  A record is
written from one seat (or by a spectator) and shows only what that seat saw, so
``check`` accepts every move that *some* deal fitting the record allows: more than the
State allows for the one true deal (a spectator cannot refuse a raise by a player who
holds none of the named cards: that player may hold the fake).  The check also does
not police the turn order (a record is a list of events, not of turns).  So both ways
are sampled as follows:

- legal ⊆ accepted: every legal move of the current player (sampled), played on a
  copy of the State (a deduction answered to the end), gives records that every seat
  and the spectator check without error;
- forbidden ⊆ refused: moves the rules forbid, built by perturbing legal ones (a
  triple that is not one card per category, a card already public, an accusation in
  Memory Detective or by a player who is out, a holder of a named card that does not
  raise, a shown card that was not named, a look into one's own hand, a reveal of a
  card from a hand the seat knows does not hold it, any move after the end) are absent
  from ``legal_moves`` and ``is_legal``, and the check refuses the record of a seat
  that sees the violation (the record written as if the move had been played).
"""

from __future__ import annotations

import copy
import random
import sys
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

import pytest

from suiri.models.detective import FACTS
from suiri.models.detective.cards import CATEGORIES, FAKE_CARD
from suiri.models.detective.game import GAME
from suiri.models.detective.record import DetectiveRecord
from suiri.models.detective.rules import Accuse, Deduce, Peek, Reveal, replay
from suiri.models.detective.session import DetectiveSession
from suiri.models.detective.state import (
    Accusation,
    Deduction,
    DetectiveState,
    LookAt,
    Move,
    Response,
    RevealCard,
)
from suiri.solver.errors import IllegalMoveError

HERE_DIR = str(Path(__file__).parent)
if HERE_DIR not in sys.path:
    sys.path.insert(0, HERE_DIR)

from state_games import answered, play  # noqa: E402

Sweep = Callable[[Iterable[int]], list[int]]


def check_every_seat(state: DetectiveState, full: bool = True) -> None:
    for seat in (*state.players, None):
        record = state.record_for(seat)
        if full:
            assert DetectiveSession(record).check().total > 0  # replays (raises at the first illegal event), counts
        else:
            replay(record)  # raises at the first illegal event


def test_a_fake_revealed_after_a_real_show_is_no_bluff() -> None:
    """Regression: the fake's holder raised showing a real card, then its fake was
    revealed.  Every seat but the deducer reads that as a bluff (D7) unless the reveal
    says ``bluff = false``; the State wrote it without, and the spectator's record had
    no deal."""
    for seed in range(200):
        state = GAME.new_state(4, seed, "fake")
        holder = next(p for p, h in state.hands.items() if FAKE_CARD in h)
        card = next(c for c in state.hands[holder] if c != FAKE_CARD)
        by = next(p for p in state.players if p != holder)
        if state.current_player() != by:
            continue
        named = tuple(card if c == card.category else state.variant.deck.of(c)[0] for c in CATEGORIES)
        state.apply(Deduction(by, named))  # type: ignore[arg-type]
        while state.asking is not None:
            p = state.current_player()
            assert p is not None
            state.apply(Response(p, card) if p == holder else state.legal_moves(p)[0])
        deduction = state.events[-1]
        if not isinstance(deduction, Deduce) or deduction.shown.get(holder) != card:
            continue
        state.apply(RevealCard(state.players[state.seat], holder, FAKE_CARD))
        assert state.events[-1] == Reveal(FAKE_CARD, holder, False)
        check_every_seat(state)
        return
    pytest.fail("no game to try")


@pytest.mark.parametrize("variant", FACTS.variants)
def test_every_legal_move_is_accepted(variant: str, sweep: Sweep) -> None:
    """legal ⊆ accepted: sampled legal moves, played on a copy, give records every
    seat's replay accepts."""
    for seed in sweep(range(300)):
        rng = random.Random(seed)
        state = play(variant, FACTS.players[seed % len(FACTS.players)], seed, rng.randint(0, 60))
        player = state.current_player()
        if player is None:
            assert all(not state.legal_moves(p) for p in state.players)
            continue
        moves = state.legal_moves(player)
        assert all(state.is_legal(m) for m in moves)
        assert not any(state.legal_moves(p) for p in state.players if p != player)
        for move in rng.sample(moves, min(6, len(moves))):
            after = copy.deepcopy(state)
            after.apply(move)
            check_every_seat(answered(after, rng), full=False)


def refused(record: DetectiveRecord) -> bool:
    try:
        replay(record)
    except IllegalMoveError:
        return True
    return False


def with_event(state: DetectiveState, seat: str | None, event: object) -> DetectiveRecord:
    """``seat``'s record with ``event`` written after the last one."""
    record = state.record_for(seat)
    return replace(record, events=[*record.events, event])


def forbidden(state: DetectiveState, rng: random.Random) -> Iterable[tuple[Move, str | None, object]]:
    """Perturbed moves the rules forbid now, each with a seat that sees it and the event
    that seat would write."""
    player = state.current_player()
    if player is None:
        return
    deck = state.variant.deck
    s, w, r = (rng.choice(deck.of(c)) for c in CATEGORIES)
    if state.asking is None and not state.acted:
        bad = (s, rng.choice(deck.suspects), r)  # two suspects, no weapon
        yield Deduction(player, bad), None, Deduce(player, bad)  # type: ignore[arg-type]
        if state.table.public:
            card = rng.choice(sorted(state.table.public, key=lambda c: c.id))
            owner = rng.choice(state.players)
            yield RevealCard(player, owner, card), None, Reveal(card, owner)
        own = state.hands[player]
        if own:
            yield LookAt(player, player, own[0]), player, Peek(player, own[0])
            other = next((p for p in state.players if p != player), None)
            if other is not None:
                card = rng.choice(own)
                yield RevealCard(player, other, card), player, Reveal(card, other)
    if not state.variant.clue and state.asking is None:
        yield Accusation(player, (s, w, r)), None, Accuse(player, (s, w, r), False)
    for out in state.table.out:
        yield Accusation(out, (s, w, r)), None, Accuse(out, (s, w, r), False)
        yield Deduction(out, (s, w, r)), None, Deduce(out, (s, w, r))
    a = state.asking
    if a is not None and a.queue:
        responder = a.queue[0]
        mine = [c for c in a.named if c in state.hands[responder]]
        if mine:  # a holder of a named card that does not raise: its own seat sees it
            raised = tuple(a.raised)
            passed = (*a.passed, responder) if state.variant.clue else ()
            yield Response(responder, None), responder, Deduce(a.by, a.named, raised, {}, None, passed)
        unnamed = next((c for c in state.hands[responder] if c not in a.named and c != FAKE_CARD), None)
        if unnamed is not None:  # a card that was not named, shown: the deducer sees it
            passed = tuple(a.passed) if state.variant.clue else ()
            raised = (*a.raised, responder) if state.variant.clue else tuple(
                sorted((*a.raised, responder), key=state.players.index))
            shown = {**a.shown, responder: unnamed}
            yield (Response(responder, unnamed), a.by,
                   Deduce(a.by, a.named, raised, {p: shown[p] for p in raised}, None, passed))


@pytest.mark.parametrize("variant", FACTS.variants)
def test_forbidden_moves_are_refused(variant: str, sweep: Sweep) -> None:
    """forbidden ⊆ refused: perturbed moves are not legal, and the check refuses the
    record of a seat that sees the violation."""
    tried = 0
    for seed in sweep(range(600)):
        rng = random.Random(seed)
        state = play(variant, FACTS.players[seed % len(FACTS.players)], seed, rng.randint(0, 80))
        if state.asking is not None and seed % 2:  # also at the start of a turn
            answered(state, rng)
        for move, seat, event in forbidden(state, rng):
            assert move not in state.legal_moves(move.player), move
            assert not state.is_legal(move), move
            with pytest.raises(ValueError):
                state.apply(move)  # refused before anything changes
            if isinstance(event, Deduce) and state.asking is not None and not isinstance(move, Response):
                continue  # written mid-answer the pending deduction is missing: not comparable
            if isinstance(move, Response) or state.asking is None:
                assert refused(with_event(state, seat, event)), (variant, seed, move, seat)
                tried += 1
    assert tried > 0


@pytest.mark.parametrize("variant", FACTS.variants)
def test_nothing_follows_the_end(variant: str) -> None:
    """A finished game has no legal move, and the check refuses any event after it."""
    for seed in range(400):
        state = play(variant, 3 + seed % 3, seed, 400)
        if not state.is_over():
            continue
        assert state.current_player() is None
        assert not any(state.legal_moves(p) for p in state.players)
        p = state.players[0]
        card = state.variant.deck.suspects[0]
        assert refused(with_event(state, None, Reveal(card, p))) or card in state.table.public
        named = (state.variant.deck.suspects[0], state.variant.deck.weapons[0], state.variant.deck.scenes[0])
        assert refused(with_event(state, None, Deduce(p, named)))
        return
    pytest.fail("no game ended")


def test_state_matches_the_simulator() -> None:
    """``Game.simulate`` is random legal moves on the State from ``new_state``: the same
    deal, and the seat's record of the same game."""
    for variant in FACTS.variants:
        state = GAME.new_state(5, 11, variant)
        record = GAME.simulate(5, 11, 40, "cid", variant)
        assert record.hand == state.deal.hands["cid"] and record.public == state.deal.public
        assert DetectiveSession(record).check().total > 0
