"""Canary's bots (issue 21): ``notebook``, ``reasoner`` and ``concealer``; ``random`` is
``suiri.models.bots.RandomBot``.  Each plays one seat through ``seating.CanarySeating``:
a turn is two decisions, the square to step to, then (only where the rules let the seat
declare there) whether to declare on the card it sees.

- ``notebook``: a careful human with a checklist and no arithmetic.  It keeps, for each
  other player, the clues not yet crossed off (a card that player revealed lacks its clue,
  one it hid and whose face the seat knows carries it, an answer says yes or no), crosses
  off the goal cards that no remaining combination of clues makes, walks to the squares
  it knows least about (first those others hid: the goal is hidden by every genuine
  player who checks it) and declares only when every combination left makes the card
  it sees a goal card.
- ``reasoner``: plays from suiri's own exact analysis: advise's ranking of the steps
  (goal chance, information, leak, distance; a walk toward the goal card once it is
  known), and a declaration when the exact chance that the card seen is a goal card
  clears ``threshold``.
- ``concealer``: the reasoner with advise's weight of what a step's check tells the table
  about the seat's own clue (``W_LEAK``) replaced by its own ``leak_weight``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .advice import W_GOAL, W_LEAK, Advice, MoveAdvice, advise
from .board import Square
from .cards import Attribute, Kind
from .counter import WorldCounter
from .record import CanaryRecord
from .rules import Check, Replay, replay
from .seating import CanaryDecision, Choice, Declaring, Step
from .session import CanarySession

THRESHOLD = 0.3  # the reasoner declares when its exact chance of success is at least this (docs/bots.md)
LAST_CHANCE = 1.0  # two players: after one failure (a second one loses), declare only when this sure
LEAK_WEIGHT = 2.0  # the concealer's weight of one bit its check tells the table about its clue
STALL_ROUNDS = 2  # rounds in which no turn told the table anything: the reasoners stop weighing leaks


# -- notebook -------------------------------------------------------------------------
@dataclass
class Notebook:
    """What a careful human writes down from the record: the faces it knows, who hid
    which square, and each other player's clues not crossed off (its own is never
    theirs); on four-player tables also who answered yes (genuine) and who is the fake."""

    record: CanaryRecord
    known: dict[Square, Kind]
    hid: dict[Square, set[str]]
    clues: dict[str, set[Attribute]]
    positions: dict[str, Square]  # where each piece stands
    genuine: set[str] = field(default_factory=set)
    fake: str | None = None

    @classmethod
    def read(cls, record: CanaryRecord, rp: Replay | None = None) -> Notebook:
        """``rp``: the record's replay, if made already."""
        rp = rp or replay(record)  # the rules' own reading of the record: no counting
        me, mine = record.viewer, record.clue
        assert me is not None and mine is not None
        fake_table = record.variant.fake
        known = {**rp.seen, **rp.state.known, **rp.state.face_up}
        clues = {p: set(record.variant.deck.attributes) - {mine} for p in record.players if p != me}
        hid: dict[Square, set[str]] = {}
        noes: list[tuple[str, Kind]] = []
        notes = cls(record, known, hid, clues, rp.state.positions)
        if record.genuine is not None:
            (notes.genuine if record.genuine else set()).add(me)
            notes.fake = None if record.genuine else me
        for t in record.turns:
            if t.declare is not None:
                card = t.declare.card
                for q, yes in t.declare.answers.items():
                    if q == me:
                        continue
                    if yes:  # a yes is true: the card carries q's clue, and q is genuine
                        clues[q] &= card.attrs
                        notes.genuine.add(q)
                    elif fake_table:
                        noes.append((q, card))
                    else:
                        clues[q] -= card.attrs
                if t.player != me and not fake_table and record.variant.declare_needs_own_clue:
                    clues[t.player] &= card.attrs  # R4: a genuine declarer's clue is on its card
            elif t.check is Check.REVEALED and t.player != me:
                assert t.card is not None
                clues[t.player] -= t.card.attrs
            elif t.check is Check.HIDDEN and t.player != me:
                hid.setdefault(t.to, set()).add(t.player)
        for sq, who in hid.items():
            if sq in known:
                for q in who:
                    clues[q] &= known[sq].attrs
        for q, card in noes:  # a genuine player's no: the card lacks its clue
            if q in notes.genuine:
                clues[q] -= card.attrs
        if fake_table and notes.fake is None:
            for q, card in noes:  # a no to a card that surely carries q's clue: q is the fake
                if q not in notes.genuine and clues[q] and clues[q] <= card.attrs:
                    notes.fake = q
            others = [q for q in clues if q not in notes.genuine]
            if notes.fake is None and len(others) == 1:
                notes.fake = others[0]
        notes.settle()
        return notes

    def settle(self) -> None:
        """A clue that is the only one left for a player is nobody else's."""
        changed = True
        while changed:
            changed = False
            for p, left in self.clues.items():
                if len(left) == 1:
                    for q, other in self.clues.items():
                        if q != p and left <= other:
                            other -= left
                            changed = True

    def goal_sets(self) -> Iterator[frozenset[Attribute]]:
        """Every set of clues that count which the checklist still allows (one clue per
        player, all different; with a fake in play, every player it may be)."""
        record = self.record
        me, mine = record.viewer, record.clue
        assert me is not None and mine is not None
        others = list(self.clues)
        for combo in _assignments([self.clues[q] for q in others]):
            clue = dict(zip(others, combo, strict=True))
            if not record.variant.fake:
                yield frozenset({mine, *combo})
                continue
            fakes = [self.fake] if self.fake is not None else [q for q in others if q not in self.genuine]
            for f in fakes:
                yield frozenset(c for q, c in {me: mine, **clue}.items() if q != f)

    def goal_cards(self) -> set[Kind]:
        """The cards the checklist has not crossed off as the goal."""
        deck = self.record.variant.deck
        return {k for g in set(self.goal_sets()) for k in deck.carrying(g)}

    def sure(self, card: Kind) -> bool:
        """Every set of clues left makes ``card`` a goal card."""
        sets = set(self.goal_sets())
        return bool(sets) and all(g <= card.attrs for g in sets)


def _assignments(options: Sequence[set[Attribute]]) -> Iterator[tuple[Attribute, ...]]:
    """One clue from each list, all different."""
    if not options:
        yield ()
        return
    for c in sorted(options[0]):
        for rest in _assignments(options[1:]):
            if c not in rest:
                yield (c, *rest)


def extends(record: CanaryRecord, before: CanaryRecord) -> bool:
    """Whether ``before`` is the start of ``record`` (the same file, setup and first turns),
    so that ``record``'s replay may continue ``before``'s: a seat's record only grows
    between its decisions."""
    return (before.file == record.file and before.lines is record.lines and before.viewer == record.viewer
            and before.clue == record.clue and before.genuine == record.genuine and before.players == record.players
            and before.start == record.start and before.variant == record.variant
            and record.turns[:len(before.turns)] == before.turns)


class NotebookBot:
    """``notebook``: crosses off from the record what it was shown, and declares only when sure."""

    def __init__(self, seat: str, rng: random.Random) -> None:
        self.seat, self.rng = seat, rng
        self._read: tuple[CanaryRecord, Replay] | None = None  # the last record read, and its replay

    def __deepcopy__(self, memo: dict[int, object]) -> NotebookBot:
        """The bot as it is now, with its own generator; the replay it keeps is what its last
        record says (never changed), so the copy shares it."""
        other = copy.copy(self)
        other.rng = copy.deepcopy(self.rng, memo)
        return other

    def choose(self, decision: CanaryDecision) -> Choice:
        last = self._read
        rp = replay(decision.record, last[1] if last is not None and extends(decision.record, last[0]) else None)
        self._read = (decision.record, rp)
        notes = Notebook.read(decision.record, rp)
        if decision.face is not None:
            return Declaring(notes.sure(decision.face))
        board = decision.record.variant.board
        squares = [o.to for o in decision.options if isinstance(o, Step)]
        here = notes.positions[self.seat]
        sure = [sq for sq, k in notes.known.items() if notes.sure(k)]
        if sure:
            targets = sure
        else:
            goals = notes.goal_cards()
            unknown = [sq for sq in board.squares if sq not in notes.known]
            # the goal is hidden by every genuine player who checks it: look there first
            most = max((len(notes.hid.get(sq, ())) for sq in unknown), default=0)
            targets = [sq for sq in unknown if len(notes.hid.get(sq, ())) == most] or \
                [sq for sq, k in notes.known.items() if k in goals] or squares
        nearest = min(board.distance(here, t) for t in targets)
        target = self.rng.choice(sorted(t for t in targets if board.distance(here, t) == nearest))
        best = min(board.distance(sq, target) for sq in squares)
        return Step(self.rng.choice([sq for sq in squares if board.distance(sq, target) == best]))


# -- reasoner and concealer --------------------------------------------------------------
class ReasonerBot:
    """``reasoner``: advise's best step, and a declaration when the exact chance that the
    card seen is a goal card is at least ``threshold`` (two players: ``last_chance`` once a
    failure would lose).  ``leak_weight`` weighs what a check tells the table about the
    seat's clue, in advise's units (advise's own ``W_LEAK`` for the reasoner)."""

    def __init__(self, seat: str, rng: random.Random, threshold: float = THRESHOLD,
                 last_chance: float = LAST_CHANCE, leak_weight: float = W_LEAK) -> None:
        self.seat, self.rng = seat, rng
        self.threshold, self.last_chance, self.leak_weight = threshold, last_chance, leak_weight
        self._session: CanarySession | None = None
        self._advice: Advice | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> ReasonerBot:
        """The bot as it is now, with its own generator; the session and advice it keeps are
        what its last decision's record says (a new record makes new ones, never changes
        them), so the copy shares them instead of copying every count (the blind check
        copies a bot before each choice)."""
        other = copy.copy(self)
        other.rng = copy.deepcopy(self.rng, memo)
        return other

    def session(self, record: CanaryRecord) -> CanarySession:
        """The session of ``record``, kept from the step to the declaration of a turn (the
        record is the same: the face seen is asked of its counter, the step's advice is not
        asked again).  Between turns the others' moves change the record: the new
        session's replay continues the old one's (the record only grew, ``extends``); the
        counting that advise asks for dominates the cost of a new session, and it is not
        carried over."""
        old = self._session
        if old is not None and old.record.turns == record.turns:
            return old
        new = CanarySession(record, old.replay if old is not None and extends(record, old.record) else None)
        self._session, self._advice = new, None
        return new

    def choose(self, decision: CanaryDecision) -> Choice:
        if len(decision.options) == 1:
            return decision.options[0]
        session = self.session(decision.record)
        if decision.face is not None:
            assert decision.at is not None
            return Declaring(self.declares(session, decision.at, decision.face))
        if self._advice is None:
            self._advice = advise(session)
        record = session.record
        stalled = quiet_turns(record) >= STALL_ROUNDS * len(record.players)
        leak_weight = 0.0 if stalled else self.leak_weight
        best = max(self._advice.moves, key=lambda m: (self.score(session, m, leak_weight), -m.square))
        return Step(best.square)

    def score(self, session: CanarySession, move: MoveAdvice, leak_weight: float) -> float:
        """Advise's score of ``move``, with ``leak_weight`` (the bot's, or none once the
        table has stalled), and without the goal chance of a card whose face the seat
        already knows and would not declare on: a step there teaches nothing and wins
        nothing (advise's score would send it back and forth between such a square and
        its neighbour)."""
        score = move.score + (W_LEAK - leak_weight) * move.leak_bits
        rp = session.replay
        known = move.face_up or move.square in rp.seen or move.square in rp.state.known
        if known and move.p_find is None and not (move.may_declare and move.p_goal >= self.threshold):
            score -= W_GOAL * float(move.p_goal)
        return score

    def declares(self, session: CanarySession, at: Square, face: Kind) -> bool:
        """Declare when the card seen is a goal card with chance at least the threshold."""
        variant = session.variant
        if len(face.attrs) < variant.genuine_count:
            return False  # too few attributes to carry every clue that counts
        state = session.replay.state
        losing = variant.losing_failures
        bar = self.last_chance if losing is not None and state.failures[self.seat] + 1 >= losing else self.threshold
        return success(session.counter, at, face) >= bar


def quiet_turns(record: CanaryRecord) -> int:
    """How many of the record's last turns told the table nothing: a step onto a face-up
    card, or a player hiding again a card it had hidden (a reveal, a first hide and a
    declaration all tell something).  When every seat weighs a check's leak above what
    it would learn, all of them step back and forth on such squares and the game never
    ends; ``STALL_ROUNDS`` rounds of it make the reasoners check regardless of leaks."""
    hidden: set[tuple[str, Square]] = set()
    quiet = 0
    for t in record.turns:
        told = t.declare is not None or t.check is Check.REVEALED or \
            (t.check is Check.HIDDEN and (t.player, t.to) not in hidden)
        quiet = 0 if told else quiet + 1
        if t.check is Check.HIDDEN:
            hidden.add((t.player, t.to))
    return quiet


def success(counter: WorldCounter, at: Square, face: Kind) -> Fraction:
    """The exact chance that ``face`` on ``at`` carries every clue that counts."""
    counts = counter.count(goals=False, fixed={at: face}, strict=False)
    if not counts.weights:
        return Fraction(0)
    won = sum(w for h, w in counts.weights.items() if h.genuine() <= face.attrs)
    return Fraction(won, counts.total)


class ConcealerBot(ReasonerBot):
    """``concealer``: the reasoner weighing what its check leaks by ``leak_weight``."""

    def __init__(self, seat: str, rng: random.Random, threshold: float = THRESHOLD,
                 last_chance: float = LAST_CHANCE, leak_weight: float = LEAK_WEIGHT) -> None:
        super().__init__(seat, rng, threshold, last_chance, leak_weight)


__all__ = ["ConcealerBot", "Notebook", "NotebookBot", "ReasonerBot", "quiet_turns", "success"]
