"""What Tab offers in ``suiri live``: the words that may come next on the line typed so far.

A line is a command (with its argument: a fact for ``explain`` / ``known``, a level for
``hint``) or an event in the game's compact notation.  For an event, each game's
function below (its view's ``events``: a game without one offers commands only) follows that notation's grammar (``models/<game>/notation.py``, whose
docstring shows each form), and the words come from the game itself: the record's
players, the board's squares, the deck's card ids and Japanese names, the notation's
keywords and the fact forms of the current analysis.  The one list kept here is
Canary's declaration outcomes, which its reader spells only inline (``record.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from suiri.models.interface import A, R, S, V

if TYPE_CHECKING:  # pragma: no cover
    from suiri.models.live import LiveRecord


S_contra = TypeVar("S_contra", contravariant=True)


class Events(Protocol[S_contra]):
    """A game's completion of its events: the words that may follow ``before`` (each
    game's function below, offered through its view's ``events``)."""

    def __call__(self, session: S_contra, before: list[str], /) -> list[str]: ...


def split(text: str) -> tuple[list[str], str]:
    """The words before the one being typed, and that word ('' after a blank)."""
    words = text.split()
    if not text or text[-1].isspace():
        return words, ""
    return words[:-1], words[-1]


def complete(record: LiveRecord[R, S, A, V], event: Events[S], text: str,
             commands: dict[str, str]) -> tuple[str, list[str]]:
    """The word being typed at the end of ``text`` and the words that may stand there
    (those that start with it, case aside), most useful first.  ``event`` is the game's
    completion of its events (its view's ``events``); ``commands`` maps each command word
    (both languages) to its command; a line that starts with ``>`` is an event."""
    joined = ";" in text.replace("；", ";")
    if joined:  # `;` joins the events of one answer (Memory Detective's D7): each starts afresh, an event
        text = text.replace("；", ";").rsplit(";", 1)[-1]
    forced = joined or text.lstrip().startswith(">")
    before, word = split(text.lstrip().removeprefix(">"))
    session = record.position.session
    command = None if forced or not before else commands.get(before[0].lower()) or commands.get(before[0])
    if not before:
        options = [*event(session, []), *([] if forced else commands)]
    elif command is None:
        options = event(session, before)
    else:
        options = argument(record, command, before[1:])
        if not options and before[0] in event(session, []):  # Memory Detective's `show aki dai`: an event
            options = event(session, before)
    return word, [w for w in dict.fromkeys(options) if w.lower().startswith(word.lower())]


def argument(record: LiveRecord[R, S, A, V], command: str, typed: list[str]) -> list[str]:
    """What a command takes: a fact (``explain``, ``known``: the certain ones first,
    then every fact the analysis gives a chance, both ways), a level (``hint``)."""
    if typed:
        return []
    if command in ("explain", "known"):
        analysis = record.position.analysis
        chances = sorted(analysis.chances().items(), key=lambda fp: (-fp[1], str(fp[0])))
        return [*(str(f) for f in analysis.certain), *(str(g) for f, _ in chances for g in (f, f.negate()))]
    if command == "hint":
        return [str(n) for n in range(1, 5)]
    return []


def in_turn(players: Sequence[str], played: Sequence[str]) -> list[str]:
    """The players, the one after the last to play first (a guess: skipped turns and
    eliminations aside, the next to play)."""
    if not played or played[-1] not in players:
        return list(players)
    at = list(players).index(played[-1]) + 1
    return [*players[at:], *players[:at]]
