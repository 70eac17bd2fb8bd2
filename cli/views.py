"""How each game's answers are printed: the ``View`` protocol, and each game paired with
its view in one typed object.

A view is a module ``suiri.cli.<game>_view`` with the renderers below.  It lives in the
CLI, not in the game's ``Game``: the models never import the CLI (the layering test
checks it), and printing is the CLI's job.  ``View`` is generic over the game's session,
analysis and advice types, and ``Bound`` pairs a game's ``Plugin`` with its view
(``VIEWS``: one line per game), so that a command written as a generic function of
those types (a ``Command``, run by ``with_record`` or ``Paired.use``) reaches a printed
view with every type known to mypy.  The views load on first use (``suiri --help``
stays fast).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from suiri.models import read_record, read_record_text, record_game
from suiri.models.interface import A, Game, R, S, V
from suiri.models.registry import CANARY, DETECTIVE, WEREWOLF, Plugin

if TYPE_CHECKING:  # pragma: no cover
    from suiri.models.canary.advice import Advice as CanaryAdvice
    from suiri.models.canary.analysis import CanaryAnalysis
    from suiri.models.canary.session import CanarySession
    from suiri.models.detective.advice import DetectiveAdvice
    from suiri.models.detective.analysis import DetectiveAnalysis
    from suiri.models.detective.session import DetectiveSession
    from suiri.models.werewolf.advice import WerewolfAdvice
    from suiri.models.werewolf.analysis import WerewolfAnalysis
    from suiri.models.werewolf.session import WerewolfSession
    from suiri.solver.facts import Fact
    from suiri.solver.reasoning import HintResult, Proof
    from suiri.solver.records import TomlDocument

S_contra = TypeVar("S_contra", contravariant=True)
A_contra = TypeVar("A_contra", contravariant=True)
V_contra = TypeVar("V_contra", contravariant=True)
T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class View(Protocol[S_contra, A_contra, V_contra]):
    """The renderers of one game (text for a person; ``--json`` needs no view): the
    answers in words, and every picture of the game (terminal, SVG, the report's tables)."""

    def analysis(self, result: A_contra, lang: str, /, colour_on: bool = False) -> str: ...  # `analyze`
    def proof(self, session: S_contra, proof: Proof, lang: str, /) -> str: ...  # `explain`
    def hint(self, session: S_contra, result: HintResult, level: int, lang: str, /) -> str: ...  # `hint`
    def advice(self, session: S_contra, result: V_contra, lang: str, /) -> str: ...  # `advise`
    def fact(self, session: S_contra, f: Fact, lang: str, /) -> str: ...  # one fact in words (`live`)
    def picture(self, result: A_contra, lang: str, /, colour_on: bool = False) -> list[str]: ...  # after each `live` line
    def game_over(self, session: S_contra, lang: str, /) -> str | None: ...  # who won and why (None: the game runs)
    def svg(self, analysis: A_contra, lang: str, /, chances: bool = True) -> str: ...  # the picture as <svg> (report, book)
    def chances_html(self, analysis: A_contra, lang: str, /) -> str: ...  # the report's chance tables
    def title(self, session: S_contra, lang: str, /) -> str: ...  # the game's name as the record plays it (report)
    def events(self, session: S_contra, before: list[str], /) -> list[str]: ...  # `live`'s Tab: words after `before`


class Command(Protocol[T_co]):
    """A command's work on any game: called with the game and its view."""

    def __call__(self, game: Game[R, S, A, V], view: View[S, A, V], /) -> T_co: ...


class Paired(Protocol):
    """A game and its view, their types hidden: what ``VIEWS`` holds."""

    def use(self, command: Command[T]) -> T: ...
    def view(self) -> View[Any, Any, Any]: ...  # erased: for callers not yet generic (report)


@dataclass(frozen=True)
class Bound(Generic[R, S, A, V]):
    """One game's plugin and the loader of its view, with the same types."""

    plugin: Plugin[R, S, A, V]
    load: Callable[[], View[S, A, V]]

    def use(self, command: Command[T]) -> T:
        return command(self.plugin.game(), self.load())

    def view(self) -> View[S, A, V]:
        return self.load()


def _canary() -> View[CanarySession, CanaryAnalysis, CanaryAdvice]:
    from . import canary_view

    return canary_view


def _detective() -> View[DetectiveSession, DetectiveAnalysis, DetectiveAdvice]:
    from . import detective_view

    return detective_view


def _werewolf() -> View[WerewolfSession, WerewolfAnalysis, WerewolfAdvice]:
    from . import werewolf_view

    return werewolf_view


# Every game's view, by the game's name (the keys of ``suiri.models.GAMES``): one line a game.
VIEWS: dict[str, Paired] = {"canary": Bound(CANARY, _canary), "detective": Bound(DETECTIVE, _detective),
                            "werewolf": Bound(WEREWOLF, _werewolf)}


def register_view(name: str, paired: Paired) -> None:
    """Pair a game registered from outside (``suiri.models.register``) with its view."""
    VIEWS[name] = paired


def view(game: str) -> View[Any, Any, Any]:
    """The view of ``game``, its types erased (for code not yet generic; the commands
    get theirs typed through ``with_record``)."""
    return VIEWS[game].view()


def picture_svg(game: str, analysis: object, lang: str, chances: bool = True) -> str:
    """The picture of ``analysis`` (``game``'s ``analyze`` result) as one ``<svg>`` element
    (the puzzle book's ``picture``).  ``chances=False`` (a puzzle's picture): the table
    only, no chance of anything hidden, since the chances the analysis holds are not those
    of the table drawn."""
    return view(game).svg(analysis, lang, chances)


@dataclass(frozen=True)
class Opened(Generic[R, S, A, V]):
    """A record read by its game: the game, its view, the record and a session on it."""

    game: Game[R, S, A, V]
    view: View[S, A, V]
    record: R
    session: S


class OnRecord(Protocol[T_co]):
    """A command's work on a record, whatever its game."""

    def __call__(self, opened: Opened[R, S, A, V], /) -> T_co: ...


@dataclass(frozen=True)
class _Opening(Generic[T]):
    """``with_record``'s ``Command``: read the record with the game, then run the work."""

    doc: TomlDocument
    work: OnRecord[T]

    def __call__(self, game: Game[R, S, A, V], view: View[S, A, V], /) -> T:
        record = game.read(self.doc)
        return self.work(Opened(game, view, record, game.open(record)))


def with_record(path: str | Path, work: OnRecord[T], text: str | None = None) -> T:
    """Read the record in ``path`` (or its ``text``, named ``path``: a web request's body),
    open a session with its game and run ``work`` on it (raises ``SuiriError`` for a
    record that does not read or replay)."""
    doc = read_record(path) if text is None else read_record_text(str(path), text)
    return VIEWS[record_game(doc).facts.name].use(_Opening(doc, work))
