"""Exact counting of Canary worlds (ruling R7: every consistent world counts once).

A world is a clue deal (and, with 4 players, the fake holder) plus a layout of the
deck on the board.  Clue deals are few (at most 5!/1! x 4 = 480), so they are
enumerated; layouts are not (49!/(2!^10 3!^5 4!) of them), so for each clue deal the
layouts are *counted*:

* squares whose face is known take their card out of the deck;
* every other square needs a set of attributes R (the clues of the players who hid it
  unseen); squares with the same R are interchangeable, so they form one group;
* card kinds that meet the same required attributes the same way form one class
  (kinds with equal ``attrs & relevant``); a dynamic program distributes each class
  over the groups it fits, state = the free places left in each constrained group.

With distinct physical cards, placing class c (M_c cards) into chosen places is
``prod_g C(free_g, y_g) * M_c!`` ways; dividing by ``prod_k m_k!`` turns physical
layouts into layouts of kinds.  All arithmetic is on Python ints; probabilities are
``Fraction``s.  ``docs/engine.md`` derives it; ``tests/canary/test_counter_bruteforce.py``
checks it against brute-force enumeration on reduced boards and decks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from math import factorial, prod
from typing import TypeVar

from suiri.solver.errors import NoWorldFits
from suiri.solver.probability import box, filling_polynomial

from .board import Square
from .cards import Attribute, Deck, Kind
from .rules import (
    Answered,
    CheckSeen,
    DeclarationOutcome,
    Declared,
    Observation,
    OwnAuthenticity,
    OwnClue,
    Variant,
    declaration_asserts_own_clue,
    declaration_succeeds,
    hides,
    truthful_answer,
)


@dataclass(frozen=True)
class Hypothesis:
    """One clue deal: each player's clue (in seat order) and the fake holder, if any."""

    clues: tuple[Attribute, ...]
    fake: int | None = None

    def genuine(self) -> frozenset[Attribute]:
        return frozenset(c for i, c in enumerate(self.clues) if i != self.fake)


@lru_cache(maxsize=64)
def hypotheses(variant: Variant) -> tuple[Hypothesis, ...]:
    """Every clue deal the rules allow, each equally likely before the game (R7);
    memoised (thousands of deals, the same for every record of a variant)."""
    deals = permutations(variant.deck.attributes, variant.players)
    fakes: Sequence[int | None] = range(variant.players) if variant.fake else (None,)
    return tuple(Hypothesis(c, f) for c in deals for f in fakes)


@dataclass(frozen=True)
class Layout:
    """What a clue deal and the observations say about the board."""

    known: dict[Square, Kind]
    require: dict[Square, frozenset[Attribute]]


Pairs = frozenset[tuple[Attribute, bool]]  # a seat's (clue, is the fake) pairs left
Seen = TypeVar("Seen")  # an observation, as a seat's constraint reads it


@dataclass(frozen=True)
class Constraints:
    """Observations read once for every clue deal: the faces they show (the same under
    every deal; None: two faces for one square), the (clue, is the fake) pairs each seat
    may still have (None: nothing said about the seat), the fake holders the outcomes of
    declarations allow (None: any) and, per square, the seats that hid it unseen (their
    clues are what it requires).  Every observation constrains one seat's clue and
    authenticity, or only who the fake is, so a deal is checked seat by seat."""

    faces: dict[Square, Kind] | None
    allowed: tuple[Pairs | None, ...]
    fakes: frozenset[int | None] | None
    hidden: dict[Square, list[int]]

    @classmethod
    def of(cls, variant: Variant, players: Sequence[str], observations: Iterable[Observation]) -> Constraints:
        seat = {p: i for i, p in enumerate(players)}
        pairs = [(a, fake) for a in variant.deck.attributes for fake in (False, True)]
        allowed: list[Pairs | None] = [None] * len(players)
        faces: dict[Square, Kind] | None = {}
        fakes: frozenset[int | None] | None = None
        hidden: dict[Square, list[int]] = {}

        def keep(player: str, o: Seen, fits: Callable[[Seen, Attribute, bool], bool]) -> None:
            """Seat ``player`` keeps the (clue, is the fake) pairs that fit observation ``o``."""
            i = seat[player]
            left = allowed[i]
            allowed[i] = frozenset(p for p in (pairs if left is None else left) if fits(o, *p))

        def see(sq: Square, face: Kind) -> None:
            nonlocal faces
            if faces is not None and faces.setdefault(sq, face) != face:
                faces = None

        for o in observations:
            if isinstance(o, OwnClue):
                keep(o.player, o, lambda x, a, fake: a == x.attribute)
            elif isinstance(o, OwnAuthenticity):
                keep(o.player, o, lambda x, a, fake: fake != x.genuine)
            elif isinstance(o, CheckSeen):
                if o.face is not None:
                    see(o.square, o.face)
                    keep(o.player, (o.face, o.hidden), lambda x, a, fake: hides(a, x[0]) == x[1])
                elif o.hidden:
                    hidden.setdefault(o.square, []).append(seat[o.player])
                else:  # pragma: no cover - the reader requires the face of a revealed card
                    raise ValueError("a revealed check without its face")
            elif isinstance(o, Declared):
                see(o.square, o.face)
                keep(o.player, o, lambda x, a, fake: declaration_asserts_own_clue(variant, not fake, a, x.face))
            elif isinstance(o, Answered):
                keep(o.player, o, lambda x, a, fake: truthful_answer(a, fake, x.face) == x.yes)
            elif isinstance(o, DeclarationOutcome):
                options = fakes if fakes is not None else frozenset([None, *range(len(players))])
                fakes = frozenset(f for f in options if declaration_succeeds(
                    players[f] if f is not None else None, o.declarer, o.answers) == o.succeeded)
            else:  # pragma: no cover
                raise TypeError(f"unknown observation {o!r}")
        return cls(faces, tuple(allowed), fakes, hidden)

    def layout(self, h: Hypothesis, base: Layout | None = None) -> Layout | None:
        """The layout constraints under clue deal ``h`` (added to ``base``); None when an
        observation rules ``h`` out."""
        if self.faces is None or (self.fakes is not None and h.fake not in self.fakes):
            return None
        for i, pairs in enumerate(self.allowed):
            if pairs is not None and (h.clues[i], h.fake == i) not in pairs:
                return None
        known: dict[Square, Kind] = dict(base.known) if base else {}
        for sq, face in self.faces.items():
            if known.setdefault(sq, face) != face:
                return None
        require: dict[Square, set[Attribute]] = {sq: set(r) for sq, r in base.require.items()} if base else {}
        for sq, seats in self.hidden.items():
            require.setdefault(sq, set()).update(h.clues[i] for i in seats)
        for sq, needed in require.items():
            if sq in known and not needed <= known[sq].attrs:
                return None
        return Layout(known, {sq: frozenset(r) for sq, r in require.items() if sq not in known})


# -- counting layouts -------------------------------------------------------------------
def count_layouts(variant: Variant, layout: Layout, fixed: dict[Square, Kind] | None = None) -> int:
    """How many layouts of kinds fit ``layout`` (plus squares ``fixed`` to a kind)."""
    if fixed:
        fixed_layout = _fix(layout, fixed)
        if fixed_layout is None:
            return 0
        layout = fixed_layout
    return _count(variant, frozenset(layout.known.items()), frozenset(layout.require.items()))


@lru_cache(maxsize=8)
def _masks(deck: Deck) -> Callable[[frozenset[Attribute]], int]:
    """Attribute sets as bit masks (memoised: every count needs them)."""
    index = {a: 1 << i for i, a in enumerate(deck.attributes)}
    return lru_cache(maxsize=1024)(lambda attrs: sum(index[a] for a in attrs))


@lru_cache(maxsize=65536)
def _count(variant: Variant, known_items: frozenset[tuple[Square, Kind]],
           require_items: frozenset[tuple[Square, frozenset[Attribute]]]) -> int:
    """``count_layouts`` on a canonical key: clue deals that leave the same board
    constraints (common for a spectator) share one count."""
    deck = variant.deck
    mask = _masks(deck)
    remaining: dict[Kind, int] = {k: k.copies for k in deck.kinds}
    for _, kind in known_items:
        remaining[kind] -= 1
        if remaining[kind] < 0:
            return 0
    free = variant.board.size - len(known_items)
    groups: dict[int, int] = {}
    for _, r in require_items:
        m = mask(r)
        groups[m] = groups.get(m, 0) + 1
    groups[0] = free - sum(n for m, n in groups.items() if m)
    relevant = 0
    for m in groups:
        relevant |= m
    classes: dict[int, int] = {}
    divisor = 1
    for kind, left in remaining.items():
        if left:
            key = mask(kind.attrs) & relevant
            classes[key] = classes.get(key, 0) + left
            divisor *= factorial(left)
    if sum(classes.values()) != free:
        return 0
    group_key = tuple(sorted((m, n) for m, n in groups.items() if m))
    class_key = tuple(sorted(classes.items()))
    ways = _distribute(group_key, class_key)
    return ways // divisor


@lru_cache(maxsize=65536)
def _distribute(groups: tuple[tuple[int, int], ...], classes: tuple[tuple[int, int], ...]) -> int:
    """Ways to place distinct cards, ``classes`` = (attribute mask, count), into places,
    ``groups`` = (required mask, size) plus an unconstrained group taking the rest.

    Closed form (``solver.probability.filling_polynomial``): a card fits a group when it
    has every attribute the group requires; the ways are the factorials of every group's
    size times the coefficient of ``Π y_j^size_j`` in ``Π_class (1 + Y_class)^count``
    (``Y_class``: the sum of the y_j of the groups it fits; the 1: the unconstrained group)."""
    sizes = tuple(n for _, n in groups)
    rest = sum(c for _, c in classes) - sum(sizes)  # the unconstrained group's places
    if rest < 0:
        return 0
    poly = filling_polynomial(sizes, ((tuple(j for j, (m, _) in enumerate(groups) if m & cmask == m), count)
                                      for cmask, count in classes))
    return poly[box(sizes)[1]] * factorial(rest) * prod(factorial(n) for n in sizes)


# -- the counts: exact probabilities ----------------------------------------------------
@dataclass
class Counts:
    """Counts of consistent worlds per clue deal, and per square how many are goals."""

    variant: Variant
    players: tuple[str, ...]
    weights: dict[Hypothesis, int]
    goal_counts: dict[Hypothesis, list[int]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.weights.values())

    def probability(self, h: Hypothesis) -> Fraction:
        return Fraction(self.weights[h], self.total)

    def clue_marginals(self, player: str) -> dict[Attribute, Fraction]:
        i = self.players.index(player)
        out = {a: Fraction(0) for a in self.variant.deck.attributes}
        for h, w in self.weights.items():
            out[h.clues[i]] += Fraction(w, self.total)
        return out

    def fake_marginals(self) -> dict[str, Fraction]:
        out = {p: Fraction(0) for p in self.players}
        for h, w in self.weights.items():
            if h.fake is not None:
                out[self.players[h.fake]] += Fraction(w, self.total)
        return out

    def goal_marginals(self) -> list[Fraction]:
        size = self.variant.board.size
        sums = [0] * size
        for counts in self.goal_counts.values():
            for sq in range(size):
                sums[sq] += counts[sq]
        return [Fraction(s, self.total) for s in sums]


def count(variant: Variant, players: Sequence[str], observations: Sequence[Observation],
          goals: bool = True, fixed: dict[Square, Kind] | None = None) -> Counts:
    """Count every consistent world, per clue deal (and per goal square if ``goals``)."""
    return WorldCounter(variant, players, observations).count(goals=goals, fixed=fixed)


class WorldCounter:
    """The per-clue-deal board constraints of a record, computed once, so that many
    "what if" questions (a hypothetical check, a fixed square) cost one count each."""

    def __init__(self, variant: Variant, players: Sequence[str], observations: Sequence[Observation]) -> None:
        self.variant = variant
        self.players = tuple(players)
        self.layouts: dict[Hypothesis, Layout] = {}
        constraints = Constraints.of(variant, self.players, observations)
        for h in hypotheses(variant):
            layout = constraints.layout(h)
            if layout is not None:
                self.layouts[h] = layout

    def count(self, extra: Sequence[Observation] = (), goals: bool = True,
              fixed: dict[Square, Kind] | None = None, strict: bool = True) -> Counts:
        """Counts with ``extra`` observations and ``fixed`` squares added.

        With ``strict`` an empty result raises ``NoWorldFits``; otherwise the counts
        have no weights (an outcome that cannot happen)."""
        weights: dict[Hypothesis, int] = {}
        goal_counts: dict[Hypothesis, list[int]] = {}
        more = Constraints.of(self.variant, self.players, extra) if extra else None
        for h, layout in self.layouts.items():
            current: Layout | None = layout
            if more is not None:
                current = more.layout(h, base=layout)
            if current is not None and fixed:
                current = _fix(current, fixed)
            if current is None:
                continue
            w = count_layouts(self.variant, current)
            if w == 0:
                continue
            weights[h] = w
            if goals:
                goal_counts[h] = _goal_counts(self.variant, current, h, w)
        if not weights and strict:
            raise NoWorldFits("no world fits the observations")
        return Counts(self.variant, self.players, weights, goal_counts)


def _fix(layout: Layout, fixed: dict[Square, Kind]) -> Layout | None:
    """``layout`` with some squares' cards fixed; None when one contradicts it."""
    known = dict(layout.known)
    require = dict(layout.require)
    for sq, kind in fixed.items():
        if known.setdefault(sq, kind) != kind or not require.pop(sq, frozenset()) <= kind.attrs:
            return None
    return Layout(known, require)


def _goal_counts(variant: Variant, layout: Layout, h: Hypothesis, total: int) -> list[int]:
    """For each square, in how many of the ``total`` layouts it holds a goal card."""
    goal = h.genuine()
    kinds = variant.deck.carrying(goal)
    counts = [0] * variant.board.size
    by_group: dict[frozenset[Attribute], int] = {}
    for sq in variant.board.squares:
        if sq in layout.known:
            counts[sq] = total if goal <= layout.known[sq].attrs else 0
            continue
        need = layout.require.get(sq, frozenset())
        if need not in by_group:
            by_group[need] = sum(count_layouts(variant, layout, {sq: k}) for k in kinds if need <= k.attrs)
        counts[sq] = by_group[need]
    return counts


def kind_marginals(counter: WorldCounter, square: Square, base: Counts | None = None) -> dict[Kind, Fraction]:
    """Exact probability of each face for one square."""
    base = base or counter.count(goals=False)
    out: dict[Kind, Fraction] = {}
    for kind in counter.variant.deck.kinds:
        n = sum(count_layouts(counter.variant, layout, {square: kind}) for h, layout in counter.layouts.items()
                if h in base.weights)
        if n:
            out[kind] = Fraction(n, base.total)
    return out
