"""How each game's answers are printed: the ``View`` protocol and the one table of views.

A view is a module ``suiri.cli.<game>_view`` with four renderers.  It lives in the CLI,
not in the game's ``Game``: the models never import the CLI (the layering test checks
it), and printing is the CLI's job.  Each renderer receives the game's own types (its
session, analysis and advice), hence the ``Any`` in the protocol: a view is written for
one game only.  mypy checks each module against ``View`` below (``_CHECKED``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:  # pragma: no cover
    from suiri.solver.facts import Fact
    from suiri.solver.reasoning import HintResult, Proof


class View(Protocol):
    """The renderers of one game (text for a person; ``--json`` needs no view)."""

    def analysis(self, result: Any, lang: str, colour_on: bool = False) -> str: ...  # `analyze`
    def proof(self, session: Any, proof: Proof, lang: str) -> str: ...  # `explain`
    def hint(self, session: Any, result: HintResult, level: int, lang: str) -> str: ...  # `hint`
    def advice(self, session: Any, result: Any, lang: str) -> str: ...  # `advise`
    def fact(self, session: Any, f: Fact, lang: str) -> str: ...  # one fact in words (`live`)
    def picture(self, result: Any, lang: str, colour_on: bool = False) -> list[str]: ...  # after each `live` line
    def game_over(self, session: Any, lang: str) -> str | None: ...  # who won and why (None: the game runs)
    def svg(self, analysis: Any, lang: str, chances: bool = True) -> str: ...  # the picture as <svg> (report, book)
    def chances_html(self, analysis: Any, lang: str) -> str: ...  # the report's chance tables
    def title(self, session: Any, lang: str) -> str: ...  # the game's name as the record plays it (report)


# Every game's view, by the game's name (the keys of ``suiri.models.GAMES``).
VIEWS: dict[str, str] = {
    "canary": "suiri.cli.canary_view",
    "detective": "suiri.cli.detective_view",
    "werewolf": "suiri.cli.werewolf_view",
}


def view(game: str) -> View:
    """The view of ``game``, imported on first use (``suiri --help`` stays fast)."""
    return cast(View, importlib.import_module(VIEWS[game]))


def picture_svg(game: str, analysis: object, lang: str, chances: bool = True) -> str:
    """The picture of ``analysis`` (``game``'s ``analyze`` result) as one ``<svg>`` element
    (the puzzle book's ``picture``).  ``chances=False`` (a puzzle's picture): the table
    only, no chance of anything hidden, since the chances the analysis holds are not those
    of the table drawn."""
    return view(game).svg(analysis, lang, chances)


if TYPE_CHECKING:  # pragma: no cover - mypy checks every view module against View
    from . import canary_view, detective_view, werewolf_view

    _CHECKED: tuple[View, ...] = (canary_view, detective_view, werewolf_view)
