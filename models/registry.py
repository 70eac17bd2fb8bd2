"""The one table of games: each game is one ``Plugin`` object, registered by one line.

A plugin holds the game's ``FACTS`` (cheap: ``suiri --help`` reads them) and a typed
loader, a function whose body imports the game's ``Game`` (so that mypy sees the game's
own record, session, analysis and advice types, and ``suiri --help`` imports no rules).
Adding a game: a package ``models/<game>/`` and one line in ``GAMES`` below (the CLI
pairs it with its view by one line of ``suiri.cli.views``); docs/engine.md, "Adding a
game".

Code that works on any game without knowing which is written as a generic function of
the game's types and handed to ``Registered.use`` (a ``GameUser``): the plugin calls it
with its own ``Game``, so the game's types flow through it with no ``Any``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from . import canary, detective, werewolf
from .interface import A, Game, GameFacts, R, S, V

if TYPE_CHECKING:  # pragma: no cover
    from .canary.advice import Advice as CanaryAdvice
    from .canary.analysis import CanaryAnalysis
    from .canary.record import CanaryRecord
    from .canary.session import CanarySession
    from .detective.advice import DetectiveAdvice
    from .detective.analysis import DetectiveAnalysis
    from .detective.record import DetectiveRecord
    from .detective.session import DetectiveSession
    from .werewolf.advice import WerewolfAdvice
    from .werewolf.analysis import WerewolfAnalysis
    from .werewolf.record import WerewolfRecord
    from .werewolf.session import WerewolfSession

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class GameUser(Protocol[T_co]):
    """Code for any game: called with the chosen game's ``Game``, whatever its types."""

    def __call__(self, game: Game[R, S, A, V], /) -> T_co: ...


class Registered(Protocol):
    """A registered game, its types hidden: its facts, and a way to run code on it."""

    @property
    def facts(self) -> GameFacts: ...
    @property
    def records(self) -> Traversable | None: ...  # the folder of its bundled records (`suiri examples`)
    def game(self) -> Game[Any, Any, Any, Any]: ...  # for tests and scripts; commands `use` it
    def use(self, user: GameUser[T]) -> T: ...


@dataclass(frozen=True)
class Plugin(Generic[R, S, A, V]):
    """One game: its facts, the loader of its ``Game`` (imported on first use) and the
    folder of its bundled records."""

    facts: GameFacts
    load: Callable[[], Game[R, S, A, V]]
    records: Traversable | None = None

    def game(self) -> Game[R, S, A, V]:
        return self.load()

    def use(self, user: GameUser[T]) -> T:
        return user(self.load())


def _canary() -> Game[CanaryRecord, CanarySession, CanaryAnalysis, CanaryAdvice]:
    from .canary.game import GAME

    return GAME


def _detective() -> Game[DetectiveRecord, DetectiveSession, DetectiveAnalysis, DetectiveAdvice]:
    from .detective.game import GAME

    return GAME


def _werewolf() -> Game[WerewolfRecord, WerewolfSession, WerewolfAnalysis, WerewolfAdvice]:
    from .werewolf.game import GAME

    return GAME


CANARY = Plugin(canary.FACTS, _canary, files(canary) / "records")
DETECTIVE = Plugin(detective.FACTS, _detective, files(detective) / "records")
WEREWOLF = Plugin(werewolf.FACTS, _werewolf, files(werewolf) / "records")

# Every game, by its name (a record's `game` field, `--game`), in the order help lists them.
GAMES: dict[str, Registered] = {plugin.facts.name: plugin for plugin in (CANARY, DETECTIVE, WEREWOLF)}


def register(plugin: Registered) -> None:
    """Add a game from outside the package (a test's toy game): the same door as the
    games above, without editing this file."""
    GAMES[plugin.facts.name] = plugin
