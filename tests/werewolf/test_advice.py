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
from typing import Any

import pytest
from sibling import load_sibling

from suiri.models.werewolf.advice import Option, WerewolfAdvice, advise, spectator
from suiri.models.werewolf.cards import LOST_LEGACY, NOBODY, deck_counts, hunted_kind
from suiri.models.werewolf.counter import count
from suiri.models.werewolf.record import WerewolfRecord
from suiri.models.werewolf.replay import replay
from suiri.models.werewolf.rules import hand
from suiri.models.werewolf.session import WerewolfSession
from suiri.models.werewolf.simulator import simulate
from suiri.solver.information import entropy


def in_progress(players: int, seed: int, seat: int) -> list[WerewolfSession]:
    """Every cut of one game where ``seat`` has just drawn."""
    g = simulate(players, seed)
    viewer = g.players[seat]
    whole = g.record(viewer)
    out = []
    for t, played in enumerate(g.state.turns):
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
                             count(replay(spectator(s.record))).weight)
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
    s = WerewolfSession(g.record(g.players[seat], len(whole.turns)))
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


# -- the search phase, call by call (W15, decision 45) -------------------------------------------
_brute = load_sibling(__file__, "brute.py", "werewolf_brute")

# small decks where orders are shared (two Seers, several Votes and Sleeps), the Madman is in
# play, or an Attack is held at the search phase: (players, deck, seeds, statuses they show)
SEARCH_DECKS: dict[str, tuple[int, dict[str, int], range, set[str]]] = {
    "sleepy": (3, {"lost-legacy": 1, "seer": 2, "vote": 3, "sleep": 3}, range(8), {"shared", "now", "waiting"}),
    "madman": (3, {"medium": 1, "madman": 1, "lost-legacy": 1, "vote": 2, "sleep": 2, "seer": 1}, range(8),
               {"madman", "madman-shown", "searched"}),
    "four": (4, {"villager": 1, "lost-legacy": 1, "seer": 2, "vote": 2, "sleep": 3}, range(6), {"now", "searched"}),
    "attacks": (3, {"lost-legacy": 1, "seer": 1, "vote": 2, "sleep": 2, "attack-1": 1, "attack-2": 1}, range(8, 16),
                {"cannot-search"}),
}


def search_cuts(name: str) -> list[tuple[str, WerewolfSession]]:
    """Every seat of every game that reaches its search phase, cut before each call."""
    players, spec, seeds, _ = SEARCH_DECKS[name]
    out = []
    for seed in seeds:
        g = simulate(players, seed, deck=deck_counts(spec))
        for seat in g.players:
            turns = len(g.record(seat).turns)
            for calls in range(len(g.state.calls) + 1):
                s = WerewolfSession(g.record(seat, turns + calls))
                if s.replay.search_phase and not s.replay.over and seat in s.living:
                    out.append((f"{name}-s{seed}-{seat}-c{calls}", s))
    return out


_TURNS: dict[str, list[tuple[int, Any, Fraction]]] = {}  # the last record's turn histories


def turn_histories(r: WerewolfRecord) -> list[tuple[int, Any, Fraction]]:
    """By brute force: every history of the record's turns, before its calls (how many
    deck orders, the table, the weight).  The cuts of one game and seat differ only in
    their calls, so the last record's histories are kept and the calls played on them."""
    bare = replace(r, searches=[], file="", lines=None)
    key = repr(bare)
    if key not in _TURNS:
        _TURNS.clear()
        deck = tuple(r.deck)
        reach = min(sum(deck), len(r.players) + 1 + len(r.turns))
        _TURNS[key] = [(orders, table, share) for order, orders in _brute.prefixes(deck, reach)
                       for table, share in _brute.histories(bare, order)]
    return _TURNS[key]


def brute_shared(s: WerewolfSession) -> Fraction:
    """By brute force: the chance another living player holds a card of the viewer's order."""
    r = s.record
    me, held = r.viewer, s.replay.viewer_hand
    assert held is not None
    total = shared = Fraction(0)
    for orders, after_turns, weight in turn_histories(r):
        for table, share in _brute.calls(after_turns, r, weight):  # copies the table before a call
            total += orders * share
            if any(table.hands[p] == [held] for p in s.living if p != me):
                shared += orders * share
    return shared / total


@pytest.mark.slow  # ~4 s: make test only: the edit loop (make test-fast) stays under 90 s
@pytest.mark.parametrize("name", SEARCH_DECKS)
def test_search_advice_follows_the_calls(name: str) -> None:
    """The viewer's place in the calls is what the rules say; the chance of sharing its
    order is the brute force's; no place the calls rule out is offered as possible."""
    cases = search_cuts(name)
    assert cases
    notes = set()
    for label, s in cases:
        a = advise(s)
        rp = s.replay
        held = rp.viewer_hand
        assert held is not None, label
        assert a.phase == "search" and a.my_order == held.order and a.next_call == rp.next_call, label
        called = {c.order: c for c in rp.calls}
        want = ("cannot-search" if held.order is None else
                ("madman-shown" if 3 in called else "madman") if held.id == "madman" else
                ("shared" if len(called[held.order].raised) > 1 else "searched") if held.order in called else
                "now" if held.order == rp.next_call else "waiting")
        assert a.note == want, label
        notes.add(a.note)
        if a.note in ("now", "waiting"):
            assert a.shares == brute_shared(s), label
        else:
            assert a.shares is None, label
        assert [c["order"] for c in a.calls] == list(range(1, len(rp.calls) + 1)), label
        possible = {o.place for o in a.searches if o.p}
        for c in rp.calls:  # a raiser holds a card of that order; who did not raise at 5 holds no Lost Legacy
            holders = c.raised if c.order != 5 else [p for p in c.living if p not in c.raised]
            assert not possible & {f"hand:{p}" for p in holders}, label
    assert notes >= SEARCH_DECKS[name][3], notes


# -- the Vote: whom to point at (decision 43) ----------------------------------------------------
# aki, the Werewolf, voted ben out at turn 1 (ben: 2 votes, cho: 1); ben is dead, cho alive.
# Nobody may point at ben, nor at itself.
VOTED_OUT = '''game = "werewolf"
players = ["aki", "ben", "cho"]
viewer = "VIEWER"
hand = "HAND"

[[turn]]
player = "aki"
play = "vote"
votes = { aki = "ben", ben = "cho", cho = "ben" }
eliminated = "ben"
revealed = ["seer"]

[[turn]]
player = "cho"
play = "knight"
'''


def wolf_votes(viewer: str) -> WerewolfSession:
    """aki (the Werewolf, holding the Lost Legacy) has drawn a Vote at turn 3; or cho (holding
    the Madman) has drawn a Vote at turn 4, after aki's Sleep."""
    from suiri.models.werewolf.record import loads

    text = VOTED_OUT.replace("VIEWER", viewer)
    if viewer == "aki":
        text = text.replace("HAND", "lost-legacy").replace('play = "vote"', 'drew = "vote"\nplay = "vote"', 1)
        text += '\n[[turn]]\nplayer = "aki"\ndrew = "vote"\n'
    else:
        text = text.replace("HAND", "madman").replace('play = "knight"', 'drew = "knight"\nplay = "knight"')
        text += '\n[[turn]]\nplayer = "aki"\nplay = "sleep"\n\n[[turn]]\nplayer = "cho"\ndrew = "vote"\n'
    return WerewolfSession(loads(text))


def vote_option(a: WerewolfAdvice) -> Option:
    return next(o for o in a.options if o.play.id == "vote")


def test_vote_points_only_at_living_others() -> None:
    s = wolf_votes("cho")
    a = advise(s)
    o = vote_option(a)
    assert a.role != "werewolf"
    assert [who for who, _ in o.point_at] == ["aki"]  # ben is dead, cho is the viewer
    assert dict(o.point_at)["aki"] == s.werewolf()["aki"]
    assert o.tally == {"aki": 2, "cho": 0}  # aki's Vote and Sleep lie face-down: one vote each
    assert o.table_view == []


def test_the_werewolf_is_shown_the_table_view_not_a_target() -> None:
    s = wolf_votes("aki")
    a = advise(s)
    assert a.role == "werewolf"
    o = vote_option(a)
    assert o.point_at == []  # the Werewolf is not told to point at "the likeliest Werewolf"
    table = count(replay(spectator(s.record)))
    want = {p: Fraction(table.werewolf().get(p, 0), table.weight) for p in s.living}
    assert dict(o.table_view) == want and set(want) == {"aki", "cho"}
    assert sum(want.values()) <= 1 and want["aki"] == o.table_before


@pytest.mark.parametrize("players,seed,seat", CASES)
def test_vote_advice_targets_are_living_others(players: int, seed: int, seat: int) -> None:
    for s in in_progress(players, seed, seat):
        a = advise(s)
        me = s.record.viewer
        for o in a.options:
            if o.play.id != "vote":
                continue
            others = [p for p in s.living if p != me]
            if a.role == "werewolf":
                assert o.point_at == [] and {p for p, _ in o.table_view} == set(s.living)
            else:
                assert sorted(p for p, _ in o.point_at) == sorted(others)
                assert all(p == s.werewolf()[who] for who, p in o.point_at)


# -- the Attack's destination (decision 44) ------------------------------------------------------
def attack_session(hand_card: str) -> WerewolfSession:
    from suiri.models.werewolf.record import loads

    return WerewolfSession(loads(f'game = "werewolf"\nplayers = ["aki", "ben", "cho"]\nviewer = "aki"\n'
                                 f'hand = "{hand_card}"\n\n[[turn]]\nplayer = "aki"\ndrew = "attack-2"\n'))


@pytest.mark.parametrize("hand_card", ["seer", "lost-legacy"])
def test_the_attack_may_go_into_its_own_players_discard(hand_card: str) -> None:
    a = advise(attack_session(hand_card))
    assert {o.target for o in a.options} == {"aki", "ben", "cho"}  # 「あなたを含む誰か１人の捨て札」
    own = next(o for o in a.options if o.target == "aki")
    assert own.votes_against == 1  # the Attack lies face-down in aki's discard: one vote
    assert ("sleep-setup" in own.notes) == (hand_card == "lost-legacy")
    assert all("sleep-setup" not in o.notes for o in a.options if o.target != "aki")


# -- the Medium acts on another player's discard only (W16) --------------------------------------
def medium_session(turns: str) -> WerewolfSession:
    from suiri.models.werewolf.record import loads

    return WerewolfSession(loads('game = "werewolf"\nplayers = ["aki", "ben", "cho"]\nviewer = "aki"\n'
                                 f'hand = "seer"\n{turns}\n[[turn]]\nplayer = "aki"\ndrew = "medium"\n'))


def test_the_medium_never_flips_its_own_players_discard() -> None:
    s = medium_session('\n[[turn]]\nplayer = "aki"\ndrew = "knight"\nplay = "knight"\n'
                       '\n[[turn]]\nplayer = "ben"\nplay = "sleep"\n'
                       '\n[[turn]]\nplayer = "cho"\nplay = "seer"\ntarget = "aki"\n')
    a = advise(s)
    mediums = {o.target for o in a.options if o.play.id == "medium"}
    assert mediums == {"discard:ben:1", "cho:seer"}  # not aki's own Knight


def test_a_medium_with_no_target_has_no_effect() -> None:
    a = advise(medium_session(""))
    medium = [o for o in a.options if o.play.id == "medium"]
    assert len(medium) == 1 and medium[0].target is None and medium[0].notes == ["medium-no-effect"]
    assert {o.play.id for o in a.options} == {"medium", "seer"}


def test_an_attack_that_hunts_its_own_player_stays_in_its_discard() -> None:
    a = advise(attack_session("medium"))  # Attack ② hunts the Medium, aki's own kept card
    assert [(o.target, dict(o.hits)) for o in a.options] == [("aki", {"aki": 1})]
