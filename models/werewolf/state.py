"""The true state of a game of *Werewolf Never Sleeps* in progress (OpenSpiel's ``State``).

``WerewolfState`` wraps a ``table.Table`` (every card, hidden or not) and its true log,
and lists the moves the rules allow.  A move is one player's choice, a small frozen
dataclass; where a step needs another player's choice, that player is the current
player and chooses among ``legal_moves``:

- ``Draw``: the mover takes the top card (step 1; no choice, but its own act);
- ``Play``: the card played and what goes with it (Seer ``target``; Medium ``peek`` or
  ``flip`` as the player names the card, W16; Villager ``down``, ``put`` and ``mixed``);
- ``Point``: after a Vote is played, each living player in seat order points at another
  (W9); the Vote resolves after the last pointing;
- ``Swap``: after a Sleep is played, the Werewolf (when it has a face-down card in its
  pile) swaps with one of them or not (``index`` None, W11);
- ``Put``: after an Attack's effect, its player (still living) puts it face-down into a
  living player's pile (W4, W10);
- ``Call``: the search phase calls the next order out loud (W15); nobody chooses, so
  it is the first living player's one move (the table speaks through it);
- ``Seek``: the lone raiser at a call names a place and turns its card up (W15).

The rules are ``table.Table``'s: the public table ``replay`` checks records on
(``table.PublicTable``, one statement of each public rule) with the hidden cards added.  ``record_for(seat)`` is the only way
out of the hidden state: the record that seat (None: a spectator) would write, holding
only what it saw — with its drawn card as a turn in progress when it is the mover.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from . import FACTS
from .cards import KINDS, LOST_LEGACY, MEDIUM, SEER, SLEEP, STANDARD, VILLAGER, VOTE, Kind
from .record import NONE, Flip, Place, Search, Turn, WerewolfRecord
from .rules import Slot, medium_targets
from .table import OVER, PLAY, SEARCH, Called, Played, PublicTable, Searched, Table

PLAYER_NAMES = ("aki", "ben", "cho", "dan")


@dataclass(frozen=True)
class Draw:
    player: str


@dataclass(frozen=True)
class Play:
    player: str
    card: Kind
    target: str | None = None  # Seer
    peek: tuple[str, int] | None = None  # Medium: (player, position of a face-down card)
    flip: Flip | None = None  # Medium: (player, kind, position) naming a face-up card, kind and/or position
    down: Kind | None = None  # Villager: the card put face-down
    put: str | None = None  # Villager: whose pile gets it
    mixed: bool = False  # Villager: the player mixed its two cards first (the table sees no more)


@dataclass(frozen=True)
class Point:
    player: str  # the voter
    target: str


@dataclass(frozen=True)
class Swap:
    player: str  # the Werewolf
    index: int | None  # a face-down position of its own pile, or None: no swap


@dataclass(frozen=True)
class Put:
    player: str  # the Attack's player
    owner: str  # whose pile gets the Attack face-down


@dataclass(frozen=True)
class Call:
    player: str  # the first living player, for the table
    order: int


@dataclass(frozen=True)
class Seek:
    player: str  # the lone raiser
    target: Slot  # ("hand", name), ("ruins",) or ("pile", name, index)


Move = Draw | Play | Point | Swap | Put | Call | Seek


class WerewolfState:
    """A game in progress: the true ``table``, its true log (``turns``, ``calls``) and the
    move being put together (a Vote's pointings, a Sleep's swap, an Attack's put)."""

    def __init__(self, table: Table, deck: Sequence[int] = STANDARD, name: str = "<state>",
                 order: Sequence[Kind] | None = None) -> None:
        """``table`` as dealt (or, with ``order``, the shuffle it was dealt from, a game in progress)."""
        self.table = table
        self.deck = tuple(deck)
        self.name = name  # the file name the records say they come from
        self.order = tuple(order) if order is not None else \
            tuple(table.hands[p][0] for p in table.players) + (table.ruins, *table.deck)  # the deal
        self.turns: list[Played] = []
        self.calls: list[Called] = []
        self._play: Play | None = None  # played, waiting for the sub-steps below
        self._votes: dict[str, str] = {}
        self._voters: list[str] = []
        self._swappers: tuple[str, tuple[int, ...]] | None = None  # the Werewolf and its options
        self._owners: tuple[str, ...] | None = None  # an Attack: the living after its effect

    @classmethod
    def new(cls, players: int, rng: random.Random, deck: Sequence[int] = STANDARD,
            name: str = "<state>") -> WerewolfState:
        """Shuffle the cards with ``rng`` and deal (``Table.shuffled``: hands in seat order,
        the ruins, then the deck)."""
        if players not in FACTS.players:
            raise ValueError(f"{FACTS.title_en} is not for {players} players")
        if len(deck) != len(KINDS) or deck[LOST_LEGACY.index] != 1 or sum(deck) < players + 2 or \
                any(not 0 <= n <= k.copies for n, k in zip(deck, KINDS, strict=True)):
            raise ValueError(f"not a deck for {players} players: {tuple(deck)} (copies per kind, the Lost Legacy once)")
        return cls(Table.shuffled(PLAYER_NAMES[:players], rng, deck), deck, name)

    @classmethod
    def dealt(cls, players: int, seed: int, deck: Sequence[int] = STANDARD) -> WerewolfState:
        return cls.new(players, random.Random(seed), deck, f"<simulated seed={seed}>")

    @property
    def players(self) -> tuple[str, ...]:
        return self.table.players

    def copy(self) -> WerewolfState:
        """An independent copy (to try a move and look at where it leads)."""
        out = WerewolfState(self.table.copy(), self.deck, self.name, self.order)
        out.turns = list(self.turns)  # a played turn never changes
        out.calls = [replace(c) for c in self.calls]  # the last call gets its search later
        out._play, out._votes, out._voters = self._play, dict(self._votes), list(self._voters)
        out._swappers, out._owners = self._swappers, self._owners
        return out

    # -- whose move, and which ---------------------------------------------------------------------
    def current_player(self) -> str | None:
        t = self.table
        if t.phase == OVER:
            return None
        if self._voters:
            return self._voters[0]
        if self._swappers is not None:
            return self._swappers[0]
        if self._owners is not None:
            return t.current
        if t.phase == SEARCH:
            return t.current or t.living[0]
        return t.current

    def is_over(self) -> bool:
        return self.table.phase == OVER

    @property
    def settled(self) -> bool:
        """Between two turns or two calls: no draw, play or search half done."""
        t = self.table
        return self._play is None and not (t.phase == PLAY and len(t.hands[t.current]) == 2) and \
            not (t.phase == SEARCH and t.current)

    def legal_moves(self, player: str) -> list[Move]:
        """Every move the rules allow ``player`` now (none unless it is the current player)."""
        if player != self.current_player():
            return []
        t = self.table
        if self._voters:
            return [Point(player, q) for q in t.living if q != player]
        if self._swappers is not None:
            return [Swap(player, None), *(Swap(player, i) for i in self._swappers[1])]
        if self._owners is not None:
            return [Put(player, q) for q in self._owners]
        if t.phase == SEARCH:
            if not t.current:
                return [Call(player, t.calling + 1)]
            return [Seek(player, s) for s in self.searchable()]
        if len(t.hands[player]) == 1:
            return [Draw(player)]
        return [m for card in t.legal_plays() for m in self.plays(player, card)]

    def plays(self, player: str, card: Kind) -> list[Play]:
        """The ways to play ``card``: its targets and choices (the others come as later moves)."""
        t = self.table
        others = [p for p in t.living if p != player]
        if card == SEER:
            return [Play(player, card, target=p) for p in others]
        if card == MEDIUM:
            if not medium_targets(player, t.living, t.piles):
                return [Play(player, card)]  # W16: no effect
            moves = [Play(player, card, peek=(p, i)) for p in others for i in t.face_down(p)]
            for p in others:
                cards = t.piles[p]
                for i, c in enumerate(cards, start=1):
                    if c.face_up:
                        first = next(j for j, d in enumerate(cards, start=1) if d.face_up and d.kind == c.kind) == i
                        moves += [Play(player, card, flip=(p, c.kind, None))] if first else []
                        moves += [Play(player, card, flip=(p, None, i)), Play(player, card, flip=(p, c.kind, i))]
            return moves
        if card == VILLAGER:
            held = list(t.hands[player])
            held.remove(VILLAGER)
            downs = sorted({VILLAGER, held[0]}, key=lambda k: k.index)
            return [Play(player, card, down=d, put=q, mixed=m) for d in downs
                    for q in (t.living if d != LOST_LEGACY else [player]) for m in (False, True)]
        return [Play(player, card)]

    def searchable(self) -> list[Slot]:
        """W15: a searcher names any place: a living player's hand (its own too), the ruins, a
        card of a discard pile (a face-up one shows what everybody sees)."""
        t = self.table
        piles = [("pile", p, i) for p in t.players for i in range(1, len(t.piles[p]) + 1)]
        return [("hand", p) for p in t.living] + [("ruins",)] + piles

    # -- moves -----------------------------------------------------------------------------------
    def apply(self, move: Move) -> None:
        if move not in self.legal_moves(move.player):
            raise ValueError(f"illegal move {move} (the current player is {self.current_player()})")
        t = self.table
        if isinstance(move, Draw):
            t.draw()
        elif isinstance(move, Play):
            self.start(move)
        elif isinstance(move, Point):
            self._votes[self._voters.pop(0)] = move.target
            if not self._voters:
                self.finish(votes=self._votes)
        elif isinstance(move, Swap):
            self._swappers = None
            self.finish(swap=move.index)
        elif isinstance(move, Put):
            self._owners = None
            self.finish(put=move.owner)
        elif isinstance(move, Call):
            self.calls.append(t.call())
        else:
            self.calls[-1].searched = t.search(move.player, move.target)

    def start(self, move: Play) -> None:
        """A played card: resolved at once, or after the other players' choices it needs."""
        t = self.table
        self._play = move
        if move.card == VOTE:
            self._votes, self._voters = {}, list(t.living)
        elif move.card == SLEEP:
            wolf = t.werewolf()  # the Sleep lands face-up: the face-down cards now are the options
            options = tuple(t.face_down(wolf)) if wolf is not None else ()
            if wolf is not None and options:
                self._swappers = (wolf, options)
            else:
                self.finish()
        elif move.card.is_attack:
            after = survivors(t, move.card)
            if after:
                self._owners = after
            else:  # the Attack eliminated its own player: it stays where it landed
                self.finish()
        else:
            self.finish()

    def finish(self, votes: dict[str, str] | None = None, swap: int | None = None, put: str | None = None) -> None:
        move = self._play
        assert move is not None
        self._play = None
        owner = put if move.card.is_attack else move.put
        self.turns.append(self.table.play(move.card, target=move.target, peek=move.peek, flip=move.flip,
                                          put=owner, down=move.down, mixed=move.mixed, votes=votes, swap=swap))

    @property
    def pending(self) -> Play | None:
        """The card played whose sub-steps (pointing, the swap, the put) are being chosen."""
        return self._play

    # -- the way out -----------------------------------------------------------------------------
    def drawn(self, seat: str | None) -> Kind | None:
        """The card ``seat`` has drawn in its turn in progress (None: not its turn, or no draw)."""
        t = self.table
        if seat is None or t.phase != PLAY or t.current != seat or len(t.hands[seat]) != 2:
            return None
        return t.hands[seat][1]  # a card played stays in hand until its play resolves

    @property
    def public(self) -> PublicTable:
        """The table as everybody sees it (the true table typed as its public part)."""
        return self.table

    def lost_legacy_of(self, player: str) -> Slot | None:
        """Where ``player`` keeps the Lost Legacy, if it does (it knows: its hand, or its
        place in its own discard, where only it can have put it, W1, W11)."""
        t = self.table
        if LOST_LEGACY in t.hands.get(player, []):
            return ("hand", player)
        if t.lost_legacy() == f"discard:{player}":
            return ("pile", player, next(i for i, c in enumerate(t.piles[player], start=1) if c.kind == LOST_LEGACY))
        return None

    @property
    def searches(self) -> list[Searched]:
        """The searches made (one per lone raiser)."""
        return [c.searched for c in self.calls if c.searched is not None]

    def record_for(self, seat: str | None, steps: int | None = None) -> WerewolfRecord:
        """The record ``seat`` (None: a spectator) writes: every turn and call as it saw them
        (``written``, ``entries``), its dealt card, and its draw when its turn is in progress.
        A call whose lone raiser has not searched yet is not written (a record lists the
        search with its call).  With ``steps``, of the first ``steps`` steps only: the
        turns, then the calls (a call with its search is one step)."""
        if seat is not None and seat not in self.players:
            raise ValueError(f"{seat!r} is not a player: {', '.join(self.players)}")
        hand = self.order[self.players.index(seat)] if seat is not None else None
        turns, calls, pending = self.turns, self.calls, self.drawn(seat)
        if calls and self.table.phase == SEARCH and self.table.current:
            calls = calls[:-1]
        if steps is not None:
            turns = turns[:max(steps, 0)]
            calls = calls[:max(steps - len(self.turns), 0)]
            pending = None
        return WerewolfRecord(self.players, seat, hand, [written(p, seat) for p in turns], entries(calls),
                              self.deck, self.name, pending=pending)


def survivors(table: Table, attack: Kind) -> tuple[str, ...]:
    """The living players after ``attack``'s effect, among whom its player puts it; () when
    it eliminated its own player (the table plays it on a copy: one statement of W4)."""
    after: list[tuple[str, ...]] = []

    def put(living: Sequence[str]) -> str:
        after.append(tuple(living))
        return living[0]

    table.copy().play(attack, put=put)
    return after[0] if after else ()


def entries(calls: Sequence[Called]) -> list[Search]:
    """The ``[[search]]`` entries of these calls (W15): the calls somebody raised at, and the
    last call when nobody raised there (the record stops after it)."""
    kept = [c for i, c in enumerate(calls) if c.raised or i == len(calls) - 1]
    out = []
    for n, c in enumerate(kept, start=1):
        s = c.searched
        out.append(Search(n, c.order, c.raised, s.player, place(s.target), s.found) if s else
                   Search(n, c.order, c.raised))
    return out


def place(slot: Slot) -> Place:
    """A slot as records write places: ("discard", name, index) for a pile card."""
    return ("discard", *slot[1:]) if slot[0] == "pile" else slot


def written(p: Played, viewer: str | None) -> Turn:
    """One true turn as ``viewer`` writes it (a fresh ``Turn``: replay fills fields in)."""
    mine = p.player == viewer
    t = Turn(p.number, p.player, p.play, drew=p.drew if mine else None)
    if p.play == SEER:
        t.target, t.saw = p.target, p.saw if mine else None
    elif p.play == MEDIUM:  # neither peek nor flip: it had no effect (W16)
        t.peek, t.flip = p.peek, p.flip
        t.saw = p.saw if mine and p.peek else None
    elif p.play == VILLAGER:
        assert p.down is not None
        t.put = p.put
        # the viewer's own: the card's id; the Villager's id is the string "villager" (what a
        # record reads back), the same statement as the Kind
        t.placed = "villager" if p.down == VILLAGER and (mine or not p.mixed) else \
            p.down if mine else "unknown" if p.mixed else "other"
    elif p.play == SLEEP:
        if viewer is not None and p.werewolf == viewer:
            t.swapped = p.swap is not None
            t.card = p.took
            t.index = p.swap if p.number % 2 == 0 else None  # the position too, on even turns
    if p.play == VOTE:
        t.votes = dict(p.votes or {})
    if p.play.is_attack:
        t.put = p.put
    if p.play == VOTE or p.play.is_attack:
        t.eliminated = p.eliminated or NONE
        t.revealed = p.revealed
    return t


__all__ = ["Call", "Draw", "Move", "PLAYER_NAMES", "Play", "Point", "Put", "Seek", "Swap", "WerewolfState",
           "entries", "place", "written"]
