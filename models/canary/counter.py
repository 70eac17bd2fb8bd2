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

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import permutations
from math import factorial, prod

from suiri.solver.errors import NoWorldFits
from suiri.solver.probability import box, filling_polynomial

from .board import Square
from .cards import Attribute, Kind
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


NOTHING: frozenset[Attribute] = frozenset()


class Tally:
    """A variant's deck as the layout counts read it: each kind's place, copies and
    attributes as a bit mask.  One per variant (``tally``); a count's memo key holds it
    (hashed by identity) and small tuples of ints, not the deck's kinds and the squares."""

    def __init__(self, variant: Variant) -> None:
        deck = variant.deck
        self.size = variant.board.size
        self.place = {k.id: i for i, k in enumerate(deck.kinds)}
        self.copies = tuple(k.copies for k in deck.kinds)
        self._bits = {a: 1 << i for i, a in enumerate(deck.attributes)}
        self._masks: dict[frozenset[Attribute], int] = {}
        self.kind_masks = tuple(self.mask(k.attrs) for k in deck.kinds)
        self.variant = variant
        self.fitting: dict[tuple[str, str | None, object], Pairs] = {}  # ``fitting``'s answers

    def __deepcopy__(self, memo: dict[int, object]) -> Tally:
        return self  # one per variant: a copied layout (a bot copied by the blind check) shares it and its counts

    def mask(self, attrs: frozenset[Attribute]) -> int:
        """``attrs`` as a bit mask."""
        m = self._masks.get(attrs)
        if m is None:
            m = self._masks[attrs] = sum(self._bits[a] for a in attrs)
        return m


@lru_cache(maxsize=8)
def tally(variant: Variant) -> Tally:
    """The variant's one ``Tally``."""
    return Tally(variant)


@dataclass(frozen=True)
class Layout:
    """What a clue deal and the observations say about the board."""

    known: dict[Square, Kind]
    require: dict[Square, frozenset[Attribute]]
    tally: Tally = field(compare=False, repr=False)
    # counts with squares fixed, by what each fixed square needs and the kind put there (masks, places)
    memo: dict[tuple[tuple[int, int], ...], int] = field(default_factory=dict, compare=False, repr=False)
    # counts with one square fixed to each kind, by what the square needs (``with_square``)
    rows: dict[int, tuple[int, ...]] = field(default_factory=dict, compare=False, repr=False)
    # ways to place distinct cards with squares fixed, by what they need and the classes put there (``_ways``)
    ways: dict[tuple[tuple[int, int], ...], int] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def remaining(self) -> tuple[int, ...]:
        """Copies of each kind (in the deck's order) left for the other squares: which
        square holds which known card does not change a count."""
        left = list(self.tally.copies)
        place = self.tally.place
        for kind in self.known.values():
            left[place[kind.id]] -= 1
        return tuple(left)

    @cached_property
    def groups(self) -> dict[frozenset[Attribute], tuple[Square, ...]]:
        """The squares whose card is not known, by what they need (the empty set: nothing);
        a count treats a group's squares alike."""
        out: dict[frozenset[Attribute], list[Square]] = {NOTHING: []}
        for sq, r in self.require.items():
            out.setdefault(r, []).append(sq)
        out[NOTHING] = [sq for sq in range(self.tally.size) if sq not in self.known and sq not in self.require]
        return {r: tuple(squares) for r, squares in out.items()}

    @cached_property
    def total(self) -> int:
        """How many layouts of kinds fit."""
        return self.count(())

    @cached_property
    def countable(self) -> bool:
        """The known faces leave every kind's copies and fill the board's other squares
        exactly (else no layout fits)."""
        return min(self.remaining) >= 0 and sum(self.remaining) == self.tally.size - len(self.known)

    @cached_property
    def class_of(self) -> tuple[int, ...]:
        """Each kind's class (in the deck's order): its attributes that some square needs,
        as a mask.  Kinds of one class fit the same squares, so they count alike."""
        relevant = 0
        for m in self.needs:
            relevant |= m
        return tuple(m & relevant for m in self.tally.kind_masks)

    @cached_property
    def classes(self) -> dict[int, int]:
        """The copies left of each class."""
        out: dict[int, int] = {}
        for c, left in zip(self.class_of, self.remaining, strict=True):
            if left:
                out[c] = out.get(c, 0) + left
        return out

    @cached_property
    def divisor(self) -> int:
        """``Π m_k!`` over the copies left of each kind: layouts of distinct cards per
        layout of kinds."""
        return prod(factorial(left) for left in self.remaining if left > 0)

    def key(self, fixed: dict[Square, Kind]) -> tuple[tuple[int, int], ...] | None:
        """``fixed`` as a count reads it: what each fixed square not known needs (a mask)
        and the kind put there (its place), sorted; None when a fixed square's known face
        is another kind."""
        t = self.tally
        pairs = []
        for sq, kind in fixed.items():
            have = self.known.get(sq)
            if have is not None:
                if have != kind:
                    return None
                continue
            pairs.append((t.mask(self.require.get(sq, NOTHING)), t.place[kind.id]))
        return tuple(sorted(pairs))

    def count(self, key: tuple[tuple[int, int], ...]) -> int:
        """How many layouts of kinds fit with the squares of ``key`` (``Layout.key``) fixed;
        kept by key (squares alike count alike, and advise asks the same of several squares)."""
        n = self.memo.get(key)
        if n is None:
            n = self.memo[key] = _count_fixed(self, key)
        return n

    def with_square(self, sq: Square) -> tuple[int, ...]:
        """How many layouts of kinds fit with ``sq`` holding each kind (in the deck's order)."""
        have = self.known.get(sq)
        t = self.tally
        if have is not None:
            held = t.place[have.id]
            return tuple(self.total if place == held else 0 for place in range(len(t.copies)))
        m = t.mask(self.require.get(sq, NOTHING))
        row = self.rows.get(m)
        if row is None:
            row = self.rows[m] = _row(self, m)
        return row

    @cached_property
    def needs(self) -> dict[int, int]:
        """How many squares need each set of attributes (as a mask)."""
        out: dict[int, int] = {}
        for r in self.require.values():
            m = self.tally.mask(r)
            out[m] = out.get(m, 0) + 1
        return out


Pairs = frozenset[tuple[Attribute, bool]]  # a seat's (clue, is the fake) pairs left


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
    tally: Tally  # the variant's deck, as every layout counts it

    @classmethod
    def of(cls, variant: Variant, players: Sequence[str], observations: Iterable[Observation]) -> Constraints:
        seat = {p: i for i, p in enumerate(players)}
        t = tally(variant)
        allowed: list[Pairs | None] = [None] * len(players)
        faces: dict[Square, Kind] | None = {}
        fakes: frozenset[int | None] | None = None
        hidden: dict[Square, list[int]] = {}

        def keep(player: str, fit: Pairs) -> None:
            """Seat ``player`` keeps the (clue, is the fake) pairs that fit an observation."""
            i = seat[player]
            left = allowed[i]
            allowed[i] = fit if left is None else left & fit

        def see(sq: Square, face: Kind) -> None:
            nonlocal faces
            if faces is not None and faces.setdefault(sq, face) != face:
                faces = None

        for o in observations:
            if isinstance(o, OwnClue):
                keep(o.player, fitting(t, "clue", None, o.attribute))
            elif isinstance(o, OwnAuthenticity):
                keep(o.player, fitting(t, "genuine", None, o.genuine))
            elif isinstance(o, CheckSeen):
                if o.face is not None:
                    see(o.square, o.face)
                    keep(o.player, fitting(t, "check", o.face, o.hidden))
                elif o.hidden:
                    hidden.setdefault(o.square, []).append(seat[o.player])
                else:  # pragma: no cover - the reader requires the face of a revealed card
                    raise ValueError("a revealed check without its face")
            elif isinstance(o, Declared):
                see(o.square, o.face)
                keep(o.player, fitting(t, "declared", o.face, None))
            elif isinstance(o, Answered):
                keep(o.player, fitting(t, "answered", o.face, o.yes))
            elif isinstance(o, DeclarationOutcome):
                options = fakes if fakes is not None else frozenset([None, *range(len(players))])
                fakes = frozenset(f for f in options if declaration_succeeds(
                    players[f] if f is not None else None, o.declarer, o.answers) == o.succeeded)
            else:  # pragma: no cover
                raise TypeError(f"unknown observation {o!r}")
        return cls(faces, tuple(allowed), fakes, hidden, t)

    def layouts(self, deals: Iterable[Hypothesis]) -> Iterator[tuple[Hypothesis, Layout]]:
        """The clue deals of ``deals`` no observation rules out, each with its layout
        constraints, in order.  The faces seen are the same under every deal (one
        ``known`` for all of them: a layout never changes it)."""
        if self.faces is None:
            return
        known = self.faces
        checks = [(i, pairs) for i, pairs in enumerate(self.allowed) if pairs is not None]
        hidden = list(self.hidden.items())
        for h in deals:
            if self.fakes is not None and h.fake not in self.fakes:
                continue
            clues, fake = h.clues, h.fake
            for i, pairs in checks:
                if (clues[i], fake == i) not in pairs:
                    break
            else:
                layout = self._layout(h, known, hidden)
                if layout is not None:
                    yield h, layout

    def _layout(self, h: Hypothesis, known: dict[Square, Kind], hidden: list[tuple[Square, list[int]]]) -> Layout | None:
        """Deal ``h``'s layout constraints; None when a face seen lacks what it requires."""
        clues = h.clues
        require: dict[Square, frozenset[Attribute]] = {}
        for sq, seats in hidden:
            needed = frozenset([clues[i] for i in seats])
            face = known.get(sq)
            if face is None:
                require[sq] = needed
            elif not needed <= face.attrs:
                return None
        return Layout(known, require, self.tally)


def fitting(t: Tally, rule: str, face: Kind | None, value: object) -> Pairs:
    """The (clue, is the fake) pairs a seat may have after one observation of ``rule``:
    its own clue (``value``) or authenticity (``value``: genuine), a check of ``face``
    (``value``: hidden), a declaration on ``face`` (R4) or its answer (``value``: yes) to
    one.  Kept on the variant's ``Tally`` (records repeat the same few; a key holding the
    variant would hash its whole deck)."""
    key = (rule, None if face is None else face.id, value)  # a kind's id names it within its deck
    found = t.fitting.get(key)
    if found is None:
        found = t.fitting[key] = _fitting(t.variant, rule, face, value)
    return found


def _fitting(variant: Variant, rule: str, face: Kind | None, value: object) -> Pairs:
    def fits(a: Attribute, fake: bool) -> bool:
        if rule == "clue":
            return a == value
        if rule == "genuine":
            return fake != value
        assert face is not None
        if rule == "check":
            return hides(a, face) == value
        if rule == "declared":
            return declaration_asserts_own_clue(variant, not fake, a, face)
        return truthful_answer(a, fake, face) == value  # "answered"

    return frozenset((a, fake) for a in variant.deck.attributes for fake in (False, True) if fits(a, fake))


# -- counting layouts -------------------------------------------------------------------
def count_layouts(layout: Layout, fixed: dict[Square, Kind] | None = None) -> int:
    """How many layouts of kinds fit ``layout`` (plus squares ``fixed`` to a kind)."""
    if not fixed:
        return layout.total
    if len(fixed) == 1:
        [(sq, kind)] = fixed.items()
        return layout.with_square(sq)[layout.tally.place[kind.id]]
    key = layout.key(fixed)
    return 0 if key is None else layout.count(key)


def _count_fixed(layout: Layout, key: tuple[tuple[int, int], ...]) -> int:
    """``Layout.count``, from the layout's classes (``_ways``)."""
    found = _ways(layout, key)
    return 0 if found is None else found[0] * found[1] // layout.divisor


def _row(layout: Layout, m: int) -> tuple[int, ...]:
    """``Layout.with_square`` for a square needing ``m``: the kinds of one class count the
    same ways for one copy, times their copies left (``_ways``), so each class is counted once."""
    per_class: dict[int, int] = {}
    out = []
    for place, left in enumerate(layout.remaining):
        c = layout.class_of[place]
        if left <= 0 or c & m != m or not layout.countable:
            out.append(0)
            continue
        ways = per_class.get(c)
        if ways is None:
            found = _ways(layout, ((m, place),))
            assert found is not None and found[1] == left
            ways = per_class[c] = found[0]
        out.append(ways * left // layout.divisor)
    return tuple(out)


def _ways(layout: Layout, key: tuple[tuple[int, int], ...]) -> tuple[int, int] | None:
    """With the squares of ``key`` fixed: the ways to place distinct cards (``_class_ways``)
    and the product of the copies of each fixed kind left as it was taken (None: no way).

    Each fixed square leaves its group (a mask of ``key``, 0: none) and takes one copy of
    its kind (a place of ``key``).  A layout of kinds stands for ``Π m_k!`` layouts of
    distinct cards (the copies left of each kind), and taking a copy of a kind with ``m``
    left divides that product by ``m``: the count is ``ways * factor // layout.divisor``.
    The ways depend on the kinds' classes only, so they are kept by the classes taken."""
    if not layout.countable:
        return None
    factor = 1
    taken: dict[int, int] = {}
    alike = []
    kind_masks = layout.tally.kind_masks
    for m, place in key:
        if kind_masks[place] & m != m:
            return None  # the kind lacks an attribute the square needs
        used = taken.get(place, 0)
        left = layout.remaining[place] - used
        if left <= 0:
            return None  # no copy of the kind left
        factor *= left
        taken[place] = used + 1
        alike.append((m, layout.class_of[place]))
    by_class = tuple(sorted(alike))
    ways = layout.ways.get(by_class)
    if ways is None:
        ways = layout.ways[by_class] = _class_ways(layout, by_class)
    return ways, factor


def _class_ways(layout: Layout, taken: tuple[tuple[int, int], ...]) -> int:
    """The ways to place distinct cards when squares of the ``taken`` needs (masks; 0: none)
    each hold a card of the paired class (``_distribute``)."""
    needs, classes = layout.needs, layout.classes
    if taken:
        needs, classes = dict(needs), dict(classes)
        gone = False  # a group emptied: fewer attributes matter, classes may merge
        for m, c in taken:
            if m:
                if needs[m] == 1:
                    del needs[m]
                    gone = True
                else:
                    needs[m] -= 1
            if classes[c] == 1:
                del classes[c]
            else:
                classes[c] -= 1
        if gone:
            relevant = 0
            for m in needs:
                relevant |= m
            merged: dict[int, int] = {}
            for c, n in classes.items():
                merged[c & relevant] = merged.get(c & relevant, 0) + n
            classes = merged
    return _distribute(tuple(sorted(needs.items())), tuple(sorted(classes.items())))


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
    goal_worlds: list[int] | None = None  # per square, in how many worlds it holds a goal card (if counted)

    @cached_property
    def total(self) -> int:
        """How many worlds fit (the weights are not changed once counted)."""
        return sum(self.weights.values())

    def probability(self, h: Hypothesis) -> Fraction:
        return Fraction(self.weights[h], self.total)

    def clue_marginals(self, player: str) -> dict[Attribute, Fraction]:
        """Each clue's chance for ``player``: the worlds giving it that clue over all (summed
        as integers, one ``Fraction`` a clue)."""
        i = self.players.index(player)
        sums = dict.fromkeys(self.variant.deck.attributes, 0)
        for h, w in self.weights.items():
            sums[h.clues[i]] += w
        total = self.total or 1  # no world (an outcome that cannot happen): every chance 0
        return {a: Fraction(n, total) for a, n in sums.items()}

    def fake_marginals(self) -> dict[str, Fraction]:
        sums = dict.fromkeys(self.players, 0)
        for h, w in self.weights.items():
            if h.fake is not None:
                sums[self.players[h.fake]] += w
        total = self.total or 1
        return {p: Fraction(n, total) for p, n in sums.items()}

    def goal_sums(self) -> list[int]:
        """Per square, in how many of the ``total`` worlds it holds a goal card (zeros
        when the goals were not counted)."""
        return self.goal_worlds if self.goal_worlds is not None else [0] * self.variant.board.size

    def goal_marginals(self) -> list[Fraction]:
        total = self.total
        return [Fraction(s, total) for s in self.goal_sums()]


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
        self.layouts.update(constraints.layouts(hypotheses(variant)))
        self._goals: dict[Hypothesis, tuple[list[Kind], list[Square]]] = {}

    def count(self, goals: bool = True, fixed: dict[Square, Kind] | None = None, strict: bool = True) -> Counts:
        """Counts with ``fixed`` squares added.

        With ``strict`` an empty result raises ``NoWorldFits``; otherwise the counts
        have no weights (an outcome that cannot happen)."""
        fixed = fixed or {}
        weights: dict[Hypothesis, int] = {}
        sums = [0] * self.variant.board.size if goals else None
        spread: dict[tuple[Square, ...], int] = {}  # goal worlds of a group's squares (each alike)
        for h, layout in self.layouts.items():
            w = count_layouts(layout, fixed)
            if w == 0:
                continue
            weights[h] = w
            if sums is not None:
                kinds, known_goals = self.goals(h)
                for sq in known_goals:
                    sums[sq] += w
                _spread_goals(spread, sums, layout, kinds, w, fixed)
        if not weights and strict:
            raise NoWorldFits("no world fits the observations")
        if sums is not None:
            for squares, n in spread.items():
                for sq in squares:
                    if sq not in fixed:  # a fixed square's goal worlds are counted alone
                        sums[sq] += n
        return Counts(self.variant, self.players, weights, sums)

    def goals(self, h: Hypothesis) -> tuple[list[Kind], list[Square]]:
        """The goal cards of clue deal ``h`` and the known squares holding one (kept: advise
        counts the same record many times)."""
        found = self._goals.get(h)
        if found is None:
            kinds = self.variant.deck.carrying(h.genuine())
            alike = set(kinds)
            found = self._goals[h] = (kinds, [sq for sq, kind in self.layouts[h].known.items() if kind in alike])
        return found


def _spread_goals(spread: dict[tuple[Square, ...], int], sums: list[int], layout: Layout, kinds: list[Kind],
                  total: int, fixed: dict[Square, Kind]) -> None:
    """Add, for the squares of ``layout`` with ``fixed`` squares added, in how many of its
    ``total`` layouts each holds a goal card (one of ``kinds``): a fixed card is or is not
    one (``sums``; a known card is counted by the caller); the squares of a group (the
    same need) share one count (``spread``, by the group's squares: the caller leaves the
    fixed squares out of it)."""
    touched: dict[frozenset[Attribute], int] = {}  # fixed squares in each group
    for sq, kind in fixed.items():
        if sq not in layout.known:
            need = layout.require.get(sq, NOTHING)
            touched[need] = touched.get(need, 0) + 1
            if kind in kinds:
                sums[sq] += total
    base = layout.key(fixed)
    assert base is not None  # the layout has worlds with ``fixed``
    t = layout.tally
    for need, squares in layout.groups.items():
        if len(squares) > touched.get(need, 0):
            m = t.mask(need)  # one of the group's squares holds each goal kind in turn
            n = sum(layout.count(tuple(sorted((*base, (m, t.place[k.id]))))) for k in kinds if need <= k.attrs)
            spread[squares] = spread.get(squares, 0) + n


def kind_marginals(counter: WorldCounter, square: Square, base: Counts | None = None) -> dict[Kind, Fraction]:
    """Exact probability of each face for one square."""
    base = base or counter.count(goals=False)
    kinds = counter.variant.deck.kinds
    sums = [0] * len(kinds)
    for h, layout in counter.layouts.items():
        if h in base.weights:
            for place, n in enumerate(layout.with_square(square)):
                sums[place] += n
    return {kind: Fraction(n, base.total) for kind, n in zip(kinds, sums, strict=True) if n}
