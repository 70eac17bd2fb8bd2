"""What a game is to the rest of suiri: its facts, a ``Game`` and a ``State``.

Every game package (``models/<game>/``) fills one ``Game`` with its own functions and
classes (``models/<game>/game.py``) and is registered by one line of
``suiri.models.registry``; nothing else is looked up by name.  ``Game`` is generic over
the game's record, session, analysis and advice types, so that mypy follows each game's
own types from the record read to the view that prints them.  The clients each see the
few members they need through the Protocols below (``Notation``, ``Reasoning``,
``Simulation``, ``PuzzleSource``, ``LiveSource``).

Kept free of heavy imports: the game packages' ``FACTS`` blocks (read by ``suiri
--help``) and every game module import it.  It sits below the games: a game imports
this module and the solver, never the registry above it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from suiri.solver.errors import Joined, Named, SuiriError, Text, unknown_name

if TYPE_CHECKING:  # pragma: no cover
    from suiri.solver.errors import Message
    from suiri.solver.facts import Fact
    from suiri.solver.reasoning import ReasoningSession
    from suiri.solver.records import TomlDocument
    from suiri.solver.stepwise import Stepwise

    from .bots import BotMaker, Seating


@dataclass(frozen=True)
class Thresholds:
    """A game's puzzle levels: scores up to ``easy`` are easy, up to ``medium`` medium,
    above it hard; chosen at the thirds of the score distribution of ``sampled``
    generated puzzles (``python bench/puzzles.py --calibrate``, docs/puzzles.md)."""

    easy: int
    medium: int
    sampled: int

    def level(self, score: int) -> str:
        return "easy" if score <= self.easy else "medium" if score <= self.medium else "hard"


@dataclass(frozen=True)
class GameFacts:
    """One game's facts, stated once (OpenSpiel's ``_GAME_TYPE``): the CLI's choices,
    help texts, the generic checks (player counts, variants) and the puzzles read them
    from here."""

    name: str  # the record's `game` field and `--game`
    title_en: str
    title_ja: str
    players: range  # player counts the rules allow
    variants: tuple[str, ...]  # the first is the default
    questions: tuple[str, ...]  # puzzle questions; the first is the default
    subjects: tuple[str, ...]  # fact subjects, as help shows them (e.g. "clue:NAME")
    step_name: str  # what a record is made of, for `check` ("turns", "events")
    world_name: str  # what `check` counts ("worlds", "deals", "histories")
    thresholds: Thresholds = Thresholds(easy=8, medium=12, sampled=0)  # puzzle levels by score
    winning: tuple[str, ...] = ()  # the questions (of ``questions``) whose answers win the game (the review)
    # a puzzle's question as a sentence, by the asked subject's kind (before ":"): English,
    # Japanese; ``{who}`` and ``{what}`` stand for the rest of the subject
    asks: Mapping[str, tuple[str, str]] = field(default_factory=dict)


def check_players(about: GameFacts, players: int) -> None:
    """Raise unless the rules of the game allow ``players`` players."""
    allowed = about.players
    if players not in allowed:
        span = Text("span:or" if len(allowed) == 2 else "span:to", low=allowed.start, high=allowed.stop - 1)
        raise SuiriError(Text("players:for-game", game=Named(about.title_en, about.title_ja), span=span, n=players),
                         None, Joined(("--players ", span)))


def check_variant(about: GameFacts, variant: str) -> None:
    """Raise unless ``variant`` is one of the game's variants."""
    if variant not in about.variants:
        raise unknown_name("variant", variant, about.variants, error=SuiriError)


def check_question(about: GameFacts, question: str) -> None:
    """Raise unless ``question`` is one of the game's puzzle questions."""
    if question not in about.questions:
        raise SuiriError(Text("question:unknown", game=Named(about.title_en, about.title_ja), question=repr(question)),
                         None, "--question " + ", ".join(about.questions))


class Record(Protocol):
    """A game record as read: who played, and whose seat wrote it (None: a spectator)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def viewer(self) -> str | None: ...
    def truncated(self, steps: int, /) -> Self: ...  # the record after its first ``steps`` turns or events


def record_json(about: GameFacts, record: Record) -> dict[str, Any]:
    """The keys every game's ``analyze --json`` opens with (the records README): the
    game, who played and whose seat wrote the record."""
    return {"game": about.name, "players": list(record.players), "viewer": record.viewer}


R = TypeVar("R", bound=Record)  # a game's record
R_co = TypeVar("R_co", bound=Record, covariant=True)


class Counts(Protocol):
    """What `check` reports: how many hidden states fit the record (each game's exact
    counter returns its own ``Counts`` with more in it)."""

    @property
    def total(self) -> int | Fraction: ...


class Session(Protocol[R_co]):
    """One record under study, replayed through the rules (state only: no solver)."""

    @property
    def record(self) -> R_co: ...
    @property
    def steps(self) -> int: ...
    def check(self) -> Counts: ...


class Analysis(Protocol):
    """What `analyze` found: the certain facts, every open fact's exact chance, and the
    records README keys for ``--json``."""

    certain: list[Fact]

    def chances(self) -> dict[Fact, Fraction]: ...
    def to_json(self) -> dict[str, Any]: ...


S_contra = TypeVar("S_contra", contravariant=True)


class Advice(Protocol[S_contra]):
    """What `advise` found; its ``--json`` is said of the session it was made for."""

    def to_json(self, session: S_contra, /) -> dict[str, Any]: ...


S = TypeVar("S", bound="Session[Any]")  # a game's session
A = TypeVar("A", bound=Analysis)  # a game's analysis
V = TypeVar("V", bound="Advice[Any]")  # a game's advice
R_contra = TypeVar("R_contra", bound=Record, contravariant=True)  # (the Protocols' own variances)
A_co = TypeVar("A_co", bound=Analysis, covariant=True)
V_co = TypeVar("V_co", bound="Advice[Any]", covariant=True)


@dataclass(frozen=True)
class GameOver:
    """How a record's game ended, for every command that reads the record (analyze,
    advise, hint, live, report; ``--json`` as ``game_over``): ``reason``, a short code;
    ``why``, the rules' own sentence of it (a ``Text``, printed in either language); and
    each player's exact chance of being among the winners: 1 when the record proves it,
    0 when it rules it out, in between only where a card the record never shows decides
    it (a Werewolf survivor who may or may not be the Werewolf)."""

    reason: str
    why: Message
    winners: dict[str, Fraction]

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "why": str(self.why),
                "winners": {p: float(x) for p, x in self.winners.items()}}


M = TypeVar("M")  # a game's move
R_state = TypeVar("R_state", covariant=True)  # the record a State writes


class State(Protocol[M, R_state]):
    """The true hidden state of a game in progress (OpenSpiel's State).  Moves are
    applied to it; ``record_for(seat)`` is the only way out of the hidden state: the
    record that seat would write, holding only what it saw."""

    @property
    def players(self) -> tuple[str, ...]: ...
    def current_player(self) -> str | None: ...  # who must act now (None: the game is over)
    def legal_moves(self, player: str) -> Sequence[M]: ...
    def apply(self, move: M) -> None: ...
    def is_over(self) -> bool: ...
    def record_for(self, seat: str | None) -> R_state: ...


# -- what each client needs of a game ---------------------------------------------------------

class Notation(Protocol[R]):
    """Reading and writing records (``read_record``, ``convert``, ``live``)."""

    @property
    def facts(self) -> GameFacts: ...
    def read(self, doc: TomlDocument) -> R: ...
    def is_compact(self, text: str) -> bool: ...
    def parse_compact(self, name: str, text: str) -> TomlDocument: ...
    def write(self, record: R, notation: str = "toml") -> str: ...


class Reasoning(Protocol[R_contra, S, A_co, V_co]):
    """What the commands ask of a record's session (analyze, explain, hint, advise)."""

    @property
    def facts(self) -> GameFacts: ...
    def open(self, record: R_contra) -> S: ...
    def reasoner(self, session: S) -> ReasoningSession: ...
    def steps(self, session: S) -> Stepwise: ...  # step-wise proofs and hints
    def analyze(self, session: S) -> A_co: ...
    def advise(self, session: S) -> V_co: ...
    def game_over(self, session: S) -> GameOver | None: ...  # None while the game runs


class Simulation(Protocol[R_co]):
    """Playing: a dealt ``State`` and the record of a random legal game."""

    @property
    def facts(self) -> GameFacts: ...
    def new_state(self, players: int, seed: int, variant: str = "base") -> State[Any, R_co]: ...
    def simulate(self, players: int, seed: int, turns: int, viewer: str | None, variant: str = "base") -> R_co: ...


class PuzzleSource(Reasoning[R, S, A_co, V_co], Notation[R], Simulation[R], Protocol[R, S, A_co, V_co]):
    """What the puzzle generator needs: games to cut, and the answer a cut proves."""

    def answer(self, session: S, question: str) -> Fact | None: ...
    def cuts(self, record: R) -> Sequence[R]: ...


class LiveSource(Reasoning[R, S, A_co, V_co], Notation[R], Protocol[R, S, A_co, V_co]):
    """`suiri live`: a record read line by line and reasoned on, the compact notation's
    setup lines for a new record (words in capitals are for the person to fill in) and
    the words worth completing."""

    def setup_lines(self, players: Sequence[str], viewer: str | None) -> list[str]: ...
    def vocabulary(self, record: R) -> list[str]: ...


@dataclass(eq=False)  # one object per game, compared by identity (tests may patch a member)
class Game(Generic[R, S, A, V]):
    """One game, built from its own functions and classes (no delegating methods): each
    field is what the game does for that member.  The few methods here are what every
    game shares: the notation switch of ``write`` and the checks before a deal."""

    facts: GameFacts
    read: Callable[[TomlDocument], R]
    is_compact: Callable[[str], bool]
    parse_compact: Callable[[str, str], TomlDocument]  # (file name, text) -> the record as data
    to_toml: Callable[[R], str]
    to_compact: Callable[[R], str]
    open: Callable[[R], S]
    reasoner: Callable[[S], ReasoningSession]
    steps: Callable[[S], Stepwise]
    analyze: Callable[[S], A]
    advise: Callable[[S], V]
    game_over: Callable[[S], GameOver | None]
    deal: Callable[[int, int, str], State[Any, R]]  # (players, seed, variant), checked
    play: Callable[[int, int, int, str | None, str], R]  # (players, seed, turns, viewer, variant), checked
    answer: Callable[[S, str], Fact | None]
    cuts: Callable[[R], Sequence[R]]
    setup_lines: Callable[[Sequence[str], str | None], list[str]]
    vocabulary: Callable[[R], list[str]]
    with_drawn: Callable[[R, str], R] | None = None  # `advise --drew CARD` (Werewolf): the draw added
    # the compact notation's docstring (its indented example after "::" is `live`'s help of
    # events) and its header words (the lines that are no event)
    notation_help: str = ""
    heads: Collection[str] = ()
    # playing against bots (`suiri play`, `suiri tournament`): a game dealt from a seed as
    # the referee between the seats, (players, seed, variant), checked; and the game's bots by
    # name (every game has "random", "notebook", "reasoner" and "concealer", docs/bots.md)
    seat: Callable[[int, int, str], Seating[Any, Any, R]] | None = None
    bots: Mapping[str, BotMaker] = field(default_factory=dict)

    def write(self, record: R, notation: str = "toml") -> str:
        """``record`` in canonical TOML or the game's compact line notation."""
        if notation == "toml":
            return self.to_toml(record)
        if notation == "compact":
            return self.to_compact(record)
        raise SuiriError(Text("game:no-notation", game=Named(self.facts.title_en, self.facts.title_ja),
                              notation=repr(notation)), None, "toml, compact")

    def new_state(self, players: int, seed: int, variant: str = "base") -> State[Any, R]:
        """A game dealt from ``seed``, as ``simulate`` deals it before the first move."""
        check_players(self.facts, players)
        check_variant(self.facts, variant)
        return self.deal(players, seed, variant)

    def seating(self, players: int, seed: int, variant: str = "base") -> Seating[Any, Any, R]:
        """The game dealt from ``seed`` (as ``new_state``), to be played seat by seat."""
        check_players(self.facts, players)
        check_variant(self.facts, variant)
        if self.seat is None:
            raise SuiriError(Text("game:no-bots", game=Named(self.facts.title_en, self.facts.title_ja)))
        return self.seat(players, seed, variant)

    def simulate(self, players: int, seed: int, turns: int, viewer: str | None, variant: str = "base") -> R:
        """The record ``viewer`` (one of ``new_state(players, seed).players``; None: a
        spectator) writes of a random legal game of at most ``turns`` turns (events in
        Memory Detective)."""
        check_players(self.facts, players)
        check_variant(self.facts, variant)
        return self.play(players, seed, turns, viewer, variant)
