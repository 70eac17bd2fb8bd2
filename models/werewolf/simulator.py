"""Seeded random legal games of *Werewolf Never Sleeps*, and the record any seat would write.

``simulate(players, seed, deck=...)`` deals with ``random.Random(seed)`` (``Table.shuffled``:
hands in seat order, the ruins, then the deck) and plays a random legal strategy driven
by the same generator only, so one seed always gives one game:

- the card: uniformly among the legal kinds (``Table.legal_plays``: never the Lost Legacy,
  an Attack in hand forced, W5);
- Seer: a random other living player;
- Medium (W16: another living player's pile only): with probability ``PEEK_RATE`` it
  peeks at a random face-down card of another living player's pile, if there is one;
  otherwise it flips a random face-up card there, named by its kind when it is the first
  face-up card of that kind in the pile (sometimes by its position too, or only by it),
  else by its position (and sometimes its kind); with no card in any other living
  player's pile it has no effect;
- Villager: the card put down (the Villager itself or the other card) uniformly, then
  the pile uniformly among the living players (the Lost Legacy only into one's own);
  mixed (the record says ``"unknown"``) with probability ``MIX_RATE``;
- Vote: each living player points at a random other living player;
- Sleep: the Werewolf (Lost Legacy in hand or pile), if any, swaps with probability
  ``SWAP_RATE`` with a uniformly chosen face-down card of its own pile (the Sleep just
  played is face-up and never chosen), if it has one; a Werewolf viewer writes what it
  took, and on even-numbered turns its position (``index``) too;
- Attack: into a random living player's pile after the effect;
- search phase (W15): the orders are called from 1 up (``Table.call``); a lone raiser
  searches: the Werewolf names the Lost Legacy's place (its hand, or its position in its
  pile); anyone else a random hidden place nobody has named yet (other living players'
  hands, the ruins, face-down pile cards), or its own hand if none is left.  Ties and
  the Madman show happen as the cards fall.

``SimulatedGame`` keeps the true log (``Played``/``Called``) and the table after each
step (each turn, each call); ``record`` writes what one seat (or a spectator) saw, which ``rules.replay`` must
accept, and ``truth_after`` gives the hidden truth at any cut, for the tests.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import KINDS, LOST_LEGACY, MEDIUM, SEER, SLEEP, STANDARD, VILLAGER, VOTE, Kind
from .record import NONE, Search, Turn, WerewolfRecord
from .rules import Slot, medium_targets
from .table import OVER, PLAY, SEARCH, Called, Played, Searched, Table

PLAYER_NAMES = ("aki", "ben", "cho", "dan")
PEEK_RATE = 0.75  # a Medium peeks (when it can) rather than flips
MIX_RATE = 0.5  # a Villager's player mixes its two cards
SWAP_RATE = 0.5  # the Werewolf swaps in a Sleep (when it can)
ALL = 10**6


@dataclass(frozen=True)
class Truth:
    """The hidden state at a cut of the game."""

    hands: dict[str, Kind]  # living players (mid-turn: the card held before the draw)
    ruins: Kind
    downs: dict[Slot, Kind]  # every face-down pile card, ("pile", name, index)
    slots: dict[Slot, Kind]  # every hidden place: the hands, the ruins, the face-down cards
    lost_legacy: str  # "hand:NAME", "discard:NAME", "ruins" or "deck"
    werewolf: str  # a name or "nobody"
    deck: tuple[Kind, ...]  # what is left, top first
    phase: str


@dataclass
class SimulatedGame:
    players: tuple[str, ...]
    seed: int
    deck: tuple[int, ...]  # copies per kind
    order: tuple[Kind, ...]  # the shuffle: hands, ruins, then the deck
    turns: list[Played]
    calls: list[Called]  # the search phase: every order called (W15)
    tables: list[Table]  # the table at the start, after each turn, then after each call
    winner: str | None
    winners: tuple[str, ...]
    reason: str

    @property
    def searches(self) -> list[Searched]:
        """The searches made (one per lone raiser)."""
        return [c.searched for c in self.calls if c.searched is not None]

    def cut(self, turns: int = ALL, calls: int | None = None) -> tuple[int, int]:
        """(turns, calls) kept by a cut: calls only once every turn is kept."""
        t = min(max(turns, 0), len(self.turns))
        c = 0 if t < len(self.turns) else len(self.calls) if calls is None else min(calls, len(self.calls))
        return t, c

    def table_after(self, turns: int = ALL, calls: int | None = None, pending: bool = False) -> Table:
        """The true table at a cut (a copy); with ``pending`` (see ``record``), after the
        next player's draw."""
        t, c = self.cut(turns, calls)
        table = self.tables[t + c].copy()
        if pending and t < len(self.turns):
            table.draw()
        return table

    def truth_after(self, turns: int = ALL, calls: int | None = None, pending: bool = False) -> Truth:
        """The hidden truth at a cut; with ``pending``, after the next player's draw."""
        table = self.table_after(turns, calls, pending)
        hidden = table.hidden()
        downs = {s: k for s, k in hidden.items() if s[0] == "pile"}
        hands = {p: h[0] for p, h in table.hands.items()}
        return Truth(hands, table.ruins, downs, hidden, table.lost_legacy(), table.werewolf() or "nobody",
                     tuple(table.deck), table.phase)

    def record(self, viewer: str | None, turns: int = ALL, calls: int | None = None,
               pending: bool = False) -> WerewolfRecord:
        """What ``viewer`` (None = a spectator) writes of the first ``turns`` turns and, when
        every turn is kept, of the first ``calls`` calls of the search phase (all by default):
        one ``[[search]]`` per call at which somebody raised, and ``raised = []`` when the
        record stops after a call nobody raised at.  With ``pending``, when the next turn is
        the viewer's, the record ends with that turn's draw (``drew`` without ``play``)."""
        if viewer is not None and viewer not in self.players:
            raise ValueError(f"{viewer!r} is not a player: {', '.join(self.players)}")
        t, c = self.cut(turns, calls)
        hand = self.order[self.players.index(viewer)] if viewer is not None else None
        drawn = self.turns[t].drew if pending and t < len(self.turns) and self.turns[t].player == viewer else None
        return WerewolfRecord(self.players, viewer, hand, [written(p, viewer) for p in self.turns[:t]],
                              entries(self.calls[:c]), self.deck, f"<simulated seed={self.seed}>", pending=drawn)

    def records(self, turns: int = ALL, calls: int | None = None) -> dict[str | None, WerewolfRecord]:
        """Every seat's record and the spectator's (key None)."""
        return {v: self.record(v, turns, calls) for v in (*self.players, None)}


def entries(calls: Sequence[Called]) -> list[Search]:
    """The ``[[search]]`` entries of these calls (W15): the calls somebody raised at, and the
    last call when nobody raised there (the record stops after it)."""
    kept = [c for i, c in enumerate(calls) if c.raised or i == len(calls) - 1]
    out = []
    for n, c in enumerate(kept, start=1):
        s = c.searched
        out.append(Search(n, c.order, c.raised, s.player, _place(s.target), s.found) if s else
                   Search(n, c.order, c.raised))
    return out


def _place(slot: Slot) -> tuple:
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


def simulate(players: int, seed: int, deck: Sequence[int] = STANDARD) -> SimulatedGame:
    """One random legal game for ``players`` (3 or 4) seats, decided by ``seed`` alone;
    ``deck``: copies per kind (``cards.deck_counts``), a smaller deck for brute-force tests."""
    if not 3 <= players <= 4:
        raise ValueError(f"Werewolf Never Sleeps is for 3 or 4 players, not {players}")
    if len(deck) != len(KINDS) or deck[LOST_LEGACY.index] != 1 or \
            any(not 0 <= n <= k.copies for n, k in zip(deck, KINDS, strict=True)) or sum(deck) < players + 2:
        raise ValueError(f"not a deck for {players} players: {tuple(deck)} (copies per kind, the Lost Legacy once)")
    names = PLAYER_NAMES[:players]
    rng = random.Random(seed)
    table = Table.shuffled(names, rng, deck)
    order = tuple(table.hands[p][0] for p in names) + (table.ruins, *table.deck)
    tables = [table.copy()]
    turns: list[Played] = []
    while table.phase == PLAY:
        turns.append(_turn(table, rng))
        tables.append(table.copy())
    calls: list[Called] = []
    named: set[Slot] = set()
    while table.phase == SEARCH:
        call = table.call()
        if table.current:  # a lone raiser searches
            target = _search_target(table, table.current, named, rng)
            named.add(target)
            call.searched = table.search(table.current, target)
        calls.append(call)
        tables.append(table.copy())
    assert table.phase == OVER
    return SimulatedGame(names, seed, tuple(deck), order, turns, calls, tables, table.winner, table.winners,
                         table.reason)


def _turn(table: Table, rng: random.Random) -> Played:
    player = table.current
    table.draw()
    card = rng.choice(table.legal_plays())
    others = [p for p in table.living if p != player]
    if card == SEER:
        return table.play(card, target=rng.choice(others))
    if card == MEDIUM:
        return _medium(table, player, rng)
    if card == VILLAGER:
        held = table.hands[player]
        other = held[0] if held[1] == VILLAGER else held[1]
        down = rng.choice([VILLAGER, other])
        put = player if down == LOST_LEGACY else rng.choice(table.living)
        mixed = rng.random() < MIX_RATE
        return table.play(card, put=put, down=down, mixed=mixed)
    if card == VOTE:
        return table.play(card, votes={p: rng.choice([q for q in table.living if q != p]) for p in table.living})
    if card == SLEEP:
        # the Sleep lands face-up before the Werewolf acts: the face-down cards now are the options
        wolf = table.werewolf()
        options = table.face_down(wolf) if wolf is not None else []
        swap = rng.choice(options) if options and rng.random() < SWAP_RATE else None
        return table.play(card, swap=swap)
    if card.is_attack:
        return table.play(card, put=lambda living: rng.choice(list(living)))
    return table.play(card)  # Madman, Knight: no effect


def _medium(table: Table, player: str, rng: random.Random) -> Played:
    """W16: peek or flip in another living player's pile; no effect when none holds a card."""
    if not medium_targets(player, table.living, table.public_piles()):
        return table.play(MEDIUM)
    others = [p for p in table.living if p != player]
    peeks = [(p, i) for p in others for i in table.face_down(p)]
    ups = [(p, i) for p in others for i, c in enumerate(table.piles[p], start=1) if c.face_up]
    if peeks and (not ups or rng.random() < PEEK_RATE):
        return table.play(MEDIUM, peek=rng.choice(peeks))
    who, index = rng.choice(ups)
    pile = table.piles[who]
    kind = pile[index - 1].kind
    first = next(i for i, c in enumerate(pile, start=1) if c.face_up and c.kind == kind) == index
    way = rng.random()  # how the player names it: by kind, by position, or both
    if first and way < 0.6:
        return table.play(MEDIUM, flip=(who, kind, None))
    return table.play(MEDIUM, flip=(who, None, index) if way < 0.8 else (who, kind, index))


def _search_target(table: Table, player: str, named: set[Slot], rng: random.Random) -> Slot:
    place = table.lost_legacy()
    if place == f"hand:{player}":
        return ("hand", player)
    if place == f"discard:{player}":
        index = next(i for i, c in enumerate(table.piles[player], start=1) if c.kind == LOST_LEGACY)
        return ("pile", player, index)
    hidden = [s for s in table.hidden() if s not in named and s != ("hand", player)]
    return rng.choice(hidden) if hidden else ("hand", player)


__all__ = ["MIX_RATE", "PEEK_RATE", "PLAYER_NAMES", "SWAP_RATE", "SimulatedGame", "Truth", "entries", "simulate",
           "written"]
