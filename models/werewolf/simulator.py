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

The policy reads only the legal moves, the public table (``WerewolfState.public``) and
what its player knows (``WerewolfState.lost_legacy_of``).  The game is a
``simulation.SimulatedGame``: its state keeps the true log (``Played``/``Called``);
``record(viewer, steps)`` writes what one seat (or a spectator) saw of the first turns
and then calls, which ``replay.replay`` must accept; ``with_draw`` adds the viewer's next
draw as a turn in progress; ``tables`` replays the log on the true table, and
``truth_after`` gives the hidden truth at any cut, for the tests.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from suiri.models.simulation import SimulatedGame, play

from .cards import LOST_LEGACY, MEDIUM, NOBODY, SEER, STANDARD, VILLAGER, Kind
from .record import WerewolfRecord
from .rules import PileCard, Slot, place_of
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
)
from .table import Table

PEEK_RATE = 0.75  # a Medium peeks (when it can) rather than flips
MIX_RATE = 0.5  # a Villager's player mixes its two cards
SWAP_RATE = 0.5  # the Werewolf swaps in a Sleep (when it can)

Simulated = SimulatedGame[WerewolfState, WerewolfRecord]


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


def simulate(players: int, seed: int, deck: Sequence[int] = STANDARD) -> Simulated:
    """One random legal game for ``players`` (3 or 4) seats, decided by ``seed`` alone;
    ``deck``: copies per kind (``cards.deck_counts``), a smaller deck for brute-force tests."""
    rng = random.Random(seed)
    state = WerewolfState.new(players, rng, deck, f"<simulated seed={seed}>")
    named: set[Slot] = set()
    play(state, lambda s, p: choose(s, p, rng, named))
    return SimulatedGame(seed, state)


def steps(game: Simulated, turns: int | None = None, calls: int | None = None) -> int:
    """The steps a cut of ``game`` keeps (``record``'s unit): its first ``turns`` turns
    (all: None) and, when it keeps every turn, its first ``calls`` calls (all: None)."""
    played, called = len(game.state.turns), len(game.state.calls)
    t = played if turns is None else min(max(turns, 0), played)
    return t + (0 if t < played else called if calls is None else min(max(calls, 0), called))


def with_draw(game: Simulated, record: WerewolfRecord) -> WerewolfRecord:
    """``record``, a cut of ``game`` between two turns, with its viewer's next draw as a
    turn in progress (``drew`` without ``play``) when the next turn is the viewer's."""
    turns = game.state.turns
    t = len(record.turns)
    if record.searches or t >= len(turns) or turns[t].player != record.viewer:
        return record
    return replace(record, pending=turns[t].drew)


def tables(game: Simulated) -> list[Table]:
    """The true table at the deal and after each step (each turn, each call with its
    search): the true log played again on the table dealt from the same shuffle."""
    state = game.state
    table = Table.dealt(state.players, state.order)
    out = [table.copy()]
    for p in state.turns:
        table.draw()
        table.play(p.play, target=p.target, peek=p.peek, flip=p.flip, put=p.put, down=p.down, mixed=p.mixed,
                   votes=p.votes, swap=p.swap)
        out.append(table.copy())
    for c in state.calls:
        table.call()
        if c.searched is not None:
            table.search(c.searched.player, c.searched.target)
        out.append(table.copy())
    return out


_PLAYED: list[tuple[Simulated, list[Table]]] = []  # the tables of the last few games asked, newest last


def _tables_of(game: Simulated) -> list[Table]:
    """``tables(game)``, played once for the many cuts a test asks of one game."""
    for played, every in _PLAYED:
        if played is game:
            return every
    every = tables(game)
    _PLAYED.append((game, every))
    del _PLAYED[:-4]
    return every


def table_after(game: Simulated, turns: int | None = None, pending: bool = False) -> Table:
    """The true table after the first ``turns`` steps (all by default); with ``pending``
    (see ``with_draw``), after the next player's draw.  A copy: the caller may play on."""
    every = _tables_of(game)
    t = len(every) - 1 if turns is None else min(max(turns, 0), len(every) - 1)
    table = every[t].copy()
    if pending and t < len(game.state.turns):
        table.draw()
    return table


def truth_after(game: Simulated, turns: int | None = None, pending: bool = False) -> Truth:
    """The hidden truth after the first ``turns`` steps; with ``pending``, after the next
    player's draw."""
    table = table_after(game, turns, pending)
    hidden = table.hidden()
    downs = {s: k for s, k in hidden.items() if s[0] == "pile"}
    hands = {p: h[0] for p, h in table.hands.items()}
    return Truth(hands, table.ruins, downs, hidden, table.lost_legacy(), table.werewolf() or NOBODY,
                 tuple(table.deck), table.phase)


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
        target = _search_target(state, player, [m.target for m in moves if isinstance(m, Seek)], named, rng)
        named.add(target)
        return Seek(player, target)
    return _play(player, [m for m in moves if isinstance(m, Play)], rng)


def _play(player: str, plays: list[Play], rng: random.Random) -> Play:
    card = rng.choice(list(dict.fromkeys(m.card for m in plays)))
    options = [m for m in plays if m.card == card]
    if card == SEER:
        return rng.choice(options)
    if card == MEDIUM:
        return _medium(options, rng)
    if card == VILLAGER:
        other = next((m.down for m in options if m.down != VILLAGER), VILLAGER)
        down = rng.choice([VILLAGER, other])
        put = player if down == LOST_LEGACY else rng.choice([m.put for m in options if m.down == down and not m.mixed])
        return Play(player, card, down=down, put=put, mixed=rng.random() < MIX_RATE)
    return options[0]  # Vote, Sleep, Attack: the choices come as later moves; Madman, Knight: none


def _medium(options: list[Play], rng: random.Random) -> Play:
    """W16: peek or flip in another living player's pile; no effect when none holds a card."""
    peeks = [m for m in options if m.peek is not None]
    flips = [m.flip for m in options if m.flip is not None]
    if not peeks and not flips:
        return options[0]
    ups = [(who, i) for who, kind, i in flips if kind is None and i is not None]
    kinds = {(who, i): kind for who, kind, i in flips if kind is not None and i is not None}
    if peeks and (not ups or rng.random() < PEEK_RATE):
        return rng.choice(peeks)
    who, index = rng.choice(ups)
    kind = kinds[(who, index)]
    first = all(kinds[(w, i)] != kind for w, i in ups if w == who and i < index)
    player = options[0].player
    way = rng.random()  # how the player names it: by kind, by position, or both
    if first and way < 0.6:
        return Play(player, MEDIUM, flip=(who, kind, None))
    return Play(player, MEDIUM, flip=(who, None, index) if way < 0.8 else (who, kind, index))


def _search_target(state: WerewolfState, player: str, places: list[Slot], named: set[Slot],
                   rng: random.Random) -> Slot:
    """The Werewolf names the Lost Legacy's place; anyone else a random hidden place
    nobody has named yet, or its own hand if none is left."""
    own = state.lost_legacy_of(player)
    if own is not None:
        return own
    piles = state.public.piles
    hidden = [s for s in places if s not in named and s != ("hand", player) and not face_up(piles, s)]
    return rng.choice(hidden) if hidden else ("hand", player)


def face_up(piles: dict[str, list[PileCard]], slot: Slot) -> bool:
    """A pile card everybody sees (a hand or the ruins never is)."""
    where, who, index = place_of(slot)
    return where == "pile" and piles[who][index - 1].face_up


__all__ = ["MIX_RATE", "PEEK_RATE", "PLAYER_NAMES", "SWAP_RATE", "Simulated", "Truth", "choose", "simulate",
           "steps", "table_after", "tables", "truth_after", "with_draw"]
