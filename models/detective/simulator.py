"""Seeded random legal games of Memory Detective, and the record any seat would write.

The simulator works at the level of information events (ruling D2): a turn is either a
deduction or an action that produces one event, a public ``reveal`` or a private look
(the actor sees one card of another player's hand).  Deductions follow the rules
exactly: in the base game every other holder of a named card raises and shows one of
them (D7: the fake holder that holds none may bluff with the fake, which then goes
public at once); in the Clue variant (D6) players are asked clockwise until the first
one refutes.  The namer is random with a taste for cards whose place it does not know
(strategy is not evidence, D5).  In the Clue variant players also accuse: a player
accuses as soon as the truth is certain for it by elimination (every card of a
category seen but one, or a card its own unrefuted suggestion put in the envelope),
and otherwise, with probability ``ACCUSE_RATE`` a turn, guesses (mostly wrongly: it is
then out, makes no more suggestions or accusations, and still refutes).  Only
``random.Random(seed)`` is used: the same seed gives the same game.

The log keeps every private detail (the truth); ``SimulatedGame.record`` writes what
one seat (or a spectator) saw, which ``rules.replay`` must accept.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .cards import CATEGORIES, FAKE_CARD, Card, Category
from .record import DetectiveRecord
from .rules import Accuse, Deal, Deduce, Event, Peek, Reveal, Show, Variant

PLAYER_NAMES = ("aki", "bea", "cid", "dai", "eri", "fumi", "gen", "hana")
DEDUCE_RATE = 0.7  # a turn is a deduction with this probability, else an action
BLUFF_RATE = 0.3  # the fake holder holding none of the named cards bluffs
SENSIBLE_RATE = 0.8  # per category: name a card whose place the deducer does not know
ACCUSE_RATE = 0.03  # Clue: a player not yet sure of the truth guesses an accusation on its turn


@dataclass(frozen=True)
class Look:
    """A private look (an action card): ``actor`` saw ``card`` in ``player``'s hand.

    The actor writes it as ``Peek(player, card)``; every other seat as
    ``Show(giver=player, taker=actor)`` (a card changed eyes, nobody else knows which).
    """

    actor: str
    player: str
    card: Card


TrueEvent = Deduce | Accuse | Reveal | Look


def is_bluff(event: TrueEvent) -> bool:
    """A deduction in which some raiser showed the fake (the next event reveals it)."""
    return isinstance(event, Deduce) and any(c == FAKE_CARD for c in event.shown.values())


@dataclass
class SimulatedGame:
    """A whole game with its hidden deal.  ``events`` is the true log: every deduction
    carries what each raiser showed, and private looks carry their card."""

    variant: Variant
    players: tuple[str, ...]
    deal: Deal
    events: list[TrueEvent]
    seed: int
    over: str | None = None  # "solved" (also a correct accusation), "lost" (all evidence public, or
    # every player out after a wrong accusation) or None (cut short)

    def cut(self, events: int) -> int:
        """``events`` moved past a bluff's reveal when the cut would split the two (a bluff
        deduction without its reveal would be an illegal raise in the bluffer's record and a
        false "holds one of" in every other one)."""
        if 0 < events < len(self.events) and is_bluff(self.events[events - 1]):
            return events + 1
        return events

    def record(self, viewer: str | None, events: int | None = None) -> DetectiveRecord:
        """The record ``viewer`` (None = a spectator) writes of the first ``events`` events
        (all by default; see ``cut``: a bluff keeps its reveal).

        ``hand`` is the viewer's dealt hand; ``shown`` is kept only on the viewer's own
        deductions; a private look is a peek for its actor and a show for everyone else.
        """
        if viewer is not None and viewer not in self.players:
            raise ValueError(f"{viewer!r} is not a player: {', '.join(self.players)}")
        log = self.events if events is None else self.events[: self.cut(events)]
        hand = self.deal.hands[viewer] if viewer is not None else ()
        return DetectiveRecord(self.variant, self.players, viewer, tuple(hand), self.deal.public,
                               [written(e, viewer) for e in log], f"<simulated seed={self.seed}>")

    def records(self, events: int | None = None) -> dict[str | None, DetectiveRecord]:
        """Every seat's record and the spectator's (key None)."""
        return {v: self.record(v, events) for v in (*self.players, None)}


def written(event: TrueEvent, viewer: str | None) -> Event:
    """One true event as ``viewer`` writes it."""
    if isinstance(event, Look):
        if event.actor == viewer:
            return Peek(event.player, event.card)
        return Show(event.player, event.actor, None)
    if isinstance(event, Deduce) and event.by != viewer and event.shown:
        return replace(event, shown={})
    return event


def current_holder(game: SimulatedGame, card: Card, upto_events: int | None = None) -> str:
    """Where ``card`` truly is after the first ``upto_events`` events (all by default): a
    player's name, ``"case"`` or ``"public"``.  Hands change only through reveals."""
    if card not in game.variant.cards:
        raise ValueError(f"{card.id} is not in this game")
    log = game.events if upto_events is None else game.events[:upto_events]
    if any(isinstance(e, Reveal) and e.card == card for e in log):
        return "public"
    return game.deal.holder(card)


def current_holders(game: SimulatedGame, upto_events: int | None = None) -> dict[Card, str]:
    """``current_holder`` for every card of the game (the fake included, if in play)."""
    return {c: current_holder(game, c, upto_events) for c in game.variant.cards}


def deal(variant: Variant, players: Sequence[str], rng: random.Random) -> Deal:
    """D1 setup: one card of each category into the case; shuffle the rest, lay out the
    public cards, and deal the others (with the fake shuffled in) by ``hand_sizes``."""
    deck = variant.deck
    s, w, r = (rng.choice(deck.of(c)) for c in CATEGORIES)
    case = (s, w, r)
    rest = [c for c in deck.evidence if c not in case]
    rng.shuffle(rest)
    public = tuple(rest[: variant.public_count])
    dealt = rest[variant.public_count:]
    if variant.fake:
        dealt.append(FAKE_CARD)
    rng.shuffle(dealt)  # the hand cards are shuffled again (the fake among them)
    sizes = variant.hand_sizes
    if len(sizes) != len(players) or sum(sizes) != len(dealt) or min(sizes, default=0) < 0:
        raise ValueError(f"hand sizes {sizes} do not deal {len(dealt)} cards to {len(players)} players")
    hands: dict[str, tuple[Card, ...]] = {}
    at = 0
    for p, n in zip(players, sizes, strict=True):
        hands[p] = tuple(dealt[at: at + n])
        at += n
    return Deal(case, public, hands)


def simulate(variant: Variant, seed: int, max_events: int = 30,
             players: Sequence[str] | None = None, deduce_rate: float = DEDUCE_RATE,
             sensible_rate: float = SENSIBLE_RATE, accuse_rate: float = ACCUSE_RATE) -> SimulatedGame:
    """Play one random legal game of at most ``max_events`` events (stops when solved,
    or when every evidence card is public or every Clue player is out: everyone loses).  Lower ``sensible_rate``
    (deducers naming cards at random) gives long games; ``deduce_rate`` 1 gives records
    of deductions only (the benchmarks' worst cases); a higher ``accuse_rate`` gives Clue
    games with more (mostly wrong) guessed accusations."""
    names = tuple(players) if players is not None else PLAYER_NAMES[: variant.players]
    if len(names) != variant.players or len(set(names)) != len(names):
        raise ValueError(f"{variant.players} distinct player names needed, got {names}")
    rng = random.Random(seed)
    table = _Table(variant, names, deal(variant, names, rng), rng, max_events)
    table.deduce_rate, table.sensible_rate, table.accuse_rate = deduce_rate, sensible_rate, accuse_rate
    seat = 0
    while len(table.events) < max_events and table.over is None:
        table.turn(names[seat])
        seat = (seat + 1) % len(names)
    return SimulatedGame(variant, names, table.deal, table.events, seed, table.over)


class _Table:
    """The true state during play: hands now, public cards now, what each player knows."""

    def __init__(self, variant: Variant, names: tuple[str, ...], truth: Deal, rng: random.Random,
                 max_events: int) -> None:
        self.variant = variant
        self.names = names
        self.deal = truth
        self.rng = rng
        self.max_events = max_events
        self.hands: dict[str, list[Card]] = {p: list(h) for p, h in truth.hands.items()}
        self.public: set[Card] = set(truth.public)
        self.seen: dict[str, set[Card]] = {p: set() for p in names}  # cards seen in other hands
        self.events: list[TrueEvent] = []
        self.over: str | None = None
        self.deduce_rate = DEDUCE_RATE
        self.sensible_rate = SENSIBLE_RATE
        self.accuse_rate = ACCUSE_RATE
        self.out: set[str] = set()  # Clue: who accused wrongly
        self.in_case: dict[str, dict[Category, Card]] = {p: {} for p in names}  # Clue: learned by a no-refute

    # -- a turn ---------------------------------------------------------------------------
    def turn(self, player: str) -> None:
        if self.variant.clue:
            self._clue_turn(player)
            return
        self._play(player)

    def _play(self, player: str) -> None:
        if self.rng.random() >= self.deduce_rate:
            actions = [self._reveal, self._look]
            self.rng.shuffle(actions)
            for act in actions:
                if act(player):
                    return
        self._deduce(player)

    def clockwise(self, player: str) -> list[str]:
        i = self.names.index(player)
        return [self.names[(i + j) % len(self.names)] for j in range(1, len(self.names))]

    # -- actions --------------------------------------------------------------------------
    def _reveal(self, actor: str) -> bool:
        """A random card of a random player's hand goes public (the fake too, except right
        after a deduction its holder raised on: that would read as a bluff)."""
        last = self.events[-1] if self.events else None
        holder = self.holder_of_fake()
        ambiguous = isinstance(last, Deduce) and holder is not None and holder in last.raised
        allowed = {p: [c for c in self.hands[p] if not (ambiguous and c == FAKE_CARD)] for p in self.names}
        candidates = [p for p in self.names if allowed[p]]
        if not candidates:
            return False
        p = self.rng.choice(candidates)
        card = self.rng.choice(allowed[p])
        self._make_public(card, p)
        return True

    def _look(self, actor: str) -> bool:
        """``actor`` sees one random card of another player's hand."""
        candidates = [p for p in self.names if p != actor and self.hands[p]]
        if not candidates:
            return False
        p = self.rng.choice(candidates)
        card = self.rng.choice(self.hands[p])
        self.seen[actor].add(card)
        self.events.append(Look(actor, p, card))
        return True

    def _make_public(self, card: Card, player: str) -> None:
        self.hands[player].remove(card)
        self.public.add(card)
        self.events.append(Reveal(card, player))
        if not any(c.category is not None for h in self.hands.values() for c in h):
            self.over = "lost"  # every evidence card is public: everyone loses

    def holder_of_fake(self) -> str | None:
        return next((p for p, h in self.hands.items() if FAKE_CARD in h), None)

    # -- Clue accusations -------------------------------------------------------------------
    def _clue_turn(self, player: str) -> None:
        """Out players take no turns.  Sure of the truth: accuse.  Otherwise, now and then,
        a guess; else an ordinary turn, and an accusation after it if it made the truth sure."""
        if player in self.out:
            return
        if self._sure(player) is None and self.rng.random() < self.accuse_rate:
            self._accuse(player, self._guess(player))
            return
        if self._sure(player) is None:
            self._play(player)
        sure = self._sure(player)
        if sure is not None and self.over is None and len(self.events) < self.max_events:
            self._accuse(player, sure)

    def candidates(self, player: str, category: Category) -> list[Card]:
        """The cards of a category that may be in the envelope, as far as ``player`` knows."""
        if category in self.in_case[player]:
            return [self.in_case[player][category]]
        known = self.public | set(self.deal.hands[player]) | self.seen[player]
        return [c for c in self.variant.deck.of(category) if c not in known]

    def _sure(self, player: str) -> tuple[Card, Card, Card] | None:
        s, w, r = (self.candidates(player, c) for c in CATEGORIES)
        return (s[0], w[0], r[0]) if len(s) == len(w) == len(r) == 1 else None

    def _guess(self, player: str) -> tuple[Card, Card, Card]:
        s, w, r = (self.rng.choice(self.candidates(player, c)) for c in CATEGORIES)
        return (s, w, r)

    def _accuse(self, player: str, named: tuple[Card, Card, Card]) -> None:
        correct = set(named) == set(self.deal.case)
        self.events.append(Accuse(player, named, correct))
        if correct:
            self.over = "solved"
            return
        self.out.add(player)
        if len(self.out) == len(self.names):
            self.over = "lost"  # nobody is left to accuse

    def _learn_from_no_refute(self, player: str, named: tuple[Card, Card, Card]) -> None:
        """Nobody refuted: every named card that is not the suggester's own or public is in the envelope."""
        for c in named:
            if c not in self.deal.hands[player] and c not in self.public and c.category is not None:
                self.in_case[player][c.category] = c

    # -- deductions -----------------------------------------------------------------------
    def _name(self, player: str, category: Category) -> Card:
        cards = self.variant.deck.of(category)
        known = self.public | set(self.hands[player]) | set(self.deal.hands[player]) | self.seen[player]
        unknown = [c for c in cards if c not in known]
        if unknown and self.rng.random() < self.sensible_rate:
            return self.rng.choice(unknown)
        return self.rng.choice(cards)

    def _deduce(self, player: str) -> None:
        s, w, r = (self._name(player, c) for c in CATEGORIES)
        named = (s, w, r)
        # A bluff writes two events (the deduction, then the fake's reveal): keep them together.
        may_bluff = len(self.events) + 2 <= self.max_events
        raised: list[str] = []
        passed: list[str] = []
        shown: dict[str, Card] = {}
        bluffer: str | None = None
        for p in self.clockwise(player):
            mine = [c for c in named if c in self.hands[p]]
            if mine:
                raised.append(p)
                shown[p] = self.rng.choice(mine)
            elif may_bluff and FAKE_CARD in self.hands[p] and self.rng.random() < BLUFF_RATE:
                raised.append(p)
                shown[p] = FAKE_CARD
                bluffer = p
            elif self.variant.clue:
                passed.append(p)
            if self.variant.clue and raised:
                break  # Clue: the first refuter shows a card; the rest are not asked
        if not self.variant.clue:  # all at once: written in seat order
            raised.sort(key=self.names.index)
            shown = {p: shown[p] for p in raised}
        outcome = None
        if not raised and self.variant.clue:
            self._learn_from_no_refute(player, named)  # Clue: no outcome; the game ends by an accusation
        elif not raised:
            outcome = "solved" if set(named) == set(self.deal.case) else "wrong"
        for card in shown.values():
            if card != FAKE_CARD:
                self.seen[player].add(card)
        self.events.append(Deduce(player, named, tuple(raised), shown, outcome, tuple(passed)))
        if bluffer is not None:
            self._make_public(FAKE_CARD, bluffer)
        if outcome == "solved":
            self.over = "solved"
