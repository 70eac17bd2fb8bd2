"""What Tab offers in ``suiri live``: the words that may come next on the line typed so far.

A line is a command (with its argument: a fact for ``explain`` / ``known``, a level for
``hint``) or an event in the game's compact notation.  For an event, each game's
function below follows that notation's grammar (``models/<game>/notation.py``, whose
docstring shows each form), and the words come from the game itself: the record's
players, the board's squares, the deck's card ids and Japanese names, the notation's
keywords and the fact forms of the current analysis.  The one list kept here is
Canary's declaration outcomes, which its reader spells only inline (``record.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from prompt_toolkit.completion import CompleteEvent, Completer, Completion

from suiri.models.interface import A, R, S, V

if TYPE_CHECKING:  # pragma: no cover
    from prompt_toolkit.document import Document

    from suiri.models.canary.session import CanarySession
    from suiri.models.detective.session import DetectiveSession
    from suiri.models.live import LiveRecord
    from suiri.models.werewolf.session import WerewolfSession


def split(text: str) -> tuple[list[str], str]:
    """The words before the one being typed, and that word ('' after a blank)."""
    words = text.split()
    if not text or text[-1].isspace():
        return words, ""
    return words[:-1], words[-1]


def complete(record: LiveRecord[R, S, A, V], text: str, commands: dict[str, str]) -> tuple[str, list[str]]:
    """The word being typed at the end of ``text`` and the words that may stand there
    (those that start with it, case aside), most useful first.  ``commands`` maps each
    command word (both languages) to its command; a line that starts with ``>`` is an
    event."""
    name = record.game.facts.name
    joined = name == "detective" and ";" in text.replace("；", ";")
    if joined:  # `;` joins the events of one answer (D7): each starts afresh, an event
        text = text.replace("；", ";").rsplit(";", 1)[-1]
    forced = joined or text.lstrip().startswith(">")
    before, word = split(text.lstrip().removeprefix(">"))
    event = EVENTS.get(name, no_events)  # a game without completion of its events: commands only
    session = record.position.session
    command = None if forced or not before else commands.get(before[0].lower()) or commands.get(before[0])
    if not before:
        options = [*event(session, []), *([] if forced else commands)]
    elif command is None:
        options = event(session, before)
    else:
        options = argument(record, command, before[1:])
        if not options and before[0] in event(session, []):  # Memory Detective's `show aki dai`: an event
            options = event(session, before)
    return word, [w for w in dict.fromkeys(options) if w.lower().startswith(word.lower())]


def argument(record: LiveRecord[R, S, A, V], command: str, typed: list[str]) -> list[str]:
    """What a command takes: a fact (``explain``, ``known``: the certain ones first,
    then every fact the analysis gives a chance, both ways), a level (``hint``)."""
    if typed:
        return []
    if command in ("explain", "known"):
        analysis = record.position.analysis
        chances = sorted(analysis.chances().items(), key=lambda fp: (-fp[1], str(fp[0])))
        return [*(str(f) for f in analysis.certain), *(str(g) for f, _ in chances for g in (f, f.negate()))]
    if command == "hint":
        return [str(n) for n in range(1, 5)]
    return []


# ---- Where is the Canary? -----------------------------------------------------------------------
def canary(session: CanarySession, before: list[str]) -> list[str]:
    """``NAME SQUARE h|r|- [CARD]`` or ``NAME SQUARE ! CARD NAME=y|n ... [outcome=...]``."""
    from suiri.models.canary.notation import ANSWERS, CHECKS

    OUTCOMES = ("success", "failure")  # noqa: N806 - the reader's words for [turn.declare] outcome (record.py)

    record = session.record
    board, deck = record.variant.board, record.variant.deck
    cards = [w for k in deck.kinds for w in (k.id, k.name_ja)]
    at = len(before)
    if at == 0:
        return in_turn(record.players, [t.player for t in record.turns])
    if at == 1:
        return [board.name(sq) for sq in range(board.size)]
    if at == 2:
        return [*CHECKS, "!"]
    if before[2] != "!":
        return cards if at == 3 and before[2] in CHECKS else []
    if at == 3:
        return cards
    answered = {w.partition("=")[0] for w in before[4:]}
    answers = [f"{p}={a}" for p in record.players if p not in answered and p != before[0] for a in ANSWERS]
    outcomes = [f"outcome={o}" for o in OUTCOMES] if "outcome" not in answered else []
    return [*answers, *outcomes]


# ---- Memory Detective ----------------------------------------------------------------------------
def detective(session: DetectiveSession, before: list[str]) -> list[str]:
    """``deduce|suggest NAME S W R ANSWERS [solved|wrong]``, ``accuse NAME S W R
    correct|wrong``, ``reveal NAME CARD [bluff=y|n]``, ``peek NAME CARD``, ``show NAME
    NAME [CARD ...]``."""
    from suiri.models.detective.cards import CATEGORIES, FAKE
    from suiri.models.detective.notation import CORRECT, EVENTS, NO, NONE, OUTCOMES, YES
    from suiri.models.detective.rules import BLUFF

    record = session.record
    variant = record.variant
    players = list(record.players)
    if not before:
        return list(EVENTS)

    def names(cards: Iterable[Any]) -> list[str]:
        return [w for c in cards for w in dict.fromkeys((c.id, c.ja))]

    kind, args = before[0].lower(), before[1:]
    at = len(args)
    if at == 0 or (kind == "show" and at == 1):
        return players
    if kind in ("deduce", "suggest", "accuse") and at <= 3:
        return names(variant.deck.of(CATEGORIES[at - 1]))
    if kind == "accuse":
        return list(CORRECT) if at == 4 else []
    if kind in ("deduce", "suggest"):
        answers = args[4:]
        if answers and (answers[-1].lower() in OUTCOMES or answers[-1] == NONE):
            return [*(OUTCOMES if answers[-1] == NONE and kind == "deduce" else ()), *([";"] if variant.fake else [])]
        answered = {w.partition("=")[0] for w in answers} | {args[0]}
        named = args[1:4]
        shown = [*named, *([FAKE] if variant.fake else [])]  # the fake: a bluff (D7), its reveal joined by `;`
        offer = [w for p in players if p not in answered for w in (p, f"{p}={NO[0]}", *(f"{p}={c}" for c in shown))]
        closing = [*(OUTCOMES if kind == "deduce" else ()), *([";"] if variant.fake else [])] if answers else []
        return [*([NONE] if not answers else []), *offer, *closing]
    cards = names(variant.deck.cards(variant.fake))
    if kind in ("reveal", "peek"):
        if at == 1:
            return cards
        return [f"{BLUFF}={YES[0]}", f"{BLUFF}={NO[0]}"] if kind == "reveal" and at == 2 else []
    if kind == "show":
        return cards
    return []


# ---- Werewolf Never Sleeps -----------------------------------------------------------------------
def werewolf(session: WerewolfSession, before: list[str]) -> list[str]:
    """``PLAYER [drew CARD] PLAY ...`` (what follows the card played: ``GRAMMAR``) or
    ``search ORDER [PLAYER PLACE CARD] [raised NAME ...]``."""
    from suiri.models.werewolf.cards import KINDS, parse_kind
    from suiri.models.werewolf.notation import (
        HEADS,
        KEYWORDS,
        POSITIONAL,
        SINGLE,
        _allowed,
        _family,
    )
    from suiri.models.werewolf.record import NONE, PLACED
    from suiri.models.werewolf.rules import slot_name
    from suiri.solver.errors import SuiriError

    replay = session.replay
    players, living = list(session.record.players), list(replay.living)
    cards = [w for k in KINDS for w in (k.id, k.ja)]
    search = HEADS[-1]
    if not before:
        return [*in_turn(living, [t.player for t in session.record.turns]), search]
    if before[0] == search:
        args = before[1:]
        if "raised" in args:
            return [p for p in living if p not in args]
        if not args:
            return [str(k.order) for k in KINDS if k.order is not None]
        if len(args) == 1:
            return [*living, "raised"]
        if len(args) == 2:
            return [slot_name(s) for s in session.hidden_slots()]
        return cards if len(args) == 3 else ["raised"]
    args = before[1:]
    if args[:1] == ["drew"]:
        if len(args) <= 2:
            return cards
        args = args[2:]
    if not args:
        return ["drew", *cards]
    try:
        kind = parse_kind(args[0])
    except SuiriError:
        return []
    allowed = _allowed(kind)
    fields = {**SINGLE, "shows": "revealed", "peek": "peek", "flip": "flip", "swap": "swapped", "keep": "swapped"}
    room = {"shows": len(args), "peek": 2, "flip": 3}  # values after a keyword (one for the others)
    slots = list(POSITIONAL.get(_family(kind), ()))
    used: set[str] = set()
    last: str | None = None  # the keyword whose values are being typed
    taken = 0  # values typed after it
    for w in args[1:]:
        if w in KEYWORDS:
            last, taken = w, 0
            used.add(fields.get(w, w))
        elif last is not None and taken < room.get(last, 1):
            taken += 1
        else:
            last = None
            if "=" in w:
                used.add("votes")
            elif kind.id == "sleep":
                slots = [s for s in slots if s != ("index" if w.isdigit() else "card")]
            elif slots:
                slots.pop(0)
    if last in SINGLE and taken == 0:
        return [*living, NONE] if last == "out" else cards
    if last in ("peek", "flip") and taken == 0:
        return [p for p in players if replay.piles.get(p)]
    if last in ("peek", "flip") and taken == 1:
        positions = [str(n) for n in range(1, len(replay.piles.get(args[-1], ())) + 1)]
        return positions if last == "peek" else [*cards, *positions]
    offer: list[str] = list(cards) if last == "shows" else []
    if slots:
        offer += {"target": living, "put": living, "placed": [*PLACED, *cards], "card": cards}.get(slots[0], [])
    if "votes" in allowed and not used - {"votes"}:
        voted = {w.partition("=")[0] for w in args if "=" in w}
        offer += [f"{v}={t}" for v in living if v not in voted for t in living]
    for word, field in fields.items():
        if field in allowed and field not in used and not (field in ("peek", "flip") and used & {"peek", "flip"}):
            offer.append(word)
    return list(dict.fromkeys(offer))


def no_events(session: object, before: list[str]) -> list[str]:
    return []


EVENTS: dict[str, Callable[[Any, list[str]], list[str]]] = {
    "canary": canary, "detective": detective, "werewolf": werewolf}


def in_turn(players: Sequence[str], played: Sequence[str]) -> list[str]:
    """The players, the one after the last to play first (a guess: skipped turns and
    eliminations aside, the next to play)."""
    if not played or played[-1] not in players:
        return list(players)
    at = list(players).index(played[-1]) + 1
    return [*players[at:], *players[:at]]


class LineCompleter(Completer):
    """prompt_toolkit's completer over ``complete``: asked afresh at every Tab, so the
    words follow the record as it grows."""

    def __init__(self, words: Callable[[str], tuple[str, list[str]]]) -> None:
        self.words = words

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        try:
            word, options = self.words(document.text_before_cursor)
        except Exception:  # noqa: BLE001 - a completion bug offers nothing; it must not end the session
            return
        for option in options:
            yield Completion(option, start_position=-len(word))
