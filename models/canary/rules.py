"""The rules of *Where is the Canary?* as code: variants, moves, the public state, replay.

One statement of each rule serves every user: the record validator (``replay`` raises
at the first illegal step), the true game state (``state.CanaryState``, which also knows
the hidden ``Deal`` and lists the legal moves), the counter and the encoders (``replay``
turns a legal record into ``observations``).  Every rule is a small function named
after it; rulings R1-R8 are cited where they apply.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Protocol

from suiri.solver.errors import IllegalMoveError, Named, Source
from suiri.solver.records import Where, source_of

from .board import STANDARD_BOARD, Board, Square
from .cards import ATTRIBUTE_NAMES_JA, STANDARD_DECK, Attribute, Deck, Kind
from .error_text import ErrorText


@dataclass(frozen=True)
class Variant:
    """Player count and the table-dependent rulings (see docs/rules-canary.md)."""

    players: int = 3
    board: Board = STANDARD_BOARD
    deck: Deck = STANDARD_DECK
    skip_turns: int = 2  # turns skipped after a failed declaration (R6: also in 2p)
    losing_failures: int | None = None  # 2p: the second failure loses at once
    shared_squares: bool = True  # R2
    declare_needs_own_clue: bool = True  # R4
    declare_on_face_up: bool = True  # R5

    @property
    def fake(self) -> bool:
        """The four-player game deals one fake authenticity card."""
        return self.players == 4

    @property
    def genuine_count(self) -> int:
        return self.players - 1 if self.fake else self.players

    @classmethod
    def for_players(cls, players: int, **rulings: object) -> Variant:
        losing = 2 if players == 2 else None
        return replace(cls(players=players, losing_failures=losing), **rulings)  # type: ignore[arg-type]


class Check(enum.Enum):
    HIDDEN = "hidden"  # carries the mover's clue: put back face-down
    REVEALED = "revealed"  # lacks it: turned face-up for good
    NONE = "none"  # the card was already face-up: no check


@dataclass(frozen=True)
class Declare:
    """「ここだ！」: the face shown to all, and each other player's answer (True = ここだ)."""

    card: Kind
    answers: dict[str, bool]
    outcome: str | None = None  # extension: "success" / "failure" when the table saw it


@dataclass(frozen=True)
class Turn:
    """One written turn, like ``chess.Move``: who moved where, and what the check showed.

    A declaring turn has no check and no ``card`` (R8: the declaration replaces the map
    check; its face is ``declare.card``)."""

    player: str
    to: Square
    check: Check | None
    card: Kind | None = None
    declare: Declare | None = None


@dataclass(frozen=True)
class Deal:
    """The hidden state of a game: the layout, the clues and (4 players) the fake holder."""

    layout: tuple[Kind, ...]
    clues: dict[str, Attribute]
    fake: str | None = None

    def genuine_clues(self) -> frozenset[Attribute]:
        return frozenset(a for p, a in self.clues.items() if p != self.fake)

    def goal_squares(self) -> list[Square]:
        goal = self.genuine_clues()
        return [sq for sq, kind in enumerate(self.layout) if goal <= kind.attrs]


# -- observations: what a legal record tells about the hidden state ---------------
@dataclass(frozen=True)
class Observation:
    """One statement about the hidden state, with the record line it came from."""

    id: str
    source: Source
    turn: int | None  # 1-based turn number, None for setup lines


@dataclass(frozen=True)
class OwnClue(Observation):
    player: str
    attribute: Attribute


@dataclass(frozen=True)
class OwnAuthenticity(Observation):
    player: str
    genuine: bool


@dataclass(frozen=True)
class CheckSeen(Observation):
    """A map check: hidden = the card carries the mover's clue; ``face`` when seen."""

    player: str
    square: Square
    hidden: bool
    face: Kind | None


@dataclass(frozen=True)
class Declared(Observation):
    """The declarer opened ``face`` on ``square`` for all, in place of the check (R8);
    R4: a genuine declarer's clue is on it."""

    player: str
    square: Square
    face: Kind


@dataclass(frozen=True)
class Answered(Observation):
    """``player`` answered ``yes`` (ここだ) or no (ちがう) to ``declarer``'s card."""

    player: str
    declarer: str
    square: Square
    face: Kind
    yes: bool


@dataclass(frozen=True)
class DeclarationOutcome(Observation):
    """Whether the declaration succeeded: only informative with a fake in play."""

    declarer: str
    square: Square
    face: Kind
    answers: dict[str, bool]
    succeeded: bool


# -- the public state ---------------------------------------------------------------
@dataclass
class PublicState:
    """What every seat sees: pieces, face-up cards, publicly known faces, turn order."""

    variant: Variant
    players: tuple[str, ...]
    positions: dict[str, Square]
    face_up: dict[Square, Kind] = field(default_factory=dict)
    known: dict[Square, Kind] = field(default_factory=dict)  # faces the whole table knows
    skips: dict[str, int] = field(default_factory=dict)
    failures: dict[str, int] = field(default_factory=dict)
    cursor: int = 0  # index in `players` of whose turn may come next
    over: ErrorText | None = None  # why the game ended, if it did

    @classmethod
    def start(cls, variant: Variant, players: Sequence[str], start: dict[str, Square]) -> PublicState:
        return cls(variant, tuple(players), dict(start), skips={p: 0 for p in players},
                   failures={p: 0 for p in players})

    def copy(self) -> PublicState:
        """An independent copy (what a turn changes is copied)."""
        return replace(self, positions=dict(self.positions), face_up=dict(self.face_up), known=dict(self.known),
                       skips=dict(self.skips), failures=dict(self.failures))

    def next_player(self) -> str:
        """Whose turn it is: the next player in order whose skip counter is zero.

        Players still skipping turns are passed over, each pass costing one skip.
        The state is not changed; ``advance`` commits it.
        """
        player = self.players[self.cursor]
        return player if self.skips[player] == 0 else self._walk()[0]  # nobody skipping: the next seat

    def _walk(self) -> tuple[str, dict[str, int], int, list[str]]:
        """The next player, the skip counters after reaching it, its seat, and the
        players passed over on the way (each pass costs one skip)."""
        skips = dict(self.skips)
        passed: list[str] = []
        i = self.cursor
        for _ in range(len(self.players) * (self.variant.skip_turns + 1) + 1):
            p = self.players[i % len(self.players)]
            if skips[p] == 0:
                return p, skips, i % len(self.players), passed
            skips[p] -= 1
            passed.append(p)
            i += 1
        raise AssertionError("turn order has no player")  # pragma: no cover

    def skipped_before_next(self) -> list[str]:
        """The players whose turns are skipped before ``next_player`` plays."""
        return self._walk()[3]

    def advance(self) -> str:
        player = self.players[self.cursor]
        if self.skips[player] == 0:  # nobody skipping: the next seat plays
            self.cursor = (self.cursor + 1) % len(self.players)
            return player
        player, skips, index, _ = self._walk()
        self.skips = skips
        self.cursor = (index + 1) % len(self.players)
        return player

    def legal_moves(self, player: str) -> list[Square]:
        board = self.variant.board
        here = self.positions[player]
        moves = board.neighbours(here)
        if not self.variant.shared_squares:
            taken = {sq for p, sq in self.positions.items() if p != player}
            moves = [sq for sq in moves if sq not in taken]
        return moves

    def is_face_up(self, sq: Square) -> bool:
        return sq in self.face_up

    # -- what a turn changes (shared by replay and the State) --------------------------
    def play(self, turn: Turn, n: int, succeeded: bool | None) -> None:
        """Turn ``n`` on the table: the piece moves; a revealed card turns face-up; a
        declaration ends the game (success) or puts the card face-down with its face
        public (failure, R3); ``succeeded`` None: the outcome is not known yet."""
        self.move(turn.player, turn.to)
        if turn.declare is not None:
            if succeeded:
                self.declaration_succeeded(turn.player, n)
            elif succeeded is False:
                self.declaration_failed(turn.player, turn.to, turn.declare.card)
        elif turn.check is Check.REVEALED:
            assert turn.card is not None
            self.reveal(turn.to, turn.card)

    def move(self, player: str, to: Square) -> None:
        self.positions[player] = to

    def reveal(self, sq: Square, kind: Kind) -> None:
        """A revealed card stays face-up for good; everyone knows its face."""
        self.face_up[sq] = kind
        self.known[sq] = kind

    def declaration_succeeded(self, player: str, turn: int) -> None:
        self.over = ErrorText("over:succeeded", player=player, turn=turn)

    def declaration_failed(self, player: str, sq: Square, kind: Kind) -> None:
        """The card goes back face-down, its face now known to all; the declarer skips
        its next turns, and in the 2-player game a second failure loses at once."""
        self.face_up.pop(sq, None)
        self.known[sq] = kind
        self.skips[player] += self.variant.skip_turns
        self.failures[player] += 1
        limit = self.variant.losing_failures
        if limit is not None and self.failures[player] >= limit:
            self.over = ErrorText("over:lost", player=player, n=self.failures[player])


# -- the rules, one function each -----------------------------------------------------
def clue_text(clue: Attribute) -> Named:
    """A clue named in an error: its Japanese name in Japanese (a reduced deck's
    attribute, which has none, as written)."""
    return Named(clue, ATTRIBUTE_NAMES_JA.get(clue, clue))


def start_corners_are_distinct(variant: Variant, start: dict[str, Square], where: dict[str, Source]) -> None:
    board = variant.board
    corners = {board.name(c) for c in board.corners}
    seen: dict[Square, str] = {}
    for player, sq in start.items():
        if sq not in board.corners:
            raise IllegalMoveError(ErrorText("rules:start-not-corner", player=player, square=board.name(sq)), where[player],
                                   ", ".join(sorted(corners)))
        if sq in seen:
            free = sorted(corners - {board.name(s) for s in seen})
            raise IllegalMoveError(ErrorText("rules:start-shared", player=player, other=seen[sq], square=board.name(sq)),
                                   where[player], ", ".join(free))
        seen[sq] = player


def move_is_one_orthogonal_step(state: PublicState, player: str, to: Square, where: Where) -> None:
    board = state.variant.board
    here = state.positions[player]
    if to in state.legal_moves(player):
        return
    legal = ", ".join(board.name(s) for s in state.legal_moves(player))
    (c0, r0), (c1, r1) = board.coords(here), board.coords(to)
    if to == here:
        why = ErrorText("rules:why-pass")
    elif abs(c0 - c1) == 1 and abs(r0 - r1) == 1:
        why = ErrorText("rules:why-diagonal")
    elif to in board.neighbours(here):
        why = ErrorText("rules:why-occupied")
    else:
        why = ErrorText("rules:why-far", n=board.distance(here, to))
    raise IllegalMoveError(ErrorText("rules:cannot-move", player=player, here=board.name(here), to=board.name(to), why=why),
                           source_of(where), legal)


def declaration_replaces_the_check(turn: Turn, where_check: Source, where_card: Where) -> None:
    """R8: a declaring turn opens the card for all instead of hiding or revealing it, so
    it has no check, and its face is written once, as the declaration's card."""
    if turn.declare is None:
        return
    if turn.check is not None:
        raise IllegalMoveError(ErrorText("rules:check-on-declaring", player=turn.player), where_check,
                               ErrorText("rules:check-on-declaring-valid"))
    if turn.card is not None:
        raise IllegalMoveError(ErrorText("rules:card-on-declaring", player=turn.player), source_of(where_card),
                               ErrorText("rules:card-on-declaring-valid"))


def check_matches_card_side(state: PublicState, turn: Turn, where: Source) -> None:
    """A face-down destination is checked (hidden/revealed); a face-up one is not (none)."""
    name = state.variant.board.name
    if turn.check is None:
        valid = '"none"' if state.is_face_up(turn.to) else ErrorText("rules:hidden-or-revealed")
        raise IllegalMoveError(ErrorText("rules:check-missing", player=turn.player, square=name(turn.to)), where, valid)
    if state.is_face_up(turn.to) and turn.check is not Check.NONE:
        raise IllegalMoveError(ErrorText("rules:face-up", square=name(turn.to), card=state.face_up[turn.to].id), where,
                               '"none"')
    if not state.is_face_up(turn.to) and turn.check is Check.NONE:
        raise IllegalMoveError(ErrorText("rules:face-down", square=name(turn.to)), where, ErrorText("rules:hidden-or-revealed"))


def face_is_given_where_seen(state: PublicState, turn: Turn, viewer: str | None, seen: dict[Square, Kind],
                             where: Where) -> None:
    """``revealed`` needs the face; ``hidden`` may give it only if the viewer saw it; a
    face must agree with what the viewer already saw on that square."""
    name = state.variant.board.name
    if turn.check is Check.REVEALED and turn.card is None:
        raise IllegalMoveError(ErrorText("rules:reveal-without-card", square=name(turn.to)), source_of(where),
                               ErrorText("rules:reveal-without-card-valid"))
    if (turn.check is Check.HIDDEN and turn.card is not None and turn.player != viewer
            and turn.to not in state.known and turn.to not in seen):
        raise IllegalMoveError(ErrorText("rules:hidden-face-unseen", player=turn.player, square=name(turn.to),
                                         viewer=viewer or ErrorText("rules:a-spectator")),
                               source_of(where), ErrorText("rules:omit-card"))
    known = state.face_up.get(turn.to) or state.known.get(turn.to) or seen.get(turn.to)
    if turn.card is not None and known is not None and turn.card != known:
        raise IllegalMoveError(ErrorText("rules:card-known", square=name(turn.to), known=known.id, card=turn.card.id),
                               source_of(where), known.id)


def viewer_does_not_lie(turn: Turn, viewer: str | None, clue: Attribute | None, where: Source) -> None:
    """Lying is forbidden: the viewer hid only cards with its clue and revealed the rest."""
    if turn.player != viewer or clue is None or turn.card is None or turn.check is Check.NONE:
        return
    carries = hides(clue, turn.card)
    if turn.check is Check.HIDDEN and not carries:
        raise IllegalMoveError(ErrorText("rules:hid-without-clue", viewer=viewer, card=turn.card.id, clue=clue_text(clue)),
                               where, '"revealed"')
    if turn.check is Check.REVEALED and carries:
        raise IllegalMoveError(ErrorText("rules:revealed-with-clue", viewer=viewer, card=turn.card.id, clue=clue_text(clue)),
                               where, '"hidden"')


def answers_come_from_the_others(state: PublicState, declarer: str, answers: dict[str, bool], where: Source) -> None:
    others = [p for p in state.players if p != declarer]
    if declarer in answers:
        raise IllegalMoveError(ErrorText("rules:answer-own", declarer=declarer), where, ", ".join(others))
    missing = [p for p in others if p not in answers]
    if missing:
        raise IllegalMoveError(ErrorText("rules:answer-missing", names=", ".join(missing)), where,
                               ErrorText("rules:answer-each", names=", ".join(others)))


def viewer_answers_truthfully(variant: Variant, declarer: str, card: Kind, answers: dict[str, bool],
                              viewer: str | None, clue: Attribute | None, genuine: bool | None, where: Source) -> None:
    if viewer is None or viewer == declarer or viewer not in answers or clue is None:
        return
    if variant.fake and genuine is False:
        if answers[viewer]:
            raise IllegalMoveError(ErrorText("rules:fake-says-no", viewer=viewer), where, '"no"')
        return
    truth = truthful_answer(clue, False, card)
    if variant.fake and genuine is None and not answers[viewer]:
        return  # a "no" is honest from the fake holder, and the record does not say who that is
    if answers[viewer] != truth:
        said = ErrorText("rules:answer-yes" if truth else "rules:answer-no", card=card.id, viewer=viewer, clue=clue_text(clue))
        raise IllegalMoveError(said, where, '"yes"' if truth else '"no"')


def declaring_is_allowed_here(variant: Variant, face_up: bool) -> bool:
    """R5: a table may forbid declaring on a face-up card."""
    return variant.declare_on_face_up or not face_up


def declaration_asserts_own_clue(variant: Variant, genuine: bool, clue: Attribute, card: Kind) -> bool:
    """R4: declaring is an assertion; a genuine player declares only on a card with its
    clue (the fake holder, guessing, anywhere)."""
    return not variant.declare_needs_own_clue or not genuine or clue in card.attrs


def genuine_declarer_has_its_clue(variant: Variant, declarer: str, card: Kind, viewer: str | None,
                                  clue: Attribute | None, genuine: bool | None, where: Source) -> None:
    """R4: declaring is an assertion; a genuine player declares only on its own clue."""
    if not variant.declare_needs_own_clue or declarer != viewer or clue is None:
        return
    if variant.fake and genuine is not True:
        return  # the fake holder may declare anywhere (and an unknown card may be the fake)
    if not declaration_asserts_own_clue(variant, True, clue, card):
        raise IllegalMoveError(ErrorText("rules:declare-without-clue", viewer=viewer, card=card.id, clue=clue_text(clue)),
                               where, ErrorText("rules:card-carrying", clue=clue_text(clue)))


def declaration_outcome(variant: Variant, declarer: str, answers: dict[str, bool], viewer: str | None = None,
                        genuine: bool | None = None) -> bool | None:
    """Success when every answer is yes.  With a fake in play one 'no' may be the fake's,
    so the outcome is then open (None) unless the viewer knows better: its own 'no' as a
    genuine player, or its own declaration as the fake holder, fails for sure."""
    noes = [p for p, yes in answers.items() if not yes]
    if not noes:
        return True
    if variant.fake and len(noes) == 1:
        if viewer is not None and genuine is True and noes == [viewer]:
            return False
        if viewer is not None and genuine is False and declarer == viewer:
            return False
        return None
    return False


def copies_are_not_exceeded(seen: dict[Square, Kind], times: dict[Kind, int], board: Board, where: Where,
                            sq: Square, kind: Kind) -> None:
    """``kind`` was just seen on ``sq`` (added to ``seen``, and to ``times``, how many
    squares of ``seen`` show each kind): it is seen no more often than the deck holds it
    (every face seen is checked as it is added, so only the kind just seen can be over)."""
    before = seen.get(sq)
    if before != kind:
        if before is not None:
            times[before] -= 1
        times[kind] = times.get(kind, 0) + 1
        seen[sq] = kind
    if times[kind] > kind.copies:
        squares = [s for s, k in seen.items() if k == kind]
        names = ", ".join(board.name(s) for s in sorted(squares))
        raise IllegalMoveError(ErrorText("rules:too-many-copies", n=len(squares), card=kind.id, squares=names,
                                         copies=kind.copies),
                               source_of(where), ErrorText("rules:copies-valid", copies=kind.copies, card=kind.id))


# -- replay -------------------------------------------------------------------------
@dataclass
class Replay:
    """A legal record turned into observations, with the public state after it."""

    state: PublicState
    observations: list[Observation]
    seen: dict[Square, Kind]  # faces the viewer knows, by square
    times: dict[Kind, int] = field(default_factory=dict)  # how many squares of ``seen`` show each kind
    turns: int = 0  # the turns replayed


class RecordLike(Protocol):
    """What ``replay`` needs of a record (``CanaryRecord`` provides it)."""

    variant: Variant
    players: tuple[str, ...]
    viewer: str | None
    clue: Attribute | None
    genuine: bool | None
    start: dict[str, Square]
    turns: list[Turn]

    def where(self, turn: int | None, key: str | None = None, sub: str | None = None) -> Source: ...


def replay(record: RecordLike, after: Replay | None = None) -> Replay:
    """Replay every turn through the rules; raise ``IllegalMoveError`` at the first
    problem, else return what the record observes about the hidden state.

    ``after``: the replay of the record cut after its first ``after.turns`` turns (the
    same setup and turns), which this one continues, so that a caller checking many
    records that share a prefix replays the prefix once (it is left unchanged)."""
    v = record.variant
    board = v.board
    if after is not None:
        state = after.state.copy()
        obs, seen, times = list(after.observations), dict(after.seen), dict(after.times)
    else:
        start_corners_are_distinct(v, record.start, {p: record.where(None, p, "start") for p in record.start})
        state = PublicState.start(v, record.players, record.start)
        obs, seen, times = [], {}, {}
        if record.viewer is not None and record.clue is not None:
            obs.append(OwnClue("clue", record.where(None, "clue"), None, record.viewer, record.clue))
        if v.fake and record.viewer is not None and record.genuine is not None:
            obs.append(OwnAuthenticity("genuine", record.where(None, "genuine"), None, record.viewer, record.genuine))

    first = after.turns if after is not None else 0
    for n, turn in enumerate(record.turns[first:], start=first + 1):
        if state.over:
            raise IllegalMoveError(ErrorText("rules:after-end", n=n, over=state.over), record.where(n, "player"),
                                   ErrorText("rules:no-more-turns"))
        expected = state.next_player()
        if turn.player != expected:
            skipped = state.skipped_before_next()
            note = ErrorText("rules:skipping", names=", ".join(sorted(set(skipped)))) if skipped else ""
            raise IllegalMoveError(ErrorText("rules:not-your-turn", expected=expected, player=turn.player, skipping=note),
                                   record.where(n, "player"), expected)
        state.advance()
        move_is_one_orthogonal_step(state, turn.player, turn.to, partial(record.where, n, "to"))
        check = record.where(n, "check")  # each asked by several rules; the card's place only for an error
        card = partial(record.where, n, "card")
        declaration_replaces_the_check(turn, check, card)
        if turn.declare is not None:
            obs.extend(_declaration(state, record, n, turn, seen, times))
            continue
        check_matches_card_side(state, turn, check)
        face_is_given_where_seen(state, turn, record.viewer, seen, card)
        viewer_does_not_lie(turn, record.viewer, record.clue, check)
        sq = turn.to
        if turn.card is not None:
            copies_are_not_exceeded(seen, times, board, card, sq, turn.card)
        state.play(turn, n, None)
        if turn.check is not Check.NONE:
            obs.append(CheckSeen(f"t{n}.check", check, n, turn.player, sq, turn.check is Check.HIDDEN, turn.card))
    return Replay(state, obs, seen, times, len(record.turns))


def _declaration(state: PublicState, record: RecordLike, n: int, turn: Turn, seen: dict[Square, Kind],
                 times: dict[Kind, int]) -> Iterator[Observation]:
    """A declaring turn (R8): the face opened for all, R4, the answers and the outcome;
    a failure leaves the card face-down with its face public (R3), even a face-up one."""
    v = state.variant
    d = turn.declare
    assert d is not None
    sq = turn.to
    where_card = record.where(n, "card", "declare")
    where_answers = record.where(n, "answers", "declare")
    if not declaring_is_allowed_here(v, state.is_face_up(sq)):
        raise IllegalMoveError(ErrorText("rules:no-declare-face-up"), where_card, ErrorText("rules:no-declaration"))
    known = seen.get(sq) or state.known.get(sq)
    if known is not None and known != d.card:
        raise IllegalMoveError(ErrorText("rules:card-is", square=v.board.name(sq), known=known.id, card=d.card.id),
                               where_card, known.id)
    copies_are_not_exceeded(seen, times, v.board, where_card, sq, d.card)
    answers_come_from_the_others(state, turn.player, d.answers, where_answers)
    viewer_answers_truthfully(v, turn.player, d.card, d.answers, record.viewer, record.clue, record.genuine, where_answers)
    genuine_declarer_has_its_clue(v, turn.player, d.card, record.viewer, record.clue, record.genuine, where_card)
    yield Declared(f"t{n}.declare", where_card, n, turn.player, sq, d.card)
    for p in state.players:
        if p != turn.player:
            at = replace(where_answers, field=f"{where_answers.field}.{p}")  # one answer of the inline table
            yield Answered(f"t{n}.answer.{p}", at, n, p, turn.player, sq, d.card, d.answers[p])
    decided = declaration_outcome(v, turn.player, d.answers, record.viewer, record.genuine)
    last = n == len(record.turns)
    succeeded: bool | None
    if d.outcome is not None:
        succeeded = d.outcome == "success"
        if decided is not None and decided != succeeded:
            raise IllegalMoveError(ErrorText("rules:outcome-succeeds" if decided else "rules:outcome-fails"),
                                   record.where(n, "outcome", "declare"), '"success"' if decided else '"failure"')
    elif decided is True or last:
        succeeded = decided  # all yes: the game ends here; last turn: as the answers say
    else:
        succeeded = False  # a declaration followed by another turn failed
    if succeeded is True and not last:
        raise IllegalMoveError(ErrorText("rules:ended", n=n), record.where(n + 1, "player"), ErrorText("rules:no-more-turns"))
    if v.fake and succeeded is not None:
        yield DeclarationOutcome(f"t{n}.outcome", where_answers, n, turn.player, sq, d.card, dict(d.answers), succeeded)
    state.play(turn, n, succeeded)


# -- what the hidden state decides (the State, the counter and replay use these) --------
def hides(clue: Attribute, card: Kind) -> bool:
    """The map check: a card carrying the mover's clue is put back face-down."""
    return clue in card.attrs


def truthful_answer(clue: Attribute, is_fake: bool, card: Kind) -> bool:
    """A genuine player answers yes iff the card carries its clue; the fake only says no."""
    return not is_fake and clue in card.attrs


def declaration_succeeds(fake: str | None, declarer: str, answers: dict[str, bool]) -> bool:
    """Without a fake, every answer must be yes.  A genuine declarer needs every genuine
    player's yes (the fake's no does not count); the fake's declaration needs all three."""
    if fake is None or fake == declarer:
        return all(answers.values())
    return all(yes for p, yes in answers.items() if p != fake)


def check_result(deal: Deal, player: str, sq: Square) -> Check:
    return Check.HIDDEN if hides(deal.clues[player], deal.layout[sq]) else Check.REVEALED


def answer(deal: Deal, player: str, card: Kind) -> bool:
    return truthful_answer(deal.clues[player], deal.fake == player, card)


def succeeds(deal: Deal, declarer: str, answers: dict[str, bool]) -> bool:
    return declaration_succeeds(deal.fake, declarer, answers)
