"""``analyze``: exact probabilities and certain facts from the viewer's seat."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from suiri.models.interface import GameOver, record_json
from suiri.solver.facts import Fact

from . import FACTS
from .cards import Attribute, Kind
from .counter import Counts
from .record import CanaryRecord
from .rules import CheckSeen
from .session import CanarySession

LOOKS = ("face-up", "known", "hidden", "unknown")  # how a square's card looks to the viewer


@dataclass(frozen=True)
class SquareView:
    """One square's card as the viewer knows it: ``face-up`` (everyone sees it),
    ``known`` (face-down, but the viewer saw its face or a failed declaration showed it),
    ``hidden`` (face-down after ``hidden_by`` hid it, so it carries their clues — or the
    fake) or ``unknown``.  ``hidden_by`` is kept for every look: a known card may have been
    hidden too."""

    look: str
    kind: Kind | None
    hidden_by: tuple[str, ...]


@dataclass
class Assignment:
    clues: dict[str, Attribute]
    fake: str | None
    p: Fraction


@dataclass
class CanaryAnalysis:
    session: CanarySession
    counts: Counts
    unknown: list[str]  # players whose clue the viewer does not know
    clues: dict[str, dict[Attribute, Fraction]]
    assignments: list[Assignment]
    goal: list[Fraction]  # per square
    fake: dict[str, Fraction] | None
    certain: list[Fact]
    goal_cards: dict[Kind, Fraction]  # per card kind: the chance it is a goal card (carries every genuine clue)
    over: GameOver | None  # how the game ended, once a record line ended it

    @property
    def goal_known(self) -> list[int] | None:
        """The goal square(s) when the record fixes them, else None."""
        if all(p in (0, 1) for p in self.goal):
            return [sq for sq, p in enumerate(self.goal) if p == 1]
        return None

    @property
    def goal_card_known(self) -> list[Kind] | None:
        """The goal card(s) when every world agrees on them (every clue that counts is
        certain), else None: with 3 or 4 players one card, with 2 players every card
        carrying both clues.  The square may still be open."""
        if all(p in (0, 1) for p in self.goal_cards.values()):
            return [k for k, p in self.goal_cards.items() if p == 1]
        return None

    def chances(self) -> dict[Fact, Fraction]:
        """Every ``subject=value`` the viewer does not know, with its exact chance (what
        `suiri live` compares between two lines)."""
        board = self.session.board
        out = {Fact(f"clue:{p}", a): x for p, dist in self.clues.items() for a, x in dist.items()}
        out.update({Fact("goal", board.name(sq)): x for sq, x in enumerate(self.goal)})
        out.update({Fact("fake", p): x for p, x in (self.fake or {}).items()})
        return out

    def seen_faces(self) -> dict[int, Kind]:
        return dict(self.session.replay.seen)

    def squares(self) -> list[SquareView]:
        """Every square's card as the map draws it (the four looks), by square index."""
        rp = self.session.replay
        hiders: dict[int, list[str]] = {}
        for o in rp.observations:
            if isinstance(o, CheckSeen) and o.hidden and o.player not in hiders.setdefault(o.square, []):
                hiders[o.square].append(o.player)
        out = []
        for sq in self.session.board.squares:
            by = tuple(hiders.get(sq, ()))
            if sq in rp.state.face_up:
                out.append(SquareView("face-up", rp.state.face_up[sq], by))
            elif sq in rp.seen:
                out.append(SquareView("known", rp.seen[sq], by))
            else:
                out.append(SquareView("hidden" if by else "unknown", None, by))
        return out

    def to_json(self) -> dict[str, Any]:
        """The records README keys (``clues``, ``assignments``, ``goal``) plus extras."""
        board = self.session.board
        record = self.session.record
        known = self.goal_known
        out: dict[str, Any] = {
            **record_json(FACTS, record),
            "clues": {p: {a: float(x) for a, x in d.items()} for p, d in self.clues.items()},
            "assignments": [
                {"clues": dict(a.clues), "fake": a.fake, "p": float(a.p)} for a in self.assignments
            ],
            "goal": {board.name(sq): float(p) for sq, p in enumerate(self.goal)},
            "goal_known": [board.name(sq) for sq in known] if known is not None else None,
            "goal_card": {k.id: float(p) for k, p in self.goal_cards.items() if p},
            "goal_card_known": [k.id for k in cards] if (cards := self.goal_card_known) is not None else None,
            **self.map_json(),
            "certain": [str(f) for f in self.certain],
            "worlds": str(self.counts.total),
        }
        if self.fake is not None:
            out["fake"] = {p: float(x) for p, x in self.fake.items()}
        return out

    def map_json(self) -> dict[str, Any]:
        """What a tool needs to redraw the map: the board's size, each piece's square and
        every square's look (``LOOKS``), known face and who hid it."""
        board = self.session.board
        return {
            "board": {"width": board.width, "height": board.height},
            "pieces": {p: board.name(sq) for p, sq in self.session.replay.state.positions.items()},
            "squares": {board.name(sq): {"look": v.look, "card": v.kind.id if v.kind else None,
                                         "hidden_by": list(v.hidden_by)}
                        for sq, v in enumerate(self.squares())},
        }


def analyze(session: CanarySession) -> CanaryAnalysis:
    counts = session.counts
    record = session.record
    players = list(record.players)
    unknown = [p for p in players if p != record.viewer]
    clues = {p: counts.clue_marginals(p) for p in unknown}
    seat = {p: i for i, p in enumerate(players)}
    grouped: dict[tuple[tuple[str, Attribute], ...], dict[str | None, Fraction]] = {}
    for h, w in counts.weights.items():
        key = tuple((p, h.clues[seat[p]]) for p in unknown)
        holder = players[h.fake] if h.fake is not None else None
        slot = grouped.setdefault(key, {})
        slot[holder] = slot.get(holder, Fraction(0)) + Fraction(w, counts.total)
    assignments = [Assignment(dict(k), f, p) for k, fakes in grouped.items() for f, p in fakes.items()]
    assignments.sort(key=lambda a: (-a.p, sorted(a.clues.items()), a.fake or ""))
    goal = counts.goal_marginals()
    fake = counts.fake_marginals() if session.variant.fake else None
    return CanaryAnalysis(session, counts, unknown, clues, assignments, goal, fake,
                          certain_facts(session, clues, goal, fake), goal_cards(counts), game_over(session))


def goal_cards(counts: Counts) -> dict[Kind, Fraction]:
    """Each card kind's exact chance of being a goal card: a clue deal fixes the goal
    cards (those carrying every genuine clue), so the chance is the weight of the deals
    whose goal cards include it."""
    deck = counts.variant.deck
    out = {k: Fraction(0) for k in deck.kinds}
    for h, w in counts.weights.items():
        for k in deck.carrying(h.genuine()):
            out[k] += Fraction(w, counts.total)
    return out


def game_over(session: CanarySession) -> GameOver | None:
    """How the record's game ended (``PublicState.over`` says why), and who won: a
    successful declaration wins for the declarer — with 4 players, when one answer was
    no (the fake's), the genuine players who said yes win with it, and when all said
    yes the declarer is the fake and wins alone; with 2 players, a second failed
    declaration loses, so the other player wins."""
    why = session.replay.state.over
    if why is None:
        return None
    players = session.record.players
    last = session.record.turns[-1]
    if why.key == "over:succeeded":
        assert last.declare is not None
        yes = {p for p, said in last.declare.answers.items() if said}
        won = {last.player} | (yes if len(yes) < len(last.declare.answers) else set())
        reason = "declared"
    else:  # over:lost
        won = {p for p in players if p != last.player}
        reason = "failed-twice"
    return GameOver(reason, why, {p: Fraction(p in won) for p in players})


def certain_facts(session: CanarySession, clues: dict[str, dict[Attribute, Fraction]], goal: list[Fraction],
                  fake: dict[str, Fraction] | None) -> list[Fact]:
    """Facts with probability exactly 1 (``=``) or 0 (``!=``), skipping what is written."""
    facts: list[Fact] = []
    for p, dist in clues.items():
        sure = [a for a, x in dist.items() if x == 1]
        facts += [Fact(f"clue:{p}", a) for a in sure] or [Fact(f"clue:{p}", a, False) for a, x in dist.items() if x == 0]
    board = session.board
    sure_goal = [sq for sq, x in enumerate(goal) if x == 1]
    facts += [Fact("goal", board.name(sq)) for sq in sure_goal]
    if not sure_goal or session.variant.players == 2:
        facts += [Fact("goal", board.name(sq), False) for sq, x in enumerate(goal) if x == 0]
    if fake is not None:
        sure_fake = [p for p, x in fake.items() if x == 1]
        facts += [Fact("fake", p) for p in sure_fake] or [Fact("fake", p, False) for p, x in fake.items() if x == 0]
    return [f for f in facts if not written(session.record, f)]


def written(record: CanaryRecord, fact: Fact) -> bool:
    """Facts the record states outright (the viewer's own cards): not worth reporting."""
    viewer = record.viewer
    if viewer is None:
        return False
    own_card = record.genuine is not None  # the record says whether the viewer is the fake
    return fact.subject == f"clue:{viewer}" or (own_card and fact.subject == "fake" and fact.value == viewer)

