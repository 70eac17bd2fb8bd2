"""The Werewolf history counter against a brute force on small decks (it shares the rule
functions ``table.Table`` calls with ``replay``: see brute.py; test_independent.py does not).

``brute.py`` lists every deck order of a small deck with python-constraint and plays each
along the record on the true-state ``Table``, branching over the hidden choices
(mixed Villagers, Sleep swaps by position), keeping the histories whose every written
field matches.  ``counter.count`` (forward DP over merged lazy states) must agree exactly (W7 weights as
``Fraction``s) on the total weight, the plain number of histories, every slot's kind
weights, where the Lost Legacy is and who the Werewolf is.

Records: simulated games on small decks (``simulate(players, seed, deck=...)``) from every
seat and the spectator in turn, cut at random turns, between calls of the search phase
(W15) and after the last call, some ending with the viewer's turn in progress (``drew``
without ``play``) — a sweep: a seeded tenth by default, all with ``--full``; and hand-written records (a mixed Villager, a Sleep with two face-down
cards of one kind in the Werewolf's pile, an Attack that finds nobody, a Vote elimination,
search calls with a tie and a Madman show, a Medium with no effect, a flip by index).
"""

from __future__ import annotations

import random
from copy import copy
from dataclasses import replace
from fractions import Fraction
from math import factorial, prod
from typing import Any

import pytest
from sibling import load_sibling

from suiri.models.werewolf.cards import KINDS, LOST_LEGACY, VILLAGER, deck_counts
from suiri.models.werewolf.counter import Counts, count
from suiri.models.werewolf.record import WerewolfRecord, loads, to_toml
from suiri.models.werewolf.replay import replay
from suiri.models.werewolf.simulator import simulate, steps, with_draw

_brute = load_sibling(__file__, "brute.py", "werewolf_brute")
brute, shuffles = _brute.brute, _brute.shuffles  # BruteCounts: total, places, lost_legacy, werewolf

# name: (players, copies per kind); 3 players and 8 cards = 4 turns, 9 cards = 5 turns
DECKS: dict[str, tuple[int, dict[str, int]]] = {
    "attack": (3, {"villager": 1, "lost-legacy": 1, "seer": 1, "vote": 2, "sleep": 2, "attack-1": 1}),
    "medium": (3, {"villager": 1, "medium": 1, "lost-legacy": 1, "seer": 2, "vote": 2, "sleep": 1}),
    "knight": (3, {"medium": 1, "madman": 1, "knight": 1, "lost-legacy": 1, "vote": 2, "sleep": 2}),
    "hunts": (3, {"villager": 1, "medium": 1, "madman": 1, "lost-legacy": 1, "vote": 2, "attack-2": 1,
                  "attack-3": 1}),
    "sleepy": (3, {"lost-legacy": 1, "seer": 2, "vote": 3, "sleep": 3}),
    "four": (4, {"villager": 1, "lost-legacy": 1, "seer": 1, "vote": 2, "sleep": 2, "attack-1": 1}),
    "madman": (3, {"medium": 1, "madman": 1, "lost-legacy": 1, "seer": 2, "vote": 1, "sleep": 2}),  # shows, ties
    "flips": (3, {"villager": 1, "medium": 1, "madman": 1, "lost-legacy": 1, "seer": 2, "sleep": 2}),  # by index
    "four-long": (4, {"villager": 1, "lost-legacy": 1, "seer": 2, "vote": 2, "sleep": 3}),
}
GAMES_PER_DECK = 7


def simulated_cases() -> list:
    """Per game: one seat (every seat and the spectator in turn), cut at a random turn (or,
    when that turn is the viewer's, with its draw pending), plus the whole game with every
    call of the search phase and, when there were several calls, a cut after a random one."""
    out = []
    for d, (name, (players, spec)) in enumerate(DECKS.items()):
        for seed in range(GAMES_PER_DECK):
            game = simulate(players, seed, deck=deck_counts(spec))
            seats: list[str | None] = [*game.players, None]
            viewer = seats[(seed + d) % len(seats)]
            rng = random.Random(f"{name}-{seed}")
            cut = rng.randrange(len(game.state.turns))
            pending = game.state.turns[cut].player == viewer
            cuts = [(cut, 0, pending), (len(game.state.turns), len(game.state.calls), False)]
            if len(game.state.calls) > 1:
                cuts.append((len(game.state.turns), rng.randrange(1, len(game.state.calls)), False))
            for turns, calls, pend in cuts:
                label = f"{name}-s{seed}-{viewer or 'spectator'}-t{turns}" + (f"-c{calls}" if calls else "") + \
                    ("-pending" if pend else "")
                out.append(pytest.param(name, seed, viewer, turns, calls, pend, id=label))
    return out


def simulated(name: str, seed: int, viewer: str | None, turns: int, calls: int, pending: bool) -> WerewolfRecord:
    players, spec = DECKS[name]
    game = simulate(players, seed, deck=deck_counts(spec))
    record = game.record(viewer, steps(game, turns, calls))
    return with_draw(game, record) if pending else record


def assert_agree(record: WerewolfRecord) -> tuple[Counts, Any]:
    text = to_toml(record)
    c = count(replay(loads(text)))  # the written form, as a user would type it
    b = brute(loads(text))  # a fresh read: replay fills in fields
    assert c.weight == b.weight, text
    assert c.total == b.total, text
    assert {s: r for s, r in c.places.items() if any(r)} == b.places, text
    assert c.lost_legacy() == b.lost_legacy, text
    assert c.werewolf() == b.werewolf, text
    for slot, row in b.places.items():
        assert sum(row) == b.weight, slot  # every history has one card in each tracked slot
    return c, b


@pytest.mark.sweep
@pytest.mark.parametrize("name, seed, viewer, turns, calls, pending", simulated_cases())
def test_simulated(name: str, seed: int, viewer: str | None, turns: int, calls: int, pending: bool) -> None:
    c, b = assert_agree(simulated(name, seed, viewer, turns, calls, pending))
    assert b.weight > 0  # the true history is one of them


@pytest.mark.parametrize("name, seed", [(n, s) for n in ("attack", "knight", "sleepy", "four") for s in (1, 2)])
def test_joint_counts(name: str, seed: int) -> None:
    """``count(rp, given)``: the histories where given slots hold given kinds, against the
    brute force's histories filtered the same way (two slots, kinds drawn from the possible)."""
    players, spec = DECKS[name]
    game = simulate(players, seed, deck=deck_counts(spec))
    rng = random.Random(seed)
    record = game.record(rng.choice([*game.players, None]), steps(game, rng.randrange(len(game.state.turns) + 1)))
    b = brute(record)
    slots = sorted(b.places, key=str)
    for _ in range(3):
        given = []
        for slot in rng.sample(slots, min(2, len(slots))):
            kinds = [k for k in KINDS if b.places[slot][k.index]]
            given.append((slot, rng.choice(kinds)))
        c = count(replay(loads(to_toml(record))), given)
        j = brute(record, given=given)
        assert c.weight == j.weight, (to_toml(record), given)
        assert {s: r for s, r in c.places.items() if any(r)} == j.places, (to_toml(record), given)


def test_the_enumeration_lists_every_order_once() -> None:
    for _, spec in DECKS.values():
        deck = deck_counts(spec)
        orders = shuffles(deck)
        assert len(orders) == len(set(orders)) == factorial(sum(deck)) // prod(factorial(n) for n in deck)
        assert all(tuple(o.count(k) for k in range(len(KINDS))) == deck for o in orders[:500])


def test_grouping_orders_by_prefix_changes_nothing() -> None:
    """The brute force replays each prefix the record reaches once, weighted; replaying
    every full order gives the same counts."""
    record = simulated("medium", 3, None, 2, 0, False)
    assert brute(record) == replace(brute(record, grouped=False), replayed=brute(record).replayed)


# -- hand-written records --------------------------------------------------------------------------------
HEAD = 'game = "werewolf"\nplayers = ["aki", "ben", "cho"]\n'
DECK_A = "deck = { villager = 1, lost-legacy = 1, seer = 1, vote = 2, sleep = 2, attack-1 = 1 }\n"
DECK_S = "deck = { lost-legacy = 1, seer = 2, vote = 3, sleep = 3 }\n"
CYCLE = 'votes = { aki = "ben", ben = "cho", cho = "aki" }\neliminated = "none"\n'

# The Werewolf aki plays two Votes, which lie face-down at positions 1 and 2 of its pile;
# at ben's second Sleep it swaps the Lost Legacy with one of them (W11: two histories; the
# viewer's own choice, so each weighs 1, W7).
SLEEP_TWO_VOTES = HEAD + 'viewer = "aki"\nhand = "lost-legacy"\n' + DECK_S + f"""
[[turn]]
player = "aki"
drew = "vote"
play = "vote"
{CYCLE}
[[turn]]
player = "ben"
play = "sleep"
swapped = false

[[turn]]
player = "cho"
play = "vote"
{CYCLE}
[[turn]]
player = "aki"
drew = "vote"
play = "vote"
{CYCLE}
[[turn]]
player = "ben"
play = "sleep"
swapped = true
card = "vote"
"""

# A mixed Villager (aki's card into cho's pile), a tied Vote, then the first call anybody
# raises at is 5: aki alone, so it holds the Lost Legacy; its search turns up the card it put
# down: the Villager.
MIXED_VILLAGER = HEAD + DECK_A + """
[[turn]]
player = "aki"
play = "villager"
put = "cho"
placed = "unknown"

[[turn]]
player = "ben"
play = "seer"
target = "aki"

[[turn]]
player = "cho"
play = "sleep"

[[turn]]
player = "aki"
play = "vote"
votes = { aki = "ben", ben = "aki", cho = "aki" }
eliminated = "none"

[[search]]
order = 5
player = "aki"
target = "discard:cho:1"
found = "villager"
"""

# An Attack that finds nobody (nobody unprotected holds the Villager), then a Vote that
# eliminates ben (2 pointed + the Attack face-down in its pile), then cho's own Villager.
ATTACK_NONE_VOTE_OUT = HEAD + 'viewer = "cho"\nhand = "sleep"\n' + DECK_A + """
[[turn]]
player = "aki"
play = "attack-1"
put = "ben"
eliminated = "none"

[[turn]]
player = "ben"
play = "vote"
votes = { aki = "ben", ben = "aki", cho = "ben" }
eliminated = "ben"
revealed = ["seer", "attack-1"]

[[turn]]
player = "cho"
drew = "villager"
play = "villager"
put = "cho"
placed = "sleep"
"""

# The whole of a game to the search phase: two searches that miss, cho alone at 5 (so it
# holds the Lost Legacy: both Seers lie face-up), then ben alone at 7 (its Vote).
SEARCHES = HEAD + 'viewer = "ben"\nhand = "seer"\n' + DECK_S + """
[[turn]]
player = "aki"
play = "sleep"

[[turn]]
player = "ben"
drew = "vote"
play = "seer"
target = "cho"
saw = "vote"

[[turn]]
player = "cho"
play = "vote"
votes = { aki = "ben", ben = "aki", cho = "ben" }
eliminated = "none"

[[turn]]
player = "aki"
play = "seer"
target = "ben"

[[turn]]
player = "ben"
drew = "sleep"
play = "sleep"

[[search]]
order = 5
player = "cho"
target = "discard:aki:1"
found = "sleep"

[[search]]
order = 7
player = "ben"
target = "ruins"
found = "vote"
"""

DECK_M = "deck = { medium = 1, madman = 1, lost-legacy = 1, vote = 2, sleep = 2, seer = 1 }\n"

# aki's Medium first: no pile holds a card, so it has no effect (W16); then ben's Vote,
# cho's Sleep, aki's Seer.  The search phase: nobody at 1 and 2, cho shows the Madman at 3,
# nobody at 4, and the record stops after the call of 5, at which nobody raised.
CALLS = HEAD + DECK_M + """
[[turn]]
player = "aki"
play = "medium"

[[turn]]
player = "ben"
play = "vote"
votes = { aki = "ben", ben = "cho", cho = "aki" }
eliminated = "none"

[[turn]]
player = "cho"
play = "sleep"

[[turn]]
player = "aki"
play = "seer"
target = "cho"

[[search]]
order = 3
raised = ["cho"]

[[search]]
order = 5
raised = []
"""

# cho alone at 5 (the Lost Legacy: every Seer and Sleep lies in a pile) searches the ruins
# and misses; two raisers at 7 (both hold a Vote): none searches; nobody at 8: all lose.
TIE = HEAD + 'viewer = "aki"\nhand = "vote"\n' + DECK_S + """
[[turn]]
player = "aki"
drew = "sleep"
play = "sleep"

[[turn]]
player = "ben"
play = "seer"
target = "aki"

[[turn]]
player = "cho"
play = "sleep"

[[turn]]
player = "aki"
drew = "seer"
play = "seer"
target = "ben"

[[turn]]
player = "ben"
play = "sleep"

[[search]]
order = 5
player = "cho"
target = "ruins"
found = "vote"

[[search]]
order = 7
raised = ["aki", "ben"]

[[search]]
order = 8
raised = []
"""

# A flip by position: ben's Medium turns aki's Seer (card 1) face-down, named by index.
FLIP_INDEX = HEAD + "deck = { medium = 1, lost-legacy = 1, seer = 1, vote = 2, sleep = 1 }\n" + """
[[turn]]
player = "aki"
play = "seer"
target = "ben"

[[turn]]
player = "ben"
play = "medium"
flip = { player = "aki", index = 1 }
"""

HAND_WRITTEN = {"sleep-two-votes": SLEEP_TWO_VOTES, "mixed-villager": MIXED_VILLAGER,
                "attack-none-vote-out": ATTACK_NONE_VOTE_OUT, "searches": SEARCHES, "calls": CALLS, "tie": TIE,
                "flip-index": FLIP_INDEX}


def spectator(record: WerewolfRecord) -> WerewolfRecord:
    """The same game as a spectator writes it (a viewer's own Villager: "unknown")."""
    turns = []
    for t in record.turns:
        t = copy(t)
        t.drew = t.saw = t.swapped = t.card = t.index = None
        if t.placed is not None and not isinstance(t.placed, str):
            t.placed = "unknown"
        turns.append(t)
    return replace(record, viewer=None, hand=None, turns=turns, pending=None, lines=None)


@pytest.mark.sweep  # make test only: the edit loop (make test-fast) stays under 90 s
@pytest.mark.parametrize("name", HAND_WRITTEN)
def test_hand_written(name: str) -> None:
    record = loads(HAND_WRITTEN[name], name)
    _, b = assert_agree(record)
    assert b.weight > 0
    if record.viewer is not None:
        _, s = assert_agree(spectator(record))
        assert s.weight >= b.weight


def test_sleep_swap_positions_are_separate_histories() -> None:
    """By hand: aki's two Votes fix 2 cards; the other six (vote, 3 sleeps, 2 seers) lie in
    2 x 7 ways fitting cho's Vote and ben's two Sleeps; each has two swaps (W11) -> 28, the
    Lost Legacy at position 1 or 2 of aki's pile in 14 each.  The swap is the viewer's own
    choice: given, weight 1 each (W7)."""
    c, _ = assert_agree(loads(SLEEP_TWO_VOTES))
    assert c.weight == c.total == 28
    ll = LOST_LEGACY.index
    assert c.places[("pile", "aki", 1)][ll] == c.places[("pile", "aki", 2)][ll] == 14
    assert c.lost_legacy() == {"discard:aki": 28}


def test_mixed_villager_found_down() -> None:
    """The search turned up the Villager in cho's pile: aki kept the Lost Legacy."""
    c, _ = assert_agree(loads(MIXED_VILLAGER))
    assert c.places[("pile", "cho", 1)][VILLAGER.index] == c.weight
    assert c.werewolf() == {"aki": c.weight}


def test_pending_draw_of_the_lost_legacy() -> None:
    """The viewer's turn in progress, having drawn the Lost Legacy: it holds it, so it is
    the Werewolf."""
    record = loads(HEAD + 'viewer = "aki"\nhand = "villager"\n' + DECK_A +
                   '\n[[turn]]\nplayer = "aki"\ndrew = "lost-legacy"\n')
    c = count(replay(record))
    b = brute(record)
    assert c.weight == b.weight == 180
    assert {s: r for s, r in c.places.items() if any(r)} == b.places
    assert b.lost_legacy == {"hand:aki": 180} and b.werewolf == {"aki": 180}


def test_counter_places_a_pending_lost_legacy_in_hand() -> None:
    record = loads(HEAD + 'viewer = "aki"\nhand = "villager"\n' + DECK_A +
                   '\n[[turn]]\nplayer = "aki"\ndrew = "lost-legacy"\n')
    c = count(replay(record))
    assert c.lost_legacy() == {"hand:aki": c.weight}
    assert c.werewolf() == {"aki": c.weight}


def test_mixed_villager_weights() -> None:
    """W7 by hand: five cards (Villager, Lost Legacy, 3 Votes), aki's first turn is a mixed
    Villager into ben's pile.  aki's other card is the Lost Legacy in 2 deck orders (the
    Villager dealt or drawn); it cannot go into ben's pile, so the Villager went down:
    weight 1 each.  It is a Vote in 6 orders, with two legal puts of 1/2 each: weight 6
    (12 histories).  So the total weight is 8, and aki, ben, cho and nobody (the ruins)
    are the Werewolf with 2/8 each; counting every option as a history would give aki
    2/14."""
    record = loads(HEAD + "deck = { villager = 1, lost-legacy = 1, vote = 3 }\n" +
                   '\n[[turn]]\nplayer = "aki"\nplay = "villager"\nput = "ben"\nplaced = "unknown"\n')
    c, _ = assert_agree(record)
    assert c.weight == 8 and c.total == 14
    assert c.werewolf() == {"aki": 2, "ben": 2, "cho": 2, "nobody": 2}
    assert c.places[("pile", "ben", 1)][LOST_LEGACY.index] == 0
    assert c.places[("pile", "ben", 1)][VILLAGER.index] == Fraction(2 + 3)  # 2 (forced) + 6 x 1/2
