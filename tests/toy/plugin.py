"""The toy game's registration: the same door as the real games' one line each
(``suiri.models.registry.GAMES`` and ``suiri.cli.views.VIEWS``), taken from outside."""

from __future__ import annotations

from suiri.cli.views import Bound, View, register_view
from suiri.models import register
from suiri.models.interface import Game
from suiri.models.registry import Plugin

from . import FACTS
from .game import ToyAdvice, ToyAnalysis, ToyRecord, ToySession


def _game() -> Game[ToyRecord, ToySession, ToyAnalysis, ToyAdvice]:
    from .game import GAME

    return GAME


def _view() -> View[ToySession, ToyAnalysis, ToyAdvice]:
    from . import view

    return view


PLUGIN = Plugin(FACTS, _game)


def install() -> None:
    """Register the toy game and its view (a test undoes it: ``uninstall``)."""
    register(PLUGIN)
    register_view(FACTS.name, Bound(PLUGIN, _view))


def uninstall() -> None:
    from suiri.cli.views import VIEWS
    from suiri.models import GAMES

    GAMES.pop(FACTS.name, None)
    VIEWS.pop(FACTS.name, None)
