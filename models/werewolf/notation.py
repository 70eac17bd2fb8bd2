"""A compact line notation for typing a Werewolf Never Sleeps game at the table (an extension).

One line per event; ``#`` starts a comment; a name with spaces is quoted (``"Lost
Legacy"``).  It reads into the same data and line map as the TOML format, so the record
reader, the rules and every error message are shared, and errors point at the line
typed, in the notation's words (``DIALECT``, ``solver.notation``).  Cards are written as the TOML reader reads them (``cards.parse_kind``: ids,
English and Japanese names)::

    werewolf aki ben cho dan            # the game, players in turn order
    viewer aki seer                     # optional: the seat and its dealt card
    deck villager=1 lost-legacy=1 vote=2 sleep=2    # optional: a smaller deck
    aki drew medium seer cho saw sleep  # PLAYER [drew CARD] PLAY, then what the card needs
    ben villager cho unknown            # put, then villager / other / unknown (own turn: the card)
    cho sleep                           # a Werewolf viewer adds its own choice: cho sleep aki keep
    dan vote aki=ben ben=cho cho=ben dan=ben out none
    aki drew knight medium peek cho 1 saw vote      # or: medium flip NAME [CARD] [INDEX]
    cho attack-1 dan out ben shows villager         # [put] out NAME|none, shows the revealed cards
    aki drew vote                       # the viewer's turn in progress (drawn, not played yet)
    search 4 aki discard:dan:3 sleep    # a call: ORDER, and a lone raiser's PLAYER PLACE CARD
    search 3 raised cho                 # raised, searched not (the Madman, several raisers)
    search 8                            # a call at which nobody raised

A turn in progress may be finished on the next line: ``aki drew vote`` followed by
``aki vote aki=cho ...`` (no ``drew``) is one turn, so a live session only appends lines.
``-`` stands for a positional field not written (``ben villager - other``).  Player names
may not be words of the notation (``RESERVED``).  What a Werewolf viewer did in a Sleep is
its own choice, so it is written after its name: ``cho sleep aki swap vote 2`` (aki, the
viewer, swapped during cho's Sleep); the older ``cho sleep swap vote 2`` still reads.

``suiri convert FILE`` prints the canonical TOML of such a file; ``to_compact`` writes
the canonical notation (both read back to the same record).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import partial

from suiri.solver.errors import (
    Joined,
    Message,
    RecordSyntaxError,
    Source,
    SuiriError,
    Text,
    close_spellings,
)
from suiri.solver.notation import Dialect, NotationLines, typed_lines, unquoted_name
from suiri.solver.records import TablePath, TomlDocument, TomlValue, Where, source_of

from .cards import KINDS, STANDARD, Kind, parse_kind
from .error_text import ErrorText
from .record import (
    ATTACK_KEYS,
    COMMON_KEYS,
    NONE,
    PLACED,
    TURN_KEYS,
    Search,
    Turn,
    WerewolfRecord,
    place_str,
)

GAME = "werewolf"
HEADS = ("werewolf", "viewer", "deck", "search")
KEYWORDS = ("drew", "saw", "out", "shows", "peek", "flip", "swap", "keep", "raised")
SKIP = "-"  # a positional field not written
RESERVED = frozenset((*HEADS, *KEYWORDS, SKIP))
# Full-width forms of ASCII read as ASCII, except the colon: 「：」 is part of a card's Japanese
# name (失われた遺産：人狼); 「①」 and the other circled numbers are not in this block.
WIDE = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F) if chr(c) != "："}
SINGLE = {"saw": "saw", "out": "eliminated"}  # keyword CARD|NAME: the TOML field it fills

TURN = "PLAYER [drew CARD] PLAY ..."
DREW = "PLAYER drew CARD [PLAY ...]"  # a turn in progress
SEARCH = ErrorText("grammar:search")
GRAMMAR: dict[str, Message] = {  # what may follow each card played, in the notation's words
    "seer": "seer TARGET [saw CARD]",
    "medium": ErrorText("grammar:medium"),
    "villager": "villager PUT [villager|other|unknown|CARD]",
    "vote": "vote VOTER=TARGET ... [out NAME|none] [shows CARD ...]",
    "sleep": ErrorText("grammar:sleep"),
    "attack": "attack-N [PUT] out NAME|none [shows CARD ...]",
}
SPACED_NAMES = {name.lower(): k.id for k in KINDS for name in (k.en, *(["Lost Legacy"] if k.id == "lost-legacy" else []))
                if " " in name}  # typed in quotes: "Werewolf Attack ①"
POSITIONAL = {"seer": ("target",), "villager": ("put", "placed"), "attack": ("put",), "sleep": ("card", "index")}


def is_compact(text: str) -> bool:
    """A compact record starts (after comments) with the word ``werewolf``."""
    for line in text.removeprefix("\ufeff").splitlines():
        line = line.translate(WIDE)
        words = line.split("#", 1)[0].split()
        if words:
            return words[0].lower() == GAME and "=" not in line
    return False


def parse(name: str, text: str) -> TomlDocument:
    """The record's data and line map, as ``parse_toml`` gives them for the TOML form."""
    return _Parser(name).read(text.removeprefix("\ufeff"))


def split_words(line: str, where: Where) -> list[str]:
    """The words of one line: whitespace (a full-width space too) separates them, quotes
    group them, ``#`` outside quotes starts a comment.  Full-width ASCII, as a Japanese
    input method types it (``４``, ``＝``, ``＃``), reads as ASCII."""
    line = line.translate(WIDE)
    if '"' not in line and "'" not in line:  # nothing quoted (nearly every line): the same words
        return line.split("#", 1)[0].split()
    out: list[str] = []
    word: list[str] = []
    quote: str | None = None
    started = False
    for ch in line:
        if quote is not None:
            if ch == quote:
                quote = None
            else:
                word.append(ch)
        elif ch in "\"'":
            quote, started = ch, True
        elif ch == "#":
            break
        elif ch.isspace():
            if started:
                out.append("".join(word))
            word, started = [], False
        else:
            word.append(ch)
            started = True
    if quote is not None:
        raise RecordSyntaxError(ErrorText("notation:quote", quote=quote), source_of(where),
                                ErrorText("notation:quote-valid", quote=quote))
    if started:
        out.append("".join(word))
    return out


def _family(kind: Kind) -> str:
    """The grammar a card's turn follows (the three Attacks share one)."""
    return "attack" if kind.is_attack else kind.id


def _allowed(kind: Kind) -> tuple[str, ...]:
    """The TOML fields of a turn of this card (the reader's own table)."""
    return COMMON_KEYS + (ATTACK_KEYS if kind.is_attack else TURN_KEYS.get(kind.id, ()))


def _position(word: str, at: Source, grammar: Message) -> int:
    if not word.isdigit() or int(word) < 1:
        raise RecordSyntaxError(ErrorText("notation:position", word=repr(word)), at,
                                ErrorText("notation:position-valid", grammar=grammar))
    return int(word)


class _Parser:
    def __init__(self, name: str) -> None:
        self.name = name
        self.data: dict[str, TomlValue] = {}
        self.lines = NotationLines(name, dialect=DIALECT)
        self.turns: list[dict[str, TomlValue]] = []
        self.searches: list[dict[str, TomlValue]] = []
        self.heads: dict[str, int] = {}
        self.open_turn = False  # the last turn is drawn and not played yet

    def at(self, number: int, field: str | None) -> Source:
        return self.lines.at(number, field)

    def read(self, text: str) -> TomlDocument:
        self.lines.typed = typed_lines(text)
        for number, raw in enumerate(text.splitlines(), start=1):
            words = split_words(raw, partial(self.at, number, None))  # the place: only for an error
            if words:
                spaced = unquoted_name(words, SPACED_NAMES)
                if spaced is not None:  # `aki drew Lost Legacy vote`: a name read as two words
                    raise RecordSyntaxError(ErrorText("notation:unquoted-card", name=spaced[0],
                                                      n=len(spaced[0].split())), self.at(number, None),
                                            ErrorText("notation:unquoted-card-valid", name=spaced[0], id=spaced[1]))
                self.line(words, number)
        if self.turns:
            self.data["turn"] = self.turns
        if self.searches:
            self.data["search"] = self.searches
        return TomlDocument(self.name, self.data, self.lines)

    def line(self, words: list[str], number: int) -> None:
        head = words[0].lower() if words[0].lower() in HEADS else words[0]  # Werewolf, Viewer: any case
        if head in ("werewolf", "viewer", "deck"):
            if head in self.heads:
                raise RecordSyntaxError(ErrorText("notation:second-head", head=repr(head), first=self.heads[head]),
                                        self.at(number, head), ErrorText("notation:second-head-valid", head=repr(head)))
            self.heads[head] = number
        if head == "werewolf":
            self.game(words[1:], number)
        elif head == "viewer":
            self.viewer(words[1:], number)
        elif head == "deck":
            self.deck(words[1:], number)
        elif head == "search":
            self.search(words[1:], number)
        else:
            if self.searches:
                raise RecordSyntaxError(ErrorText("notation:turn-after-search"),
                                        self.at(number, f"turn[{len(self.turns) + 1}]"),
                                        ErrorText("notation:turn-after-search-valid"))
            self.turn(head, words[1:], number)

    # -- the head ------------------------------------------------------------------------------------
    def game(self, players: list[str], number: int) -> None:
        reserved = sorted(p for p in players if p.lower() in RESERVED)
        if reserved:
            raise RecordSyntaxError(ErrorText("notation:reserved-name", name=repr(reserved[0])),
                                    self.at(number, "players"), ErrorText("notation:reserved-name-valid"))
        self.data["game"], self.data["players"] = GAME, players
        self.lines.keys[((), "game")] = self.lines.keys[((), "players")] = number

    def viewer(self, words: list[str], number: int) -> None:
        if len(words) != 2:
            what = ErrorText("notation:viewer-short") if len(words) < 2 else \
                ErrorText("notation:unexpected", words=repr(" ".join(words[2:])))
            raise RecordSyntaxError(what, self.at(number, "viewer"), ErrorText("notation:viewer-valid"))
        self.data["viewer"], self.data["hand"] = words
        self.lines.keys[((), "viewer")] = self.lines.keys[((), "hand")] = number

    def deck(self, items: list[str], number: int) -> None:
        deck: dict[str, TomlValue] = {}
        for item in items:
            card, eq, copies = item.partition("=")
            if not eq or not card or card in deck:
                what = ErrorText("notation:deck-twice", card=repr(card)) if card in deck else \
                    ErrorText("notation:unreadable", words=repr(item))
                raise RecordSyntaxError(what, self.at(number, "deck"), ErrorText("notation:deck-valid"))
            deck[card] = int(copies) if copies.isdigit() else copies
        self.data["deck"] = deck
        self.lines.keys[((), "deck")] = number

    # -- turns --------------------------------------------------------------------------------------
    def turn(self, player: str, words: list[str], number: int) -> None:
        label = f"turn[{len(self.turns) + 1}]"
        drew = None
        if words and words[0] == "drew":
            if len(words) < 2:
                raise RecordSyntaxError(ErrorText("notation:drew-needs-card"), self.at(number, f"{label}.drew"),
                                        DREW)
            drew, words = words[1], words[2:]
        last = self.turns[-1] if self.turns else None
        if self.open_turn and last is not None and str(last["player"]).casefold() == player.casefold() and drew is None \
                and words:
            turn, index = last, len(self.turns) - 1  # the turn in progress, now played
        else:
            turn, index = {"player": player}, len(self.turns)
            self.turns.append(turn)
            self.lines.tables[("turn", index)] = number
            self.lines.keys[(("turn", index), "player")] = number
            if drew is not None:
                turn["drew"] = drew
                self.lines.keys[(("turn", index), "drew")] = number
        self.open_turn = not words
        if not words:
            if drew is None:
                raise RecordSyntaxError(ErrorText("notation:turn-needs-play"), self.at(number, f"turn[{index + 1}]"),
                                        TURN)
            return
        _TurnFields(self, turn, ("turn", index), number).read(words)

    # -- the search phase -------------------------------------------------------------------------
    def search(self, words: list[str], number: int) -> None:
        index = len(self.searches)
        table: TablePath = ("search", index)
        at = self.at(number, f"search[{index + 1}]")
        if not words:
            raise RecordSyntaxError(ErrorText("notation:search-needs-order"), at, SEARCH)
        entry: dict[str, TomlValue] = {"order": int(words[0]) if words[0].isdigit() else words[0]}
        rest = words[1:]
        if "raised" in rest:
            cut = rest.index("raised")
            rest, entry["raised"] = rest[:cut], rest[cut + 1:]
        if len(rest) == 3:
            entry["player"], entry["target"], entry["found"] = rest
        elif rest:
            raise RecordSyntaxError(ErrorText("notation:search-unreadable", words=repr(" ".join(rest))), at, SEARCH)
        elif "raised" not in entry:
            entry["raised"] = []
        self.searches.append(entry)
        self.lines.tables[table] = number
        for key in entry:
            self.lines.keys[(table, key)] = number


class _TurnFields:
    """The words after a turn's ``PLAYER [drew CARD]``: the card played, then its fields,
    each a TOML field of ``[[turn]]``."""

    def __init__(self, parser: _Parser, turn: dict[str, TomlValue], table: TablePath, number: int) -> None:
        self.parser, self.turn, self.table, self.number = parser, turn, table, number
        self.label = f"turn[{int(table[1]) + 1}]"
        self.kind: Kind | None = None
        self.grammar: Message = TURN

    def at(self, field: str | None = None) -> Source:
        return self.parser.at(self.number, f"{self.label}.{field}" if field else self.label)

    def set(self, field: str, value: TomlValue, word: str) -> None:
        """Fill one field, once, and only a field the card played has."""
        if self.kind is not None and field not in _allowed(self.kind):
            raise RecordSyntaxError(ErrorText("notation:not-with-card", word=repr(word), card=self.kind.id),
                                    self.at(field), self.grammar)
        if field in self.turn:
            spelt: dict[str, Message] = {"eliminated": "out", "revealed": "shows",
                                         "swapped": ErrorText("notation:swap-or-keep")}
            said = spelt.get(field, field)
            raise RecordSyntaxError(ErrorText("notation:twice", said=said), self.at(field), self.grammar)
        self.turn[field] = value
        self.parser.lines.keys[(self.table, field)] = self.number

    def read(self, words: list[str]) -> None:
        play, args = words[0], words[1:]
        if play in KEYWORDS:
            raise RecordSyntaxError(ErrorText("notation:keyword-as-play", word=repr(play)), self.at("play"), TURN)
        self.set("play", play, play)
        try:
            self.kind = parse_kind(play)
        except RecordSyntaxError:
            self.kind = None  # the reader reports the unknown card, at this line
        family = _family(self.kind) if self.kind is not None else ""
        self.grammar = GRAMMAR.get(family, ErrorText("grammar:nothing-more", card=play))
        slots = list(POSITIONAL.get(family, ()))
        i = 0
        while i < len(args):
            word = args[i]
            i += 1
            if word in SINGLE:
                if i == len(args) or args[i] in KEYWORDS:
                    raise RecordSyntaxError(ErrorText("notation:needs-value", word=word), self.at(SINGLE[word]),
                                            self.grammar)
                self.set(SINGLE[word], args[i], word)
                i += 1
            elif word == "shows":
                cards = []
                while i < len(args) and args[i] not in KEYWORDS:
                    cards.append(args[i])
                    i += 1
                self.set("revealed", cards, word)
            elif word in ("peek", "flip"):
                i = self.pile(word, args, i)
            elif word in ("swap", "keep"):
                self.set("swapped", word == "swap", word)
            elif self.kind is not None and self.kind.id == "sleep" and i < len(args) and args[i] in ("swap", "keep"):
                self.sleeper_choice(word, args[i])
            elif word in ("drew", "raised"):
                raise RecordSyntaxError(ErrorText("notation:misplaced", word=repr(word)), self.at(word),
                                        ErrorText("notation:drew-valid", grammar=TURN) if word == "drew" else
                                        self.grammar)
            elif "=" in word:
                self.vote(word)
            elif self.kind is not None:
                self.positional(word, slots)

    def sleeper_choice(self, name: str, choice: str) -> None:
        """``NAME swap|keep`` in a Sleep: only the viewer's own choice is written."""
        viewer = self.parser.data.get("viewer")
        if name != viewer:
            valid: Message = (ErrorText("notation:sleep-choice-valid", viewer=viewer, choice=choice) if viewer
                              else self.grammar)
            raise RecordSyntaxError(ErrorText("notation:sleep-choice-not-viewer", name=repr(name)),
                                    self.at("swapped"), valid)

    def vote(self, word: str) -> None:
        voter, _, target = word.partition("=")
        votes = self.turn.get("votes")
        if not isinstance(votes, dict):  # the first vote (only this method writes votes)
            first: dict[str, TomlValue] = {}
            self.set("votes", first, word)
            votes = first
        if voter in votes:
            raise RecordSyntaxError(ErrorText("notation:votes-twice", voter=voter), self.at("votes"), self.grammar)
        votes[voter] = target

    def positional(self, word: str, slots: list[str]) -> None:
        """A bare word: the next field of the card played (a Sleep's are told by shape)."""
        assert self.kind is not None
        if self.kind.id == "sleep":
            slots[:] = ["index"] if word.isdigit() else ["card"]
        if not slots:
            message: Message = ErrorText("notation:unexpected-after", word=repr(word), card=self.kind.id)
            near = close_spellings(word, KEYWORDS)  # a misspelt word of the notation: 'oot' for 'out'
            if near:
                message = Joined((message, Text("frame:did-you-mean", names=repr(near[0]))))
            raise RecordSyntaxError(message, self.at(), self.grammar)
        field = slots.pop(0)
        if word == SKIP:
            return
        self.set(field, _position(word, self.at(field), self.grammar) if field == "index" else word, word)

    def pile(self, word: str, args: list[str], i: int) -> int:
        """``peek NAME INDEX`` or ``flip NAME [CARD] [INDEX]``; the index of the next word."""
        if i == len(args) or args[i] in KEYWORDS:
            raise RecordSyntaxError(ErrorText("notation:pile-needs-player", word=word), self.at(word), self.grammar)
        value: dict[str, TomlValue] = {"player": args[i]}
        i += 1
        while i < len(args) and args[i] not in KEYWORDS and "=" not in args[i] and len(value) < 3:
            key = "index" if args[i][0].isdigit() else "card"
            if key in value or (word == "peek" and key == "card"):
                break
            value[key] = _position(args[i], self.at(word), self.grammar) if key == "index" else args[i]
            i += 1
        if len(value) == 1 or (word == "peek" and "index" not in value):
            key = "notation:peek-needs-position" if word == "peek" else "notation:flip-needs-card"
            raise RecordSyntaxError(ErrorText(key, word=word, player=value["player"]), self.at(word), self.grammar)
        self.set(word, value, word)
        return i


# -- errors in the notation's words (solver.notation) ----------------------------------------------
def _value(valid: str, field: str, params: Mapping[str, object]) -> Message | None:
    """A TOML value in a ``valid`` text as the notation writes it."""
    quoted = re.fullmatch(r'"([^"]*)"', valid)
    if field == "out" and quoted:
        return f"out {quoted.group(1)}"
    if valid in ("swapped = true", "swapped = false"):
        return "swap" if valid.endswith("true") else "keep"
    if valid.startswith('player = "'):  # a lone raiser's search
        return f"search {params.get('order', 'ORDER')} {params.get('player', 'PLAYER')} PLACE CARD"
    if valid.startswith("votes = {"):
        return " ".join(f"{m[1]}=TARGET" for m in re.finditer(r"(\S+) = \"", valid))
    return None


DIALECT = Dialect(
    ErrorText,
    fields={"eliminated": "out", "revealed": "shows", "swapped": "swap/keep", "hand": "viewer", "play": "card played",
            "search.target": "place", "search.found": "card", "search.order": "order"},
    children={"votes": "{}=", "deck": "deck {}"},
    sentences={key: f"say:{key}" for key in (
        "record:pending-valid", "record:missing-play", "record:order-valid", "record:raised-valid",
        "record:missing-raised-valid", "place:valid", "medium:flip-card-valid", "villager:lost-legacy-valid",
        "vote:missing", "sleep:unknowable", "sleep:unknowable-valid", "sleep:needs-swap", "sleep:no-face-down",
        "attack:missing-out", "attack:missing-out-valid", "attack:itself-valid", "revealed:count", "revealed:valid",
        "search:after-over-valid", "search:too-early-valid", "call:omit-search", "call:lone", "deck:copies",
        "who:eliminated-field", "record:spectator-hand", "record:spectator-hand-valid", "record:sections")},
    values=_value,
    filed={"revealed:count": "shows"},
    phrases={"peek = { player, index }": "peek NAME INDEX", "flip = { player, card }": "flip NAME CARD"},
)


# -- writing ---------------------------------------------------------------------------------
def _card(value: Kind | str) -> str:
    return value.id if isinstance(value, Kind) else value


def turn_words(t: Turn, viewer: str | None = None) -> list[str]:
    """One turn as the notation writes it (``parse`` reads it back to the same fields);
    ``viewer``: the record's viewer, whose choice in a Sleep the turn may hold."""
    words = [t.player] + (["drew", t.drew.id] if t.drew is not None else []) + [t.play.id]
    if t.target is not None:
        words.append(t.target)
    if t.peek is not None:
        words += ["peek", t.peek[0], str(t.peek[1])]
    if t.flip is not None:
        who, card, index = t.flip
        words += ["flip", who] + ([card.id] if card is not None else []) + ([str(index)] if index else [])
    if t.saw is not None:
        words += ["saw", t.saw.id]
    if t.put is not None or t.placed is not None:
        words += [t.put or SKIP] + ([_card(t.placed)] if t.placed is not None else [])
    if t.votes is not None:
        if not t.votes:
            raise SuiriError(ErrorText("notation:vote-without-pointings", n=t.number), None, "toml")
        words += [f"{voter}={target}" for voter, target in t.votes.items()]
    if t.eliminated is not None:
        words += ["out", t.eliminated]
    if t.revealed is not None:
        words += ["shows", *(k.id for k in t.revealed)]
    if t.swapped is not None:  # the viewer's own choice, after its name
        words += ([viewer] if viewer else []) + ["swap" if t.swapped else "keep"]
    if t.card is not None:
        words.append(t.card.id)
    if t.index is not None:
        words.append(str(t.index))
    return words


def search_words(s: Search) -> list[str]:
    words = ["search", str(s.order)]
    searched = s.player is not None and s.target is not None and s.found is not None
    if searched:
        assert s.player is not None and s.target is not None and s.found is not None
        words += [s.player, place_str(s.target), s.found.id]
    if s.raised != ((s.player,) if searched else ()):
        words += ["raised", *s.raised]
    return words


def to_compact(record: WerewolfRecord) -> str:
    """The compact text of a ``WerewolfRecord`` (reads back to the same record)."""
    reserved = sorted(set(record.players) & RESERVED)
    if reserved:
        raise SuiriError(ErrorText("notation:reserved-name", name=repr(reserved[0])), None, "toml")
    out = [f"{GAME} " + " ".join(record.players)]
    if record.viewer is not None:
        out.append(f"viewer {record.viewer}" + (f" {record.hand.id}" if record.hand is not None else ""))
    if record.deck != STANDARD:
        out.append("deck " + " ".join(f"{k.id}={n}" for k, n in zip(KINDS, record.deck, strict=True) if n))
    out += [" ".join(turn_words(t, record.viewer)) for t in record.turns]
    if record.pending is not None and record.viewer is not None:
        out.append(f"{record.viewer} drew {record.pending.id}")
    out += [" ".join(search_words(s)) for s in record.searches]
    return "\n".join(out) + "\n"


# -- at the table (``suiri live``) ----------------------------------------------------------------
def setup_lines(players: Sequence[str], viewer: str | None) -> list[str]:
    """The first lines of a new record (``CARD``: the viewer's dealt card, to fill in)."""
    return [f"{GAME} " + " ".join(players)] + ([f"viewer {viewer} CARD"] if viewer is not None else [])


def vocabulary(record: WerewolfRecord) -> list[str]:
    """The words worth completing: players, cards (ids and Japanese names), the words of
    the notation, the Villager's placed words, and the places a search names."""
    places = ["ruins"] + [f"hand:{p}" for p in record.players] + [f"discard:{p}:" for p in record.players]
    return [*record.players, *(k.id for k in KINDS), *(k.ja for k in KINDS), *KEYWORDS, *PLACED, NONE, *places]


__all__ = ["RESERVED", "is_compact", "parse", "search_words", "setup_lines", "split_words", "to_compact",
           "turn_words", "vocabulary"]
