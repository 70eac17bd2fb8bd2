"""Every Canary sentence, in English and Japanese, from one catalogue.

Code asks ``Text(lang)`` for a sentence by meaning (``fact``, ``observation``,
``rule``...) and never branches on the language itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from suiri.solver.facts import Fact

from .board import Board
from .cards import ATTRIBUTE_NAMES_JA, Attribute, Kind
from .rules import (
    Answered,
    CheckSeen,
    DeclarationOutcome,
    Declared,
    Observation,
    OwnAuthenticity,
    OwnClue,
)

CATALOGUE: dict[str, dict[str, str]] = {
    "en": {
        "clue=": "{p}'s clue is {a}",
        "clue!=": "{p}'s clue is not {a}",
        "clue-one-of": "{p}'s clue is {alts}",
        "goal=": "{sq} is {the_goal}",
        "goal!=": "{sq} is not {the_goal}",
        "the-goal": "the goal",
        "a-goal": "a goal square",
        "fake=": "{p} holds the fake clue",
        "fake!=": "{p}'s clue is genuine",
        "square=": "the card on {sq} is {kind}",
        "square!=": "the card on {sq} is not {kind}",
        "or": " or ",
        "list-sep": ", ",
        "attr-sep": ", ",
        "no-attrs": "no clue",
        "turn": "turn {n}",
        "own-clue": "{p}'s own clue card is {a}",
        "own-genuine": "{p}'s authenticity card is genuine",
        "own-fake": "{p}'s authenticity card is fake",
        "hid-face": "{turn}: {p} moved to {sq} and put {kind} ({attrs}) back face-down",
        "hid": "{turn}: {p} moved to {sq} and put the card back face-down",
        "revealed": "{turn}: {p} moved to {sq} and revealed {kind} ({attrs})",
        "declared": "{turn}: {p} declared ここだ! on {sq}, showing {kind} ({attrs})",
        "answered-yes": "{turn}: {p} answered ここだ (yes) to {d}'s {kind}",
        "answered-no": "{turn}: {p} answered ちがう (no) to {d}'s {kind}",
        "outcome-won": "{turn}: {d}'s declaration succeeded",
        "outcome-failed": "{turn}: {d}'s declaration failed",
        "known": "you already know: {fact}",
        "rule:deck": "the deck holds exactly its copies of each card (1 of each three-clue card, 2, 3 and 4 of the others)",
        "rule:clues-differ": "there is one clue card per attribute, so no two players share a clue",
        "rule:hide": "a player puts a card back face-down only if it carries the player's clue",
        "rule:reveal": "a player turns a card face-up only if it lacks the player's clue",
        "rule:answer": "a genuine player answers ここだ exactly when the card carries its clue; the fake only says ちがう",
        "rule:declare-own-clue": "a genuine player declares only on a card carrying its own clue (R4)",
        "rule:outcome": "a genuine declaration wins when every genuine player says ここだ; the fake's wins only when all do",
        "rule-name:deck": "counting the deck",
        "rule-name:clues-differ": "clues differ",
        "rule-name:hide": "the hide rule",
        "rule-name:reveal": "the reveal rule",
        "rule-name:answer": "truthful answers",
        "rule-name:declare-own-clue": "declaring asserts your clue (R4)",
        "rule-name:outcome": "who wins a declaration",
    },
    "ja": {
        "clue=": "{p}の手がかりは{a}",
        "clue!=": "{p}の手がかりは{a}ではない",
        "clue-one-of": "{p}の手がかりは{alts}のどれか",
        "goal=": "{sq}が{the_goal}",
        "goal!=": "{sq}は{the_goal}ではない",
        "the-goal": "ゴール",
        "a-goal": "ゴールマス",
        "fake=": "{p}が偽物の手がかりを持つ",
        "fake!=": "{p}の手がかりは本物",
        "square=": "{sq}のカードは{kind}",
        "square!=": "{sq}のカードは{kind}ではない",
        "or": "・",
        "list-sep": "、",
        "attr-sep": "・",
        "no-attrs": "条件なし",
        "turn": "ターン{n}",
        "own-clue": "{p}自身の手がかりカードは{a}",
        "own-genuine": "{p}の真偽カードは本物",
        "own-fake": "{p}の真偽カードは偽物",
        "hid-face": "{turn}：{p}が{sq}に移動し、{kind}（{attrs}）を裏向きに戻した",
        "hid": "{turn}：{p}が{sq}に移動し、カードを裏向きに戻した",
        "revealed": "{turn}：{p}が{sq}に移動し、{kind}（{attrs}）を公開した",
        "declared": "{turn}：{p}が{sq}で「ここだ！」を宣言し、{kind}（{attrs}）を見せた",
        "answered-yes": "{turn}：{p}は{d}の{kind}に「ここだ！」と答えた",
        "answered-no": "{turn}：{p}は{d}の{kind}に「ちがう！」と答えた",
        "outcome-won": "{turn}：{d}の宣言は成功した",
        "outcome-failed": "{turn}：{d}の宣言は失敗した",
        "known": "既にわかっていること：{fact}",
        "rule:deck": "マップカードの枚数は決まっている（3条件カード各1枚、2条件各2枚、単条件各3枚、条件なし4枚）",
        "rule:clues-differ": "手がかりカードは各条件1枚ずつなので、2人が同じ手がかりを持つことはない",
        "rule:hide": "自分の手がかりが描かれたカードだけを裏向きに戻す",
        "rule:reveal": "自分の手がかりが描かれていないカードは表向きにする",
        "rule:answer": "本物の手がかりの持ち主は、カードに自分の手がかりがあるときだけ「ここだ！」と答える。偽物は「ちがう！」のみ",
        "rule:declare-own-clue": "本物の手がかりの持ち主は、自分の手がかりが描かれたカードでのみ宣言する（R4）",
        "rule:outcome": "本物の宣言は本物の3人全員の「ここだ！」で成功し、偽物の宣言は全員の「ここだ！」でのみ成功する",
        "rule-name:deck": "カード枚数",
        "rule-name:clues-differ": "手がかりは重複しない",
        "rule-name:hide": "隠蔽のルール",
        "rule-name:reveal": "公開のルール",
        "rule-name:answer": "正直な回答",
        "rule-name:declare-own-clue": "宣言は自分の手がかりの主張（R4）",
        "rule-name:outcome": "宣言の勝敗",
    },
}

LANGUAGES = tuple(CATALOGUE)


class Text:
    """Sentences in one language."""

    def __init__(self, lang: str, board: Board, players: int = 3) -> None:
        self.lang = lang
        self.board = board
        self.players = players
        self.t = CATALOGUE[lang]

    def __call__(self, key: str, **kw: object) -> str:
        return self.t[key].format(**kw)

    def attribute(self, a: Attribute) -> str:
        return ATTRIBUTE_NAMES_JA[a] if self.lang == "ja" else a

    def attributes(self, attrs: Iterable[Attribute], order: Iterable[Attribute]) -> str:
        chosen = [self.attribute(a) for a in order if a in set(attrs)]
        return self.t["attr-sep"].join(chosen) if chosen else self.t["no-attrs"]

    def kind(self, kind: Kind) -> str:
        return kind.name_ja if self.lang == "ja" else kind.name_en

    def alternatives(self, items: list[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        if self.lang == "ja":
            return self.t["or"].join(items)
        return ", ".join(items[:-1]) + self.t["or"] + items[-1]

    def fact(self, fact: Fact, kinds: dict[str, Kind] | None = None) -> str:
        kind, _, player = fact.subject.partition(":")
        sign = "=" if fact.holds else "!="
        if kind == "clue":
            return self(f"clue{sign}", p=player, a=self.attribute(fact.value))
        if kind == "goal":
            the_goal = self("a-goal") if self.players == 2 else self("the-goal")
            return self(f"goal{sign}", sq=fact.value, the_goal=the_goal)
        if kind == "fake":
            return self(f"fake{sign}", p=fact.value)
        if kind == "square":
            name = self.kind(kinds[fact.value]) if kinds and fact.value in kinds else fact.value
            return self(f"square{sign}", sq=player, kind=name)
        return str(fact)

    def observation(self, o: Observation, order: Iterable[Attribute]) -> str:
        order = tuple(order)
        turn = self("turn", n=o.turn)
        sq = self.board.name(o.square) if hasattr(o, "square") else ""
        if isinstance(o, OwnClue):
            return self("own-clue", p=o.player, a=self.attribute(o.attribute))
        if isinstance(o, OwnAuthenticity):
            return self("own-genuine" if o.genuine else "own-fake", p=o.player)
        if isinstance(o, CheckSeen):
            if o.face is None:
                return self("hid", turn=turn, p=o.player, sq=sq)
            key = "hid-face" if o.hidden else "revealed"
            return self(key, turn=turn, p=o.player, sq=sq, kind=self.kind(o.face), attrs=self.attributes(o.face.attrs, order))
        if isinstance(o, Declared):
            return self("declared", turn=turn, p=o.player, sq=sq, kind=self.kind(o.face), attrs=self.attributes(o.face.attrs, order))
        if isinstance(o, Answered):
            return self("answered-yes" if o.yes else "answered-no", turn=turn, p=o.player, d=o.declarer, kind=self.kind(o.face))
        if isinstance(o, DeclarationOutcome):
            return self("outcome-won" if o.succeeded else "outcome-failed", turn=turn, d=o.declarer)
        return o.id  # pragma: no cover

    def rule(self, rule: str) -> str:
        return self(f"rule:{rule}")

    def rule_name(self, rule: str) -> str:
        return self(f"rule-name:{rule}")
