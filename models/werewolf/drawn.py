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
from .error_text import ErrorText
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
        raise SuiriError(ErrorText("drew:spectator"), where, ErrorText("drew:spectator-valid"))
    if record.pending is not None:
        if record.pending == kind:
            return record
        raise SuiriError(ErrorText("drew:already", player=me, card=record.pending.id), where,
                         ErrorText("drew:already-valid", card=record.pending.id))
    session = WerewolfSession(record)
    rp = session.replay
    if rp.over or rp.search_phase:
        raise IllegalMoveError(ErrorText("turn:none-follows", why=rp.over_text or ErrorText("drew:search-phase")),
                               where, ErrorText("drew:none"))
    if me not in rp.living:
        raise IllegalMoveError(ErrorText("drew:eliminated", player=me), where, ErrorText("drew:none"))
    if rp.next_player != me:
        raise IllegalMoveError(ErrorText("drew:not-your-turn", next=rp.next_player, player=me), where,
                               ErrorText("drew:not-your-turn-valid", player=me))
    chances = next_draw(session)
    if kind.id not in dict(chances):
        raise SuiriError(ErrorText("drew:impossible", player=me, card=kind.id), where,
                         ", ".join(k for k, _ in chances))
    return replace(record, pending=kind)


__all__ = ["with_drawn"]
