"""Memory Detective game records (format v1, ``docs/record-format.md``): lenient
reading, strict writing.

The reader collects every problem it can find in the fields (unknown names and
cards, wrong types, missing keys) and reports them together; the rules are checked
afterwards by ``rules.replay``, which stops at the first illegal event.  ``to_toml``
writes the canonical form that the reader reads back unchanged.  In the Clue variant a
deduction may be written ``deduce`` or ``suggest`` (Clue's own word); the writer always
writes ``suggest`` there, and ``deduce`` in Memory Detective (decision 47).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from suiri.solver.errors import Source, Text
from suiri.solver.records import (
    LineMap,
    RecordReader,
    TablePath,
    TomlValue,
    entry_field,
    is_names,
    located,
    toml_key,
)

from . import FACTS
from .cards import CARD_ID, FAKE, STANDARD_DECK, Card, Deck, card_id
from .error_text import ErrorText
from .rules import (
    OUTCOMES,
    PUBLIC_EVIDENCE,
    Accuse,
    Deduce,
    Event,
    Peek,
    Reveal,
    Show,
    Variant,
)


@dataclass
class DetectiveRecord:
    """A Memory Detective game as one seat wrote it (``viewer`` None = a spectator)."""

    variant: Variant
    players: tuple[str, ...]
    viewer: str | None
    hand: tuple[Card, ...]  # the viewer's cards as dealt (empty for a spectator)
    public: tuple[Card, ...]  # the public evidence laid out at setup
    events: list[Event]
    file: str = "<record>"
    lines: LineMap | None = field(default=None, repr=False)

    def where(self, event: int | None, key: str | None = None, sub: str | None = None) -> Source:
        """The file, line and field of a value (``event`` is 1-based; None = setup)."""
        if event is None:
            table: TablePath = (sub,) if sub else ()
            label = f"{sub}.{key}" if sub else (key or "")
        else:
            table, label = entry_field("event", event, key, sub)
        return located(self.file, self.lines, table, key, label)

    def truncated(self, events: int) -> DetectiveRecord:
        """The same record cut after ``events`` events."""
        return DetectiveRecord(self.variant, self.players, self.viewer, self.hand, self.public,
                               self.events[:events], self.file, self.lines)


# -- reading ---------------------------------------------------------------------------------
ROOT_KEYS = ("game", "players", "viewer", "hand", "public", "cards", "fake", "hand_sizes", "variant", "event")
CARD_KEYS = ("suspects", "weapons", "scenes")
VARIANTS = {"base": False, "detective": False, "clue": True}
KINDS = ("deduce", "reveal", "peek", "show")
CLUE_KINDS = ("suggest", "deduce", "accuse", "reveal", "peek", "show")  # suggest = deduce under Clue's name
BASE_ONLY = ("raised",)
CLUE_ONLY = ("refuted_by", "passed")
EVENT_KEYS: dict[str, tuple[str, ...]] = {
    "deduce": ("kind", "by", "named", "raised", "shown", "outcome"),
    "deduce-clue": ("kind", "by", "named", "refuted_by", "passed", "shown", "outcome"),
    "accuse": ("kind", "by", "named", "correct"),
    "reveal": ("kind", "card", "from", "bluff"),
    "peek": ("kind", "player", "card"),
    "show": ("kind", "from", "to", "among"),
}
HEADER = f"# {FACTS.title_en} ({FACTS.title_ja}) game record, format v1"


def _quoted(items: Sequence[str]) -> str:
    return "[" + ", ".join(f'"{x}"' for x in items) + "]"


def _sizes(players: Sequence[str], sizes: Sequence[int]) -> str:
    return "hand_sizes = { " + ", ".join(f"{toml_key(p)} = {n}" for p, n in zip(players, sizes, strict=True)) + " }"


class _Reader(RecordReader[DetectiveRecord]):
    # -- helpers -----------------------------------------------------------------------------
    def missing(self, key: str, near: str) -> Source:
        """A missing root field: named as itself, at the line of ``near`` (where it belongs)."""
        return self.src((), key if ((), key) in self.lines.keys else near, key)  # a typed record's own Source

    def card(self, value: TomlValue | None, where: Source, deck: Deck, fake: bool) -> Card | None:
        return self.catch(lambda: deck.parse(value, where, fake=fake))

    def cards(self, value: TomlValue, where: Source, deck: Deck, fake: bool, what: str) -> tuple[Card, ...] | None:
        """A list of cards; None (with the errors noted) unless every one is known."""
        if not isinstance(value, list):
            self.fail(ErrorText("record:not-a-card-list", what=what, value=repr(value)), where, '["s1", "w2", ...]')
            return None
        out = [self.card(v, where, deck, fake) for v in value]
        if any(c is None for c in out):
            return None
        return tuple(c for c in out if c is not None)

    def player(self, value: TomlValue | None, where: Source, players: Sequence[str]) -> str | None:
        return self.player_name(value, players, where, missing=ErrorText("record:missing-player"))

    def player_list(self, value: TomlValue, where: Source, players: Sequence[str]) -> tuple[str, ...] | None:
        if not isinstance(value, list):
            self.fail(ErrorText("record:not-a-player-list", value=repr(value)), where,
                      ErrorText("record:player-list-valid", example=_quoted(players[:2])))
            return None
        out = [self.player(v, where, players) for v in value]
        if any(p is None for p in out):
            return None
        return tuple(p for p in out if p is not None)

    # -- the record ----------------------------------------------------------------------------
    def read(self) -> DetectiveRecord | None:
        d = self.doc.data
        self.root_fields(ROOT_KEYS, FACTS.name)

        players = self.players(FACTS.players.start, FACTS.players.stop - 1)
        deck = self._deck(d.get("cards"))
        fake = d.get("fake", False)
        if not isinstance(fake, bool):
            self.fail(ErrorText("record:fake-bool", value=repr(fake)), self.root("fake"),
                      ErrorText("record:fake-valid"))
            fake = False
        variant_name = d.get("variant", "base")
        if not isinstance(variant_name, str) or variant_name not in VARIANTS:
            self.unknown("variant", variant_name, list(VARIANTS), self.root("variant"), ErrorText("record:variant-valid"))
            variant_name = "base"
        clue = VARIANTS[variant_name]
        if players is None:
            return None

        viewer = self._viewer(d, players)
        public = None
        if "public" not in d:
            self.fail(ErrorText("record:missing-public"), self.missing("public", "players"),
                      ErrorText("record:public-valid"))
        elif deck is not None:
            public = self.cards(d["public"], self.root("public"), deck, fake, "public")
        hand: tuple[Card, ...] = ()
        if viewer is not None and "hand" not in d:
            self.fail(ErrorText("record:missing-hand", viewer=viewer), self.missing("hand", "viewer"),
                      ErrorText("record:hand-valid"))
        elif viewer is None and "hand" in d and "viewer" not in d:
            self.fail(ErrorText("record:spectator-hand"), self.root("hand"), ErrorText("record:spectator-hand-valid"))
        elif "hand" in d and deck is not None:
            hand = self.cards(d["hand"], self.root("hand"), deck, fake, "hand") or ()
        if deck is None:
            return None

        if public is not None and not self._public_count(deck, len(players), len(public)):
            public = None  # one error is enough: the deal cannot be checked against it
        hand_sizes = self._hand_sizes(d, players, deck, fake, public)
        variant = Variant.for_players(len(players), deck, clue=clue, fake=fake,
                                      public_count=len(public) if public is not None else None,
                                      hand_sizes=hand_sizes)

        events: list[Event] = []
        raw_events = d.get("event", [])
        if not isinstance(raw_events, list):
            self.fail(ErrorText("record:events-not-tables"), self.root("event"), ErrorText("record:event-valid"))
            raw_events = []
        for i, raw in enumerate(raw_events):
            event = self._event(i, raw, players, variant)
            if event is not None:
                events.append(event)
        return DetectiveRecord(variant, players, viewer, hand, public or (), events, self.doc.path, self.lines)

    def _deck(self, cards: TomlValue | None) -> Deck | None:
        if cards is None:
            return STANDARD_DECK
        if not isinstance(cards, dict):
            self.fail(ErrorText("record:cards-not-table"), self.root("cards"), ErrorText("record:cards-valid"))
            return None
        for key in cards:
            if key not in CARD_KEYS:
                self.unknown("field", key, CARD_KEYS, self.src(("cards",), key, f"cards.{key}"))
        lists: list[list[str]] = []
        seen: set[str] = set()
        ok = True
        for key in CARD_KEYS:
            where = self.src(("cards",), key, f"cards.{key}")
            ids = cards.get(key)
            if not is_names(ids) or not ids:
                what = ErrorText("record:missing-deck-list" if ids is None else "record:bad-deck-list", field=key)
                self.fail(what, where, ErrorText("record:deck-list-valid", field=key))
                ok = False
                continue
            for name in ids:  # an id ("lead-pipe") or the name printed on the card ("Lead Pipe")
                i = card_id(name)
                if i == FAKE:
                    self.fail(ErrorText("record:fake-id", fake=repr(FAKE)), where, ErrorText("record:fake-id-valid"))
                    ok = False
                elif not CARD_ID.match(i):
                    self.fail(ErrorText("record:bad-card-id", id=repr(name)), where, ErrorText("record:card-id-valid"))
                    ok = False
                elif i in seen:
                    self.fail(ErrorText("record:card-id-twice", id=repr(name)), where,
                              ErrorText("record:card-id-twice-valid"))
                    ok = False
                seen.add(i)
            lists.append(ids)
        if not ok:
            return None
        return Deck.custom(*lists)

    def _viewer(self, d: dict[str, TomlValue], players: tuple[str, ...]) -> str | None:
        if d.get("viewer") is None:
            return None
        return self.player_name(d["viewer"], players, self.root("viewer"), Text("valid:viewer", names=", ".join(players)),
                                "not-a")

    def _public_count(self, deck: Deck, players: int, public: int) -> bool:
        """The default deck follows the setup table; a custom deck takes any count that fits."""
        if deck.default and public != PUBLIC_EVIDENCE[players]:
            n = PUBLIC_EVIDENCE[players]
            self.fail(ErrorText("record:public-count", public=public, n=n, players=players),
                      self.root("public"), ErrorText("record:public-count-valid", n=n))
            return False
        if public > len(deck) - 3:
            self.fail(ErrorText("record:public-too-many", public=public, deck=len(deck)),
                      self.root("public"), ErrorText("record:at-most-cards", n=len(deck) - 3))
            return False
        return True

    def _hand_sizes(self, d: dict[str, TomlValue], players: tuple[str, ...], deck: Deck, fake: bool,
                    public: tuple[Card, ...] | None) -> list[int] | None:
        """Seat by seat, when given; the reader checks the total and the evenness."""
        dealt = len(deck) - 3 - len(public) + (1 if fake else 0) if public is not None else None
        if "hand_sizes" not in d:
            if dealt is not None and dealt >= 0 and dealt % len(players):
                example = Variant.for_players(len(players), deck, fake=fake, public_count=len(public or ())).hand_sizes
                self.fail(ErrorText("record:uneven-deal", dealt=dealt, players=len(players)),
                          self.missing("hand_sizes", "players"),
                          _sizes(players, example))
            return None
        raw = d["hand_sizes"]
        where = self.root("hand_sizes")
        if not isinstance(raw, dict):
            self.fail(ErrorText("record:sizes-not-table", value=repr(raw)), where,
                      ErrorText("record:sizes-table-valid"))
            return None
        sizes: dict[str, int] = {}
        written = self.player_keys(raw, players, lambda name: self.src(("hand_sizes",), name, f"hand_sizes.{name}"))
        for name, value in written.items():
            at = self.src(("hand_sizes",), name, f"hand_sizes.{name}")
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                self.fail(ErrorText("record:size-not-number", value=repr(value)), at, "0, 1, 2, ...")
            else:
                sizes[name] = value
        absent = [p for p in players if p not in written]
        if absent:
            self.fail(ErrorText("record:no-size", names=", ".join(absent)), where, ErrorText("record:no-size-valid"))
        if len(sizes) != len(players):
            return None
        ordered = [sizes[p] for p in players]
        if dealt is not None and sum(ordered) != dealt:
            self.fail(ErrorText("record:sizes-sum", sum=sum(ordered), dealt=dealt, deck=len(deck),
                                public=len(public or ()), fake=ErrorText("record:plus-fake") if fake else ""),
                      where, ErrorText("record:sizes-sum-valid", n=dealt))
            return None
        if max(ordered) - min(ordered) > 1:
            self.fail(ErrorText("record:sizes-uneven"), where, ErrorText("record:sizes-uneven-valid", n=sum(ordered)))
            return None
        return ordered

    # -- events --------------------------------------------------------------------------------
    def _event(self, i: int, raw: TomlValue, players: tuple[str, ...], variant: Variant) -> Event | None:
        n = i + 1
        table: TablePath = ("event", i)
        at = lambda key: self.src(table, key, f"event[{n}]" + (f".{key}" if key else ""))  # noqa: E731
        if not isinstance(raw, dict):
            self.fail(ErrorText("record:event-not-table"), at(None), ErrorText("record:event-valid"))
            return None
        kind = raw.get("kind")
        kinds = CLUE_KINDS if variant.clue else KINDS
        if kind not in kinds:
            what = (ErrorText("record:unknown-kind", kind=repr(kind)) if kind is not None
                    else ErrorText("record:missing-kind"))
            if kind in CLUE_KINDS:
                what = ErrorText("record:clue-kind", kind=kind)
            self.fail(what, at("kind"), ", ".join(kinds))
            return None
        written = str(kind)  # error messages use the writer's word
        kind = "deduce" if kind == "suggest" else written  # suggest: the same event under Clue's own name
        keys = EVENT_KEYS["deduce-clue" if kind == "deduce" and variant.clue else kind]
        for key in raw:
            if key in keys:
                continue
            if kind == "deduce" and key in BASE_ONLY:
                self.fail(ErrorText("record:raised-in-clue"), at(key), ErrorText("record:raised-in-clue-valid"))
            elif kind == "deduce" and key in CLUE_ONLY:
                self.fail(ErrorText("record:clue-field", field=key), at(key), ErrorText("record:clue-field-valid"))
            else:
                article = "an" if written[0] in "aeiou" else "a"
                self.fail(ErrorText(f"record:unknown-event-field-{article}", field=repr(key), kind=written), at(key),
                          ", ".join(keys))
        if kind == "accuse":
            return self._accuse(raw, at, players, variant)
        if kind == "deduce":
            return self._deduce(n, raw, at, players, variant)
        if kind == "reveal":
            card = self.card(raw.get("card"), at("card"), variant.deck, variant.fake)
            giver = self.player(raw.get("from"), at("from"), players)
            bluff = raw.get("bluff")
            if bluff is not None and not isinstance(bluff, bool):
                self.fail(ErrorText("record:bluff-bool"), at("bluff"), ErrorText("record:bluff-bool-valid"))
                bluff = None
            if bluff is not None and card is not None and card.id != FAKE:
                self.fail(ErrorText("record:bluff-not-fake"), at("bluff"), ErrorText("record:omit", field="bluff"))
            return Reveal(card, giver, bluff) if card is not None and giver is not None else None
        if kind == "peek":
            player = self.player(raw.get("player"), at("player"), players)
            card = self.card(raw.get("card"), at("card"), variant.deck, variant.fake)
            return Peek(player, card) if card is not None and player is not None else None
        giver = self.player(raw.get("from"), at("from"), players)
        taker = self.player(raw.get("to"), at("to"), players)
        among: tuple[Card, ...] | None = None
        ok = giver is not None and taker is not None
        if "among" in raw:
            among = self.cards(raw["among"], at("among"), variant.deck, variant.fake, "among")
            if among == ():
                self.fail(ErrorText("record:among-empty"), at("among"), ErrorText("record:among-empty-valid"))
            ok = ok and bool(among)
        return Show(giver, taker, among) if ok and giver is not None and taker is not None else None

    def _deduce(self, n: int, raw: dict[str, TomlValue], at: Callable[[str | None], Source], players: tuple[str, ...],
                variant: Variant) -> Deduce | None:
        by = self.player(raw.get("by"), at("by"), players)
        named = self._named(raw, at, variant)
        raised: tuple[str, ...] | None = ()
        passed: tuple[str, ...] | None = ()
        if variant.clue:
            if raw.get("refuted_by") is not None:
                refuter = self.player(raw["refuted_by"], at("refuted_by"), players)
                raised = (refuter,) if refuter is not None else None
            if "passed" in raw:
                passed = self.player_list(raw["passed"], at("passed"), players)
        elif "raised" in raw:
            raised = self.player_list(raw["raised"], at("raised"), players)
        shown: dict[str, Card] | None = {}
        if "shown" in raw:
            shown = self._shown(n, raw["shown"], players, variant)
        outcome = raw.get("outcome")
        if outcome is not None and not (isinstance(outcome, str) and outcome in OUTCOMES):
            self.fail(ErrorText("record:outcome", value=repr(outcome)), at("outcome"),
                      ErrorText("record:outcome-valid"))
            return None
        if by is None or named is None or raised is None or passed is None or shown is None:
            return None
        return Deduce(by, named, raised, shown, outcome, passed)

    def _accuse(self, raw: dict[str, TomlValue], at: Callable[[str | None], Source], players: tuple[str, ...],
                variant: Variant) -> Accuse | None:
        by = self.player(raw.get("by"), at("by"), players)
        named = self._named(raw, at, variant, "accusation")
        correct = raw.get("correct")
        if not isinstance(correct, bool):
            what = (ErrorText("record:missing-correct") if correct is None
                    else ErrorText("record:correct-bool", value=repr(correct)))
            self.fail(what, at("correct"), ErrorText("record:correct-valid"))
            return None
        if by is None or named is None:
            return None
        return Accuse(by, named, correct)

    def _named(self, raw: dict[str, TomlValue], at: Callable[[str | None], Source], variant: Variant,
               what: str = "deduction") -> tuple[Card, Card, Card] | None:
        """The three named cards; ``what`` names the event (``what:deduction``, ``what:accusation``)."""
        if "named" not in raw:
            self.fail(ErrorText("record:missing-named"), at("named"), ErrorText("record:named-valid"))
            return None
        cards = self.cards(raw["named"], at("named"), variant.deck, variant.fake, "named")
        if cards is not None and len(cards) != 3:
            self.fail(ErrorText("record:named-count", what=ErrorText(f"what:{what}"), n=len(cards)), at("named"),
                      ErrorText("record:named-valid"))
            return None
        return (cards[0], cards[1], cards[2]) if cards is not None else None

    def _shown(self, n: int, raw: TomlValue, players: tuple[str, ...], variant: Variant) -> dict[str, Card] | None:
        if not isinstance(raw, dict):
            self.fail(ErrorText("record:shown-not-table", value=repr(raw)),
                      self.src(("event", n - 1), "shown", f"event[{n}].shown"),
                      '{ name = "card", ... }')
            return None
        shown: dict[str, Card] = {}
        ok = True
        for written, value in raw.items():
            where = self.src(("event", n - 1, "shown"), written, f"event[{n}].shown.{written}")
            name = self.player_name(written, players, where)
            if name is None:
                ok = False
                continue
            card = self.card(value, where, variant.deck, variant.fake)
            if card is None:
                ok = False
            else:
                shown[name] = card
        return shown if ok else None


# -- writing ---------------------------------------------------------------------------------
# a record from a file, a TOML text, or a parsed document (every field error raised together)
load = _Reader.load
loads = _Reader.loads
from_document = _Reader.build


def to_toml(record: DetectiveRecord) -> str:
    """The canonical (strict) text of a record; ``loads(to_toml(r))`` gives ``r`` back."""
    v = record.variant

    def q(s: str) -> str:
        return f'"{s}"'

    def ids(cards: Sequence[Card]) -> str:
        return _quoted([c.id for c in cards])

    out = [HEADER, f"game = {q(FACTS.name)}", f"players = {_quoted(record.players)}"]
    if record.viewer is not None:
        out.append(f"viewer = {q(record.viewer)}")
    if v.fake:
        out.append("fake = true")
    if v.clue:
        out.append('variant = "clue"')
    if len(set(v.hand_sizes)) > 1:
        out.append(_sizes(record.players, v.hand_sizes))
    if record.viewer is not None:
        out.append(f"hand = {ids(record.hand)}")
    out.append(f"public = {ids(record.public)}")
    if not v.deck.default:
        printed = [_quoted([c.printed for c in cards]) for cards in (v.deck.suspects, v.deck.weapons, v.deck.scenes)]
        out += ["", "[cards]", f"suspects = {printed[0]}", f"weapons = {printed[1]}", f"scenes = {printed[2]}"]
    for n, e in enumerate(record.events, start=1):
        out += ["", f"[[event]]  # {n}"]
        if isinstance(e, Deduce):
            out += [f'kind = "{"suggest" if v.clue else "deduce"}"', f"by = {q(e.by)}", f"named = {ids(e.named)}"]
            if v.clue:
                if e.raised:
                    out.append(f"refuted_by = {q(e.raised[0])}")
                out.append(f"passed = {_quoted(e.passed)}")
            else:
                out.append(f"raised = {_quoted(e.raised)}")
            if e.shown:
                out.append("shown = { " + ", ".join(f"{toml_key(p)} = {q(c.id)}" for p, c in e.shown.items()) + " }")
            if e.outcome is not None:
                out.append(f"outcome = {q(e.outcome)}")
        elif isinstance(e, Accuse):
            out += ['kind = "accuse"', f"by = {q(e.by)}", f"named = {ids(e.named)}",
                    f"correct = {'true' if e.correct else 'false'}"]
        elif isinstance(e, Reveal):
            out += ['kind = "reveal"', f"card = {q(e.card.id)}", f"from = {q(e.player)}"]
            if e.bluff is not None:
                out.append(f"bluff = {'true' if e.bluff else 'false'}")
        elif isinstance(e, Peek):
            out += ['kind = "peek"', f"player = {q(e.player)}", f"card = {q(e.card.id)}"]
        else:
            out += ['kind = "show"', f"from = {q(e.giver)}", f"to = {q(e.taker)}"]
            if e.among is not None:
                out.append(f"among = {ids(e.among)}")
    return "\n".join(out) + "\n"
