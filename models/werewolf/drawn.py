"""The viewer's turn in progress from one word: ``suiri advise wolf.toml --drew vote``.

A turn has one draw (the rules, "A turn": draw the top card, 2 in hand), so the card
drawn is all that advice needs beyond the record; ``with_drawn`` writes it as the
record's turn in progress (the last ``[[turn]]`` with only ``player`` and ``drew``).
"""

from __future__ import annotations

from dataclasses import replace

from suiri.solver.errors import IllegalMoveError, Source, SuiriError

from .advice import next_draw
from .cards import Kind, parse_kind
from .record import WerewolfRecord
from .session import WerewolfSession

FLAG = "--drew"


def with_drawn(record: WerewolfRecord, card: str | Kind) -> WerewolfRecord:
    """``record`` with the viewer's turn in progress: it drew ``card``.  Refused (a
    ``SuiriError`` naming ``--drew``) for a spectator, when the next turn is not the
    viewer's or no turn follows, for an unknown card (the valid names listed) and for a
    card that cannot be on top of the deck (the cards that can be, listed)."""
    where = Source(record.file, None, FLAG)
    kind = card if isinstance(card, Kind) else parse_kind(card, where)
    me = record.viewer
    if me is None:
        raise SuiriError("a spectator draws no card: --drew is the viewer's draw", where,
                         "a record with a viewer, or no --drew")
    if record.pending is not None:
        if record.pending == kind:
            return record
        raise SuiriError(f"the record already has {me}'s turn in progress: it drew {record.pending.id}", where,
                         f"{FLAG} {record.pending.id}, or no {FLAG}")
    session = WerewolfSession(record)
    rp = session.replay
    if rp.over or rp.search_phase:
        raise IllegalMoveError("no turn follows: " + (rp.over or "the deck is empty and the search phase has begun"),
                               where, f"no {FLAG}")
    if me not in rp.living:
        raise IllegalMoveError(f"{me} was eliminated and takes no more turns", where, f"no {FLAG}")
    if rp.next_player != me:
        raise IllegalMoveError(f"it is {rp.next_player}'s turn, not {me}'s: {FLAG} is the viewer's own draw", where,
                               f"the turns up to {me}'s, or no {FLAG}")
    chances = next_draw(session)
    if kind.id not in dict(chances):
        raise SuiriError(f"{me} cannot have drawn {kind.id}: no history fits it on top of the deck", where,
                         ", ".join(k for k, _ in chances))
    return replace(record, pending=kind)


__all__ = ["with_drawn"]
