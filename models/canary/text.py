"""Every Canary sentence, in English and Japanese, from one catalogue: facts, record
lines, rules, and the screens the CLI prints.

Code asks ``Text(lang)`` for a sentence by meaning (``fact``, ``observation``,
``rule``, or a screen key); the few differences of form between the languages
(name forms, how a list is joined) are kept here, not in the callers.
"""

from __future__ import annotations

from collections.abc import Iterable

from suiri.solver.facts import Fact
from suiri.solver.stepwise import GROUP_WORDS

from .board import Board
from .cards import ATTRIBUTE_NAMES_JA, ATTRIBUTES, Attribute, Kind
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
        "declared": "{turn}: {p} moved to {sq}, opened {kind} ({attrs}) for all and declared ここだ!",
        "answered-yes": "{turn}: {p} answered ここだ (yes) to {d}'s {kind}",
        "answered-no": "{turn}: {p} answered ちがう (no) to {d}'s {kind}",
        "outcome-won": "{turn}: {d}'s declaration succeeded",
        "outcome-failed": "{turn}: {d}'s declaration failed",
        "known": "you already know: {fact}",
        "short-own-clue": "{p}'s clue is {a}",
        "short-own-genuine": "{p} is genuine",
        "short-own-fake": "{p} is the fake",
        "short-hid": "t{n} {p} hid {sq}",
        "short-revealed": "t{n} {p} revealed {sq} ({attrs})",
        "short-declared": "t{n} {p} declared on {sq} ({attrs})",
        "short-hid-face": "t{n} {p} hid {sq} ({attrs})",
        "short-answer-yes": "t{n} {p} said ここだ to {attrs}",
        "short-answer-no": "t{n} {p} said ちがう to {attrs}",
        "short-outcome-won": "t{n} {d} won",
        "short-outcome-failed": "t{n} {d} failed",
        "rule:deck": "the deck holds exactly its copies of each card (1 of each three-clue card, 2, 3 and 4 of the others)",
        "rule:clues-differ": "there is one clue card per attribute, so no two players share a clue",
        "rule:hide": "a player puts a card back face-down only if it carries the player's clue",
        "rule:reveal": "a player turns a card face-up only if it lacks the player's clue",
        "rule:answer": "a genuine player answers ここだ exactly when the card carries its clue; the fake only says ちがう",
        "rule:declare-own-clue": "a genuine player declares only on a card carrying its own clue (R4)",
        "rule:declare-own-clue-4": "a genuine player declares only on a card carrying its own clue (R4), so the declarer holds the fake or its clue is on the card",
        "rule:outcome": "a genuine declaration wins when every genuine player says ここだ; the fake's wins only when all do",
        "rule-name:deck": "counting the deck",
        "rule-name:clues-differ": "clues differ",
        "rule-name:hide": "the hide rule",
        "rule-name:reveal": "the reveal rule",
        "rule-name:answer": "truthful answers",
        "rule-name:declare-own-clue": "declaring asserts your clue (R4)",
        "rule-name:outcome": "who wins a declaration",
        # -- screens of the CLI views --
        "title": "Where is the Canary? — {file}",
        "seat": "{n} turns, seen by {viewer} (clue: {clue})",
        "seat-1": "1 turn, seen by {viewer} (clue: {clue})",
        "seat-spectator": "{n} turns, seen by a spectator",
        "seat-spectator-1": "1 turn, seen by a spectator",
        "worlds": "consistent worlds (layouts × clue deals): {n}",
        "clues": "Clues of the other players (exact probabilities)",
        "player": "player",
        "assignments": "Possible clue assignments ({n})",
        "more": "… (+{n}, see --json)",
        "fake-holder": "fake: {p}",
        "fake": "Who holds the fake clue",
        "map": "Map: each square's card (H D A N W = high dark ancient nature weathered, - = none) and goal chance (%)",
        "map-legend": "  {up} face-up   [{up}] face-down, face known   (b) hidden by b: carries b's clue{fake}   · unknown   @x piece",
        "map-legend-fake": " (the fake one if b holds it)",
        "goal-sum": "With 2 players the goal is {squares} squares (every square carrying both clues), so the goal chances add up to {total}, not 100%.",
        "certain": "Certain",
        "nothing-certain": "(nothing beyond the record itself)",
        "goal-known": "The goal is known: {squares}.",
        "goal-open": "The goal is not known yet. Most likely: {best}.",
        "goal-card": "The goal is the card {card}; where it lies: {where}.",
        "goal-cards": "The goal cards are {cards} (every card carrying both clues); where they lie: {where}.",
        "goal-where-more": "and {n} more squares at {p} or less each",
        "goal-where-more-1": "and 1 more square at {p}",
        "goal-ruled-out": "ruled out as goal: {squares}",
        "fact": "Fact: {fact}",
        "certain-status": "certain",
        "impossible-status": "impossible — the record rules it out",
        "impossible-rules-status": "impossible — the rules rule it out",
        "rules-alone": "It follows from the rules alone, no record line needed:",
        "open-status": "not certain (probability {p})",
        "proof-size": "Minimal proof: {n} record lines; dropping any one leaves it unproven:",
        "proof-size-1": "Minimal proof: 1 record line; without it the fact is unproven:",
        "rules-used": "Rules used:",
        "steps": "Proof:",
        "therefore": "Therefore: {fact}.",
        "combined": "(used together with the other lines)",
        "counterexample": "A consistent world where it fails:",
        "world-clues": "clues: {clues}",
        "world-fake": "fake: {p}",
        "world-goal": "goal: {squares}",
        "world-square": "{sq} holds {kind}",
        "why-impossible": "Why it is impossible:",
        "line": "line {n}",
        "hint-none": "Nothing more can be deduced from this record (try `suiri advise`).",
        "hint-obvious": "The obvious ones ({n} facts, one record line each):",
        "hint-obvious-1": "The obvious one (1 fact, from one record line):",
        "hint-level1": "Look at {where}.",
        "hint-level1-obvious": "Look at single turns: {where}.",
        "hint-setup": "the record's setup (your own cards) and what you already know",
        "hint-level2": "Rule to apply: {rules}.",
        "hint-level2-none": "No special rule: the faces and the definitions settle it (a goal card carries every genuine clue; each square holds one card).",
        "hint-level3": "Observations to combine:",
        "hint-level4": "Deduction:",
        "hint-premise": "you already know: {fact}",
        "advise-head": "Advice for {p} on {sq} (goal uncertainty {bits:.2f} bits)",
        "advise-head-over": "Advice for {p} on {sq}",
        "advise-not-turn": "It is {p}'s turn now; this advice is for {viewer}'s next turn.",
        "advise-plan": "Plan: the goal is the card {card}, its square not known yet; the walk {walk} steps on it with chance {p} (each check of a face-down square shows whether it lies there).",
        "advise-walk": "     walk {walk}: steps on the goal card with chance {p}",
        "advise-move": "{rank}. move to {sq}{declare}: goal {p_goal}, information {info:.2f} bits, reveals {leak:.2f} bits of your clue, expected distance {dist:.1f}",
        "advise-declare-now": " and DECLARE (certain goal)",
        "advise-declare-if": "     declare if it shows {kind} (chance {p_face}, success {p_success})",
        "advise-face-up": "     face-up card: no check, nothing learned",
        "advise-best": "Best: {what}",
        "advise-best-declare": "move to {sq} and declare ここだ!",
        "advise-best-move": "move to {sq}",
        "turns": "turn {list}",
        "turns-many": "turns {list}",
        "squares": "square {list}",
        "squares-many": "squares {list}",
        "and": " and ",
        # -- step-wise explanations: one sentence per step (premises: reasons, so fact) --
        "carries=": "the card on {sq} carries {a}",
        "carries!=": "the card on {sq} lacks {a}",
        "goal=many": "{sqs} are each {the_goal}",
        "goal!=many": "none of {sqs} is {the_goal}",
        "fake!=many": "the clues of {ps} are genuine",
        "and-sep": ", ",
        "and-last": " and ",
        "step": "{premises}: {reasons}, so {fact}",
        "step-premises": "{premises}, so {fact}",
        "step-reasons": "{reasons}, so {fact}",
        "premise-sep": "; ",
        "reason-sep": "; ",
        "cited-line": "{line} (line {n})",
        **GROUP_WORDS["en"],
        "tagged": "{clause} ({tag})",
        "rule-tag:declare-own-clue": "R4: declaring asserts your clue",
        "clue-on": "{p}'s clue is on {sq}",
        "clue-off": "{p}'s clue is not on {sq}",
        "clue-on-genuine": "{p}'s clue is genuine and on {sq}",
        "clue-on-or-fake": "{p}'s clue is on {sq}, or {p} holds the fake",
        "clue-off-or-fake": "{p}'s clue is not on {sq}, or {p} holds the fake",
        "why-outcome-won": "with one ちがう, from {q}, {d}'s declaration succeeds only if {d} is genuine and {q} holds the fake",
        "why-outcome-failed": "with one ちがう, from {q}, {d}'s declaration fails only if {d} holds the fake or {q}'s clue is genuine",
        "why-clues-differ": "no two players share a clue",
        "why-goal": "the goal's card carries every player's clue",
        "why-goal-2": "a goal square's card carries both players' clues",
        "why-goal-4": "the goal's card carries every genuine clue",
        "why-goal-differ": "the goal's card carries three different clues, one per player",
        "why-goal-differ-2": "a goal square's card carries two different clues, one per player",
        "why-goal-differ-4": "the goal's card carries three different clues, one per genuine player",
        "why-face": "its face was seen",
        "why-one-clue": "each player holds exactly one clue card",
        "why-one-fake": "exactly one player holds the fake",
        "why-kind-carries": "the {kind} carries exactly {attrs}",
        "why-kind-only": "the only card carrying exactly {attrs} is the {kind}",
        "count": "the deck has {items}",
        "count-and": ", and ",
        "count-all": "{n} {kind} cards ({attrs}), all on {sqs}",
        "count-all-1": "one {kind} ({attrs}), on {sqs}",
        "count-some": "{n} {kind} cards ({attrs}), {m} of them on {sqs}",
        "count-only": "{n} {kind} cards ({attrs})",
        "count-only-1": "one {kind} ({attrs})",
        "count-goal": "whatever the clues, the deck has exactly {n} cards carrying them all, and {n} squares are left: {sqs}",
        "count-goal-1": "whatever the clues, the deck has exactly one card carrying them all, and one square is left: {sqs}",
        "count-goal-least": "whatever the clues, the deck has at least {n} cards carrying them all, and {n} squares are left: {sqs}",
        "count-goal-least-1": "whatever the clues, the deck has at least one card carrying them all, and one square is left: {sqs}",
        "count-deck": "the deck has a fixed number of each card",
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
        "declared": "{turn}：{p}が{sq}に移動し、{kind}（{attrs}）をオープンにして「ここだ！」を宣言した",
        "answered-yes": "{turn}：{p}は{d}の{kind}に「ここだ！」と答えた",
        "answered-no": "{turn}：{p}は{d}の{kind}に「ちがう！」と答えた",
        "outcome-won": "{turn}：{d}の宣言は成功した",
        "outcome-failed": "{turn}：{d}の宣言は失敗した",
        "known": "既にわかっていること：{fact}",
        "short-own-clue": "{p}の手がかりは{a}",
        "short-own-genuine": "{p}は本物",
        "short-own-fake": "{p}は偽物",
        "short-hid": "T{n} {p}が{sq}を隠蔽",
        "short-revealed": "T{n} {p}が{sq}を公開（{attrs}）",
        "short-declared": "T{n} {p}が{sq}で宣言（{attrs}）",
        "short-hid-face": "T{n} {p}が{sq}を隠蔽（{attrs}）",
        "short-answer-yes": "T{n} {p}が{attrs}に「ここだ！」",
        "short-answer-no": "T{n} {p}が{attrs}に「ちがう！」",
        "short-outcome-won": "T{n} {d}の宣言成功",
        "short-outcome-failed": "T{n} {d}の宣言失敗",
        "rule:deck": "マップカードの枚数は決まっている（3条件カード各1枚、2条件各2枚、単条件各3枚、条件なし4枚）",
        "rule:clues-differ": "手がかりカードは各条件1枚ずつなので、2人が同じ手がかりを持つことはない",
        "rule:hide": "自分の手がかりが描かれたカードだけを裏向きに戻す",
        "rule:reveal": "自分の手がかりが描かれていないカードは表向きにする",
        "rule:answer": "本物の手がかりの持ち主は、カードに自分の手がかりがあるときだけ「ここだ！」と答える。偽物は「ちがう！」のみ",
        "rule:declare-own-clue": "本物の手がかりの持ち主は、自分の手がかりが描かれたカードでのみ宣言する（R4）",
        "rule:declare-own-clue-4": "本物の手がかりの持ち主は、自分の手がかりが描かれたカードでのみ宣言する（R4）。よって宣言者は偽物か、カードに宣言者の手がかりがある",
        "rule:outcome": "本物の宣言は本物の3人全員の「ここだ！」で成功し、偽物の宣言は全員の「ここだ！」でのみ成功する",
        "rule-name:deck": "カード枚数",
        "rule-name:clues-differ": "手がかりは重複しない",
        "rule-name:hide": "隠蔽のルール",
        "rule-name:reveal": "公開のルール",
        "rule-name:answer": "正直な回答",
        "rule-name:declare-own-clue": "宣言は自分の手がかりの主張（R4）",
        "rule-name:outcome": "宣言の勝敗",
        # -- screens of the CLI views --
        "title": "カナリアはいずこ？ — {file}",
        "seat": "{n}ターン、{viewer}の視点（手がかり：{clue}）",
        "seat-spectator": "{n}ターン、観戦者の視点",
        "worlds": "記録と矛盾しない世界（配置×手がかり配布）の数：{n}",
        "clues": "他のプレイヤーの手がかり（厳密な確率）",
        "player": "プレイヤー",
        "assignments": "ありうる手がかりの組み合わせ（{n}通り）",
        "more": "…（ほか{n}通り、--json を参照）",
        "fake-holder": "偽物：{p}",
        "fake": "偽物の手がかりを持つのは",
        "map": "マップ：各マスのカード（高 暗 旧 自 風、- = 条件なし）とゴールの確率（%）",
        "map-legend": "  {up} 表向き　[{up}] 裏向き・表面が判明　(b) bが隠した＝bの手がかりあり{fake}　· 不明　@x コマ",
        "map-legend-fake": "（bが偽物を持つなら偽の手がかり）",
        "goal-sum": "2人プレイではゴールは{squares}マス（両方の手がかりが描かれたマスすべて）なので、ゴールの確率の合計は100%ではなく{total}になる。",
        "certain": "確定している事実",
        "nothing-certain": "（記録に書かれたこと以外はなし）",
        "goal-known": "ゴールは確定：{squares}。",
        "goal-open": "ゴールはまだ確定していない。最有力：{best}。",
        "goal-card": "ゴールは「{card}」のカード。その場所：{where}。",
        "goal-cards": "ゴールのカードは{cards}（2人の手がかりが両方描かれたカードすべて）。その場所：{where}。",
        "goal-where-more": "ほか{n}マス（各{p}以下）",
        "goal-where-more-1": "ほか1マス（{p}）",
        "goal-ruled-out": "ゴールではないマス：{squares}",
        "fact": "事実：{fact}",
        "certain-status": "確定",
        "impossible-status": "ありえない — 記録が否定している",
        "impossible-rules-status": "ありえない — ルールが否定している",
        "rules-alone": "記録を使わず、ルールだけから言える：",
        "open-status": "未確定（確率 {p}）",
        "proof-size": "極小の証明：記録の{n}行（どれか1つを外すと証明できない）：",
        "proof-size-1": "極小の証明：記録の1行（これを外すと証明できない）：",
        "rules-used": "使うルール：",
        "steps": "証明：",
        "therefore": "よって：{fact}。",
        "combined": "（他の行と組み合わせて使う）",
        "counterexample": "成り立たない世界の例：",
        "world-clues": "手がかり：{clues}",
        "world-fake": "偽物：{p}",
        "world-goal": "ゴール：{squares}",
        "world-square": "{sq}のカードは{kind}",
        "why-impossible": "ありえない理由：",
        "line": "{n}行目",
        "hint-none": "この記録からこれ以上推理できることはない（`suiri advise` を試そう）。",
        "hint-obvious": "すぐわかること（{n}件、それぞれ記録の1行から）：",
        "hint-level1": "{where}に注目。",
        "hint-level1-obvious": "1つのターンだけを見る：{where}。",
        "hint-setup": "記録の準備部分（自分のカード）と既にわかっていること",
        "hint-level2": "使うルール：{rules}。",
        "hint-level2-none": "特別なルールは不要：カードの面と定義（ゴールのカードには本物の手がかりがすべて描かれている）で決まる。",
        "hint-level3": "組み合わせる観察：",
        "hint-level4": "推理：",
        "hint-premise": "既にわかっていること：{fact}",
        "advise-head": "{p}（{sq}）への助言（ゴールの不確かさ {bits:.2f} ビット）",
        "advise-head-over": "{p}（{sq}）への助言",
        "advise-not-turn": "今は{p}の手番。これは{viewer}の次の手番への助言。",
        "advise-plan": "方針：ゴールは「{card}」のカードで、そのマスはまだ分からない。{walk}と進めば{p}の確率でそこに行き当たる（裏向きのマスをチェックするたびに、そこにあるかが分かる）。",
        "advise-walk": "     {walk}と進む：ゴールのカードに行き当たる確率 {p}",
        "advise-move": "{rank}. {sq}へ移動{declare}：ゴール確率 {p_goal}、得られる情報 {info:.2f} ビット、自分の手がかりを {leak:.2f} ビット明かす、ゴールまでの期待距離 {dist:.1f}",
        "advise-declare-now": "して宣言（ゴール確定）",
        "advise-declare-if": "     {kind}なら宣言（出る確率 {p_face}、成功率 {p_success}）",
        "advise-face-up": "     表向きのカード：確認なし、得る情報なし",
        "advise-best": "最善：{what}",
        "advise-best-declare": "{sq}へ移動して「ここだ！」を宣言",
        "advise-best-move": "{sq}へ移動",
        "turns": "ターン {list}",
        "turns-many": "ターン {list}",
        "squares": "マス {list}",
        "squares-many": "マス {list}",
        "and": "と",
        # -- 段階的な説明：1ステップ1文（前提。理由ので、結論） --
        "carries=": "{sq}のカードには{a}が描かれている",
        "carries!=": "{sq}のカードには{a}が描かれていない",
        "goal=many": "{sqs}はどれも{the_goal}",
        "goal!=many": "{sqs}はどれも{the_goal}ではない",
        "fake!=many": "{ps}の手がかりは本物",
        "and-sep": "・",
        "and-last": "・",
        "step": "{premises}。{reasons}ので、{fact}",
        "step-premises": "{premises}。よって、{fact}",
        "step-reasons": "{reasons}ので、{fact}",
        "premise-sep": "。",
        "reason-sep": "。",
        "cited-line": "{line}（{n}行目）",
        **GROUP_WORDS["ja"],
        "tagged": "{clause}（{tag}）",
        "rule-tag:declare-own-clue": "R4：宣言は自分の手がかりの主張",
        "clue-on": "{p}の手がかりは{sq}のカードに描かれている",
        "clue-off": "{p}の手がかりは{sq}のカードに描かれていない",
        "clue-on-genuine": "{p}の手がかりは本物で、{sq}のカードに描かれている",
        "clue-on-or-fake": "{p}の手がかりは{sq}のカードに描かれているか、{p}が偽物である",
        "clue-off-or-fake": "{p}の手がかりは{sq}のカードに描かれていないか、{p}が偽物である",
        "why-outcome-won": "「ちがう！」が{q}の1つだけで{d}の宣言が成功するのは、{d}が本物で{q}が偽物のときだけである",
        "why-outcome-failed": "「ちがう！」が{q}の1つだけで{d}の宣言が失敗するのは、{d}が偽物か{q}が本物のときだけである",
        "why-clues-differ": "2人が同じ手がかりを持つことはない",
        "why-goal": "ゴールのカードには全員の手がかりが描かれている",
        "why-goal-2": "ゴールマスのカードには2人の手がかりが両方とも描かれている",
        "why-goal-4": "ゴールのカードには本物の手がかりがすべて描かれている",
        "why-goal-differ": "ゴールのカードには、プレイヤーごとに異なる3つの手がかりが描かれている",
        "why-goal-differ-2": "ゴールマスのカードには、プレイヤーごとに異なる2つの手がかりが描かれている",
        "why-goal-differ-4": "ゴールのカードには、本物のプレイヤーごとに異なる3つの手がかりが描かれている",
        "why-face": "カードの表面が見えている",
        "why-one-clue": "各プレイヤーは手がかりカードを1枚だけ持つ",
        "why-one-fake": "偽物カードは1枚しかない",
        "why-kind-carries": "{kind}に描かれているのは{attrs}だけである",
        "why-kind-only": "{attrs}だけが描かれたカードは{kind}しかない",
        "count": "{items}",
        "count-and": "。",
        "count-all": "{kind}（{attrs}）は{n}枚しかなく、すべて{sqs}にある",
        "count-all-1": "{kind}（{attrs}）は1枚しかなく、{sqs}にある",
        "count-some": "{kind}（{attrs}）は{n}枚あり、そのうち{m}枚が{sqs}にある",
        "count-only": "{kind}（{attrs}）は{n}枚しかない",
        "count-goal": "手がかりが何であっても、そのすべてが描かれたカードはちょうど{n}枚で、残るマスは{sqs}の{n}つしかない",
        "count-goal-least": "手がかりが何であっても、そのすべてが描かれたカードは少なくとも{n}枚あり、残るマスは{sqs}の{n}つしかない",
        "count-deck": "マップカードは種類ごとに枚数が決まっている",
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
        """The sentence ``key``; its singular form ``key-1`` when its count ``n`` is 1."""
        if kw.get("n") == 1 and f"{key}-1" in self.t:
            key = f"{key}-1"
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
        if kind == "carries":
            return self(f"carries{sign}", sq=player, a=self.attribute(fact.value))
        return str(fact)

    def facts(self, facts: Iterable[Fact], kinds: dict[str, Kind] | None = None) -> list[str]:
        """Facts about one subject and of one polarity said together ("bea's clue is not
        high, dark or ancient"): a reader takes them as one premise, as the step-wise
        explainer counts them; a lone fact is said as ``fact`` says it."""
        groups: dict[tuple[str, bool], list[Fact]] = {}
        for f in facts:
            groups.setdefault((f.subject, f.holds), []).append(f)
        return [self.fact(g[0], kinds) if len(g) == 1 else self._together(g, kinds) for g in groups.values()]

    def _together(self, group: list[Fact], kinds: dict[str, Kind] | None) -> str:
        first = group[0]
        kind, _, arg = first.subject.partition(":")
        sign = "=" if first.holds else "!="
        values = [f.value for f in group]
        if kind in ("clue", "carries"):
            attrs = [self.attribute(a) for a in sorted(values, key=_attribute_order)]
            return self(f"{kind}{sign}", p=arg, sq=arg, a=self.alternatives(attrs) if kind == "clue" else self.together(attrs))
        if kind == "goal":
            the_goal = self("a-goal") if self.players == 2 else self("the-goal")
            squares = sorted(values, key=self.board.parse)
            return self(f"goal{sign}many", sqs=self.alternatives(squares) if not first.holds else self.together(squares),
                        the_goal=the_goal)
        if kind == "fake" and not first.holds:
            return self("fake!=many", ps=self.together(values))
        if kind == "square":
            names = [self.kind(kinds[v]) if kinds and v in kinds else v for v in values]
            return self(f"square{sign}", sq=arg, kind=self.alternatives(names))
        return self("list-sep").join(self.fact(f, kinds) for f in group)

    def together(self, items: list[str]) -> str:
        """Items taken together: "b7, d7 and f3" (「b7・d7・f3」)."""
        if len(items) <= 1:
            return "".join(items)
        return self("and-sep").join(items[:-1]) + self("and-last") + items[-1]

    def goal_definition(self, differ: bool = False) -> str:
        """What makes a goal, for this player count (2: both clues; 4: the genuine ones);
        ``differ``: with "clues differ", so the goal's clues are that many attributes."""
        key = "why-goal-differ" if differ else "why-goal"
        return self(f"{key}-{self.players}") if f"{key}-{self.players}" in self.t else self(key)

    def observation(self, o: Observation, order: Iterable[Attribute]) -> str:
        order = tuple(order)
        turn = self("turn", n=o.turn)
        sq = self.board.name(o.square) if isinstance(o, CheckSeen | Declared | Answered | DeclarationOutcome) else ""
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

    def short(self, o: Observation, order: Iterable[Attribute]) -> str:
        """A record line in a few words, for one-line deductions (hint level 4)."""
        order = tuple(order)
        sq = self.board.name(o.square) if isinstance(o, CheckSeen | Declared | Answered | DeclarationOutcome) else ""
        if isinstance(o, OwnClue):
            return self("short-own-clue", p=o.player, a=self.attribute(o.attribute))
        if isinstance(o, OwnAuthenticity):
            return self("short-own-genuine" if o.genuine else "short-own-fake", p=o.player)
        if isinstance(o, CheckSeen):
            if o.hidden and o.face is None:
                return self("short-hid", n=o.turn, p=o.player, sq=sq)
            assert o.face is not None
            if o.hidden:
                return self("short-hid-face", n=o.turn, p=o.player, sq=sq, attrs=self.attributes(o.face.attrs, order))
            return self("short-revealed", n=o.turn, p=o.player, sq=sq, attrs=self.attributes(o.face.attrs, order))
        if isinstance(o, Declared):
            return self("short-declared", n=o.turn, p=o.player, sq=sq, attrs=self.attributes(o.face.attrs, order))
        if isinstance(o, Answered):
            return self("short-answer-yes" if o.yes else "short-answer-no", n=o.turn, p=o.player,
                        attrs=self.attributes(o.face.attrs, order))
        if isinstance(o, DeclarationOutcome):
            return self("short-outcome-won" if o.succeeded else "short-outcome-failed", n=o.turn, d=o.declarer)
        return o.id  # pragma: no cover

    def rule(self, rule: str) -> str:
        """The rule's sentence; R4 with a fake in play says what it leaves open."""
        if self.players == 4 and f"rule:{rule}-4" in self.t:
            return self(f"rule:{rule}-4")
        return self(f"rule:{rule}")

    def rule_name(self, rule: str) -> str:
        return self(f"rule-name:{rule}")

    def tagged(self, clause: str, rule: str) -> str:
        """A clause with the rule that gives it, named in brackets ("… (the reveal rule)")."""
        tag = self(f"rule-tag:{rule}") if f"rule-tag:{rule}" in self.t else self.rule_name(rule)
        return self("tagged", clause=clause, tag=tag)


def _attribute_order(a: Attribute) -> int:
    return ATTRIBUTES.index(a) if a in ATTRIBUTES else len(ATTRIBUTES)
