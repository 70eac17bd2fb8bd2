"""*Werewolf Never Sleeps* as a ``suiri.models.interface.Game``: the one object the CLI and
the puzzle generator call (registered in ``suiri.models.registry``, imported lazily).
Each member is the game's own function or class; what is written here is only what
no other module of the game says."""

from __future__ import annotations

from collections.abc import Sequence

from suiri.models.bots import RandomBot
from suiri.models.interface import Game
from suiri.solver.facts import Fact

from . import FACTS, bots, notation
from .advice import WerewolfAdvice, advise
from .analysis import WerewolfAnalysis, analyze
from .drawn import with_drawn
from .ending import game_over
from .notation import is_compact, parse, setup_lines, to_compact, vocabulary
from .reasoning import WerewolfReasoner
from .record import WerewolfRecord, from_document, to_toml
from .seating import seating
from .session import WerewolfSession
from .simulator import simulate, steps
from .state import WerewolfState
from .steps import WerewolfSteps


def deal(players: int, seed: int, variant: str) -> WerewolfState:
    """A game dealt from ``seed``, as ``simulate`` deals it before the first move."""
    return WerewolfState.dealt(players, seed)


def play(players: int, seed: int, turns: int, viewer: str | None, variant: str) -> WerewolfRecord:
    """The record ``viewer`` writes of the first ``turns`` turns of a random legal game
    (all of its search phase when every turn is kept)."""
    game = simulate(players, seed)
    return game.record(viewer, steps(game, turns))


def answer(session: WerewolfSession, question: str) -> Fact | None:
    """The Werewolf (``werewolf``) or the Lost Legacy's place (``lost-legacy``) once the
    record proves it, unless the seat knows it from its own cards (it is the Werewolf, or
    the Lost Legacy is in its hand or its own discard)."""
    dist = session.werewolf() if question == "werewolf" else session.lost_legacy()
    sure = [k for k, p in dist.items() if p == 1]
    me = session.record.viewer
    if not sure or (me is not None and sure[0] in (me, f"hand:{me}", f"discard:{me}")):
        return None
    return Fact(question, sure[0])


def cuts(record: WerewolfRecord) -> Sequence[WerewolfRecord]:
    """The record after its first turn, its first two, ..., then after each call of its
    search phase (W15)."""
    n = len(record.turns)
    last = record.searches[-1].order if record.searches else 0
    return [record.truncated(t) for t in range(1, n + 1)] + \
        [record.truncated(n, calls=order) for order in range(1, last + 1)]


BOTS = {"random": RandomBot, **bots.BOTS}  # the game's bots by name (docs/bots.md)

GAME: Game[WerewolfRecord, WerewolfSession, WerewolfAnalysis, WerewolfAdvice] = Game(
    facts=FACTS, read=from_document, is_compact=is_compact, parse_compact=parse, to_toml=to_toml,
    to_compact=to_compact, open=WerewolfSession, reasoner=WerewolfReasoner, steps=WerewolfSteps, analyze=analyze,
    advise=advise, game_over=game_over, deal=deal, play=play, answer=answer, cuts=cuts, setup_lines=setup_lines,
    vocabulary=vocabulary, notation_help=notation.__doc__ or "", heads=notation.HEADS, seat=seating, bots=BOTS, with_drawn=with_drawn)
