"""The options a seat is offered (``models/<game>/seating.py``), in the game's own words.

Each option has a *key*, the words to type (ASCII, as the compact notation writes
squares, cards and players: ``c4``, ``deduce s1 w2 r3``, ``point bea``), and a sentence
in English and Japanese.  Each decision may also say what the move in progress shows the
seat (the card at the square stepped to, the triple being answered, the card played).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from suiri.models.bots import Decision
    from suiri.models.canary.seating import CanaryDecision
    from suiri.models.detective.cards import Card
    from suiri.models.detective.seating import DetectiveDecision
    from suiri.models.werewolf.seating import WerewolfDecision


@dataclass(frozen=True)
class Named:
    """One option as the person sees and types it."""

    key: str
    en: str
    ja: str

    def say(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en


def _canary(option: object, decision: CanaryDecision) -> Named:
    from suiri.models.canary.seating import Declaring, Step

    if isinstance(option, Step):
        square = decision.record.variant.board.name(option.to)
        return Named(square, f"step to {square}", f"{square} へ進む")
    assert isinstance(option, Declaring)
    if option.declare:
        return Named("declare", "declare: here it is! (ここだ！)", "宣言する：ここだ！")
    return Named("check", "check the map card", "地図の確認をする")


def _canary_context(decision: CanaryDecision) -> tuple[str, str] | None:
    if decision.face is None or decision.at is None:
        return None
    square = decision.record.variant.board.name(decision.at)
    return (f"At {square} you see: {decision.face.name_en}.", f"{square} のカード：{decision.face.name_ja}。")


def _detective(option: object, decision: DetectiveDecision) -> Named:
    from suiri.models.detective.cards import FAKE_CARD
    from suiri.models.detective.seating import LookInto, RevealFrom
    from suiri.models.detective.state import Accusation, Deduction, EndTurn, Response, RevealCard

    def ids(cards: Iterable[Card]) -> str:
        return " ".join(c.id for c in cards)

    def ja(cards: Iterable[Card]) -> str:
        return "・".join(c.ja for c in cards)

    clue = decision.record.variant.clue
    if isinstance(option, Deduction):
        verb = "suggest" if clue else "deduce"
        return Named(f"{verb} {ids(option.named)}", f"{verb}: {', '.join(c.id for c in option.named)}",
                     f"推理：{ja(option.named)}")
    if isinstance(option, Accusation):
        return Named(f"accuse {ids(option.named)}", f"accuse: {', '.join(c.id for c in option.named)}",
                     f"告発：{ja(option.named)}")
    if isinstance(option, Response):
        if option.card is None:
            return Named("pass", "pass: show nothing" if clue else "do not raise", "何も見せない" if clue else "否定しない")
        if option.card == FAKE_CARD:
            return Named("bluff", "raise with the fake evidence (a bluff)", "偽の証拠で否定する")
        return Named(f"show {option.card.id}", f"show {option.card.id}", f"{option.card.ja} を見せる")
    if isinstance(option, RevealCard):
        return Named(f"reveal {option.card.id}", f"reveal your {option.card.id}", f"自分の {option.card.ja} を公開する")
    if isinstance(option, RevealFrom):
        return Named(f"reveal {option.owner}", f"a card of {option.owner}'s hand goes face up",
                     f"{option.owner} の手札を1枚公開させる")
    if isinstance(option, LookInto):
        return Named(f"look {option.owner}", f"look at a card of {option.owner}'s hand",
                     f"{option.owner} の手札を1枚見る")
    assert isinstance(option, EndTurn)
    return Named("end", "end your turn", "手番を終える")


def _detective_context(decision: DetectiveDecision) -> tuple[str, str] | None:
    if decision.named is None:
        return None
    return (f"{decision.asked_by} names {', '.join(c.id for c in decision.named)}: your answer.",
            f"{decision.asked_by} の推理：{'・'.join(c.ja for c in decision.named)}。あなたの答えは？")


def _werewolf(option: object, decision: WerewolfDecision) -> Named:
    from suiri.models.werewolf.state import Call, Draw, Play, Point, Put, Seek, Swap
    from suiri.models.werewolf.text import Text

    en, ja = Text("en"), Text("ja")
    if isinstance(option, Draw):
        return Named("draw", "draw a card", "カードを引く")
    if isinstance(option, Play):
        words, e, j = [option.card.id], [f"play {en.card(option.card)}"], [f"{ja.card(option.card)} を出す"]
        if option.target is not None:
            words.append(option.target)
            e.append(f"on {option.target}")
            j.append(f"（対象 {option.target}）")
        if option.peek is not None:
            who, i = option.peek
            words += [who, str(i)]
            e.append(f"peek at card {i} of {who}'s discard")
            j.append(f"（{who} の捨て札 {i} 枚目を見る）")
        if option.flip is not None:  # the Medium names a face-up card by its kind, its position or both
            who, kind, at = option.flip
            words += [who, *([kind.id] if kind is not None else []), *([str(at)] if at is not None else [])]
            what_en = " ".join([*([en.card(kind)] if kind is not None else []), *([f"#{at}"] if at is not None else [])])
            what_ja = " ".join([*([ja.card(kind)] if kind is not None else []), *([f"{at}枚目"] if at is not None else [])])
            e.append(f"naming {what_en} in {who}'s discard")
            j.append(f"（{who} の捨て札の {what_ja} を当てる）")
        if option.down is not None and option.put is not None:
            words += [option.down.id, option.put] + (["mixed"] if option.mixed else [])
            e.append(f"putting {en.card(option.down)} face down on {option.put}'s discard"
                     + (", mixed first" if option.mixed else ""))
            j.append(f"（{ja.card(option.down)} を {option.put} の捨て札に伏せる" + ("、混ぜてから）" if option.mixed else "）"))
        return Named(" ".join(words), " ".join(e), "".join(j))
    if isinstance(option, Point):
        return Named(f"point {option.target}", f"point at {option.target}", f"{option.target} を指す")
    if isinstance(option, Swap):
        if option.index is None:
            return Named("keep", "no swap", "交換しない")
        return Named(f"swap {option.index}", f"swap with card {option.index} of your discard",
                     f"自分の捨て札 {option.index} 枚目と交換する")
    if isinstance(option, Put):
        return Named(f"put {option.owner}", f"put the Attack on {option.owner}'s discard",
                     f"襲撃を {option.owner} の捨て札に置く")
    if isinstance(option, Call):
        return Named(f"call {option.order}", f"call search order {option.order}", f"探索順 {option.order} を呼ぶ")
    assert isinstance(option, Seek)
    slot = option.target
    place = "ruins" if slot[0] == "ruins" else f"hand:{slot[1]}" if slot[0] == "hand" else f"discard:{slot[1]}:{slot[2]}"
    return Named("search " + place.replace("discard", "pile"), f"search {en.place(place)}", f"{ja.place(place)} を探す")


def _werewolf_context(decision: WerewolfDecision) -> tuple[str, str] | None:
    if decision.playing is None:
        return None
    from suiri.models.werewolf.text import Text

    return (f"{decision.played_by} plays {Text('en').a(decision.playing)}.",
            f"{decision.played_by} が {Text('ja').card(decision.playing)} を出した。")


NAMERS: dict[str, tuple[Callable[[object, Any], Named], Callable[[Any], tuple[str, str] | None]]] = {
    "canary": (_canary, _canary_context), "detective": (_detective, _detective_context),
    "werewolf": (_werewolf, _werewolf_context)}


def named(game: str, decision: Decision[Any, object]) -> list[Named]:
    """Each of ``decision``'s options in words, in its order."""
    name = NAMERS[game][0]
    return [name(o, decision) for o in decision.options]


def context(game: str, decision: Decision[Any, object], lang: str) -> str | None:
    """What the move in progress shows the seat, in ``lang`` (None: nothing)."""
    said = NAMERS[game][1](decision)
    return None if said is None else said[1] if lang == "ja" else said[0]
