"""The answers that ``suiri check|analyze|explain|hint|advise --json`` print, from a
record's text: one source for the CLI's ``--json`` and the web app's JSON API (issue 22).

Each function takes the record's name (it tells TOML from the compact notation by its
ending ``.toml`` and names the record in errors) and its text, plus the command's
options, and returns the JSON object as data; a record that does not read or replay, or
a bad option (a fact that is no fact), raises the ``SuiriError`` the CLI prints.
``failure`` is that error as ``check --json`` prints it, and as the API's 400 body.  The
steps that the text output shares with the JSON (``proved``, ``hinted``, ``advised``)
live here too, so each command computes its answer one way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .views import Opened, with_record

if TYPE_CHECKING:  # pragma: no cover
    from suiri.models import GameFacts
    from suiri.models.interface import A, R, Reasoning, S, V
    from suiri.solver.errors import SuiriError
    from suiri.solver.reasoning import HintResult, Proof, ReasoningSession

Progress = Callable[[int, int], None]


def with_game_over(data: dict[str, Any], game: Reasoning[R, S, A, V], session: S) -> dict[str, Any]:
    """``data`` with ``game_over``: null while the game runs, else why it ended and each
    player's chance of being among the winners (``GameOver``; docs/record-format.md)."""
    over = game.game_over(session)
    return {**data, "game_over": None if over is None else over.to_json()}


# -- check -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Checked:
    """A record that replays: its game, how many steps it has and how many worlds fit."""

    file: str
    about: GameFacts
    steps: int
    worlds: int | Fraction  # a world is a deal in Memory Detective

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "legal": True, "consistent": True, self.about.step_name: self.steps,
                "worlds": str(self.worlds)}


def checked(name: str, text: str) -> Checked:
    """Replay the record through the rules and count the worlds that fit it."""
    def counted(o: Opened[R, S, A, V]) -> Checked:
        return Checked(name, o.game.facts, o.session.steps, o.session.check().total)

    return with_record(name, counted, text)


def check(name: str, text: str) -> dict[str, Any]:
    """``suiri check --json`` of a record that replays (else raises; ``failure``)."""
    return checked(name, text).to_json()


def failure(name: str, exc: SuiriError, check: bool = True) -> dict[str, Any]:
    """The error as ``suiri check --json`` prints it: whether the record is legal and
    consistent as far as the error tells, and each error (kind, line, field, message,
    what would be valid, and the lines in conflict).  ``check=False``: the errors alone
    (an option of another command may be wrong where the record is fine)."""
    from suiri.solver.errors import ErrorList, IllegalMoveError, InconsistentRecordError

    errors = exc.errors if isinstance(exc, ErrorList) else [exc]
    listed = [{"kind": type(e).__name__, "line": e.source.line if e.source else None,
               "field": e.source.field if e.source else None, "message": e.message, "valid": e.valid,
               "conflict": [str(c) for c in (e.conflict if isinstance(e, InconsistentRecordError) else ())]}
              for e in errors]
    if not check:
        return {"file": name, "errors": listed}
    return {"file": name, "legal": not any(isinstance(e, IllegalMoveError) for e in errors)
            and all(isinstance(e, InconsistentRecordError) for e in errors),
            "consistent": False if any(isinstance(e, InconsistentRecordError) for e in errors) else None,
            "errors": listed}


# -- analyze -----------------------------------------------------------------------------------

def analyze(name: str, text: str) -> dict[str, Any]:
    """``suiri analyze --json``: exact probabilities and certain facts, and ``game_over``."""
    def analysed(o: Opened[R, S, A, V]) -> dict[str, Any]:
        return with_game_over(o.game.analyze(o.session).to_json(), o.game, o.session)

    return with_record(name, analysed, text)


# -- explain -----------------------------------------------------------------------------------

def proved(o: Opened[R, S, A, V], name: str, fact: str, lines: bool = False,
           progress: Progress | None = None) -> tuple[ReasoningSession, Proof[object]]:
    """``fact`` (as typed) proven on the opened record ``name``: its reasoner and the proof
    (``lines``: the lines and rules the proof cites, not its steps)."""
    from suiri.solver.reasoning import explain as run

    from .facts import parse_facts

    reasoner = o.game.reasoner(o.session)
    steps = o.game.steps(o.session)
    wanted = parse_facts(reasoner, name, [fact], "FACT", steps)[0]
    return reasoner, run(reasoner, wanted, steps, progress=progress, lines_only=lines)


def explain(name: str, text: str, fact: str, lines: bool = False, lang: str = "en",
            progress: Progress | None = None) -> dict[str, Any]:
    """``suiri explain --json``: why ``fact`` is certain, step by step, or a world where it fails."""
    def explained(o: Opened[R, S, A, V]) -> dict[str, Any]:
        reasoner, proof = proved(o, name, fact, lines, progress)
        return proof.to_json(reasoner, lang)

    return with_record(name, explained, text)


# -- hint --------------------------------------------------------------------------------------

def hinted(o: Opened[R, S, A, V], name: str, known: Sequence[str] = (),
           skip_obvious: bool = False) -> tuple[ReasoningSession, HintResult]:
    """The next deduction on the opened record ``name``, past the facts ``known`` (as typed)."""
    from suiri.solver.reasoning import hint as run

    from .facts import parse_facts

    reasoner = o.game.reasoner(o.session)
    steps = o.game.steps(o.session)
    given = parse_facts(reasoner, name, known, "--known", steps)
    return reasoner, run(reasoner, given, steps, skip_obvious)


def hint(name: str, text: str, level: int = 1, known: Sequence[str] = (), skip_obvious: bool = False,
         lang: str = "en") -> dict[str, Any]:
    """``suiri hint --json``: the next step of the nearest deduction not yet made, at ``level``."""
    def helped(o: Opened[R, S, A, V]) -> dict[str, Any]:
        reasoner, result = hinted(o, name, known, skip_obvious)
        return with_game_over(result.to_json(reasoner, level, lang), o.game, o.session)

    return with_record(name, helped, text)


# -- advise ------------------------------------------------------------------------------------

def advised(o: Opened[R, S, A, V], name: str, drew: str | None = None) -> tuple[S, V]:
    """The ranked moves of the viewer's next turn on the opened record ``name``, and the
    session they are for (Werewolf's ``drew``: the card just drawn, added to the record)."""
    session = o.session
    if drew is not None:
        from suiri.solver.errors import Named, Source, SuiriError

        from .messages import ErrorText

        if o.game.with_drawn is None:
            raise SuiriError(ErrorText("drew:not-this-game", game=Named(o.game.facts.title_en, o.game.facts.title_ja)),
                             Source(name, None, "--drew"), ErrorText("drew:leave-out"))
        session = o.game.open(o.game.with_drawn(o.record, drew))
    return session, o.game.advise(session)


def advise(name: str, text: str, drew: str | None = None) -> dict[str, Any]:
    """``suiri advise --json``: the viewer's legal moves for its next turn, ranked, with reasons."""
    def ranked(o: Opened[R, S, A, V]) -> dict[str, Any]:
        session, result = advised(o, name, drew)
        return with_game_over(result.to_json(session), o.game, session)

    return with_record(name, ranked, text)
