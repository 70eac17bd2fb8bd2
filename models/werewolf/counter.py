"""Exact counting of the hidden histories behind a Werewolf record (ruling W7).

A history is the deck order (a sequence of kinds: W13) and every hidden choice: which
card a mixed Villager put down, whether and which face-down card the Werewolf swapped
in each Sleep.  Every deck order weighs 1; a hidden choice splits its history's weight
equally among its legal options (W7): a Sleep with k face-down cards in the Werewolf's
pile gives k + 1 options of 1/(k + 1); a mixed Villager 1/2 each, or 1 when the other
card was the Lost Legacy and the pile another player's.  So an event nobody sees never
moves a probability.  Weights are exact: each state carries an integer weight over a
common ``scale`` (each Sleep multiplies it by the lcm of its option counts, each mixed
Villager by 2), and ``finish`` divides, giving ``Fraction``s.  Each state also carries
the plain number of histories (every option one history): ``Counts.total``.

Forward dynamic programming over *merged hidden states*.  A state gives each hidden
place (hands, ruins, face-down discards) either a kind, or — while nothing has asked —
a *lazy* value: "some card from the pool, not one of these kinds" (a bit mask).  The
pool holds the cards not yet given a kind: those in lazy places and in the deck.  A
card gets its kind only when a turn needs it (it is played, seen, revealed, searched,
or the Werewolf's identity matters in a Sleep); until then cards are interchangeable,
so the thousands of deals that no turn has yet told apart stay one state.  States
reached by different histories merge and add their counts.  At the end, each state's
lazy places and the deck are filled from the pool in closed form (``fill``).

Splitting a lazy place into "it is k" (k leaves the pool) and leaving the rest lazy is
an exact partition, so the count equals plain enumeration; tests/werewolf checks it
against an independent brute force and CP-SAT on small decks and short prefixes.
Docs: docs/counting-werewolf.md (with a worked example).
"""

from __future__ import annotations

from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import factorial, lcm, prod
from threading import Lock

from suiri.solver.probability import box, filling_polynomial, without_one

from .cards import ALL_MASK, ATTACK_MASK, BY_ORDER, KINDS, LOST_LEGACY, NOBODY, VILLAGER, Kind
from .replay import Call, Move, Replay
from .rules import Slot, hand

K = len(KINDS)
GONE = 99  # a place that is no longer hidden (played, revealed) or not in use
LL = LOST_LEGACY.index
DRAW: Slot = ("draw",)

Values = list[int]  # per place: kind (0..K-1), lazy -mask, or GONE
Pool = list[int]
State = tuple[tuple[int, ...], tuple[int, ...]]
Branch = tuple[Values, Pool, int]  # a state after a step, and its share of the weight (times the step's scale)
Weight = list[int]  # [weight over the common scale, plain number of histories]


@dataclass
class Counts:
    """The outcome: ``total`` the plain number of consistent histories (each hidden option
    one history: what ``check`` reports), ``weight`` their weight (W7; the weighted number
    of deck orders, the denominator of every probability), ``places[slot][kind]`` the
    weight of those with that kind there now; ``deck`` the remaining deck size."""

    weight: Fraction
    places: dict[Slot, list[Fraction]]
    deck: int
    living: tuple[str, ...]
    states: int  # merged states at the end (a measure of the work)
    public_lost_legacy: str | None = None  # "discard:NAME" once an elimination turned it up
    drawn: tuple[str, list[Fraction]] | None = None  # the viewer's card drawn in a turn in progress: (viewer, row)
    total: int = 0  # the plain number of histories

    def lost_legacy(self) -> dict[str, Fraction]:
        """Where the Lost Legacy is: ``hand:NAME``, ``discard:NAME``, ``ruins`` or ``deck``."""
        if self.public_lost_legacy is not None:
            return {self.public_lost_legacy: self.weight}
        out: dict[str, Fraction] = defaultdict(Fraction)
        rows = list(self.places.items()) + ([(hand(self.drawn[0]), self.drawn[1])] if self.drawn else [])
        for slot, row in rows:
            if row[LL]:
                out[_place(slot)] += row[LL]
        out["deck"] = self.weight - sum(out.values())
        return {k: v for k, v in out.items() if v}

    def werewolf(self) -> dict[str, Fraction]:
        out: dict[str, Fraction] = defaultdict(Fraction)
        for place, n in self.lost_legacy().items():
            out[place.split(":")[1] if ":" in place else NOBODY] += n
        return dict(out)

    def holder(self, kind: Kind) -> dict[str, Fraction]:
        """Who holds ``kind`` in hand now (``nobody``: elsewhere)."""
        out = {p: self.places[hand(p)][kind.index] for p in self.living if hand(p) in self.places}
        if self.drawn is not None:  # a turn in progress: the viewer holds two cards
            out[self.drawn[0]] = out.get(self.drawn[0], 0) + self.drawn[1][kind.index]
        out[NOBODY] = self.weight - sum(out.values())
        return {k: v for k, v in out.items() if v}


def _place(slot: Slot) -> str:
    return "ruins" if slot[0] == "ruins" else ("hand:" if slot[0] == "hand" else "discard:") + slot[1]


def count(rp: Replay, given: Sequence[tuple[Slot, Kind]] = ()) -> Counts:
    """The histories of a replayed record; with ``given``, only those where each of these
    places holds that kind now (a joint count, as advice needs)."""
    return Counter(rp).run(given)


# -- filling lazy places and the deck from the pool (closed form) ------------------------------------
Classes = tuple[tuple[int, int], ...]  # ((mask, places), ...): lazy places of one mask are alike


@lru_cache(maxsize=1 << 14)
def fill(pool: tuple[int, ...], classes: Classes, deck: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The number of ways to fill, and for each class and kind the number of (way, place)
    pairs with that kind in a place of that class (divide by the class's size for one
    place's count: its places are alike).

    Closed form (``solver.probability.filling_polynomial``): the fillings are
    ``(Π sizes_i!) · deck! / Π c_k!`` times the coefficient of ``Π y_i^sizes_i`` in
    ``Π_k (1 + Y_k)^c_k`` (``Y_k``: the sum of the y_i of the classes that allow kind k;
    the deck takes the rest of each kind).  Pinning one place of class i to kind k is one
    factor ``1 + Y_k`` fewer and one place fewer in class i, which gives every marginal
    from the same polynomial."""
    sizes = tuple(n for _, n in classes)
    if sum(pool) != sum(sizes) + deck:  # every card goes to a place or the deck, and all are filled
        return 0, tuple((0,) * K for _ in classes)
    strides, top = box(sizes)
    kinds = [(k, c, tuple(i for i, (m, _) in enumerate(classes) if m >> k & 1)) for k, c in enumerate(pool) if c]
    poly = filling_polynomial(sizes, ((fits, c) for _, c, fits in kinds))
    scale = prod(factorial(n) for n in sizes) * factorial(deck)
    copies = prod(factorial(c) for c in pool)
    per_class = [[0] * K for _ in classes]
    total = scale * poly[top] // copies
    if total:
        for k, c, fits in kinds:
            quotient = without_one(sizes, poly, fits)
            for i in fits:
                per_class[i][k] = scale * c * quotient[top - strides[i]] // copies
    return total, tuple(tuple(row) for row in per_class)


# -- one state's operations (on mutable copies; False = no history fits) ----------------------------
def realize(vals: Values, pool: Pool, i: int, k: int) -> bool:
    """Place ``i`` holds kind ``k``."""
    v = vals[i]
    if v >= 0:
        return v == k
    if not (-v >> k) & 1 or pool[k] == 0:
        return False
    vals[i] = k
    pool[k] -= 1
    return True


def exclude(vals: Values, i: int, mask: int) -> bool:
    """Place ``i`` holds none of the kinds in ``mask``."""
    v = vals[i]
    if v >= 0:
        return v == GONE or not (mask >> v) & 1
    m = -v & ~mask
    if not m:
        return False
    vals[i] = -m
    return True


def normalize(vals: Values, pool: Pool) -> bool:
    """Drop kinds the pool no longer has from lazy places; a place left with one kind
    gets it; a set of places needing more cards of some kinds than the pool has is dead.
    (The hot spot of every count: kept flat.)"""
    avail = 0
    for k, n in enumerate(pool):
        if n:
            avail |= 1 << k
    i, places = 0, len(vals)
    while i < places:
        v = vals[i]
        if v < 0:
            m = -v & avail
            if not m:
                return False
            if m & (m - 1):
                vals[i] = -m
            else:  # one kind left: the place gets it (it is in the pool)
                k = m.bit_length() - 1
                vals[i] = k
                pool[k] -= 1
                if not pool[k]:  # the kind is gone: the places before may lose it too
                    avail ^= m
                    i = 0
                    continue
        i += 1
    lazy = [-v for v in vals if v < 0]
    if len(lazy) < 2:  # one lazy place: its kinds are all in the pool
        return True
    for m in set(lazy):
        need = 0
        for x in lazy:
            if not x & ~m:
                need += 1
        if need < 2:
            continue  # m itself: some kind of m is in the pool
        have, b = 0, m
        while b:
            low = b & -b
            have += pool[low.bit_length() - 1]
            b ^= low
        if need > have:
            return False
    return True


@lru_cache(maxsize=1 << 16)
def normal(vals: tuple[int, ...], pool: tuple[int, ...]) -> State | None:
    """``normalize`` as a pure function of a state (None: dead), memoised: the branches
    of different states often meet again before they merge."""
    v, p = list(vals), list(pool)
    return (tuple(v), tuple(p)) if normalize(v, p) else None


# -- the states after a record's turns, kept for the records that extend it ---------------------------
class Prefix:
    """A replay's head (players, deck, viewer, hand) and its first moves, as far as the
    pass reads them (``read``): the states after those moves are a function of these
    alone.  Hashed once along the moves (``prefixes``); equal only when every part is."""

    __slots__ = ("hash", "parts")

    def __init__(self, parts: tuple[object, ...], hashed: int) -> None:
        self.parts = parts
        self.hash = hashed

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Prefix) and self.hash == other.hash and self.parts == other.parts


def read(move: Move) -> tuple[object, ...]:
    """Every field of a move that the pass reads (``step``, ``turn``, ``effect``,
    ``villager``, ``sleep``, the scales): a move with the same reading steps alike.  A field
    the pass comes to read must be added here, or a kept snapshot (``KEPT``) would be reused
    for a move that steps differently."""
    t = move.turn
    return (move.player, t.play, t.drew, move.deck_after, tuple((slot, kind) for slot, kind, _ in move.seen),
            move.villager, None if move.swaps is None else tuple(move.swaps.items()), move.swap_record,
            move.swap_index, move.hunt, None if move.elimination is None else tuple(move.elimination.revealed),
            tuple(move.facedown))


def prefixes(rp: Replay) -> list[Prefix]:
    """The replay's prefixes: ``[i]`` holds its head and first ``i`` moves."""
    r = rp.record
    head: tuple[object, ...] = (r.players, r.deck, r.viewer, r.hand)
    out = [Prefix(head, hash(head))]
    for move in rp.moves:
        part = read(move)
        out.append(Prefix((*out[-1].parts, part), hash((out[-1].hash, part))))
    return out


@dataclass(frozen=True)
class Snapshot:
    """The forward pass after a prefix's turns (its ``states`` dict is never changed in
    place: each step builds a new one)."""

    layout: tuple[Slot, ...]
    states: dict[State, Weight]
    scale: int


class Kept:
    """The snapshots of the last few replays counted, by prefix.  Advice counts the record
    extended by each option's turn, live play and the bots count a record after every
    turn, and a game's records at several moments share their first turns: each such
    count starts from the states of a record counted before and steps only the turns after
    them.  A lock keeps the table whole under threads (the web app)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[Prefix, Snapshot] = OrderedDict()
        self._lock = Lock()

    def longest(self, keys: list[Prefix]) -> tuple[int, Snapshot | None]:
        """The longest of ``keys`` kept (how many turns it holds, and its snapshot)."""
        with self._lock:
            for n in range(len(keys) - 1, 0, -1):
                snapshot = self._kept.get(keys[n])
                if snapshot is not None:
                    self._kept.move_to_end(keys[n])
                    return n, snapshot
        return 0, None

    def keep(self, key: Prefix, snapshot: Snapshot) -> None:
        with self._lock:
            self._kept[key] = snapshot
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)


KEPT = Kept(64)


class Counter:
    """The forward pass over a replayed record (``replay.replay``)."""

    def __init__(self, rp: Replay) -> None:
        self.rp = rp
        self.drawn: tuple[str, list[Fraction]] | None = None
        self.layout: list[Slot] = [hand(p) for p in rp.record.players] + [("ruins",), DRAW]
        self.index = {s: i for i, s in enumerate(self.layout)}
        pool = list(rp.record.deck)
        vals = [-ALL_MASK] * len(self.layout)
        vals[self.index[DRAW]] = GONE
        self.states: dict[State, Weight] = {}
        self.scale = 1  # the common denominator of the weights (W7)
        viewer, card = rp.record.viewer, rp.record.hand
        if viewer is not None and card is not None and not realize(vals, pool, self.index[hand(viewer)], card.index):
            return
        if normalize(vals, pool):
            self.states = {(tuple(vals), tuple(pool)): [1, 1]}

    # -- the pass ------------------------------------------------------------------------------------
    def run(self, given: Sequence[tuple[Slot, Kind]] = ()) -> Counts:
        self.steps()
        if self.rp.pending is not None:
            self.draw_pending(self.rp.pending)
        for c in self.rp.calls:
            self.call(c)
        if given:
            self.condition(given)
        return self.finish()

    def steps(self) -> None:
        """Every turn: from the states of the longest prefix of the record kept (``KEPT``),
        the turns after it; the states after the last turn are kept in turn."""
        keys = prefixes(self.rp)
        done, snapshot = KEPT.longest(keys)
        if snapshot is not None:
            self.layout = list(snapshot.layout)
            self.index = {s: i for i, s in enumerate(self.layout)}
            self.states, self.scale = snapshot.states, snapshot.scale
        for move in self.rp.moves[done:]:
            self.step(move)
        if done < len(self.rp.moves):
            KEPT.keep(keys[-1], Snapshot(tuple(self.layout), self.states, self.scale))

    def advance(self, branches: Callable[[Values, Pool], Iterable[Branch]], scale: int = 1) -> None:
        """Replace every state by the states its branches lead to, merging equal ones (their
        weights add up); a branch the pool cannot fill is dropped.  A branch's factor is its
        share of the history's weight (W7) times ``scale``, by which the common scale grows."""
        out: dict[State, Weight] = {}
        for (v, p), (w, n) in self.states.items():
            for vals, pool, factor in branches(list(v), list(p)):
                key = normal(tuple(vals), tuple(pool))
                if key is not None:
                    got = out.get(key)
                    if got is None:
                        out[key] = [w * factor, n]
                    else:
                        got[0] += w * factor
                        got[1] += n
        self.states = out
        self.scale *= scale

    def condition(self, given: Sequence[tuple[Slot, Kind]]) -> None:
        self.advance(lambda vals, pool: [(vals, pool, 1)] if all(
            realize(vals, pool, self.index[s], k.index) for s, k in given) else [])

    def step(self, move: Move) -> None:
        """One turn: every state branches on the hidden possibilities the turn leaves open."""
        new_slots = ([move.villager[0]] if move.villager else []) + [s for s, _ in move.facedown]
        for slot in new_slots:
            if slot not in self.index:  # a new discard position: no card there before this turn
                self.layout.append(slot)
                self.index[slot] = len(self.layout) - 1
                self.states = {(v + (GONE,), p): w for (v, p), w in self.states.items()}
        self.advance(lambda vals, pool: self.turn(move, vals, pool), villager_scale(move) * sleep_scale(move))

    def turn(self, move: Move, vals: Values, pool: Pool) -> Iterator[Branch]:
        ix = self.index
        t = move.turn
        h, d = ix[hand(move.player)], ix[DRAW]
        vals[d] = -ALL_MASK
        if t.drew is not None and not realize(vals, pool, d, t.drew.index):
            return
        c = t.play.index
        for a, b in ((h, d), (d, h)):  # the played card came from the hand, or it was the card drawn
            va, pa = vals[:], pool[:]
            if not realize(va, pa, a, c):
                continue
            if a == d and not exclude(va, h, 1 << c):  # W13: two alike cards are one history
                continue
            va[h] = va[b] if a == h else va[h]
            va[d] = GONE
            if not t.play.is_attack and not exclude(va, h, ATTACK_MASK):  # W5: an Attack must be played
                continue
            yield from self.effect(move, va, pa)

    def effect(self, move: Move, vals: Values, pool: Pool) -> Iterator[Branch]:
        ix = self.index
        for slot, kind, _ in move.seen:
            if not realize(vals, pool, ix[slot], kind.index):
                return
        branches: Iterable[Branch] = [(vals, pool, 1)]
        if move.villager is not None:
            branches = self.villager(move, vals, pool)
        if move.swaps is not None:
            branches = self.sleep(move, vals, pool)
        for vals, pool, factor in branches:
            if move.hunt is not None:
                card, players = move.hunt
                if not all(exclude(vals, ix[hand(p)], 1 << card.index) for p in players):
                    continue
            if move.elimination is not None:
                if not all(realize(vals, pool, ix[s], k.index) for s, k in move.elimination.revealed):
                    continue
                for s, _ in move.elimination.revealed:
                    vals[ix[s]] = GONE
            for slot, kind in move.facedown:
                vals[ix[slot]] = kind.index
            yield vals, pool, factor

    def villager(self, move: Move, vals: Values, pool: Pool) -> Iterator[Branch]:
        """W1: the Villager returns to the hand, then one of the two cards goes face-down.
        Mixed (W7): 1/2 each where both were legal; the Villager alone (weight 1) where the
        other card is the Lost Legacy and the pile another player's (factors over
        ``villager_scale`` = 2)."""
        dest, placed = move.villager or ((), "unknown")
        h, q = self.index[hand(move.player)], self.index[dest]
        if isinstance(placed, Kind):
            if placed != VILLAGER and not realize(vals, pool, h, placed.index):
                return
            placed = "villager" if placed == VILLAGER else "other"
        others = dest[1] != move.player
        if placed == "villager" or (placed == "unknown" and not others):
            va = vals[:]
            va[q] = VILLAGER.index
            yield va, pool[:], 1
        elif placed == "unknown":  # into another's pile: was the other card the Lost Legacy?
            va, pa = vals[:], pool[:]
            if realize(va, pa, h, LL):
                va[q] = VILLAGER.index
                yield va, pa, 2
            va, pa = vals[:], pool[:]
            if exclude(va, h, 1 << LL):
                va[q] = VILLAGER.index
                yield va, pa, 1
        if placed in ("other", "unknown"):
            va, pa = vals[:], pool[:]
            va[q], va[h] = va[h], VILLAGER.index
            banned = 1 << VILLAGER.index  # W13
            if others:
                banned |= 1 << LL  # the Lost Legacy never goes into another player's discard
            if exclude(va, q, banned):
                yield va, pa, 1

    def sleep(self, move: Move, vals: Values, pool: Pool) -> Iterator[Branch]:
        """W3/W11: the Werewolf (whoever has the Lost Legacy now) may swap its hand with one
        face-down card of its discard, or not: k + 1 options of weight 1/(k + 1) each (W7;
        factors over ``sleep_scale``).  A Werewolf viewer's ``swapped`` is its own choice:
        given, weight 1."""
        swapped, card = move.swap_record
        viewer = self.rp.record.viewer
        scale = sleep_scale(move)
        assert move.swaps is not None
        for va, pa in self.locate_lost_legacy(vals, pool, move.deck_after):
            wolf = self.werewolf(va)
            if swapped is not None and wolf != viewer:
                continue  # the record says the viewer is the Werewolf
            if wolf is None or swapped is False:
                yield va, pa, scale
                continue
            h = self.index[hand(wolf)]
            options = move.swaps[wolf]
            share = scale // (len(options) + 1)
            if swapped is None:
                yield va[:], pa[:], share
            for slot in options:
                if move.swap_index is not None and slot[2] != move.swap_index:
                    continue
                vb, pb = va[:], pa[:]
                s = self.index[slot]
                if card is not None and not realize(vb, pb, s, card.index):
                    continue
                vb[h], vb[s] = vb[s], vb[h]
                yield vb, pb, share if swapped is None else 1

    def locate_lost_legacy(self, vals: Values, pool: Pool, deck: int) -> Iterator[tuple[Values, Pool]]:
        """Give the Lost Legacy a place if it has none yet: each lazy place, or the deck."""
        if LL in vals or not pool[LL]:
            yield vals, pool
            return
        for i, v in enumerate(vals):
            if v < 0 and (-v >> LL) & 1:
                va, pa = vals[:], pool[:]
                realize(va, pa, i, LL)
                yield va, pa
        va = vals[:]
        if deck and all(exclude(va, i, 1 << LL) for i in range(len(va))):
            yield va, pool[:]  # still in the deck

    def werewolf(self, vals: Values) -> str | None:
        if LL not in vals:
            return None  # in the deck
        i = vals.index(LL)
        slot = self.layout[i]
        return slot[1] if slot[0] in ("hand", "pile") else None

    def draw_pending(self, drew: Kind) -> None:
        """The viewer's turn in progress: the card it drew left the deck."""
        d = self.index[DRAW]

        def draw(vals: Values, pool: Pool) -> list[Branch]:
            vals[d] = -ALL_MASK
            return [(vals, pool, 1)] if realize(vals, pool, d, drew.index) else []

        self.advance(draw)

    # -- search phase ----------------------------------------------------------------------------------
    def call(self, c: Call) -> None:
        """W15: at the call of an order, exactly its living holders raise: each raiser holds
        the card of that order, nobody else living does; a lone raiser's search found its
        card where it looked."""
        k = BY_ORDER[c.order].index
        heads = [(self.index[hand(p)], p in c.raised) for p in c.living]
        s = c.search
        i = self.index.get(s.slot) if s is not None else None

        def called(vals: Values, pool: Pool) -> list[Branch]:
            for h, raised in heads:
                if not (realize(vals, pool, h, k) if raised else exclude(vals, h, 1 << k)):
                    return []
            if s is not None and s.public is None:
                assert s.search.found is not None
                if i is None or not realize(vals, pool, i, s.search.found.index):
                    return []
            return [(vals, pool, 1)]

        self.advance(called)

    # -- the end: fill lazy places and the deck -------------------------------------------------------
    def finish(self) -> Counts:
        deck = self.rp.deck
        viewer = self.rp.record.viewer
        drawn = ("drawn", viewer) if self.rp.pending is not None and viewer is not None else None
        skip = self.index[DRAW] if drawn is None else -1  # the draw slot, counted only for a turn in progress
        rows: list[list[int] | None] = [None] * len(self.layout)  # per place, in the layout's order
        order: list[int] = []  # the places in the order they are first counted
        total = histories = 0
        for (v, p), (w, plain) in self.states.items():
            lazy: dict[int, int] = {}
            for x in v:
                if x < 0:
                    lazy[-x] = lazy.get(-x, 0) + 1
            classes = tuple(sorted(lazy.items()))
            n, per_class = fill(p, classes, deck)
            if not n:
                continue
            total += w * n
            histories += plain * n
            # one place of a class: each kind's (way, place) pairs shared by the class's places
            each = {m: [(k, pairs // size) for k, pairs in enumerate(row) if pairs]
                    for (m, size), row in zip(classes, per_class, strict=True)}
            wn = w * n
            for i, x in enumerate(v):
                if x == GONE or i == skip:
                    continue
                row = rows[i]
                if row is None:
                    row = rows[i] = [0] * K
                    order.append(i)
                if x >= 0:
                    row[x] += wn
                    continue
                for k, ways in each[-x]:
                    row[k] += w * ways
        scale = self.scale
        exact: dict[Slot, list[Fraction]] = {}
        made: dict[int, Fraction] = {0: Fraction(0)}  # each value's Fraction made once (rows repeat values)
        for i in order:
            row = rows[i]
            assert row is not None
            if any(row):
                out = []
                for x in row:
                    f = made.get(x)
                    if f is None:
                        f = made[x] = Fraction(x, scale)
                    out.append(f)
                exact[self.layout[i]] = out
        drawn_row = exact.pop(DRAW, None)
        if drawn is not None and drawn_row is not None:
            self.drawn = (drawn[1], drawn_row)
        public = next((f"discard:{p}" for p, cards in self.rp.piles.items() if any(c.kind == LOST_LEGACY
                                                                                  for c in cards)), None)
        return Counts(Fraction(total, self.scale), exact, deck, self.rp.living, len(self.states), public, self.drawn,
                      histories)


def sleep_scale(move: Move) -> int:
    """The common multiple of a Sleep's option counts (k + 1 for k face-down cards in a
    pile), so each option's share 1/(k + 1) is a whole factor; 1 when the viewer wrote
    what it did (its own choice is given) or the turn is no Sleep."""
    if move.swaps is None or move.swap_record[0] is not None:
        return 1
    return lcm(*(len(slots) + 1 for slots in move.swaps.values()))


def villager_scale(move: Move) -> int:
    """2 for a mixed Villager (its two options weigh 1/2 each), else 1."""
    return 2 if move.villager is not None and move.villager[1] == "unknown" else 1
