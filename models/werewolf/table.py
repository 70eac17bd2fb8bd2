"""The table of *Werewolf Never Sleeps*, stated once: ``PublicTable`` holds what everybody
sees and applies the public rules; ``Table``, the true table, is the same table with the
hidden cards added (hands, the ruins, the deck's order, the kinds of face-down cards).

``replay`` checks a record on a ``PublicTable`` (a face-down card's kind is None there) and
the true ``state.WerewolfState`` plays on a ``Table``: both call the same methods, so each
public rule (whose turn it is, who can be a target, the Medium's options, the Vote, the
Knight, an elimination, an Attack's place, when the search phase begins, the calls and
searches of W15, and why the game ends) is written here once.  A broken public rule
raises ``Broken`` with the record sentence (``error_text``), the record field it concerns
and what would be valid: ``replay`` turns it into an ``IllegalMoveError`` at the record's
line, the true table into ``Illegal``.  Who wins is ``winners``, one statement for the
true table (chances 0 or 1) and for a record's analysis (``ending``: exact chances).

The public table counts the deck, not its cards: the deal follows one fixed convention,
relied on by ``replay`` (``Move.draw``) and the brute force: shuffle position ``i`` < n is
player ``i``'s hand (seat order), position n the ruins, the rest the deck in draw order.

Pile positions count from 1 in the order the pile received its cards, face-up cards
included (record format v1): a Villager's face-down card and an Attack count in the pile
that receives them; an Attack is moved to the ``put`` pile after its effect unless it
eliminated its own player (then it stays where it landed); an eliminated player's hand
card goes last onto its pile.  Slots (hidden places) are ``("hand", name)``,
``("ruins",)`` and ``("pile", name, index)`` as in ``rules``.

The search phase is called out loud (W15): a call names the next search order and its
living holders raise; a lone raiser (not the Madman holder) is ``searcher`` and must
search before the next call.  Rulings W1–W16: docs/rules-werewolf.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Self

from suiri.solver.errors import Joined, Message, Text

from . import FACTS
from .cards import (
    BY_ORDER,
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
from .error_text import ErrorText
from .record import ORDERS, Flip
from .rules import (
    RUINS,
    PileCard,
    Slot,
    face_down,
    hand,
    keeps_lost_legacy,
    medium_targets,
    pile,
    place_of,
    playable,
    protected,
    raisers,
    searcher,
    slot_name,
    tally,
    vote_result,
    werewolf_of,
)

PLAY, SEARCH, OVER = "play", "search", "over"
VILLAGERS, WEREWOLF = "villagers", "werewolf"  # winners; NOBODY: everyone loses

PEEK_OR_FLIP = ErrorText("either", a="peek = { player, index }", b="flip = { player, card }")


class Broken(Exception):
    """A public rule broken: the sentence, the record field it concerns (None: the whole
    entry) and what would be valid there."""

    def __init__(self, message: Message, key: str | None = None, valid: Message | None = None) -> None:
        super().__init__(str(message))
        self.message, self.key, self.valid = message, key, valid


class Illegal(ValueError):
    """A move the rules (or rulings W1–W16) forbid in this state of the true table."""


def joined(items: list[ErrorText]) -> Joined:
    """``a, b, c`` (``a、b、c`` in Japanese)."""
    parts: list[object] = []
    for item in items:
        parts += [ErrorText("list-sep"), item] if parts else [item]
    return Joined(tuple(parts))


@dataclass
class Elimination:
    player: str
    revealed: list[tuple[Slot, Kind]]  # the hand, then each face-down card, with what it was
    hand_to: Slot  # where the hand card now lies face-up
    werewolf: bool  # the Lost Legacy was among them: the game ends


class PublicTable:
    """What everybody sees: who is alive, every discard pile (face-up cards with their
    kind, face-down ones as None), the deck's size, whose turn it is, the calls of the
    search phase and, once over, why (``over``, the rules' sentence)."""

    def __init__(self, players: Sequence[str], cards: Sequence[int]) -> None:
        """The table after the deal of ``cards`` (copies per kind) to ``players``."""
        self.players = tuple(players)
        self.cards = tuple(cards)
        self.living = list(players)
        self.piles: dict[str, list[PileCard]] = {p: [] for p in players}
        self.left = sum(cards) - len(players) - 1  # cards in the deck
        self.draws = 0  # cards drawn so far
        self.turns = 0  # turns played
        self.mover = self.players[0]  # whose turn is next (or in progress)
        self.search_phase = self.left == 0  # the search phase has begun (a reduced deck may deal every card)
        self.calling = 0  # the last search order called (W15)
        self.raised: tuple[str, ...] = ()  # who raised at it
        self.raised_at: dict[str, int] = {}  # who raised at which call
        self.searcher = ""  # the lone raiser at the last call who has not searched yet
        self.over: ErrorText | None = None  # why the game ended
        self.found: tuple[str, Slot] | None = None  # who found the Lost Legacy, and where

    def copy(self) -> Self:
        out = object.__new__(type(self))
        out.__dict__.update(self.__dict__)
        out.living = list(self.living)
        out.piles = {p: [PileCard(c.kind, c.turn, c.down, c.searched) for c in cs] for p, cs in self.piles.items()}
        out.raised_at = dict(self.raised_at)
        return out

    @property
    def phase(self) -> str:
        return OVER if self.over is not None else SEARCH if self.search_phase else PLAY

    def face_down(self, player: str) -> list[int]:
        """Positions (from 1) of the face-down cards in ``player``'s pile (``rules.face_down``)."""
        return face_down(self.piles[player])

    def hide(self, card: PileCard) -> None:
        """A card turns face-down: nobody sees its kind any more."""
        card.kind, card.down = None, True

    def end(self, why: ErrorText) -> None:
        self.over = why

    def living_player(self, who: str | None, key: str, what: ErrorText, others: bool = False,
                      me: str = "") -> str:
        """``who``, a living player (``others``: other than ``me``), named at ``key``."""
        if who is not None and who in self.living and not (others and who == me):
            return who
        choices = ", ".join(p for p in self.living if not (others and p == me))
        if who is None:
            raise Broken(ErrorText("who:missing", what=what), key, choices)
        if who not in self.living:
            raise Broken(ErrorText("who:eliminated", player=who, what=what), key, choices)
        raise Broken(ErrorText("who:itself", player=me, what=what), key, choices)

    # -- a turn ---------------------------------------------------------------------------------
    def begin(self, player: str) -> None:
        """A turn of ``player`` starts: the game runs, the deck holds a card, it is its turn."""
        if self.over is not None:
            raise Broken(ErrorText("turn:after-over", why=self.over), None,
                         ErrorText("turn:after-over-valid", n=self.turns))
        if self.search_phase:
            raise Broken(ErrorText("turn:deck-empty"), None, ErrorText("record:sections", name="search"))
        if player != self.mover:
            raise Broken(ErrorText("turn:wrong-player", expected=self.mover, player=player), "player", self.mover)

    def draw_top(self) -> int:
        """The mover draws the top card: its position in the shuffle (hands, ruins, deck)."""
        self.draws += 1
        self.left -= 1
        return len(self.players) + self.draws

    def played(self, player: str, card: Kind) -> Slot | None:
        """``card`` is played (never the Lost Legacy): it lands face-up on its player's
        discard during its effect (a Villager returns to the hand: None)."""
        if card == LOST_LEGACY:
            raise Broken(ErrorText("play:lost-legacy"), "play", ErrorText("play:lost-legacy-valid"))
        self.turns += 1
        if card == VILLAGER:
            return None
        self.piles[player].append(PileCard(card, self.turns))
        return pile(player, len(self.piles[player]))

    def put_down(self, owner: str, kind: Kind | None) -> Slot:
        """A card goes face-down on top of ``owner``'s discard (``kind``: what the table
        knows it is, None on the public table)."""
        self.piles[owner].append(PileCard(kind, self.turns, down=True))
        return pile(owner, len(self.piles[owner]))

    def turn_down(self, slot: Slot) -> None:
        _, who, index = place_of(slot)
        self.hide(self.piles[who][index - 1])

    def seer(self, player: str, target: str | None) -> str:
        return self.living_player(target, "target", ErrorText("who:seer-target"), True, player)

    def medium(self, player: str, peek: tuple[str, int] | None, flip: Flip | None) -> tuple[Slot, Kind] | None:
        """W16: look at a face-down card (``peek``), or turn a face-up card face-down
        (``flip``: the slot and its kind), in another living player's discard; neither
        when no such pile holds a card (no effect)."""
        targets = medium_targets(player, self.living, self.piles)
        if peek is not None and flip is not None:
            raise Broken(ErrorText("medium:peek-and-flip"), "flip", PEEK_OR_FLIP)
        if peek is None and flip is None:
            if targets:
                held = joined([ErrorText("medium:pile-cards", player=p, n=len(self.piles[p])) for p in targets])
                raise Broken(ErrorText("medium:must-act", held=held), "play",
                             ErrorText("medium:on", either=PEEK_OR_FLIP, names=", ".join(targets)))
            return None
        if peek is not None:
            who, index = peek
            self.living_player(who, "peek", ErrorText("who:medium-target"), True, player)
            cards = self.piles[who]
            downs = face_down(cards)
            if index not in downs:
                what = ErrorText("pile:size", player=who, n=len(cards)) if index > len(cards) else \
                    ErrorText("pile:is-face-up", i=index, player=who, card=cards[index - 1].kind)
                raise Broken(ErrorText("medium:peek-face-down", what=what), "peek",
                             ErrorText("medium:peek-valid", downs=downs) if downs else ErrorText("medium:flip-instead"))
            return None
        assert flip is not None
        who, card, position = flip
        self.living_player(who, "flip", ErrorText("who:medium-target"), True, player)
        found, kind = self.flipped(who, card, position)
        self.turn_down(pile(who, found))
        return pile(who, found), kind

    def flipped(self, who: str, card: Kind | None, index: int | None) -> tuple[int, Kind]:
        """The position and kind of the face-up card a flip names: by ``index``, or the first
        face-up ``card`` of that kind (both: they must agree)."""
        cards = self.piles[who]
        ups = [i for i, c in enumerate(cards, start=1) if c.face_up]
        shown: Message = ", ".join(f"{i} ({cards[i - 1].kind})" for i in ups) or ErrorText("none")
        if index is not None:
            if index not in ups:
                what = ErrorText("pile:size", player=who, n=len(cards)) if index > len(cards) else \
                    ErrorText("pile:is-face-down", i=index, player=who)
                raise Broken(ErrorText("medium:flip-face-up", what=what), "flip",
                             ErrorText("medium:flip-valid", player=who, shown=shown))
            kind = cards[index - 1].kind
            assert kind is not None
            if card is not None and card != kind:
                raise Broken(ErrorText("medium:flip-other-card", i=index, player=who, card=kind.id, named=card.id),
                             "flip", ErrorText("medium:flip-card-valid", card=kind.id))
            return index, kind
        assert card is not None
        first = next((i for i in ups if cards[i - 1].kind == card), None)
        if first is None:
            kinds = sorted({c.kind.id for c in cards if c.face_up and c.kind})
            raise Broken(ErrorText("medium:flip-no-card", player=who, card=card.id), "flip",
                         ", ".join(kinds) or ErrorText("medium:flip-no-card-valid"))
        return first, card

    def villager(self, put: str | None) -> str:
        """W1: whose discard gets the Villager's face-down card (a living player)."""
        return self.living_player(put, "put", ErrorText("who:villager-put"))

    def vote(self, votes: Mapping[str, str] | None) -> tuple[dict[str, int], str | None]:
        """W9: every living player points at another; the tally and who goes out (None:
        a tie, or the leader protected by a Knight)."""
        if votes is None:
            raise Broken(ErrorText("vote:missing"), None,
                         "votes = { " + ", ".join(f'{p} = "..."' for p in self.living) + " }")
        missing = [p for p in self.living if p not in votes]
        extra = [p for p in votes if p not in self.living]
        if missing or extra:
            what = ErrorText("vote:did-not-vote", names=", ".join(missing)) if missing else \
                ErrorText("vote:eliminated", names=", ".join(extra))
            raise Broken(ErrorText("vote:once", what=what), "votes",
                         ErrorText("vote:voters-valid", names=", ".join(self.living)))
        for voter, target in votes.items():
            self.living_player(target, "votes", ErrorText("who:vote", voter=voter), True, voter)
        counts = tally(votes, self.piles, self.living)
        return counts, vote_result(counts, self.piles)

    def swaps(self) -> dict[str, list[int]]:
        """W11, a Sleep just landed face-up: the face-down positions each living player
        could swap its hand with, if it is the Werewolf."""
        return {p: face_down(self.piles[p]) for p in self.living}

    def unprotected(self) -> tuple[str, ...]:
        """W4/W10: the living players an Attack can eliminate (no face-up Knight)."""
        return tuple(p for p in self.living if not protected(self.piles[p]))

    def attack_victim(self, victim: str) -> str:
        """The player an Attack eliminates: living and not protected by a Knight."""
        self.living_player(victim, "eliminated", ErrorText("who:eliminated-field"))
        if victim not in self.unprotected():
            raise Broken(ErrorText("attack:knight", player=victim), "eliminated", '"none"')
        return victim

    def attack_put(self, player: str, put: str | None) -> Slot | None:
        """After its effect the Attack goes face-down on top of ``put``'s discard; when it
        eliminated its own player it stays where it landed (None)."""
        if player not in self.living:
            if put is not None and put != player:
                raise Broken(ErrorText("attack:itself", player=player), "put",
                             ErrorText("attack:itself-valid", player=player))
            return None
        owner = self.living_player(put, "put", ErrorText("who:attack-put"))
        card = self.piles[player].pop()
        self.hide(card)
        self.piles[owner].append(card)
        return pile(owner, len(self.piles[owner]))

    def eliminate(self, victim: str, revealed: Sequence[Kind] | None) -> Elimination:
        """Out: ``revealed`` is its hand, then each face-down card of its pile in pile order;
        they turn face-up, the hand last onto the pile.  The Werewolf out ends the game."""
        downs = face_down(self.piles[victim])
        need = 1 + len(downs)
        if revealed is None or len(revealed) != need:
            given = ErrorText("revealed:missing") if revealed is None else ErrorText("revealed:cards", n=len(revealed))
            raise Broken(ErrorText("revealed:count", given=given, player=victim, n=len(downs)),
                         "revealed" if revealed is not None else "eliminated",
                         ErrorText("revealed:valid", n=need, downs=downs))
        for i, k in zip(downs, revealed[1:], strict=True):
            card = self.piles[victim][i - 1]
            card.kind, card.down = k, False
        self.piles[victim].append(PileCard(revealed[0], 0))
        self.living.remove(victim)
        werewolf = LOST_LEGACY in revealed
        if werewolf:
            self.end(ErrorText("over:werewolf-out", player=victim))
        return Elimination(victim, [(hand(victim), revealed[0])] + [(pile(victim, i), k) for i, k in
                                                                      zip(downs, revealed[1:], strict=True)],
                           pile(victim, len(self.piles[victim])), werewolf)

    def end_turn(self, player: str) -> None:
        """One player left ends the game; else the next living seat moves, and an empty
        deck begins the search phase."""
        if self.over is None and len(self.living) == 1:
            self.end(ErrorText("over:alone", player=self.living[0]))
        seat = self.players.index(player)
        n = len(self.players)
        self.mover = next(self.players[(seat + j) % n] for j in range(1, n + 1)
                          if self.players[(seat + j) % n] in self.living)
        if self.over is None and self.left == 0:
            self.search_phase = True

    # -- the search phase (W15) ---------------------------------------------------------------------
    def check_call(self, order: int) -> None:
        """``order`` may be called now: the search phase runs, orders go up, and the lone
        raiser at the last call has searched."""
        if self.over is not None:
            raise Broken(ErrorText("search:after-over", why=self.over), "order", ErrorText("search:after-over-valid"))
        if not self.search_phase:
            raise Broken(ErrorText("search:too-early", n=self.left), "order", ErrorText("search:too-early-valid"))
        if order <= self.calling:
            raise Broken(ErrorText("search:order-down", order=order, last=self.calling), "order",
                         Text("span:to", low=self.calling + 1, high=max(ORDERS)))
        if self.searcher:
            raise Broken(ErrorText("call:search-first", player=self.searcher, order=self.calling), "order",
                         ErrorText("call:lone", player=self.searcher, order=self.calling))

    def called(self, order: int, raised: tuple[str, ...]) -> str | None:
        """W15: at the call of ``order`` exactly its living holders raise (each once, no
        more than the copies not face-up); the lone raiser, if any, must search
        (returned).  Nobody to search at the last order: nobody found it."""
        self.check_call(order)
        for p in raised:
            if p not in self.living:
                raise Broken(ErrorText("call:eliminated", player=p), "raised", ", ".join(self.living))
            if p in self.raised_at:
                raise Broken(ErrorText("call:again", player=p, order=self.raised_at[p]), "raised",
                             ", ".join(q for q in self.living if q not in self.raised_at) or "[]")
        kind = BY_ORDER[order]
        free = self.cards[kind.index] - sum(c.face_up and c.kind == kind for cards in self.piles.values()
                                            for c in cards)
        if len(raised) > free:
            raise Broken(ErrorText("call:too-many", n=len(raised), order=order, free=free, card=kind.id), "raised",
                         ErrorText("call:too-many-valid", n=free))
        for p in raised:
            self.raised_at[p] = order
        self.calling, self.raised = order, raised
        lone = searcher(order, raised)
        self.searcher = lone or ""
        if lone is None and order == max(ORDERS):
            self.end(ErrorText("over:not-found"))
        return lone

    def searching(self, player: str, target: Slot) -> Kind | None:
        """``player`` may search ``target`` now (the lone raiser at the last call, a
        living hand, the ruins or a card of a discard): the kind there when it is face-up."""
        omit = ErrorText("call:omit-search")
        lone = searcher(self.calling, self.raised)
        if player not in self.raised:
            raise Broken(ErrorText("call:not-raised", player=player, order=self.calling), "player",
                         ", ".join(self.raised) if lone else omit)
        if self.calling == MADMAN.order:
            raise Broken(ErrorText("call:madman"), "player", omit)
        if lone is None:
            raise Broken(ErrorText("call:together", names=", ".join(self.raised), order=self.calling), "player", omit)
        if player != self.searcher:
            raise Broken(ErrorText("call:searched", player=player, order=self.calling), "player", omit)
        where, who, index = place_of(target)
        if where == "ruins":
            return None
        if where == "hand":
            if who not in self.living:
                raise Broken(ErrorText("place:eliminated-hand", player=who), "target",
                             ", ".join(f"hand:{p}" for p in self.living))
            return None
        if where != "pile" or who not in self.piles:
            raise Broken(ErrorText("place:not-a-place", value=slot_name(target)), "target", ErrorText("place:valid"))
        cards = self.piles[who]
        if not 1 <= index <= len(cards):
            raise Broken(ErrorText("pile:size", player=who, n=len(cards)), "target",
                         ErrorText("pile:range", player=who, n=len(cards)))
        card = cards[index - 1]
        return card.kind if card.face_up else None

    def searched(self, player: str, target: Slot, found: Kind) -> None:
        """The searched card turns up (a discard's card stays face-up).  The Lost Legacy
        found ends the game, and so does the last order's search."""
        where, who, index = place_of(target)
        if where == "pile":
            card = self.piles[who][index - 1]
            card.searched = card.searched or not card.face_up
            card.kind, card.down = found, False
        self.searcher = ""
        if found == LOST_LEGACY:
            self.found = (player, target)
            self.end(ErrorText("over:found", player=player))
        elif self.calling == max(ORDERS):
            self.end(ErrorText("over:not-found"))


def winners(table: PublicTable, werewolf: Callable[[str], Fraction],
            madman: Callable[[str], Fraction]) -> dict[str, Fraction]:
    """The rules' "Winning", once: each player's chance of being among the winners, given
    each player's chance of being the Werewolf and of holding the Madman.  The Werewolf
    eliminated: the villagers win (eliminated villagers too); a search that found the Lost
    Legacy wins for the searcher's side — the Werewolf's (with the Madman holder) when it
    lay in the searcher's own hand or discard, else the villagers' (everyone but the
    Werewolf and the Madman holder); one player left before the search phase wins if it
    is the Werewolf, else everyone loses; nobody found: everyone loses."""
    why = table.over
    assert why is not None
    won = {p: Fraction(0) for p in table.players}
    if why.key == "over:werewolf-out":
        won.update({p: Fraction(1) for p in table.players if p != why.params["player"]})
    elif why.key == "over:alone":
        survivor = str(why.params["player"])
        won[survivor] = werewolf(survivor)
    elif why.key == "over:found":
        assert table.found is not None
        finder, slot = table.found
        where, owner, _ = place_of(slot)
        wolf = owner if where in ("hand", "pile") else None
        for p in table.players:
            if p == wolf:
                won[p] = Fraction(wolf == finder)
            else:
                won[p] = madman(p) if wolf == finder else 1 - madman(p)
    return won


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


class Table(PublicTable):
    """The true table: the public table with every hidden card — the deck (top first),
    each living player's hand, the ruins and the kinds of face-down pile cards (``down``).
    It enforces legality and raises ``Illegal`` on any move the rules forbid (an illegal
    move changes nothing); it makes no choices (whoever drives it does: the State's
    players, the brute force by branching)."""

    def __init__(self, players: Sequence[str], order: Sequence[Kind], cards: Sequence[int]) -> None:
        """Deal ``order`` (the shuffle, top first): hands in seat order, the ruins, the deck."""
        super().__init__(players, cards)
        n = len(players)
        self.hands = {p: [order[i]] for i, p in enumerate(players)}  # living players only
        self.ruins = order[n]
        self.deck = list(order[n + 1:])
        self.searches = 0  # searches made

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
        cards = [0] * len(KINDS)
        for k in order:
            cards[k.index] += 1
        return cls(players, order, cards)

    @classmethod
    def shuffled(cls, players: Sequence[str], rng: random.Random, deck: Sequence[int] = STANDARD) -> Table:
        """Shuffle the cards (``deck``: copies per kind) with ``rng`` and deal."""
        return cls.dealt(players, shuffle(deck, rng))

    @classmethod
    def deal(cls, players: Sequence[str], seed: int, deck: Sequence[int] = STANDARD) -> Table:
        return cls.shuffled(players, random.Random(seed), deck)

    def copy(self) -> Self:
        out = super().copy()
        out.hands = {p: list(h) for p, h in self.hands.items()}
        out.deck = list(self.deck)
        return out

    def hide(self, card: PileCard) -> None:
        card.down = True  # the true table keeps its kind

    @property
    def current(self) -> str:
        """Whose move: the mover (play phase); the lone raiser who must search, or ""."""
        return self.searcher if self.search_phase else self.mover

    # -- the end ----------------------------------------------------------------------------------
    @property
    def reason(self) -> str:
        """Why the game ended, as ``GameOver.reason`` says it ("" while it runs)."""
        return "" if self.over is None else self.over.key.removeprefix("over:")

    @property
    def winners(self) -> tuple[str, ...]:
        """The winners (``winners``, on the truth), in seat order."""
        if self.over is None:
            return ()
        wolf = self.werewolf()
        won = winners(self, lambda p: Fraction(p == wolf),
                      lambda p: Fraction(p in self.living and self.hands[p][0] == MADMAN))
        return tuple(p for p, x in won.items() if x == 1)

    @property
    def winner(self) -> str | None:
        """VILLAGERS, WEREWOLF or NOBODY once over."""
        if self.over is None:
            return None
        won = self.winners
        return NOBODY if not won else WEREWOLF if self.werewolf() in won else VILLAGERS

    # -- what the rules look at ----------------------------------------------------------------------
    def werewolf(self) -> str | None:
        """The Werewolf player: the Lost Legacy in its hand or its pile (None: nobody)."""
        hands = {p: h[-1] for p, h in self.hands.items() if len(h) == 1}
        if any(len(h) != 1 for h in self.hands.values()):  # mid-turn: look at both cards
            hands = {p: (LOST_LEGACY if LOST_LEGACY in h else h[0]) for p, h in self.hands.items()}
        piles = {p: [c.kind for c in cs if c.kind is not None] for p, cs in self.piles.items()}
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
        out[RUINS] = self.ruins
        for p, cs in self.piles.items():
            for i, c in enumerate(cs, start=1):
                if c.down and c.kind is not None:
                    out[("pile", p, i)] = c.kind
        return out

    # -- a turn ---------------------------------------------------------------------------------------
    def draw(self) -> Kind:
        """Step 1: the current player draws the top card."""
        hand = self.hands.get(self.mover, [])
        if self.phase == PLAY and len(hand) != 1:
            raise Illegal(f"{self.mover} has drawn already")
        try:
            self.begin(self.mover)
        except Broken as e:
            raise Illegal(str(e)) from None
        self.draw_top()
        card = self.deck.pop(0)
        hand.append(card)
        return card

    def legal_plays(self) -> list[Kind]:
        """The kinds the current player may play (after drawing): never the Lost Legacy; an
        Attack in hand must be played (W5).  Two alike cards are one option (W13)."""
        hand = self.hands[self.current]
        if len(hand) != 2:
            raise Illegal(f"{self.current} must draw first")
        return playable(hand)

    def play(self, card: Kind, *, target: str | None = None,
             peek: tuple[str, int] | None = None, flip: Flip | None = None,
             put: str | Callable[[Sequence[str]], str] | None = None, down: Kind | None = None,
             mixed: bool = False, votes: Mapping[str, str] | None = None, swap: int | None = None) -> Played:
        """Steps 2–4: the current player plays ``card`` and resolves it.

        Per card: Seer ``target``; Medium ``peek`` = (player, index) or ``flip`` = (player,
        kind, index) naming a face-up card by kind (the first of it), position, or both, or
        neither when no other living player's pile holds a card (W16); Villager ``put`` and
        ``down`` (the card put face-down; ``mixed`` is only noted); Vote ``votes``; Sleep
        ``swap`` (a face-down position of the Werewolf's pile, or None); Attack ``put``, a
        name or a function choosing one among the living players after the effect
        (ignored when the Attack eliminated its player).
        """
        before = self.copy()
        try:
            return self._play(card, target, peek, flip, put, down, mixed, votes, swap)
        except (Illegal, Broken) as e:
            self.__dict__.update(before.__dict__)  # an illegal move changes nothing
            raise e if isinstance(e, Illegal) else Illegal(str(e)) from None

    def _play(self, card: Kind, target: str | None, peek: tuple[str, int] | None, flip: Flip | None,
              put: str | Callable[[Sequence[str]], str] | None, down: Kind | None, mixed: bool,
              votes: Mapping[str, str] | None, swap: int | None) -> Played:
        player = self.current
        hand = self.hands[player]
        if card not in self.legal_plays():
            why = "the Lost Legacy can never be played" if card == LOST_LEGACY else \
                "an Attack in hand must be played (W5)" if card in hand else f"{player} does not hold it"
            raise Illegal(f"{player} cannot play {card.id}: {why}")
        lands = self.played(player, card)
        held, drew = hand
        hand.remove(card)
        done = Played(self.turns, player, held, drew, card)
        if card == SEER:
            done.target = self.seer(player, target)
            done.saw = self.hands[done.target][0]
        elif card == MEDIUM:
            flipped = self.medium(player, peek, flip)
            if peek is not None:
                done.peek, done.saw = peek, self.piles[peek[0]][peek[1] - 1].kind
            elif flipped is not None:
                _, who, index = place_of(flipped[0])
                done.flip, done.flipped = flip, (who, index)
        elif card == VILLAGER:
            self._villager(done, put, down, mixed)
        elif card == VOTE:
            self._vote(done, votes, lands)
        elif card == SLEEP:
            self._sleep(done, swap, lands)
        elif card.is_attack:
            self._attack(done, put)
        self.end_turn(player)
        return done

    def _villager(self, done: Played, put: object, down: Kind | None, mixed: bool) -> None:
        """W1: the Villager returns to the hand; one of the two cards goes face-down."""
        hand = self.hands[done.player]
        hand.append(VILLAGER)
        if not isinstance(put, str):
            raise Illegal("a Villager needs put: whose discard gets the card")
        owner = self.villager(put)
        if down is None or down not in hand:
            raise Illegal(f"the card put down must be one of {[k.id for k in hand]}, not {down}")
        if not keeps_lost_legacy(down, owner, done.player):
            raise Illegal(str(ErrorText("villager:lost-legacy")))
        hand.remove(down)
        self.put_down(owner, down)
        done.put, done.down, done.mixed = owner, down, mixed

    def _vote(self, done: Played, votes: Mapping[str, str] | None, lands: Slot | None) -> None:
        _, out = self.vote(votes)
        assert votes is not None and lands is not None
        done.votes = {p: votes[p] for p in self.living}
        if out is not None:
            self._eliminate(done, out)
        if done.player in self.living:  # W9: the Vote turns face-down afterwards
            self.turn_down(lands)

    def _sleep(self, done: Played, swap: int | None, lands: Slot | None) -> None:
        """W11: the Werewolf may swap its hand card with a face-down card of its own pile."""
        assert lands is not None
        options = self.swaps()
        wolf = self.werewolf()
        done.werewolf = wolf
        if swap is not None:
            if wolf is None:
                raise Illegal("nobody is the Werewolf: nobody can swap")
            if swap not in options[wolf]:
                raise Illegal(f"card {swap} of {wolf}'s pile is not a face-down card")
            card = self.piles[wolf][swap - 1]
            hand = self.hands[wolf]
            assert card.kind is not None
            card.kind, hand[0] = hand[0], card.kind
            done.swap, done.took = swap, hand[0]
        self.turn_down(lands)

    def _attack(self, done: Played, put: str | Callable[[Sequence[str]], str] | None) -> None:
        """W4/W10: the living unprotected holder of the hunted order goes out; then the
        Attack goes face-down on top of the chosen pile (or stays, if it eliminated its
        own player)."""
        hunts = done.play.hunts
        victim = next((p for p in self.unprotected() if self.hands[p][0].order == hunts), None)
        if victim is not None:
            self._eliminate(done, victim)
        if done.player not in self.living:
            done.put = done.player  # it stays where it landed
            return
        owner = put(tuple(self.living)) if callable(put) else put
        self.attack_put(done.player, owner)
        done.put = owner

    def _eliminate(self, done: Played, victim: str) -> None:
        """The hand goes last onto the pile; every face-down card there turns face-up."""
        revealed = (self.hands[victim][0], *(c.kind for c in self.piles[victim] if c.down and c.kind is not None))
        self.eliminate(victim, revealed)
        self.hands.pop(victim)
        done.eliminated, done.revealed = victim, revealed

    # -- the search phase (W15) ---------------------------------------------------------------------------
    def call(self) -> Called:
        """Call the next search order: its living holders raise.  A lone raiser other than the
        Madman holder must search next (``current``); after the last order, nobody found it."""
        if self.phase != SEARCH:
            raise Illegal(f"no call in the {self.phase} phase")
        order = self.calling + 1
        try:
            self.called(order, raisers(order, self.hand_cards()))
        except Broken as e:
            raise Illegal(str(e)) from None
        return Called(self.calling, self.raised)

    def search(self, player: str, target: Slot) -> Searched:
        """``player``, the lone raiser at the last call, names ``target`` and turns it up."""
        if self.phase != SEARCH:
            raise Illegal(f"no search in the {self.phase} phase")
        try:
            self.searching(player, target)
        except Broken as e:
            raise Illegal(str(e)) from None
        where, who, index = place_of(target)
        found = self.ruins if where == "ruins" else self.hands[who][0] if where == "hand" else \
            self.piles[who][index - 1].kind
        assert found is not None
        self.searched(player, target, found)
        self.searches += 1
        return Searched(self.searches, player, target, found)


def shuffle(deck: Sequence[int], rng: random.Random) -> list[Kind]:
    """The cards of ``deck`` (copies per kind) in a random order."""
    cards = [k for k, n in zip(KINDS, deck, strict=True) for _ in range(n)]
    rng.shuffle(cards)
    return cards


__all__ = ["Broken", "Called", "Elimination", "Illegal", "OVER", "PLAY", "Played", "PublicTable", "SEARCH",
           "Searched", "Table", "VILLAGERS", "WEREWOLF", "shuffle", "winners"]
