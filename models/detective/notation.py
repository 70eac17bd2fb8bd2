"""A compact line notation for typing a Memory Detective (記憶探偵) game at the table
(an extension of format v1).

Header lines first, then one line per event; ``#`` starts a comment.  It reads into the
same data and line map as the TOML format, so the record reader (card names, Japanese
ones included), the rules and every error message are shared, and errors point at the
line typed::

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

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from suiri.solver.errors import RecordSyntaxError, Source, SuiriError, close_spellings
from suiri.solver.records import LineMap, TomlDocument

from . import FACTS
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

HEAD_SHAPES = {
    GAME: f"{GAME} NAME NAME ... (the players in turn order)",
    "viewer": "viewer NAME CARD CARD ... (the seat and its hand as dealt; viewer NAME - for none)",
    "public": "public CARD CARD ... (the public evidence at setup; public - for none)",
    "fake": "fake (alone: the advanced rule)",
    "sizes": "sizes NAME=N NAME=N ... (every player's hand size, e.g. sizes aki=7 bea=6 cid=6)",
    "variant": "variant clue (or base)",
    **{d: f"{d} ID ID ... (the deck's {d}; ids a-z, 0-9, '-', '_')" for d in DECK},
}
ANSWERS = "NAME (raised), NAME=CARD (raised and showed you CARD), NAME=n (did not raise), or - (nobody)"
CLUE_ANSWERS = "NAME=n for each player who passed, then the refuter: NAME or NAME=CARD; or only NAME=n (nobody refuted)"
EVENT_SHAPES = {
    "deduce": f"deduce NAME SUSPECT WEAPON SCENE ANSWERS [solved|wrong]; ANSWERS: {ANSWERS}",
    "suggest": f"suggest NAME SUSPECT WEAPON SCENE ANSWERS; ANSWERS: {CLUE_ANSWERS}",
    "accuse": "accuse NAME SUSPECT WEAPON SCENE correct|wrong",
    "reveal": "reveal NAME CARD [bluff=y|bluff=n] (NAME: whose hand the card left)",
    "peek": "peek NAME CARD (the viewer saw CARD in NAME's hand)",
    "show": "show NAME NAME [CARD ...] (the first showed the second a card, one of the CARDs if given)",
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
    data: dict[str, Any] = field(default_factory=dict)
    lines: LineMap = field(init=False)
    seen: dict[str, int] = field(default_factory=dict)  # header word -> its line
    events: list[dict[str, Any]] = field(default_factory=list)
    first_event: int | None = None  # the line of the first event

    def __post_init__(self) -> None:
        self.lines = LineMap(self.name)

    def at(self, line: int, label: str | None) -> Source:
        return Source(self.name, line, label)

    def parse(self, text: str) -> TomlDocument:
        for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
            words = _words(raw)
            if not words:
                continue
            if not self.seen and words[0].lower() != GAME:
                raise RecordSyntaxError(f"a compact record starts with the word {GAME!r}, not {words[0]!r}",
                                        self.at(number, "game"), HEAD_SHAPES[GAME])
            for part in " ".join(words).split(";"):
                if part.split():
                    self.line(part.split(), number)
        if GAME not in self.seen:
            raise RecordSyntaxError("the record is empty", self.at(1, "game"), HEAD_SHAPES[GAME])
        if "public" not in self.seen:
            raise RecordSyntaxError("no public line: the public evidence laid out at setup",
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
            valid = ", ".join(EVENTS) + (" (events)" if self.first_event else "; header: " + ", ".join(HEADS[1:]))
            if words[0] in self.data.get("players", ()):
                guess = f": 'deduce {' '.join(words)}'?" if len(words) > 4 else ""
                raise RecordSyntaxError(f"a line starts with what happened, not with a player{guess}",
                                        self.at(number, label), valid)
            close = close_spellings(head, WORDS, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise RecordSyntaxError(f"unknown word {words[0]!r}{hint}", self.at(number, label), valid)

    # -- the header ------------------------------------------------------------------------------
    def key(self, key: str, number: int, value: Any) -> None:
        self.data[key] = value
        self.lines.keys[((), key)] = number

    def header(self, head: str, args: list[str], number: int) -> None:
        label = "players" if head == GAME else "hand_sizes" if head == "sizes" else head
        if self.first_event is not None:
            raise RecordSyntaxError(f"the {head!r} line comes after the events", self.at(number, label),
                                    f"header lines before the first event (line {self.first_event})")
        if head in self.seen:
            raise RecordSyntaxError(f"a second {head!r} line (the first is line {self.seen[head]})",
                                    self.at(number, label), f"one {head!r} line")
        self.seen[head] = number
        shape = HEAD_SHAPES[head]
        if head == GAME:
            reserved = [p for p in args if p in RESERVED_PLAYERS]
            if reserved:
                raise RecordSyntaxError(f"player name {reserved[0]!r} is a word of the compact notation",
                                        self.at(number, "players"), "another name, or write the record in TOML")
            self.key("game", number, GAME)
            self.key("players", number, args)
        elif head == "viewer":
            if len(args) < 2:
                what = "viewer needs a name and its hand" if not args else f"viewer {args[0]} needs its hand as dealt"
                raise RecordSyntaxError(what, self.at(number, "viewer" if not args else "hand"), shape)
            self.key("viewer", number, args[0])
            self.key("hand", number, self.cards(args[1:], number, "hand", shape))
        elif head == "public":
            if not args:
                raise RecordSyntaxError("public needs the cards laid out at setup", self.at(number, "public"), shape)
            self.key("public", number, self.cards(args, number, "public", shape))
        elif head == "fake":
            if args:
                raise RecordSyntaxError(f"unexpected {' '.join(args)!r} after fake", self.at(number, "fake"), shape)
            self.key("fake", number, True)
        elif head == "variant":
            if len(args) != 1:
                raise RecordSyntaxError("variant takes one word", self.at(number, "variant"), shape)
            self.key("variant", number, args[0].lower())
        elif head == "sizes":
            self.key("hand_sizes", number, self.sizes(args, number, shape))
        else:
            self.deck(head, args, number, shape)

    def cards(self, args: list[str], number: int, label: str, shape: str) -> list[str]:
        """Card names as typed (the reader resolves them); ``-`` alone: none."""
        if args == [NONE]:
            return []
        if NONE in args:
            raise RecordSyntaxError(f"{NONE!r} among cards", self.at(number, label), shape)
        return args

    def sizes(self, args: list[str], number: int, shape: str) -> dict[str, Any]:
        sizes: dict[str, Any] = {}
        self.lines.tables[("hand_sizes",)] = number
        for item in args:
            player, sep, value = item.partition("=")
            where = self.at(number, f"hand_sizes.{player}" if player else "hand_sizes")
            if not sep or not player:
                raise RecordSyntaxError(f"cannot read {item!r}", where, shape)
            if player in sizes:
                raise RecordSyntaxError(f"{player}'s hand size is given twice", where, "one size per player")
            sizes[player] = int(value) if value.isascii() and value.isdigit() else value  # the reader checks it
            self.lines.keys[(("hand_sizes",), player)] = number
        return sizes

    def deck(self, head: str, ids: list[str], number: int, shape: str) -> None:
        where = self.at(number, f"cards.{head}")
        if not ids:
            raise RecordSyntaxError(f"{head} needs the deck's card ids", where, shape)
        reserved = [i for i in ids if i.lower() in RESERVED_CARDS]
        if reserved:
            raise RecordSyntaxError(f"card id {reserved[0]!r} is a word of the compact notation", where,
                                    "another id, or write the record in TOML")
        self.data.setdefault("cards", {})[head] = ids
        self.lines.tables.setdefault(("cards",), number)
        self.lines.keys[(("cards",), head)] = number

    # -- the events ------------------------------------------------------------------------------
    def event(self, kind: str, args: list[str], number: int) -> None:
        index = len(self.events)
        table: tuple[str | int, ...] = ("event", index)
        label = f"event[{index + 1}]"
        self.lines.tables[table] = number
        event: dict[str, Any] = {"kind": kind}
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
        if isinstance(event.get("shown"), dict):
            self.lines.tables[(*table, "shown")] = number
            for player in event["shown"]:
                self.lines.keys[((*table, "shown"), player)] = number
        self.events.append(event)

    def arity(self, kind: str, args: list[str], low: int, high: int | None, number: int, label: str) -> None:
        if len(args) < low:
            raise RecordSyntaxError(f"{kind} needs {low} words after it, got {len(args)}",
                                    self.at(number, label), EVENT_SHAPES[kind])
        if high is not None and len(args) > high:
            raise RecordSyntaxError(f"unexpected {' '.join(args[high:])!r}", self.at(number, label),
                                    EVENT_SHAPES[kind])

    def bluff(self, word: str, number: int, label: str) -> bool:
        key, sep, value = word.lower().partition("=")
        if key == "bluff" and sep and value in YES + NO:
            return value in YES
        raise RecordSyntaxError(f"cannot read {word!r}", self.at(number, f"{label}.bluff"),
                                "bluff=y (the reveal closes a bluff) or bluff=n (it does not); or nothing")

    def accusation(self, event: dict[str, Any], args: list[str], number: int, label: str) -> None:
        self.arity("accuse", args, 5, 5, number, label)
        event["by"], event["named"] = args[0], args[1:4]
        said = args[4].lower()
        if said not in CORRECT:
            raise RecordSyntaxError(f"cannot read {args[4]!r}", self.at(number, f"{label}.correct"),
                                    "correct (the envelope held it) or wrong")
        event["correct"] = CORRECT[said]

    def deduction(self, event: dict[str, Any], args: list[str], number: int, label: str) -> None:
        """``BY S W R ANSWERS [OUTCOME]``: the answers in the order typed (Clue: the
        passes, then the refuter)."""
        kind = event["kind"]
        clue = self.data.get("variant") == "clue"
        if len(args) < 4:
            raise RecordSyntaxError("a deduction needs who deduced and three cards", self.at(number, label),
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
            raise RecordSyntaxError(f"who {'refuted' if clue else 'raised'}? the answers are missing",
                                    self.at(number, f"{label}.{field_}"), shape)
        raised: list[str] = []
        passed: list[str] = []
        shown: dict[str, str] = {}
        if answers != [NONE]:
            seen: set[str] = set()
            for item in answers:
                player, sep, said = item.partition("=")
                if not player or player == NONE or (sep and not said):
                    raise RecordSyntaxError(f"cannot read {item!r}", self.at(number, f"{label}.{field_}"), shape)
                if player in seen:
                    raise RecordSyntaxError(f"{player} answers twice", self.at(number, f"{label}.{field_}"),
                                            "one answer per player")
                seen.add(player)
                if sep and said.lower() in NO:
                    passed.append(player)
                    continue
                raised.append(player)
                if sep and said.lower() not in YES:
                    shown[player] = said
        if clue:
            if len(raised) > 1:
                raise RecordSyntaxError(f"{len(raised)} refuters ({', '.join(raised)}): the first refuter ends "
                                        "the asking", self.at(number, f"{label}.refuted_by"), shape)
            if raised:
                event["refuted_by"] = raised[0]
            event["passed"] = passed
        else:
            event["raised"] = raised  # NAME=n says what raised = [...] leaves out: nothing to keep
        if shown:
            event["shown"] = shown
        if outcome is not None:
            event["outcome"] = outcome


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
    def refuse(what: str) -> None:
        raise SuiriError(f"{what}: the compact notation cannot write it", Source(record.file),
                         "TOML (suiri convert --to toml)")

    for p in record.players:
        if p in RESERVED_PLAYERS:
            refuse(f"player name {p!r} is a word of the notation")
    for c in record.variant.deck.evidence:
        if c.id in RESERVED_CARDS:
            refuse(f"card id {c.id!r} is a word of the notation")
    for k, e in enumerate(record.events, start=1):
        if isinstance(e, Deduce):
            answering = [*e.passed, *e.raised]
            if len(set(answering)) != len(answering):
                refuse(f"event {k} lists a player twice among its answers")
            if not set(e.shown) <= set(e.raised):
                refuse(f"event {k} has a shown card of a player that did not raise")
            if record.variant.clue and len(e.raised) > 1:
                refuse(f"event {k} has {len(e.raised)} refuters")
            if not record.variant.clue and e.passed:
                refuse(f"event {k} has passes outside the Clue variant")
        elif isinstance(e, Show) and e.among == ():
            refuse(f"event {k} has an empty among")
