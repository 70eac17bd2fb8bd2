"""Werewolf advice: its figures are the counter's, read the right way.

On simulated games cut just after the viewer drew (a turn in progress) and in the
search phase:

- every option is a legal play of the two cards (an Attack forced, never the Lost
  Legacy) and every legal card appears;
- what a Seer or a Medium may show is exactly that card's distribution in ``analyze``,
  and its information is between 0 and the Werewolf's entropy (0 when the card is known);
- an Attack's eliminations are the hunted card's holders with their exact chances, the
  viewer's own kept card included, and add up to 1 with "nobody";
- the table's chances are probabilities, and equal the spectator record's count before
  the play;
- in the search phase, the places' chances are the Lost Legacy's distribution.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from suiri.models.werewolf.advice import advise, spectator
from suiri.models.werewolf.cards import LOST_LEGACY, hunted_kind
from suiri.models.werewolf.counter import count
from suiri.models.werewolf.rules import hand, replay
from suiri.models.werewolf.session import NOBODY, WerewolfSession
from suiri.models.werewolf.simulator import simulate
from suiri.solver.information import entropy


def in_progress(players: int, seed: int, seat: int) -> list[WerewolfSession]:
    """Every cut of one game where ``seat`` has just drawn."""
    g = simulate(players, seed)
    viewer = g.players[seat]
    whole = g.record(viewer)
    out = []
    for t, played in enumerate(g.turns):
        if played.player == viewer and t < len(whole.turns):
            out.append(WerewolfSession(replace(g.record(viewer, t), pending=played.drew)))
    return out


CASES = [(p, seed, seat) for p in (3, 4) for seed in range(4) for seat in range(p)][:14]


@pytest.mark.parametrize("players,seed,seat", CASES)
def test_play_advice_reads_the_counter(players: int, seed: int, seat: int) -> None:
    for s in in_progress(players, seed, seat)[:3]:
        a = advise(s)
        assert a.phase == "play"
        rp = s.replay
        held, drew = rp.viewer_hand, rp.pending
        assert held is not None and drew is not None
        cards = {held, drew}
        legal = {c for c in cards if c.is_attack} or {c for c in cards if c != LOST_LEGACY}
        assert {o.play for o in a.options} == legal
        h = entropy(s.werewolf().values())
        table_now = Fraction(count(replay(spectator(s.record))).werewolf().get(s.record.viewer, 0),
                             count(replay(spectator(s.record))).total)
        for o in a.options:
            after = {o.put_down, o.keep} if o.put_down else {o.play, o.keep}  # a Villager returns to the hand
            assert after == cards
            if o.sees:
                slot = hand(o.target) if o.play.id == "seer" else ("pile", *o.target.split(":")[1:2],
                                                                   int(o.target.split(":")[2]))
                dist = {k: p for k, p in s.card(slot).items() if p}
                assert dict(o.sees) == dist
                assert -1e-9 <= o.bits <= h + 1e-9
                if len(dist) == 1:
                    assert o.bits == pytest.approx(0.0, abs=1e-9)
            if o.hits:
                assert sum(p for _, p in o.hits) == 1
                victim = hunted_kind(o.play)
                for who, p in o.hits:
                    if who == s.record.viewer:
                        assert p == 1 and o.keep == victim
                    elif who != NOBODY:
                        assert p == s.card(hand(who))[victim.id]
            assert o.table_before == table_now
            if o.table_after is not None:
                assert 0 <= o.table_after <= 1


@pytest.mark.parametrize("players,seed,seat", [(3, 0, 1), (3, 9, 2), (4, 0, 3), (4, 6, 1), (4, 9, 0)])
def test_search_advice_is_the_lost_legacy_distribution(players: int, seed: int, seat: int) -> None:
    g = simulate(players, seed)  # games that reach their search phase
    whole = g.record(g.players[seat])
    assert whole.searches
    s = WerewolfSession(g.record(g.players[seat], len(whole.turns), 0))
    a = advise(s)
    if a.phase == "over":  # the seat was eliminated before the search phase
        assert g.players[seat] not in s.living
        return
    assert a.phase == "search"
    places = s.lost_legacy()
    by_owner: dict[str, Fraction] = {}
    for option in a.searches:
        parts = option.place.split(":")
        key = "ruins" if parts == ["ruins"] else f"{parts[0]}:{parts[1]}"
        by_owner[key] = by_owner.get(key, Fraction(0)) + option.p
    for key, p in by_owner.items():
        assert places[key] == p
    assert sum(by_owner.values()) + places.get("deck", 0) == 1
