"""A compact line notation for typing a Memory Detective (記憶探偵) game at the table
(an extension of format v1).

Header lines first, then one line per event; ``#`` starts a comment.  It reads into the
same data and line map as the TOML format, so the record reader (card names, Japanese
ones included), the rules and every error message are shared, and errors point at the
line typed, in the notation's words (``DIALECT``, ``solver.notation``)::

    detective aki bea cid               # the game, players in turn order (clockwise)
    viewer aki w1 r3 w9 r2 s4 s8        # the seat and its hand as dealt (no line: a spectator)
    public w2 w3 w6 r9 w5 s9            # the public evidence at setup ("public -": none)
    fake                                # optional: the advanced rule
    sizes aki=7 bea=6 cid=6             # optional: hand_sizes, for an uneven deal
    variant clue                        # optional: classic Clue
    suspects plum green ...             # optional: your own deck, with weapons / scenes lines
    peek bea s5                         # the viewer saw s5 in bea's hand
    deduce cid s3 w7 r1 bea             # who deduced, the three cards, who raised
    deduce aki s1 w8 r3 cid=w8          # NAME=CARD: raised and showed the viewer CARD
    deduce cid s2 w4 r5 - wrong         # "-": nobody raised; then solved / wrong (optional)
    reveal aki s8                       # aki's s8 made public (bluff=y / bluff=n: the extension)
    show bea cid s5 s7                  # bea showed cid a card, one of s5, s7 (optional)
    suggest aki plum rope library bea=n cid=rope  # Clue: NAME=n passed, then the refuter
    accuse cid plum wrench library wrong          # Clue: correct / wrong

A bluff (D7) is one answer: the deduction and the reveal of the fake that closes it are
written on one line, joined by ``;`` (any line may hold several events so joined), so
that a live session can add the whole answer at once: ``deduce cid s8 w2 r6 aki bea ;
reveal bea fake``.

Some words cannot be names here: players ``-``, ``solved``, ``wrong``; card ids ``-``,
``y``, ``n``, ``yes``, ``no`` (a record using them stays TOML).  Lines are read after
NFKC normalisation, so what a Japanese input method types (full-width letters, digits,
spaces, ``＝``, ``＃``, ``；``) reads as ASCII.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field

from suiri.solver.errors import (
    Joined,
    Message,
    RecordSyntaxError,
    Source,
    SuiriError,
    Text,
    close_spellings,
)
from suiri.solver.notation import Dialect, NotationLines, typed_lines
from suiri.solver.records import TomlDocument, TomlValue

from . import FACTS
from .error_text import ErrorText
from .record import DetectiveRecord
from .rules import Accuse, Deduce, Event, Peek, Reveal, Show, bluff_follows

GAME = FACTS.name  # the first word of a compact record
DECK = ("suspects", "weapons", "scenes")
HEADS = (GAME, "viewer", "public", "fake", "sizes", "variant", *DECK)
EVENTS = ("deduce", "suggest", "accuse", "reveal", "peek", "show")
WORDS = HEADS + EVENTS  # every first word of a line (for completion)
NONE = "-"
OUTCOMES = ("solved", "wrong")
YES = ("y", "yes")
NO = ("n", "no")
CORRECT = {"correct": True, "y": True, "yes": True, "wrong": False, "n": False, "no": False}
RESERVED_PLAYERS = (NONE, *OUTCOMES)
RESERVED_CARDS = (NONE, *YES, *NO)

# What each line looks like: the valid text of its errors (error_text.py, both languages).
HEAD_SHAPES: dict[str, ErrorText] = {
    GAME: ErrorText("shape:game", game=GAME),
    **{head: ErrorText(f"shape:{head}") for head in ("viewer", "public", "fake", "sizes", "variant")},
    **{d: ErrorText("shape:deck", head=d, category=ErrorText(f"deck:{d}")) for d in DECK},
}
ANSWERS = ErrorText("shape:answers")
CLUE_ANSWERS = ErrorText("shape:clue-answers")
EVENT_SHAPES: dict[str, ErrorText] = {
    "deduce": ErrorText("shape:deduce", answers=ANSWERS),
    "suggest": ErrorText("shape:suggest", answers=CLUE_ANSWERS),
    **{kind: ErrorText(f"shape:{kind}") for kind in ("accuse", "reveal", "peek", "show")},
}


def _words(line: str) -> list[str]:
    """The words of a line, comment dropped, after NFKC (IME full-width forms)."""
    return unicodedata.normalize("NFKC", line).split("#", 1)[0].split()


def is_compact(text: str) -> bool:
    """A compact record starts (after comments) with the word ``detective``."""
    for line in text.lstrip("\ufeff").splitlines():
        words = _words(line)
        if words:
            return words[0].lower() == GAME and not any("=" in w for w in words)  # not `detective = ...`
    return False


def parse(name: str, text: str) -> TomlDocument:
    """The record's data and line map, as ``parse_toml`` gives them for TOML."""
    return _Parser(name).parse(text)


@dataclass
class _Parser:
    name: str
    data: dict[str, TomlValue] = field(default_factory=dict)
    lines: NotationLines = field(init=False)
    seen: dict[str, int] = field(default_factory=dict)  # header word -> its line
    events: list[dict[str, TomlValue]] = field(default_factory=list)
    players: list[str] = field(default_factory=list)  # as typed after the game's word
    deck_lists: dict[str, TomlValue] = field(default_factory=dict)  # [cards]: suspects, weapons, scenes
    first_event: int | None = None  # the line of the first event

    def __post_init__(self) -> None:
        self.lines = NotationLines(self.name, dialect=DIALECT)

    def at(self, line: int, label: str | None) -> Source:
        return self.lines.at(line, label)

    def parse(self, text: str) -> TomlDocument:
        self.lines.typed = typed_lines(text.lstrip("\ufeff"))
        for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
            words = _words(raw)
            if not words:
                continue
            if not self.seen and words[0].lower() != GAME:
                raise RecordSyntaxError(ErrorText("notation:first-word", game=repr(GAME), word=repr(words[0])),
                                        self.at(number, "game"), HEAD_SHAPES[GAME])
            for part in " ".join(words).split(";"):
                if part.split():
                    self.line(part.split(), number)
        if GAME not in self.seen:
            raise RecordSyntaxError(ErrorText("notation:empty"), self.at(1, "game"), HEAD_SHAPES[GAME])
        if "public" not in self.seen:
            raise RecordSyntaxError(ErrorText("notation:no-public"),
                                    self.at(self.seen[GAME], "public"), HEAD_SHAPES["public"])
        if self.events:
            self.data["event"] = self.events
        return TomlDocument(self.name, self.data, self.lines)

    def line(self, words: list[str], number: int) -> None:
        head = words[0].lower()
        if head in HEADS:
            self.header(head, words[1:], number)
        elif head in EVENTS:
            if self.first_event is None:
                self.first_event = number
            self.event(head, words[1:], number)
        else:
            label = f"event[{len(self.events) + 1}]" if self.first_event is not None else None
            events = ", ".join(EVENTS)
            valid = (ErrorText("notation:events-valid", events=events) if self.first_event
                     else ErrorText("notation:words-valid", events=events, heads=", ".join(HEADS[1:])))
            if words[0].casefold() in (p.casefold() for p in self.players):
                guess = ErrorText("notation:guess", line=f"'deduce {' '.join(words)}'") if len(words) > 4 else ""
                raise RecordSyntaxError(ErrorText("notation:player-first", guess=guess), self.at(number, label), valid)
            close = close_spellings(head, WORDS, n=1)
            unknown = ErrorText("notation:unknown-word", word=repr(words[0]))
            message = Joined((unknown, Text("frame:did-you-mean", names=repr(close[0])))) if close else unknown
            raise RecordSyntaxError(message, self.at(number, label), valid)

    # -- the header ------------------------------------------------------------------------------
    def key(self, key: str, number: int, value: TomlValue) -> None:
        self.data[key] = value
        self.lines.keys[((), key)] = number

    def header(self, head: str, args: list[str], number: int) -> None:
        label = "players" if head == GAME else "hand_sizes" if head == "sizes" else head
        if self.first_event is not None:
            raise RecordSyntaxError(ErrorText("notation:header-after-events", head=repr(head)), self.at(number, label),
                                    ErrorText("notation:header-after-events-valid", line=self.first_event))
        if head in self.seen:
            raise RecordSyntaxError(ErrorText("notation:second-header", head=repr(head), line=self.seen[head]),
                                    self.at(number, label), ErrorText("notation:second-header-valid", head=repr(head)))
        self.seen[head] = number
        shape = HEAD_SHAPES[head]
        if head == GAME:
            reserved = [p for p in args if p.lower() in RESERVED_PLAYERS]
            if reserved:
                raise RecordSyntaxError(ErrorText("notation:reserved-player", name=repr(reserved[0])),
                                        self.at(number, "players"), ErrorText("notation:reserved-player-valid"))
            self.key("game", number, GAME)
            self.key("players", number, args)
            self.players = args
        elif head == "viewer":
            if len(args) < 2:
                what = (ErrorText("notation:viewer-alone") if not args
                        else ErrorText("notation:viewer-hand", name=args[0]))
                raise RecordSyntaxError(what, self.at(number, "viewer" if not args else "hand"), shape)
            self.key("viewer", number, args[0])
            self.key("hand", number, self.cards(args[1:], number, "hand", shape))
        elif head == "public":
            if not args:
                raise RecordSyntaxError(ErrorText("notation:public-empty"), self.at(number, "public"), shape)
            self.key("public", number, self.cards(args, number, "public", shape))
        elif head == "fake":
            if args:
                raise RecordSyntaxError(ErrorText("notation:after-fake", words=repr(" ".join(args))),
                                        self.at(number, "fake"), shape)
            self.key("fake", number, True)
        elif head == "variant":
            if len(args) != 1:
                raise RecordSyntaxError(ErrorText("notation:variant-words"), self.at(number, "variant"), shape)
            self.key("variant", number, args[0].lower())
        elif head == "sizes":
            self.key("hand_sizes", number, self.sizes(args, number, shape))
        else:
            self.deck(head, args, number, shape)

    def cards(self, args: list[str], number: int, label: str, shape: ErrorText) -> list[str]:
        """Card names as typed (the reader resolves them); ``-`` alone: none."""
        if args == [NONE]:
            return []
        if NONE in args:
            raise RecordSyntaxError(ErrorText("notation:none-among-cards", none=repr(NONE)), self.at(number, label),
                                    shape)
        return args

    def sizes(self, args: list[str], number: int, shape: ErrorText) -> dict[str, TomlValue]:
        sizes: dict[str, TomlValue] = {}
        self.lines.tables[("hand_sizes",)] = number
        for item in args:
            player, sep, value = item.partition("=")
            where = self.at(number, f"hand_sizes.{player}" if player else "hand_sizes")
            if not sep or not player:
                raise RecordSyntaxError(ErrorText("notation:cannot-read", item=repr(item)), where, shape)
            if player in sizes:
                raise RecordSyntaxError(ErrorText("notation:size-twice", player=player), where,
                                        ErrorText("notation:size-twice-valid"))
            sizes[player] = int(value) if value.isascii() and value.isdigit() else value  # the reader checks it
            self.lines.keys[(("hand_sizes",), player)] = number
        return sizes

    def deck(self, head: str, ids: list[str], number: int, shape: ErrorText) -> None:
        where = self.at(number, f"cards.{head}")
        if not ids:
            raise RecordSyntaxError(ErrorText("notation:deck-empty", head=head), where, shape)
        reserved = [i for i in ids if i.lower() in RESERVED_CARDS]
        if reserved:
            raise RecordSyntaxError(ErrorText("notation:reserved-card", id=repr(reserved[0])), where,
                                    ErrorText("notation:reserved-card-valid"))
        self.deck_lists[head] = ids
        self.data["cards"] = self.deck_lists
        self.lines.tables.setdefault(("cards",), number)
        self.lines.keys[(("cards",), head)] = number

    # -- the events ------------------------------------------------------------------------------
    def event(self, kind: str, args: list[str], number: int) -> None:
        index = len(self.events)
        table: tuple[str | int, ...] = ("event", index)
        label = f"event[{index + 1}]"
        self.lines.tables[table] = number
        event: dict[str, TomlValue] = {"kind": kind}
        if kind in ("deduce", "suggest"):
            self.deduction(event, args, number, label)
        elif kind == "accuse":
            self.accusation(event, args, number, label)
        elif kind == "reveal":
            self.arity(kind, args, 2, 3, number, label)
            event["from"], event["card"] = args[0], args[1]
            if len(args) == 3:
                event["bluff"] = self.bluff(args[2], number, label)
        elif kind == "peek":
            self.arity(kind, args, 2, 2, number, label)
            event["player"], event["card"] = args
        else:
            self.arity(kind, args, 2, None, number, label)
            event["from"], event["to"] = args[0], args[1]
            if len(args) > 2:
                event["among"] = args[2:]
        for key in event:
            self.lines.keys[(table, key)] = number
        shown = event.get("shown")
        if isinstance(shown, dict):
            self.lines.tables[(*table, "shown")] = number
            for player in shown:
                self.lines.keys[((*table, "shown"), player)] = number
        self.events.append(event)

    def arity(self, kind: str, args: list[str], low: int, high: int | None, number: int, label: str) -> None:
        if len(args) < low:
            raise RecordSyntaxError(ErrorText("notation:arity", kind=kind, low=low, got=len(args)),
                                    self.at(number, label), EVENT_SHAPES[kind])
        if high is not None and len(args) > high:
            raise RecordSyntaxError(ErrorText("notation:unexpected", words=repr(" ".join(args[high:]))),
                                    self.at(number, label), EVENT_SHAPES[kind])

    def bluff(self, word: str, number: int, label: str) -> bool:
        key, sep, value = word.lower().partition("=")
        if key == "bluff" and sep and value in YES + NO:
            return value in YES
        raise RecordSyntaxError(ErrorText("notation:cannot-read", item=repr(word)), self.at(number, f"{label}.bluff"),
                                ErrorText("notation:bluff-valid"))

    def accusation(self, event: dict[str, TomlValue], args: list[str], number: int, label: str) -> None:
        self.arity("accuse", args, 5, 5, number, label)
        event["by"], event["named"] = args[0], args[1:4]
        said = args[4].lower()
        if said not in CORRECT:
            raise RecordSyntaxError(ErrorText("notation:cannot-read", item=repr(args[4])),
                                    self.at(number, f"{label}.correct"), ErrorText("notation:correct-valid"))
        event["correct"] = CORRECT[said]

    def deduction(self, event: dict[str, TomlValue], args: list[str], number: int, label: str) -> None:
        """``BY S W R ANSWERS [OUTCOME]``: the answers in the order typed (Clue: the
        passes, then the refuter)."""
        kind = str(event["kind"])  # deduce or suggest
        clue = self.data.get("variant") == "clue"
        if len(args) < 4:
            raise RecordSyntaxError(ErrorText("notation:deduction-short"), self.at(number, label),
                                    EVENT_SHAPES[kind])
        event["by"], event["named"] = args[0], args[1:4]
        answers = args[4:]
        if answers and answers[-1].lower() in OUTCOMES:
            outcome = answers.pop().lower()
        else:
            outcome = None
        field_ = "refuted_by" if clue else "raised"
        shape = CLUE_ANSWERS if clue else ANSWERS
        if not answers:
            raise RecordSyntaxError(ErrorText("notation:refuted-missing" if clue else "notation:raised-missing"),
                                    self.at(number, f"{label}.{field_}"), shape)
        raised: list[str] = []
        passed: list[str] = []
        shown: dict[str, str] = {}
        if answers != [NONE]:
            seen: set[str] = set()
            for item in answers:
                player, sep, said = item.partition("=")
                if not player or player == NONE or (sep and not said):
                    raise RecordSyntaxError(ErrorText("notation:cannot-read", item=repr(item)),
                                            self.at(number, f"{label}.{field_}"), shape)
                if player in seen:
                    raise RecordSyntaxError(ErrorText("notation:answers-twice", player=player),
                                            self.at(number, f"{label}.{field_}"),
                                            ErrorText("notation:answers-twice-valid"))
                seen.add(player)
                if sep and said.lower() in NO:
                    passed.append(player)
                    continue
                raised.append(player)
                if sep and said.lower() not in YES:
                    shown[player] = said
        if clue:
            if len(raised) > 1:
                raise RecordSyntaxError(ErrorText("notation:refuters", n=len(raised), names=", ".join(raised)),
                                        self.at(number, f"{label}.refuted_by"), shape)
            if raised:
                event["refuted_by"] = raised[0]
            event["passed"] = passed
        else:
            event["raised"] = raised  # NAME=n says what raised = [...] leaves out: nothing to keep
        if shown:
            event["shown"] = shown
        if outcome is not None:
            event["outcome"] = outcome


# -- errors in the notation's words (solver.notation) ----------------------------------------------
def _value(valid: str, field: str, params: Mapping[str, object]) -> Message | None:
    """A TOML value in a ``valid`` text as the notation writes it: the players who passed."""
    if field == "answers" and valid.startswith("["):
        return " ".join(f"{m[1]}=n" for m in re.finditer(r'"([^"]*)"', valid)) or NONE
    if field == "outcome" and re.fullmatch(r'"\w+"', valid):
        return valid.strip('"')
    written = re.match(r'\[\[event\]\] kind = "(\w+)", player = "([^"]*)"', valid)
    if written:  # the event to write instead
        return f"{written.group(1)} {written.group(2)} CARD"
    if valid.startswith("hand_sizes = {"):
        return "sizes " + " ".join(f"{m[1]}={m[2]}" for m in re.finditer(r"(\S+) = (\d+)", valid))
    return None


DIALECT = Dialect(
    ErrorText,
    fields={"raised": "answers", "refuted_by": "answers", "passed": "answers", "shown": "answers",
            "named": "cards named", "by": "who", "kind": "", "hand": "viewer", "hand_sizes": "sizes"},
    children={"shown": "{}=CARD", "hand_sizes": "sizes {}", "cards": "{}"},
    sentences={key: f"say:{key}" for key in (
        "rules:named-valid", "record:named-valid", "record:public-count-valid", "record:uneven-deal",
        "record:sizes-not-table", "record:sizes-table-valid", "rules:clue-order", "rules:passed-clue-only",
        "record:outcome-valid", "rules:accusation-clue-only-valid", "record:clue-kind", "cards:fake-not-in-play-valid",
        "record:variant-valid")},
    values=_value,
)


# -- writing ---------------------------------------------------------------------------------
def to_compact(record: DetectiveRecord) -> str:
    """The canonical compact text of a record: it reads back to the same record.  A
    record the notation cannot hold (a reserved name; a shown card of a player that
    did not raise, a player answering twice: illegal anyway) raises ``SuiriError``."""
    v = record.variant
    _writable(record)
    ids = lambda cards: " ".join(c.id for c in cards) or NONE  # noqa: E731
    out = [f"{GAME} " + " ".join(record.players)]
    if record.viewer is not None:
        out.append(f"viewer {record.viewer} {ids(record.hand)}")
    out.append(f"public {ids(record.public)}")
    if v.fake:
        out.append("fake")
    if v.clue:
        out.append("variant clue")
    if len(set(v.hand_sizes)) > 1:  # as to_toml: an even deal is the default
        out.append("sizes " + " ".join(f"{p}={n}" for p, n in zip(record.players, v.hand_sizes, strict=True)))
    if not v.deck.default:
        out += [f"{head} {ids(cards)}" for head, cards in zip(DECK, (v.deck.suspects, v.deck.weapons, v.deck.scenes),
                                                              strict=True)]
    events = record.events
    for k, e in enumerate(events):
        text = _event(e, v.clue)
        if k and bluff_follows(v, events[k - 1], e):
            out[-1] += f" ; {text}"  # D7: the bluff's reveal belongs to the deduction's answer
        else:
            out.append(text)
    return "\n".join(out) + "\n"


def _event(e: Event, clue: bool) -> str:
    names = lambda cards: " ".join(c.id for c in cards)  # noqa: E731
    if isinstance(e, Deduce):
        answers = [f"{p}=n" for p in e.passed]
        answers += [f"{p}={e.shown[p].id}" if p in e.shown else p for p in e.raised]
        words = ["suggest" if clue else "deduce", e.by, names(e.named), " ".join(answers) or NONE]
        return " ".join(words + ([e.outcome] if e.outcome is not None else []))
    if isinstance(e, Accuse):
        return f"accuse {e.by} {names(e.named)} {'correct' if e.correct else 'wrong'}"
    if isinstance(e, Reveal):
        return f"reveal {e.player} {e.card.id}" + ("" if e.bluff is None else f" bluff={'y' if e.bluff else 'n'}")
    if isinstance(e, Peek):
        return f"peek {e.player} {e.card.id}"
    assert isinstance(e, Show)
    return f"show {e.giver} {e.taker}" + (f" {names(e.among)}" if e.among else "")


def _writable(record: DetectiveRecord) -> None:
    """Raise unless every name and answer of ``record`` has a compact form."""
    def refuse(key: str, **params: object) -> None:
        raise SuiriError(ErrorText("notation:cannot-write", what=ErrorText(f"notation:{key}", **params)),
                         Source(record.file), ErrorText("notation:cannot-write-valid"))

    for p in record.players:
        if p in RESERVED_PLAYERS:
            refuse("reserved-player-name", name=repr(p))
    for c in record.variant.deck.evidence:
        if c.id in RESERVED_CARDS:
            refuse("reserved-card-id", id=repr(c.id))
    for k, e in enumerate(record.events, start=1):
        if isinstance(e, Deduce):
            answering = [*e.passed, *e.raised]
            if len(set(answering)) != len(answering):
                refuse("answers-twice-event", k=k)
            if not set(e.shown) <= set(e.raised):
                refuse("shown-not-raised", k=k)
            if record.variant.clue and len(e.raised) > 1:
                refuse("many-refuters", k=k, n=len(e.raised))
            if not record.variant.clue and e.passed:
                refuse("passes-outside-clue", k=k)
        elif isinstance(e, Show) and e.among == ():
            refuse("empty-among", k=k)
