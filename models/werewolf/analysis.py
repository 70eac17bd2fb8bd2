"""``analyze``: where the Lost Legacy is, who is the Werewolf, who can be the Madman, and
what every hidden card can be — exact probabilities (W7) — plus the certain facts."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from suiri.models.interface import record_json
from suiri.solver.facts import Fact

from . import FACTS
from .cards import MADMAN
from .counter import Counts
from .record import place_str
from .replay import Call
from .rules import Slot, slot_name
from .session import WerewolfSession


@dataclass
class WerewolfAnalysis:
    session: WerewolfSession
    counts: Counts
    lost_legacy: dict[str, Fraction]
    werewolf: dict[str, Fraction]
    madman: dict[str, Fraction]
    cards: dict[Slot, dict[str, Fraction]]  # every hidden card in view: its possible kinds
    certain: list[Fact]

    @property
    def phase(self) -> str:
        rp = self.session.replay
        return "over" if rp.over else ("search" if rp.search_phase else "play")

    def chances(self) -> dict[Fact, Fraction]:
        """Every ``subject=value`` with its exact chance: the Lost Legacy's place, the
        Werewolf, the Madman and each hidden card's kind (what `suiri live` compares)."""
        out = {Fact(subject, k): p for subject, dist in (("lost-legacy", self.lost_legacy),
                                                        ("werewolf", self.werewolf), ("madman", self.madman))
               for k, p in dist.items()}
        out.update({Fact(slot_name(slot), k): p for slot, row in self.cards.items() for k, p in row.items()})
        return out

    def to_json(self) -> dict[str, Any]:
        """The records README keys (``lost_legacy``, ``werewolf``) plus extras."""
        s = self.session
        r = s.record
        return {
            **record_json(FACTS, r),
            "phase": self.phase,
            "over": s.replay.over,
            "living": list(s.living),
            "deck": s.replay.deck,
            "lost_legacy": {k: float(p) for k, p in self.lost_legacy.items() if p},
            "werewolf": {k: float(p) for k, p in self.werewolf.items() if p},
            "madman": {k: float(p) for k, p in self.madman.items() if p},
            "cards": {slot_name(slot): {k: float(p) for k, p in row.items() if p} for slot, row in self.cards.items()},
            "piles": piles_json(s),
            "certain": [str(f) for f in self.certain],
            "histories": str(self.counts.total),
            "calls": [call_json(c) for c in s.replay.calls],
            "next_call": s.replay.next_call,
        }


def piles_json(s: WerewolfSession) -> dict[str, list[dict[str, Any]]]:
    """Each player's discard from the bottom up, as the table sees it (a tool redraws the
    piles from this and ``cards``, whose ``discard:P:i`` gives each face-down card's
    chances): face-up or not, the face-up card, the turn it arrived (0: a hand turned up
    when its player was eliminated)."""
    return {p: [{"index": i, "face_up": c.face_up, "card": c.kind.id if c.kind else None, "turn": c.turn}
                for i, c in enumerate(cards, start=1)] for p, cards in s.replay.piles.items()}


def call_json(c: Call) -> dict[str, Any]:
    """One call of the search phase (W15): the order, who raised, and a lone raiser's search."""
    out: dict[str, Any] = {"order": c.order, "raised": list(c.raised), "listed": c.entry is not None}
    if c.madman:
        out["showed"] = "madman"
    if c.search is not None:
        s = c.search.search
        assert s.target is not None and s.found is not None
        out.update(player=s.player, target=place_str(s.target), found=s.found.id)
    return out


def analyze(session: WerewolfSession) -> WerewolfAnalysis:
    counts = session.counts
    cards = {slot: session.card(slot) for slot in session.hidden_slots() if slot in counts.places}
    return WerewolfAnalysis(session, counts, session.lost_legacy(), session.werewolf(), session.madman(), cards,
                            certain_facts(session))


def certain_facts(session: WerewolfSession) -> list[Fact]:
    """Facts with probability exactly 1 (``=``) or 0 (``!=``) that the record does not
    state outright: the Lost Legacy's place and the Werewolf when proven, else the players
    ruled out as Werewolf; every hidden card whose kind is proven — except what the record
    states outright (``WerewolfSession.written``; a hand card a search turned up or a
    Madman shown at its call, W15)."""
    facts: list[Fact] = []
    for subject, dist in (("lost-legacy", session.lost_legacy()), ("werewolf", session.werewolf())):
        sure = [k for k, p in dist.items() if p == 1]
        if sure:
            facts.append(Fact(subject, sure[0]))
        elif subject == "werewolf":
            facts += [Fact(subject, k, False) for k, p in dist.items()
                      if p == 0 and k != session.record.viewer and k in session.living]
    for slot in session.hidden_slots():
        if slot not in session.counts.places:
            continue
        sure = [k for k, p in session.card(slot).items() if p == 1]
        if sure:
            facts.append(Fact(slot_name(slot), sure[0]))
    shown = {slot_name(m.slot): m.search.found.id for m in session.replay.searches if m.search.found}
    shown.update({f"hand:{c.raised[0]}": MADMAN.id for c in session.replay.calls if c.madman})
    return [f for f in facts if not session.written(f) and shown.get(f.subject) != f.value]
