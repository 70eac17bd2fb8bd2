"""The rules of *Werewolf Never Sleeps* as code, and ``replay``: a record checked turn by
turn against the public table and turned into ``Move``s for the counter and the model.

The public table is what everybody sees: who is alive, every discard pile (which
cards are face-up and what they are, how many are face-down), the deck's size and
the searches.  Hidden are the hands, the ruins, the deck's order and the face-down
cards.  ``replay`` raises ``IllegalMoveError`` (file, line, field) at the first turn
the public table rules out; whether some hidden history fits the whole record is
the counter's question.

Rule functions here (``tally``, ``vote_result``, ``protected``, ``searchers``) are
the ones the simulator (``table.py``) plays by, so the validator, the simulator and
the model share one statement of each rule.  Rulings W1–W14: docs/rules-werewolf.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from suiri.solver.errors import IllegalMoveError, Source

from .cards import ATTACKS, KNIGHT, LOST_LEGACY, MADMAN, SLEEP, VILLAGER, VOTE, Kind, hunted_kind
from .record import NONE, PLACED, Search, Turn, WerewolfRecord, place_str

Slot = tuple  # ("hand", name) | ("ruins",) | ("pile", name, index): a place holding one hidden card
RUINS: Slot = ("ruins",)


def hand(player: str) -> Slot:
    return ("hand", player)


def pile(player: str, index: int) -> Slot:
    return ("pile", player, index)


def slot_name(slot: Slot) -> str:
    """As records write places: ``hand:ben``, ``ruins``, ``discard:ben:2``."""
    return "discard:" + ":".join(str(p) for p in slot[1:]) if slot[0] == "pile" else ":".join(slot)


# -- rules as functions (shared by replay and the simulator) -------------------------------------
@dataclass
class PileCard:
    """A card in a discard pile as the table sees it: face-up cards show their kind."""

    kind: Kind | None  # face-up: what it is; face-down: None
    turn: int  # the turn it arrived (0 = an eliminated player's hand)

    @property
    def face_up(self) -> bool:
        return self.kind is not None


def protected(pile_cards: Sequence[PileCard]) -> bool:
    """Knight (trash effect): a face-up Knight in one's discard prevents elimination."""
    return any(c.kind == KNIGHT for c in pile_cards)


def face_down(pile_cards: Sequence[PileCard]) -> list[int]:
    """Positions (from 1) of the face-down cards: each one is a vote against the owner."""
    return [i for i, c in enumerate(pile_cards, start=1) if not c.face_up]


def tally(votes: Mapping[str, str], piles: Mapping[str, Sequence[PileCard]], living: Sequence[str]) -> dict[str, int]:
    """Vote: pointing plus one per face-down card in each living player's discard (W9)."""
    counts = {p: len(face_down(piles[p])) for p in living}
    for target in votes.values():
        counts[target] += 1
    return counts


def vote_result(counts: Mapping[str, int], piles: Mapping[str, Sequence[PileCard]]) -> str | None:
    """The single player with the most votes, unless tied (W6) or protected by a Knight (W9)."""
    top = max(counts.values())
    leaders = [p for p, n in counts.items() if n == top]
    if len(leaders) != 1 or protected(piles[leaders[0]]):
        return None
    return leaders[0]


def eligible(player: str, hands: Mapping[str, Kind]) -> bool:
    """W12: a searcher holds a card with a search order, not the Madman, and no other living
    player holds a card of the same order (``hands``: the living players' cards)."""
    card = hands[player]
    if card.order is None or card == MADMAN:
        return False
    return all(other == player or hands[other].order != card.order for other in hands)


def searchers(hands: Mapping[str, Kind]) -> list[str]:
    """Who searches, in order: the eligible living players by ascending search order."""
    return sorted((p for p in hands if eligible(p, hands)), key=lambda p: hands[p].order or 0)


def werewolf_of(hands: Mapping[str, Kind], piles: Mapping[str, Sequence[Kind]]) -> str | None:
    """The Werewolf player: the Lost Legacy is in its hand or its discard."""
    for p, card in hands.items():
        if card == LOST_LEGACY or LOST_LEGACY in piles.get(p, ()):
            return p
    return None


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
    hunt: tuple[Kind, tuple[str, ...]] | None = None  # Attack with no victim: the card nobody unprotected holds
    elimination: Elimination | None = None
    facedown: list[tuple[Slot, Kind]] = field(default_factory=list)  # cards turned face-down after the effect

    @property
    def number(self) -> int:
        return self.turn.number


@dataclass
class SearchMove:
    search: Search
    source: Source
    slot: Slot
    public: Kind | None  # the card there when everybody can see it already
    living: tuple[str, ...]
    earlier: tuple[str, ...]  # who searched before, in order

    @property
    def number(self) -> int:
        return self.search.number


@dataclass
class Replay:
    record: WerewolfRecord
    moves: list[Move]
    searches: list[SearchMove]
    living: tuple[str, ...]
    piles: dict[str, list[PileCard]]
    deck: int
    over: str | None  # why the game ended, if it did
    search_phase: bool
    viewer_hand: Kind | None  # the viewer's card now, when the record tells it
    pending: Kind | None = None  # the viewer's turn in progress: the card it drew
    next_player: str | None = None  # whose turn is next (or in progress)


def replay(record: WerewolfRecord) -> Replay:
    return _Replayer(record).run()


class _Replayer:
    def __init__(self, record: WerewolfRecord) -> None:
        self.r = record
        self.players = record.players
        self.living = list(record.players)
        self.piles: dict[str, list[PileCard]] = {p: [] for p in record.players}
        self.deck = record.cards - len(record.players) - 1
        self.next_draw = len(record.players) + 1
        self.viewer_hand = record.hand
        self.over: str | None = None
        self.search_phase = False
        self.pending: Kind | None = None
        self.moves: list[Move] = []
        self.searches: list[SearchMove] = []

    # -- helpers ---------------------------------------------------------------------------------
    def at(self, t: Turn, key: str | None = None) -> Source:
        return self.r.where("turn", t.number, key)

    def illegal(self, message: str, where: Source, valid: str | None = None) -> IllegalMoveError:
        return IllegalMoveError(message, where, valid)

    def living_player(self, who: str | None, where: Source, what: str, others: bool = False, me: str = "") -> str:
        choices = [p for p in self.living if not (others and p == me)]
        if who is None:
            raise self.illegal(f"missing {what}", where, ", ".join(choices))
        if who not in self.living:
            raise self.illegal(f"{who} was eliminated and cannot be {what}", where, ", ".join(choices))
        if others and who == me:
            raise self.illegal(f"{me} cannot choose itself as {what}", where, ", ".join(choices))
        return who

    def add(self, owner: str, card: PileCard) -> Slot:
        self.piles[owner].append(card)
        return pile(owner, len(self.piles[owner]))

    def viewer_only(self, t: Turn, key: str) -> None:
        if self.r.viewer is None or t.player != self.r.viewer:
            who = "a spectator" if self.r.viewer is None else self.r.viewer
            raise self.illegal(f"{key} is written on {t.player}'s turn, but {who} could not know it",
                               self.at(t, key), f"{key} only on the viewer's own turns")

    # -- the game ----------------------------------------------------------------------------------
    def run(self) -> Replay:
        self.next_mover = 0  # index into the living players
        self.search_phase = self.deck == 0  # a reduced deck may deal every card
        for t in self.r.turns:
            if self.over:
                raise self.illegal(f"the game was over ({self.over}): no turn follows", self.at(t),
                                   f"a record ending at turn {t.number - 1}")
            if self.search_phase:
                raise self.illegal("the deck is empty: the search phase has begun, no more turns", self.at(t),
                                   "[[search]] sections")
            expected = self.living[self.next_mover % len(self.living)]
            if t.player != expected:
                raise self.illegal(f"it is {expected}'s turn, not {t.player}'s", self.at(t, "player"), expected)
            self.turn(t)
            if self.over is None and len(self.living) == 1:
                self.over = f"only {self.living[0]} is left"
            if t.player in self.living:
                self.next_mover = self.living.index(t.player) + 1
            else:  # the mover was eliminated: the next living seat after it
                self.next_mover = next((i for i, p in enumerate(self.living)
                                        if self.players.index(p) > self.players.index(t.player)), 0)
            if self.over is None and self.deck == 0:
                self.search_phase = True
        for s in self.r.searches:
            self.search(s)
        if self.r.pending is not None:
            self.pending_turn(self.r.pending)
        return Replay(self.r, self.moves, self.searches, tuple(self.living), self.piles, self.deck, self.over,
                      self.search_phase, self.viewer_hand, self.pending,
                      self.living[self.next_mover % len(self.living)] if self.living else None)

    def pending_turn(self, drew: Kind) -> None:
        """The viewer's turn in progress: it has drawn and not played yet."""
        n = len(self.r.turns) + 1
        where = self.r.where("turn", n, "drew")
        if self.over or self.search_phase or self.r.searches:
            raise self.illegal("no turn follows: " + (self.over or "the search phase has begun"), where, "no drew")
        expected = self.living[self.next_mover % len(self.living)]
        if expected != self.r.viewer:
            raise self.illegal(f"it is {expected}'s turn, not {self.r.viewer}'s", where, "a record ending here")
        self.pending = drew
        self.deck -= 1

    def turn(self, t: Turn) -> None:
        viewer = t.player == self.r.viewer
        if t.drew is not None:
            self.viewer_only(t, "drew")
        if t.play == LOST_LEGACY:
            raise self.illegal("the Lost Legacy can never be played", self.at(t, "play"), "the other card in hand")
        kept: Kind | None = None
        if viewer:
            kept = self.viewer_play(t)
        move = Move(t, self.at(t), t.player, self.next_draw, self.deck - 1, None)
        self.next_draw += 1
        self.deck -= 1
        effect = getattr(self, "play_" + ("attack" if t.play.is_attack else t.play.id))
        effect(t, move, kept)
        self.moves.append(move)

    def viewer_play(self, t: Turn) -> Kind | None:
        """The viewer's own turn: it knows both cards, so the play is checked against them."""
        held = self.viewer_hand
        if held is None or t.drew is None:
            self.viewer_hand = None
            return None
        cards = [held, t.drew]
        if t.play not in cards:
            raise self.illegal(f"{t.player} holds {held.id} and {t.drew.id}, not {t.play.id}", self.at(t, "play"),
                               " or ".join(sorted({c.id for c in cards if c != LOST_LEGACY})))
        if any(c.is_attack for c in cards) and not t.play.is_attack:
            attack = next(c for c in cards if c.is_attack)
            raise self.illegal(f"{t.player} holds {attack.id}: an Attack in hand must be played (W5)",
                               self.at(t, "play"), attack.id)
        cards.remove(t.play)
        self.viewer_hand = cards[0]
        return cards[0]

    def land(self, t: Turn) -> Slot:
        """The played card goes face-up onto its player's discard."""
        return self.add(t.player, PileCard(t.play, t.number))

    def play_seer(self, t: Turn, move: Move, kept: Kind | None) -> None:
        move.lands = self.land(t)
        target = self.living_player(t.target, self.at(t, "target"), "the Seer's target", True, t.player)
        if t.saw is not None:
            self.viewer_only(t, "saw")
            move.seen.append((hand(target), t.saw, self.at(t, "saw")))

    def play_medium(self, t: Turn, move: Move, kept: Kind | None) -> None:
        move.lands = self.land(t)
        if (t.peek is None) == (t.flip is None):
            raise self.illegal("a Medium either peeks or flips: write exactly one of them", self.at(t, "play"),
                               'peek = { player, index } or flip = { player, card }')
        if t.peek is not None:
            who, index = t.peek
            self.living_player(who, self.at(t, "peek"), "the Medium's target", True, t.player)
            cards = self.piles[who]
            downs = face_down(cards)
            if index not in downs:
                what = f"{who}'s discard has {len(cards)} cards" if index > len(cards) else \
                    f"card {index} of {who}'s discard is face-up ({cards[index - 1].kind})"
                raise self.illegal(f"the Medium looks at a face-down card: {what}", self.at(t, "peek"),
                                   f"index one of {downs}" if downs else "flip instead: no face-down card there")
            if t.saw is not None:
                self.viewer_only(t, "saw")
                move.seen.append((pile(who, index), t.saw, self.at(t, "saw")))
        else:
            assert t.flip is not None
            who, card = t.flip
            self.living_player(who, self.at(t, "flip"), "the Medium's target")
            cards = self.piles[who]
            found = next((i for i, c in enumerate(cards, start=1) if c.kind == card), None)
            if found is None:
                ups = sorted({c.kind.id for c in cards if c.kind})
                raise self.illegal(f"{who} has no face-up {card.id} to turn face-down", self.at(t, "flip"),
                                   ", ".join(ups) or "a player with a face-up card")
            cards[found - 1] = PileCard(None, cards[found - 1].turn)
            move.facedown.append((pile(who, found), card))
            if t.saw is not None:
                raise self.illegal("saw goes with peek, not flip", self.at(t, "saw"), "omit saw")

    def play_villager(self, t: Turn, move: Move, kept: Kind | None) -> None:
        target = self.living_player(t.put, self.at(t, "put"), "the Villager's put")
        placed: str | Kind = t.placed if t.placed is not None else "unknown"
        if isinstance(placed, Kind):
            self.viewer_only(t, "placed")
            if kept is not None and placed not in (VILLAGER, kept):
                raise self.illegal(f"{t.player} held villager and {kept.id}, not {placed.id}", self.at(t, "placed"),
                                   f"villager or {kept.id}")
            if placed == LOST_LEGACY and target != t.player:
                raise self.illegal("the Lost Legacy cannot go into another player's discard",
                                   self.at(t, "placed"), f"put = \"{t.player}\", or the Villager")
            self.viewer_hand = VILLAGER if placed != VILLAGER else kept
        elif t.player == self.r.viewer:
            self.viewer_hand = {"villager": kept, "other": VILLAGER}.get(placed)
        assert placed in PLACED or isinstance(placed, Kind)
        move.villager = (self.add(target, PileCard(None, t.number)), placed)

    def play_madman(self, t: Turn, move: Move, kept: Kind | None) -> None:
        move.lands = self.land(t)

    def play_knight(self, t: Turn, move: Move, kept: Kind | None) -> None:
        move.lands = self.land(t)

    def play_vote(self, t: Turn, move: Move, kept: Kind | None) -> None:
        move.lands = self.land(t)
        votes = t.votes
        if votes is None:
            raise self.illegal("missing votes: whom each living player pointed at", self.at(t),
                               "votes = { " + ", ".join(f'{p} = "..."' for p in self.living) + " }")
        missing = [p for p in self.living if p not in votes]
        extra = [p for p in votes if p not in self.living]
        if missing or extra:
            what = f"{', '.join(missing)} did not vote" if missing else f"{', '.join(extra)} was eliminated"
            raise self.illegal(f"every living player votes once: {what}", self.at(t, "votes"),
                               "voters " + ", ".join(self.living))
        for voter, target in votes.items():
            self.living_player(target, self.at(t, "votes"), f"{voter}'s vote", True, voter)
        counts = tally(votes, self.piles, self.living)
        out = vote_result(counts, self.piles)
        written = t.eliminated
        shown = ", ".join(f"{p} {n}" for p, n in counts.items())
        if written is not None and (written if written != NONE else None) != out:
            raise self.illegal(f"the votes ({shown}, face-down cards included) eliminate {out or 'nobody'}, "
                               f"not {written}", self.at(t, "eliminated"), f'"{out or NONE}"')
        t.eliminated = out or NONE
        if out is not None:
            move.elimination = self.eliminate(t, out)
        if t.player in self.living:
            self.piles[t.player][move.lands[2] - 1] = PileCard(None, t.number)
            move.facedown.append((move.lands, VOTE))

    def play_sleep(self, t: Turn, move: Move, kept: Kind | None) -> None:
        move.lands = self.land(t)
        move.swaps = {p: tuple(pile(p, i) for i in face_down(self.piles[p])) for p in self.living}
        if t.swapped is not None or t.card is not None:
            if self.r.viewer is None or self.r.viewer not in self.living:
                raise self.illegal("swapped is written, but only the Werewolf knows whether it swapped",
                                   self.at(t, "swapped"), "omit swapped and card")
            if t.card is not None and not t.swapped:
                raise self.illegal("card goes with swapped = true", self.at(t, "card"), "swapped = true")
            move.swap_record = (t.swapped, t.card)
            if t.swapped and t.card is not None:
                self.viewer_hand = t.card
        self.piles[t.player][move.lands[2] - 1] = PileCard(None, t.number)
        move.facedown.append((move.lands, SLEEP))

    def play_attack(self, t: Turn, move: Move, kept: Kind | None) -> None:
        move.lands = self.land(t)
        victim_card = hunted_kind(t.play)
        if t.eliminated is None:
            raise self.illegal("missing eliminated: whom the Attack eliminated", self.at(t),
                               f'eliminated = "NAME" (the holder of {victim_card.id}) or "none"')
        unprotected = tuple(p for p in self.living if not protected(self.piles[p]))
        if t.eliminated == NONE:
            move.hunt = (victim_card, unprotected)
        else:
            victim = self.living_player(t.eliminated, self.at(t, "eliminated"), "eliminated")
            if victim not in unprotected:
                raise self.illegal(f"{victim} has a face-up Knight in its discard and cannot be eliminated",
                                   self.at(t, "eliminated"), '"none"')
            if t.revealed and t.revealed[0] != victim_card:
                raise self.illegal(f"{t.play.id} eliminates the holder of {victim_card.id}, "
                                   f"but {victim}'s hand is written as {t.revealed[0].id}",
                                   self.at(t, "revealed"), f"{victim_card.id} first")
            move.elimination = self.eliminate(t, victim)
        if t.player in self.living:
            owner = self.living_player(t.put, self.at(t, "put"), "the Attack's put")
            self.piles[t.player].pop()
            move.lands = self.add(owner, PileCard(None, t.number))
            move.facedown.append((move.lands, t.play))
        elif t.put is not None and t.put != t.player:
            raise self.illegal(f"the Attack eliminated {t.player} itself: it stays in its discard",
                               self.at(t, "put"), f'put = "{t.player}" or omit put')

    def eliminate(self, t: Turn, victim: str) -> Elimination:
        """Out: the hand goes onto the discard and every face-down card there turns up."""
        downs = face_down(self.piles[victim])
        need = 1 + len(downs)
        if t.revealed is None or len(t.revealed) != need:
            given = "missing" if t.revealed is None else f"{len(t.revealed)} cards"
            raise self.illegal(f"revealed is {given}: {victim}'s hand and its {len(downs)} face-down card(s) "
                               f"turn up", self.at(t, "revealed" if t.revealed is not None else "eliminated"),
                               f"a list of {need} cards: the hand, then discard cards {downs}")
        revealed = [(hand(victim), t.revealed[0])] + [(pile(victim, i), k)
                                                       for i, k in zip(downs, t.revealed[1:], strict=True)]
        for i, k in zip(downs, t.revealed[1:], strict=True):
            self.piles[victim][i - 1] = PileCard(k, self.piles[victim][i - 1].turn)
        hand_to = self.add(victim, PileCard(t.revealed[0], 0))
        self.living.remove(victim)
        werewolf = LOST_LEGACY in t.revealed
        if werewolf:
            self.over = f"the Werewolf {victim} was eliminated"
        if victim == self.r.viewer:
            self.viewer_hand = None
        return Elimination(victim, revealed, hand_to, werewolf)

    def search(self, s: Search) -> None:
        where = self.r.where("search", s.number)
        if self.over:
            raise self.illegal(f"the game was over ({self.over}): nobody searches", where, "no [[search]]")
        if not self.search_phase:
            raise self.illegal(f"the search phase begins when the deck is empty; {self.deck} cards are left",
                               where, "more [[turn]] sections first")
        earlier = tuple(m.search.player for m in self.searches)
        if s.player not in self.living:
            raise self.illegal(f"{s.player} was eliminated and cannot search", self.r.where("search", s.number,
                               "player"), ", ".join(p for p in self.living if p not in earlier))
        if s.player in earlier:
            raise self.illegal(f"{s.player} has searched already: each player searches once at most",
                               self.r.where("search", s.number, "player"),
                               ", ".join(p for p in self.living if p not in earlier) or "no more searches")
        if s.player == self.r.viewer and self.viewer_hand is not None and (
                self.viewer_hand.order is None or self.viewer_hand == MADMAN):
            raise self.illegal(f"{s.player} holds {self.viewer_hand.id} and cannot search (W12)",
                               self.r.where("search", s.number, "player"), "players with a search order")
        target, public = self.search_slot(s)
        if public is not None and public != s.found:
            raise self.illegal(f"{place_str(s.target)} is face-up: it is {public.id}, not {s.found.id}",
                               self.r.where("search", s.number, "found"), public.id)
        self.searches.append(SearchMove(s, where, target, public, tuple(self.living), earlier))
        if target[0] == "pile":
            self.piles[target[1]][target[2] - 1] = PileCard(s.found, self.piles[target[1]][target[2] - 1].turn)
        if s.found == LOST_LEGACY:
            self.over = f"{s.player} found the Lost Legacy"

    def search_slot(self, s: Search) -> tuple[Slot, Kind | None]:
        where = self.r.where("search", s.number, "target")
        if s.target[0] == "ruins":
            return RUINS, None
        if s.target[0] == "hand":
            who = s.target[1]
            if who not in self.living:
                raise self.illegal(f"{who} was eliminated: its hand card lies face-up in its discard", where,
                                   ", ".join(f"hand:{p}" for p in self.living))
            return hand(who), None
        who, index = s.target[1], s.target[2]
        cards = self.piles[who]
        if index > len(cards):
            raise self.illegal(f"{who}'s discard has {len(cards)} cards", where, f"discard:{who}:1 to {len(cards)}")
        return pile(who, index), cards[index - 1].kind


__all__ = ["ATTACKS", "Elimination", "Move", "PileCard", "RUINS", "Replay", "SearchMove", "Slot", "eligible", "face_down",
           "hand", "pile", "protected", "replay", "searchers", "slot_name", "tally", "vote_result", "werewolf_of"]
