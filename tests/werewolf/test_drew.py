"""``with_drawn`` (``suiri advise RECORD --drew CARD``): the viewer's turn in progress from
one word is the record a hand-written partial turn gives, so advice on it is the same;
a card is accepted exactly when some history fits it on top of the deck; and every
refusal says why, with what would be valid."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

import pytest

from suiri.models.werewolf.advice import advise
from suiri.models.werewolf.cards import KINDS, VOTE
from suiri.models.werewolf.drawn import with_drawn
from suiri.models.werewolf.record import WerewolfRecord, load, loads, to_toml
from suiri.models.werewolf.session import WerewolfSession
from suiri.models.werewolf.simulator import choose
from suiri.models.werewolf.state import WerewolfState
from suiri.solver.errors import InconsistentRecordError, SuiriError

Sweep = Callable[[Iterable[int]], list[int]]
REFERENCE = Path(__file__).resolve().parents[2] / "models" / "werewolf" / "records" / "werewolf-4p.toml"
PARTIAL = '\n[[turn]]\nplayer = "aki"\ndrew = "vote"\n'  # the tutorial's hand-written turn in progress


def bare(record: WerewolfRecord) -> WerewolfRecord:
    return replace(record, file="<record>", lines=None)


def before_turn_9() -> WerewolfRecord:
    """The reference record cut after turn 8, as the tutorial cuts it (turn 9 is aki's)."""
    return load(REFERENCE).truncated(8)


def test_the_tutorial_turn_in_progress_needs_no_hand_writing() -> None:
    cut = before_turn_9()
    written = loads(to_toml(cut) + PARTIAL, "turn9.toml")
    for card in ("vote", "投票", "Vote", VOTE):
        drawn = with_drawn(cut, card)
        assert bare(drawn) == bare(written)
        mine, theirs = WerewolfSession(drawn), WerewolfSession(written)
        assert advise(mine).to_json(mine) == advise(theirs).to_json(theirs)
    assert with_drawn(written, "vote") is written  # the same draw written already: nothing to add


def assert_exact(base: WerewolfRecord) -> list[str]:
    """Each card is accepted (and the record passes the full check) or refused (and the
    record with that draw fits no history), and a refusal lists the accepted cards."""
    accepted, refused = [], None
    for kind in KINDS:
        try:
            drawn = with_drawn(base, kind.id)
        except SuiriError as exc:
            assert exc.source is not None and exc.source.field == "--drew"
            assert f"{base.viewer} cannot have drawn {kind.id}" in exc.message, str(exc)
            with pytest.raises(InconsistentRecordError):
                WerewolfSession(replace(base, pending=kind)).check()
            refused = exc.valid
        else:
            assert WerewolfSession(drawn).check().weight > 0
            accepted.append(kind.id)
    assert accepted
    assert refused is None or sorted(refused.split(", ")) == sorted(accepted)
    return accepted


def test_a_card_is_accepted_exactly_when_a_history_fits_it() -> None:
    accepted = assert_exact(before_turn_9())
    assert "vote" in accepted and "seer" not in accepted  # both Seers are face-up in aki's and ben's discards


def test_refusals_say_why() -> None:
    record = load(REFERENCE)
    cut = before_turn_9()
    cases: list[tuple[WerewolfRecord, str, str, str]] = [
        (cut, "voot", "unknown card 'voot'", "villager, medium, madman"),
        (replace(cut, viewer=None, hand=None), "vote", "a spectator draws no card", "a record with a viewer"),
        (record.truncated(7), "vote", "it is dan's turn, not aki's", "the turns up to aki's"),
        (record, "vote", "no turn follows", "no --drew"),
        (with_drawn(cut, "vote"), "sleep", "already has aki's turn in progress: it drew vote", "--drew vote"),
    ]
    for base, card, said, valid in cases:
        with pytest.raises(SuiriError) as caught:
            with_drawn(base, card)
        e = caught.value
        assert said in e.message and e.valid is not None and valid in e.valid, str(e)
        assert e.source is not None and e.source.field == "--drew" and e.source.file == base.file


def test_an_eliminated_viewer_draws_no_more() -> None:
    record = load(REFERENCE)
    ben = replace(record.truncated(7), viewer="ben", hand=KINDS[0],
                  turns=[replace(t, drew=None, saw=None) for t in record.turns[:7]])
    with pytest.raises(SuiriError, match="ben was eliminated"):
        with_drawn(ben, "vote")


@pytest.mark.slow  # the edit loop leaves it to make test (docs/testing.md)
def test_simulated_draws_match_the_written_turn_in_progress(sweep: Sweep) -> None:
    """Every seat's record with its draw pending (as the State writes it) is ``with_drawn``
    of the record without it; on a few of them, advice agrees too."""
    compared = advised = 0
    for seed in sweep(range(300)):
        players = 3 + seed % 2
        rng = random.Random(seed)
        state = WerewolfState.new(players, rng, name=f"<state seed={seed}>")
        while not state.is_over():
            player = state.current_player()
            assert player is not None
            state.apply(choose(state, player, rng, set()))
            written = state.record_for(player)
            if written.pending is None:
                continue
            drawn = with_drawn(replace(written, pending=None), written.pending.id)
            assert bare(drawn) == bare(loads(to_toml(written))), (seed, player)
            compared += 1
            if compared % 50 == 1:
                mine, theirs = WerewolfSession(drawn), WerewolfSession(loads(to_toml(written)))
                assert advise(mine).to_json(mine) == advise(theirs).to_json(theirs)
                assert written.pending.id in assert_exact(replace(written, pending=None))
                advised += 1
    assert compared > 0 and advised > 0
