"""Seeded random legal games of *Werewolf Never Sleeps*: random legal moves on a
``state.WerewolfState``, and the record any seat would write.

``simulate(players, seed, deck=...)`` deals with ``random.Random(seed)``
(``WerewolfState.new``: hands in seat order, the ruins, then the deck) and plays, with
the same generator only, so one seed always gives one game.  The policy picks among the
State's legal moves:

- the card: uniformly among the legal kinds (never the Lost Legacy, an Attack in hand
  forced, W5);
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
- Vote: each living player points at a random other living player (``Point``);
- Sleep: the Werewolf, when it has a face-down card in its pile, swaps (``Swap``) with
  probability ``SWAP_RATE`` with a uniformly chosen one (the Sleep just played is face-up
  and never chosen); a Werewolf viewer writes what it took, and on even-numbered turns
  its position (``index``) too;
- Attack: into a random living player's pile after the effect (``Put``);
- search phase (W15): the orders are called from 1 up (``Call``); a lone raiser
  searches (``Seek``): the Werewolf names the Lost Legacy's place (its hand, or its
  position in its pile); anyone else a random hidden place nobody has named yet (other
  living players' hands, the ruins, face-down pile cards), or its own hand if none is
  left.  Ties and the Madman show happen as the cards fall.

``SimulatedGame`` keeps the true log (``Played``/``Called``) and the table after each
step (each turn, each call); ``record`` writes what one seat (or a spectator) saw at a
cut, which ``replay.replay`` must accept, and ``truth_after`` gives the hidden truth at
any cut, for the tests.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import LOST_LEGACY, MEDIUM, NOBODY, SEER, STANDARD, VILLAGER, Kind
from .record import WerewolfRecord
from .rules import Slot, medium_targets
from .state import (
    PLAYER_NAMES,
    Call,
    Draw,
    Move,
    Play,
    Point,
    Put,
    Seek,
    Swap,
    WerewolfState,
    entries,
    written,
)
from .table import Called, Played, Searched, Table

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
    werewolf: str  # a name or NOBODY
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
        return Truth(hands, table.ruins, downs, hidden, table.lost_legacy(), table.werewolf() or NOBODY,
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


def simulate(players: int, seed: int, deck: Sequence[int] = STANDARD) -> SimulatedGame:
    """One random legal game for ``players`` (3 or 4) seats, decided by ``seed`` alone;
    ``deck``: copies per kind (``cards.deck_counts``), a smaller deck for brute-force tests."""
    rng = random.Random(seed)
    state = WerewolfState.new(players, rng, deck, f"<simulated seed={seed}>")
    tables = [state.table.copy()]
    named: set[Slot] = set()
    while not state.is_over():
        player = state.current_player()
        assert player is not None
        state.apply(choose(state, player, rng, named))
        if state.settled:
            tables.append(state.table.copy())
    t = state.table
    return SimulatedGame(state.players, seed, tuple(deck), state.order, state.turns, state.calls, tables, t.winner,
                         t.winners, t.reason)


def choose(state: WerewolfState, player: str, rng: random.Random, named: set[Slot]) -> Move:
    """The policy: one of ``state.legal_moves(player)``, drawn with ``rng`` (see above);
    ``named``: the places searched so far."""
    moves = state.legal_moves(player)
    first = moves[0]
    if isinstance(first, (Draw, Call)):
        return first  # no choice: no draw from the generator
    if isinstance(first, (Point, Put)):
        return rng.choice(moves)
    if isinstance(first, Swap):
        return rng.choice(moves[1:]) if rng.random() < SWAP_RATE else first
    if isinstance(first, Seek):
        target = _search_target(state.table, player, named, rng)
        named.add(target)
        return Seek(player, target)
    return _play(state.table, player, rng)


def _play(table: Table, player: str, rng: random.Random) -> Play:
    card = rng.choice(table.legal_plays())
    others = [p for p in table.living if p != player]
    if card == SEER:
        return Play(player, card, target=rng.choice(others))
    if card == MEDIUM:
        return _medium(table, player, rng)
    if card == VILLAGER:
        held = table.hands[player]
        other = held[0] if held[1] == VILLAGER else held[1]
        down = rng.choice([VILLAGER, other])
        put = player if down == LOST_LEGACY else rng.choice(table.living)
        return Play(player, card, down=down, put=put, mixed=rng.random() < MIX_RATE)
    return Play(player, card)  # Vote, Sleep, Attack: the choices come as later moves; Madman, Knight: none


def _medium(table: Table, player: str, rng: random.Random) -> Play:
    """W16: peek or flip in another living player's pile; no effect when none holds a card."""
    if not medium_targets(player, table.living, table.piles):
        return Play(player, MEDIUM)
    others = [p for p in table.living if p != player]
    peeks = [(p, i) for p in others for i in table.face_down(p)]
    ups = [(p, i) for p in others for i, c in enumerate(table.piles[p], start=1) if c.face_up]
    if peeks and (not ups or rng.random() < PEEK_RATE):
        return Play(player, MEDIUM, peek=rng.choice(peeks))
    who, index = rng.choice(ups)
    pile = table.piles[who]
    kind = pile[index - 1].kind
    first = next(i for i, c in enumerate(pile, start=1) if c.face_up and c.kind == kind) == index
    way = rng.random()  # how the player names it: by kind, by position, or both
    if first and way < 0.6:
        return Play(player, MEDIUM, flip=(who, kind, None))
    return Play(player, MEDIUM, flip=(who, None, index) if way < 0.8 else (who, kind, index))


def _search_target(table: Table, player: str, named: set[Slot], rng: random.Random) -> Slot:
    place = table.lost_legacy()
    if place == f"hand:{player}":
        return ("hand", player)
    if place == f"discard:{player}":
        index = next(i for i, c in enumerate(table.piles[player], start=1) if c.kind == LOST_LEGACY)
        return ("pile", player, index)
    hidden = [s for s in table.hidden() if s not in named and s != ("hand", player)]
    return rng.choice(hidden) if hidden else ("hand", player)


__all__ = ["MIX_RATE", "PEEK_RATE", "PLAYER_NAMES", "SWAP_RATE", "SimulatedGame", "Truth", "choose", "simulate"]
