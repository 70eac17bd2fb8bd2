"""How a Werewolf game ended and who won: the table's one statement of both
(``table.PublicTable.over`` and ``table.winners``), with the exact chances of the hidden
cards that decide the winners."""

from __future__ import annotations

from fractions import Fraction

from suiri.models.interface import GameOver

from .session import WerewolfSession
from .table import winners


def game_over(session: WerewolfSession) -> GameOver | None:
    """The winners by the rules' "Winning" (``table.winners``).  A chance strictly between
    0 and 1 is left only where the record hides who holds the Madman or whether the
    survivor is the Werewolf."""
    table = session.replay.table
    if table.over is None:
        return None
    won = winners(table, lambda p: session.werewolf()[p],  # counted only when an ending needs it
                  lambda p: session.madman().get(p, Fraction(0)))
    return GameOver(table.over.key.removeprefix("over:"), table.over, won)
