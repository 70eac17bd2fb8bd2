"""Memory Detective's and Clue's bots (``suiri.models.bots``; docs/bots.md): each plays one
seat from its ``DetectiveDecision`` only (its record, its options and, while it answers,
who asked and the named triple).

- ``notebook``: the checklist of a careful human (``Checklist``): it crosses off the cards
  it was shown, peeked at or saw go public, notes who could not answer, and draws the
  obvious conclusions (a card nobody can hold is in the case file; the last card of a
  category left is the case's), nothing more: no counting, no probabilities.  It names a
  triple not crossed off (any of them), and accuses (Clue) when one is left.
- ``reasoner``: the exact analysis and advice of its own record.  Its chance of the
  likeliest triple is the counter's; when it clears ``threshold`` it names that triple
  (Memory Detective: a deduction nobody can answer wins) or accuses (Clue); otherwise it
  names advise's best suggestion (the most information about the truth).
- ``concealer``: a reasoner that also weighs what a move tells the table about its own
  hand (``advice.leak_bits``, as seen from the public view of its record): as the
  deducer it picks among advise's suggestions the best ``bits - weight * leak``; asked,
  it shows the card that leaks least (one it showed that deducer before leaks nothing).

None of them reveals a card or looks into a hand (a reveal helps every seat; a look sees
one card where a deduction may see several): the actions are the random bot's.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .advice import EVALUATIONS, Suggestion, advise, leak_bits, public_view
from .cards import CATEGORIES, FAKE_CARD, Card
from .counter import Triple
from .record import DetectiveRecord
from .rules import Accuse, Deduce, Peek, Reveal
from .seating import Choice, DetectiveDecision
from .session import DetectiveSession
from .state import Accusation, Deduction, EndTurn, Response

CASE = "case"
PUBLIC = "public"


# -- the checklist ------------------------------------------------------------------------------
@dataclass
class Checklist:
    """A seat's checklist, read off its record: where each card is known to be (a
    player, ``case`` or ``public``), who is known not to hold it, and the triples a wrong
    deduction or accusation crossed off."""

    players: tuple[str, ...]
    cards: tuple[Card, ...]
    at: dict[Card, str] = field(default_factory=dict)
    lacks: dict[Card, set[str]] = field(default_factory=dict)
    wrong: set[frozenset[Card]] = field(default_factory=set)

    @classmethod
    def of(cls, record: DetectiveRecord) -> Checklist:
        me = record.viewer
        sheet = cls(record.players, record.variant.deck.evidence)
        for c in record.hand:
            sheet.put(c, me or PUBLIC)
        for c in record.public:
            sheet.put(c, PUBLIC)
        for e in record.events:
            if isinstance(e, Reveal):
                sheet.put(e.card, PUBLIC)
            elif isinstance(e, Peek):
                sheet.put(e.card, e.player)
            elif isinstance(e, Accuse):
                if e.correct:
                    for c in e.named:
                        sheet.put(c, CASE)
                else:
                    sheet.wrong.add(frozenset(e.named))
            elif isinstance(e, Deduce):
                sheet.deduced(e, me, record.variant.clue)
        sheet.conclude()
        return sheet

    def put(self, card: Card, where: str) -> None:
        if card.category is not None:
            self.at[card] = where

    def deduced(self, e: Deduce, me: str | None, clue: bool) -> None:
        """What a deduction tells the checklist: the cards shown to me; who did not
        answer holds none of the named cards (Memory Detective: who did not raise;
        Clue: who passed); a wrong outcome crosses the triple off; in Clue nobody
        refuting my own suggestion puts every named card I do not hold in the case."""
        for p, c in e.shown.items():
            if c != FAKE_CARD:
                self.put(c, p)
        silent = e.passed if clue else tuple(p for p in self.players if p != e.by and p not in e.raised)
        for p in silent:
            for c in e.named:
                self.lacks.setdefault(c, set()).add(p)
        if e.outcome == "wrong":
            self.wrong.add(frozenset(e.named))
        elif e.outcome == "solved":
            for c in e.named:
                self.put(c, CASE)
        if clue and e.by == me and not e.raised:
            for c in e.named:
                if c not in self.at:
                    self.put(c, CASE)

    def conclude(self) -> None:
        """The obvious steps, until none is left: a card no player can hold (and not
        public) is in the case; a category with one card not crossed off has it in the
        case."""
        changed = True
        while changed:
            changed = False
            for c in self.cards:
                if c not in self.at and self.lacks.get(c, set()) >= set(self.players):
                    self.at[c] = CASE
                    changed = True
            for cat in CATEGORIES:
                left = self.open(cat)
                if len(left) == 1 and self.at.get(left[0]) != CASE:
                    self.at[left[0]] = CASE
                    changed = True

    def open(self, cat: object) -> list[Card]:
        """The cards of a category that may be in the case: the case's, once known."""
        of = [c for c in self.cards if c.category == cat]
        case = [c for c in of if self.at.get(c) == CASE]
        return case or [c for c in of if c not in self.at]

    def triples(self) -> list[Triple]:
        """The triples not crossed off."""
        s, w, r = (self.open(cat) for cat in CATEGORIES)
        return [(a, b, c) for a in s for b in w for c in r if frozenset((a, b, c)) not in self.wrong]


def _kinds(options: Sequence[Choice]) -> tuple[bool, bool, bool]:
    """What the options allow: a deduction (the turn starts), an accusation, the end of the turn."""
    return (any(isinstance(o, Deduction) for o in options), any(isinstance(o, Accusation) for o in options),
            any(isinstance(o, EndTurn) for o in options))


def _turn(seat: str, options: Sequence[Choice], sure: Triple | None, name: Triple | None) -> Choice:
    """The move of a turn: accuse ``sure`` when it is given and allowed (Clue), else name
    ``name`` when the turn starts, else end the turn."""
    deduce, accuse, end = _kinds(options)
    if sure is not None and accuse:
        return Accusation(seat, sure)
    if deduce and name is not None:
        return Deduction(seat, name)
    if end:
        return EndTurn(seat)
    raise ValueError("no move of a turn among the options")


class NotebookBot:
    """``notebook``: names a triple its checklist has not crossed off, at random; accuses
    (Clue) when one triple is left; shows any of its named cards."""

    def __init__(self, seat: str, rng: random.Random) -> None:
        self.seat, self.rng = seat, rng

    def choose(self, decision: DetectiveDecision) -> Choice:
        if decision.named is not None:
            return self.rng.choice(list(decision.options))
        left = Checklist.of(decision.record).triples()
        sure = left[0] if len(left) == 1 else None
        name = self.rng.choice(left) if left else None
        return _turn(self.seat, decision.options, sure if decision.record.variant.clue else None, name or sure)


# -- the reasoner -------------------------------------------------------------------------------
THRESHOLD = 1.0  # the reasoner's default: accuse (Clue) or name the likeliest triple only when it is certain
BUDGET = 10  # triples advise weighs exactly for the bots (the rest screened): as good, a third of the time


class ReasonerBot:
    """``reasoner``: plays from the exact analysis of its record.  ``threshold``: the
    chance of the likeliest triple at which it names it (Memory Detective) or accuses
    (Clue) instead of asking what carries the most information."""

    def __init__(self, seat: str, rng: random.Random, threshold: float = THRESHOLD, budget: int = BUDGET) -> None:
        self.seat, self.rng, self.threshold, self.budget = seat, rng, threshold, int(budget)
        self._cached: tuple[DetectiveRecord, DetectiveSession] | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> ReasonerBot:
        """A copy without the cached session (the blind check copies bots at each choice)."""
        other = type(self).__new__(type(self))
        other.__dict__.update({k: (v if k != "_cached" else None) for k, v in self.__dict__.items()})
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other._copy_memory(self)
        return other

    def _copy_memory(self, other: ReasonerBot) -> None:
        """Subclasses copy what they remember."""

    def session(self, record: DetectiveRecord) -> DetectiveSession:
        """The session of ``record``; the last one is kept (asked again on the same
        record, as the tests' checks and a replay do, the bot counts once).  A session
        is not extended event by event: each turn of the seat replays and counts anew."""
        cached = self._cached
        if cached is not None and cached[0] == record:
            return cached[1]
        session = DetectiveSession(record)
        self._cached = (record, session)
        return session

    def choose(self, decision: DetectiveDecision) -> Choice:
        options = decision.options
        if decision.named is not None:
            return options[0] if len(options) == 1 else self.respond(decision)
        deduce, _, _ = _kinds(options)
        session = self.session(decision.record)
        truths = session.truth_counts.truth if not deduce else session.counts.truth
        top, p = likeliest(truths)
        if p >= self.threshold or p == 1:
            return _turn(self.seat, options, top, top)
        if not deduce:
            return _turn(self.seat, options, None, None)
        return Deduction(self.seat, self.suggest(session))

    def advice(self, session: DetectiveSession) -> list[Suggestion]:
        """Advise's ranking, weighing at most ``budget`` triples exactly (fewer where
        advise itself weighs fewer: 6 to 8 players)."""
        n = len(session.record.players)
        return advise(session, min(self.budget, EVALUATIONS.get(n, self.budget))).suggestions

    def suggest(self, session: DetectiveSession) -> Triple:
        """Advise's best suggestion (the most information about the truth)."""
        return self.advice(session)[0].named

    def respond(self, decision: DetectiveDecision) -> Choice:
        return self.rng.choice(list(decision.options))


def likeliest(truths: dict[Triple, int]) -> tuple[Triple, float]:
    """The likeliest triple (ties: the first by card ids, as advise names it) and its chance."""
    total = sum(truths.values())
    top = min((t for t, n in truths.items() if n), key=lambda t: (-truths[t], [c.id for c in t]))
    return top, truths[top] / total


# -- the concealer ------------------------------------------------------------------------------
WEIGHT = 1.0  # bits of the seat's own hand worth one bit about the truth


class ConcealerBot(ReasonerBot):
    """``concealer``: a reasoner that weighs what its moves tell the table about its own
    hand (``advice.leak_bits``) against the information they gain, with ``weight``."""

    def __init__(self, seat: str, rng: random.Random, threshold: float = THRESHOLD, budget: int = BUDGET,
                 weight: float = WEIGHT) -> None:
        super().__init__(seat, rng, threshold, budget)
        self.weight = weight
        self.shown: dict[str, set[Card]] = {}  # the cards this seat showed each deducer

    def _copy_memory(self, other: ReasonerBot) -> None:
        assert isinstance(other, ConcealerBot)
        self.shown = {p: set(cs) for p, cs in other.shown.items()}

    def suggest(self, session: DetectiveSession) -> Triple:
        suggestions = self.advice(session)
        if self.weight == 0 or len(suggestions) == 1:
            return suggestions[0].named
        public = public_view(session.record)

        def worth(s: Suggestion) -> float:
            return s.bits - self.weight * leak_bits(public, self.seat, own(s.named, session))

        return max(suggestions, key=worth).named

    def respond(self, decision: DetectiveDecision) -> Choice:
        assert decision.asked_by is not None
        before = self.shown.setdefault(decision.asked_by, set())
        shows = [o for o in decision.options if isinstance(o, Response) and o.card is not None]
        again = [o for o in shows if o.card in before]
        if again:
            return again[0]
        if not shows:
            return decision.options[0]
        public = public_view(decision.record)
        best = min(shows, key=lambda o: (leak_bits(public, self.seat, [o.card] if o.card else []),
                                        o.card.id if o.card else ""))
        assert best.card is not None
        before.add(best.card)
        return best


def own(named: Iterable[Card], session: DetectiveSession) -> list[Card]:
    """The named cards in the seat's own hand now."""
    gone = set(session.replay.revealed)
    return [c for c in named if c in session.record.hand and c not in gone]


BOTS = {"notebook": NotebookBot, "reasoner": ReasonerBot, "concealer": ConcealerBot}

__all__ = ["BOTS", "Checklist", "ConcealerBot", "NotebookBot", "ReasonerBot", "likeliest"]
