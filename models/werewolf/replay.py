"""``replay``: a Werewolf record checked turn by turn on the public table
(``table.PublicTable``, whose rules the true table shares) and turned into ``Move``s for
the counter and the model.  The table states each public rule; replay adds what only a
record has: what its writer could know, and what the viewer says it held and saw.

The public table is what everybody sees: who is alive, every discard pile (which
cards are face-up and what they are, how many are face-down), the deck's size and
the calls of the search phase (who raised at which order, W15, and what each search
turned up).  Hidden are the hands, the ruins, the deck's order and the face-down
cards.  ``replay`` raises ``IllegalMoveError`` (file, line, field) at the first turn
or call the public table rules out; whether some hidden history fits the whole
record is the counter's question.  Rulings W1–W16: docs/rules-werewolf.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from suiri.solver.errors import IllegalMoveError, Message, Source

from .cards import LOST_LEGACY, MADMAN, SLEEP, VILLAGER, VOTE, Kind, hunted_kind
from .error_text import ErrorText
from .record import NONE, ORDERS, PLACED, Search, Turn, WerewolfRecord, place_str
from .rules import PileCard, Slot, face_down, hand, keeps_lost_legacy, pile, place_of, playable
from .table import Broken, Elimination, PublicTable


# -- what the counter and the model consume -----------------------------------------------------
@dataclass
class Move:
    """One turn as the hidden state sees it: what moved where, and what became known."""

    turn: Turn
    source: Source
    player: str
    draw: int  # position of the drawn card in the shuffle (hands, ruins, then the deck)
    deck_after: int  # cards left in the deck after the draw
    lands: Slot | None  # where the played card lies (face-up) during its effect; None: Villager
    seen: list[tuple[Slot, Kind, Source]] = field(default_factory=list)  # what the viewer saw
    villager: tuple[Slot, str | Kind] | None = None  # where the face-down card went, and what was put
    swaps: dict[str, tuple[Slot, ...]] | None = None  # Sleep: the face-down cards each player could swap
    swap_record: tuple[bool | None, Kind | None] = (None, None)  # a Werewolf viewer's `swapped`, `card`
    swap_index: int | None = None  # ... and the position it took the card from, when written
    hunt: tuple[Kind, tuple[str, ...]] | None = None  # Attack with no victim: the card nobody unprotected holds
    elimination: Elimination | None = None
    facedown: list[tuple[Slot, Kind]] = field(default_factory=list)  # cards turned face-down after the effect
    no_effect: bool = False  # a Medium with no other living player's discard holding a card (W16)

    @property
    def number(self) -> int:
        return self.turn.number


@dataclass
class SearchMove:
    """A lone raiser's search (W15): the card it named turned up."""

    search: Search  # player, target and found are set
    source: Source
    slot: Slot
    public: Kind | None  # the card there when everybody can see it already
    living: tuple[str, ...]
    call: int  # the search order called

    @property
    def number(self) -> int:
        return self.search.number


@dataclass
class Call:
    """One call of a search order (W15), listed in the record or not: the living players
    in ``raised`` hold a card of that order, the other living players do not."""

    order: int
    raised: tuple[str, ...]
    living: tuple[str, ...]
    source: Source  # the [[search]] entry's ``order``; an unlisted call: the entry that implies it
    entry: Search | None  # None: an order below an entry that no entry lists (nobody raised)
    search: SearchMove | None = None  # the lone raiser's search

    @property
    def id(self) -> str:
        """The observation id of the call in the model (``encoder``)."""
        return f"call-{self.order}"

    @property
    def lone(self) -> str | None:
        return self.raised[0] if len(self.raised) == 1 else None

    @property
    def madman(self) -> bool:
        """The Madman holder raised alone at 3 and showed the Madman."""
        return self.order == MADMAN.order and self.lone is not None


@dataclass
class Replay:
    """A record replayed: its moves, searches and calls, and the public table at its end."""

    record: WerewolfRecord
    moves: list[Move]
    searches: list[SearchMove]
    table: PublicTable
    viewer_hand: Kind | None  # the viewer's card now, when the record tells it
    pending: Kind | None = None  # the viewer's turn in progress: the card it drew
    calls: list[Call] = field(default_factory=list)  # every search order called so far (W15)
    next_call: int | None = None  # the order called next (search phase, game not over)

    @property
    def living(self) -> tuple[str, ...]:
        return tuple(self.table.living)

    @property
    def piles(self) -> dict[str, list[PileCard]]:
        return self.table.piles

    @property
    def deck(self) -> int:
        """Cards left in the deck."""
        return self.table.left

    @property
    def over_text(self) -> ErrorText | None:
        """Why the game ended, if it did, in either language."""
        return self.table.over

    @property
    def search_phase(self) -> bool:
        return self.table.search_phase

    @property
    def next_player(self) -> str:
        """Whose turn is next (or in progress)."""
        return self.table.mover

    @property
    def over(self) -> str | None:
        """Why the game ended, in English (as analysis and advice print it), if it did."""
        return None if self.over_text is None else str(self.over_text)

    def call(self, order: int) -> Call:
        return next(c for c in self.calls if c.order == order)


def replay(record: WerewolfRecord) -> Replay:
    return _Replayer(record).run()


class _Replayer:
    def __init__(self, record: WerewolfRecord) -> None:
        self.r = record
        self.t = PublicTable(record.players, record.deck)
        self.living = self.t.living  # the table's own list and piles, read as it changes
        self.piles = self.t.piles
        self.viewer_hand = record.hand
        self.viewer_ll_down = False  # the Lost Legacy may lie face-down in the viewer's discard
        self.viewer_downs: dict[int, Kind] = {}  # the viewer's face-down pile cards it knows, by position
        self.pending: Kind | None = None
        self.moves: list[Move] = []
        self.searches: list[SearchMove] = []
        self.calls: list[Call] = []
        self.kept: Kind | None = None  # the viewer's own turn: the card it keeps (it knows both)

    # -- helpers ---------------------------------------------------------------------------------
    def at(self, t: Turn, key: str | None = None) -> Source:
        return self.r.where("turn", t.number, key)

    def illegal(self, message: Message, where: Source, valid: Message | None = None) -> IllegalMoveError:
        return IllegalMoveError(message, where, valid)

    def viewer_only(self, t: Turn, key: str) -> None:
        if self.r.viewer is None or t.player != self.r.viewer:
            said = ErrorText("turn:unknowable-spectator", field=key, player=t.player) if self.r.viewer is None else \
                ErrorText("turn:unknowable", field=key, player=t.player, viewer=self.r.viewer)
            raise self.illegal(said, self.at(t, key), ErrorText("turn:viewer-only-valid", field=key))

    # -- the game ----------------------------------------------------------------------------------
    def run(self) -> Replay:
        for t in self.r.turns:
            try:
                self.turn(t)
            except Broken as e:  # a public rule, stated by the table: the record's line and field
                raise self.illegal(e.message, self.at(t, e.key), e.valid) from None
        for s in self.r.searches:
            try:
                self.entry(s)
            except Broken as e:
                raise self.illegal(e.message, self.r.where("search", s.number, e.key or "order"), e.valid) from None
        if self.r.pending is not None:
            self.pending_turn(self.r.pending)
        called = self.t.calling
        next_call = called + 1 if self.t.search_phase and not self.t.over and called < max(ORDERS) else None
        return Replay(self.r, self.moves, self.searches, self.t, self.viewer_hand, self.pending, self.calls,
                      next_call)

    def pending_turn(self, drew: Kind) -> None:
        """The viewer's turn in progress: it has drawn and not played yet."""
        n = len(self.r.turns) + 1
        where = self.r.where("turn", n, "drew")
        if self.t.over or self.t.search_phase or self.r.searches:
            raise self.illegal(ErrorText("turn:none-follows", why=self.t.over or ErrorText("turn:search-phase")),
                               where, ErrorText("turn:no-drew"))
        expected = self.t.mover
        if expected != self.r.viewer:
            raise self.illegal(ErrorText("turn:wrong-player", expected=expected, player=self.r.viewer), where,
                               ErrorText("turn:ending-here"))
        self.pending = drew
        self.t.draw_top()

    def turn(self, t: Turn) -> None:
        """One [[turn]] on the table: its public rules are the table's; the record's own
        (what the writer could know, what it says it held) are checked here."""
        self.t.begin(t.player)
        viewer = t.player == self.r.viewer
        if t.drew is not None:
            self.viewer_only(t, "drew")
        lands = self.t.played(t.player, t.play)
        self.kept = self.viewer_play(t) if viewer else None  # the viewer's other card, when it knows it
        draw = self.t.draw_top()
        move = Move(t, self.at(t), t.player, draw, self.t.left, lands)
        effect = getattr(self, "play_" + ("attack" if t.play.is_attack else t.play.id))
        effect(t, move)
        for slot, kind in move.facedown:  # a Vote, Sleep, Attack or flipped card: its kind is public (W2)
            self.viewer_down(slot, kind)
        self.moves.append(move)
        self.t.end_turn(t.player)

    def viewer_down(self, slot: Slot, kind: Kind | None) -> None:
        """A card went face-down at ``slot``: when that is in the viewer's discard, what the
        viewer knows it is (None: not known), so that a swap in a later Sleep tells what
        the viewer took even when the record does not name it."""
        _, owner, index = place_of(slot)
        if owner != self.r.viewer:
            return
        if kind is None:
            self.viewer_downs.pop(index, None)
        else:
            self.viewer_downs[index] = kind

    def viewer_play(self, t: Turn) -> Kind | None:
        """The viewer's own turn: it knows both cards, so the play is checked against them."""
        held = self.viewer_hand
        if held is None or t.drew is None:
            self.viewer_hand = None
            return None
        cards = [held, t.drew]
        if t.play not in cards:
            options = sorted({c.id for c in cards if c != LOST_LEGACY})
            raise self.illegal(ErrorText("play:not-held", player=t.player, held=held.id, drew=t.drew.id,
                                         card=t.play.id), self.at(t, "play"),
                               ErrorText("either", a=options[0], b=options[1]) if len(options) == 2 else options[0])
        if t.play not in playable(cards):  # W5: it holds an Attack
            attack = next(c for c in cards if c.is_attack)
            raise self.illegal(ErrorText("play:must-attack", player=t.player, card=attack.id), self.at(t, "play"),
                               attack.id)
        cards.remove(t.play)
        self.viewer_hand = cards[0]
        return cards[0]

    def play_seer(self, t: Turn, move: Move) -> None:
        target = self.t.seer(t.player, t.target)
        if t.saw is not None:
            self.viewer_only(t, "saw")
            move.seen.append((hand(target), t.saw, self.at(t, "saw")))

    def play_medium(self, t: Turn, move: Move) -> None:
        """W16 (the table's ``medium``); what the record says the writer saw."""
        flipped = self.t.medium(t.player, t.peek, t.flip)
        if t.peek is None and t.flip is None:
            if t.saw is not None:
                raise self.illegal(ErrorText("medium:no-effect-saw"), self.at(t, "saw"), ErrorText("omit-saw"))
            move.no_effect = True
        elif t.peek is not None:
            if t.saw is not None:
                self.viewer_only(t, "saw")
                move.seen.append((pile(*t.peek), t.saw, self.at(t, "saw")))
        else:
            assert flipped is not None
            move.facedown.append(flipped)
            if t.saw is not None:
                raise self.illegal(ErrorText("medium:flip-saw"), self.at(t, "saw"), ErrorText("omit-saw"))

    def play_villager(self, t: Turn, move: Move) -> None:
        kept = self.kept
        target = self.t.villager(t.put)
        placed: str | Kind = t.placed if t.placed is not None else "unknown"
        if isinstance(placed, Kind):
            self.viewer_only(t, "placed")
            if kept is not None and placed not in (VILLAGER, kept):
                raise self.illegal(ErrorText("villager:not-held", player=t.player, kept=kept.id, card=placed.id),
                                   self.at(t, "placed"), ErrorText("either", a=VILLAGER.id, b=kept.id))
            if not keeps_lost_legacy(placed, target, t.player):
                raise self.illegal(ErrorText("villager:lost-legacy"), self.at(t, "placed"),
                                   ErrorText("villager:lost-legacy-valid", player=t.player))
            self.viewer_hand = VILLAGER if placed != VILLAGER else kept
        elif t.player == self.r.viewer:
            self.viewer_hand = {"villager": kept, "other": VILLAGER}.get(placed)
        if t.player == self.r.viewer and target == t.player:
            down = placed if isinstance(placed, Kind) else VILLAGER if placed == "villager" else kept
            if down in (None, LOST_LEGACY):  # "other" or "unknown": the kept card may have gone down
                self.viewer_ll_down = True
        assert placed in PLACED or isinstance(placed, Kind)
        move.villager = (self.t.put_down(target, None), placed)
        known = placed if isinstance(placed, Kind) else VILLAGER if placed == "villager" else \
            kept if placed == "other" and t.player == self.r.viewer else None
        self.viewer_down(move.villager[0], known)

    def play_madman(self, t: Turn, move: Move) -> None:
        pass

    def play_knight(self, t: Turn, move: Move) -> None:
        pass

    def play_vote(self, t: Turn, move: Move) -> None:
        counts, out = self.t.vote(t.votes)
        written = t.eliminated
        shown = ", ".join(f"{p} {n}" for p, n in counts.items())
        if written is not None and (written if written != NONE else None) != out:
            said = ErrorText("vote:result", shown=shown, out=out, written=written) if out else \
                ErrorText("vote:result-nobody", shown=shown, written=written)
            raise self.illegal(said, self.at(t, "eliminated"), f'"{out or NONE}"')
        t.eliminated = out or NONE
        if out is not None:
            move.elimination = self.eliminate(t, out)
        if t.player in self.living:
            assert move.lands is not None
            self.t.turn_down(move.lands)
            move.facedown.append((move.lands, VOTE))

    def play_sleep(self, t: Turn, move: Move) -> None:
        """W11: the Sleep lands face-up; the Werewolf may swap its hand with a face-down card
        of its own pile (the options, per player); then the Sleep turns face-down."""
        assert move.lands is not None
        move.swaps = {p: tuple(pile(p, i) for i in downs) for p, downs in self.t.swaps().items()}
        if t.swapped is not None or t.card is not None or t.index is not None:
            if self.r.viewer is None or self.r.viewer not in self.living:
                raise self.illegal(ErrorText("sleep:unknowable"), self.at(t, "swapped"),
                                   ErrorText("sleep:unknowable-valid"))
            for key in ("card", "index"):
                if getattr(t, key) is not None and not t.swapped:
                    raise self.illegal(ErrorText("sleep:needs-swap", field=key), self.at(t, key), "swapped = true")
            if t.index is not None:
                downs = face_down(self.piles[self.r.viewer])
                if t.index not in downs:
                    raise self.illegal(ErrorText("sleep:index", i=t.index, player=self.r.viewer), self.at(t, "index"),
                                       ErrorText("one-of", items=downs) if downs else ErrorText("sleep:no-face-down"))
            move.swap_record = (t.swapped, t.card)
            move.swap_index = t.index
            if t.swapped:
                self.swap(t)
        else:
            self.unseen_sleep(move)
        self.t.turn_down(move.lands)
        move.facedown.append((move.lands, SLEEP))

    def swap(self, t: Turn) -> None:
        """The viewer, the Werewolf, swapped its hand card with a face-down card of its own
        discard (W11).  What it took is the ``card`` written, else the card it knows lies at
        ``index`` — or, without an index, at every position it may have taken (one face-down
        card, or several it knows to be of one kind); else the record does not say."""
        me = self.r.viewer
        assert me is not None
        known = self.viewer_downs
        at = [t.index] if t.index is not None else \
            [i for i in face_down(self.piles[me]) if t.card is None or known.get(i, t.card) == t.card]
        kinds = {known.get(i) for i in at}
        took = t.card if t.card is not None else kinds.pop() if len(kinds) == 1 else None
        held = self.viewer_hand
        if held in (None, LOST_LEGACY):
            self.viewer_ll_down = True  # the hand card went down in the swap
        self.viewer_ll_down = self.viewer_ll_down and took != LOST_LEGACY
        self.viewer_hand = took  # None: the record does not say what it took
        for i in at:  # the card it held lies at one of those positions now
            if len(at) == 1 or known.get(i) != held:
                self.viewer_down(pile(me, i), held if len(at) == 1 else None)

    def unseen_sleep(self, move: Move) -> None:
        """A Sleep with no ``swapped``: a viewer that may be the Werewolf (it may hold the
        Lost Legacy, or have put it down in its own discard) and has a face-down card may
        have swapped; the record does not say, so its hand card is no longer known (the
        counter splits the weight over the options, W7)."""
        me = self.r.viewer
        if me is None or me not in self.living or not (move.swaps or {}).get(me):
            return
        if self.viewer_hand in (None, LOST_LEGACY) or self.viewer_ll_down:
            self.viewer_hand = None
            self.viewer_ll_down = True
            self.viewer_downs.clear()  # it may have swapped any of them

    def play_attack(self, t: Turn, move: Move) -> None:
        victim_card = hunted_kind(t.play)
        if t.eliminated is None:
            raise self.illegal(ErrorText("attack:missing-out"), self.at(t),
                               ErrorText("attack:missing-out-valid", card=victim_card.id))
        if t.eliminated == NONE:
            move.hunt = (victim_card, self.t.unprotected())
        else:
            victim = self.t.attack_victim(t.eliminated)
            if t.revealed and t.revealed[0] != victim_card:
                raise self.illegal(ErrorText("attack:revealed", attack=t.play.id, card=victim_card.id, player=victim,
                                             written=t.revealed[0].id),
                                   self.at(t, "revealed"), ErrorText("attack:revealed-valid", card=victim_card.id))
            move.elimination = self.eliminate(t, victim)
        put = self.t.attack_put(t.player, t.put)
        if put is not None:
            move.lands = put
            move.facedown.append((put, t.play))

    def eliminate(self, t: Turn, victim: str) -> Elimination:
        """Out (the table's ``eliminate``): the viewer out no longer holds a card."""
        out = self.t.eliminate(victim, t.revealed)
        if victim == self.r.viewer:
            self.viewer_hand = None
        return out

    # -- the search phase (W15) ----------------------------------------------------------------------
    def entry(self, s: Search) -> None:
        """One [[search]] entry: the orders below it that no entry lists were called and
        nobody raised; then its own call."""
        where = self.r.where("search", s.number, "order")
        self.t.check_call(s.order)
        for order in range(self.t.calling + 1, s.order):
            self.call(order, (), None, where)
        self.call(s.order, s.raised, s, where)

    def call(self, order: int, raised: tuple[str, ...], s: Search | None, where: Source) -> None:
        """W15 (the table's ``called``): a listed lone raiser's search is written with its call."""
        lone = self.t.called(order, raised)
        at_raised = self.r.where("search", s.number, "raised") if s is not None else where
        self.viewer_call(order, raised, at_raised)
        call = Call(order, raised, tuple(self.living), where, s)
        self.calls.append(call)
        if s is not None and s.player is not None:
            call.search = self.search(s, order)
        elif lone is not None and s is not None:
            raise self.illegal(ErrorText("call:lone", player=lone, order=order), at_raised,
                               f'player = "{lone}", target = "...", found = "..."')

    def viewer_call(self, order: int, raised: tuple[str, ...], where: Source) -> None:
        """The viewer knows its own card, so it knows at which call it raised."""
        me, card = self.r.viewer, self.viewer_hand
        if me is None or me not in self.living or card is None or (me in raised) == (card.order == order):
            return
        if me in raised:
            raise self.illegal(ErrorText("call:viewer-cannot", player=me, card=card.id, held=card.order or "×",
                                         order=order), where, ErrorText("call:viewer-cannot-valid"))
        raise self.illegal(ErrorText("call:viewer-must", player=me, card=card.id, order=order), where,
                           ErrorText("call:viewer-must-valid", player=me, order=order))

    def search(self, s: Search, order: int) -> SearchMove:
        """The lone raiser names a place and turns the card there up."""
        assert s.player is not None and s.target is not None and s.found is not None
        target: Slot = ("pile", *s.target[1:]) if s.target[0] == "discard" else s.target
        public = self.t.searching(s.player, target)
        if public is not None and public != s.found:
            raise self.illegal(ErrorText("search:face-up", place=place_str(s.target), card=public.id,
                                         found=s.found.id), self.r.where("search", s.number, "found"), public.id)
        move = SearchMove(s, self.r.where("search", s.number), target, public, tuple(self.living), order)
        self.searches.append(move)
        self.t.searched(s.player, target, s.found)
        return move


__all__ = ["Call", "Elimination", "Move", "Replay", "SearchMove", "replay"]
