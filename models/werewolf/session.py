"""One Werewolf record under study (the state, no reasoning): replayed once
(``replay.replay`` raises at the first illegal turn), with the counter and the CP-SAT
model built on demand and shared by every question (analyze, explain, hint, advise).
``reasoning.WerewolfReasoner`` wraps it for explain and hint."""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property

from suiri.solver.errors import FactError, Source, unknown_subject
from suiri.solver.facts import Fact
from suiri.solver.queries import Engine
from suiri.solver.reasoning import Checked
from suiri.solver.records import find_name

from . import FACTS
from .cards import KINDS, MADMAN, NOBODY, VILLAGER
from .counter import Counts, count
from .encoder import WerewolfModel, encode
from .error_text import ErrorText
from .record import WerewolfRecord
from .replay import Replay, replay
from .rules import Slot, hand, slot_name


class WerewolfSession(Checked[Counts]):
    worlds = ErrorText("noun:history")
    valid = ErrorText("history:valid")

    def __init__(self, record: WerewolfRecord) -> None:
        self.record = record
        self.replay: Replay = replay(record)
        self._cards: dict[Slot, dict[str, Fraction]] = {}  # card(slot), worked out once per slot

    @property
    def steps(self) -> int:
        """Moves as the record lists them: the turns and the ``[[search]]`` entries."""
        return len(self.record.turns) + len(self.record.searches)

    @cached_property
    def counts(self) -> Counts:
        """Exact counts over the consistent histories; none means the record contradicts
        itself.  What ``check`` reports is ``total``, the plain number of consistent
        histories (every hidden option one history; the probabilities weigh them by W7)."""
        counts = count(self.replay)
        if counts.weight == 0:
            raise self.inconsistency()
        return counts

    def source(self, oid: str) -> Source:
        return line_source(self, oid)

    @cached_property
    def werewolf_model(self) -> WerewolfModel:
        return encode(self.replay)

    @cached_property
    def engine(self) -> Engine:
        return Engine(self.werewolf_model.model)

    # -- what is where, exactly -----------------------------------------------------------------
    @property
    def living(self) -> tuple[str, ...]:
        return self.replay.living

    def hidden_slots(self) -> list[Slot]:
        """The cards in view that the table cannot see: hands, ruins, face-down discards."""
        piles = [("pile", p, i) for p, cards in self.replay.piles.items()
                 for i, c in enumerate(cards, start=1) if not c.face_up]
        return [hand(p) for p in self.living] + [("ruins",)] + piles

    # The distributions below are asked again and again of one session (advice per option,
    # the certain facts per slot): each is divided out once and handed out as a copy.
    def lost_legacy(self) -> dict[str, Fraction]:
        return dict(self._lost_legacy)

    @cached_property
    def _lost_legacy(self) -> dict[str, Fraction]:
        c = self.counts
        places = [f"hand:{p}" for p in self.living] + [f"discard:{p}" for p in self.record.players] + ["ruins"]
        if self.replay.deck:
            places.append("deck")
        got = c.lost_legacy()
        return {k: Fraction(got.get(k, 0), c.weight) for k in places}

    def werewolf(self) -> dict[str, Fraction]:
        return dict(self._werewolf)

    @cached_property
    def _werewolf(self) -> dict[str, Fraction]:
        c = self.counts
        got = c.werewolf()
        return {k: Fraction(got.get(k, 0), c.weight) for k in (*self.record.players, NOBODY)}

    def madman(self) -> dict[str, Fraction]:
        """Who holds the Madman in hand now: at the search phase, who is the Madman."""
        c = self.counts
        got = c.holder(MADMAN)
        return {k: Fraction(got.get(k, 0), c.weight) for k in (*self.living, NOBODY)}

    def card(self, slot: Slot) -> dict[str, Fraction]:
        row = self._cards.get(slot)
        if row is None:
            row = self._cards[slot] = self._card(slot)
        return dict(row)

    def _card(self, slot: Slot) -> dict[str, Fraction]:
        c = self.counts
        row = c.places.get(slot)
        if row is None:
            raise FactError(ErrorText("place:not-hidden", slot=slot_name(slot)), None,
                            ", ".join(slot_name(s) for s in self.hidden_slots()))
        zero = Fraction(0)
        return {k.id: row[k.index] / c.weight if row[k.index] else zero for k in KINDS}  # most are 0

    def slot(self, name: str) -> Slot:
        parts = name.split(":")
        if len(parts) > 1:  # the player as declared: hand:Ben is hand:ben
            parts[1] = find_name(parts[1], self.record.players) or parts[1]
        if parts == ["ruins"]:
            return ("ruins",)
        if len(parts) == 2 and parts[0] == "hand" and parts[1] in self.living:
            return hand(parts[1])
        if len(parts) == 2 and parts[0] == "hand" and parts[1] in self.record.players:
            raise FactError(ErrorText("place:eliminated-hand", player=parts[1]), None,
                            ", ".join(slot_name(s) for s in self.hidden_slots()))
        if len(parts) == 3 and parts[0] == "discard" and parts[2].isdigit():
            slot = ("pile", parts[1], int(parts[2]))
            if slot in self.hidden_slots():
                return slot
            cards = self.replay.piles.get(parts[1], [])
            if 0 < int(parts[2]) <= len(cards) and cards[int(parts[2]) - 1].kind is not None:
                raise FactError(ErrorText("place:face-up", place=name, card=cards[int(parts[2]) - 1].kind), None,
                                ", ".join(slot_name(s) for s in self.hidden_slots()))
        slots = [slot_name(s) for s in self.hidden_slots()]
        raise unknown_subject(name, FACTS.subjects, "lost-legacy, werewolf, madman, " + ", ".join(slots), also=slots)

    @cached_property
    def public_face_down(self) -> dict[Slot, str]:
        """Face-down cards the table saw go down as a known kind (W2: a Vote or Sleep after
        its effect, an Attack, a flipped card, a Villager put down unmixed as itself)."""
        out: dict[Slot, str] = {}
        for m in self.replay.moves:
            out.update({slot: kind.id for slot, kind in m.facedown})
            if m.villager is not None and m.villager[1] in ("villager", VILLAGER):
                out[m.villager[0]] = VILLAGER.id
        return out

    def written(self, fact: Fact) -> bool:
        """Facts the table saw happen (W2) and no Sleep swap can have changed: a card that
        went face-down as a known kind into the discard of a player who is not (and so
        never was) the Werewolf; and the viewer's own hand."""
        if self.record.viewer is not None and fact.subject == f"hand:{self.record.viewer}":
            return True
        parts = fact.subject.split(":")
        if parts[0] != "discard" or len(parts) != 3 or not fact.holds:
            return False
        slot = ("pile", parts[1], int(parts[2]))
        return self.public_face_down.get(slot) == fact.value and self.werewolf()[parts[1]] == 0


def line_source(session: WerewolfSession, oid: str) -> Source:
    """The record line of an observation: ``hand``, ``turn-N``, or ``call-N`` (the call of
    search order N: its ``[[search]]`` entry's ``order``, or for a call nobody raised at
    that the record does not list, the entry that implies it, W15)."""
    kind, _, n = oid.partition("-")
    r = session.record
    if oid == "hand":
        return r.where(None, None, "hand")
    if kind == "call":
        return session.replay.call(int(n)).source
    return r.where("turn", int(n))


__all__ = ["WerewolfSession", "line_source"]
