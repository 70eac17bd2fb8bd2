"""An independent brute force for Memory Detective deals, and random test instances.

Shared by ``test_counter_bruteforce.py`` and ``test_cpsat_vs_constraint.py``.  Nothing
here uses ``counter.py`` or ``encoder.py``: every deal (truth triple, the public cards of
the ``PublicSetup`` observation, every split of the other cards into hands of the
variant's sizes, the fake only ever in a hand) is listed with ``itertools``, and each
observation is read directly on the deal as the rules digest states it (observations
are statements about the *dealt* hands; ruling D5: each deal counts once).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product

from suiri.models.detective.cards import CATEGORIES, FAKE_CARD, Card, Deck
from suiri.models.detective.record import DetectiveRecord
from suiri.models.detective.rules import (
    Accuse,
    CaseIs,
    CaseIsNot,
    Deduce,
    Holds,
    HoldsNone,
    HoldsOneOf,
    Observation,
    OwnHand,
    Peek,
    PublicSetup,
    Reveal,
    Show,
    Variant,
)
from suiri.solver.errors import Source

CASE, PUBLIC = "case", "public"
NAMES = ("aki", "bea", "cid", "dai")
SRC = Source("t")

Triple = tuple[Card, Card, Card]


# -- the brute force ---------------------------------------------------------------------------
@dataclass(frozen=True)
class BruteDeal:
    """One deal: where each card was dealt ("case", "public" or a player's name)."""

    case: Triple
    where: dict[Card, str]


def _splits(cards: Sequence[Card], players: Sequence[str], sizes: Sequence[int]) -> Iterator[dict[Card, str]]:
    """Every way to give ``sizes[i]`` of ``cards`` to ``players[i]`` (hands are sets)."""
    if not players:
        if not cards:
            yield {}
        return
    p, n = players[0], sizes[0]
    for hand in combinations(cards, n):
        chosen = set(hand)
        rest = [c for c in cards if c not in chosen]
        for tail in _splits(rest, players[1:], sizes[1:]):
            tail.update({c: p for c in hand})
            yield tail


def all_deals(variant: Variant, players: Sequence[str], public: Sequence[Card]) -> tuple[BruteDeal, ...]:
    """Every deal with these public cards (kept: several tests list the same game)."""
    return _all_deals(variant, tuple(players), frozenset(public))


@cache
def _all_deals(variant: Variant, players: tuple[str, ...], public: frozenset[Card]) -> tuple[BruteDeal, ...]:
    return tuple(_each_deal(variant, players, public))


def _each_deal(variant: Variant, players: Sequence[str], public: frozenset[Card]) -> Iterator[BruteDeal]:
    """Every deal with these public cards: the case triple, then every split into hands."""
    deck = variant.deck
    public_set = set(public)
    if len(public_set) != variant.public_count or FAKE_CARD in public_set:
        return
    for case in product(*(deck.of(cat) for cat in CATEGORIES)):
        if public_set & set(case):
            continue
        rest = [c for c in variant.cards if c not in public_set and c not in case]
        if len(rest) != sum(variant.hand_sizes):
            continue
        for split in _splits(rest, list(players), list(variant.hand_sizes)):
            where = {c: PUBLIC for c in public}
            where.update({c: CASE for c in case})
            where.update(split)
            yield BruteDeal(case, where)


def observation_holds(deal: BruteDeal, o: Observation) -> bool:
    """Is ``o`` true of the dealt hands?"""
    w = deal.where
    if isinstance(o, OwnHand):
        return {c for c, h in w.items() if h == o.player} == set(o.cards)
    if isinstance(o, PublicSetup):
        return {c for c, h in w.items() if h == PUBLIC} == set(o.cards)
    if isinstance(o, Holds):
        return w.get(o.card) == o.player
    if isinstance(o, HoldsOneOf):
        return any(w.get(c) == o.player for c in o.cards)
    if isinstance(o, HoldsNone):
        return all(w.get(c) != o.player for c in o.cards)
    if isinstance(o, CaseIs):
        return set(deal.case) == set(o.cards)
    if isinstance(o, CaseIsNot):
        return set(deal.case) != set(o.cards)
    raise TypeError(o)


def consistent_deals(variant: Variant, players: Sequence[str], observations: Sequence[Observation]) -> list[BruteDeal]:
    public = [c for o in observations if isinstance(o, PublicSetup) for c in o.cards]
    return [d for d in all_deals(variant, players, public)
            if all(observation_holds(d, o) for o in observations)]


# -- a record read directly on each deal (no ``replay``, no observations) ------------------------
def record_deals(record: DetectiveRecord) -> list[BruteDeal]:
    """Every deal the record allows, each event read on the deal as the rules state it."""
    return [d for d in all_deals(record.variant, record.players, record.public) if record_fits(d, record)]


def record_fits(deal: BruteDeal, record: DetectiveRecord) -> bool:
    w, case = deal.where, set(deal.case)
    if record.viewer is not None and {c for c, h in w.items() if h == record.viewer} != set(record.hand):
        return False
    public = set(record.public)
    for k, e in enumerate(record.events):
        nxt = record.events[k + 1] if k + 1 < len(record.events) else None
        if isinstance(e, Deduce) and not _deduction_fits(deal, record, e, nxt, public):
            return False
        if isinstance(e, Accuse) and (case == set(e.named)) != e.correct:
            return False  # a correct accusation names the envelope; a wrong one does not
        if isinstance(e, Reveal | Peek) and w[e.card] != e.player:
            return False
        if isinstance(e, Reveal):
            public.add(e.card)
        if isinstance(e, Show) and e.among is not None and not any(
                w[c] == e.giver for c in e.among if c not in public):
            return False
    return True


def _deduction_fits(deal: BruteDeal, record: DetectiveRecord, e: Deduce, nxt: object, public: set[Card]) -> bool:
    """Base game: every other player was asked; Clue: those who passed, then the refuter.
    A holder of a named card (still in a hand) raises; nobody else does, except the bluffer
    whose fake is revealed at once (D7), who holds none."""
    w = deal.where
    live = [c for c in e.named if c not in public]
    bluffer = None
    if (isinstance(nxt, Reveal) and nxt.card == FAKE_CARD and nxt.player in e.raised and nxt.bluff is not False
            and e.shown.get(nxt.player, FAKE_CARD) == FAKE_CARD):
        bluffer = nxt.player
    asked = [*e.passed, *e.raised] if record.variant.clue else [p for p in record.players if p != e.by]
    for p in asked:
        holds = any(w[c] == p for c in live)
        if holds != (p in e.raised and p != bluffer):
            return False
    if any(c != FAKE_CARD and w[c] != p for p, c in e.shown.items()):
        return False
    if e.outcome is not None and (set(deal.case) == set(e.named)) != (e.outcome == "solved"):
        return False
    return True


@dataclass
class BruteCounts:
    total: int
    truth: dict[Triple, int]
    holders: dict[Card, dict[str, int]]  # every non-public card, every player and "case"
    tracked: dict[tuple[Triple, tuple[str, ...]], int]


def tally(deals: Sequence[BruteDeal], variant: Variant, players: Sequence[str], public: Sequence[Card],
          track: Sequence[Card] = ()) -> BruteCounts:
    cards = [c for c in variant.cards if c not in set(public)]
    holders = {c: {h: 0 for h in (*players, CASE)} for c in cards}
    truth: dict[Triple, int] = {}
    tracked: dict[tuple[Triple, tuple[str, ...]], int] = {}
    for d in deals:
        truth[d.case] = truth.get(d.case, 0) + 1
        for c in cards:
            holders[c][d.where[c]] += 1
        if track:
            key = (d.case, tuple(d.where[c] for c in track))
            tracked[key] = tracked.get(key, 0) + 1
    return BruteCounts(len(deals), truth, holders, tracked)


def public_of(observations: Sequence[Observation]) -> list[Card]:
    return [c for o in observations if isinstance(o, PublicSetup) for c in o.cards]


# -- instances --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Spec:
    """A small game: ``style`` picks the observation mix (see ``observations``)."""

    players: int
    deck: Deck
    fake: bool = False
    public: int = 0
    sizes: tuple[int, ...] | None = None  # None: Variant.for_players' even split
    viewer: bool = True
    style: str = "mixed"  # "mixed", "light", "clauses", "wrong", "false"

    def variant(self) -> Variant:
        return Variant.for_players(self.players, deck=self.deck, fake=self.fake, public_count=self.public,
                                   hand_sizes=self.sizes)

    def label(self) -> str:
        d = self.deck
        size = f"{len(d.suspects)}{len(d.weapons)}{len(d.scenes)}"
        sizes = "" if self.sizes is None else "-h" + "".join(map(str, self.sizes))
        return (f"{self.players}p-d{size}-pub{self.public}{'-fake' if self.fake else ''}{sizes}"
                f"-{'viewer' if self.viewer else 'spectator'}-{self.style}")


D2, D3 = Deck.standard(2), Deck.standard(3)
UNEVEN = Deck.custom(["a", "b"], ["x", "y", "z"], ["p", "q"])
UNEVEN2 = Deck.custom(["a", "b", "c"], ["x", "y"], ["p", "q", "r"])


@dataclass
class Instance:
    variant: Variant
    players: tuple[str, ...]
    observations: list[Observation]
    case: Triple  # the drawn truth (the observations need not all be true of it)
    hands: dict[str, tuple[Card, ...]]
    public: tuple[Card, ...]


def true_deal(variant: Variant, players: Sequence[str], rng: random.Random):
    deck = variant.deck
    case = tuple(rng.choice(deck.of(cat)) for cat in CATEGORIES)
    rest = [c for c in deck.evidence if c not in case]
    rng.shuffle(rest)
    public = tuple(rest[: variant.public_count])
    dealt = rest[variant.public_count:] + ([FAKE_CARD] if variant.fake else [])
    rng.shuffle(dealt)
    assert len(dealt) == sum(variant.hand_sizes), (variant, len(dealt))
    hands, at = {}, 0
    for p, n in zip(players, variant.hand_sizes, strict=True):
        hands[p] = tuple(dealt[at: at + n])
        at += n
    return case, public, hands


def make_instance(spec: Spec, seed: int) -> Instance:
    """A random true deal and a random, reproducible mix of observations about it."""
    rng = random.Random(seed)
    variant = spec.variant()
    players = NAMES[: spec.players]
    case, public, hands = true_deal(variant, players, rng)
    holder = {c: p for p, h in hands.items() for c in h}
    evidence = list(variant.deck.evidence)
    hidden = [c for c in evidence if c not in public]  # "live" cards: not face-up
    obs: list[Observation] = []
    ident = iter(range(1000))

    def oid() -> str:
        return f"o{next(ident)}"

    viewer = rng.choice(players) if spec.viewer else None
    if viewer is not None:
        obs.append(OwnHand(oid(), SRC, None, viewer, hands[viewer], None))
    obs.append(PublicSetup(oid(), SRC, None, public, None))
    revealed: set[Card] = set()
    others = [p for p in players if p != viewer]

    def holds() -> None:
        cards = [c for c in holder if c not in revealed]
        if cards:
            c = rng.choice(cards)
            how = rng.choice(("peek", "shown", "reveal", "reveal"))
            if how == "reveal":
                revealed.add(c)
            obs.append(Holds(oid(), SRC, rng.randint(1, 30), holder[c], c, None, how))

    def one_of() -> None:
        p = rng.choice(others)
        mine = [c for c in hands[p] if c.category is not None]
        if not mine:
            return
        k = rng.randint(1, 3)
        cards = {rng.choice(mine)} | set(rng.sample(hidden, min(len(hidden), k - 1)))
        obs.append(HoldsOneOf(oid(), SRC, rng.randint(1, 30), p, tuple(sorted(cards, key=lambda c: c.id)), None))

    def none() -> None:
        p = rng.choice(others)
        pool = [c for c in hidden if holder.get(c) != p]
        cards = rng.sample(pool, min(len(pool), rng.randint(1, 3)))
        if cards:
            obs.append(HoldsNone(oid(), SRC, rng.randint(1, 30), p, tuple(cards), None))

    def case_not() -> None:
        triple = tuple(rng.choice(variant.deck.of(cat)) for cat in CATEGORIES)
        if set(triple) != set(case):
            obs.append(CaseIsNot(oid(), SRC, rng.randint(1, 30), triple))

    def anything() -> None:
        """A random statement, true or false of the drawn deal."""
        p = rng.choice(players)
        kind = rng.randrange(5)
        pool = list(variant.cards)
        if kind == 0:
            obs.append(Holds(oid(), SRC, 1, p, rng.choice(pool), None, "peek"))
        elif kind == 1:
            obs.append(HoldsOneOf(oid(), SRC, 1, p, tuple(rng.sample(evidence, rng.randint(1, 3))), None))
        elif kind == 2:
            obs.append(HoldsNone(oid(), SRC, 1, p, tuple(rng.sample(evidence, rng.randint(1, 3))), None))
        elif kind == 3:
            obs.append(CaseIs(oid(), SRC, 1, tuple(rng.choice(variant.deck.of(cat)) for cat in CATEGORIES)))
        else:
            case_not()

    if others:
        if spec.style == "clauses":  # many overlapping "holds one of": the clause DP
            for _ in range(rng.randint(8, 14)):
                one_of()
            for _ in range(rng.randint(0, 2)):
                none()
        elif spec.style == "light":  # a few facts: many deals, wide supports
            for _ in range(rng.randint(1, 3)):
                rng.choice((holds, holds, one_of, none, case_not))()
        elif spec.style == "wrong":  # "wrong" outcomes that exclude possible triples
            for _ in range(rng.randint(3, 7)):
                case_not()
            for _ in range(rng.randint(1, 3)):
                rng.choice((holds, one_of, none))()
        else:
            for _ in range(rng.randint(3, 9)):
                rng.choice((holds, one_of, one_of, none, none, case_not))()
            if rng.random() < 0.2:
                obs.append(CaseIs(oid(), SRC, 31, case))
        if spec.style == "false":
            for _ in range(rng.randint(1, 3)):
                anything()
    rng.shuffle(obs)  # order is no part of an observation's meaning
    return Instance(variant, players, obs, case, hands, public)
