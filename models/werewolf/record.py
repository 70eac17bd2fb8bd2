"""Werewolf Never Sleeps game records (format v1, ``docs/record-format.md``): a lenient
reader that reports every field error at once, and a strict writer whose output the
reader reads back unchanged.  The rules are checked afterwards by ``replay.replay``.

Places are written ``hand:NAME``, ``ruins`` and ``discard:NAME:INDEX`` (INDEX counts
from 1 in the order the pile received its cards, face-up cards included).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from suiri.solver.errors import Message, Source, Text, unknown_name
from suiri.solver.records import (
    LineMap,
    RecordReader,
    TablePath,
    TomlValue,
    Where,
    entry_field,
    find_name,
    located,
    source_of,
    toml_key,
)

from . import FACTS
from .cards import KINDS, STANDARD, VILLAGER, Kind, deck_counts, find_kind, parse_kind
from .error_text import ErrorText

PLACED = ("villager", "other", "unknown")
NONE = "none"
PENDING = Kind(-1, "(pending)", "(pending)", "(未定)", None, 0)  # a turn whose card is not played yet

Place = tuple[Any, ...]  # ("ruins",), ("hand", name), ("discard", name, index)
Flip = tuple[str, "Kind | None", "int | None"]  # a Medium's flip as written: player, card and/or index
ORDERS = range(1, 9)  # the search orders called out in the search phase (W15)


def place_str(place: Place) -> str:
    return ":".join(str(p) for p in place)


@dataclass
class Turn:
    """One ``[[turn]]`` as written (``number`` counts from 1)."""

    number: int
    player: str
    play: Kind
    drew: Kind | None = None
    target: str | None = None  # seer
    saw: Kind | None = None  # seer / medium peek, the viewer's own
    peek: tuple[str, int] | None = None
    flip: Flip | None = None  # medium: (player, card, index) as written, card and/or index
    put: str | None = None  # villager / attack: whose discard got the face-down card
    placed: str | Kind | None = None  # villager: "villager", "other", "unknown" or (viewer) the card
    votes: dict[str, str] | None = None
    eliminated: str | None = None  # a name, NONE, or None when not written
    revealed: tuple[Kind, ...] | None = None
    swapped: bool | None = None  # sleep, a Werewolf viewer only
    card: Kind | None = None  # sleep: the face-down card the Werewolf viewer took
    index: int | None = None  # sleep: its position in the viewer's pile (optional)


@dataclass
class Search:
    """One ``[[search]]`` entry: a call of a search order at which somebody raised (W15).
    ``raised`` () is a call at which nobody raised; ``player``/``target``/``found`` are the
    lone raiser's search (all None for a Madman show, several raisers, or nobody)."""

    number: int
    order: int
    raised: tuple[str, ...]
    player: str | None = None
    target: Place | None = None
    found: Kind | None = None


@dataclass
class WerewolfRecord:
    """A game as one seat wrote it (``viewer`` None = a spectator)."""

    players: tuple[str, ...]
    viewer: str | None
    hand: Kind | None
    turns: list[Turn]
    searches: list[Search] = field(default_factory=list)
    deck: tuple[int, ...] = STANDARD
    file: str = "<record>"
    lines: LineMap | None = field(default=None, repr=False)
    pending: Kind | None = None  # the viewer has drawn this card and not played yet (a last turn without play)

    def where(self, table: str | None, index: int | None = None, key: str | None = None) -> Source:
        """File, line and field of a value: ``table`` is "turn", "search" or None (the root);
        ``index`` counts from 1."""
        if table is None:
            path: TablePath = ()
            label = key or ""
        else:
            assert index is not None
            path, label = entry_field(table, index, key)
        return located(self.file, self.lines, path, key, label)

    def truncated(self, turns: int, searches: int = 0, calls: int | None = None) -> WerewolfRecord:
        """The same record cut after ``turns`` turns and ``searches`` ``[[search]]`` entries
        or, with ``calls``, after the call of that search order (W15): the entries up to it,
        and ``raised = []`` for it when no entry lists it (nobody raised there)."""
        whole = turns >= len(self.turns)
        kept = self.searches[:searches] if whole else []
        if whole and calls is not None:
            kept = [s for s in self.searches if s.order <= calls]
            if calls > 0 and (not kept or kept[-1].order < calls):
                kept.append(Search(len(kept) + 1, calls, ()))
        return replace(self, turns=self.turns[:turns], searches=kept, pending=self.pending if whole else None)

    @property
    def cards(self) -> int:
        return sum(self.deck)


# -- reading ---------------------------------------------------------------------------------
ROOT_KEYS = ("game", "players", "viewer", "hand", "deck", "turn", "search")
TURN_KEYS: dict[str, tuple[str, ...]] = {
    "seer": ("target", "saw"),
    "medium": ("peek", "flip", "saw"),
    "villager": ("put", "placed"),
    "vote": ("votes", "eliminated", "revealed"),
    "sleep": ("swapped", "card", "index"),
    "madman": (),
    "knight": (),
}
ATTACK_KEYS = ("put", "eliminated", "revealed")
COMMON_KEYS = ("player", "drew", "play")
HEADER = f"# {FACTS.title_en} ({FACTS.title_ja}) game record, format v1"


class _Reader(RecordReader[WerewolfRecord]):
    def kind(self, value: TomlValue | None, where: Where) -> Kind | None:
        return find_kind(value) or self.catch(lambda: parse_kind(value, source_of(where)))

    def player(self, value: TomlValue | None, where: Where, players: tuple[str, ...]) -> str | None:
        return find_name(value, players) or self.player_name(value, players, source_of(where),
                                                             missing=ErrorText("record:missing-player"))

    def read(self) -> WerewolfRecord | None:
        d = self.doc.data
        self.root_fields(ROOT_KEYS, FACTS.name)
        players = self.players(FACTS.players.start, FACTS.players.stop - 1)
        deck = self.catch(lambda: deck_counts(d.get("deck"), self.root("deck"))) if "deck" in d else STANDARD
        if players is None:
            return None
        if deck is not None and sum(deck) < len(players) + 1:
            self.fail(ErrorText("deck:too-small", n=sum(deck), players=len(players)), self.root("deck"),
                      ErrorText("deck:too-small-valid", n=len(players) + 1))
            return None
        viewer = None
        if d.get("viewer") is not None:
            viewer = find_name(d["viewer"], players) or self.player_name(d["viewer"], players, self.root("viewer"),
                                                                         phrase="not-a")
        hand = None
        if viewer is not None:
            if "hand" not in d:
                self.fail(ErrorText("record:missing-hand", viewer=viewer), self.root("viewer"), 'hand = "seer"')
            else:
                hand = self.kind(d["hand"], lambda: self.root("hand"))
        elif "hand" in d:
            self.fail(ErrorText("record:spectator-hand"), self.root("hand"), ErrorText("record:spectator-hand-valid"))
        turns = [t for i, raw in enumerate(self._tables("turn")) if (t := self._turn(i + 1, raw, players))]
        pending = None
        if turns and turns[-1].play == PENDING:
            pending = turns.pop()
            if pending.player != viewer:
                self.fail(ErrorText("record:pending-not-viewer"),
                          self.lines.source(("turn", pending.number - 1), "drew", f"turn[{pending.number}].drew"),
                          ErrorText("record:pending-valid"))
        for t in turns:
            if t.play == PENDING:
                self.fail(ErrorText("record:missing-play"), self.lines.source(("turn", t.number - 1), None,
                          f"turn[{t.number}]"), ErrorText("record:missing-play-valid"))
        searches = [s for i, raw in enumerate(self._tables("search")) if (s := self._search(i + 1, raw, players))]
        if self.errors:
            return None
        return WerewolfRecord(players, viewer, hand, turns, searches, deck or STANDARD, self.doc.path, self.lines,
                              pending.drew if pending else None)

    def _tables(self, name: str) -> list[TomlValue]:
        raw = self.doc.data.get(name, [])
        if not isinstance(raw, list):
            self.fail(ErrorText("record:not-array", name=name), self.root(name), ErrorText("record:sections", name=name))
            return []
        return raw

    def _turn(self, n: int, raw: TomlValue, players: tuple[str, ...]) -> Turn | None:
        def at(key: str | None) -> Source:
            return self.lines.source(("turn", n - 1), key, f"turn[{n}]" + (f".{key}" if key else ""))

        def lazy(key: str) -> Callable[[], Source]:  # a field's place, found only for an error
            return lambda: at(key)

        if not isinstance(raw, dict):
            self.fail(ErrorText("record:turn-not-table"), at(None), ErrorText("record:turn-table-valid"))
            return None
        player = self.player(raw.get("player"), lazy("player"), players)
        if "play" not in raw:
            if player is not None and "drew" in raw and set(raw) == {"player", "drew"}:
                drew = self.kind(raw["drew"], lazy("drew"))  # the viewer's turn in progress (see WerewolfRecord)
                return Turn(n, player, PENDING, drew) if drew else None
            self.fail(ErrorText("record:missing-play"), at(None), ", ".join(k.id for k in KINDS))
            return None
        play = self.kind(raw["play"], lazy("play"))
        if player is None or play is None:
            return None
        allowed = COMMON_KEYS + (ATTACK_KEYS if play.is_attack else TURN_KEYS.get(play.id, ()))
        for key in raw:
            if key not in allowed:
                self.fail(ErrorText("record:unknown-turn-field", field=repr(key), card=play.id), at(key), ", ".join(allowed))
        turn = Turn(n, player, play)
        if "drew" in raw:
            turn.drew = self.kind(raw["drew"], lazy("drew"))
        if "saw" in raw:
            turn.saw = self.kind(raw["saw"], lazy("saw"))
        if "target" in raw:
            turn.target = self.player(raw["target"], lazy("target"), players)
        if "put" in raw:
            turn.put = self.player(raw["put"], lazy("put"), players)
        if "peek" in raw:
            turn.peek = self._pile_ref(raw["peek"], lazy("peek"), players, "index", "{ player = \"ben\", index = 1 }")
        if "flip" in raw:
            turn.flip = self._flip(raw["flip"], lazy("flip"), players)
        if "placed" in raw:
            value = raw["placed"]
            if isinstance(value, str) and value in PLACED:
                turn.placed = value
            else:
                turn.placed = self.catch(lambda: parse_kind(value, at("placed")))
        if "votes" in raw:
            turn.votes = self._votes(raw["votes"], lazy("votes"), players)
        if "eliminated" in raw:
            value = raw["eliminated"]
            turn.eliminated = NONE if value == NONE else self.player(value, lazy("eliminated"), players)
        if "revealed" in raw:
            value = raw["revealed"]
            if not isinstance(value, list):
                self.fail(ErrorText("record:revealed-not-list"), at("revealed"), '["villager", "vote"]')
            else:
                kinds = [self.kind(v, lazy("revealed")) for v in value]
                turn.revealed = tuple(k for k in kinds if k) if all(kinds) else None
        if "swapped" in raw:
            if not isinstance(raw["swapped"], bool):
                self.fail(ErrorText("record:swapped-not-bool", value=repr(raw["swapped"])), at("swapped"), "true, false")
            else:
                turn.swapped = raw["swapped"]
        if "card" in raw:
            turn.card = self.kind(raw["card"], lazy("card"))
        if "index" in raw:
            turn.index = self._position(raw["index"], lazy("index"), "index = 2")
        return turn

    def _position(self, value: TomlValue, where: Where, example: Message) -> int | None:
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            self.fail(ErrorText("record:position", value=repr(value)), source_of(where), example)
            return None
        return value

    def _flip(self, value: TomlValue, where: Where, players: tuple[str, ...]) -> Flip | None:
        """``{ player, card }``, ``{ player, index }`` or both (W16: the index names the card
        when a pile holds two face-up cards of one kind)."""
        example = ErrorText("either", a='{ player = "ben", card = "knight" }', b='{ player = "ben", index = 2 }')
        if not isinstance(value, dict) or "player" not in value or not set(value) - {"player"} or \
                not set(value) <= {"player", "card", "index"}:
            self.fail(ErrorText("record:flip", value=repr(value)), source_of(where), example)
            return None
        who = self.player(value["player"], where, players)
        card = self.kind(value["card"], where) if "card" in value else None
        index = self._position(value["index"], where, example) if "index" in value else None
        if who is None or ("card" in value and card is None) or ("index" in value and index is None):
            return None
        return (who, card, index)

    def _pile_ref(self, value: TomlValue, where: Where, players: tuple[str, ...], key: str,
                  example: str) -> tuple[str, int] | None:
        if not isinstance(value, dict) or set(value) != {"player", key}:
            self.fail(ErrorText("record:pile-ref", field=key, value=repr(value)), source_of(where), example)
            return None
        who = self.player(value["player"], where, players)
        index = value[key]
        if not isinstance(index, int) or isinstance(index, bool) or index < 1:
            self.fail(ErrorText("record:pile-index", field=key, value=repr(index)), source_of(where), example)
            return None
        return (who, index) if who else None

    def _votes(self, value: TomlValue, where: Where, players: tuple[str, ...]) -> dict[str, str] | None:
        if not isinstance(value, dict):
            self.fail(ErrorText("record:votes-not-table"), source_of(where), '{ aki = "ben", ben = "cho", ... }')
            return None
        out = {}
        for voter, target in value.items():
            v = self.player(voter, where, players)
            t = self.player(target, where, players)
            if v in out:  # aki and Aki: one voter written twice
                self.fail(ErrorText("notation:votes-twice", voter=v), source_of(where), ErrorText("record:raised-twice-valid"))
            elif v and t:
                out[v] = t
        return out if len(out) == len(value) else None

    def _search(self, n: int, raw: TomlValue, players: tuple[str, ...]) -> Search | None:
        def at(key: str | None) -> Source:
            return self.lines.source(("search", n - 1), key, f"search[{n}]" + (f".{key}" if key else ""))

        keys = ("order", "raised", "player", "target", "found")
        if not isinstance(raw, dict):
            self.fail(ErrorText("record:search-not-table"), at(None), ErrorText("record:search-table-valid"))
            return None
        for key in raw:
            if key not in keys:
                self.fail(ErrorText("record:unknown-search-field", field=repr(key)), at(key), ", ".join(keys))
        order = raw.get("order")
        if "order" not in raw:
            self.fail(ErrorText("record:missing-order"), at(None), ErrorText("record:order-valid"))
        elif not isinstance(order, int) or isinstance(order, bool) or order not in ORDERS:
            self.fail(ErrorText("record:bad-order", value=repr(order)), at("order"),
                      Text("span:to", low=min(ORDERS), high=max(ORDERS)))
            order = None
        raised: tuple[str, ...] | None = None
        if "raised" in raw:
            value = raw["raised"]
            if not isinstance(value, list):
                self.fail(ErrorText("record:raised-not-list"), at("raised"), ErrorText("record:raised-valid"))
            else:
                names = [self.player(v, at("raised"), players) for v in value]
                dup = sorted({v for v in names if v and names.count(v) > 1})  # as declared: Aki and aki are one
                if dup:
                    self.fail(ErrorText("record:raised-twice", names=", ".join(map(str, dup))), at("raised"),
                              ErrorText("record:raised-twice-valid"))
                elif all(names):
                    raised = tuple(v for v in names if v)
        searched = [k for k in ("player", "target", "found") if k in raw]
        player = target = found = None
        if searched:
            for key in ("player", "target", "found"):
                if key not in raw:
                    self.fail(ErrorText("record:search-missing", field=key), at(None),
                              ErrorText("record:search-missing-valid"))
            if "player" in raw:
                player = self.player(raw["player"], at("player"), players)
            if "target" in raw:
                target = self.catch(lambda: parse_place(raw["target"], at("target"), players))
            if "found" in raw:
                found = self.kind(raw["found"], at("found"))
            if player is None or target is None or found is None:
                return None
        if "raised" not in raw:
            if player is None:
                self.fail(ErrorText("record:missing-raised"), at(None), ErrorText("record:missing-raised-valid"))
                return None
            raised = (player,)
        if not isinstance(order, int) or raised is None:  # None: missing or not a search order
            return None
        return Search(n, order, raised, player, target, found)


# a record from a file, a TOML text, or a parsed document (every field error raised together)
load = _Reader.load
loads = _Reader.loads
from_document = _Reader.build


def parse_place(value: object, where: Source | None, players: tuple[str, ...]) -> Place:
    """``ruins``, ``hand:NAME`` or ``discard:NAME:INDEX``."""
    from suiri.solver.errors import RecordSyntaxError

    valid = ErrorText("place:valid")
    if not isinstance(value, str):
        raise RecordSyntaxError(ErrorText("place:not-text", value=repr(value)), where, valid)
    parts = value.split(":")
    if parts == ["ruins"]:
        return ("ruins",)
    if len(parts) in (2, 3) and parts[0] in ("hand", "discard") and find_name(parts[1], players) is None:
        raise unknown_name("player", parts[1], players, where, ErrorText("place:valid-names", places=valid,
                                                                            names=", ".join(players)))
    name = find_name(parts[1], players) if len(parts) > 1 else None
    if len(parts) == 2 and parts[0] == "hand" and name is not None:
        return ("hand", name)
    if len(parts) == 3 and parts[0] == "discard" and name is not None and parts[2].isdigit() and int(parts[2]) > 0:
        return ("discard", name, int(parts[2]))
    raise RecordSyntaxError(ErrorText("place:not-a-place", value=repr(value)), where,
                            ErrorText("place:valid-names", places=valid, names=", ".join(players)))


# -- writing ---------------------------------------------------------------------------------
def _q(text: str) -> str:
    return f'"{text}"'


FIELD_ORDER = ("target", "peek", "flip", "saw", "put", "placed", "votes", "eliminated", "revealed", "swapped", "card",
               "index")


def _value(t: Turn, key: str) -> str | None:
    """One turn field as TOML (None: the turn has no such field)."""
    if key == "peek":
        return None if t.peek is None else f'{{ player = "{t.peek[0]}", index = {t.peek[1]} }}'
    if key == "flip":
        if t.flip is None:
            return None
        who, card, index = t.flip
        parts = [f'player = "{who}"'] + ([f'card = "{card.id}"'] if card else []) + \
            ([f"index = {index}"] if index else [])
        return "{ " + ", ".join(parts) + " }"
    if key == "index":
        return None if t.index is None else str(t.index)
    if key == "votes":
        if t.votes is None:
            return None
        return "{ " + ", ".join(f"{toml_key(voter)} = {_q(x)}" for voter, x in t.votes.items()) + " }"
    if key == "revealed":
        return None if t.revealed is None else "[" + ", ".join(_q(k.id) for k in t.revealed) + "]"
    if key == "swapped":
        return None if t.swapped is None else "true" if t.swapped else "false"
    v = {"target": t.target, "saw": t.saw, "put": t.put, "placed": t.placed, "eliminated": t.eliminated,
         "card": t.card}[key]
    return None if v is None else _q(v.id if isinstance(v, Kind) else str(v))


def to_toml(record: WerewolfRecord) -> str:
    """The canonical TOML form (what ``suiri simulate`` prints)."""
    out = [HEADER, "", f'game = "{FACTS.name}"', "players = [" + ", ".join(_q(p) for p in record.players) + "]"]
    if record.viewer is not None:
        out.append(f"viewer = {_q(record.viewer)}")
        if record.hand is not None:
            out.append(f"hand = {_q(record.hand.id)}")
    if record.deck != STANDARD:
        out.append("deck = { " + ", ".join(f'{k.id} = {n}' for k, n in zip(KINDS, record.deck, strict=True)) + " }")
    for t in record.turns:
        out += ["", "[[turn]]" + f"                  # {t.number}", f"player = {_q(t.player)}"]
        if t.drew is not None:
            out.append(f"drew = {_q(t.drew.id)}")
        out.append(f"play = {_q(t.play.id)}")
        out += [f"{key} = {text}" for key in FIELD_ORDER if (text := _value(t, key)) is not None]
    if record.pending is not None and record.viewer is not None:
        out += ["", "[[turn]]" + f"                  # {len(record.turns) + 1}: in progress",
                f"player = {_q(record.viewer)}", f"drew = {_q(record.pending.id)}"]
    for s in record.searches:
        out += ["", "[[search]]", f"order = {s.order}"]
        if s.player is None or s.raised != (s.player,):
            out.append("raised = [" + ", ".join(_q(p) for p in s.raised) + "]")
        if s.player is not None and s.target is not None and s.found is not None:
            out += [f"player = {_q(s.player)}", f"target = {_q(place_str(s.target))}", f"found = {_q(s.found.id)}"]
    return "\n".join(out) + "\n"


__all__ = ["Flip", "NONE", "ORDERS", "PLACED", "Search", "Turn", "VILLAGER", "WerewolfRecord", "from_document",
           "load", "loads", "parse_place", "place_str", "to_toml"]
