"""A brute force for Werewolf Never Sleeps records on small decks, slot by slot.

It does not use ``counter.py``, an encoder or ``replay.replay``, but it is not fully
independent of them: it plays on the simulator's true-state ``table.Table``, and ``Table``
calls the rule functions of ``rules.py`` that ``replay`` also uses to build the counter's
input (``face_down``, ``protected``, ``tally``, ``vote_result``, ``medium_targets``,
``raisers``, ``searcher``, ``werewolf_of``, and ``PileCard``); it also reads the record with
``record.loads`` and the cards from ``cards.py``.  A bug in one of those would be shared by
both sides and go unseen here; ``independent.py`` (test_independent.py) shares none of them
and checks the Werewolf's and the Lost Legacy's chances and the history count.  Every
distinct deck order (a sequence of kinds, W13) is listed by python-constraint — one variable per shuffle
position, the kinds in play as its domain, and ``DeckCounts`` pruning any partial order
that holds more copies of a kind than the deck has — and each order is dealt onto the
true-state ``Table`` (hands in seat order, the ruins, then the deck) and played along the
record turn by turn.  Wherever the record leaves a hidden choice, the play branches, and
the branch's weight is split equally among the choice's legal options (W7/W11/W13):

- a Villager written ``"unknown"`` (mixed): the Villager itself or the other card went
  down, 1/2 each; only the Villager (weight 1) when the other card is the Lost Legacy
  and the pile another player's (the rule that forbids it is restated here, and the
  Table refuses it too);
- a Sleep: no swap, or a swap with each face-down card of the Werewolf's own pile, by
  position (two cards of one kind are two options): 1/(k + 1) each; a Werewolf viewer's
  ``swapped`` / ``card`` / ``index`` is its own choice, given: the matching options keep
  weight 1; a missing ``swapped`` tells nothing;
- which of two cards was played is fixed by the record's ``play`` (two alike cards: one
  history); the Table enforces must-play (W5) and never plays the Lost Legacy.

A history survives when every field the record wrote matches the table: the dealt hand,
``drew``, ``saw`` (Seer / Medium peek), the Villager's ``placed``, ``swapped``/``card``,
``eliminated`` (from the votes and the pile's face-down cards, or from the Attack's hunt)
and ``revealed``, the Attack's ``put``, the Medium's target (the Table refuses a Medium
with no effect while a target existed, W16), each call of the search phase (W15: the
Table's raisers at each order, the orders no entry lists included) and each search's
``found``; a record ending with the viewer's turn in progress (``pending``) adds that
draw.  Each surviving history adds its weight (a ``Fraction``) and counts once in
``histories``.

The counts per slot cover what the counter tracks: living players' hands, the ruins,
every face-down pile card, and pile cards turned up by a search.  The remaining deck's
order is counted by the enumeration itself: orders that share the prefix the record
reaches (hands, ruins, the cards drawn) replay identically, so each distinct prefix is
replayed once and weighted by how many orders share it (``grouped=False`` replays every
order, for checking that shortcut).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import constraint

from suiri.models.werewolf.cards import KINDS, LOST_LEGACY, SLEEP, VILLAGER, VOTE, Kind
from suiri.models.werewolf.record import NONE, Search, Turn, WerewolfRecord
from suiri.models.werewolf.table import PLAY, SEARCH, Illegal, Played, Table

Slot = tuple
K = len(KINDS)


class DeckCounts(constraint.Constraint):
    """No kind appears at more positions than the deck has copies of it."""

    def __init__(self, counts: Sequence[int]) -> None:
        self.counts = tuple(counts)

    def __call__(self, variables: Sequence[Any], domains: dict, assignments: dict, forwardcheck: bool = False,
                 _unassigned: Any = constraint.Unassigned) -> bool:
        used = [0] * K
        for v in variables:
            k = assignments.get(v, _unassigned)
            if k is not _unassigned:
                used[k] += 1
                if used[k] > self.counts[k]:
                    return False
        if forwardcheck:
            full = [k for k in range(K) if used[k] == self.counts[k]]
            for v in variables:
                if v not in assignments:
                    domain = domains[v]
                    for k in full:
                        if k in domain:
                            domain.hideValue(k)
                    if not domain:
                        return False
        return True


@cache
def shuffles(deck: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct order of the deck's cards, as kind indices (top first); kept, as
    many records share a deck."""
    n = sum(deck)
    problem = constraint.Problem(constraint.BacktrackingSolver())
    problem.addVariables(list(range(n)), [k for k in range(K) if deck[k]])
    problem.addConstraint(DeckCounts(deck), list(range(n)))
    return tuple(tuple(solution[i] for i in range(n)) for solution in problem.getSolutionIter())


@cache
def prefixes(deck: tuple[int, ...], reach: int) -> tuple[tuple[tuple[Kind, ...], int], ...]:
    """The orders grouped by their first ``reach`` cards: (one full order, how many share
    that prefix)."""
    weight: Counter[tuple[int, ...]] = Counter()
    first: dict[tuple[int, ...], tuple[int, ...]] = {}
    for order in shuffles(deck):
        key = order[:reach]
        weight[key] += 1
        first.setdefault(key, order)
    return tuple((tuple(KINDS[k] for k in first[key]), n) for key, n in weight.items())


# -- one order, played along the record -------------------------------------------------------------
def histories(record: WerewolfRecord, order: Sequence[Kind]) -> Iterator[tuple[Table, Fraction]]:
    """The final table of every history of this deck order that fits the record, with its
    weight (the product of its hidden choices' shares)."""
    if not _may_fit(record, order):
        return
    table = Table.dealt(record.players, order)
    if record.viewer is not None and record.hand is not None and table.hands[record.viewer] != [record.hand]:
        return
    yield from _turns(table, record, 0, Fraction(1))


def _may_fit(record: WerewolfRecord, order: Sequence[Kind]) -> bool:
    """A shortcut before dealing, no rule of its own: hands are dealt in seat order, then
    the ruins, and turn i draws the deck's i-th card, so the viewer's hand and every draw
    the record names (``drew``, ``pending``) pin a position of the order.  An order that
    breaks a pin fails the same check in ``histories`` or ``_turns``."""
    n = len(record.players)
    if record.viewer is not None and record.hand is not None and order[record.players.index(record.viewer)] != record.hand:
        return False
    draws = [t.drew for t in record.turns] + [record.pending]
    return all(k is None or n + 1 + i >= len(order) or order[n + 1 + i] == k for i, k in enumerate(draws))


def _turns(table: Table, record: WerewolfRecord, i: int, weight: Fraction) -> Iterator[tuple[Table, Fraction]]:
    if i == len(record.turns):
        if record.pending is not None:  # the viewer's turn in progress: only its draw
            if table.phase != PLAY or table.current != record.viewer or table.draw() != record.pending:
                return
        yield from _calls(table, record, 0, weight)
        return
    t = record.turns[i]
    if table.phase != PLAY or table.current != t.player:
        return
    drew = table.draw()
    if t.drew is not None and drew != t.drew:
        return
    if t.play not in table.legal_plays():
        return
    choices = _choices(table, record, t)
    for n, (choice, share) in enumerate(choices, start=1):
        branch = table if n == len(choices) else table.copy()  # the last choice: nobody reads this table again
        try:
            done = branch.play(t.play, **choice)
        except Illegal:
            continue
        if _matches(done, t):
            yield from _turns(branch, record, i + 1, weight * share)


def _choices(table: Table, record: WerewolfRecord, t: Turn) -> list[tuple[dict[str, Any], Fraction]]:
    """The hidden choices the record leaves open for this turn (keyword arguments of
    ``Table.play``), each with its share of the weight (W7)."""
    one = Fraction(1)
    if t.play == VILLAGER:
        hand = list(table.hands[t.player])
        hand.remove(VILLAGER)
        other = hand[0]
        placed = t.placed
        if isinstance(placed, Kind):
            return [({"put": t.put, "down": placed}, one)]  # the viewer's own choice: given
        if placed == "villager":
            return [({"put": t.put, "down": VILLAGER}, one)]
        if placed == "other":
            return [({"put": t.put, "down": other}, one)]
        legal = [VILLAGER] + ([other] if other != LOST_LEGACY or t.put == t.player else [])  # "unknown": mixed
        return [({"put": t.put, "down": d}, Fraction(1, len(legal))) for d in legal]
    if t.play == SLEEP:
        wolf = table.werewolf()
        options: list[int | None] = [None] + (table.face_down(wolf) if wolf is not None else [])
        if t.swapped is None:
            return [({"swap": o}, Fraction(1, len(options))) for o in options]
        if wolf is None or wolf != record.viewer:
            return []  # only the Werewolf writes `swapped`
        return [({"swap": o}, one) for o in options if (o is not None) == t.swapped and t.index in (None, o)]
    if t.play.is_attack:
        return [({"put": t.put}, one)]
    return [({"target": t.target, "peek": t.peek, "flip": t.flip, "votes": t.votes}, one)]


def _matches(done: Played, t: Turn) -> bool:
    """Does the turn as played show what the record wrote?"""
    if t.saw is not None and done.saw != t.saw:
        return False
    if t.play == VOTE or t.play.is_attack:
        if t.eliminated is not None and (done.eliminated or NONE) != t.eliminated:
            return False
        if t.revealed is not None and done.revealed != t.revealed:
            return False
        if done.eliminated is not None and t.revealed is None:
            return False
    if t.play.is_attack and t.put is not None and done.put != t.put:
        return False
    if t.play == SLEEP and t.swapped:
        if t.card is not None and done.took != t.card:
            return False
    return True


def calls(table: Table, record: WerewolfRecord, weight: Fraction) -> Iterator[tuple[Table, Fraction]]:
    """The histories of the record's calls (its search phase) played on ``table``, the
    table after its turns (``histories`` of the record without its searches); ``table``
    is copied before anything changes."""
    return _calls(table, record, 0, weight)


def _calls(table: Table, record: WerewolfRecord, j: int, weight: Fraction) -> Iterator[tuple[Table, Fraction]]:
    """W15: each entry's order is called after every order below it that no entry lists
    (nobody raised there); the raisers must be the entry's, a lone raiser searches."""
    if j == len(record.searches):
        yield table, weight
        return
    s: Search = record.searches[j]
    table = table.copy()
    while table.phase == SEARCH and table.calling < s.order - 1:
        if table.call().raised:
            return
    if table.phase != SEARCH or table.calling != s.order - 1:
        return
    called = table.call()
    if sorted(called.raised) != sorted(s.raised) or (table.current or None) != s.player:
        return
    if s.player is not None:
        assert s.target is not None
        target = ("pile", *s.target[1:]) if s.target[0] == "discard" else s.target
        try:
            found = table.search(s.player, target).found
        except Illegal:
            return
        if found != s.found:
            return
    yield from _calls(table, record, j + 1, weight)


# -- the counts ---------------------------------------------------------------------------------------
@dataclass
class BruteCounts:
    weight: Fraction  # the weight of the histories that fit (W7)
    places: dict[Slot, list[Fraction]]  # as counter.Counts.places (all-zero rows left out)
    lost_legacy: dict[str, Fraction]  # "hand:NAME", "discard:NAME", "ruins", "deck"
    werewolf: dict[str, Fraction]  # a name or "nobody"
    total: int  # how many histories fit, each counted once (counter.Counts.total)
    orders: int  # deck orders listed
    replayed: int  # orders (or prefixes) played along the record


def tracked(table: Table) -> dict[Slot, Kind]:
    """The slots whose kinds are counted: the hidden places and the pile cards a search turned up."""
    out = table.hidden()
    for p, cards in table.piles.items():
        for i, c in enumerate(cards, start=1):
            if c.searched:
                out[("pile", p, i)] = c.kind
    return out


def brute(record: WerewolfRecord, grouped: bool = True, given: Sequence[tuple[Slot, Kind]] = ()) -> BruteCounts:
    """The counts over every history that fits ``record`` (and, with ``given``, holds each
    of these kinds in these tracked slots at the end: a joint count)."""
    n = len(record.players)
    deck = tuple(record.deck)
    drawn = len(record.turns) + (record.pending is not None)
    reach = min(sum(deck), n + 1 + drawn) if grouped else sum(deck)
    groups = prefixes(deck, reach)
    places: dict[Slot, list[Fraction]] = defaultdict(lambda: [Fraction(0)] * K)
    ll: dict[str, Fraction] = defaultdict(Fraction)
    wolf: dict[str, Fraction] = defaultdict(Fraction)
    total = Fraction(0)
    plain = 0
    for order, orders in groups:
        for table, share in histories(record, order):
            now = tracked(table)
            if any(now.get(slot) != kind for slot, kind in given):
                continue
            weight = orders * share
            total += weight
            plain += orders
            for slot, kind in now.items():
                places[slot][kind.index] += weight
            ll[table.lost_legacy()] += weight
            wolf[table.werewolf() or "nobody"] += weight
    assert sum(ll.values()) == total
    return BruteCounts(total, {s: r for s, r in places.items() if any(r)}, dict(ll), dict(wolf), plain,
                       len(shuffles(deck)), len(groups))


__all__ = ["BruteCounts", "DeckCounts", "brute", "calls", "histories", "prefixes", "shuffles", "tracked"]
