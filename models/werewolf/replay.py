"""``replay``: a Werewolf record checked turn by turn against the public table and
turned into ``Move``s for the counter and the model (the rules it applies are the
functions of ``rules``, shared with the true state).

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

from suiri.solver.errors import IllegalMoveError, Joined, Message, Source, Text

from .cards import BY_ORDER, LOST_LEGACY, MADMAN, SLEEP, VILLAGER, VOTE, Kind, hunted_kind
from .error_text import ErrorText
from .record import NONE, ORDERS, PLACED, Search, Turn, WerewolfRecord, place_str
from .rules import (
    RUINS,
    PileCard,
    Slot,
    face_down,
    hand,
    medium_targets,
    pile,
    protected,
    searcher,
    tally,
    vote_result,
)


# -- what the counter and the model consume -----------------------------------------------------
@dataclass
class Elimination:
    player: str
    revealed: list[tuple[Slot, Kind]]  # the hand, then each face-down card, with what it was
    hand_to: Slot  # where the hand card now lies face-up
    werewolf: bool  # the Lost Legacy was among them: the game ends


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
    record: WerewolfRecord
    moves: list[Move]
    searches: list[SearchMove]
    living: tuple[str, ...]
    piles: dict[str, list[PileCard]]
    deck: int
    over_text: ErrorText | None  # why the game ended, if it did, in either language
    search_phase: bool
    viewer_hand: Kind | None  # the viewer's card now, when the record tells it
    pending: Kind | None = None  # the viewer's turn in progress: the card it drew
    next_player: str | None = None  # whose turn is next (or in progress)
    calls: list[Call] = field(default_factory=list)  # every search order called so far (W15)
    next_call: int | None = None  # the order called next (search phase, game not over)

    @property
    def over(self) -> str | None:
        """Why the game ended, in English (as analysis and advice print it), if it did."""
        return None if self.over_text is None else str(self.over_text)

    def call(self, order: int) -> Call:
        return next(c for c in self.calls if c.order == order)


def replay(record: WerewolfRecord) -> Replay:
    return _Replayer(record).run()


PEEK_OR_FLIP = ErrorText("either", a="peek = { player, index }", b="flip = { player, card }")


def joined(items: list[ErrorText]) -> Joined:
    """``a, b, c`` (``a、b、c`` in Japanese)."""
    parts: list[object] = []
    for item in items:
        parts += [ErrorText("list-sep"), item] if parts else [item]
    return Joined(tuple(parts))


class _Replayer:
    def __init__(self, record: WerewolfRecord) -> None:
        self.r = record
        self.players = record.players
        self.living = list(record.players)
        self.piles: dict[str, list[PileCard]] = {p: [] for p in record.players}
        self.deck = record.cards - len(record.players) - 1
        self.next_draw = len(record.players) + 1
        self.viewer_hand = record.hand
        self.viewer_ll_down = False  # the Lost Legacy may lie face-down in the viewer's discard
        self.viewer_downs: dict[int, Kind] = {}  # the viewer's face-down pile cards it knows, by position
        self.over_text: ErrorText | None = None  # why the game ended, if it did
        self.search_phase = False
        self.pending: Kind | None = None
        self.moves: list[Move] = []
        self.searches: list[SearchMove] = []
        self.calls: list[Call] = []
        self.raised_at: dict[str, int] = {}  # who raised at which call
        self.kept: Kind | None = None  # the viewer's own turn: the card it keeps (it knows both)

    # -- helpers ---------------------------------------------------------------------------------
    def at(self, t: Turn, key: str | None = None) -> Source:
        return self.r.where("turn", t.number, key)

    def illegal(self, message: Message, where: Source, valid: Message | None = None) -> IllegalMoveError:
        return IllegalMoveError(message, where, valid)

    def end(self, why: ErrorText) -> None:
        self.over_text = why

    def living_player(self, who: str | None, where: Source, what: ErrorText, others: bool = False,
                      me: str = "") -> str:
        choices = [p for p in self.living if not (others and p == me)]
        if who is None:
            raise self.illegal(ErrorText("who:missing", what=what), where, ", ".join(choices))
        if who not in self.living:
            raise self.illegal(ErrorText("who:eliminated", player=who, what=what), where, ", ".join(choices))
        if others and who == me:
            raise self.illegal(ErrorText("who:itself", player=me, what=what), where, ", ".join(choices))
        return who

    def add(self, owner: str, card: PileCard) -> Slot:
        self.piles[owner].append(card)
        return pile(owner, len(self.piles[owner]))

    def viewer_only(self, t: Turn, key: str) -> None:
        if self.r.viewer is None or t.player != self.r.viewer:
            said = ErrorText("turn:unknowable-spectator", field=key, player=t.player) if self.r.viewer is None else \
                ErrorText("turn:unknowable", field=key, player=t.player, viewer=self.r.viewer)
            raise self.illegal(said, self.at(t, key), ErrorText("turn:viewer-only-valid", field=key))

    # -- the game ----------------------------------------------------------------------------------
    def run(self) -> Replay:
        self.next_mover = 0  # index into the living players
        self.search_phase = self.deck == 0  # a reduced deck may deal every card
        for t in self.r.turns:
            if self.over_text:
                raise self.illegal(ErrorText("turn:after-over", why=self.over_text), self.at(t),
                                   ErrorText("turn:after-over-valid", n=t.number - 1))
            if self.search_phase:
                raise self.illegal(ErrorText("turn:deck-empty"), self.at(t), ErrorText("record:sections", name="search"))
            expected = self.living[self.next_mover % len(self.living)]
            if t.player != expected:
                raise self.illegal(ErrorText("turn:wrong-player", expected=expected, player=t.player),
                                   self.at(t, "player"), expected)
            self.turn(t)
            if self.over_text is None and len(self.living) == 1:
                self.end(ErrorText("over:alone", player=self.living[0]))
            if t.player in self.living:
                self.next_mover = self.living.index(t.player) + 1
            else:  # the mover was eliminated: the next living seat after it
                self.next_mover = next((i for i, p in enumerate(self.living)
                                        if self.players.index(p) > self.players.index(t.player)), 0)
            if self.over_text is None and self.deck == 0:
                self.search_phase = True
        for s in self.r.searches:
            self.entry(s)
        if self.r.pending is not None:
            self.pending_turn(self.r.pending)
        called = self.calls[-1].order if self.calls else 0
        next_call = called + 1 if self.search_phase and not self.over_text and called < max(ORDERS) else None
        return Replay(self.r, self.moves, self.searches, tuple(self.living), self.piles, self.deck, self.over_text,
                      self.search_phase, self.viewer_hand, self.pending,
                      self.living[self.next_mover % len(self.living)] if self.living else None, self.calls,
                      next_call)

    def pending_turn(self, drew: Kind) -> None:
        """The viewer's turn in progress: it has drawn and not played yet."""
        n = len(self.r.turns) + 1
        where = self.r.where("turn", n, "drew")
        if self.over_text or self.search_phase or self.r.searches:
            raise self.illegal(ErrorText("turn:none-follows", why=self.over_text or ErrorText("turn:search-phase")),
                               where, ErrorText("turn:no-drew"))
        expected = self.living[self.next_mover % len(self.living)]
        if expected != self.r.viewer:
            raise self.illegal(ErrorText("turn:wrong-player", expected=expected, player=self.r.viewer), where,
                               ErrorText("turn:ending-here"))
        self.pending = drew
        self.deck -= 1

    def turn(self, t: Turn) -> None:
        viewer = t.player == self.r.viewer
        if t.drew is not None:
            self.viewer_only(t, "drew")
        if t.play == LOST_LEGACY:
            raise self.illegal(ErrorText("play:lost-legacy"), self.at(t, "play"), ErrorText("play:lost-legacy-valid"))
        self.kept = self.viewer_play(t) if viewer else None  # the viewer's other card, when it knows it
        move = Move(t, self.at(t), t.player, self.next_draw, self.deck - 1, None)
        self.next_draw += 1
        self.deck -= 1
        effect = getattr(self, "play_" + ("attack" if t.play.is_attack else t.play.id))
        effect(t, move)
        for slot, kind in move.facedown:  # a Vote, Sleep, Attack or flipped card: its kind is public (W2)
            self.viewer_down(slot, kind)
        self.moves.append(move)

    def viewer_down(self, slot: Slot, kind: Kind | None) -> None:
        """A card went face-down at ``slot``: when that is in the viewer's discard, what the
        viewer knows it is (None: not known), so that a swap in a later Sleep tells what
        the viewer took even when the record does not name it."""
        if slot[1] != self.r.viewer:
            return
        if kind is None:
            self.viewer_downs.pop(slot[2], None)
        else:
            self.viewer_downs[slot[2]] = kind

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
        if any(c.is_attack for c in cards) and not t.play.is_attack:
            attack = next(c for c in cards if c.is_attack)
            raise self.illegal(ErrorText("play:must-attack", player=t.player, card=attack.id), self.at(t, "play"),
                               attack.id)
        cards.remove(t.play)
        self.viewer_hand = cards[0]
        return cards[0]

    def land(self, t: Turn) -> Slot:
        """The played card goes face-up onto its player's discard."""
        return self.add(t.player, PileCard(t.play, t.number))

    def play_seer(self, t: Turn, move: Move) -> None:
        move.lands = self.land(t)
        target = self.living_player(t.target, self.at(t, "target"), ErrorText("who:seer-target"), True, t.player)
        if t.saw is not None:
            self.viewer_only(t, "saw")
            move.seen.append((hand(target), t.saw, self.at(t, "saw")))

    def play_medium(self, t: Turn, move: Move) -> None:
        """W16: look at a face-down card, or turn a face-up card face-down, in another living
        player's discard; with no such card anywhere, no effect."""
        move.lands = self.land(t)
        targets = medium_targets(t.player, self.living, self.piles)
        if t.peek is not None and t.flip is not None:
            raise self.illegal(ErrorText("medium:peek-and-flip"), self.at(t, "flip"), PEEK_OR_FLIP)
        if t.peek is None and t.flip is None:
            if targets:
                held = joined([ErrorText("medium:pile-cards", player=p, n=len(self.piles[p])) for p in targets])
                raise self.illegal(ErrorText("medium:must-act", held=held), self.at(t, "play"),
                                   ErrorText("medium:on", either=PEEK_OR_FLIP, names=", ".join(targets)))
            if t.saw is not None:
                raise self.illegal(ErrorText("medium:no-effect-saw"), self.at(t, "saw"), ErrorText("omit-saw"))
            move.no_effect = True
        elif t.peek is not None:
            who, index = t.peek
            self.living_player(who, self.at(t, "peek"), ErrorText("who:medium-target"), True, t.player)
            cards = self.piles[who]
            downs = face_down(cards)
            if index not in downs:
                what = ErrorText("pile:size", player=who, n=len(cards)) if index > len(cards) else \
                    ErrorText("pile:is-face-up", i=index, player=who, card=cards[index - 1].kind)
                raise self.illegal(ErrorText("medium:peek-face-down", what=what), self.at(t, "peek"),
                                   ErrorText("medium:peek-valid", downs=downs) if downs else
                                   ErrorText("medium:flip-instead"))
            if t.saw is not None:
                self.viewer_only(t, "saw")
                move.seen.append((pile(who, index), t.saw, self.at(t, "saw")))
        else:
            assert t.flip is not None
            who, card, position = t.flip
            self.living_player(who, self.at(t, "flip"), ErrorText("who:medium-target"), True, t.player)
            found, kind = self.flipped(who, card, position, self.at(t, "flip"))
            cards = self.piles[who]
            cards[found - 1] = PileCard(None, cards[found - 1].turn)
            move.facedown.append((pile(who, found), kind))
            if t.saw is not None:
                raise self.illegal(ErrorText("medium:flip-saw"), self.at(t, "saw"), ErrorText("omit-saw"))

    def flipped(self, who: str, card: Kind | None, index: int | None, where: Source) -> tuple[int, Kind]:
        """The position and kind of the face-up card a flip names: by ``index``, or the first
        face-up ``card`` of that kind (both: they must agree)."""
        cards = self.piles[who]
        ups = [i for i, c in enumerate(cards, start=1) if c.face_up]
        shown: Message = ", ".join(f"{i} ({cards[i - 1].kind})" for i in ups) or ErrorText("none")
        if index is not None:
            if index not in ups:
                what = ErrorText("pile:size", player=who, n=len(cards)) if index > len(cards) else \
                    ErrorText("pile:is-face-down", i=index, player=who)
                raise self.illegal(ErrorText("medium:flip-face-up", what=what), where,
                                   ErrorText("medium:flip-valid", player=who, shown=shown))
            kind = cards[index - 1].kind
            assert kind is not None
            if card is not None and card != kind:
                raise self.illegal(ErrorText("medium:flip-other-card", i=index, player=who, card=kind.id,
                                             named=card.id), where, ErrorText("medium:flip-card-valid", card=kind.id))
            return index, kind
        assert card is not None
        first = next((i for i in ups if cards[i - 1].kind == card), None)
        if first is None:
            kinds = sorted({c.kind.id for c in cards if c.kind})
            raise self.illegal(ErrorText("medium:flip-no-card", player=who, card=card.id), where,
                               ", ".join(kinds) or ErrorText("medium:flip-no-card-valid"))
        return first, card

    def play_villager(self, t: Turn, move: Move) -> None:
        kept = self.kept
        target = self.living_player(t.put, self.at(t, "put"), ErrorText("who:villager-put"))
        placed: str | Kind = t.placed if t.placed is not None else "unknown"
        if isinstance(placed, Kind):
            self.viewer_only(t, "placed")
            if kept is not None and placed not in (VILLAGER, kept):
                raise self.illegal(ErrorText("villager:not-held", player=t.player, kept=kept.id, card=placed.id),
                                   self.at(t, "placed"), ErrorText("either", a=VILLAGER.id, b=kept.id))
            if placed == LOST_LEGACY and target != t.player:
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
        move.villager = (self.add(target, PileCard(None, t.number)), placed)
        known = placed if isinstance(placed, Kind) else VILLAGER if placed == "villager" else \
            kept if placed == "other" and t.player == self.r.viewer else None
        self.viewer_down(move.villager[0], known)

    def play_madman(self, t: Turn, move: Move) -> None:
        move.lands = self.land(t)

    def play_knight(self, t: Turn, move: Move) -> None:
        move.lands = self.land(t)

    def play_vote(self, t: Turn, move: Move) -> None:
        move.lands = self.land(t)
        votes = t.votes
        if votes is None:
            raise self.illegal(ErrorText("vote:missing"), self.at(t),
                               "votes = { " + ", ".join(f'{p} = "..."' for p in self.living) + " }")
        missing = [p for p in self.living if p not in votes]
        extra = [p for p in votes if p not in self.living]
        if missing or extra:
            what = ErrorText("vote:did-not-vote", names=", ".join(missing)) if missing else \
                ErrorText("vote:eliminated", names=", ".join(extra))
            raise self.illegal(ErrorText("vote:once", what=what), self.at(t, "votes"),
                               ErrorText("vote:voters-valid", names=", ".join(self.living)))
        for voter, target in votes.items():
            self.living_player(target, self.at(t, "votes"), ErrorText("who:vote", voter=voter), True, voter)
        counts = tally(votes, self.piles, self.living)
        out = vote_result(counts, self.piles)
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
            self.piles[t.player][move.lands[2] - 1] = PileCard(None, t.number)
            move.facedown.append((move.lands, VOTE))

    def play_sleep(self, t: Turn, move: Move) -> None:
        """W11: the Sleep lands face-up; the Werewolf may swap its hand with a face-down card
        of its own pile (the options, per player); then the Sleep turns face-down."""
        move.lands = self.land(t)
        move.swaps = {p: tuple(pile(p, i) for i in face_down(self.piles[p])) for p in self.living}
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
        self.piles[t.player][move.lands[2] - 1] = PileCard(None, t.number)
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
        move.lands = self.land(t)
        victim_card = hunted_kind(t.play)
        if t.eliminated is None:
            raise self.illegal(ErrorText("attack:missing-out"), self.at(t),
                               ErrorText("attack:missing-out-valid", card=victim_card.id))
        unprotected = tuple(p for p in self.living if not protected(self.piles[p]))
        if t.eliminated == NONE:
            move.hunt = (victim_card, unprotected)
        else:
            victim = self.living_player(t.eliminated, self.at(t, "eliminated"), ErrorText("who:eliminated-field"))
            if victim not in unprotected:
                raise self.illegal(ErrorText("attack:knight", player=victim), self.at(t, "eliminated"), '"none"')
            if t.revealed and t.revealed[0] != victim_card:
                raise self.illegal(ErrorText("attack:revealed", attack=t.play.id, card=victim_card.id, player=victim,
                                             written=t.revealed[0].id),
                                   self.at(t, "revealed"), ErrorText("attack:revealed-valid", card=victim_card.id))
            move.elimination = self.eliminate(t, victim)
        if t.player in self.living:
            owner = self.living_player(t.put, self.at(t, "put"), ErrorText("who:attack-put"))
            self.piles[t.player].pop()
            move.lands = self.add(owner, PileCard(None, t.number))
            move.facedown.append((move.lands, t.play))
        elif t.put is not None and t.put != t.player:
            raise self.illegal(ErrorText("attack:itself", player=t.player), self.at(t, "put"),
                               ErrorText("attack:itself-valid", player=t.player))

    def eliminate(self, t: Turn, victim: str) -> Elimination:
        """Out: the hand goes onto the discard and every face-down card there turns up."""
        downs = face_down(self.piles[victim])
        need = 1 + len(downs)
        if t.revealed is None or len(t.revealed) != need:
            given = ErrorText("revealed:missing") if t.revealed is None else \
                ErrorText("revealed:cards", n=len(t.revealed))
            raise self.illegal(ErrorText("revealed:count", given=given, player=victim, n=len(downs)),
                               self.at(t, "revealed" if t.revealed is not None else "eliminated"),
                               ErrorText("revealed:valid", n=need, downs=downs))
        revealed = [(hand(victim), t.revealed[0])] + [(pile(victim, i), k)
                                                       for i, k in zip(downs, t.revealed[1:], strict=True)]
        for i, k in zip(downs, t.revealed[1:], strict=True):
            self.piles[victim][i - 1] = PileCard(k, self.piles[victim][i - 1].turn)
        hand_to = self.add(victim, PileCard(t.revealed[0], 0))
        self.living.remove(victim)
        werewolf = LOST_LEGACY in t.revealed
        if werewolf:
            self.end(ErrorText("over:werewolf-out", player=victim))
        if victim == self.r.viewer:
            self.viewer_hand = None
        return Elimination(victim, revealed, hand_to, werewolf)

    # -- the search phase (W15) ----------------------------------------------------------------------
    def entry(self, s: Search) -> None:
        """One [[search]] entry: the orders below it that no entry lists were called and
        nobody raised; then its own call."""
        where = self.r.where("search", s.number, "order")
        if self.over_text:
            raise self.illegal(ErrorText("search:after-over", why=self.over_text), where,
                               ErrorText("search:after-over-valid"))
        if not self.search_phase:
            raise self.illegal(ErrorText("search:too-early", n=self.deck), where, ErrorText("search:too-early-valid"))
        last = self.calls[-1].order if self.calls else 0
        if s.order <= last:
            raise self.illegal(ErrorText("search:order-down", order=s.order, last=last), where,
                               Text("span:to", low=last + 1, high=max(ORDERS)))
        for order in range(last + 1, s.order):
            self.call(order, (), None, where)
        self.call(s.order, s.raised, s, where)

    def call(self, order: int, raised: tuple[str, ...], s: Search | None, where: Source) -> None:
        """W15: at the call of ``order`` exactly its living holders raise; a lone raiser
        searches, except the Madman holder, who shows the Madman."""
        at_raised = self.r.where("search", s.number, "raised") if s is not None else where
        for p in raised:
            if p not in self.living:
                raise self.illegal(ErrorText("call:eliminated", player=p), at_raised, ", ".join(self.living))
            if p in self.raised_at:
                raise self.illegal(ErrorText("call:again", player=p, order=self.raised_at[p]),
                                   at_raised, ", ".join(q for q in self.living if q not in self.raised_at) or "[]")
        kind = BY_ORDER[order]
        free = self.r.deck[kind.index] - sum(c.kind == kind for cards in self.piles.values() for c in cards)
        if len(raised) > free:
            raise self.illegal(ErrorText("call:too-many", n=len(raised), order=order, free=free, card=kind.id),
                               at_raised, ErrorText("call:too-many-valid", n=free))
        self.viewer_call(order, raised, at_raised)
        for p in raised:
            self.raised_at[p] = order
        call = Call(order, raised, tuple(self.living), where, s)
        self.calls.append(call)
        lone = searcher(order, raised)
        if s is not None and s.player is not None:
            pwhere = self.r.where("search", s.number, "player")
            if s.player not in raised:
                raise self.illegal(ErrorText("call:not-raised", player=s.player, order=order), pwhere,
                                   ", ".join(raised) if lone else ErrorText("call:omit-search"))
            if order == MADMAN.order:
                raise self.illegal(ErrorText("call:madman"), pwhere, ErrorText("call:omit-search"))
            if lone is None:
                raise self.illegal(ErrorText("call:together", names=", ".join(raised), order=order), pwhere,
                                   ErrorText("call:omit-search"))
            call.search = self.search(s, order)
        elif lone is not None and s is not None:
            raise self.illegal(ErrorText("call:lone", player=lone, order=order), at_raised,
                               f'player = "{lone}", target = "...", found = "..."')
        if self.over_text is None and order == max(ORDERS):
            self.end(ErrorText("over:not-found"))

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
        where = self.r.where("search", s.number)
        assert s.player is not None and s.target is not None and s.found is not None
        target, public = self.search_slot(s)
        if public is not None and public != s.found:
            raise self.illegal(ErrorText("search:face-up", place=place_str(s.target), card=public.id,
                                         found=s.found.id), self.r.where("search", s.number, "found"), public.id)
        move = SearchMove(s, where, target, public, tuple(self.living), order)
        self.searches.append(move)
        if target[0] == "pile":
            self.piles[target[1]][target[2] - 1] = PileCard(s.found, self.piles[target[1]][target[2] - 1].turn)
        if s.found == LOST_LEGACY:
            self.end(ErrorText("over:found", player=s.player))
        return move

    def search_slot(self, s: Search) -> tuple[Slot, Kind | None]:
        where = self.r.where("search", s.number, "target")
        assert s.target is not None
        if s.target[0] == "ruins":
            return RUINS, None
        if s.target[0] == "hand":
            who = s.target[1]
            if who not in self.living:
                raise self.illegal(ErrorText("place:eliminated-hand", player=who), where,
                                   ", ".join(f"hand:{p}" for p in self.living))
            return hand(who), None
        who, index = s.target[1], s.target[2]
        cards = self.piles[who]
        if index > len(cards):
            raise self.illegal(ErrorText("pile:size", player=who, n=len(cards)), where,
                               ErrorText("pile:range", player=who, n=len(cards)))
        return pile(who, index), cards[index - 1].kind


__all__ = ["Call", "Elimination", "Move", "Replay", "SearchMove", "replay"]
