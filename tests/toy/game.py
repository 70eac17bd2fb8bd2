"""The toy game's rules, record, notation, State, exact counter and analysis, and its
``Game`` (one module: the game is small; a real game gives each concern a module)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import permutations
from typing import Any

from suiri.models.interface import Game, GameOver
from suiri.solver.errors import (
    IllegalMoveError,
    InconsistentRecordError,
    RecordSyntaxError,
    Source,
    SuiriError,
)
from suiri.solver.facts import Fact
from suiri.solver.records import TomlDocument, parse_toml

from . import FACTS

CARDS = (1, 2, 3, 4)
TURNS = 4  # questions in a game


@dataclass(frozen=True)
class Turn:
    player: str
    above: int  # "is your card above this?"
    answer: bool
    line: int | None = None


@dataclass(frozen=True)
class ToyRecord:
    players: tuple[str, ...]
    viewer: str | None
    card: int | None  # the viewer's own card
    turns: tuple[Turn, ...]
    path: str = "<toy>"

    def truncated(self, turns: int, /) -> ToyRecord:
        return ToyRecord(self.players, self.viewer, self.card, self.turns[:turns], self.path)


# -- reading and writing ---------------------------------------------------------------------

def from_document(doc: TomlDocument) -> ToyRecord:
    data = doc.data
    players = data.get("players")
    if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) for p in players)):
        raise RecordSyntaxError("players: two names", doc.lines.source((), "players", "players"), '["aki", "bea"]')
    viewer, card = data.get("viewer"), data.get("card")
    if viewer is not None and viewer not in players:
        raise RecordSyntaxError(f"viewer {viewer!r} is not a player", doc.lines.source((), "viewer", "viewer"))
    if viewer is not None and card not in CARDS:
        raise RecordSyntaxError("card: the viewer's card, 1 to 4", doc.lines.source((), "card", "card"))
    turns = []
    for i, t in enumerate(data.get("turn", [])):
        where = doc.lines.source(("turn", i), None, "turn")
        if t.get("player") not in players or t.get("above") not in CARDS[:-1] or not isinstance(t.get("answer"), bool):
            raise RecordSyntaxError("a turn: player, above (1 to 3), answer (true/false)", where)
        turns.append(Turn(t["player"], t["above"], t["answer"], where.line))
    return ToyRecord(tuple(players), viewer, card if viewer is not None else None, tuple(turns), doc.path)


def to_toml(record: ToyRecord) -> str:
    out = ['game = "toy"', "players = [" + ", ".join(f'"{p}"' for p in record.players) + "]"]
    if record.viewer is not None:
        out += [f'viewer = "{record.viewer}"', f"card = {record.card}"]
    for t in record.turns:
        out += ["", "[[turn]]", f'player = "{t.player}"', f"above = {t.above}", f"answer = {str(t.answer).lower()}"]
    return "\n".join(out) + "\n"


def is_compact(text: str) -> bool:
    return text.lstrip().startswith("toy ")


def to_compact(record: ToyRecord) -> str:
    out = ["toy " + " ".join(record.players)]
    if record.viewer is not None:
        out.append(f"viewer {record.viewer} {record.card}")
    out += [f"{t.player} above {t.above} {'y' if t.answer else 'n'}" for t in record.turns]
    return "\n".join(out) + "\n"


def parse(name: str, text: str) -> TomlDocument:
    """The compact notation (``toy aki bea`` / ``viewer aki 3`` / ``aki above 2 y``),
    read into the TOML data it stands for."""
    lines = [line.split("#", 1)[0].split() for line in text.splitlines()]
    out = ['game = "toy"']
    for number, words in enumerate(lines, 1):
        if not words:
            continue
        if words[0] == "toy":
            out.append("players = [" + ", ".join(f'"{p}"' for p in words[1:]) + "]")
        elif words[0] == "viewer" and len(words) == 3 and words[2].isdigit():
            out += [f'viewer = "{words[1]}"', f"card = {words[2]}"]
        elif len(words) == 4 and words[1] == "above" and words[2].isdigit() and words[3] in ("y", "n"):
            out += ["[[turn]]", f'player = "{words[0]}"', f"above = {words[2]}", f"answer = {str(words[3] == 'y').lower()}"]
        else:
            raise RecordSyntaxError(f"cannot read {' '.join(words)!r}", Source(name, number), "NAME above N y|n")
    return parse_toml(name, "\n".join(out) + "\n")


# -- the rules: who asks when, and which deals fit ------------------------------------------

def check_turns(record: ToyRecord) -> None:
    """Turns alternate from the first player; at most four."""
    for i, t in enumerate(record.turns):
        if i >= TURNS or t.player != record.players[i % 2]:
            raise IllegalMoveError(f"it is not {t.player}'s turn", Source(record.path, t.line, "player"))


def fits(record: ToyRecord, deal: dict[str, int]) -> bool:
    """Whether ``deal`` (each player's card) agrees with the viewer's card and every answer."""
    if record.viewer is not None and deal[record.viewer] != record.card:
        return False
    return all((deal[other(record, t.player)] > t.above) == t.answer for t in record.turns)


def other(record: ToyRecord, player: str) -> str:
    return record.players[1 - record.players.index(player)]


@dataclass(frozen=True)
class Counts:
    total: int


class ToySession:
    """One record, replayed: the deals that fit it (an exact counter by enumeration)."""

    def __init__(self, record: ToyRecord) -> None:
        self.record = record
        check_turns(record)
        self.deals = [dict(zip(record.players, hands, strict=True)) for hands in permutations(CARDS, 2)
                      if fits(record, dict(zip(record.players, hands, strict=True)))]

    @property
    def steps(self) -> int:
        return len(self.record.turns)

    def check(self) -> Counts:
        if not self.deals:
            raise InconsistentRecordError("no deal fits every answer",
                                          [Source(self.record.path, t.line, "answer") for t in self.record.turns])
        return Counts(len(self.deals))


@dataclass
class ToyAnalysis:
    session: ToySession
    cards: dict[str, dict[int, Fraction]]  # player -> card -> chance
    certain: list[Fact] = field(default_factory=list)

    def chances(self) -> dict[Fact, Fraction]:
        return {Fact(f"card:{p}", str(c)): x for p, dist in self.cards.items() for c, x in dist.items()}

    def to_json(self) -> dict[str, Any]:
        return {"cards": {p: {str(c): float(x) for c, x in dist.items()} for p, dist in self.cards.items()},
                "certain": [str(f) for f in self.certain]}


def analyze(session: ToySession) -> ToyAnalysis:
    total = session.check().total
    record = session.record
    cards = {p: {c: Fraction(sum(d[p] == c for d in session.deals), total) for c in CARDS}
             for p in record.players if p != record.viewer}
    certain = [Fact(f"card:{p}", str(c)) for p, dist in cards.items() for c, x in dist.items() if x == 1]
    return ToyAnalysis(session, cards, certain)


@dataclass
class ToyAdvice:
    asks: list[int]  # the questions worth asking, best first

    def to_json(self, session: ToySession, /) -> dict[str, Any]:
        return {"ask": self.asks}


def advise(session: ToySession) -> ToyAdvice:
    """Ask the question that splits the remaining deals most evenly."""
    record = session.record
    if record.viewer is None:
        raise SuiriError("a spectator asks nothing", None, "a record with a viewer")
    them = other(record, record.viewer)
    return ToyAdvice(sorted(CARDS[:-1], key=lambda n: abs(2 * sum(d[them] > n for d in session.deals) - len(session.deals))))


def game_over(session: ToySession) -> GameOver | None:
    return GameOver("questions", "four questions were asked", {}) if len(session.record.turns) >= TURNS else None


def no_explanation(session: ToySession) -> Any:
    raise SuiriError("the toy game explains nothing")


def answer(session: ToySession, question: str) -> Fact | None:
    return next(iter(analyze(session).certain), None)


def cuts(record: ToyRecord) -> Sequence[ToyRecord]:
    return [record.truncated(n) for n in range(1, len(record.turns) + 1)]


# -- playing ---------------------------------------------------------------------------------

class ToyState:
    """The true deal of a game in progress."""

    def __init__(self, players: tuple[str, ...], deal: dict[str, int]) -> None:
        self.players = players
        self.deal = deal
        self.turns: list[Turn] = []

    def current_player(self) -> str | None:
        return None if self.is_over() else self.players[len(self.turns) % 2]

    def legal_moves(self, player: str) -> Sequence[int]:
        return list(CARDS[:-1]) if player == self.current_player() else []

    def apply(self, move: int) -> None:
        player = self.current_player()
        assert player is not None and move in CARDS[:-1]
        asked = self.players[1 - self.players.index(player)]
        self.turns.append(Turn(player, move, self.deal[asked] > move, len(self.turns) + 3))

    def is_over(self) -> bool:
        return len(self.turns) >= TURNS

    def record_for(self, seat: str | None) -> ToyRecord:
        return ToyRecord(self.players, seat, None if seat is None else self.deal[seat], tuple(self.turns))


def deal(players: int, seed: int, variant: str) -> ToyState:
    hands = random.Random(seed).sample(CARDS, 2)
    names = ("aki", "bea")
    return ToyState(names, dict(zip(names, hands, strict=True)))


def play(players: int, seed: int, turns: int, viewer: str | None, variant: str) -> ToyRecord:
    state = deal(players, seed, variant)
    rng = random.Random(seed + 1)
    while not state.is_over() and len(state.turns) < turns:
        player = state.current_player()
        assert player is not None
        state.apply(rng.choice(state.legal_moves(player)))
    return state.record_for(viewer)


def setup_lines(players: Sequence[str], viewer: str | None) -> list[str]:
    return ["toy " + " ".join(players), *([f"viewer {viewer} CARD"] if viewer is not None else [])]


def vocabulary(record: ToyRecord) -> list[str]:
    return [*record.players, "above", "y", "n", *(str(c) for c in CARDS)]


GAME: Game[ToyRecord, ToySession, ToyAnalysis, ToyAdvice] = Game(
    facts=FACTS, read=from_document, is_compact=is_compact, parse_compact=parse, to_toml=to_toml,
    to_compact=to_compact, open=ToySession, reasoner=no_explanation, steps=no_explanation, analyze=analyze,
    advise=advise, game_over=game_over, deal=deal, play=play, answer=answer, cuts=cuts, setup_lines=setup_lines,
    vocabulary=vocabulary)
