"""``advise``: which triple the viewer should name on its next deduction.

For every candidate triple the answer pattern the viewer would see is weighed over the
exact joint distribution of the truth and the named cards' holders (one tracked count
per candidate).  The answer model follows the variant: in Memory Detective every other
holder raises and shows one card (the pattern lists every raiser and its card); in
classic Clue the players are asked clockwise from the viewer and only the first who
holds a named card refutes, showing one (the pattern is that refuter and its card, or
nobody refutes).  A suggestion is ranked by the expected information about the truth,
in bits (the drop of the truth's entropy), then by the chance that the triple is the
truth.  Each shower is taken to show any of its matching cards with equal chance, and
the fake's bluff is left out: D5 says nothing of how players choose, so advice needs
this assumption where counting does not (decisions 18 and 46).

With 6 to 8 players and many classes of triples, weighing them all took seconds; the
ranking is then *screened* (said on screen and in ``--json``): a cheap estimate (the
exact truth distribution, the named cards' places taken as independent given it)
orders every class, and the best estimated triples, plus the best ones naming 0, 1 and
2 of the viewer's own (or public) cards, are weighed exactly (decision 59).

In Clue the advice also says when to accuse: only when the truth is certain; otherwise
it gives the exact chance that the likeliest triple is right, which is what an
accusation now would win with (decision 49).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import product
from math import log2, prod
from typing import Any

from suiri.solver.errors import SuiriError
from suiri.solver.information import entropy

from .analysis import end_json
from .cards import CATEGORIES, Card
from .counter import CASE, PUBLIC, AtTriple, Triple
from .error_text import ErrorText
from .record import DetectiveRecord
from .rules import Deduce, GameEnd, Peek, Show
from .session import DetectiveSession

SHOWN = 5  # suggestions returned
# By player count: with more classes of triples than this, the ranking is screened and
# this many triples (plus up to 3 naming the viewer's own cards) are weighed exactly;
# absent (2 to 5 players): every triple that can still win is weighed.  One exact
# evaluation is one tracked count: 0.03 to 0.1 s at 8 players early in a game (decision 59).
EVALUATIONS = {6: 12, 7: 10, 8: 8}
Pattern = tuple[tuple[str, Card], ...]  # (raiser, card shown to the viewer), in seat order


@dataclass
class Outcome:
    pattern: Pattern
    p: Fraction
    truths_left: int
    best: Triple
    p_best: Fraction


@dataclass
class Suggestion:
    named: Triple
    bits: float
    p_truth: Fraction  # nobody raises because the named triple is the truth
    outcomes: list[Outcome] = field(default_factory=list)


@dataclass
class DetectiveAdvice:
    player: str
    uncertainty: float
    truths: int
    deduce_now: Triple | None  # Memory Detective: the truth is certain, name it
    suggestions: list[Suggestion]
    over: bool = False
    end: GameEnd | None = None  # why the game is over (when ``over``)
    clue: bool = False
    accuse_now: Triple | None = None  # Clue: the truth is certain, accuse
    likeliest: Triple | None = None  # Clue: what an accusation now would name
    p_likeliest: Fraction = Fraction(0)  # ... and its exact chance of being right
    out_since: int | None = None  # Clue: the event of the viewer's wrong accusation
    screened: bool = False  # the ranking weighed a shortlist, not every triple that could win

    def to_json(self, session: DetectiveSession) -> dict[str, Any]:
        def triple(t: Triple) -> list[str]:
            return [c.id for c in t]

        return {
            "player": self.player,
            "variant": "clue" if self.clue else "base",
            "uncertainty_bits": self.uncertainty,
            "truths": self.truths,
            "over": self.over,
            "end": end_json(self.end),
            "out_since": self.out_since,
            "screened": self.screened,
            "deduce_now": triple(self.deduce_now) if self.deduce_now else None,
            "accuse_now": triple(self.accuse_now) if self.accuse_now else None,
            "likeliest": ({"named": triple(self.likeliest), "p": float(self.p_likeliest),
                           "exact": str(self.p_likeliest)} if self.likeliest and self.clue else None),
            "suggestions": [
                {"named": triple(s.named), "bits": s.bits, "p_truth": float(s.p_truth),
                 "outcomes": [{"shown": {p: c.id for p, c in o.pattern}, "p": float(o.p),
                               "truths_left": o.truths_left, "best": triple(o.best), "p_best": float(o.p_best)}
                              for o in s.outcomes]}
                for s in self.suggestions
            ],
        }


def advise(session: DetectiveSession, budget: int | None = None) -> DetectiveAdvice:
    """``budget``: weigh at most this many triples exactly, screening the rest (the
    bots' fast ranking); by default ``EVALUATIONS`` of the player count."""
    viewer = session.record.viewer
    if viewer is None:
        raise SuiriError(ErrorText("advice:spectator"), None, ErrorText("advice:spectator-valid"))
    clue = session.variant.clue
    counts = session.counts
    truths = {t: Fraction(n, counts.total) for t, n in counts.truth.items() if n}
    before = entropy(truths.values())
    if session.replay.end is not None:  # solved, a right accusation, everyone lost or out
        return DetectiveAdvice(viewer, before, len(truths), None, [], over=True, end=session.replay.end, clue=clue)
    if viewer in session.replay.out:
        return DetectiveAdvice(viewer, before, len(truths), None, [], clue=clue, out_since=session.replay.out[viewer])
    likeliest, p_likeliest = likeliest_truth(truths)
    if len(truths) == 1:
        if clue:
            return DetectiveAdvice(viewer, 0.0, 1, None, [], clue=True, accuse_now=likeliest, likeliest=likeliest,
                                   p_likeliest=p_likeliest)
        return DetectiveAdvice(viewer, 0.0, 1, likeliest, [])
    suggestions, screened = best_suggestions(session, truths, before, budget)
    return DetectiveAdvice(viewer, before, len(truths), None, suggestions, clue=clue,
                           likeliest=likeliest, p_likeliest=p_likeliest, screened=screened)


def likeliest_truth(truths: dict[Triple, Fraction]) -> tuple[Triple, Fraction]:
    """The triple an accusation now should name, and its exact chance of being right
    (ties: the first by card ids; every tied triple has the same chance)."""
    best = min(truths, key=lambda t: (-truths[t], [c.id for c in t]))
    return best, truths[best]


def unknown_cards(session: DetectiveSession) -> set[Card]:
    """Cards whose place the viewer does not know yet."""
    return {c for c in session.variant.deck.evidence if max(session.where_now(c).values()) < 1}


def interchangeable(session: DetectiveSession) -> list[list[Card]]:
    """One card (the first by id) per class of cards that give the same answers, by
    category.  A card whose place is certain counts only by that place (the viewer's own
    and public cards alike: nobody can show them); an open card by its possible holders,
    the "one of" clauses it is in and the excluded triples it completes: swapping two such
    cards maps the deal problem onto itself, so every suggestion is worth exactly what its
    swapped twin is worth (decision 54)."""
    viewer = session.record.viewer
    problem = session.problem
    out = []
    for cat in CATEGORIES:
        groups: dict[tuple[object, ...], Card] = {}
        for c in sorted(session.variant.deck.of(cat), key=lambda c: c.id):
            place = session.where_now(c)
            if max(place.values()) == 1:
                h = max(place, key=lambda h: place[h])
                key: tuple[object, ...] = ("known", "nobody" if h in (PUBLIC, viewer) else h)
            else:
                key = ("open", problem.allowed[c], frozenset(j for j, (_, s) in enumerate(problem.clauses) if c in s),
                       frozenset(frozenset(x for x in t if x != c) for t in problem.excluded if c in t))
            groups.setdefault(key, c)
        out.append(list(groups.values()))
    return out


def best_suggestions(session: DetectiveSession, truths: dict[Triple, Fraction],
                     before: float, budget: int | None = None) -> tuple[list[Suggestion], bool]:
    """The ``SHOWN`` most informative suggestions over every triple (one per class of
    interchangeable triples), found exactly by branch and bound.  A suggestion's answer is
    a function of the named cards' places (and the shower's free choice, which says nothing
    of the truth), so its information is at most the entropy of those places, at most the
    sum of each card's place entropy, and at most the truth's entropy: a triple whose bound
    is below the ``SHOWN``-th best found so far is never evaluated (decision 54).

    With many players and more classes of triples than ``EVALUATIONS`` (or ``budget``)
    allows, the ranking is *screened* instead (the second value is True): see
    ``screened_suggestions``."""
    spread = {c: entropy(session.where_now(c).values()) for c in session.variant.deck.evidence}

    def bound(q: Triple) -> float:
        return min(before, sum(spread[c] for c in q))

    triples = sorted(((a, b, c) for a, b, c in product(*interchangeable(session))),
                     key=lambda q: (-bound(q), [c.id for c in q]))
    if budget is None:
        budget = EVALUATIONS.get(len(session.record.players))
    if budget is not None and len(triples) > budget:
        return screened_suggestions(session, triples, truths, before, budget), True
    found: list[Suggestion] = []
    for q in triples:
        if len(found) >= SHOWN and bound(q) < found[SHOWN - 1].bits - 1e-9:
            break
        found.append(evaluate(session, q, truths, before))
        found.sort(key=rank)
    return found[:SHOWN], False


def screened_suggestions(session: DetectiveSession, triples: list[Triple], truths: dict[Triple, Fraction],
                         before: float, budget: int) -> list[Suggestion]:
    """Too many classes to weigh them all: the ``budget`` triples with the most estimated
    information (``Screen.estimate``), and the best estimated ones naming 0, 1 and 2 cards nobody
    can show (the viewer's own or public), each weighed exactly."""
    hidden = unshowable(session)
    screen = Screen(session)
    guess = {q: screen.estimate(q) for q in triples}
    ordered = sorted(triples, key=lambda q: (-round(guess[q], 9), [c.id for c in q]))
    shortlist = ordered[:budget]
    for k in (0, 1, 2):
        q = next((q for q in ordered if sum(c in hidden for c in q) == k), None)
        if q is not None and q not in shortlist:
            shortlist.append(q)
    return sorted((evaluate(session, q, truths, before) for q in shortlist), key=rank)[:SHOWN]


class Screen:
    """``estimate`` for every triple of one position: what the triples share (the truth's
    deals tallied by the named cards they contain, each card's places, the answer patterns
    of each way the named cards lie) is worked out once."""

    def __init__(self, session: DetectiveSession) -> None:
        self.session = session
        self.viewer = session.record.viewer
        players = self.players = session.record.players
        i = players.index(self.viewer) if self.viewer in players else 0
        self.asking_order = [players[(i + j) % len(players)] for j in range(1, len(players))]
        self.answers: dict[tuple[str, ...], list[tuple[tuple[str, int], ...]]] = {}
        self.options: dict[Card, list[tuple[str, float]]] = {}
        # the truth's deals by the cards of each category they contain, alone, in pairs and all three
        self.deals: dict[tuple[Card | None, ...], int] = defaultdict(int)
        for (a, b, c), n in session.counts.truth.items():
            for key in ((a, b, c), (a, b, None), (a, None, c), (None, b, c), (a, None, None), (None, b, None),
                        (None, None, c), (None, None, None)):
                self.deals[key] += n

    def patterns(self, held: tuple[str, ...]) -> list[tuple[tuple[str, int], ...]]:
        """The answer patterns (raiser, named card by position) when the named cards lie with
        ``held`` (``NOBODY``: nobody can show it), each equally likely."""
        got = self.answers.get(held)
        if got is None:
            matching: dict[str, list[int]] = defaultdict(list)
            for k, h in enumerate(held):
                if h != NOBODY:
                    matching[h].append(k)
            if self.session.variant.clue:
                refuter = next((p for p in self.asking_order if matching.get(p)), None)
                got = [((refuter, k),) for k in matching[refuter]] if refuter else [()]
            else:
                raisers = sorted(matching, key=self.players.index)
                got = [tuple(zip(raisers, ks, strict=True)) for ks in product(*(matching[p] for p in raisers))]
            self.answers[held] = got
        return got

    def places(self, card: Card) -> list[tuple[str, float]]:
        """Where ``card`` lies, by its exact marginal, given that it is not in the case file
        (the viewer's own and public cards as ``NOBODY``)."""
        got = self.options.get(card)
        if got is None:
            rest: dict[str, float] = defaultdict(float)
            for h, p in self.session.where_now(card).items():
                if h != CASE and p:
                    rest[NOBODY if h in (PUBLIC, self.viewer) else h] += float(p)
            total = sum(rest.values())
            got = self.options[card] = [(h, p / total) for h, p in rest.items()] if total else [(NOBODY, 1.0)]
        return got

    def estimate(self, q: Triple) -> float:
        """The information naming ``q`` would give if, given the truth, the named cards that
        are not in the case file lay independently, each by its exact marginal place: the
        truth's distribution is exact, the places' joint is not (a screen, never a proof).

        Under that model the answer depends on the truth only through which named cards it
        contains (its *group*), so the information is the mutual information between the
        group and the answer pattern: the group's entropy, less its entropy after the
        answer.  A group's deals come from the tallies by inclusion and exclusion."""
        x, y, z = q
        d = self.deals
        n123, n12, n13, n23 = d[(x, y, z)], d[(x, y, None)], d[(x, None, z)], d[(None, y, z)]
        n1, n2, n3, n = d[(x, None, None)], d[(None, y, None)], d[(None, None, z)], d[(None, None, None)]
        groups = {(True, True, True): n123, (True, True, False): n12 - n123, (True, False, True): n13 - n123,
                  (False, True, True): n23 - n123, (True, False, False): n1 - n12 - n13 + n123,
                  (False, True, False): n2 - n12 - n23 + n123, (False, False, True): n3 - n13 - n23 + n123,
                  (False, False, False): n - n1 - n2 - n3 + n12 + n13 + n23 - n123}
        mass = {g: k / n for g, k in groups.items() if k}
        likelihood: dict[tuple[tuple[str, int], ...], dict[tuple[bool, bool, bool], float]] = defaultdict(
            lambda: defaultdict(float))
        nowhere = [(NOBODY, 1.0)]
        for g in mass:
            options = [nowhere if in_case else self.places(c) for c, in_case in zip(q, g, strict=True)]
            for (h0, w0), (h1, w1), (h2, w2) in product(*options):
                shown = self.patterns((h0, h1, h2))
                share = w0 * w1 * w2 / len(shown)
                for pattern in shown:
                    likelihood[pattern][g] += share
        after = 0.0
        for row in likelihood.values():
            joint = [mass[g] * x for g, x in row.items()]
            total = sum(joint)
            if total > 0:
                after += total * entropy(x / total for x in joint)
        return max(0.0, entropy(mass.values()) - after)


NOBODY = "-"  # the case file, the public area or the viewer: nobody shows the card


def unshowable(session: DetectiveSession) -> set[Card]:
    """Cards nobody can show the viewer: its own and the public ones."""
    viewer = session.record.viewer
    return {c for c in session.variant.deck.evidence
            if any(p == 1 for h, p in session.where_now(c).items() if h in (PUBLIC, viewer))}


def rank(s: Suggestion) -> tuple[float, Fraction, list[str]]:
    """More information first, then the likelier truth, then by card ids."""
    return (-round(s.bits, 9), -s.p_truth, [c.id for c in s.named])


def evaluate(session: DetectiveSession, q: Triple, truths: dict[Triple, Fraction], before: float) -> Suggestion:
    """Exact expected information of naming ``q``: one count tracking the named cards.

    A shower holding m of the named cards shows each with chance 1/m (every raiser in
    Memory Detective, the first refuter in Clue); weights are kept as integers over the
    common denominator 6^(players) (m is 1, 2 or 3).  The session keeps the count of
    each set of tracked cards (``DetectiveSession.tracked``)."""
    viewer = session.record.viewer
    places = {c: session.where_now(c) for c in q}
    tracked = [c for c in q if max(places[c].values()) < 1]
    known = {c: max(places[c], key=lambda h: places[c][h]) for c in q if c not in tracked}
    counts = session.tracked(tuple(tracked))
    seats = {p: i for i, p in enumerate(session.record.players)}
    scale: int = 6 ** len(seats)
    answers: dict[tuple[str, ...], list[tuple[Pattern, int]]] = {}  # holders of the named cards -> patterns

    def patterns(held: tuple[str, ...]) -> list[tuple[Pattern, int]]:
        got = answers.get(held)
        if got is None:
            where = dict(known)
            where.update(zip(tracked, held, strict=True))
            matching: dict[str, list[Card]] = defaultdict(list)
            for c, h in where.items():
                if h not in (CASE, PUBLIC, viewer):
                    matching[h].append(c)
            got = answers[held] = answer_model(matching)
        return got

    def raise_all(matching: dict[str, list[Card]]) -> list[tuple[Pattern, int]]:
        """Memory Detective: every holder raises and shows one of its named cards."""
        raisers = sorted(matching, key=seats.__getitem__)
        share = scale // prod(len(matching[p]) for p in raisers)
        return [(tuple(zip(raisers, shown, strict=True)), share) for shown in product(*(matching[p] for p in raisers))]

    def first_refuter(matching: dict[str, list[Card]]) -> list[tuple[Pattern, int]]:
        """Clue: asked clockwise from the viewer, the first holder refutes with one card."""
        refuter = next((p for p in asking_order if matching.get(p)), None)
        if refuter is None:
            return [((), scale)]
        cards = matching[refuter]
        return [(((refuter, c),), scale // len(cards)) for c in cards]

    assert viewer is not None
    i = seats[viewer]
    players = session.record.players
    asking_order = [players[(i + j) % len(players)] for j in range(1, len(players))]
    answer_model = first_refuter if session.variant.clue else raise_all

    # Summed by numbers (a pattern's index, a truth's key), which hash in C: the Cards
    # inside them hash in Python, and this loop runs for every tracked joint row.
    c, index = counts.cards, list(counts.truth)
    rows: Iterable[tuple[AtTriple | int, tuple[str, ...], int]]
    if tracked:
        rows = ((t, held, n) for (t, held), n in counts.tracked_at.items())
    else:
        rows = ((i, (), n) for i, n in enumerate(counts.truth.values()))

    def truth_of(t: AtTriple | int) -> Triple:
        """A truth from its key: its cards' positions (tracked), else its index in ``counts.truth``."""
        return index[t] if isinstance(t, int) else (c[t[0]], c[t[1]], c[t[2]])
    pattern_list: list[Pattern] = []
    numbered: dict[Pattern, int] = {}

    def number(pattern: Pattern) -> int:
        k = numbered.get(pattern)
        if k is None:
            k = numbered[pattern] = len(pattern_list)
            pattern_list.append(pattern)
        return k

    by_held: dict[tuple[str, ...], list[tuple[int, int]]] = {}
    joint: dict[int, dict[AtTriple | int, int]] = defaultdict(lambda: defaultdict(int))
    for truth, held, n in rows:
        shares = by_held.get(held)
        if shares is None:
            shares = by_held[held] = [(number(pattern), share) for pattern, share in patterns(held)]
        for k, share in shares:
            joint[k][truth] += n * share
    denominator = counts.total * scale
    outcomes = []
    after = 0.0
    for k, dist in joint.items():
        mass = sum(dist.values())
        after += mass / denominator * entropy(x / mass for x in dist.values())
        top = max(dist.values())
        best = min((truth_of(t) for t, x in dist.items() if x == top), key=lambda t: [c.id for c in t])
        outcomes.append(Outcome(pattern_list[k], Fraction(mass, denominator), sum(1 for x in dist.values() if x),
                                best, Fraction(top, mass)))
    outcomes.sort(key=lambda o: (-o.p, [(a, c.id) for a, c in o.pattern]))
    return Suggestion(q, max(0.0, before - after), truths.get(q, Fraction(0)), outcomes)


def public_view(record: DetectiveRecord) -> DetectiveSession:
    """What the whole table saw of ``record``: its seat's record as a spectator writes it
    (no hand; a peek is a private show, a deduction's shown cards are left out).  What a
    seat's move leaks is measured against it (``leak_bits``)."""
    me = record.viewer
    events = [Show(e.player, me) if isinstance(e, Peek) and me is not None
              else replace(e, shown={}) if isinstance(e, Deduce) and e.shown else e for e in record.events]
    return DetectiveSession(DetectiveRecord(record.variant, record.players, None, (), record.public, events,
                                            record.file))


def leak_bits(public: DetectiveSession, seat: str, cards: Iterable[Card]) -> float:
    """The information (bits) the table gains about ``seat``'s hand on learning that it
    holds ``cards``: -log2 of their exact chance in the public view (``public_view``).
    Showing a card to a deducer tells it exactly this; naming one's own cards tells the
    table at most this (nobody else raises on them)."""
    fixed = {c: seat for c in cards}
    if not fixed:
        return 0.0
    if len(fixed) == 1:  # one card: the deals dealing it to ``seat``, from the view's marginals (counted once)
        (card,) = fixed
        total, held = public.counts.total, public.counts.holders[card][seat]
    else:
        total = public.truth_counts.total
        held = public.counter.count(fixed=fixed, marginals=False).total
    return -log2(held / total) if held else float("inf")
