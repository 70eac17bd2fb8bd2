"""An independent brute force for Werewolf Never Sleeps records on small decks.

Nothing here uses ``counter.py`` or an encoder (nor ``rules.replay``): every distinct deck
order (a sequence of kinds, W13) is listed by python-constraint — one variable per shuffle
position, the kinds in play as its domain, and ``DeckCounts`` pruning any partial order
that holds more copies of a kind than the deck has — and each order is dealt onto the
true-state ``Table`` (hands in seat order, the ruins, then the deck) and played along the
record turn by turn.  Wherever the record leaves a hidden choice, the play branches
(W7/W11/W13):

- a Villager written ``"unknown"`` (mixed): the Villager itself or the other card went
  down (the Lost Legacy never into another player's pile: the Table refuses it);
- a Sleep: no swap, or a swap with each face-down card of the Werewolf's own pile, by
  position (two cards of one kind are two histories); a Werewolf viewer's ``swapped`` /
  ``card`` keep only the matching options; a missing ``swapped`` tells nothing;
- which of two cards was played is fixed by the record's ``play`` (two alike cards: one
  history); the Table enforces must-play (W5) and never plays the Lost Legacy.

A history survives when every field the record wrote matches the table: the dealt hand,
``drew``, ``saw`` (Seer / Medium peek), the Villager's ``placed``, ``swapped``/``card``,
``eliminated`` (from the votes and the pile's face-down cards, or from the Attack's hunt)
and ``revealed``, the Attack's ``put``, the search order (W12: the Table's searchers in
order) and each search's ``found``; a record ending with the viewer's turn in progress
(``pending``) adds that draw.  Each surviving history counts once.

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
from functools import cache
from typing import Any

import constraint

from suiri.models.werewolf.cards import KINDS, SLEEP, VILLAGER, VOTE, Kind
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
def histories(record: WerewolfRecord, order: Sequence[Kind]) -> Iterator[Table]:
    """The final table of every history of this deck order that fits the record."""
    table = Table.dealt(record.players, order)
    if record.viewer is not None and record.hand is not None and table.hands[record.viewer] != [record.hand]:
        return
    yield from _turns(table, record, 0)


def _turns(table: Table, record: WerewolfRecord, i: int) -> Iterator[Table]:
    if i == len(record.turns):
        if record.pending is not None:  # the viewer's turn in progress: only its draw
            if table.phase != PLAY or table.current != record.viewer or table.draw() != record.pending:
                return
        yield from _searches(table, record, 0)
        return
    t = record.turns[i]
    if table.phase != PLAY or table.current != t.player:
        return
    drew = table.draw()
    if t.drew is not None and drew != t.drew:
        return
    if t.play not in table.legal_plays():
        return
    for choice in _choices(table, record, t):
        branch = table.copy()
        try:
            done = branch.play(t.play, **choice)
        except Illegal:
            continue
        if _matches(done, t, record):
            yield from _turns(branch, record, i + 1)


def _choices(table: Table, record: WerewolfRecord, t: Turn) -> list[dict[str, Any]]:
    """The hidden choices the record leaves open for this turn (one dict each)."""
    if t.play == VILLAGER:
        hand = list(table.hands[t.player])
        hand.remove(VILLAGER)
        other = hand[0]
        placed = t.placed
        if isinstance(placed, Kind):
            downs = [placed]
        elif placed == "villager":
            downs = [VILLAGER]
        elif placed == "other":
            downs = [other]
        else:  # "unknown": mixed
            downs = list(dict.fromkeys([VILLAGER, other]))
        return [{"put": t.put, "down": d} for d in downs]
    if t.play == SLEEP:
        wolf = table.werewolf()
        options: list[int | None] = [None] + (table.face_down(wolf) if wolf is not None else [])
        if t.swapped is not None:
            if wolf is None or wolf != record.viewer:
                return []  # only the Werewolf writes `swapped`
            options = [o for o in options if (o is not None) == t.swapped]
        return [{"swap": o} for o in options]
    if t.play.is_attack:
        return [{"put": t.put}]
    return [{"target": t.target, "peek": t.peek, "flip": t.flip, "votes": t.votes}]


def _matches(done: Played, t: Turn, record: WerewolfRecord) -> bool:
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


def _searches(table: Table, record: WerewolfRecord, j: int) -> Iterator[Table]:
    if j == len(record.searches):
        yield table
        return
    s: Search = record.searches[j]
    if table.phase != SEARCH or table.current != s.player:
        return  # W12: the searchers are the lowest eligible players, in order
    target = ("pile", *s.target[1:]) if s.target[0] == "discard" else s.target
    branch = table.copy()
    try:
        found = branch.search(s.player, target).found
    except Illegal:
        return
    if found == s.found:
        yield from _searches(branch, record, j + 1)


# -- the counts ---------------------------------------------------------------------------------------
@dataclass
class BruteCounts:
    total: int
    places: dict[Slot, list[int]]  # as counter.Counts.places (all-zero rows left out)
    lost_legacy: dict[str, int]  # "hand:NAME", "discard:NAME", "ruins", "deck"
    werewolf: dict[str, int]  # a name or "nobody"
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
    places: dict[Slot, list[int]] = defaultdict(lambda: [0] * K)
    ll: Counter[str] = Counter()
    wolf: Counter[str] = Counter()
    total = 0
    for order, weight in groups:
        for table in histories(record, order):
            now = tracked(table)
            if any(now.get(slot) != kind for slot, kind in given):
                continue
            total += weight
            for slot, kind in now.items():
                places[slot][kind.index] += weight
            ll[table.lost_legacy()] += weight
            wolf[table.werewolf() or "nobody"] += weight
    assert sum(ll.values()) == total
    return BruteCounts(total, {s: r for s, r in places.items() if any(r)}, dict(ll), dict(wolf),
                       len(shuffles(deck)), len(groups))


__all__ = ["BruteCounts", "DeckCounts", "brute", "histories", "prefixes", "shuffles", "tracked"]
