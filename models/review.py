"""What a played game taught, from one seat (``suiri play``'s review): game-agnostic.

A ``Recorder`` watches ``play_game`` (it is its ``Watcher``) and keeps, for each of the
person's moves, every seat's record before it and once it was resolved; ``review``
reads those records through the ``Game`` interface only:

- a *move* is a run of the person's choices with nobody else's between them (Canary's
  square and then its declaration); it is *resolved* when the game's length
  (``Seating.steps``: a turn, an event) has grown past it, so that the answers it drew
  (Memory Detective's responses, a Werewolf card's pointing) belong to it;
- what a move *gained*: how far the count of hidden states fitting the person's record
  fell over the move, in bits (log2 of before / after); what it *leaked*: the same for
  each other seat's record (what that seat learned while the move was played), the
  largest of them;
- what became certain and when: the analysis's certain facts, new before each move (by
  the others' moves) and once it was resolved;
- the answer (``GameFacts.winning``: what wins the game) is certain from the first move at which
  every one of its questions (``Game.answer``) is proven; the person *acted on it* when
  it won, and the review says how many of its moves it made knowing the answer;
- the reasoner's choice at each of the person's decisions, when a ``reasoner`` bot is
  registered (None otherwise);
- each bot's hidden part: the lines of its seat's record at the end that a spectator's
  record does not have (its cards, what it drew or saw), in the game's notation.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic

from suiri.solver.errors import SuiriError

from .interface import A, Game, R, S, V

if TYPE_CHECKING:  # pragma: no cover
    from suiri.solver.facts import Fact

    from .bots import Decision, Seating

# The puzzle questions (``GameFacts.questions``) whose answers together win each game: the
# goal square, the case file, the Werewolf.  A game not named here: its first question.

@dataclass
class Choice:
    """One of the person's choices: the decision it was asked, the option taken and its
    number (from 1, as offered)."""

    decision: Decision[Any, Any]
    chosen: object
    number: int


@dataclass
class Move(Generic[R]):
    """A run of the person's choices; every seat's record (None: a spectator) before it
    and once it was resolved."""

    step: int  # the game's length when it began (turns or events so far)
    choices: list[Choice]
    before: dict[str | None, R]
    after: dict[str | None, R] | None = None
    last: int = 0  # the game's length at its last choice


class Recorder(Generic[R]):
    """``play_game``'s watcher: the person's moves with the records around them."""

    def __init__(self, seating: Seating[Any, Any, R], seat: str) -> None:
        self.seating, self.seat = seating, seat
        self.moves: list[Move[R]] = []
        self.deal = self.records()  # every seat's record before the first move
        self._last: str | None = None  # who chose last

    def records(self) -> dict[str | None, R]:
        return {s: self.seating.record_for(s) for s in (*self.seating.players, None)}

    def __call__(self, decision: Decision[Any, Any], choice: object, /) -> None:
        steps = self.seating.steps
        if decision.seat == self.seat:
            made = Choice(decision, choice, list(decision.options).index(choice) + 1)
            if self._last == self.seat and self.moves and self.moves[-1].after is None:
                self.moves[-1].choices.append(made)
                self.moves[-1].last = steps
            else:
                self.resolve()
                self.moves.append(Move(steps, [made], self.records(), last=steps))
        else:
            self.resolve()
        self._last = decision.seat

    def resolve(self, over: bool = False) -> None:
        """Close the moves the game has grown past (all of them once it is ``over``)."""
        steps = self.seating.steps
        for move in self.moves:
            if move.after is None and (over or steps > move.last):
                move.after = self.records()


@dataclass(frozen=True)
class MoveReview(Generic[S]):
    """One of the person's moves, reviewed."""

    step: int
    choices: list[Choice]
    gained: float  # bits: what the person's own record narrowed
    leaked: float  # bits: the most any other seat's record narrowed
    leaked_to: str | None
    between: list[Fact]  # newly certain from the person's seat before the move (the others' moves)
    before: S  # the person's session before the move (to name those facts)
    certain: list[Fact]  # newly certain once the move was resolved
    session: S  # the person's session after the move
    instead: list[object | None]  # the reasoner's option at each choice (None: it agrees or is absent)


@dataclass(frozen=True)
class Hidden:
    """A bot's hidden part: the lines of its seat's record (the compact notation) that a
    spectator's record of the same game does not have (its cards, what it drew or saw)."""

    seat: str
    bot: str
    lines: list[str]


@dataclass(frozen=True)
class Review(Generic[S]):
    """The whole review: the moves, when the answer became certain, the bots' hidden parts."""

    seat: str
    winners: tuple[str, ...]
    ending: str
    start: list[Fact]  # certain from the person's seat at the deal
    start_session: S
    moves: list[MoveReview[S]]
    answer_step: int | None  # the game's length at the first move when the answer was certain
    answer: list[Fact]
    acted: bool | None  # the person won once the answer was certain (None: it never became certain)
    known_for: int  # how many of the person's moves were made with the answer certain
    reasoner: bool  # whether a reasoner bot was there to ask
    hidden: list[Hidden] = field(default_factory=list)


def bits(before: int | Fraction, after: int | Fraction) -> float:
    """log2(before / after): the information in narrowing ``before`` states to ``after``.

    A record can count *more* states after a move than before it: new hidden cards came
    into play (a Werewolf draw).  Nothing was narrowed then, so it is 0 bits, not a
    negative amount ("leaked -0.30 bits" read as nonsense)."""
    return max(0.0, math.log2(before / after)) if after and before else 0.0


def review(game: Game[R, S, A, V], recorder: Recorder[R], bots: Mapping[str, str], winners: tuple[str, ...],
           ending: str, seed: int) -> Review[S]:
    """Review the person's moves in ``recorder`` (``bots``: each other seat's strategy)."""
    me = recorder.seat
    counted: dict[int, int | Fraction] = {}

    def worlds(record: R) -> int | Fraction:
        key = id(record)
        if key not in counted:
            counted[key] = game.open(record).check().total
        return counted[key]

    start_session = game.open(recorder.deal[me])
    known = set(game.analyze(start_session).certain)
    start = list(game.analyze(start_session).certain)
    maker = game.bots.get("reasoner")
    answer_step: int | None = None
    answer: list[Fact] = []
    acted: bool | None = None
    known_for = 0
    moves: list[MoveReview[S]] = []
    questions = game.facts.winning or game.facts.questions[:1]
    for move in recorder.moves:
        after = move.after if move.after is not None else recorder.records()
        before_session = game.open(move.before[me])
        certain = game.analyze(before_session).certain
        between = [f for f in certain if f not in known]
        known |= set(certain)
        session = game.open(after[me])
        certain = game.analyze(session).certain
        new = [f for f in certain if f not in known]
        known |= set(certain)
        others = [(bits(worlds(move.before[s]), worlds(after[s])), s) for s in recorder.seating.players if s != me]
        leaked, leaked_to = max(others, default=(0.0, None))
        instead: list[object | None] = []
        for c in move.choices:
            if maker is None:
                instead.append(None)
                continue
            alternative = maker(me, random.Random(f"review {seed} {me}")).choose(c.decision)
            instead.append(None if alternative == c.chosen else alternative)
        if answer_step is None:
            found = proven(game, before_session, questions)
            if found:
                answer_step, answer = move.step, found
                acted, known_for = me in winners, len(recorder.moves) - len(moves)
        moves.append(MoveReview(move.step, move.choices, bits(worlds(move.before[me]), worlds(after[me])),
                                leaked, leaked_to if leaked > 0 else None, between, before_session, new, session,
                                instead))
    end = recorder.records()
    public = set(game.write(end[None], "compact").splitlines())
    hidden = [Hidden(seat, bot, [line for line in game.write(end[seat], "compact").splitlines() if line not in public])
              for seat, bot in bots.items()]
    return Review(me, winners, ending, start, start_session, moves, answer_step, answer, acted, known_for,
                  maker is not None, hidden)


def proven(game: Game[R, S, A, V], session: S, questions: Sequence[str]) -> list[Fact]:
    """The answer's facts when the record proves every one of them, else none."""
    found = []
    for q in questions:
        try:
            fact = game.answer(session, q)
        except SuiriError:  # a question the game cannot ask here (Canary's goal with two players)
            return []
        if fact is None:
            return []
        found.append(fact)
    return found


__all__ = ["Choice", "Hidden", "Move", "MoveReview", "Recorder", "Review", "bits", "review"]
