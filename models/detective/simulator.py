"""Seeded random legal games of Memory Detective: random legal moves on a
``state.DetectiveState``, with the table's habits as the policy.

A turn is a deduction with probability ``DEDUCE_RATE``, else an action (a public
reveal or a private look, in random order of trial).  The namer is random with a taste
for cards whose place it does not know (``SENSIBLE_RATE``; strategy is not evidence,
D5).  An asked player holding named cards shows one at random; the fake holder holding
none bluffs with ``BLUFF_RATE``.  In the Clue variant a player accuses as soon as the
truth is certain for it by elimination (every card of a category seen but one, or a
card its own unrefuted suggestion put in the envelope), and otherwise, with
probability ``ACCUSE_RATE`` a turn, guesses (mostly wrongly: it is then out).  The
policy never reveals the fake right after its holder raised (the State writes such a
reveal ``bluff = false``; the policy keeps the records of format v1's first writer).
What is legal, and what each move does, is the State's (and so the rules'): the policy
only chooses.  Only ``random.Random(seed)`` is used: the same seed gives the same game.

The game is a ``simulation.SimulatedGame``: ``record(viewer, events)`` writes what one
seat (or a spectator) saw of the first events (``DetectiveState.cut``: a bluff keeps its
reveal), which ``rules.replay`` must accept.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from suiri.models.simulation import SimulatedGame, play

from .cards import CATEGORIES, FAKE_CARD, Card, Category
from .record import DetectiveRecord
from .rules import Deduce, Reveal, Variant
from .state import (
    PLAYER_NAMES,
    Accusation,
    Deduction,
    DetectiveState,
    EndTurn,
    Look,
    LookAt,
    Move,
    Response,
    RevealCard,
    deal,
    is_bluff,
    written,
)

Simulated = SimulatedGame[DetectiveState, DetectiveRecord]

__all__ = ["PLAYER_NAMES", "Look", "Simulated", "current_holder", "current_holders", "deal", "is_bluff",
           "simulate", "written"]

DEDUCE_RATE = 0.7  # a turn is a deduction with this probability, else an action
BLUFF_RATE = 0.3  # the fake holder holding none of the named cards bluffs
SENSIBLE_RATE = 0.8  # per category: name a card whose place the deducer does not know
ACCUSE_RATE = 0.03  # Clue: a player not yet sure of the truth guesses an accusation on its turn


def current_holder(game: Simulated, card: Card, upto_events: int | None = None) -> str:
    """Where ``card`` truly is after the first ``upto_events`` events (all by default): a
    player's name, ``"case"`` or ``"public"``.  Hands change only through reveals."""
    state = game.state
    if card not in state.variant.cards:
        raise ValueError(f"{card.id} is not in this game")
    log = state.events if upto_events is None else state.events[:upto_events]
    if any(isinstance(e, Reveal) and e.card == card for e in log):
        return "public"
    return state.deal.holder(card)


def current_holders(game: Simulated, upto_events: int | None = None) -> dict[Card, str]:
    """``current_holder`` for every card of the game (the fake included, if in play)."""
    return {c: current_holder(game, c, upto_events) for c in game.state.variant.cards}


def simulate(variant: Variant, seed: int, max_events: int = 30,
             players: Sequence[str] | None = None, deduce_rate: float = DEDUCE_RATE,
             sensible_rate: float = SENSIBLE_RATE, accuse_rate: float = ACCUSE_RATE) -> Simulated:
    """Play one random legal game of at most ``max_events`` events (stops when solved,
    or when every evidence card is public or every Clue player is out: everyone loses).  Lower ``sensible_rate``
    (deducers naming cards at random) gives long games; ``deduce_rate`` 1 gives records
    of deductions only (the benchmarks' worst cases); a higher ``accuse_rate`` gives Clue
    games with more (mostly wrong) guessed accusations."""
    rng = random.Random(seed)
    state = DetectiveState.new(variant, rng, f"<simulated seed={seed}>", players)
    policy = _Policy(state, rng, max_events, deduce_rate, sensible_rate, accuse_rate)
    play(state, lambda s, p: policy.choose(p), lambda s: s.turn_starts() and len(s.events) >= max_events)
    return SimulatedGame(seed, state)


class _Policy:
    """How simulated players choose among the legal moves (the rates above), with what
    each has seen: it reads the State's true log for the player's own sight only."""

    def __init__(self, state: DetectiveState, rng: random.Random, max_events: int, deduce_rate: float,
                 sensible_rate: float, accuse_rate: float) -> None:
        self.state = state
        self.rng = rng
        self.max_events = max_events
        self.deduce_rate = deduce_rate
        self.sensible_rate = sensible_rate
        self.accuse_rate = accuse_rate

    def choose(self, player: str) -> Move:
        """One of ``state.legal_moves(player)``."""
        state = self.state
        if state.asking is not None:
            return self.respond(player)
        if state.acted:  # Clue: the turn's action is done; accuse if now sure
            sure = self.sure(player)
            room = len(state.events) < self.max_events
            return Accusation(player, sure) if sure is not None and room else EndTurn(player)
        if state.variant.clue:
            sure = self.sure(player)
            if sure is not None:
                return Accusation(player, sure)
            if self.rng.random() < self.accuse_rate:
                return Accusation(player, self.guess(player))
        return self.play(player)

    def play(self, player: str) -> Move:
        if self.rng.random() >= self.deduce_rate:
            actions = [self.reveal, self.look]
            self.rng.shuffle(actions)
            for act in actions:
                move = act(player)
                if move is not None:
                    return move
        return Deduction(player, self.name_triple(player))

    def reveal(self, player: str) -> Move | None:
        """A random card of a random player's hand (not the fake right after its holder
        raised: that reads as a bluff unless written ``bluff = false``)."""
        state = self.state
        last = state.events[-1] if state.events else None
        allowed: dict[str, list[Card]] = {p: [] for p in state.players}
        for m in state.reveals(player):
            assert isinstance(m, RevealCard)
            if not (m.card == FAKE_CARD and isinstance(last, Deduce) and m.owner in last.raised):
                allowed[m.owner].append(m.card)
        owners = [p for p in state.players if allowed[p]]
        if not owners:
            return None
        owner = self.rng.choice(owners)
        return RevealCard(player, owner, self.rng.choice(allowed[owner]))

    def look(self, player: str) -> Move | None:
        """A random card of a random other player's hand (one of the legal looks)."""
        looks: dict[str, list[Move]] = {}
        for m in self.state.looks(player):
            assert isinstance(m, LookAt)
            looks.setdefault(m.owner, []).append(m)
        if not looks:
            return None
        return self.rng.choice(looks[self.rng.choice(list(looks))])

    def respond(self, player: str) -> Move:
        """Show a random one of the named cards held; holding none, bluff with the fake
        now and then (never when the bluff's reveal would not fit in ``max_events``)."""
        moves = self.state.legal_moves(player)
        shows = [m for m in moves if isinstance(m, Response) and m.card not in (None, FAKE_CARD)]
        if shows:
            return self.rng.choice(shows)
        bluff = Response(player, FAKE_CARD)
        if (bluff in moves and len(self.state.events) + 2 <= self.max_events
                and self.rng.random() < BLUFF_RATE):
            return bluff
        return Response(player, None)

    # -- what a player knows ------------------------------------------------------------------
    def seen(self, player: str) -> set[Card]:
        """The cards ``player`` has seen in other hands: its looks and the cards shown to it."""
        out: set[Card] = set()
        for e in self.state.events:
            if isinstance(e, Look) and e.actor == player:
                out.add(e.card)
            elif isinstance(e, Deduce) and e.by == player:
                out |= {c for c in e.shown.values() if c != FAKE_CARD}
        return out

    def in_case(self, player: str) -> dict[Category, Card]:
        """Clue: nobody refuted ``player``'s suggestion, so each named card that was not
        its own or public (then) is in the envelope."""
        state = self.state
        found: dict[Category, Card] = {}
        public = set(state.deal.public)
        own = set(state.deal.hands[player])
        for e in state.events:
            if isinstance(e, Deduce) and e.by == player and not e.raised:
                for c in e.named:
                    if c not in own and c not in public and c.category is not None:
                        found[c.category] = c
            elif isinstance(e, Reveal):
                public.add(e.card)  # a reveal
        return found

    def name_triple(self, player: str) -> tuple[Card, Card, Card]:
        state = self.state
        known = state.table.public | set(state.hands[player]) | set(state.deal.hands[player]) | self.seen(player)
        named = []
        for cat in CATEGORIES:
            cards = state.variant.deck.of(cat)
            unknown = [c for c in cards if c not in known]
            named.append(self.rng.choice(unknown) if unknown and self.rng.random() < self.sensible_rate
                         else self.rng.choice(cards))
        return (named[0], named[1], named[2])

    def candidates(self, player: str, category: Category) -> list[Card]:
        """The cards of a category that may be in the envelope, as far as ``player`` knows."""
        in_case = self.in_case(player)
        if category in in_case:
            return [in_case[category]]
        known = self.state.table.public | set(self.state.deal.hands[player]) | self.seen(player)
        return [c for c in self.state.variant.deck.of(category) if c not in known]

    def sure(self, player: str) -> tuple[Card, Card, Card] | None:
        s, w, r = (self.candidates(player, c) for c in CATEGORIES)
        return (s[0], w[0], r[0]) if len(s) == len(w) == len(r) == 1 else None

    def guess(self, player: str) -> tuple[Card, Card, Card]:
        s, w, r = (self.rng.choice(self.candidates(player, c)) for c in CATEGORIES)
        return (s, w, r)
