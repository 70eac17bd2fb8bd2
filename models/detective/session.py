"""One record under study: replayed once, with the counter and the CP-SAT engine
built on demand and shared by every question (analyze, explain, hint, advise)."""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property

from suiri.solver.facts import Fact
from suiri.solver.queries import Engine
from suiri.solver.reasoning import Checked, Observed

from .cards import CATEGORIES, Card, Category
from .counter import CASE, PUBLIC, Counts, DealCounter, DealProblem
from .encoder import DetectiveModel, encode
from .error_text import ErrorText
from .record import DetectiveRecord
from .rules import Observation, Replay, replay


class DetectiveSession(Observed[Observation], Checked[Counts]):
    """The record, replayed (raising at the first illegal event), with what every
    question shares: the observations, the exact counts and the CP-SAT engine."""

    worlds = ErrorText("session:deal")
    valid = ErrorText("session:consistent-valid")

    def __init__(self, record: DetectiveRecord) -> None:
        self.record = record
        self.variant = record.variant
        self.deck = record.variant.deck
        self.replay: Replay = replay(record)  # raises IllegalMoveError at the first bad event
        self._where: dict[Card, dict[str, Fraction]] = {}
        self._tracked: dict[tuple[Card, ...], Counts] = {}

    @property
    def holders(self) -> tuple[str, ...]:
        """Where a card can be: each player, the case file, the public area."""
        return (*self.record.players, CASE, PUBLIC)

    @cached_property
    def problem(self) -> DealProblem:
        return DealProblem.from_observations(self.variant, self.record.players, self.observations)

    @cached_property
    def counter(self) -> DealCounter:
        return DealCounter(self.problem)

    @cached_property
    def counts(self) -> Counts:
        """Exact counts over the consistent deals; none means the record contradicts itself."""
        counts = self.counter.count()
        if counts.total == 0:
            raise self.inconsistency()
        return counts

    @cached_property
    def truth_counts(self) -> Counts:
        """The total and the truth joint: ``counts`` when they are made, else one count
        without the card marginals (cheaper: what the bots and ``leak_bits`` ask).  None
        fits: a total of 0, no error."""
        return self.__dict__.get("counts") or self.counter.count(marginals=False)

    def tracked(self, cards: tuple[Card, ...]) -> Counts:
        """The joint of the truth and the dealt holders of ``cards`` (a count tracking them,
        without marginals), kept per tuple of cards: advice weighs many triples, some
        tracking the same cards, and a caller may weigh them again."""
        got = self._tracked.get(cards)
        if got is None:
            got = self._tracked[cards] = self.counter.count(track=cards, marginals=False)
        return got

    @property
    def steps(self) -> int:
        return len(self.record.events)

    @cached_property
    def detective_model(self) -> DetectiveModel:
        return encode(self.variant, self.record.players, self.observations)

    @cached_property
    def engine(self) -> Engine:
        return Engine(self.detective_model.model)

    # -- the exact counter as the engine's probability interface -----------------------------
    def where_now(self, card: Card) -> dict[str, Fraction]:
        """Exact probability of each place the card is now (revealed cards are public)."""
        return dict(self._places(card))

    def _places(self, card: Card) -> dict[str, Fraction]:
        """``where_now``, worked out once per card (advice asks it of each named card of
        every triple it weighs); callers get a copy."""
        got = self._where.get(card)
        if got is None:
            if card in self.record.public or card in self.replay.revealed:
                got = {h: Fraction(int(h == PUBLIC)) for h in self.holders}
            else:
                counts = self.counts
                row = counts.holders[card]
                got = {h: Fraction(row.get(h, 0), counts.total) for h in self.holders}
            self._where[card] = got
        return got

    def truth(self, category: Category) -> dict[Card, Fraction]:
        counts = self.counts
        deals = {c: 0 for c in self.deck.of(category)}
        index = CATEGORIES.index(category)
        for triple, n in counts.truth.items():
            deals[triple[index]] += n
        return {c: Fraction(n, counts.total) for c, n in deals.items()}

    def fact_cards(self, fact: Fact) -> set[Card]:
        subject, _, arg = fact.subject.partition(":")
        return {self.deck.parse(arg if subject == "holder" else fact.value, None, self.variant.fake)}

    def written(self, fact: Fact) -> bool:
        """Facts the record states outright: the viewer's hand and the public cards."""
        if not fact.subject.startswith("holder:"):
            return False
        card = next(iter(self.fact_cards(fact)))
        if card in self.record.public or card in self.replay.revealed:
            return True
        return self.record.viewer is not None and (card in self.record.hand or fact.value == self.record.viewer)
