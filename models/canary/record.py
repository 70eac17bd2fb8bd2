"""Canary game records (format v1, ``docs/record-format.md``): lenient reading, strict writing.

The reader collects every problem it can find in the fields (unknown names, wrong
types, missing keys) and reports them together; the rules are checked afterwards by
``rules.replay``, which stops at the first illegal turn.  ``to_toml`` writes the
canonical form that the reader reads back unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from suiri.solver.errors import Source, Text
from suiri.solver.records import (
    LineMap,
    RecordReader,
    TablePath,
    TomlValue,
    entry_field,
    located,
    toml_key,
)

from . import FACTS
from .board import Square
from .cards import Attribute, parse_attribute
from .error_text import ErrorText
from .rules import Check, Declare, Turn, Variant

ROOT_KEYS = {"game", "players", "viewer", "clue", "genuine", "start", "turn", "rules"}
TURN_KEYS = {"player", "to", "check", "card", "declare"}
DECLARE_KEYS = {"card", "answers", "outcome"}
MAX_SKIP = 9
RULE_KEYS = {"skip_turns", "shared_squares", "declare_needs_own_clue", "declare_on_face_up"}
ANSWERS = {"yes": True, "no": False, "ここだ": True, "ここだ！": True, "ちがう": False, "ちがう！": False}


@dataclass
class CanaryRecord:
    """A Canary game as one seat wrote it (``viewer`` None = a spectator)."""

    variant: Variant
    players: tuple[str, ...]
    viewer: str | None
    clue: Attribute | None
    genuine: bool | None
    start: dict[str, Square]
    turns: list[Turn]
    file: str = "<record>"
    lines: LineMap | None = field(default=None, repr=False)

    def where(self, turn: int | None, key: str | None = None, sub: str | None = None) -> Source:
        """The file, line and field of a value (``turn`` is 1-based; None = setup)."""
        if turn is None:
            table: TablePath = ("start",) if sub == "start" else ()
            label = f"start.{key}" if sub == "start" else key
        else:
            table, label = entry_field("turn", turn, key, sub)
        return located(self.file, self.lines, table, key, label)

    def rulings(self) -> dict[str, int | bool]:
        """The table's rulings that differ from the default (what ``[rules]`` writes)."""
        default = Variant.for_players(self.variant.players)
        return {k: getattr(self.variant, k) for k in sorted(RULE_KEYS)
                if getattr(self.variant, k) != getattr(default, k)}

    def truncated(self, turns: int) -> CanaryRecord:
        """The same record cut after ``turns`` turns."""
        return CanaryRecord(self.variant, self.players, self.viewer, self.clue, self.genuine,
                            dict(self.start), self.turns[:turns], self.file, self.lines)

    def as_seen_by(self, viewer: str | None, clue: Attribute | None, genuine: bool | None = None) -> CanaryRecord:
        """A copy with another seat's private knowledge (faces hidden by others dropped)."""
        turns = [t if t.player == viewer or t.check is not Check.HIDDEN else Turn(t.player, t.to, t.check, None, t.declare)
                 for t in self.turns]  # a declaration's face (declare.card) is public
        return CanaryRecord(self.variant, self.players, viewer, clue, genuine, dict(self.start), turns, self.file, None)


class _Reader(RecordReader[CanaryRecord]):
    def read(self) -> CanaryRecord | None:
        d = self.doc.data
        root = lambda key: self.src((), key, key)  # noqa: E731
        self.root_fields(sorted(ROOT_KEYS), FACTS.name)

        players = self.players(FACTS.players[0], FACTS.players[-1])
        if players is None:
            return None

        variant = self._variant(len(players), d.get("rules", {}))
        viewer = None
        if d.get("viewer") is not None:
            viewer = self.player_name(d["viewer"], players, root("viewer"),
                                      Text("valid:viewer", names=", ".join(players)), "not-a")
        clue = None
        if "clue" in d and viewer is None and "viewer" in d:
            pass  # the viewer itself is wrong: one error is enough
        elif viewer is not None and "clue" not in d:
            self.fail(ErrorText("record:clue-missing", viewer=viewer), root("viewer"), ErrorText("record:clue-valid"))
        elif "clue" in d:
            if viewer is None:
                self.fail(ErrorText("record:spectator-clue"), root("clue"), ErrorText("record:spectator-clue-valid"))
            else:
                clue = self.catch(lambda: parse_attribute(d["clue"], root("clue"), variant.deck.attributes))
        genuine = d.get("genuine")
        if genuine is not None:
            if not variant.fake:
                self.fail(ErrorText("record:genuine-3p"), root("genuine"), ErrorText("record:omit-genuine"))
                genuine = None
            elif not isinstance(genuine, bool):
                self.fail(ErrorText("record:genuine-bool", value=repr(genuine)), root("genuine"), "true / false")
                genuine = None
            elif viewer is None:
                self.fail(ErrorText("record:spectator-genuine"), root("genuine"), ErrorText("record:omit-genuine"))
                genuine = None

        start: dict[str, Square] = {}
        table = d.get("start")
        if not isinstance(table, dict):
            self.fail(ErrorText("record:start-missing"), root("start"), ErrorText("record:start-valid"))
        else:
            corners = self.player_keys(table, players, lambda name: self.src(("start",), name, f"start.{name}"))
            for name, value in corners.items():
                where = self.src(("start",), name, f"start.{name}")
                sq = self.catch(lambda v=value, w=where: variant.board.parse(v, w))  # type: ignore[misc]
                if sq is not None:
                    start[name] = sq
            for p in players:
                if p not in corners:
                    self.fail(ErrorText("record:no-corner", player=p), self.src(("start",), None, "start"),
                              ErrorText("record:corner-valid"))

        turns: list[Turn] = []
        raw_turns = d.get("turn", [])
        if not isinstance(raw_turns, list):
            self.fail(ErrorText("record:turns-not-tables"), root("turn"), "[[turn]]")
            raw_turns = []
        for i, raw in enumerate(raw_turns):
            turn = self._turn(i, raw, players, variant)
            if turn is not None:
                turns.append(turn)
        return CanaryRecord(variant, tuple(players), viewer, clue, genuine, start, turns, self.doc.path, self.lines)

    def _variant(self, players: int, rules: TomlValue) -> Variant:
        overrides: dict[str, TomlValue] = {}
        if not isinstance(rules, dict):
            self.fail(ErrorText("record:rules-not-table"), self.src((), "rules", "rules"), "[rules]")
            rules = {}
        for key, value in rules.items():
            where = self.src(("rules",), key, f"rules.{key}")
            if key not in RULE_KEYS:
                self.fail(ErrorText("record:unknown-ruling", ruling=repr(key)), where, ", ".join(sorted(RULE_KEYS)))
            elif key == "skip_turns" and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_SKIP):
                self.fail(ErrorText("record:skip-turns", high=MAX_SKIP, value=repr(value)), where,
                          ErrorText("record:skip-turns-valid", high=MAX_SKIP))
            elif key != "skip_turns" and not isinstance(value, bool):
                self.fail(ErrorText("record:ruling-bool", ruling=key), where, "true / false")
            else:
                overrides[key] = value
        return Variant.for_players(players, **overrides)

    def _turn(self, i: int, raw: TomlValue, players: Sequence[str], variant: Variant) -> Turn | None:
        n = i + 1
        table: tuple[str | int, ...] = ("turn", i)
        at = lambda key: self.src(table, key, f"turn[{n}]" + (f".{key}" if key else ""))  # noqa: E731
        if not isinstance(raw, dict):
            self.fail(ErrorText("record:turn-not-table"), at(None), "[[turn]]")
            return None
        for key in raw:
            if key not in TURN_KEYS:
                self.unknown("field", key, sorted(TURN_KEYS), at(key))
        ok = True
        player = self.player_name(raw.get("player"), players, at("player"), missing=ErrorText("record:missing-player"))
        ok = player is not None
        to = self.catch(lambda: variant.board.parse(raw.get("to"), at("to")))
        check_text = raw.get("check")
        check: Check | None = None
        if check_text is not None or "declare" not in raw:  # R8: a declaring turn has no check
            try:
                check = Check(check_text)
            except ValueError:
                said = ErrorText("record:check", value=repr(check_text)) if check_text is not None else \
                    ErrorText("record:missing-check")
                self.fail(said, at("check"), ErrorText("record:check-valid"))
                ok = False
        card = None
        if "card" in raw:
            card = self.catch(lambda: variant.deck.parse_kind(raw["card"], at("card")))
            ok = ok and card is not None
        declare = None
        if "declare" in raw:
            declare = self._declare(n, raw["declare"], players, variant)
            ok = ok and declare is not None
        if not ok or not isinstance(player, str) or to is None:
            return None
        return Turn(player, to, check, card, declare)

    def _declare(self, n: int, raw: TomlValue, players: Sequence[str], variant: Variant) -> Declare | None:
        table: tuple[str | int, ...] = ("turn", n - 1, "declare")
        at = lambda key: self.src(table, key, f"turn[{n}].declare" + (f".{key}" if key else ""))  # noqa: E731
        if not isinstance(raw, dict):
            self.fail(ErrorText("record:declare-not-table"), at(None), ErrorText("record:declare-valid"))
            return None
        for key in raw:
            if key not in DECLARE_KEYS:
                self.unknown("field", key, sorted(DECLARE_KEYS), at(key))
        if "card" not in raw:
            self.fail(ErrorText("record:declare-card"), at("card"), ErrorText("record:declare-card-valid"))
            return None
        card = self.catch(lambda: variant.deck.parse_kind(raw["card"], at("card")))
        answers_raw = raw.get("answers")
        if not isinstance(answers_raw, dict):
            what = ErrorText("record:missing-answers") if answers_raw is None else \
                ErrorText("record:answers-not-table", value=repr(answers_raw))
            self.fail(what, at("answers"), ErrorText("record:answers-valid"))
            return None
        answers: dict[str, bool] = {}
        for name, value in self.player_keys(answers_raw, players, lambda _: at("answers")).items():
            if not isinstance(value, str) or value not in ANSWERS:
                self.fail(ErrorText("record:answer", value=repr(value), player=name), at("answers"),
                          ErrorText("record:answer-valid"))
            else:
                answers[name] = ANSWERS[value]
        outcome = raw.get("outcome")
        if outcome is not None and not (isinstance(outcome, str) and outcome in ("success", "failure")):
            self.fail(ErrorText("record:outcome", value=repr(outcome)), at("outcome"), ErrorText("record:outcome-valid"))
            outcome = None
        if card is None:
            return None
        return Declare(card, answers, outcome)


# a record from a file, a TOML text, or a parsed document (every field error raised together)
load = _Reader.load
loads = _Reader.loads
from_document = _Reader.build


def to_toml(record: CanaryRecord) -> str:
    """The canonical (strict) text of a record; ``loads(to_toml(r))`` gives ``r`` back."""
    board = record.variant.board

    def q(s: str) -> str:
        return '"' + s + '"'

    out = [f'game = "{FACTS.name}"', "players = [" + ", ".join(q(p) for p in record.players) + "]"]
    if record.viewer is not None:
        out.append(f"viewer = {q(record.viewer)}")
        if record.clue is not None:
            out.append(f"clue = {q(record.clue)}")
        if record.genuine is not None:
            out.append(f"genuine = {'true' if record.genuine else 'false'}")
    rulings = record.rulings()
    if rulings:
        out += ["", "[rules]"] + [f"{k} = {str(x).lower() if isinstance(x, bool) else x}" for k, x in rulings.items()]
    out += ["", "[start]"] + [f"{toml_key(p)} = {q(board.name(record.start[p]))}" for p in record.players
                              if p in record.start]
    for n, t in enumerate(record.turns, start=1):
        out += ["", f"[[turn]]  # {n}", f"player = {q(t.player)}", f"to = {q(board.name(t.to))}"]
        if t.check is not None:  # none on a declaring turn (R8)
            out.append(f"check = {q(t.check.value)}")
        if t.card is not None:
            out.append(f"card = {q(t.card.id)}")
        if t.declare is not None:
            answers = ", ".join(f"{toml_key(p)} = {q('yes' if yes else 'no')}" for p, yes in t.declare.answers.items())
            out += ["[turn.declare]", f"card = {q(t.declare.card.id)}", f"answers = {{ {answers} }}"]
            if t.declare.outcome is not None:
                out.append(f"outcome = {q(t.declare.outcome)}")
    return "\n".join(out) + "\n"
