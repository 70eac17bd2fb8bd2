"""The true state of a game of *Werewolf Never Sleeps*: the rules as code, for the simulator
and for the tests' brute force.

A ``Table`` holds everything, hidden or not: the deck (top first), each player's hand,
each discard pile (cards with their face), the ruins, who is alive, whose turn it is,
the phase (``PLAY``, ``SEARCH``, ``OVER``) and, at the end, the winners.  It enforces
legality and raises ``Illegal`` on any move the rules forbid; it makes no choices
(whoever drives it does: the simulator at random, the brute force by branching).

The deal follows one fixed convention, relied on by ``replay.replay`` (``Move.draw``) and
the brute force: shuffle position ``i`` < n is player ``i``'s hand (seat order), position
n the ruins, the rest the deck in draw order.

Pile positions count from 1 in the order the pile received its cards, face-up cards
included (record format v1): a Villager's face-down card and an Attack count in the pile
that receives them; an Attack is moved to the ``put`` pile after its effect unless it
eliminated its own player (then it stays where it landed); an eliminated player's hand
card goes last onto its pile.  Slots (hidden places) are ``("hand", name)``,
``("ruins",)`` and ``("pile", name, index)`` as in ``rules``.

The rules shared with ``replay.replay`` (``tally``, ``vote_result``, ``protected``,
``medium_targets``, ``raisers``, ``searcher``, ``werewolf_of``) are called, not restated.

The search phase is called out loud (W15): ``call`` calls the next search order and
returns who raised; a lone raiser (not the Madman holder) becomes ``current`` and must
``search`` before the next call.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from . import FACTS
from .cards import (
    KINDS,
    LOST_LEGACY,
    MADMAN,
    MEDIUM,
    NOBODY,
    SEER,
    SLEEP,
    STANDARD,
    VILLAGER,
    VOTE,
    Kind,
)
from .record import ORDERS, Flip
from .rules import (
    PileCard,
    Slot,
    face_down,
    medium_targets,
    protected,
    raisers,
    searcher,
    tally,
    vote_result,
    werewolf_of,
)

PLAY, SEARCH, OVER = "play", "search", "over"
VILLAGERS, WEREWOLF = "villagers", "werewolf"  # winners; NOBODY: everyone loses


class Illegal(ValueError):
    """A move the rules (or rulings W1–W16) forbid in this state."""


@dataclass
class Card:
    """A card in a discard pile."""

    kind: Kind
    face_up: bool
    turn: int  # the turn it arrived (0: an eliminated player's hand card)
    searched: bool = False  # turned up by a search


@dataclass
class Played:
    """One turn as it truly happened: enough to write any seat's record of it."""

    number: int
    player: str
    held: Kind  # the hand card before the draw
    drew: Kind
    play: Kind
    target: str | None = None  # Seer
    saw: Kind | None = None  # Seer: the target's hand; Medium peek: the card looked at
    peek: tuple[str, int] | None = None
    flip: Flip | None = None  # Medium: (player, card, index) as the player named it (the record writes it so)
    flipped: tuple[str, int] | None = None  # Medium: the pile position turned face-down
    put: str | None = None  # Villager / Attack: whose discard got the face-down card
    down: Kind | None = None  # Villager: the card put face-down
    mixed: bool = False  # Villager: the player mixed its two cards (the table saw no more)
    votes: dict[str, str] | None = None
    eliminated: str | None = None  # Vote / Attack: who went out (None: nobody)
    revealed: tuple[Kind, ...] | None = None  # ... its hand, then its face-down cards in pile order
    werewolf: str | None = None  # Sleep: the Werewolf player at that moment (None: nobody)
    swap: int | None = None  # Sleep: the pile position the Werewolf swapped with (None: no swap)
    took: Kind | None = None  # Sleep: the card the Werewolf took into its hand


@dataclass
class Searched:
    """One search as it truly happened."""

    number: int
    player: str
    target: Slot  # ("hand", name), ("ruins",) or ("pile", name, index)
    found: Kind


@dataclass
class Called:
    """One call of a search order (W15): who raised, and the lone raiser's search."""

    order: int
    raised: tuple[str, ...]
    searched: Searched | None = None


@dataclass
class Table:
    players: tuple[str, ...]
    deck: list[Kind]  # top first
    hands: dict[str, list[Kind]]  # living players only (eliminated hands lie in their piles)
    ruins: Kind
    piles: dict[str, list[Card]] = field(default_factory=dict)
    living: list[str] = field(default_factory=list)
    current: str = ""  # whose turn (PLAY); SEARCH: the lone raiser who must search now, or ""
    phase: str = PLAY
    turns: int = 0  # turns played
    searches: int = 0  # searches made
    calling: int = 0  # SEARCH: the last search order called (W15)
    ruins_searched: bool = False
    winner: str | None = None  # VILLAGERS, WEREWOLF or NOBODY once OVER
    winners: tuple[str, ...] = ()
    reason: str = ""

    # -- setup ------------------------------------------------------------------------------------
    @classmethod
    def dealt(cls, players: Sequence[str], order: Sequence[Kind]) -> Table:
        """The table after dealing ``order`` (the shuffled cards, top first): hands in seat
        order, then the ruins, the rest is the deck."""
        n = len(players)
        if n not in FACTS.players or len(set(players)) != n:
            raise ValueError(f"{FACTS.title_en} needs distinct players, as many as it allows, not {players!r}")
        if len(order) < n + 2:
            raise ValueError(f"{len(order)} cards cannot deal {n} hands, the ruins and a draw")
        t = cls(tuple(players), list(order[n + 1:]), {p: [order[i]] for i, p in enumerate(players)}, order[n])
        t.piles = {p: [] for p in players}
        t.living = list(players)
        t.current = players[0]
        return t

    @classmethod
    def shuffled(cls, players: Sequence[str], rng: random.Random, deck: Sequence[int] = STANDARD) -> Table:
        """Shuffle the cards (``deck``: copies per kind) with ``rng`` and deal."""
        return cls.dealt(players, shuffle(deck, rng))

    @classmethod
    def deal(cls, players: Sequence[str], seed: int, deck: Sequence[int] = STANDARD) -> Table:
        return cls.shuffled(players, random.Random(seed), deck)

    def copy(self) -> Table:
        return Table(self.players, list(self.deck), {p: list(h) for p, h in self.hands.items()}, self.ruins,
                     {p: [Card(c.kind, c.face_up, c.turn, c.searched) for c in cs] for p, cs in self.piles.items()},
                     list(self.living), self.current, self.phase, self.turns, self.searches, self.calling,
                     self.ruins_searched, self.winner, self.winners, self.reason)

    # -- what the rules look at ----------------------------------------------------------------------
    def public_piles(self) -> dict[str, list[PileCard]]:
        """The piles as the table sees them (``rules.PileCard``: kind None = face-down)."""
        return {p: [PileCard(c.kind if c.face_up else None, c.turn) for c in cs] for p, cs in self.piles.items()}

    def face_down(self, player: str) -> list[int]:
        """Positions (from 1) of the face-down cards in ``player``'s pile (``rules.face_down``)."""
        return face_down(self.public_piles()[player])

    def werewolf(self) -> str | None:
        """The Werewolf player: the Lost Legacy in its hand or its pile (None: nobody)."""
        hands = {p: h[-1] for p, h in self.hands.items() if len(h) == 1}
        if any(len(h) != 1 for h in self.hands.values()):  # mid-turn: look at both cards
            hands = {p: (LOST_LEGACY if LOST_LEGACY in h else h[0]) for p, h in self.hands.items()}
        piles = {p: [c.kind for c in cs] for p, cs in self.piles.items()}
        wolf = werewolf_of(hands, piles)
        if wolf is None:  # an eliminated Werewolf (the game is over): its pile holds the Lost Legacy
            wolf = next((p for p in self.players if p not in self.living and LOST_LEGACY in piles[p]), None)
        return wolf

    def hand_cards(self) -> dict[str, Kind]:
        """Each living player's card between turns."""
        out = {}
        for p, h in self.hands.items():
            if len(h) != 1:
                raise Illegal(f"{p} holds {len(h)} cards: in the middle of a turn")
            out[p] = h[0]
        return out

    def lost_legacy(self) -> str:
        """Where the Lost Legacy is: ``hand:NAME``, ``discard:NAME``, ``ruins`` or ``deck``."""
        for p, h in self.hands.items():
            if LOST_LEGACY in h:
                return f"hand:{p}"
        for p, cs in self.piles.items():
            if any(c.kind == LOST_LEGACY for c in cs):
                return f"discard:{p}"
        return "ruins" if self.ruins == LOST_LEGACY else "deck"

    def hidden(self) -> dict[Slot, Kind]:
        """Every hidden place and its card: living hands, the ruins, face-down pile cards.
        Mid-turn (after the draw) a hand is the card held before the draw."""
        out: dict[Slot, Kind] = {("hand", p): h[0] for p, h in self.hands.items()}
        out[("ruins",)] = self.ruins
        for p, cs in self.piles.items():
            for i, c in enumerate(cs, start=1):
                if not c.face_up:
                    out[("pile", p, i)] = c.kind
        return out

    # -- a turn ---------------------------------------------------------------------------------------
    def draw(self) -> Kind:
        """Step 1: the current player draws the top card."""
        if self.phase != PLAY:
            raise Illegal(f"no turn in the {self.phase} phase")
        hand = self.hands[self.current]
        if len(hand) != 1:
            raise Illegal(f"{self.current} has drawn already")
        if not self.deck:
            raise Illegal("the deck is empty")
        card = self.deck.pop(0)
        hand.append(card)
        return card

    def legal_plays(self) -> list[Kind]:
        """The kinds the current player may play (after drawing): never the Lost Legacy; an
        Attack in hand must be played (W5).  Two alike cards are one option (W13)."""
        hand = self.hands[self.current]
        if len(hand) != 2:
            raise Illegal(f"{self.current} must draw first")
        attacks = [k for k in hand if k.is_attack]
        options = attacks or [k for k in hand if k != LOST_LEGACY]
        return sorted(set(options), key=lambda k: k.index)

    def play(self, card: Kind, *, target: str | None = None, peek: tuple[str, int] | None = None,
             flip: Flip | None = None, put: str | Callable[[Sequence[str]], str] | None = None,
             down: Kind | None = None, mixed: bool = False, votes: Mapping[str, str] | None = None,
             swap: int | None = None) -> Played:
        """Steps 2–4: the current player plays ``card`` and resolves it.

        Per card: Seer ``target``; Medium ``peek`` = (player, index) or ``flip`` = (player,
        kind, index) naming a face-up card by kind (the first of it), position, or both, or
        neither when no other living player's pile holds a card (W16); Villager ``put`` and ``down`` (the card put face-down; ``mixed`` is only
        noted); Vote ``votes``; Sleep ``swap`` (a face-down position of the Werewolf's
        pile, or None); Attack ``put``, a name or a function choosing one among the
        living players after the effect (ignored when the Attack eliminated its player).
        """
        before = self.copy()
        try:
            return self._play(card, target, peek, flip, put, down, mixed, votes, swap)
        except Illegal:
            self.__dict__.update(before.__dict__)  # an illegal move changes nothing
            raise

    def _play(self, card: Kind, target: str | None, peek: tuple[str, int] | None, flip: Flip | None,
              put: str | Callable[[Sequence[str]], str] | None, down: Kind | None, mixed: bool,
              votes: Mapping[str, str] | None, swap: int | None) -> Played:
        player = self.current
        hand = self.hands[player]
        if card not in self.legal_plays():
            why = "the Lost Legacy can never be played" if card == LOST_LEGACY else \
                "an Attack in hand must be played (W5)" if card in hand else f"{player} does not hold it"
            raise Illegal(f"{player} cannot play {card.id}: {why}")
        self.turns += 1
        held, drew = hand
        hand.remove(card)
        done = Played(self.turns, player, held, drew, card)
        if card == VILLAGER:
            self._villager(done, put, down, mixed)
        else:
            self.piles[player].append(Card(card, True, self.turns))
            position = len(self.piles[player])
            if card == SEER:
                self._seer(done, target)
            elif card == MEDIUM:
                self._medium(done, peek, flip)
            elif card == VOTE:
                self._vote(done, votes, position)
            elif card == SLEEP:
                self._sleep(done, swap, position)
            elif card.is_attack:
                self._attack(done, put)
        self._end_turn()
        return done

    def _living(self, who: str | None, what: str, other_than: str | None = None) -> str:
        if who is None or who not in self.living:
            raise Illegal(f"{what} must be a living player, not {who!r}")
        if who == other_than:
            raise Illegal(f"{what} must be another player than {who}")
        return who

    def _seer(self, done: Played, target: str | None) -> None:
        done.target = self._living(target, "the Seer's target", done.player)
        done.saw = self.hands[done.target][0]

    def _medium(self, done: Played, peek: tuple[str, int] | None, flip: Flip | None) -> None:
        """W16: another living player's discard only; no effect when none holds a card."""
        if peek is None and flip is None:
            if medium_targets(done.player, self.living, self.public_piles()):
                raise Illegal("the Medium must peek or flip while another living player's pile holds a card")
            return
        if peek is not None and flip is not None:
            raise Illegal("a Medium either peeks or flips")
        if peek is not None:
            who, index = peek
            self._living(who, "the Medium's target", done.player)
            if index not in self.face_down(who):
                raise Illegal(f"card {index} of {who}'s pile is not a face-down card")
            done.peek, done.saw = (who, index), self.piles[who][index - 1].kind
            return
        assert flip is not None
        who, kind, position = flip
        self._living(who, "the Medium's target", done.player)
        ups = [i for i, c in enumerate(self.piles[who], start=1) if c.face_up]
        if position is None:  # the first face-up card of that kind
            position = next((i for i in ups if self.piles[who][i - 1].kind == kind), None)
        if position is None or position not in ups or kind not in (None, self.piles[who][position - 1].kind):
            raise Illegal(f"{who} has no face-up card {flip[1:]}")
        self.piles[who][position - 1].face_up = False
        done.flip, done.flipped = flip, (who, position)

    def _villager(self, done: Played, put: object, down: Kind | None, mixed: bool) -> None:
        """W1: the Villager returns to the hand; one of the two cards goes face-down."""
        hand = self.hands[done.player]
        hand.append(VILLAGER)
        if not isinstance(put, str):
            raise Illegal("a Villager needs put: whose discard gets the card")
        owner = self._living(put, "the Villager's put")
        if down is None or down not in hand:
            raise Illegal(f"the card put down must be one of {[k.id for k in hand]}, not {down}")
        if down == LOST_LEGACY and owner != done.player:
            raise Illegal("the Lost Legacy cannot go into another player's discard")
        hand.remove(down)
        self.piles[owner].append(Card(down, False, self.turns))
        done.put, done.down, done.mixed = owner, down, mixed

    def _vote(self, done: Played, votes: Mapping[str, str] | None, position: int) -> None:
        if votes is None or sorted(votes) != sorted(self.living):
            raise Illegal(f"every living player votes once: {sorted(self.living)}")
        for voter, target in votes.items():
            self._living(target, f"{voter}'s vote", voter)
        done.votes = {p: votes[p] for p in self.living}
        piles = self.public_piles()
        out = vote_result(tally(done.votes, piles, self.living), piles)
        if out is not None:
            self._eliminate(done, out)
        if done.player in self.living:  # W9: the Vote turns face-down afterwards
            self.piles[done.player][position - 1].face_up = False

    def _sleep(self, done: Played, swap: int | None, position: int) -> None:
        """W11: the Werewolf may swap its hand card with a face-down card of its own pile."""
        wolf = self.werewolf()
        done.werewolf = wolf
        if swap is not None:
            if wolf is None:
                raise Illegal("nobody is the Werewolf: nobody can swap")
            if swap not in self.face_down(wolf):
                raise Illegal(f"card {swap} of {wolf}'s pile is not a face-down card")
            card = self.piles[wolf][swap - 1]
            hand = self.hands[wolf]
            card.kind, hand[0] = hand[0], card.kind
            done.swap, done.took = swap, hand[0]
        self.piles[done.player][position - 1].face_up = False

    def _attack(self, done: Played, put: str | Callable[[Sequence[str]], str] | None) -> None:
        """W4/W10: the living unprotected holder of the hunted order goes out; then the
        Attack goes face-down on top of the chosen pile (or stays, if it eliminated its
        own player)."""
        hunts = done.play.hunts
        piles = self.public_piles()
        victim = next((p for p in self.living if self.hands[p][0].order == hunts and not protected(piles[p])),
                      None)
        if victim is not None:
            self._eliminate(done, victim)
        if done.player not in self.living:
            done.put = done.player  # it stays where it landed
            return
        owner = put(tuple(self.living)) if callable(put) else put
        owner = self._living(owner, "the Attack's put")
        attack = self.piles[done.player].pop()
        attack.face_up = False
        self.piles[owner].append(attack)
        done.put = owner

    def _eliminate(self, done: Played, victim: str) -> None:
        """The hand goes last onto the pile; every face-down card there turns face-up."""
        pile = self.piles[victim]
        card = self.hands.pop(victim)[0]
        downs = [c for c in pile if not c.face_up]
        for c in downs:
            c.face_up = True
        pile.append(Card(card, True, 0))
        self.living.remove(victim)
        done.eliminated = victim
        done.revealed = (card, *(c.kind for c in downs))
        if LOST_LEGACY in done.revealed:
            self._over(VILLAGERS, f"the Werewolf {victim} was eliminated")

    def _end_turn(self) -> None:
        player = self.current
        if self.phase == PLAY and len(self.living) == 1:
            last = self.living[0]
            if self.werewolf() == last:
                self._over(WEREWOLF, f"only the Werewolf {last} is left")
            else:
                self._over(NOBODY, f"only {last} is left")
        if self.phase != PLAY:
            return
        seat = self.players.index(player)
        self.current = next(self.players[(seat + j) % len(self.players)] for j in range(1, len(self.players) + 1)
                            if self.players[(seat + j) % len(self.players)] in self.living)
        if not self.deck:
            self.phase, self.current = SEARCH, ""

    # -- the search phase (W15) ---------------------------------------------------------------------------
    def call(self) -> Called:
        """Call the next search order: its living holders raise.  A lone raiser other than the
        Madman holder must search next (``current``); after the last order, nobody found it."""
        if self.phase != SEARCH:
            raise Illegal(f"no call in the {self.phase} phase")
        if self.current:
            raise Illegal(f"{self.current} raised alone at {self.calling}: it searches first")
        self.calling += 1
        raised = raisers(self.calling, self.hand_cards())
        lone = searcher(self.calling, raised)
        if lone is not None:
            self.current = lone
        elif self.calling == max(ORDERS):
            self._over(NOBODY, "nobody found the Lost Legacy")
        return Called(self.calling, raised)

    def search(self, player: str, target: Slot) -> Searched:
        """``player``, the lone raiser at the last call, names ``target`` and turns it up."""
        if self.phase != SEARCH:
            raise Illegal(f"no search in the {self.phase} phase")
        if player != self.current:
            raise Illegal(f"{player} did not raise alone at the last call" +
                          (f": {self.current} searches" if self.current else ""))
        if target == ("ruins",):
            found = self.ruins
            self.ruins_searched = True
        elif target[0] == "hand":
            if target[1] not in self.living:
                raise Illegal(f"{target[1]} was eliminated: it has no hand")
            found = self.hands[target[1]][0]
        elif target[0] == "pile" and target[1] in self.piles and 1 <= target[2] <= len(self.piles[target[1]]):
            card = self.piles[target[1]][target[2] - 1]
            if not card.face_up:
                card.face_up = card.searched = True
            found = card.kind
        else:
            raise Illegal(f"{target!r} is not a place")
        self.searches += 1
        self.current = ""
        if found == LOST_LEGACY:
            wolf = self.werewolf()
            if player == wolf:
                madmen = [p for p in self.living if self.hands[p][0] == MADMAN]
                self._over(WEREWOLF, f"the Werewolf {player} found the Lost Legacy", (player, *madmen))
            else:
                self._over(VILLAGERS, f"{player} found the Lost Legacy")
        elif self.calling == max(ORDERS):
            self._over(NOBODY, "nobody found the Lost Legacy")
        return Searched(self.searches, player, target, found)

    # -- the end ---------------------------------------------------------------------------------------------
    def _over(self, winner: str, reason: str, winners: tuple[str, ...] | None = None) -> None:
        """The game ends.  Villagers: every player but the Werewolf and (in the search phase)
        the Madman holder, eliminated ones included; Werewolf: the Werewolf (and in the
        search phase the Madman holder); nobody: everyone loses."""
        wolf = self.werewolf()
        if winners is None:
            if winner == VILLAGERS:
                madmen = {p for p in self.living if self.phase == SEARCH and self.hands[p][0] == MADMAN}
                winners = tuple(p for p in self.players if p != wolf and p not in madmen)
            elif winner == WEREWOLF:
                winners = (wolf,) if wolf else ()
            else:
                winners = ()
        self.phase, self.winner, self.winners, self.reason = OVER, winner, winners, reason


def shuffle(deck: Sequence[int], rng: random.Random) -> list[Kind]:
    """The cards of ``deck`` (copies per kind) in a random order."""
    cards = [k for k, n in zip(KINDS, deck, strict=True) for _ in range(n)]
    rng.shuffle(cards)
    return cards


__all__ = ["Called", "Card", "Illegal", "OVER", "PLAY", "Played", "SEARCH", "Searched", "Table", "VILLAGERS",
           "WEREWOLF", "shuffle"]
