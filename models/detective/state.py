"""The true state of a game of Memory Detective in progress (OpenSpiel's ``State``).

``DetectiveState`` holds what no seat sees whole: the deal (the case file, the public
evidence, every hand and the fake), whose turn it is, who is out (Clue) and every event
as it truly happened (each deduction with what every raiser showed, each private look
with its card).  ``record_for(seat)`` is the only way out: the record that seat would
write, holding only what it saw.

Moves are the players' choices.  On its turn a player names a triple
(``Deduction``; a suggestion in Clue), makes a card public (``RevealCard``), looks at
a card in another hand (``LookAt``), or in Clue accuses (``Accusation``; after its
deduction or action it may still accuse, or ``EndTurn``).  A deduction is then
answered: each player asked is in turn the current player and chooses its
``Response`` — which of its named cards to show, the fake (a bluff, D7) or nothing.

The rules are the ones ``rules.replay`` checks, stated once in ``rules``: who is
asked and in which order (``asked``, ``asking_stops``), who must raise and who may
bluff (``must_raise``, ``may_bluff``), what an unraised deduction opens
(``no_raise_outcome``), and what a reveal, a solved deduction and an accusation do to
the table, and when the game ends (``rules.Table``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from .cards import CATEGORIES, FAKE_CARD, Card, Deck
from .record import DetectiveRecord
from .rules import (
    Accuse,
    Deal,
    Deduce,
    Event,
    Peek,
    Reveal,
    Show,
    Table,
    Variant,
    asked,
    asking_stops,
    bluff_follows,
    may_bluff,
    must_raise,
    no_raise_outcome,
)

PLAYER_NAMES = ("aki", "bea", "cid", "dai", "eri", "fumi", "gen", "hana")
Triple = tuple[Card, Card, Card]


# -- moves ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deduction:
    """On its turn, ``player`` names one suspect, one weapon and one scene."""

    player: str
    named: Triple


@dataclass(frozen=True)
class Response:
    """An asked player's answer to the pending deduction: the named card it shows, the
    fake (a bluff) or None (it does not raise; passes in Clue)."""

    player: str
    card: Card | None


@dataclass(frozen=True)
class Accusation:
    """Clue: on its turn ``player`` checks the envelope for ``named``."""

    player: str
    named: Triple


@dataclass(frozen=True)
class RevealCard:
    """An action: ``owner``'s ``card`` goes face up (``player`` caused it)."""

    player: str
    owner: str
    card: Card


@dataclass(frozen=True)
class LookAt:
    """An action: ``player`` sees ``card`` in ``owner``'s hand, in private."""

    player: str
    owner: str
    card: Card


@dataclass(frozen=True)
class EndTurn:
    """Clue: after its deduction or action, ``player`` ends its turn without accusing."""

    player: str


Move = Deduction | Response | Accusation | RevealCard | LookAt | EndTurn


# -- the true log -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Look:
    """A private look: ``actor`` saw ``card`` in ``player``'s hand.  The actor writes it
    as ``Peek(player, card)``; every other seat as ``Show(giver=player, taker=actor)``
    (a card changed eyes, nobody else knows which)."""

    actor: str
    player: str
    card: Card


TrueEvent = Deduce | Accuse | Reveal | Look


def is_bluff(event: TrueEvent) -> bool:
    """A deduction in which some raiser showed the fake (the next event reveals it)."""
    return isinstance(event, Deduce) and any(c == FAKE_CARD for c in event.shown.values())


def written(event: TrueEvent, seat: str | None) -> Event:
    """One true event as ``seat`` writes it: only the deducer sees the shown cards; a
    private look is a peek for its actor and a show for everyone else."""
    if isinstance(event, Look):
        if event.actor == seat:
            return Peek(event.player, event.card)
        return Show(event.player, event.actor, None)
    if isinstance(event, Deduce) and event.by != seat and event.shown:
        return replace(event, shown={})
    return event


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


@dataclass
class Asking:
    """A deduction being answered: who is still to be asked, and the answers so far."""

    by: str
    named: Triple
    queue: list[str]
    raised: list[str] = field(default_factory=list)
    shown: dict[str, Card] = field(default_factory=dict)
    passed: list[str] = field(default_factory=list)


@lru_cache(maxsize=64)
def _triples(deck: Deck) -> tuple[Triple, ...]:
    """Every triple of one suspect, one weapon and one scene (729 with the default deck)."""
    s, w, r = (deck.of(c) for c in CATEGORIES)
    return tuple((a, b, c) for a in s for b in w for c in r)


@lru_cache(maxsize=256)
def _naming(kind: type[Deduction] | type[Accusation], player: str, deck: Deck) -> tuple[Move, ...]:
    """``player``'s deductions (or accusations) of every triple, built once: moves are
    frozen values, and the State lists them at every turn."""
    return tuple(kind(player, t) for t in _triples(deck))


class DetectiveState:
    """A game in progress, with its hidden deal; ``events`` is the true log."""

    def __init__(self, variant: Variant, players: Sequence[str], truth: Deal, name: str = "<state>") -> None:
        if len(players) != variant.players or len(set(players)) != len(players):
            raise ValueError(f"{variant.players} distinct player names needed, got {tuple(players)}")
        self.variant = variant
        self._players = tuple(players)
        self.deal = truth
        self.name = name  # the file name the records say they come from
        self.hands: dict[str, list[Card]] = {p: list(h) for p, h in truth.hands.items()}  # hands now
        self.table = Table(variant, self._players, truth.public)
        self.events: list[TrueEvent] = []
        self.seat = 0  # whose turn: an index into players
        self.acted = False  # Clue: the turn's deduction or action is done (it may still accuse)
        self.asking: Asking | None = None
        # per seat: the true events written so far and how the seat wrote them (``record_for``)
        self._written: dict[str | None, tuple[list[TrueEvent], list[Event]]] = {}

    @classmethod
    def new(cls, variant: Variant, rng: random.Random, name: str = "<state>",
            players: Sequence[str] | None = None) -> DetectiveState:
        """A game dealt from ``rng``; the first player is to move."""
        names = tuple(players) if players is not None else PLAYER_NAMES[: variant.players]
        return cls(variant, names, deal(variant, names, rng), name)

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    # -- whose move ---------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.table.end is not None

    def current_player(self) -> str | None:
        """The asked player while a deduction is answered, else the player whose turn it
        is (players out after a wrong accusation take no turns)."""
        if self.is_over():
            return None
        if self.asking is not None:
            return self.asking.queue[0]
        return self._players[self.seat]

    def turn_starts(self) -> bool:
        """Nothing of the current turn has happened yet."""
        return not self.is_over() and self.asking is None and not self.acted

    # -- legal moves ---------------------------------------------------------------------------
    def legal_moves(self, player: str) -> list[Move]:
        """Every move the rules allow ``player`` now (none unless it is to move)."""
        if player != self.current_player():
            return []
        if self.asking is not None:
            return self.responses(player, self.asking.named)
        deck = self.variant.deck
        accusations = _naming(Accusation, player, deck) if self.variant.clue else ()
        if self.acted:
            return [*accusations, EndTurn(player)]
        return [*_naming(Deduction, player, deck), *self.reveals(player), *self.looks(player), *accusations]

    def triples(self) -> list[Triple]:
        return list(_triples(self.variant.deck))

    def responses(self, player: str, named: Triple) -> list[Move]:
        """A holder of a named card shows one of them; a player holding none shows
        nothing, or, holding the fake, may bluff with it."""
        hand = self.hands[player]
        mine = must_raise(hand, named)
        if mine:
            return [Response(player, c) for c in mine]
        return [Response(player, None), *([Response(player, FAKE_CARD)] if may_bluff(self.variant, hand, named)
                                          else [])]

    def reveals(self, player: str) -> list[Move]:
        return [RevealCard(player, p, c) for p in self._players for c in self.hands[p]]

    def looks(self, player: str) -> list[Move]:
        return [LookAt(player, p, c) for p in self._players if p != player for c in self.hands[p]]

    # -- applying a move ----------------------------------------------------------------------
    def is_legal(self, move: Move) -> bool:
        """``move in legal_moves(move.player)``, without listing them all."""
        player = move.player
        if player != self.current_player():
            return False
        if self.asking is not None:
            return isinstance(move, Response) and move in self.responses(player, self.asking.named)
        if isinstance(move, Accusation):
            return self.variant.clue and self.is_triple(move.named)
        if self.acted:
            return isinstance(move, EndTurn)
        if isinstance(move, Deduction):
            return self.is_triple(move.named)
        if isinstance(move, RevealCard):
            return move.owner in self.hands and move.card in self.hands[move.owner]
        if isinstance(move, LookAt):
            return move.owner != player and move.owner in self.hands and move.card in self.hands[move.owner]
        return False

    def is_triple(self, named: Triple) -> bool:
        return all(c in self.variant.deck.of(cat) for c, cat in zip(named, CATEGORIES, strict=True))

    def apply(self, move: Move) -> None:
        if not self.is_legal(move):
            raise ValueError(f"illegal move {move} (it is {self.current_player()}'s move)")
        if isinstance(move, Response):
            self._answer(move)
        elif isinstance(move, Deduction):
            self.asking = Asking(move.player, move.named, asked(self._players, move.player))
        elif isinstance(move, RevealCard):
            self._reveal(move.owner, move.card)
            self._acted()
        elif isinstance(move, LookAt):
            self.events.append(Look(move.player, move.owner, move.card))
            self._acted()
        elif isinstance(move, Accusation):
            correct = set(move.named) == set(self.deal.case)
            self.events.append(Accuse(move.player, move.named, correct))
            self.table.accused(move.player, correct, len(self.events))
            self._next_turn()
        else:
            self._next_turn()

    def _reveal(self, owner: str, card: Card, bluff: bool = False) -> None:
        """The card goes public.  A fake revealed right after a deduction its holder
        raised on reads as a bluff to every seat that did not see the shown card (D7),
        so unless it closes the bluff it is written ``bluff = false``."""
        self.hands[owner].remove(card)
        event = Reveal(card, owner)
        last = self.events[-1] if self.events else None
        if not bluff and isinstance(last, Deduce) and bluff_follows(self.variant, written(last, None), event):
            event = Reveal(card, owner, False)
        self.events.append(event)
        self.table.reveal(card, owner, len(self.events))

    def _answer(self, move: Response) -> None:
        a = self.asking
        assert a is not None
        a.queue.pop(0)
        if move.card is not None:
            a.raised.append(move.player)
            a.shown[move.player] = move.card
        elif self.variant.clue:
            a.passed.append(move.player)
        if a.queue and not asking_stops(self.variant, a.raised):
            return
        self.asking = None
        raised = a.raised if self.variant.clue else sorted(a.raised, key=self._players.index)
        outcome = None if raised else no_raise_outcome(self.variant, a.named, self.deal.case)
        self.events.append(Deduce(a.by, a.named, tuple(raised), {p: a.shown[p] for p in raised}, outcome,
                                  tuple(a.passed)))
        self.table.deduced(a.by, outcome, len(self.events))
        bluffer = next((p for p in raised if a.shown[p] == FAKE_CARD), None)
        if bluffer is not None:
            self._reveal(bluffer, FAKE_CARD, bluff=True)  # D7: the bluff's fake goes public at once
        self._acted()

    def _acted(self) -> None:
        """The turn's deduction or action is done: in Clue the player may still accuse."""
        if self.variant.clue and not self.is_over():
            self.acted = True
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.acted = False
        if self.is_over():
            return
        for _ in self._players:
            self.seat = (self.seat + 1) % len(self._players)
            if self._players[self.seat] not in self.table.out:
                return

    # -- the way out ----------------------------------------------------------------------------
    @property
    def outcome(self) -> str | None:
        """"solved" (also a correct accusation), "lost" (all evidence public, or every
        player out after a wrong accusation) or None (still running)."""
        end = self.table.end
        return None if end is None else "solved" if end.reason in ("solved", "accused") else "lost"

    def cut(self, events: int) -> int:
        """The events a record cut after ``events`` events keeps: one more when the cut
        would split a bluff from its reveal (a bluff deduction without its reveal would
        be an illegal raise in the bluffer's record and a false "holds one of" in every
        other one)."""
        if 0 < events < len(self.events) and is_bluff(self.events[events - 1]):
            return events + 1
        return events

    def record_for(self, seat: str | None, steps: int | None = None) -> DetectiveRecord:
        """The record ``seat`` (None: a spectator) writes of the first ``steps`` events
        (all: None; see ``cut``): its dealt hand, the public cards and every event as it
        saw it (a deduction being answered is not written yet)."""
        if seat is not None and seat not in self._players:
            raise ValueError(f"{seat!r} is not a player: {', '.join(self._players)}")
        hand = self.deal.hands[seat] if seat is not None else ()
        events = self.events if steps is None else self.events[:self.cut(steps)]
        return DetectiveRecord(self.variant, self._players, seat, tuple(hand), self.deal.public,
                               self._written_by(seat, events), self.name)

    def _written_by(self, seat: str | None, events: list[TrueEvent]) -> list[Event]:
        """``written(e, seat)`` for each of ``events``, kept per seat: a game played to the
        end asks for a record one event longer at every choice, and writing the whole log
        again each time made the long games quadratic.  ``written`` depends on the event's
        value only, so a kept prefix equal to the log's is reused."""
        true, out = self._written.get(seat, ([], []))
        n = len(true)
        if n <= len(events) and true == events[:n]:
            true.extend(events[n:])
            out.extend(written(e, seat) for e in events[n:])
            self._written[seat] = (true, out)
            return out[:]
        if true[:len(events)] == events:
            return out[:len(events)]
        self._written[seat] = (list(events), [written(e, seat) for e in events])
        return self._written[seat][1][:]

    def holder(self, card: Card) -> str:
        """Where ``card`` truly is now: a player's name, ``"case"`` or ``"public"``."""
        if card in self.table.public:
            return "public"
        return self.deal.holder(card)
