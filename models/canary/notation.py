"""A compact line notation for typing a Canary game at the table (an extension).

One line per item; ``#`` starts a comment; words are split as a shell splits them
(``shlex``), so a name with spaces is written in quotes (``"Giant Stone Bridge"``).  It
reads into the same data and line map as the TOML format, so the record reader, the
rules and most error messages are shared (errors point at the line typed, in the
notation's words: ``DIALECT``, ``solver.notation``); what only the notation writes (the check letter, the answers ``y`` / ``n``) is checked here, in
the notation's own words::

    canary aki bea cid            # the game, players in turn order
    viewer aki ancient            # optional: seat and clue (4 players: + genuine / fake)
    start a7 g7 a1                # corners, in player order
    rule skip_turns=2             # optional rulings, as in [rules]
    aki b7 h giant-stone-bridge   # player, square, check (h / r / - = hidden / revealed / none), card
    bea f7 r "Abandoned Materials"
    cid a4 ! lava-rock-hill aki=n bea=y     # "!" declares instead of the check (R8): the card, the answers
    # outcome=success / outcome=failure may follow the answers (4 players)

A declaring turn has no check letter and no card before ``!`` (R8: the declaration
replaces the map check); written anyway, they reach the reader as ``check`` / ``card``
and the rules refuse them with the same message as in TOML.

``suiri convert FILE`` prints the canonical TOML of such a file (``--to compact``: this notation).
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from typing import TYPE_CHECKING

import tomli

from suiri.solver.errors import Message, RecordSyntaxError, Source, Text
from suiri.solver.notation import Dialect, NotationLines, typed_lines, unquoted_name
from suiri.solver.records import TomlDocument, TomlValue

from .cards import STANDARD_DECK
from .error_text import ErrorText

if TYPE_CHECKING:  # pragma: no cover
    from .record import CanaryRecord

HEADS = {"canary", "viewer", "start", "rule"}
CHECKS = {"h": "hidden", "hidden": "hidden", "r": "revealed", "revealed": "revealed", "-": "none", "none": "none"}
ANSWERS = {"y": "yes", "yes": "yes", "n": "no", "no": "no"}
SPACED_NAMES = {k.name_en.lower(): k.id for k in STANDARD_DECK.kinds if " " in k.name_en}  # typed in quotes
VIEWER_SYNTAX = "viewer NAME CLUE [genuine|fake]"  # literal syntax: the same in every language


def is_compact(text: str) -> bool:
    """A compact record starts (after comments) with the word ``canary``."""
    for line in text.removeprefix("\ufeff").splitlines():
        words = line.split("#", 1)[0].split()
        if words:
            return words[0].lower() == "canary" and "=" not in line
    return False


def parse(name: str, text: str) -> TomlDocument:
    data: dict[str, TomlValue] = {}
    lines = NotationLines(name, typed=typed_lines(text), dialect=DIALECT)
    turns: list[TomlValue] = []
    rules: dict[str, TomlValue] = {}  # every `rule` line adds to the one [rules] table
    players: list[str] = []
    seen_heads: dict[str, int] = {}
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        at = lambda field, n=number: lines.at(n, field)  # noqa: E731
        words = split_words(raw, at(None))
        if not words:
            continue
        spaced = unquoted_name(words, SPACED_NAMES)
        if spaced is not None:  # `cid g2 r Crag Lookout`: a name read as two words
            raise RecordSyntaxError(ErrorText("notation:unquoted-card", name=spaced[0], n=len(spaced[0].split())),
                                    at(None), ErrorText("notation:unquoted-card-valid", name=spaced[0], id=spaced[1]))
        head = words[0].lower() if words[0].lower() in HEADS else words[0]  # Canary, Start: any case
        if head in HEADS - {"rule"}:
            if head in seen_heads:
                raise RecordSyntaxError(ErrorText("notation:second-head", head=repr(head), first=seen_heads[head]),
                                        at(head), ErrorText("notation:one-head", head=repr(head)))
            seen_heads[head] = number
        if head == "canary":
            data["game"], players = "canary", words[1:]
            reserved = sorted(p for p in players if p.lower() in HEADS)
            if reserved:
                raise RecordSyntaxError(ErrorText("notation:keyword-name", name=repr(reserved[0])),
                                        at("players"), ErrorText("notation:keyword-name-valid"))
            data["players"] = players
            lines.keys[((), "game")] = lines.keys[((), "players")] = number
        elif head == "viewer":
            if len(words) < 2:
                raise RecordSyntaxError(ErrorText("notation:viewer-name"), at("viewer"), VIEWER_SYNTAX)
            data["viewer"] = words[1]
            lines.keys[((), "viewer")] = number
            if len(words) > 2:
                data["clue"] = words[2]
                lines.keys[((), "clue")] = number
            if len(words) > 4:
                raise RecordSyntaxError(ErrorText("notation:unexpected", words=repr(" ".join(words[4:]))), at("viewer"),
                                        VIEWER_SYNTAX)
            if len(words) > 3:
                if words[3] not in ("genuine", "fake"):
                    raise RecordSyntaxError(ErrorText("notation:after-clue", word=repr(words[3])), at("genuine"),
                                            ErrorText("notation:genuine-valid"))
                data["genuine"] = words[3] == "genuine"
                lines.keys[((), "genuine")] = number
        elif head == "start":
            if len(words) - 1 != len(players):
                raise RecordSyntaxError(ErrorText("notation:corners", corners=len(words) - 1, players=len(players)),
                                        at("start"), ErrorText("notation:corners-valid"))
            data["start"] = dict(zip(players, words[1:], strict=True))
            lines.tables[("start",)] = number
            for p in players:
                lines.keys[(("start",), p)] = number
        elif head == "rule":
            data["rules"] = rules
            lines.tables[("rules",)] = number
            for item in words[1:]:
                key, _, value = item.partition("=")
                if key in rules:
                    raise RecordSyntaxError(ErrorText("notation:ruling-twice", ruling=repr(key)), at(f"rules.{key}"),
                                            ErrorText("notation:ruling-twice-valid"))
                try:
                    ruling: dict[str, TomlValue] = tomli.loads(f"v = {value}")
                    rules[key] = ruling["v"]
                except tomli.TOMLDecodeError:
                    raise RecordSyntaxError(ErrorText("notation:unreadable", words=repr(item)), at(f"rules.{key}"),
                                            ErrorText("notation:ruling-valid")) from None
                lines.keys[(("rules",), key)] = number
        else:
            turns.append(_turn(words, len(turns), number, name, lines))
    if turns:
        data["turn"] = turns
    return TomlDocument(name, data, lines)


def split_words(line: str, where: Source) -> list[str]:
    """The words of one line: blanks separate them, quotes keep a name with spaces whole
    (``"Giant Stone Bridge"``; ``"Beast's Den"`` in double quotes), ``#`` starts a comment."""
    lexer = shlex.shlex(line, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    lexer.escape = ""  # a backslash is a character, not an escape
    try:
        return list(lexer)
    except ValueError as exc:  # an unclosed quote
        said = str(exc)
        reason = ErrorText("notation:unclosed-quote") if said == "No closing quotation" else said.lower()
        raise RecordSyntaxError(Text("notation:split", reason=reason), where, Text("notation:split-valid")) from None


def _check(word: str, where: Source) -> str:
    """The check letter as the TOML field says it: ``h`` / ``r`` / ``-``."""
    if word not in CHECKS:
        raise RecordSyntaxError(ErrorText("notation:check", word=repr(word)), where, ErrorText("notation:check-valid"))
    return CHECKS[word]


def _turn(words: list[str], index: int, number: int, name: str, lines: NotationLines) -> dict[str, TomlValue]:
    label = f"turn[{index + 1}]"
    table: tuple[str | int, ...] = ("turn", index)
    lines.tables[table] = number
    if len(words) < 3:
        raise RecordSyntaxError(ErrorText("notation:short-turn", words=repr(" ".join(words))),
                                lines.at(number, label), ErrorText("notation:turn-valid"))
    turn: dict[str, TomlValue] = {"player": words[0], "to": words[1]}
    for key in ("player", "to", "check", "card", "declare"):
        lines.keys[(table, key)] = number
    rest = words[2:]
    card_then_declare = len(rest) > 1 and rest[1] == "!" and rest[0] not in CHECKS  # `SQ CARD ! …`: a card, no check
    if rest[0] != "!" and not card_then_declare:  # a declaring turn has no check (R8); one written anyway is refused by the rules
        turn["check"] = _check(rest[0], lines.at(number, f"{label}.check"))
        rest = rest[1:]
    if rest and rest[0] != "!":
        turn["card"] = rest.pop(0)
    if rest:
        if rest[0] != "!" or len(rest) < 2:
            raise RecordSyntaxError(ErrorText("notation:unreadable", words=repr(" ".join(rest))),
                                    lines.at(number, label), ErrorText("notation:declare-valid"))
        answers: dict[str, TomlValue] = {}
        declare: dict[str, TomlValue] = {"card": rest[1], "answers": answers}
        sub = (*table, "declare")
        lines.tables[sub] = number
        for key in ("card", "answers", "outcome"):
            lines.keys[(sub, key)] = number
        for item in rest[2:]:
            who, _, said = item.partition("=")
            if who == "outcome":
                declare["outcome"] = said
            elif said in ANSWERS:
                answers[who] = ANSWERS[said]
            else:
                raise RecordSyntaxError(ErrorText("notation:answer", word=repr(said), who=who),
                                        lines.at(number, f"{label}.declare.answers"), ErrorText("notation:answer-valid"))
        turn["declare"] = declare
    return turn


# -- errors in the notation's words (solver.notation) ----------------------------------------------
SHORT = {'"hidden"': "h", '"revealed"': "r", '"none"': "-"}


def _value(valid: str, field: str, params: Mapping[str, object]) -> Message | None:
    """A TOML value in a ``valid`` text as the notation writes it: the check letter, an answer."""
    if field == "check" and valid in SHORT:
        return SHORT[valid]
    if field.startswith("answers") and valid in ('"yes"', '"no"'):
        who = params.get("viewer", "NAME")
        return f"{who}={valid[1]}"
    return None


DIALECT = Dialect(
    ErrorText,
    fields={"to": "square", "declare": "!", "declare.card": "! card", "declare.answers": "answers",
            "declare.outcome": "outcome", "hand": "viewer"},
    children={"start": "start {}", "rules": "rule {}", "declare.answers": "{}="},
    sentences={key: f"say:{key}" for key in (
        "record:clue-valid", "record:start-missing", "record:start-valid", "record:check-valid",
        "record:answers-valid", "record:answer-valid", "record:outcome-valid", "record:declare-card-valid",
        "rules:check-on-declaring-valid", "rules:card-on-declaring", "rules:card-on-declaring-valid",
        "rules:hidden-or-revealed", "rules:reveal-without-card-valid", "record:missing-check",
        "record:declare-valid")},
    values=_value,
)


def to_compact(record: CanaryRecord) -> str:
    """The compact text of a ``CanaryRecord`` (reads back to the same record)."""
    board = record.variant.board
    out = ["canary " + " ".join(record.players)]
    if record.viewer is not None:
        words = ["viewer", record.viewer]
        if record.clue is not None:
            words.append(record.clue)
            if record.genuine is not None:
                words.append("genuine" if record.genuine else "fake")
        out.append(" ".join(words))
    out.append("start " + " ".join(board.name(record.start[p]) for p in record.players))
    rulings = record.rulings()
    if rulings:  # the table's rulings, as the TOML writer's [rules]
        out.append("rule " + " ".join(f"{k}={str(x).lower() if isinstance(x, bool) else x}" for k, x in rulings.items()))
    short = {"hidden": "h", "revealed": "r", "none": "-"}
    for t in record.turns:
        words = [t.player, board.name(t.to)] + ([short[t.check.value]] if t.check is not None else [])
        if t.card is not None:
            words.append(t.card.id)
        if t.declare is not None:
            words += ["!", t.declare.card.id] + [f"{p}={'y' if yes else 'n'}" for p, yes in t.declare.answers.items()]
            if t.declare.outcome is not None:
                words.append(f"outcome={t.declare.outcome}")
        out.append(" ".join(words))
    return "\n".join(out) + "\n"
