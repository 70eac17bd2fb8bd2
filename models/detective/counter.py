"""Exact counting of the deals that fit a record (ruling D5: each deal counts once).

The record's observations say, for each card, who may have been dealt it (a player,
or the case file), plus "``p`` holds at least one of these cards" clauses and
triples that are not the truth.  Deals are counted without enumerating them:

1. **Propagation** fixes every forced card (a single possible holder, a hand that
   must take every card left for it, a case slot with one candidate, a one-card
   clause) and drops satisfied or subsumed clauses.
2. **Wildcards**: cards in no clause that any open holder may take are
   interchangeable; they fill whatever capacity is left at the end, in closed form
   (a multinomial), so early positions with little information cost nothing.
3. **Dynamic programming over the other cards**, one card per layer, in an order
   that keeps few clauses open at once.  A state packs each player's remaining
   hand size, which case slots are still open, and which open clauses are not yet
   satisfied into one integer; states that reach the same integer merge.  A
   memoised backward pass counts completions; a forward pass then yields every
   card's holder marginals and, carrying the identity of each case card in the
   state, the exact joint distribution of the truth triple.

Triples ruled out by a "wrong" outcome are dropped from the joint; their share of
the card marginals is removed by one conditioned run each.  Counts are Python ints
(8-player deals exceed 2**63).  ``docs/counting-detective.md`` gives the details.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from math import comb, factorial, prod

from suiri.solver.errors import NoWorldFits

from .cards import CATEGORIES, Card, Category
from .rules import (
    CaseIs,
    CaseIsNot,
    Holds,
    HoldsNone,
    HoldsOneOf,
    Observation,
    OwnHand,
    PublicSetup,
    Variant,
)

CASE = "case"
PUBLIC = "public"
Triple = tuple[Card, Card, Card]


class OverBudget(RuntimeError):
    """A run exceeded its state budget: the other algorithm may do better."""


@dataclass(frozen=True)
class DealProblem:
    """Who may have been dealt each non-public card: the counter's whole input."""

    players: tuple[str, ...]
    capacity: Mapping[str, int]  # dealt hand size per player
    cards: tuple[Card, ...]  # every card dealt to a hand or the case file
    allowed: Mapping[Card, frozenset[str]]  # player names and/or CASE
    clauses: tuple[tuple[str, frozenset[Card]], ...] = ()  # (p, S): p was dealt one of S
    excluded: frozenset[Triple] = frozenset()  # triples that are not the truth
    public: tuple[Card, ...] = ()

    @classmethod
    def from_observations(cls, variant: Variant, players: Sequence[str],
                          observations: Iterable[Observation]) -> DealProblem:
        observations = list(observations)
        public = tuple(c for o in observations if isinstance(o, PublicSetup) for c in o.cards)
        cards = tuple(c for c in variant.cards if c not in set(public))
        everyone = frozenset(players)
        allowed = {c: everyone | ({CASE} if c.category is not None else set()) for c in cards}
        clauses: list[tuple[str, frozenset[Card]]] = []
        excluded: set[Triple] = set()

        def only(card: Card, holder: str) -> None:
            if card in allowed:
                allowed[card] = allowed[card] & {holder}

        for o in observations:
            if isinstance(o, OwnHand):
                for c in cards:
                    allowed[c] = allowed[c] & {o.player} if c in o.cards else allowed[c] - {o.player}
            elif isinstance(o, Holds):
                if o.card in allowed:
                    only(o.card, o.player)
                else:  # a public card: no deal fits
                    allowed.setdefault(o.card, frozenset())
            elif isinstance(o, HoldsNone):
                for c in o.cards:
                    if c in allowed:
                        allowed[c] = allowed[c] - {o.player}
            elif isinstance(o, HoldsOneOf):
                clauses.append((o.player, frozenset(c for c in o.cards if c in allowed)))
            elif isinstance(o, CaseIs):
                for c in o.cards:
                    only(c, CASE)
                for c in cards:
                    if c.category is not None and c not in o.cards and any(c.category == n.category for n in o.cards):
                        allowed[c] = allowed[c] - {CASE}
            elif isinstance(o, CaseIsNot):
                excluded.add(_triple(o.cards))
        capacity = dict(zip(players, variant.hand_sizes, strict=True))
        return cls(tuple(players), capacity, tuple(allowed), {c: frozenset(a) for c, a in allowed.items()},
                   tuple(clauses), frozenset(excluded), public)


def _triple(cards: Iterable[Card]) -> Triple:
    by = {c.category: c for c in cards}
    return (by[Category.SUSPECT], by[Category.WEAPON], by[Category.SCENE])


AtTriple = tuple[int, int, int]  # a triple as positions in ``Counts.cards``


@dataclass
class Counts:
    """The result of one count: totals as exact integers.  The joint of the truth and the
    tracked cards' holders is kept by card positions (``tracked_at``; a Card hashes in
    Python, an int tuple in C: advice reads hundreds of these joints); ``tracked`` gives
    it keyed by cards."""

    total: int
    truth: dict[Triple, int]
    holders: dict[Card, dict[str, int]] = field(default_factory=dict)  # dealt holder counts
    tracked_at: dict[tuple[AtTriple, tuple[str, ...]], int] = field(default_factory=dict)
    cards: tuple[Card, ...] = ()  # what the positions of ``tracked_at`` refer to

    @property
    def tracked(self) -> dict[tuple[Triple, tuple[str, ...]], int]:
        """(truth triple, holders of the tracked cards) -> deals."""
        c = self.cards
        return {((c[a], c[b], c[d]), held): n for ((a, b, d), held), n in self.tracked_at.items()}


# -- propagation ----------------------------------------------------------------------------
@dataclass
class _Reduced:
    """A problem after propagation: what is fixed, what is left to count."""

    fixed: dict[Card, str]
    capacity: dict[str, int]  # remaining, players with room only
    open_slots: set[Category]
    cards: list[Card]  # still open
    allowed: dict[Card, frozenset[str]]
    clauses: list[tuple[str, frozenset[Card]]]


def propagate(problem: DealProblem, fixed: Mapping[Card, str] = {}) -> _Reduced:
    """Fix forced cards to a fixpoint; raises ``NoWorldFits`` when nothing fits."""
    allowed = dict(problem.allowed)
    for c, h in fixed.items():
        allowed[c] = allowed[c] & {h}
    capacity = dict(problem.capacity)
    open_slots = set(CATEGORIES)
    done: dict[Card, str] = {}
    clauses = {(p, s) for p, s in problem.clauses}
    changed = True

    def assign(card: Card, holder: str) -> None:
        done[card] = holder
        if holder == CASE:
            assert card.category is not None
            if card.category not in open_slots:
                raise NoWorldFits
            open_slots.discard(card.category)
        else:
            capacity[holder] -= 1
            if capacity[holder] < 0:
                raise NoWorldFits

    while changed:
        changed = False
        todo = [c for c in allowed if c not in done]
        for c in todo:  # restrict to holders with room
            a = frozenset(h for h in allowed[c] if (h == CASE and c.category in open_slots)
                          or (h != CASE and capacity[h] > 0))
            if a != allowed[c]:
                allowed[c] = a
                changed = True
            if not a:
                raise NoWorldFits
            if len(a) == 1:
                assign(c, next(iter(a)))
                changed = True
        new_clauses = set()
        for p, s in clauses:
            if any(done.get(c) == p for c in s):
                changed = True
                continue  # satisfied
            live = frozenset(c for c in s if c not in done and p in allowed[c])
            if not live:
                raise NoWorldFits
            if len(live) == 1:
                (c,) = live
                allowed[c] = frozenset({p})
                changed = True
                continue
            if live != s:
                changed = True
            new_clauses.add((p, live))
        clauses = {(p, s) for p, s in new_clauses
                   if not any(q == p and t < s for q, t in new_clauses)}  # drop subsumed
        left = [c for c in allowed if c not in done]
        for cat in list(open_slots):
            candidates = [c for c in left if c.category == cat and CASE in allowed[c]]
            if not candidates:
                raise NoWorldFits
            if len(candidates) == 1 and len(allowed[candidates[0]]) > 1:
                allowed[candidates[0]] = frozenset({CASE})
                changed = True
        for p, size in capacity.items():
            if size == 0:
                continue
            takers = [c for c in left if p in allowed[c]]
            if len(takers) < size:
                raise NoWorldFits
            if len(takers) == size:
                for c in takers:
                    if len(allowed[c]) > 1:
                        allowed[c] = frozenset({p})
                        changed = True
    left = [c for c in allowed if c not in done]
    room = {p: n for p, n in capacity.items() if n > 0}
    if sum(room.values()) + len(open_slots) != len(left):
        raise NoWorldFits
    return _Reduced(done, room, open_slots, left, {c: allowed[c] for c in left}, sorted(clauses, key=_clause_key))


def _clause_key(clause: tuple[str, frozenset[Card]]) -> tuple[str, list[str]]:
    return clause[0], sorted(c.id for c in clause[1])


# -- the dynamic programme --------------------------------------------------------------------


class DealCounter:
    """Counts the deals of one ``DealProblem``; each ``count`` call may fix cards."""

    def __init__(self, problem: DealProblem) -> None:
        self.problem = problem
        self._free: _Reduced | None = None  # the problem propagated with nothing fixed (read only)

    def count(self, fixed: Mapping[Card, str] = {}, track: Sequence[Card] = (),
              marginals: bool = True, method: str = "auto", exclude: bool = True) -> Counts:
        """Total, truth joint and (``marginals``) dealt-holder counts of every card, all
        over the deals with ``fixed`` holders; ``track`` adds the joint distribution of
        the truth and those cards' holders.  ``method``: "cards" (a layer per card),
        "hands" (a layer per hand) or "auto" (see ``_pick``)."""
        try:
            red = self._propagated(fixed)
        except NoWorldFits:
            return _empty(self.problem, marginals)
        run = _pick(self.problem, red, track, marginals, method)
        try:
            counts = run.counts()
        except NoWorldFits:
            return _empty(self.problem, marginals)
        for t in self.problem.excluded if exclude else ():
            n = counts.truth.pop(t, 0)
            if n == 0:
                continue
            counts.total -= n
            if counts.tracked_at:
                at = {c: i for i, c in enumerate(counts.cards)}
                gone = (at[t[0]], at[t[1]], at[t[2]])
                counts.tracked_at = {k: v for k, v in counts.tracked_at.items() if k[0] != gone}
            if marginals:
                part = self.count({**fixed, **{c: CASE for c in t}}, (), True, method, exclude=False)
                for card, row in part.holders.items():
                    for h, m in row.items():
                        counts.holders[card][h] -= m
        return counts


    def _propagated(self, fixed: Mapping[Card, str]) -> _Reduced:
        """``propagate``; with nothing fixed, done once (advice counts one problem many times,
        tracking other cards each time)."""
        if fixed:
            return propagate(self.problem, fixed)
        if self._free is None:
            self._free = propagate(self.problem)
        return self._free


def _empty(problem: DealProblem, marginals: bool) -> Counts:
    holders = {c: {h: 0 for h in (*problem.players, CASE)} for c in problem.cards} if marginals else {}
    return Counts(0, {}, holders)


class _Run:
    """What both algorithms start from: the reduced problem and the cards to track."""

    def __init__(self, problem: DealProblem, red: _Reduced, track: Sequence[Card], marginals: bool) -> None:
        self.problem = problem
        self.red = red
        self.marginals = marginals
        self.asked = list(track)  # every tracked card; those settled by propagation keep their holder
        self.track = [c for c in track if c in red.allowed]


class _CardRun(_Run):
    """Layers = cards; state = rooms left, open case slots, unsatisfied open clauses.

    The state is one integer: each player's room in a field of ``rb`` bits, one bit per
    case slot, then one bit per *colour* of open clause (clauses whose spans in the card
    order do not overlap share a bit, so the width is the most clauses open at once).
    When those fields fit in 64 bits, a vectorised pass (numpy) first finds the states
    from which the deal can still be completed; the exact count then visits only those.
    """

    def __init__(self, problem: DealProblem, red: _Reduced, track: Sequence[Card], marginals: bool) -> None:
        super().__init__(problem, red, track, marginals)
        self.edges: list[dict[int, list[tuple[str, int, int]]]] | None = None  # the live moves (``_backward`` over live states)
        self.players = list(red.capacity)
        in_clause = {c for _, s in red.clauses for c in s}
        wild_players = frozenset(self.players)
        self.wild: list[Card] = []
        dp: list[Card] = []
        for c in red.cards:
            full = wild_players | ({CASE} if c.category in red.open_slots else set())
            if c not in in_clause and c not in self.track and red.allowed[c] == full:
                self.wild.append(c)
            else:
                dp.append(c)
        self.order = _order(dp, red.clauses, self.track)
        self._closed: dict[int, int] = {}
        self._layout()

    # -- state layout: [player rooms][case slots][clause colours] | [identities][tracked] ------
    def _layout(self) -> None:
        red = self.red
        self.rb = max(1, max(red.capacity.values(), default=1).bit_length())
        self.room_mask = (1 << self.rb) - 1
        self.unit = {p: 1 << (self.rb * i) for i, p in enumerate(self.players)}
        off = self.rb * len(self.players)
        self.slot_bit = {cat: 1 << (off + i) for i, cat in enumerate(CATEGORIES)}
        off += len(CATEGORIES)
        position = {c: i for i, c in enumerate(self.order)}
        spans = [(p, sorted(position[c] for c in s)) for p, s in red.clauses]
        colour = _colour([(w[0], w[-1]) for _, w in spans])
        clause_bit = {j: 1 << (off + colour[j]) for j in range(len(spans))}
        self.colours = max(colour, default=-1) + 1
        off += self.colours
        self.width = off
        self.project_mask = (1 << off) - 1
        ib = (len(self.order) + 1).bit_length()
        self.ident_off = {cat: off + ib * i for i, cat in enumerate(CATEGORIES)}
        self.ident_mask = (1 << ib) - 1
        off += ib * len(CATEGORIES)
        hb = (len(self.players) + 2).bit_length()
        self.track_off = {c: off + hb * i for i, c in enumerate(self.track)}
        self.track_mask = (1 << hb) - 1
        n = len(self.order)
        self.opens = [0] * n
        self.closes = [0] * n
        self.satisfies: list[dict[str, int]] = [{} for _ in range(n)]
        for j, (p, where) in enumerate(spans):
            self.opens[where[0]] |= clause_bit[j]
            self.closes[where[-1]] |= clause_bit[j]
            for i in where:
                self.satisfies[i][p] = self.satisfies[i].get(p, 0) | clause_bit[j]
        self._future_equivalence(spans, clause_bit)
        self.start = sum(room * self.unit[p] for p, room in red.capacity.items())
        self.start |= sum(self.slot_bit[cat] for cat in red.open_slots)
        self.holder_code = {p: i + 1 for i, p in enumerate(self.players)}
        self.holder_code[CASE] = len(self.players) + 1
        self.ident = {c: i + 1 for i, c in enumerate(self.order)}
        self.wild_by_cat = {cat: [c for c in self.wild if c.category == cat] for cat in CATEGORIES}
        self.moves = [self._moves(i) for i in range(n)]

    def _future_equivalence(self, spans: list[tuple[str, list[int]]], clause_bit: dict[int, int]) -> None:
        """Merge states the future cannot tell apart; drop states it cannot complete.

        After card i, an unsatisfied open clause of p whose remaining cards include all the
        remaining cards of another unsatisfied open clause of p is implied by it: its bit is
        cleared (``redundant``).  Dead ends: a player with no room and an unsatisfied clause
        (``starved``), a hand or a case slot the remaining cards cannot fill (``scarce``,
        ``unfillable``)."""
        red = self.red
        n = len(self.order)
        self.redundant: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.starved: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.scarce: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (room shift, cards left for it)
        self.unfillable: list[int] = [0] * n  # slot bits no later card can fill
        self.hitting: list[list[tuple[int, list[int], list[int]]]] = [[] for _ in range(n)]
        for i in range(n):
            later = [*self.order[i + 1:], *self.wild]
            for k, p in enumerate(self.players):
                left = sum(1 for c in later if p in red.allowed[c])
                if left < red.capacity[p]:
                    self.scarce[i].append((self.rb * k, left))
            for cat in red.open_slots:
                if not any(c.category == cat and CASE in red.allowed[c] for c in later):
                    self.unfillable[i] |= self.slot_bit[cat]
            open_ = {j: frozenset(x for x in where if x > i) for j, (_, where) in enumerate(spans)
                     if where[0] <= i < where[-1]}
            by_player: dict[str, list[int]] = {}
            for j in open_:
                by_player.setdefault(spans[j][0], []).append(j)
            for p, js in by_player.items():
                for j in js:
                    sub = sum(clause_bit[k] for k in js
                              if k != j and open_[k] <= open_[j] and (open_[k] != open_[j] or k < j))
                    if sub:
                        self.redundant[i].append((clause_bit[j], sub))
                self.starved[i].append((self.room_mask << (self.rb * self.players.index(p)),
                                        sum(clause_bit[j] for j in js)))
                if 2 <= len(js) <= HITTING_TABLE:
                    bits = [clause_bit[j].bit_length() - 1 for j in js]
                    table = _fewest_cards([open_[j] for j in js])
                    self.hitting[i].append((self.rb * self.players.index(p), bits, table))

    def _canonical(self, i: int, t: int) -> int:
        """The representative of ``t`` after card i, or -1 for a dead end."""
        if t & self.unfillable[i]:
            return -1
        for shift, left in self.scarce[i]:
            if (t >> shift) & self.room_mask > left:
                return -1
        for room, clauses in self.starved[i]:
            if not t & room and t & clauses:
                return -1
        for shift, bits, table in self.hitting[i]:
            if table[sum(((t >> b) & 1) << k for k, b in enumerate(bits))] > (t >> shift) & self.room_mask:
                return -1
        for bit, sub in self.redundant[i]:
            if t & bit and t & sub:
                t &= ~bit
        return t

    def _reduce(self, i: int, t: int) -> int:
        """``_canonical`` without the dead-end tests (for passes that know the live states)."""
        for bit, sub in self.redundant[i]:  # (usually empty)
            if t & bit and t & sub:
                t &= ~bit
        return t

    def _moves(self, i: int) -> list[tuple[str, int, int, int]]:
        """(holder, field to test, amount to subtract, bits to clear) for card i."""
        c = self.order[i]
        out = []
        for h in sorted(self.red.allowed[c]):
            if h == CASE:
                assert c.category is not None
                bit = self.slot_bit[c.category]
                out.append((h, bit, bit, 0))
            else:
                out.append((h, self.room_mask << (self.rb * self.players.index(h)), self.unit[h],
                            self.satisfies[i].get(h, 0)))
        return out

    def cost(self) -> int:
        """A bound on the states of the widest layer, times the number of layers."""
        rooms = prod(r + 1 for r in self.red.capacity.values()) << len(self.red.open_slots)
        return (rooms << (self.width - self.rb * len(self.players) - 3)) * (len(self.order) + 1)

    # -- the end: wildcards fill what is left -------------------------------------------------
    def _close(self, state: int) -> int:
        """The ways the wildcards complete an end state (asked twice on large problems:
        by the live-state pass and by the backward pass)."""
        got = self._closed.get(state)
        if got is None:
            got = self._closed[state] = self._close_now(state)
        return got

    def _close_now(self, state: int) -> int:
        rooms = [(state >> (self.rb * i)) & self.room_mask for i in range(len(self.players))]
        slots = [cat for cat in CATEGORIES if state & self.slot_bit[cat]]
        ways = 1
        for cat in slots:
            ways *= len(self.wild_by_cat[cat])
        rest = len(self.wild) - len(slots)
        if ways == 0 or rest != sum(rooms):
            return 0
        ways *= factorial(rest)
        for r in rooms:
            ways //= factorial(r)
        return ways

    # -- passes ------------------------------------------------------------------------------
    def counts(self, budget: int | None = None) -> Counts:
        """Small problems: plain recursion (no numpy import).  Large ones: the live states
        first (numpy), unless few clauses are open at once: then the recursion meets few
        dead ends and is tried first, up to ``RECURSION_FIRST`` states (decision 176: a
        6-player spectator record with the fake, 18,000 states, 45 ms by recursion, 90 ms
        more with numpy's import; a log of 30 open "one of" facts, 185,000 states by
        recursion against 1,600 live ones)."""
        memo = None
        if self.width <= 63 and self.cost() > SMALL_PROBLEM:
            if self.colours <= FEW_COLOURS:
                first = RECURSION_FIRST if budget is None else min(budget, RECURSION_FIRST)
                try:
                    memo = self._backward(None, first)
                except OverBudget:
                    if first == budget:
                        raise
            if memo is None:
                memo = self._backward(_live_states(self), budget)
        else:
            memo = self._backward(None, budget)
        total = memo[0].get(self.start, 0)
        if total == 0:
            raise NoWorldFits
        return self._forward(memo, total)

    def _edges(self, i: int, s: int, after: dict[int, int]) -> list[tuple[str, int, int]]:
        """The moves of card i from state s that lead somewhere live: (holder, next, completions)."""
        out = []
        s1 = s | self.opens[i]
        close = self.closes[i]
        for h, test, sub, clear in self.moves[i]:
            if s1 & test:
                t = (s1 - sub) & ~clear
                if not t & close:
                    u = self._reduce(i, t) if self.redundant[i] else t
                    b = after.get(u, 0)
                    if b:
                        out.append((h, u, b))
        return out

    def _backward(self, live: list[set[int]] | None, budget: int | None) -> list[dict[int, int]]:
        """Completions of every state: over the live states layer by layer when they are
        known, else by memoised recursion from the start."""
        n = len(self.order)
        memo: list[dict[int, int]] = [{} for _ in range(n + 1)]
        canonical = self._canonical
        if live is not None:
            memo[n] = {s: self._close(s) for s in live[n]}
            all_edges: list[dict[int, list[tuple[str, int, int]]]] = [{} for _ in range(n)]
            self.edges = all_edges
            for i in range(n - 1, -1, -1):  # the hot loop of large problems: kept flat
                after, table, edges = memo[i + 1], memo[i], all_edges[i]
                opens, close, options, redundant = self.opens[i], self.closes[i], self.moves[i], self.redundant[i]
                for s in live[i]:
                    s1 = s | opens
                    out = []
                    total = 0
                    for h, test, sub, clear in options:
                        if s1 & test:
                            t = (s1 - sub) & ~clear
                            if not t & close:
                                if redundant:
                                    t = self._reduce(i, t)
                                b = after.get(t)
                                if b:
                                    out.append((h, t, b))
                                    total += b
                    edges[s] = out
                    table[s] = total
            return memo
        spent = [0]
        moves, opens_, closes = self.moves, self.opens, self.closes
        tests = [bool(self.unfillable[i] or self.scarce[i] or self.starved[i] or self.hitting[i] or self.redundant[i])
                 for i in range(n)]

        def back(i: int, s: int) -> int:
            """Completions of state s of layer i (not yet in ``memo``)."""
            if i == n:
                total = self._close(s)
            else:
                total = 0
                after = memo[i + 1]
                s1 = s | opens_[i]
                close = closes[i]
                test = tests[i]
                for _h, field_, sub, clear in moves[i]:
                    if s1 & field_:
                        t = (s1 - sub) & ~clear
                        if not t & close:
                            if test:
                                t = canonical(i, t)
                                if t < 0:
                                    continue
                            b = after.get(t)
                            total += back(i + 1, t) if b is None else b
            memo[i][s] = total
            spent[0] += 1
            if budget is not None and spent[0] > budget:
                raise OverBudget
            return total

        back(0, self.start)
        return memo

    def _forward(self, memo: list[dict[int, int]], total: int) -> Counts:
        """Forward over live states only (``memo`` holds exactly those): card marginals, and
        the case identities (and tracked holders) carried as extra high bits for the truth
        joint.  States are grouped by their projected part, so each transition is worked
        out once for all the identities riding on it."""
        n = len(self.order)
        edges = self.edges
        holders: dict[Card, dict[str, int]] = {}
        layer: dict[int, dict[int, int]] = {self.start: {0: 1}}
        for i, c in enumerate(self.order):
            after = memo[i + 1]
            row: dict[str, int] = {}
            nxt: dict[int, dict[int, int]] = {}
            tracked = self.track_off.get(c)
            extras = {}  # the bits each holder adds to the identities riding on a state
            for h in (*self.players, CASE):
                extra = 0
                if h == CASE and c.category is not None:
                    extra |= self.ident[c] << self.ident_off[c.category]
                if tracked is not None:
                    extra |= self.holder_code[h] << tracked
                extras[h] = extra
            marginals = self.marginals
            for s, group in layer.items():
                weight = sum(group.values()) if marginals else 0
                for h, u, b in edges[i][s] if edges is not None else self._edges(i, s, after):
                    if marginals:
                        row[h] = row.get(h, 0) + weight * b
                    extra = extras[h]
                    target = nxt.get(u)
                    if target is None:  # the first way into u: a copy of the group
                        nxt[u] = {e | extra: f for e, f in group.items()} if extra else dict(group)
                    elif extra:
                        for e, f in group.items():
                            e |= extra
                            target[e] = target.get(e, 0) + f
                    else:
                        for e, f in group.items():
                            target[e] = target.get(e, 0) + f
            holders[c] = row
            layer = nxt
        return self._finish(layer, holders, total, memo[n])

    def _finish(self, layer: dict[int, dict[int, int]], holders: dict[Card, dict[str, int]], total: int,
                closing: dict[int, int]) -> Counts:
        """``layer``: each end state with the identities riding on it; ``closing``: the ways
        wildcards complete each end state (backward's last layer)."""
        slot_bits = sum(self.slot_bit.values())
        projected: dict[int, int] = {}  # rooms and slots -> deals (for the wildcards' marginals)
        chosen_by: dict[int, int] = {}  # slots, case identities, tracked holders -> deals
        for s, group in layer.items():
            ways = closing.get(s, 0)
            if not ways:
                continue
            projected[s] = projected.get(s, 0) + ways * sum(group.values())
            slots = s & slot_bits
            for e, f in group.items():
                rest = e | slots
                chosen_by[rest] = chosen_by.get(rest, 0) + f * ways
        truth, tracked = self._truth(chosen_by)
        out = Counts(total, truth, {}, tracked, self.problem.cards)
        if self.marginals:
            out.holders = self._holder_table(holders, self._wild_rows(projected), total)
        return out

    def _truth(self, chosen_by: dict[int, int]) -> tuple[dict[Triple, int], dict[tuple[AtTriple, tuple[str, ...]], int]]:
        """The truth joint (and tracked holders): a case slot still open at the end took a
        wildcard of its category, each one equally often.  The truths an end state stands
        for depend on its open slots and case identities only (its *signature*): they are
        listed once per signature, and the truth joint is summed by signature first."""
        red = self.red
        fixed_case = {c.category: c for c, h in red.fixed.items() if h == CASE}
        names = {v: k for k, v in self.holder_code.items()}
        # keyed by card positions while summing (a Card hashes in Python; an int tuple in C)
        cards = list(self.problem.cards)
        at = {c: i for i, c in enumerate(cards)}
        fixed_at = {cat: [at[c]] for cat, c in fixed_case.items()}
        wild_at = {cat: [at[c] for c in self.wild_by_cat[cat]] for cat in CATEGORIES}
        order_at = [at[c] for c in self.order]
        asked = [(self.track_off[c], None) if c in self.track_off else (0, red.fixed[c]) for c in self.asked]
        signature = sum(self.slot_bit.values()) | sum(self.ident_mask << off for off in self.ident_off.values())
        listed: dict[int, tuple[list[AtTriple], int]] = {}  # signature -> its truths, the share of each
        by_signature: dict[int, int] = {}
        tracked_at: dict[tuple[tuple[int, int, int], tuple[str, ...]], int] = {}
        for s, weight in chosen_by.items():
            sig = s & signature
            got = listed.get(sig)
            if got is None:
                chosen: list[list[int]] = []
                parts = 1
                for cat in CATEGORIES:
                    if cat in fixed_at:
                        chosen.append(fixed_at[cat])
                    elif s & self.slot_bit[cat]:
                        chosen.append(wild_at[cat])
                        parts *= len(wild_at[cat])
                    else:
                        chosen.append([order_at[((s >> self.ident_off[cat]) & self.ident_mask) - 1]])
                got = listed[sig] = ([(a, b, c) for a, b, c in product(*chosen)], parts)
            keys, parts = got
            share = weight // parts
            by_signature[sig] = by_signature.get(sig, 0) + share
            if asked:
                held = tuple(names[(s >> off) & self.track_mask] if h is None else h for off, h in asked)
                for key in keys:
                    pair = (key, held)
                    tracked_at[pair] = tracked_at.get(pair, 0) + share
        truth_at: dict[tuple[int, int, int], int] = {}
        for sig, share in by_signature.items():  # the signatures in the order the end states first had them
            for key in listed[sig][0]:
                truth_at[key] = truth_at.get(key, 0) + share
        truth = {(cards[a], cards[b], cards[c]): n for (a, b, c), n in truth_at.items()}
        return truth, tracked_at

    def _wild_rows(self, projected: dict[int, int]) -> dict[Card, dict[str, int]]:
        """Holder counts of each wildcard, from the rooms and open slots left at the end:
        a slot of its category takes it with chance 1/W, each room r of the rest with r/rest
        (every quotient below is exact: the closing count carries those factors, so the
        end states are summed per pattern of open slots first, and divided once)."""
        slot_bits = sum(self.slot_bit.values())
        weights: dict[int, int] = {}  # open slots -> deals
        by_room: dict[int, list[int]] = {}  # open slots -> per player, deals times its room left
        for key, weight in projected.items():
            slots = key & slot_bits
            weights[slots] = weights.get(slots, 0) + weight
            rooms = by_room.setdefault(slots, [0] * len(self.players))
            for i in range(len(self.players)):
                r = (key >> (self.rb * i)) & self.room_mask
                if r:
                    rooms[i] += weight * r
        groups: dict[Category | None, dict[str, int]] = {}
        categories = {c.category for c in self.wild}
        for slots, weight in weights.items():
            open_cats = [cat for cat in CATEGORIES if slots & self.slot_bit[cat]]
            rest = len(self.wild) - len(open_cats)
            for cat in categories:
                row = groups.setdefault(cat, {})
                size, keep = 1, 1  # keep/size: the share of the deals that leave the card to a hand
                if cat in open_cats:
                    size = len(self.wild_by_cat[cat])  # type: ignore[index]
                    row[CASE] = row.get(CASE, 0) + weight // size
                    keep = size - 1
                for p, room in zip(self.players, by_room[slots], strict=True):
                    if room:
                        row[p] = row.get(p, 0) + room // size * keep // rest
        return {c: groups[c.category] for c in self.wild}

    def _holder_table(self, dp_rows: dict[Card, dict[str, int]], wild_rows: dict[Card, dict[str, int]],
                      total: int) -> dict[Card, dict[str, int]]:
        table: dict[Card, dict[str, int]] = {}
        for c in self.problem.cards:
            row = {h: 0 for h in (*self.problem.players, CASE)}
            if c in self.red.fixed:
                row[self.red.fixed[c]] = total
            elif c in dp_rows:
                row.update(dp_rows[c])
            else:
                row.update(wild_rows[c])
            table[c] = row
        return table




SMALL_PROBLEM = 100_000  # state-space bound below which the card layers skip the numpy pass
FEW_COLOURS = 8  # open clauses at once (clause colours) up to which the recursion goes first ...
RECURSION_FIRST = 40_000  # ... for at most this many states (~0.1 s), then the numpy pass
HITTING_TABLE = 12  # players with at most this many open clauses get a smallest-hitting-set table


def _fewest_cards(family: list[frozenset[int]]) -> list[int]:
    """For every subset of the clauses (as a bit index), the fewest cards that meet each
    clause in it: a dead-end test (a player with less room than that cannot make it)."""
    m = len(family)
    containing: dict[int, int] = {}
    for j, cards in enumerate(family):
        for x in cards:
            containing[x] = containing.get(x, 0) | (1 << j)
    table = [0] * (1 << m)
    for idx in range(1, 1 << m):
        first = (idx & -idx).bit_length() - 1
        table[idx] = 1 + min(table[idx & ~containing[x]] for x in family[first])
    return table


def _colour(spans: list[tuple[int, int]]) -> list[int]:
    """Give each clause span [first, last] the smallest colour no overlapping span has
    (interval-graph colouring: as many colours as spans open at once)."""
    colour = [0] * len(spans)
    free_at: list[int] = []  # colour -> last position of the span using it
    for j in sorted(range(len(spans)), key=lambda j: spans[j]):
        first, last = spans[j]
        k = next((k for k, end in enumerate(free_at) if end < first), len(free_at))
        if k == len(free_at):
            free_at.append(last)
        else:
            free_at[k] = last
        colour[j] = k
    return colour


def _live_states(run: _CardRun) -> list[set[int]]:
    """The states of each layer from which the deal can be completed, found with numpy on
    uint64 states: all reachable states forward, then backward those with a live successor.
    The exact count then skips every dead end (most states, on logs full of clauses)."""
    import numpy as np

    full = (1 << 64) - 1
    n = len(run.order)

    def step(i: int, s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Every move of card i at once: the index of the state each result came from, and
        the results (dead ends dropped, redundant clause bits cleared)."""
        s1 = s | np.uint64(run.opens[i])
        froms, tos = [], []
        for _h, test, sub, clear in run.moves[i]:
            idx = np.flatnonzero(s1 & np.uint64(test))
            froms.append(idx)
            tos.append((s1[idx] - np.uint64(sub)) & np.uint64(~clear & full))
        if not froms:
            return np.zeros(0, np.int64), np.zeros(0, np.uint64)
        idx, t = np.concatenate(froms), np.concatenate(tos)
        keep = (t & np.uint64(run.closes[i])) == 0
        if run.unfillable[i]:
            keep &= (t & np.uint64(run.unfillable[i])) == 0
        for shift, left in run.scarce[i]:
            keep &= ((t >> np.uint64(shift)) & np.uint64(run.room_mask)) <= left
        for room, clauses in run.starved[i]:
            keep &= ~(((t & np.uint64(room)) == 0) & ((t & np.uint64(clauses)) != 0))
        idx, t = idx[keep], t[keep]
        for shift, bits, table in run.hitting[i]:
            pick = np.zeros(len(t), dtype=np.int64)
            for k, b in enumerate(bits):
                pick |= ((t >> np.uint64(b)) & np.uint64(1)).astype(np.int64) << k
            ok = np.asarray(table)[pick] <= ((t >> np.uint64(shift)) & np.uint64(run.room_mask))
            idx, t = idx[ok], t[ok]
        for bit, sub_ in run.redundant[i]:
            hit = ((t & np.uint64(bit)) != 0) & ((t & np.uint64(sub_)) != 0)
            t = np.where(hit, t & np.uint64(~bit & full), t)
        return idx, t

    layers = [np.array([run.start], dtype=np.uint64)]
    steps = []
    for i in range(n):
        moved = step(i, layers[i])
        steps.append(moved)
        layers.append(np.unique(moved[1]))
    live = [set[int]() for _ in range(n + 1)]
    last = layers[n]  # alive when the wildcards can close it (``_close`` > 0): they fill the rooms left
    rooms = np.zeros(len(last), dtype=np.int64)  # exactly, and each open slot has one of its category
    for i in range(len(run.players)):
        rooms += ((last >> np.uint64(run.rb * i)) & np.uint64(run.room_mask)).astype(np.int64)
    slots = np.zeros(len(last), dtype=np.int64)
    alive = np.ones(len(last), dtype=bool)
    for cat in CATEGORIES:
        is_open = (last & np.uint64(run.slot_bit[cat])) != 0
        slots += is_open
        if not run.wild_by_cat[cat]:
            alive &= ~is_open
    alive &= rooms == len(run.wild) - slots
    good = last[alive]
    live[n] = {int(x) for x in good}
    for i in range(n - 1, -1, -1):
        ok = np.zeros(len(layers[i]), dtype=bool)
        if len(good):
            idx, t = steps[i]  # ``good`` is sorted (a subset of np.unique's output)
            at = np.minimum(np.searchsorted(good, t), len(good) - 1)
            ok[idx[good[at] == t]] = True
        good = layers[i][ok]
        live[i] = {int(x) for x in good}
    return live


def _order(cards: list[Card], clauses: list[tuple[str, frozenset[Card]]], track: Sequence[Card]) -> list[Card]:
    """Cards in no clause first, then a greedy order that opens few clauses at a time,
    then the tracked cards (their holders ride in the state to the end)."""
    tracked = [c for c in cards if c in set(track)]
    rest = [c for c in cards if c not in set(track)]
    members: dict[Card, list[int]] = {c: [] for c in cards}
    for j, (_, s) in enumerate(clauses):
        for c in s:
            members[c].append(j)
    free = sorted((c for c in rest if not members[c]), key=lambda c: c.id)
    todo = {c for c in rest if members[c]}
    order = list(free)
    seen: set[Card] = set(order)
    opened: set[int] = set()
    while todo:
        def score(c: Card) -> tuple[int, int, str]:
            new = sum(1 for j in members[c] if j not in opened)
            closing = sum(1 for j in members[c] if all(x in seen or x == c for x in clauses[j][1]))
            return (new - closing, -sum(1 for j in members[c] if j in opened), c.id)

        best = min(todo, key=score)
        todo.discard(best)
        order.append(best)
        seen.add(best)
        opened.update(members[best])
    return order + tracked


class _HandRun(_Run):
    """Layers = hands (the case slots first, then each player); state = how many cards of
    each *type* are still to deal.  A type groups interchangeable cards: same category,
    same possible holders, same clauses.  A player's clauses are settled by the hand it
    takes, so no clause needs remembering: long logs of open "one of" facts cost
    nothing here, only the number of distinct types does."""

    def __init__(self, problem: DealProblem, red: _Reduced, track: Sequence[Card], marginals: bool) -> None:
        super().__init__(problem, red, track, marginals)
        member = {c: frozenset(j for j, (_, s) in enumerate(red.clauses) if c in s) for c in red.cards}
        groups: dict[tuple[Category | None, frozenset[str], frozenset[int], Card | None], list[Card]] = {}
        for c in sorted(red.cards, key=lambda c: c.id):
            key = (c.category, red.allowed[c], member[c], c if c in self.track else None)
            groups.setdefault(key, []).append(c)
        self.types = list(groups.values())
        self.size = [len(t) for t in self.types]
        self.radix = []
        r = 1
        for n in self.size:
            self.radix.append(r)
            r *= n + 1
        self.start = sum(n * rad for n, rad in zip(self.size, self.radix, strict=True))
        allowed = [red.allowed[t[0]] for t in self.types]
        self.layers: list[tuple[str, list[tuple[tuple[tuple[int, int], ...], int]]]] = []
        for cat in CATEGORIES:
            if cat in red.open_slots:
                options = [i for i, t in enumerate(self.types) if t[0].category == cat and CASE in allowed[i]]
                self.layers.append((CASE, [(((i, 1),), self.radix[i]) for i in options]))
        for p, room in red.capacity.items():
            options = [i for i in range(len(self.types)) if p in allowed[i]]
            needs = [frozenset(i for i in options if j in member[self.types[i][0]])
                     for j, (q, _) in enumerate(red.clauses) if q == p]
            self.layers.append((p, self._hands(options, room, needs)))

    def _hands(self, options: list[int], room: int, needs: list[frozenset[int]]
               ) -> list[tuple[tuple[tuple[int, int], ...], int]]:
        """Every way to fill ``room`` from the types (as (type, how many) pairs) that
        meets each of the player's clauses."""
        out = []

        def walk(k: int, left: int, taken: list[tuple[int, int]]) -> None:
            if left == 0:
                used = {i for i, _ in taken}
                if all(used & need for need in needs):
                    out.append((tuple(taken), sum(n * self.radix[i] for i, n in taken)))
                return
            if k == len(options):
                return
            i = options[k]
            for n in range(min(left, self.size[i]), -1, -1):
                walk(k + 1, left - n, [*taken, (i, n)] if n else taken)

        walk(0, room, [])
        return out

    def cost(self) -> int:
        return prod(n + 1 for n in self.size) * max(1, len(self.layers)) * (len(self.layers) + 1)

    def _ways(self, s: int, hand: tuple[tuple[int, int], ...]) -> int:
        ways = 1
        for i, n in hand:
            have = (s // self.radix[i]) % (self.size[i] + 1)
            if have < n:
                return 0
            ways *= comb(have, n)
        return ways

    def counts(self, budget: int | None = None) -> Counts:
        layers = self.layers
        spent = [0]
        memo: list[dict[int, int]] = [{} for _ in range(len(layers) + 1)]

        def back(i: int, s: int) -> int:
            got = memo[i].get(s)
            if got is not None:
                return got
            if i == len(layers):
                total = int(s == 0)
            else:
                total = 0
                for hand, delta in layers[i][1]:
                    w = self._ways(s, hand)
                    if w:
                        total += w * back(i + 1, s - delta)
            memo[i][s] = total
            spent[0] += 1 + len(layers[i][1]) if i < len(layers) else 1
            if budget is not None and spent[0] > budget:
                raise OverBudget
            return total

        total = back(0, self.start)
        if total == 0:
            raise NoWorldFits
        tracked_type = {i: t[0] for i, t in enumerate(self.types) if t[0] in self.track}
        rows: dict[str, list[int]] = {}
        Aug = tuple[int, tuple[int, ...], tuple[int, ...]]  # state, case types, tracked (type, layer)
        layer: dict[Aug, int] = {(self.start, (), ()): 1}
        for i, (holder, hands) in enumerate(layers):
            row = rows.setdefault(holder, [0] * len(self.types))
            nxt: dict[Aug, int] = {}
            for (s, case, seen), f in layer.items():
                for hand, delta in hands:
                    w = self._ways(s, hand)
                    if not w:
                        continue
                    t = s - delta
                    b = memo[i + 1].get(t, 0)
                    if not b:
                        continue
                    if self.marginals:
                        for k, n in hand:
                            row[k] += f * w * b * n
                    key = (t, case + tuple(k for k, _ in hand) if holder == CASE else case,
                           seen + tuple(k * 1000 + i for k, _ in hand if k in tracked_type))
                    nxt[key] = nxt.get(key, 0) + f * w
            layer = nxt
        return self._finish(layer, rows, total, tracked_type)

    def _finish(self, layer: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int], rows: dict[str, list[int]],
                total: int, tracked_type: dict[int, Card]) -> Counts:
        red = self.red
        fixed_case = {c.category: c for c, h in red.fixed.items() if h == CASE}
        open_cats = [cat for cat in CATEGORIES if cat in red.open_slots]
        truth: dict[Triple, int] = {}
        tracked: dict[tuple[Triple, tuple[str, ...]], int] = {}
        for (_, case_types, seen), f in layer.items():
            holders = {tracked_type[code // 1000]: self.layers[code % 1000][0] for code in seen}
            chosen = {cat: [fixed_case[cat]] for cat in fixed_case}
            share = f
            for cat, k in zip(open_cats, case_types, strict=True):
                chosen[cat] = self.types[k]
                share //= self.size[k]
            held = tuple(holders[c] if c in holders else red.fixed[c] for c in self.asked)
            for triple in product(*(chosen[cat] for cat in CATEGORIES)):
                key3 = (triple[0], triple[1], triple[2])
                truth[key3] = truth.get(key3, 0) + share
                if self.asked:
                    tracked[(key3, held)] = tracked.get((key3, held), 0) + share
        at = {c: i for i, c in enumerate(self.problem.cards)}
        tracked_at = {((at[a], at[b], at[c]), held): n for ((a, b, c), held), n in tracked.items()}
        out = Counts(total, truth, {}, tracked_at, self.problem.cards)
        if self.marginals:
            for c in self.problem.cards:
                row = {h: 0 for h in (*self.problem.players, CASE)}
                if c in red.fixed:
                    row[red.fixed[c]] = total
                out.holders[c] = row
            for k, cards in enumerate(self.types):
                for holder, counts in rows.items():
                    for c in cards:
                        out.holders[c][holder] = counts[k] // self.size[k]
        return out


def _pick(problem: DealProblem, red: _Reduced, track: Sequence[Card], marginals: bool,
          method: str) -> _CardRun | _HandRun | _Race:
    """The algorithm asked for, or (``auto``) the card layers whenever their state fits a
    64-bit word (the vectorised dead-end pass keeps them fast on long logs).  Otherwise a
    race: the run with the smaller estimated state space goes first under a budget of
    states; past it the other gets a turn, and the budget grows eightfold each round (so
    at most a constant factor is wasted on the wrong choice)."""
    cards = _CardRun(problem, red, track, marginals)
    if method == "cards" or (method == "auto" and cards.width <= 63):
        return cards
    hands = _HandRun(problem, red, track, marginals)
    if method == "hands":
        return hands
    return _Race(sorted([cards, hands], key=lambda r: r.cost()))


class _Race:
    def __init__(self, runs: list[_CardRun | _HandRun]) -> None:
        self.runs = runs

    def counts(self) -> Counts:
        budget = 20_000
        while True:
            for run in self.runs:
                try:
                    return run.counts(budget)
                except OverBudget:
                    continue
            budget *= 8
