"""How a game ended, in words every game's view prints the same way: the rules' own
reason (``GameOver.why``), then who won — by name where the record proves it, with the
exact chance where a card the record never shows decides it."""

from __future__ import annotations

from suiri.models.interface import GameOver
from suiri.solver.errors import render

from .layout import percent
from .messages import Messages


def game_over_line(over: GameOver, lang: str) -> str:
    """The line "The game is over: WHY. WINNERS": the rules' own reason, then who won."""
    return Messages(lang)("game-over", why=render(over.why, lang), winners=winners_line(over, lang))


def winners_line(over: GameOver, lang: str) -> str:
    """Who won: the proven winners by name; a player whose win hangs on a card the
    record never shows, with its exact chance; "Nobody won." when nobody can have."""
    say = Messages(lang)
    sure = [p for p, x in over.winners.items() if x == 1]
    maybe = [(p, x) for p, x in over.winners.items() if 0 < x < 1]
    out = []
    if sure:
        names = say("and").join(sure) if len(sure) <= 2 else \
            say("list-sep").join(sure[:-1]) + say("and") + sure[-1]
        out.append(say("winners", names=names))
    if maybe:
        chances = say("list-sep").join(f"{p} {percent(x)}" for p, x in maybe)
        out.append(say("winners-maybe" if sure else "winners-only-maybe", chances=chances))
    return ("" if lang == "ja" else " ").join(out) if out else say("winners-none")
