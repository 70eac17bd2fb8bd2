"""How a Memory Detective (or Clue) game ended and who won, from the replay's
``GameEnd``: a solved deduction or a correct accusation wins for its player; every
evidence card public, or every player out after wrong accusations, nobody wins."""

from __future__ import annotations

from fractions import Fraction

from suiri.models.interface import GameOver

from .session import DetectiveSession


def game_over(session: DetectiveSession) -> GameOver | None:
    end = session.replay.end
    if end is None:
        return None
    return GameOver(end.reason, end.why, {p: Fraction(p == end.by) for p in session.record.players})
