"""The rules of *Memory Detective* (記憶探偵) as information events (ruling D2).

The source leaves out the action cards' texts, so a record is a list of what was seen:
deductions (who raised, what the viewer was shown), reveals, peeks and private shows.
``replay`` checks each event against the rules (raising one at the first illegal one)
and turns the record into ``observations``: statements about the *deal* (who was dealt
which card), each tagged with its record line and the rule that gives it meaning.
Cards leave hands only by a public ``reveal``, so "p holds c at event k" is "c was
dealt to p" for every card not yet revealed: time folds into the deal.

Each rule is stated once and used both by ``replay`` and by ``state.DetectiveState``
(which plays the true game): who is asked (``asked``, ``asked_before``,
``asking_stops``), who must raise or may bluff (``must_raise``, ``may_bluff``), what a
deduction nobody raised on opens (``no_raise_outcome``), when a fake's reveal closes a
bluff (``bluff_follows``), and what reveals, solved deductions and accusations do to
the table and when the game ends (``Table``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from suiri.solver.errors import IllegalMoveError, Message, Source, Text

from .cards import CATEGORIES, FAKE, FAKE_CARD, STANDARD_DECK, Card, Deck
from .error_text import ErrorText

PUBLIC_EVIDENCE = {2: 8, 3: 6, 4: 4, 5: 4, 6: 0, 7: 3, 8: 0}  # the original's setup table (27 cards)

# Rule groups cited by explanations (sentences in text.py).
CASE_FILE = "case-file"  # the box holds one suspect, one weapon, one scene
DEAL = "deal"  # hand sizes and the public count are known (D3)
MUST_RAISE = "must-raise"  # every holder of a named card raises; the others do not
SHOW_NAMED = "show-named"  # a raiser shows the deducer one named card it holds
BLUFF = "bluff"  # D7: who shows the fake held none of the named cards
SOLVED = "solved"  # nobody raised and the box held the named triple
WRONG = "wrong"  # D4: a no-raise deduction declared wrong: the triple is not the truth
CLUE_ORDER = "clue-order"  # Clue: asked clockwise; who passes holds none, the refuter one
ACCUSATION = "accusation"  # Clue: the accuser checks the envelope; right ends the game, wrong excludes the triple
FAKE_IN_A_HAND = "fake-in-a-hand"  # the fake is shuffled into the hands: never in the box, never laid out
RULES = (CASE_FILE, DEAL, MUST_RAISE, SHOW_NAMED, BLUFF, SOLVED, WRONG, CLUE_ORDER, ACCUSATION, FAKE_IN_A_HAND)
OUTCOMES = ("solved", "wrong")


@dataclass(frozen=True)
class Variant:
    """The deck, the player count and the optional rules (see docs/rules-detective.md)."""

    players: int = 3
    deck: Deck = STANDARD_DECK
    clue: bool = False  # D6: classic Clue deductions (first refuter clockwise)
    fake: bool = False  # the advanced rule: one fake evidence card in the hands
    public_count: int = 6
    hand_sizes: tuple[int, ...] = (6, 6, 6)  # by seat, in turn order

    @classmethod
    def for_players(cls, players: int, deck: Deck = STANDARD_DECK, clue: bool = False, fake: bool = False,
                    public_count: int | None = None, hand_sizes: Sequence[int] | None = None) -> Variant:
        """Defaults: the setup table for the default deck (no public cards otherwise);
        an uneven deal gives the extra cards to the first seats."""
        if public_count is None:
            public_count = PUBLIC_EVIDENCE[players] if deck.default else 0
        if hand_sizes is None:
            dealt = len(deck) - 3 - public_count + (1 if fake else 0)
            hand_sizes = [dealt // players + (1 if i < dealt % players else 0) for i in range(players)]
        return cls(players, deck, clue, fake, public_count, tuple(hand_sizes))

    @property
    def dealt(self) -> int:
        """Cards in the hands (the fake included)."""
        return len(self.deck) - 3 - self.public_count + (1 if self.fake else 0)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.deck.cards(self.fake)


def variant_for(players: int, name: str) -> Variant:
    """The rules a variant name stands for (``suiri simulate --variant``): base, fake,
    clue (the classic 6 + 6 + 9 deck) or clue-fake."""
    clue = name.startswith("clue")
    deck = STANDARD_DECK if not clue else Deck.custom(
        [f"s{i}" for i in range(1, 7)], [f"w{i}" for i in range(1, 7)], [f"r{i}" for i in range(1, 10)])
    return Variant.for_players(players, deck, clue=clue, fake=name.endswith("fake"))


# -- events (what a record holds) ----------------------------------------------------------
@dataclass(frozen=True)
class Deduce:
    """A deduction.  ``raised``: base game, every raiser; Clue variant, the refuter."""

    by: str
    named: tuple[Card, Card, Card]
    raised: tuple[str, ...] = ()
    shown: Mapping[str, Card] = field(default_factory=dict)
    outcome: str | None = None  # "solved" / "wrong" when nobody raised
    passed: tuple[str, ...] = ()  # Clue: asked in turn, could not refute


@dataclass(frozen=True)
class Accuse:
    """A classic Clue accusation (Clue variant only): ``by`` checks the envelope in secret.
    ``correct`` ends the game; a wrong one tells the table the triple is not the truth
    and puts ``by`` out (no more suggestions or accusations; it still refutes)."""

    by: str
    named: tuple[Card, Card, Card]
    correct: bool


@dataclass(frozen=True)
class Reveal:
    """A card made public from a hand.  Right after a deduction in which the same player
    raised, a reveal of the fake closes a bluff (D7) unless ``bluff`` is false."""

    card: Card
    player: str
    bluff: bool | None = None  # None: inferred from the position, as format v1 writes it


@dataclass(frozen=True)
class Peek:
    player: str
    card: Card


@dataclass(frozen=True)
class Show:
    giver: str
    taker: str
    among: tuple[Card, ...] | None = None


Event = Deduce | Accuse | Reveal | Peek | Show


@dataclass(frozen=True)
class Deal:
    """The hidden state: the truth, the public evidence and every hand (the simulator's)."""

    case: tuple[Card, Card, Card]
    public: tuple[Card, ...]
    hands: Mapping[str, tuple[Card, ...]]

    def holder(self, card: Card) -> str:
        if card in self.case:
            return "case"
        if card in self.public:
            return "public"
        return next(p for p, hand in self.hands.items() if card in hand)


# -- observations (what the record says about the deal) -------------------------------------
@dataclass(frozen=True)
class Observation:
    id: str
    source: Source
    event: int | None  # 1-based event number; None = the setup lines


@dataclass(frozen=True)
class OwnHand(Observation):
    """The viewer's evidence cards as dealt."""

    player: str
    cards: tuple[Card, ...]
    rule: str | None = None


@dataclass(frozen=True)
class PublicSetup(Observation):
    """The face-up public evidence laid out at setup."""

    cards: tuple[Card, ...]
    rule: str | None = None


@dataclass(frozen=True)
class Holds(Observation):
    """``player`` was dealt ``card`` (shown to the viewer, peeked, or revealed from it)."""

    player: str
    card: Card
    rule: str | None = None
    how: str = "peek"  # "shown", "peek", "reveal"


@dataclass(frozen=True)
class HoldsOneOf(Observation):
    """``player`` was dealt at least one of ``cards`` (a raise, a refutation, a show)."""

    player: str
    cards: tuple[Card, ...]
    rule: str | None = None
    how: str = "raise"  # "raise", "refute", "show"


@dataclass(frozen=True)
class HoldsNone(Observation):
    """``player`` was dealt none of ``cards`` (no raise, a pass, a bluff)."""

    player: str
    cards: tuple[Card, ...]
    rule: str | None = None
    how: str = "no-raise"  # "no-raise", "pass", "bluff"


@dataclass(frozen=True)
class CaseIs(Observation):
    cards: tuple[Card, Card, Card]
    rule: str | None = SOLVED


@dataclass(frozen=True)
class CaseIsNot(Observation):
    cards: tuple[Card, Card, Card]
    rule: str | None = WRONG


# -- the record as replay sees it -----------------------------------------------------------
class RecordLike(Protocol):
    variant: Variant
    players: tuple[str, ...]
    viewer: str | None
    hand: tuple[Card, ...]
    public: tuple[Card, ...]
    events: list[Event]

    def where(self, event: int | None, key: str | None = None, sub: str | None = None) -> Source: ...


END_REASONS = ("solved", "accused", "all-public", "all-out")


@dataclass(frozen=True)
class GameEnd:
    """Why the game is over: a solved deduction, a correct accusation (Clue), every
    evidence card public ("everyone loses"), or every player out after wrong accusations
    (Clue).  ``event``: the 1-based event that ended it (None: at setup); ``by``: who
    solved it or accused rightly."""

    reason: str
    event: int | None
    by: str | None = None

    @property
    def why(self) -> ErrorText:
        """The rules' sentence of it (errors after the end and every game-over line)."""
        if self.event is None:
            return ErrorText("rules:ended-setup")
        return ErrorText(f"rules:ended-{self.reason}", k=self.event, by=self.by)


@dataclass
class Replay:
    observations: list[Observation]
    revealed: dict[Card, tuple[str, int]]  # card -> (whose hand it left, event number)
    solved: bool  # a solved deduction or a correct accusation: the truth is public
    out: dict[str, int] = field(default_factory=dict)  # Clue: who accused wrongly, at which event
    end: GameEnd | None = None  # the game is over (no event may follow), and why


def replay(record: RecordLike) -> Replay:
    """Check every event in order (``IllegalMoveError`` at the first bad one) and state
    what each one says about the deal."""
    deal_is_possible(record)
    state = _State(record)
    observations: list[Observation] = []
    if record.viewer is not None:
        observations.append(OwnHand("hand", record.where(None, "hand"), None, record.viewer, record.hand))
    observations.append(PublicSetup("public", record.where(None, "public"), None, record.public))
    for k, event in enumerate(record.events, start=1):
        game_is_not_over(state, k)
        nxt = record.events[k] if k < len(record.events) else None
        if isinstance(event, Deduce):
            observations += _deduction(state, k, event, nxt)
            state.deduced(event.by, event.outcome, k)
        elif isinstance(event, Accuse):
            observations += _accusation(state, k, event)
        elif isinstance(event, Reveal):
            observations += _reveal(state, k, event)
        elif isinstance(event, Peek):
            observations += _peek(state, k, event)
        else:
            observations += _show(state, k, event)
    return Replay(observations, dict(state.revealed), state.solved, dict(state.out), state.end)


class Table:
    """What the whole table sees as the game goes on: the public cards, who accused
    wrongly (Clue) and whether the game is over, and why.  Replay and the ``State``
    both play each event through it: what a reveal, a solved deduction and an
    accusation do, and when the game ends, are stated here once."""

    def __init__(self, variant: Variant, players: Sequence[str], public: Sequence[Card]) -> None:
        self.variant = variant
        self.players = tuple(players)
        self.public: set[Card] = set(public)
        self.revealed: dict[Card, tuple[str, int]] = {}  # card -> (whose hand it left, event number)
        self.evidence_in_hands = variant.dealt - (1 if variant.fake else 0)
        self.out: dict[str, int] = {}  # Clue: who accused wrongly, at which event
        self.end: GameEnd | None = None  # the game is over, once it is, and why (``GameEnd.why``)
        self.solved = False  # the truth was found (a solved deduction, a correct accusation)
        if self.evidence_in_hands == 0:
            self.end = GameEnd("all-public", None)

    def live(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The cards that may still be in some hand (not face-up)."""
        return tuple(c for c in cards if c not in self.public)

    def reveal(self, card: Card, player: str, k: int) -> None:
        """A card leaves ``player``'s hand face up; once no evidence is left in any hand,
        the game is over and everyone loses."""
        self.public.add(card)
        self.revealed[card] = (player, k)
        self.evidence_in_hands -= card.category is not None
        if self.evidence_in_hands == 0:
            self.end = GameEnd("all-public", k)

    def deduced(self, by: str, outcome: str | None, k: int) -> None:
        """A deduction nobody raised on, declared solved, ends the game: ``by`` wins."""
        if outcome == "solved":
            self.end, self.solved = GameEnd("solved", k, by), True

    def accused(self, by: str, correct: bool, k: int) -> None:
        """Clue: a correct accusation ends the game (``by`` wins); a wrong one puts ``by``
        out, and the game ends once every player is out."""
        if correct:
            self.end = GameEnd("accused", k, by)
            self.solved = True
            return
        self.out[by] = k
        if len(self.out) == len(self.players):
            self.end = GameEnd("all-out", k)


def asked(players: Sequence[str], by: str) -> list[str]:
    """Who answers a deduction, clockwise from the deducer: every other player (all at
    once in Memory Detective; in Clue, in this order until the first refuter, D6)."""
    i = players.index(by)
    return [players[(i + j) % len(players)] for j in range(1, len(players))]


def asked_before(players: Sequence[str], by: str, refuter: str | None) -> list[str]:
    """Clue (D6): the players who passed, asked before ``refuter`` (all when nobody refuted)."""
    order = asked(players, by)
    return order[: order.index(refuter)] if refuter is not None else order


def must_raise(hand: Sequence[Card] | set[Card], named: Sequence[Card]) -> tuple[Card, ...]:
    """The named cards ``hand`` holds: a player holding one must raise (refute in Clue)
    and show one of them; a player holding none does not, unless it bluffs."""
    return tuple(c for c in named if c in hand)


def may_bluff(variant: Variant, hand: Sequence[Card] | set[Card], named: Sequence[Card]) -> bool:
    """D7: the holder of the fake that holds none of the named cards may raise with the
    fake (a bluff), which is then revealed at once."""
    return variant.fake and FAKE_CARD in hand and not must_raise(hand, named)


def asking_stops(variant: Variant, raised: Sequence[str]) -> bool:
    """Clue: the first refuter ends the asking; in Memory Detective everyone answers."""
    return variant.clue and bool(raised)


def no_raise_outcome(variant: Variant, named: Sequence[Card], case: Sequence[Card]) -> str | None:
    """Memory Detective: nobody raised, so the box is opened: solved when it holds the
    named triple, else wrong (D4).  Clue has no outcome: the game ends by accusation."""
    if variant.clue:
        return None
    return "solved" if set(named) == set(case) else "wrong"


def bluff_follows(variant: Variant, e: Event, nxt: Event | None) -> str | None:
    """D7: the raiser whose fake is revealed right after the deduction bluffed (unless it
    showed a real card, or the reveal says ``bluff = false``): that raiser, else None."""
    if not (variant.fake and isinstance(e, Deduce) and isinstance(nxt, Reveal) and nxt.card.id == FAKE):
        return None
    p = nxt.player
    if p in e.raised and e.shown.get(p, nxt.card).id == FAKE and nxt.bluff is not False:
        return p
    return None


class _State(Table):
    """The table during replay, with the viewer's own hand."""

    def __init__(self, record: RecordLike) -> None:
        super().__init__(record.variant, record.players, record.public)
        self.record = record
        self.own: set[Card] = set(record.hand)

    def fail(self, message: Message, k: int, key: str, valid: Message | None = None, sub: str | None = None) -> None:
        raise IllegalMoveError(message, self.record.where(k, key, sub), valid)


def deal_is_possible(record: RecordLike) -> None:
    """The viewer's hand and the public cards fit the deal: sizes, and no card twice."""
    v = record.variant
    if len(record.public) != v.public_count:
        raise IllegalMoveError(ErrorText("rules:public-count", n=len(record.public), count=v.public_count),
                               record.where(None, "public"), ErrorText("rules:cards", n=v.public_count))
    if len(set(record.public)) != len(record.public):
        raise IllegalMoveError(ErrorText("rules:public-twice"), record.where(None, "public"),
                               ErrorText("rules:distinct-cards"))
    if any(c.id == FAKE for c in record.public):
        raise IllegalMoveError(ErrorText("rules:fake-public"), record.where(None, "public"),
                               ErrorText("rules:evidence-cards"))
    if record.viewer is None:
        return
    size = v.hand_sizes[record.players.index(record.viewer)]
    if len(record.hand) != size:
        raise IllegalMoveError(ErrorText("rules:hand-size", viewer=record.viewer, size=size, n=len(record.hand)),
                               record.where(None, "hand"), ErrorText("rules:cards", n=size))
    if len(set(record.hand)) != len(record.hand):
        raise IllegalMoveError(ErrorText("rules:hand-twice"), record.where(None, "hand"),
                               ErrorText("rules:distinct-cards"))
    both = [c.id for c in record.hand if c in set(record.public)]
    if both:
        raise IllegalMoveError(ErrorText("rules:hand-and-public", cards=", ".join(both)),
                               record.where(None, "hand"), ErrorText("rules:not-public-cards"))


def game_is_not_over(state: _State, k: int) -> None:
    """No event after the end: a solved deduction, a correct accusation (Clue), every
    evidence card public ("everyone loses"), or every player out after a wrong accusation."""
    if state.end is not None:
        state.fail(ErrorText("rules:game-over", ended=state.end.why), k, "kind",
                   ErrorText("rules:game-over-valid", k=k - 1) if k > 1 else ErrorText("rules:no-events-valid"))


def named_one_per_category(state: _State, k: int, named: tuple[Card, Card, Card], what: str = "deduction") -> None:
    """``what``: the event, ``deduction`` or ``accusation`` (``what:…`` in error_text.py)."""
    cats = [c.category for c in named]
    if None in cats or sorted(c.value for c in cats if c) != sorted(c.value for c in CATEGORIES):
        state.fail(ErrorText("rules:named-one-each", what=ErrorText(f"what:{what}")), k, "named",
                   ErrorText("rules:named-valid"))


def raisers_are_other_players(state: _State, k: int, e: Deduce) -> None:
    field_ = "refuted_by" if state.record.variant.clue else "raised"
    for p in (e.by, *e.raised, *e.passed):
        if p not in state.record.players:
            state.fail(Text("name:not-a", noun=Text("noun:player"), name=repr(p)), k, "by" if p == e.by else field_,
                       ", ".join(state.record.players))
    if state.record.variant.clue and len(e.raised) > 1:
        state.fail(ErrorText("rules:one-refuter"), k, field_, ErrorText("rules:one-name"))
    if e.passed and not state.record.variant.clue:
        state.fail(ErrorText("rules:passed-clue-only"), k, "passed", "raised")
    for p in (*e.raised, *e.passed):
        if p == e.by:
            state.fail(ErrorText("rules:own-deduction", p=p), k, "passed" if p in e.passed else "raised",
                       ErrorText("rules:other-players"))
    if len(set(e.raised)) != len(e.raised):
        state.fail(ErrorText("rules:listed-twice"), k, "raised", Text("players:twice-valid"))


def clue_order(state: _State, k: int, e: Deduce) -> None:
    """Clue (D6): asked clockwise from the deducer until one refutes; all before it pass."""
    expected = asked_before(state.record.players, e.by, e.raised[0] if e.raised else None)
    if list(e.passed) != expected:
        who = ErrorText("rules:asked-before", p=e.raised[0]) if e.raised else ErrorText("rules:asked-all")
        state.fail(ErrorText("rules:clue-order", who=who, by=e.by), k, "passed",
                   "[" + ", ".join(f'"{p}"' for p in expected) + "]")


def viewer_raises_when_it_must(state: _State, k: int, e: Deduce, bluffer: str | None) -> None:
    """The viewer's own hand decides whether it raised (D7: or it bluffed with the fake)."""
    viewer = state.record.viewer
    if viewer is None or viewer == e.by:
        return
    holds = [c.id for c in must_raise(state.own, e.named)]
    asked = viewer in e.raised or viewer in e.passed or not state.record.variant.clue
    if not asked:
        return
    if holds and viewer not in e.raised:
        state.fail(ErrorText("rules:must-raise", viewer=viewer, cards=", ".join(holds)), k,
                   "refuted_by" if state.record.variant.clue else "raised",
                   ErrorText("rules:must-raise-valid", viewer=viewer))
    if not holds and viewer in e.raised and bluffer != viewer:
        state.fail(ErrorText("rules:raise-without-card", viewer=viewer), k,
                   "refuted_by" if state.record.variant.clue else "raised", ErrorText("rules:raise-without-card-valid"))


def shown_cards_fit(state: _State, k: int, e: Deduce, bluffer: str | None) -> None:
    viewer = state.record.viewer
    if e.shown and viewer != e.by:
        state.fail(ErrorText("rules:shown-to-deducer", viewer=viewer or ErrorText("rules:a-spectator")), k, "shown",
                   ErrorText("record:omit", field="shown"))
    for p, card in e.shown.items():
        if p not in e.raised:
            state.fail(ErrorText("rules:shown-not-raised", p=p), k, "shown",
                       ", ".join(e.raised) or ErrorText("rules:nothing"))
        if card.id == FAKE:
            if bluffer != p:
                state.fail(ErrorText("rules:fake-shown", p=p), k, "shown",
                           f'[[event]] kind = "reveal", card = "fake", from = "{p}"')
            continue
        if card not in e.named:
            state.fail(ErrorText("rules:show-named-only", p=p, card=card.id), k, "shown",
                       ", ".join(c.id for c in e.named) + (", fake" if state.record.variant.fake else ""))
        if card in state.public or card in state.own:
            where = (ErrorText("rules:where-public") if card in state.public
                     else ErrorText("rules:where-hand", viewer=viewer))
            state.fail(ErrorText("rules:shown-elsewhere", card=card.id, where=where, p=p), k, "shown",
                       ErrorText("rules:shown-valid", p=p))


def outcome_fits(state: _State, k: int, e: Deduce) -> None:
    if e.outcome is None:
        return
    if e.raised:
        state.fail(ErrorText("rules:outcome-raised"), k, "outcome", ErrorText("record:omit", field="outcome"))
    if e.outcome == "solved":
        seen = [c.id for c in e.named if c in state.public or c in state.own]
        if seen:
            state.fail(ErrorText("rules:solved-seen", cards=", ".join(seen)), k, "outcome",
                       '"wrong"')


def accuser_is_still_in(state: _State, k: int, by: str) -> None:
    """Clue: a wrong accusation puts its maker out: no more suggestions or accusations
    (it still refutes, so it stays in the asking order)."""
    if by in state.out:
        still = [p for p in state.record.players if p not in state.out]
        state.fail(ErrorText("rules:accuser-out", by=by, n=state.out[by]), k, "by", ", ".join(still))


def accusations_are_clue_only(state: _State, k: int) -> None:
    if not state.record.variant.clue:
        state.fail(ErrorText("rules:accusation-clue-only"), k, "kind", ErrorText("rules:accusation-clue-only-valid"))


def correct_accusation_fits(state: _State, k: int, e: Accuse) -> None:
    """A correct accusation names the envelope: no card the viewer sees elsewhere."""
    if not e.correct:
        return
    for c in e.named:
        if c in state.public or c in state.own:
            where = (ErrorText("rules:where-public") if c in state.public
                     else ErrorText("rules:where-hand", viewer=state.record.viewer))
            state.fail(ErrorText("rules:accusation-wrong", card=c.id, where=where), k, "correct", "false")


def _accusation(state: _State, k: int, e: Accuse) -> Iterator[Observation]:
    """Clue: the accuser checks the envelope in secret; the table learns right or wrong."""
    rec = state.record
    accusations_are_clue_only(state, k)
    named_one_per_category(state, k, e.named, "accusation")
    accuser_is_still_in(state, k, e.by)
    correct_accusation_fits(state, k, e)
    state.accused(e.by, e.correct, k)
    if e.correct:
        yield CaseIs(f"e{k}", rec.where(k, "correct"), k, e.named, ACCUSATION)
    else:
        yield CaseIsNot(f"e{k}", rec.where(k, "correct"), k, e.named, ACCUSATION)


def _deduction(state: _State, k: int, e: Deduce, nxt: Event | None) -> Iterator[Observation]:
    rec = state.record
    named_one_per_category(state, k, e.named)
    if rec.variant.clue:
        accuser_is_still_in(state, k, e.by)
    raisers_are_other_players(state, k, e)
    bluffer = bluff_follows(rec.variant, e, nxt)
    if rec.variant.clue:
        clue_order(state, k, e)
    viewer_raises_when_it_must(state, k, e, bluffer)
    shown_cards_fit(state, k, e, bluffer)
    outcome_fits(state, k, e)
    live = state.live(e.named)
    field_ = "refuted_by" if rec.variant.clue else "raised"
    silent = e.passed if rec.variant.clue else tuple(p for p in rec.players if p != e.by and p not in e.raised)
    rule = CLUE_ORDER if rec.variant.clue else MUST_RAISE
    for p in e.raised:
        if not live and p != bluffer:
            state.fail(ErrorText("rules:all-named-public", p=p), k, field_, ErrorText("rules:all-named-public-valid"))
    for p in rec.players:
        if p == rec.viewer or p == e.by:
            continue  # the viewer's hand is known; the deducer is not asked
        if p == bluffer:
            yield HoldsNone(f"e{k}.{p}", rec.where(k, field_), k, p, live, BLUFF, "bluff")
        elif p in e.raised and p not in e.shown:
            yield HoldsOneOf(f"e{k}.{p}", rec.where(k, field_), k, p, live, rule,
                             "refute" if rec.variant.clue else "raise")
        elif p in silent:
            yield HoldsNone(f"e{k}.{p}", rec.where(k, "passed" if rec.variant.clue else field_), k, p, live, rule,
                            "pass" if rec.variant.clue else "no-raise")
    for p, card in e.shown.items():
        if card.id != FAKE:
            yield Holds(f"e{k}.shown.{p}", rec.where(k, "shown"), k, p, card, SHOW_NAMED, "shown")
    if e.outcome == "solved":
        yield CaseIs(f"e{k}.outcome", rec.where(k, "outcome"), k, e.named)
    elif e.outcome == "wrong":
        yield CaseIsNot(f"e{k}.outcome", rec.where(k, "outcome"), k, e.named)


def _reveal(state: _State, k: int, e: Reveal) -> Iterator[Observation]:
    rec = state.record
    if e.card in state.public:
        state.fail(ErrorText("rules:already-public", card=e.card.id), k, "card",
                   ErrorText("rules:already-public-valid"))
    if rec.viewer is not None:
        if e.player == rec.viewer and e.card not in state.own:
            state.fail(ErrorText("rules:not-held", viewer=rec.viewer, card=e.card.id), k, "card",
                       ", ".join(sorted(c.id for c in state.own)) or ErrorText("rules:empty-hand"))
        if e.player != rec.viewer and e.card in state.own:
            state.fail(ErrorText("rules:in-viewer-hand", card=e.card.id, viewer=rec.viewer, p=e.player), k, "from",
                       rec.viewer)
    state.reveal(e.card, e.player, k)
    state.own.discard(e.card)
    yield Holds(f"e{k}", rec.where(k, "card"), k, e.player, e.card, None, "reveal")


def _peek(state: _State, k: int, e: Peek) -> Iterator[Observation]:
    rec = state.record
    if rec.viewer is None:
        state.fail(ErrorText("rules:spectator-peek"), k, "kind", "reveal, show, deduce")
    if e.player == rec.viewer:
        state.fail(ErrorText("rules:peek-self", p=e.player), k, "player", ErrorText("rules:another-player"))
    if e.card in state.public:
        state.fail(ErrorText("rules:peek-public", card=e.card.id, p=e.player), k, "card",
                   ErrorText("rules:not-public-card"))
    if e.card in state.own:
        state.fail(ErrorText("rules:peek-own", card=e.card.id, viewer=rec.viewer), k, "card",
                   ErrorText("rules:peek-own-valid"))
    yield Holds(f"e{k}", rec.where(k, "card"), k, e.player, e.card, None, "peek")


def _show(state: _State, k: int, e: Show) -> Iterator[Observation]:
    rec = state.record
    if e.giver == e.taker:
        state.fail(ErrorText("rules:show-self", p=e.giver), k, "to", ErrorText("rules:another-player"))
    if e.taker == rec.viewer:
        state.fail(ErrorText("rules:show-to-viewer", viewer=rec.viewer), k, "to",
                   f'[[event]] kind = "peek", player = "{e.giver}", card = ...')
    if e.among is None:
        return
    live = state.live(e.among)
    if not live:
        state.fail(ErrorText("rules:among-public"), k, "among", ErrorText("rules:among-public-valid"))
    if e.giver == rec.viewer:
        if not any(c in state.own for c in e.among):
            state.fail(ErrorText("rules:among-not-held", viewer=rec.viewer), k, "among",
                       ", ".join(sorted(c.id for c in state.own)))
        return
    yield HoldsOneOf(f"e{k}", rec.where(k, "among"), k, e.giver, live, None, "show")


def mentions(o: Observation) -> tuple[Card, ...]:
    """The cards an observation is about."""
    if isinstance(o, Holds):
        return (o.card,)
    return tuple(getattr(o, "cards", ()))
