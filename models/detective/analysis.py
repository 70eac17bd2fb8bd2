"""``analyze``: the detective's notebook — exact holder probabilities for every card,
the truth's marginals and joint, and the certain facts."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from suiri.models.interface import record_json
from suiri.solver.facts import Fact

from . import FACTS
from .cards import CATEGORIES, Card, Category
from .counter import CASE, PUBLIC, Counts, Triple
from .rules import GameEnd
from .session import DetectiveSession


@dataclass
class DetectiveAnalysis:
    session: DetectiveSession
    counts: Counts
    owners: dict[Card, dict[str, Fraction]]  # where each card is now
    truth: dict[Category, dict[Card, Fraction]]
    triples: list[tuple[Triple, Fraction]]  # every possible truth, most likely first
    certain: list[Fact]

    @property
    def solved(self) -> Triple | None:
        """The truth when the record proves it."""
        return self.triples[0][0] if len(self.triples) == 1 else None

    def chances(self) -> dict[Fact, Fraction]:
        """Every ``subject=value`` with its exact chance: the truth's cards and where each
        card is (what `suiri live` compares between two lines)."""
        out = {Fact(f"case:{cat.value}", c.id): p for cat, d in self.truth.items() for c, p in d.items()}
        out.update({Fact(f"holder:{c.id}", h): p for c, row in self.owners.items() for h, p in row.items()})
        return out

    @property
    def columns(self) -> list[str]:
        """The notebook's columns: the case file first (what the game is about), then the
        players, then the public area; a column where every card is ruled out (no public
        cards with 6 players, an emptied hand) carries no information and is left out."""
        holders = [CASE, *(h for h in self.session.holders if h != CASE)]
        return [h for h in holders if any(row[h] for row in self.owners.values())]

    def to_json(self) -> dict[str, Any]:
        """The records README keys (``truth``, ``owners``) plus extras."""
        s = self.session
        r = s.record
        return {
            **record_json(FACTS, r),
            "truth": {cat.value: {c.id: float(p) for c, p in d.items()} for cat, d in self.truth.items()},
            "owners": {c.id: {h: float(p) for h, p in row.items()} for c, row in self.owners.items()},
            "triples": [{"suspect": t[0].id, "weapon": t[1].id, "scene": t[2].id, "p": float(p)}
                        for t, p in self.triples],
            "solved": [c.id for c in self.solved] if self.solved else None,
            "over": end_json(s.replay.end),
            "certain": [str(f) for f in self.certain],
            "hand_sizes": hand_sizes_now(s),
            "notebook": {"columns": self.columns, "cards": [c.id for c in self.owners]},  # redraw ``owners``
            "worlds": str(self.counts.total),
        }


def end_json(end: GameEnd | None) -> dict[str, Any] | None:
    """Why the game is over (None while it runs): reason, event (None: at setup), by."""
    return None if end is None else {"reason": end.reason, "event": end.event, "by": end.by}


def hand_sizes_now(s: DetectiveSession) -> dict[str, int]:
    """D3: hand sizes are public; reveals shrink them."""
    sizes = dict(zip(s.record.players, s.variant.hand_sizes, strict=True))
    for player, _ in s.replay.revealed.values():
        sizes[player] -= 1
    return sizes


def analyze(session: DetectiveSession) -> DetectiveAnalysis:
    counts = session.counts
    owners = {c: session.where_now(c) for c in session.variant.cards}
    truth = {cat: session.truth(cat) for cat in CATEGORIES}
    triples = sorted(((t, Fraction(n, counts.total)) for t, n in counts.truth.items() if n),
                     key=lambda x: (-x[1], [c.id for c in x[0]]))
    return DetectiveAnalysis(session, counts, owners, truth, triples, certain_facts(session, owners, truth))


def certain_facts(session: DetectiveSession, owners: dict[Card, dict[str, Fraction]],
                  truth: dict[Category, dict[Card, Fraction]]) -> list[Fact]:
    """Facts with probability exactly 1 (``=``) or 0 (``!=``), skipping what is written:
    each solved category of the truth, each card whose place is known, and for the other
    cards the places ruled out (the notebook's ✗ marks; public and the viewer's own hand
    go without saying)."""
    facts: list[Fact] = []
    for cat, dist in truth.items():
        facts += [Fact(f"case:{cat.value}", c.id) for c, p in dist.items() if p == 1]
    viewer = session.record.viewer
    for card, row in owners.items():
        sure = [h for h, p in row.items() if p == 1]
        if sure:
            facts.append(Fact(f"holder:{card.id}", sure[0]))
            continue
        facts += [Fact(f"holder:{card.id}", h, False) for h, p in row.items()
                  if p == 0 and h not in (PUBLIC, viewer) and not (h == CASE and card.category is None)]
    return [f for f in facts if not session.written(f)]
