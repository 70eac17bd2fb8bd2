"""What a game is to the rest of suiri: its facts, a ``Game`` and a ``State``.

Every game package (``models/<game>/``) implements these and nothing else is looked up
by name.  Adding a game means: a ``GameFacts`` block in ``models/<game>/__init__.py``,
a ``Game`` in ``models/<game>/game.py`` (registered in ``suiri.models.GAMES``) and a
``State`` in ``models/<game>/state.py``; mypy checks both classes against these
Protocols (each ``game.py`` annotates its instance as ``Game[...]``).

Kept free of heavy imports: ``suiri --help`` reads the facts of every game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:  # pragma: no cover
    from suiri.solver.facts import Fact
    from suiri.solver.reasoning import ReasoningSession
    from suiri.solver.records import TomlDocument
    from suiri.solver.stepwise import Stepwise


@dataclass(frozen=True)
class GameFacts:
    """One game's facts, stated once (OpenSpiel's ``_GAME_TYPE``): the CLI's choices,
    help texts and the generic checks (player counts, variants) read them from here."""

    name: str  # the record's `game` field and `--game`
    title_en: str
    title_ja: str
    players: range  # player counts the rules allow
    variants: tuple[str, ...]  # the first is the default
    questions: tuple[str, ...]  # puzzle questions; the first is the default
    subjects: tuple[str, ...]  # fact subjects, as help shows them (e.g. "clue:NAME")
    step_name: str  # what a record is made of, for `check` ("turns", "events")
    world_name: str  # what `check` counts ("worlds", "deals", "histories")


class Record(Protocol):
    """A game record as read: who played, and whose seat wrote it (None: a spectator)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def viewer(self) -> str | None: ...


class Counts(Protocol):
    """What `check` reports: how many hidden states fit the record (each game's exact
    counter returns its own ``Counts`` with more in it)."""

    @property
    def total(self) -> int | Fraction: ...


class Session(Protocol):
    """One record under study, replayed through the rules (state only: no solver)."""

    @property
    def record(self) -> Any: ...
    @property
    def steps(self) -> int: ...
    def check(self) -> Counts: ...


class Analysis(Protocol):
    """What `analyze` found: the certain facts, every open fact's exact chance, and the
    records README keys for ``--json``."""

    certain: list[Fact]

    def chances(self) -> dict[Fact, Fraction]: ...
    def to_json(self) -> dict[str, Any]: ...


class Advice(Protocol):
    def to_json(self, session: Any) -> dict[str, Any]: ...


@dataclass(frozen=True)
class GameOver:
    """How a record's game ended, for every command that reads the record (analyze,
    advise, hint, live, report; ``--json`` as ``game_over``): ``reason``, a short code;
    ``why``, the rules' own sentence of it (a ``Text``, printed in either language); and
    each player's exact chance of being among the winners: 1 when the record proves it,
    0 when it rules it out, in between only where a card the record never shows decides
    it (a Werewolf survivor who may or may not be the Werewolf)."""

    reason: str
    why: Any  # a ``suiri.solver.errors.Message``
    winners: dict[str, Fraction]

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "why": str(self.why),
                "winners": {p: float(x) for p, x in self.winners.items()}}


M = TypeVar("M")  # a game's move
R = TypeVar("R", covariant=True)  # a game's record


class State(Protocol[M, R]):
    """The true hidden state of a game in progress (OpenSpiel's State).  Moves are
    applied to it; ``record_for(seat)`` is the only way out of the hidden state: the
    record that seat would write, holding only what it saw."""

    @property
    def players(self) -> tuple[str, ...]: ...
    def current_player(self) -> str | None: ...  # who must act now (None: the game is over)
    def legal_moves(self, player: str) -> Sequence[M]: ...
    def apply(self, move: M) -> None: ...
    def is_over(self) -> bool: ...
    def record_for(self, seat: str | None) -> R: ...


@runtime_checkable
class DrawsCards(Protocol):
    """A game whose player draws a card at the start of a turn (Werewolf): `advise
    --drew CARD` asks about the viewer's turn in progress without writing it."""

    def with_drawn(self, record: Any, card: str) -> Any: ...  # the record with the draw added


RecordT = TypeVar("RecordT", bound=Record)
SessionT = TypeVar("SessionT", bound=Session)


class Game(Protocol[RecordT, SessionT]):
    """One game, as the CLI and the puzzle generator use it."""

    facts: GameFacts

    def read(self, doc: TomlDocument) -> RecordT: ...
    def is_compact(self, text: str) -> bool: ...
    def parse_compact(self, name: str, text: str) -> TomlDocument: ...
    def write(self, record: RecordT, notation: str = "toml") -> str: ...
    def open(self, record: RecordT) -> SessionT: ...
    def reasoner(self, session: SessionT) -> ReasoningSession: ...
    def steps(self, session: SessionT) -> Stepwise: ...  # step-wise proofs and hints
    def analyze(self, session: SessionT) -> Analysis: ...
    def advise(self, session: SessionT) -> Advice: ...
    def game_over(self, session: SessionT) -> GameOver | None: ...  # None while the game runs
    def new_state(self, players: int, seed: int, variant: str) -> State[Any, RecordT]: ...
    def simulate(self, players: int, seed: int, turns: int, viewer: str | None, variant: str) -> RecordT: ...
    def answer(self, session: SessionT, question: str) -> Fact | None: ...
    def cuts(self, record: RecordT) -> Sequence[RecordT]: ...
    # `suiri live`: the compact notation's setup lines for a new record (words in
    # capitals are for the person to fill in) and the words worth completing.
    def setup_lines(self, players: Sequence[str], viewer: str | None) -> list[str]: ...
    def vocabulary(self, record: RecordT) -> list[str]: ...
