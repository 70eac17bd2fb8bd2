"""Werewolf Never Sleeps game records (format v1, ``docs/record-format.md``): a lenient
reader that reports every field error at once, and a strict writer whose output the
reader reads back unchanged.  The rules are checked afterwards by ``rules.replay``.

Places are written ``hand:NAME``, ``ruins`` and ``discard:NAME:INDEX`` (INDEX counts
from 1 in the order the pile received its cards, face-up cards included).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from suiri.solver.errors import Source
from suiri.solver.records import LineMap, RecordReader, TomlDocument, parse_toml, read_toml

from .cards import KINDS, STANDARD, VILLAGER, Kind, deck_counts, parse_kind

GAME = "werewolf"
MIN_PLAYERS, MAX_PLAYERS = 3, 4
PLACED = ("villager", "other", "unknown")
NONE = "none"
PENDING = Kind(-1, "(pending)", "(pending)", "(未定)", None, 0)  # a turn whose card is not played yet

Place = tuple[Any, ...]  # ("ruins",), ("hand", name), ("discard", name, index)


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
    flip: tuple[str, Kind] | None = None
    put: str | None = None  # villager / attack: whose discard got the face-down card
    placed: str | Kind | None = None  # villager: "villager", "other", "unknown" or (viewer) the card
    votes: dict[str, str] | None = None
    eliminated: str | None = None  # a name, NONE, or None when not written
    revealed: tuple[Kind, ...] | None = None
    swapped: bool | None = None  # sleep, a Werewolf viewer only
    card: Kind | None = None  # sleep: the face-down card the Werewolf viewer took


@dataclass
class Search:
    number: int
    player: str
    target: Place
    found: Kind


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
            path: tuple[str | int, ...] = ()
            label = key or ""
        else:
            assert index is not None
            path = (table, index - 1)
            label = f"{table}[{index}]" + (f".{key}" if key else "")
        if self.lines is None:
            return Source(self.file, None, label)
        return self.lines.source(path, key, label)

    def truncated(self, turns: int, searches: int = 0) -> WerewolfRecord:
        """The same record cut after ``turns`` turns and ``searches`` searches."""
        whole = turns >= len(self.turns)
        return replace(self, turns=self.turns[:turns], searches=self.searches[:searches] if whole else [],
                       pending=self.pending if whole else None)

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
    "sleep": ("swapped", "card"),
    "madman": (),
    "knight": (),
}
ATTACK_KEYS = ("put", "eliminated", "revealed")
COMMON_KEYS = ("player", "drew", "play")
HEADER = "# Werewolf Never Sleeps (人狼は眠らない) game record, format v1"


def load(path: str | Path) -> WerewolfRecord:
    return from_document(read_toml(path))


def loads(text: str, name: str = "<record>") -> WerewolfRecord:
    return from_document(parse_toml(name, text))


def from_document(doc: TomlDocument) -> WerewolfRecord:
    """Build a typed record, collecting every field error before raising them all."""
    return _Reader.build(doc)  # type: ignore[no-any-return]


class _Reader(RecordReader):
    def kind(self, value: Any, where: Source) -> Kind | None:
        return self.catch(lambda: parse_kind(value, where))

    def player(self, value: Any, where: Source, players: tuple[str, ...]) -> str | None:
        if isinstance(value, str) and value in players:
            return value
        self.fail(f"unknown player {value!r}" if value is not None else "missing player", where, ", ".join(players))
        return None

    def read(self) -> WerewolfRecord | None:
        d = self.doc.data
        self.root_fields(ROOT_KEYS, GAME)
        players = self.players(MIN_PLAYERS, MAX_PLAYERS)
        deck = self.catch(lambda: deck_counts(d.get("deck"), self.root("deck"))) if "deck" in d else STANDARD
        if players is None:
            return None
        if deck is not None and sum(deck) < len(players) + 1:
            self.fail(f"a deck of {sum(deck)} cards cannot deal {len(players)} hands and the ruins", self.root("deck"),
                      f"at least {len(players) + 1} cards")
            return None
        viewer = d.get("viewer")
        if viewer is not None and viewer not in players:
            self.fail(f"viewer {viewer!r} is not a player", self.root("viewer"), ", ".join(players))
            viewer = None
        hand = None
        if viewer is not None:
            if "hand" not in d:
                self.fail(f"missing hand: {viewer} knows its dealt card", self.root("viewer"), 'hand = "seer"')
            else:
                hand = self.kind(d["hand"], self.root("hand"))
        elif "hand" in d:
            self.fail("a spectator has no hand", self.root("hand"), "omit hand, or name the viewer")
        turns = [t for i, raw in enumerate(self._tables("turn")) if (t := self._turn(i + 1, raw, players))]
        pending = None
        if turns and turns[-1].play == PENDING:
            pending = turns.pop()
            if pending.player != viewer:
                self.fail("a turn without play is the viewer's turn in progress: only the viewer knows its draw",
                          self.lines.source(("turn", pending.number - 1), "drew", f"turn[{pending.number}].drew"),
                          "play = \"...\" (the card played)")
        for t in turns:
            if t.play == PENDING:
                self.fail("missing play: the card played", self.lines.source(("turn", t.number - 1), None,
                          f"turn[{t.number}]"), "only the viewer's last turn may stop after drew")
        searches = [s for i, raw in enumerate(self._tables("search")) if (s := self._search(i + 1, raw, players))]
        if self.errors:
            return None
        return WerewolfRecord(players, viewer, hand, turns, searches, deck or STANDARD, self.doc.path, self.lines,
                              pending.drew if pending else None)

    def _tables(self, name: str) -> list[Any]:
        raw = self.doc.data.get(name, [])
        if not isinstance(raw, list):
            self.fail(f"{name} must be an array of tables ([[{name}]])", self.root(name), f"[[{name}]] sections")
            return []
        return raw

    def _turn(self, n: int, raw: Any, players: tuple[str, ...]) -> Turn | None:
        def at(key: str | None) -> Source:
            return self.lines.source(("turn", n - 1), key, f"turn[{n}]" + (f".{key}" if key else ""))

        if not isinstance(raw, dict):
            self.fail("a turn must be a table", at(None), "[[turn]] with player and play")
            return None
        player = self.player(raw.get("player"), at("player"), players)
        if "play" not in raw:
            if player is not None and "drew" in raw and set(raw) == {"player", "drew"}:
                drew = self.kind(raw["drew"], at("drew"))  # the viewer's turn in progress (see WerewolfRecord)
                return Turn(n, player, PENDING, drew) if drew else None
            self.fail("missing play: the card played", at(None), ", ".join(k.id for k in KINDS))
            return None
        play = self.kind(raw["play"], at("play"))
        if player is None or play is None:
            return None
        allowed = COMMON_KEYS + (ATTACK_KEYS if play.is_attack else TURN_KEYS.get(play.id, ()))
        for key in raw:
            if key not in allowed:
                self.fail(f"unknown field {key!r} for a {play.id} turn", at(key), ", ".join(allowed))
        turn = Turn(n, player, play)
        if "drew" in raw:
            turn.drew = self.kind(raw["drew"], at("drew"))
        if "saw" in raw:
            turn.saw = self.kind(raw["saw"], at("saw"))
        if "target" in raw:
            turn.target = self.player(raw["target"], at("target"), players)
        if "put" in raw:
            turn.put = self.player(raw["put"], at("put"), players)
        if "peek" in raw:
            turn.peek = self._pile_ref(raw["peek"], at("peek"), players, "index", "{ player = \"ben\", index = 1 }")
        if "flip" in raw:
            flip = raw["flip"]
            if not isinstance(flip, dict) or set(flip) != {"player", "card"}:
                self.fail(f"flip must name player and card, not {flip!r}", at("flip"),
                          '{ player = "ben", card = "knight" }')
            else:
                who = self.player(flip["player"], at("flip"), players)
                card = self.kind(flip["card"], at("flip"))
                turn.flip = (who, card) if who and card else None
        if "placed" in raw:
            value = raw["placed"]
            if value in PLACED:
                turn.placed = value
            else:
                turn.placed = self.catch(lambda: parse_kind(value, at("placed")))
        if "votes" in raw:
            turn.votes = self._votes(raw["votes"], at("votes"), players)
        if "eliminated" in raw:
            value = raw["eliminated"]
            turn.eliminated = NONE if value == NONE else self.player(value, at("eliminated"), players)
        if "revealed" in raw:
            value = raw["revealed"]
            if not isinstance(value, list):
                self.fail("revealed must be a list of cards", at("revealed"), '["villager", "vote"]')
            else:
                kinds = [self.kind(v, at("revealed")) for v in value]
                turn.revealed = tuple(k for k in kinds if k) if all(kinds) else None
        if "swapped" in raw:
            if not isinstance(raw["swapped"], bool):
                self.fail(f"swapped must be true or false, not {raw['swapped']!r}", at("swapped"), "true, false")
            else:
                turn.swapped = raw["swapped"]
        if "card" in raw:
            turn.card = self.kind(raw["card"], at("card"))
        return turn

    def _pile_ref(self, value: Any, where: Source, players: tuple[str, ...], key: str,
                  example: str) -> tuple[str, int] | None:
        if not isinstance(value, dict) or set(value) != {"player", key}:
            self.fail(f"expected player and {key}, not {value!r}", where, example)
            return None
        who = self.player(value["player"], where, players)
        index = value[key]
        if not isinstance(index, int) or isinstance(index, bool) or index < 1:
            self.fail(f"{key} must be a card position from 1, not {index!r}", where, example)
            return None
        return (who, index) if who else None

    def _votes(self, value: Any, where: Source, players: tuple[str, ...]) -> dict[str, str] | None:
        if not isinstance(value, dict):
            self.fail("votes must map each voter to a target", where, '{ aki = "ben", ben = "cho", ... }')
            return None
        out = {}
        for voter, target in value.items():
            v = self.player(voter, where, players)
            t = self.player(target, where, players)
            if v and t:
                out[v] = t
        return out if len(out) == len(value) else None

    def _search(self, n: int, raw: Any, players: tuple[str, ...]) -> Search | None:
        def at(key: str | None) -> Source:
            return self.lines.source(("search", n - 1), key, f"search[{n}]" + (f".{key}" if key else ""))

        if not isinstance(raw, dict):
            self.fail("a search must be a table", at(None), "[[search]] with player, target and found")
            return None
        for key in raw:
            if key not in ("player", "target", "found"):
                self.fail(f"unknown field {key!r} for a search", at(key), "player, target, found")
        player = self.player(raw.get("player"), at("player"), players)
        target = self.catch(lambda: parse_place(raw.get("target"), at("target"), players))
        if "found" not in raw:
            self.fail("missing found: the card turned up", at(None), ", ".join(k.id for k in KINDS))
            return None
        found = self.kind(raw["found"], at("found"))
        if player is None or target is None or found is None:
            return None
        return Search(n, player, target, found)


def parse_place(value: Any, where: Source | None, players: tuple[str, ...]) -> Place:
    """``ruins``, ``hand:NAME`` or ``discard:NAME:INDEX``."""
    from suiri.solver.errors import RecordSyntaxError

    valid = '"ruins", "hand:NAME" or "discard:NAME:INDEX"'
    if not isinstance(value, str):
        raise RecordSyntaxError(f"a place is needed, not {value!r}", where, valid)
    parts = value.split(":")
    if parts == ["ruins"]:
        return ("ruins",)
    if len(parts) == 2 and parts[0] == "hand" and parts[1] in players:
        return ("hand", parts[1])
    if len(parts) == 3 and parts[0] == "discard" and parts[1] in players and parts[2].isdigit() and int(parts[2]) > 0:
        return ("discard", parts[1], int(parts[2]))
    raise RecordSyntaxError(f"{value!r} is not a place", where, valid + f" with NAME one of {', '.join(players)}")


# -- writing ---------------------------------------------------------------------------------
def _q(text: str) -> str:
    return f'"{text}"'


FIELD_ORDER = ("target", "peek", "flip", "saw", "put", "placed", "votes", "eliminated", "revealed", "swapped", "card")


def _value(t: Turn, key: str) -> str:
    """One turn field as TOML."""
    v = getattr(t, key)
    if key == "peek":
        return f'{{ player = "{v[0]}", index = {v[1]} }}'
    if key == "flip":
        return f'{{ player = "{v[0]}", card = "{v[1].id}" }}'
    if key == "votes":
        return "{ " + ", ".join(f"{voter} = {_q(x)}" for voter, x in v.items()) + " }"
    if key == "revealed":
        return "[" + ", ".join(_q(k.id) for k in v) + "]"
    if key == "swapped":
        return "true" if v else "false"
    return _q(v.id if isinstance(v, Kind) else str(v))


def to_toml(record: WerewolfRecord) -> str:
    """The canonical TOML form (what ``suiri simulate`` prints)."""
    out = [HEADER, "", f'game = "{GAME}"', "players = [" + ", ".join(_q(p) for p in record.players) + "]"]
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
        out += [f"{key} = {_value(t, key)}" for key in FIELD_ORDER if getattr(t, key) is not None]
    if record.pending is not None and record.viewer is not None:
        out += ["", "[[turn]]" + f"                  # {len(record.turns) + 1}: in progress",
                f"player = {_q(record.viewer)}", f"drew = {_q(record.pending.id)}"]
    for s in record.searches:
        out += ["", "[[search]]", f"player = {_q(s.player)}", f"target = {_q(place_str(s.target))}",
                f"found = {_q(s.found.id)}"]
    return "\n".join(out) + "\n"


__all__ = ["GAME", "NONE", "PLACED", "Search", "Turn", "VILLAGER", "WerewolfRecord", "from_document", "load",
           "loads", "parse_place", "place_str", "to_toml"]
