"""``advise``: the viewer's legal moves ranked, each with its reasons.

For each destination: the exact chance that it is a goal square; for a face-down
card, the expected information the check gives the viewer about the goal (mutual
information between the face seen and the goal, bits) and what the public outcome
(hidden, or the face revealed) tells the *table* about the viewer's own clue (bits,
computed on the public record, i.e. from a spectator's seat); the expected distance
to the goal; and which faces would make declaring worth it.  The score that orders
the moves is written in ``docs/engine.md``.

When every clue that counts is certain but the square is not (3 or 4 players), the goal
card is known and only its place is open: the advice then plans a walk of ``PLAN_MOVES``
moves that steps on as much of the goal's chance as it can (each check of a face-down
square shows whether the goal card lies there), and ranks each move by the best such
walk it starts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from suiri.solver.errors import SuiriError
from suiri.solver.information import entropy, information_gain

from .analysis import goal_cards
from .board import Board, Square
from .cards import Kind
from .counter import Counts, WorldCounter, kind_marginals
from .error_text import ErrorText
from .rules import replay
from .session import CanarySession

W_GOAL, W_INFO, W_LEAK, W_DIST = 4.0, 1.0, 0.5, 0.1
DECLARE_AT = Fraction(1, 2)  # declare after seeing a face when success is at least this likely
PLAN_MOVES = 3  # how many moves ahead the plan toward a known goal card looks


@dataclass
class DeclareIf:
    kind: Kind
    p_face: Fraction  # chance of seeing this face
    p_success: Fraction  # chance the declaration then succeeds


@dataclass
class MoveAdvice:
    square: Square
    face_up: bool
    p_goal: Fraction
    info_bits: float
    leak_bits: float
    distance: float
    declare_if: list[DeclareIf] = field(default_factory=list)
    score: float = 0.0
    may_declare: bool = True  # R5 off: no declaring on a face-up card
    walk: list[Square] = field(default_factory=list)  # with a plan: the best walk this move starts
    p_find: Fraction | None = None  # with a plan: the exact chance that walk steps on the goal card

    @property
    def declare_now(self) -> bool:
        return self.p_goal == 1 and self.may_declare


@dataclass(frozen=True)
class Plan:
    """The goal card is certain, its square is not: walk where it most likely lies."""

    card: Kind
    walk: list[Square]  # the best move's walk
    p_find: Fraction  # the exact chance the walk steps on the goal card


@dataclass
class Advice:
    player: str
    position: Square
    to_move: str | None  # whose turn it is now (None: the game is over)
    goal_uncertainty: float
    moves: list[MoveAdvice]
    plan: Plan | None = None

    @property
    def best(self) -> MoveAdvice | None:
        return self.moves[0] if self.moves else None

    def to_json(self, session: CanarySession) -> dict[str, Any]:
        name = session.board.name
        return {
            "player": self.player,
            "position": name(self.position),
            "to_move": self.to_move,
            "goal_uncertainty_bits": self.goal_uncertainty,
            "action": ("declare" if self.best and self.best.declare_now else "move") if self.best else None,
            "plan": None if self.plan is None else {
                "goal_card": self.plan.card.id, "walk": [name(sq) for sq in self.plan.walk],
                "p_find": float(self.plan.p_find)},
            "moves": [
                {
                    "to": name(m.square), "face_up": m.face_up, "p_goal": float(m.p_goal),
                    "info_bits": m.info_bits, "leak_bits": m.leak_bits, "expected_distance": m.distance,
                    "declare": m.declare_now,
                    "declare_if": [{"card": d.kind.id, "p_face": float(d.p_face), "p_success": float(d.p_success)}
                                   for d in m.declare_if],
                    "score": m.score,
                    **({} if m.p_find is None else {"walk": [name(sq) for sq in m.walk], "p_find": float(m.p_find)}),
                }
                for m in self.moves
            ],
        }


def goal_uncertainty(counts: Counts, players: int) -> float:
    """Entropy of the goal square; with 2 players (5 goal squares) the sum of each
    square's binary entropy, since the goal is a set there.  Read from the integer counts:
    ``s / total`` is the float of the marginal's ``Fraction`` (a quotient of integers is
    rounded once, however reduced), without making a ``Fraction`` per square."""
    total = counts.total
    sums = counts.goal_sums()
    if players == 2:
        return sum(entropy([s / total, (total - s) / total]) for s in sums)
    return entropy([s / total for s in sums])


def advise(session: CanarySession) -> Advice:
    record = session.record
    viewer = record.viewer
    if viewer is None or record.clue is None:
        raise SuiriError(ErrorText("advice:no-seat"), record.where(None, "viewer"), ErrorText("advice:no-seat-valid"))
    state = session.replay.state
    counts = session.counts
    board = session.board
    players = session.variant.players
    goal = counts.goal_marginals()
    sums = counts.goal_sums()
    h_goal = goal_uncertainty(counts, players)
    public = _public_counter(session)
    public_prior = public.count(goals=False).clue_marginals(viewer)
    card = _goal_card(session, goal)
    moves = []
    for sq in state.legal_moves(viewer):
        face_up = sq in state.face_up
        m = MoveAdvice(sq, face_up, goal[sq], 0.0, 0.0, _expected_distance(board, sq, sums))
        if not face_up:
            faces = kind_marginals(session.counter, sq, counts)
            m.info_bits, m.declare_if = _check_value(session, sq, faces, h_goal)
            m.leak_bits = _leak(session, public, public_prior, sq, faces)
        m.may_declare = not face_up or session.variant.declare_on_face_up
        m.score = W_GOAL * float(m.p_goal) + W_INFO * m.info_bits - W_LEAK * m.leak_bits - W_DIST * m.distance
        if card is not None:
            m.walk, m.p_find = best_walk(board, sq, goal, PLAN_MOVES)
            m.score += W_GOAL * float(m.p_find - m.p_goal)  # the chance found on the later moves of the walk
        if m.declare_now:
            m.score += 100.0
        moves.append(m)
    moves.sort(key=lambda m: (-m.score, m.square))
    to_move = None if state.over else state.next_player()
    plan = None
    if card is not None and moves and moves[0].p_find is not None:
        plan = Plan(card, moves[0].walk, moves[0].p_find)
    return Advice(viewer, state.positions[viewer], to_move, h_goal, moves, plan)


def _goal_card(session: CanarySession, goal: list[Fraction]) -> Kind | None:
    """The goal card when every world agrees on it and its square is still open (3 or 4
    players: one card carries every genuine clue); None otherwise."""
    if session.variant.players == 2 or all(p in (0, 1) for p in goal):
        return None
    sure = [k for k, p in goal_cards(session.counts).items() if p == 1]
    return sure[0] if len(sure) == 1 else None


def best_walk(board: Board, first: Square, goal: list[Fraction], moves: int) -> tuple[list[Square], Fraction]:
    """The walk of ``moves`` moves starting on ``first`` whose squares hold the most goal
    chance, and that chance: with one goal square the squares' chances are of disjoint
    events, so their sum over the walk's distinct squares is exactly the chance the walk
    steps on the goal.  Ties: the walk that gets there sooner, then by square."""
    best: tuple[Fraction, list[Fraction], list[Square]] | None = None

    def extend(walk: list[Square]) -> None:
        nonlocal best
        if len(walk) == moves:
            seen: set[Square] = set()
            gains = []
            for sq in walk:
                gains.append(goal[sq] if sq not in seen else Fraction(0))
                seen.add(sq)
            key = (sum(gains, Fraction(0)), gains, walk)
            if best is None or (key[0], key[1]) > (best[0], best[1]) or \
                    ((key[0], key[1]) == (best[0], best[1]) and walk < best[2]):
                best = key
            return
        for nxt in board.neighbours(walk[-1]):
            extend([*walk, nxt])

    extend([first])
    assert best is not None
    return best[2], best[0]


def _expected_distance(board: Board, sq: Square, sums: list[int]) -> float:
    """The goal's expected distance from ``sq``, from the goal counts per square (one
    rounding of the exact quotient, as the ``Fraction`` of the marginals would give)."""
    total = sum(sums)
    return sum(s * board.distance(sq, g) for g, s in enumerate(sums)) / total if total else 0.0


def _check_value(session: CanarySession, sq: Square, faces: dict[Kind, Fraction],
                 h_goal: float) -> tuple[float, list[DeclareIf]]:
    """Mutual information between the face seen on ``sq`` and the goal, and the faces
    after which declaring would probably succeed."""
    clue = session.record.clue
    players = session.variant.players
    after: list[tuple[Fraction, float]] = []
    declare: list[DeclareIf] = []
    for kind, p_face in faces.items():
        post = session.counter.count(fixed={sq: kind}, strict=False)
        if not post.weights:
            continue
        after.append((p_face, goal_uncertainty(post, players)))
        genuine_needs_clue = session.variant.declare_needs_own_clue and session.record.genuine is not False
        if genuine_needs_clue and clue not in kind.attrs:
            continue
        here = Fraction(post.goal_sums()[sq], post.total)
        if here >= DECLARE_AT:
            declare.append(DeclareIf(kind, p_face, here))
    declare.sort(key=lambda d: -d.p_success)
    return information_gain(h_goal, after), declare


def _public_counter(session: CanarySession) -> WorldCounter:
    """The counter of what the whole table knows: the record as a spectator sees it."""
    record = session.record
    public = record.as_seen_by(None, None, None)
    return WorldCounter(session.variant, record.players, replay(public).observations)


def _leak(session: CanarySession, public: WorldCounter, prior: dict[str, Fraction], sq: Square,
          faces: dict[Kind, Fraction]) -> float:
    """Expected drop of the table's uncertainty about the viewer's clue after this check.

    The table's worlds after each outcome are read from its worlds with ``sq`` fixed to
    each kind: a hide leaves the kinds that carry the viewer's clue (in each clue deal,
    the clue that deal gives the viewer), a reveal the one face shown, unless it carries
    that clue.  These are the integers a count with the outcome's observation gives, in
    one pass over the table's clue deals."""
    viewer, clue = session.record.viewer, session.record.clue
    assert viewer is not None and clue is not None
    h_before = entropy(prior.values())
    p_hidden = sum((p for k, p in faces.items() if clue in k.attrs), Fraction(0))
    seat = public.players.index(viewer)
    attributes = session.variant.deck.attributes
    hidden = dict.fromkeys(attributes, 0)  # the table's worlds after a hide, by the viewer's clue
    shown = {k: dict.fromkeys(attributes, 0) for k in faces if clue not in k.attrs}  # after each reveal
    kinds = session.variant.deck.kinds
    for h, layout in public.layouts.items():
        mine = h.clues[seat]
        for kind, n in zip(kinds, layout.with_square(sq), strict=True):  # the worlds with ``sq`` holding each kind
            if mine in kind.attrs:
                hidden[mine] += n
            elif kind in shown:
                shown[kind][mine] += n
    outcomes = ([(p_hidden, hidden)] if p_hidden else []) + [(p, shown[k]) for k, p in faces.items() if k in shown]
    after = []
    for p, by_clue in outcomes:
        total = sum(by_clue.values())
        if total:  # the float of each clue's Fraction, as ``clue_marginals`` would give
            after.append((p, entropy([w / total for w in by_clue.values()])))
    return information_gain(h_before, after)
