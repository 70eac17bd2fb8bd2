"""*Werewolf Never Sleeps* as a ``suiri.models.Game``: the one object the CLI and the
puzzle generator call (registered in ``suiri.models.GAMES``, imported lazily)."""

from __future__ import annotations

from collections.abc import Sequence

from suiri.models import check_players, check_variant
from suiri.models.interface import DrawsCards, Game, GameOver
from suiri.solver.errors import Named, SuiriError
from suiri.solver.facts import Fact
from suiri.solver.records import TomlDocument

from . import FACTS
from .advice import WerewolfAdvice, advise
from .analysis import WerewolfAnalysis, analyze
from .drawn import with_drawn
from .ending import game_over
from .error_text import ErrorText
from .notation import is_compact, parse, setup_lines, to_compact, vocabulary
from .reasoning import WerewolfReasoner
from .record import WerewolfRecord, from_document, to_toml
from .session import WerewolfSession
from .simulator import simulate, steps
from .state import WerewolfState
from .steps import WerewolfSteps


class WerewolfGame:
    facts = FACTS

    def read(self, doc: TomlDocument) -> WerewolfRecord:
        return from_document(doc)

    def is_compact(self, text: str) -> bool:
        return is_compact(text)

    def parse_compact(self, name: str, text: str) -> TomlDocument:
        return parse(name, text)

    def write(self, record: WerewolfRecord, notation: str = "toml") -> str:
        if notation == "toml":
            return to_toml(record)
        if notation == "compact":
            return to_compact(record)
        raise SuiriError(ErrorText("game:no-notation", game=Named(FACTS.title_en, FACTS.title_ja), notation=repr(notation)), None,
                         "toml, compact")

    def open(self, record: WerewolfRecord) -> WerewolfSession:
        return WerewolfSession(record)

    def reasoner(self, session: WerewolfSession) -> WerewolfReasoner:
        return WerewolfReasoner(session)

    def steps(self, session: WerewolfSession) -> WerewolfSteps:
        return WerewolfSteps(session)

    def analyze(self, session: WerewolfSession) -> WerewolfAnalysis:
        return analyze(session)

    def advise(self, session: WerewolfSession) -> WerewolfAdvice:
        return advise(session)

    def game_over(self, session: WerewolfSession) -> GameOver | None:
        return game_over(session)

    def new_state(self, players: int, seed: int, variant: str = "base") -> WerewolfState:
        """A game dealt from ``seed``, as ``simulate`` deals it before the first move."""
        check_players(FACTS, players)
        check_variant(FACTS, variant)
        return WerewolfState.dealt(players, seed)

    def simulate(self, players: int, seed: int, turns: int, viewer: str | None,
                 variant: str = "base") -> WerewolfRecord:
        """The record ``viewer`` (one of ``new_state(players, seed).players``; None: a
        spectator) writes of the first ``turns`` turns of a random legal game (all of its
        search phase when every turn is kept)."""
        check_players(FACTS, players)
        check_variant(FACTS, variant)
        game = simulate(players, seed)
        return game.record(viewer, steps(game, turns))

    def answer(self, session: WerewolfSession, question: str) -> Fact | None:
        """The Werewolf (``werewolf``) or the Lost Legacy's place (``lost-legacy``) once the
        record proves it, unless the seat knows it from its own cards (it is the Werewolf,
        or the Lost Legacy is in its hand or its own discard)."""
        dist = session.werewolf() if question == "werewolf" else session.lost_legacy()
        sure = [k for k, p in dist.items() if p == 1]
        me = session.record.viewer
        if not sure or (me is not None and sure[0] in (me, f"hand:{me}", f"discard:{me}")):
            return None
        return Fact(question, sure[0])

    def cuts(self, record: WerewolfRecord) -> Sequence[WerewolfRecord]:
        """The record after its first turn, its first two, ..., then after each call of its
        search phase (W15)."""
        n = len(record.turns)
        last = record.searches[-1].order if record.searches else 0
        return [record.truncated(t) for t in range(1, n + 1)] + \
            [record.truncated(n, calls=order) for order in range(1, last + 1)]

    def setup_lines(self, players: Sequence[str], viewer: str | None) -> list[str]:
        """The players and, for a seat, its dealt card (``CARD``, to fill in)."""
        return setup_lines(players, viewer)

    def vocabulary(self, record: WerewolfRecord) -> list[str]:
        """Players, card ids and Japanese names, the notation's words, places to search."""
        return vocabulary(record)

    def with_drawn(self, record: WerewolfRecord, card: str) -> WerewolfRecord:
        """The viewer's turn in progress: it drew ``card`` (``advise --drew``)."""
        return with_drawn(record, card)


GAME: Game[WerewolfRecord, WerewolfSession] = WerewolfGame()
_DRAWS: DrawsCards = WerewolfGame()  # mypy checks the draw against its Protocol too
