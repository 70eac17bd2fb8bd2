"""Every Memory Detective sentence, in English and Japanese, from one catalogue: facts,
record lines, rules, and the screens the CLI prints.

Code asks ``Text(lang)`` for a sentence by meaning (``fact``, ``observation``,
``rule``, or a screen key); differences of form between the languages (card names,
how a list is joined) are kept here, not in the callers.
"""

from __future__ import annotations

from collections.abc import Iterable

from suiri.solver.facts import Fact
from suiri.solver.stepwise import GROUP_WORDS

from .cards import CATEGORIES, Card, Category, Deck
from .counter import CASE, PUBLIC
from .rules import (
    ACCUSATION,
    CaseIs,
    CaseIsNot,
    GameEnd,
    Holds,
    HoldsNone,
    HoldsOneOf,
    Observation,
    OwnHand,
    PublicSetup,
)

CATALOGUE: dict[str, dict[str, str]] = {
    "en": {
        "holder=": "{card} is {place}",
        "holder!=": "{card} is not {place}",
        "case=": "the {cat} in the case file is {card}",
        "case!=": "the {cat} in the case file is not {card}",
        "place-player": "in {p}'s hand",
        "place-case": "in the case file",
        "place-public": "public",
        "or": " or ",
        "list-sep": ", ",
        "event": "event {n}",
        "own-hand": "{p} was dealt {cards}",
        "public-setup": "the public evidence at setup: {cards}",
        "shown": "{ev}: {p} showed {card} on {viewer}'s deduction",
        "peek": "{ev}: {viewer} saw {card} in {p}'s hand",
        "reveal": "{ev}: {card} was revealed from {p}'s hand",
        "raise": "{ev}: {p} raised a hand on {by}'s deduction of {cards}",
        "refute": "{ev}: {p} refuted {by}'s suggestion of {cards}",
        "show": "{ev}: {p} showed a card among {cards}",
        "no-raise": "{ev}: {p} did not raise on {by}'s deduction of {cards}",
        "pass": "{ev}: {p} passed on {by}'s suggestion of {cards}",
        "bluff": "{ev}: {p} bluffed with the fake on {by}'s deduction of {cards}",
        "solved": "{ev}: nobody raised on {cards} and the case file matched",
        "wrong": "{ev}: nobody raised on {cards}, declared wrong",
        "accuse-right": "{ev}: {by} accused {cards} and was right",
        "accuse-wrong": "{ev}: {by} accused {cards} and was wrong",
        "short-own-hand": "your hand",
        "short-public": "public cards",
        "short-shown": "e{n} {p} showed {card}",
        "short-peek": "e{n} saw {card} ({p})",
        "short-reveal": "e{n} {card} revealed ({p})",
        "short-raise": "e{n} {p} raised on {cards}",
        "short-refute": "e{n} {p} refuted {cards}",
        "short-show": "e{n} {p} showed one of {cards}",
        "short-no-raise": "e{n} {p} silent on {cards}",
        "short-pass": "e{n} {p} passed on {cards}",
        "short-bluff": "e{n} {p} bluffed on {cards}",
        "short-solved": "e{n} solved {cards}",
        "short-wrong": "e{n} {cards} wrong",
        "short-accuse-right": "e{n} {by} accused {cards}: right",
        "short-accuse-wrong": "e{n} {by} accused {cards}: wrong",
        "rule:case-file": "the case file holds exactly one suspect, one weapon and one scene",
        "rule:deal": "every hand size and the number of public cards are known (D3)",
        "rule:must-raise": "every other player holding a named card raises a hand; a player who does not raise holds none",
        "rule:show-named": "a raiser shows the deducer one of the named cards it holds",
        "rule:bluff": "who shows the fake held none of the named cards (D7)",
        "rule:solved": "nobody raised and the case file held the named triple",
        "rule:wrong": "a no-raise deduction declared wrong: the named triple is not the truth (D4)",
        "rule:clue-order": "players are asked clockwise; who passes holds none, the refuter holds one (Clue)",
        "rule:accusation": "an accusation checks the envelope: a correct one names the truth, a wrong one a triple that is not the truth (Clue)",
        "rule:fake-in-a-hand": "the fake evidence is shuffled into the hands: never in the case file, never laid out public",
        "rule-name:fake-in-a-hand": "the fake's place",
        "rules-alone": "It follows from the rules alone, no record line needed:",
        "rule-name:case-file": "the case file",
        "rule-name:deal": "counting hands",
        "rule-name:must-raise": "holders must raise",
        "rule-name:show-named": "shown cards",
        "rule-name:bluff": "the fake's bluff",
        "rule-name:solved": "a solved case",
        "rule-name:wrong": "a wrong guess",
        "rule-name:clue-order": "Clue's asking order",
        "rule-name:accusation": "an accusation",
        # -- one step of a step-wise explanation (steps.py) --
        "step": "{premises}, so {fact}.",
        "step-lines": "{lines}, so {fact}.",
        "step-rules": "By the rules alone, {fact}.",
        "step-line": "{short} ({where})",
        "line-sep": "; ",
        "lines-lead": "{lines}; ",
        "premise-sep": "; ",
        **GROUP_WORDS["en"],
        "and-last": " and ",
        "or-last": " or ",
        "fact-holds-player": "{p} holds {cards}",
        "fact-holds-case": "the case file holds {cards}",
        "fact-holds-public": "{cards} are public",
        "fact-holds-public-1": "{cards} is public",
        "fact-not": "{card} is not with {places}",
        "where-player": "{p}",
        "where-case": "the case file",
        "where-public": "the public",
        "why-raise": "who raises a hand holds a named card",
        "why-silent": "who holds a named card must raise a hand",
        "why-refute": "the refuter holds a named card",
        "why-pass": "who passes holds none of the named cards",
        "why-shown": "a shown card is in the hand of whoever showed it",
        "why-solved": "a solved deduction names the cards in the case file",
        "why-wrong": "a triple declared wrong is not the one in the case file",
        "why-accuse-right": "a right accusation names the cards in the case file",
        "why-accuse-wrong": "a wrong accusation names a triple that is not the one in the case file",
        "why-bluff": "who bluffs with the fake holds none of the named cards",
        "why-fake": "the fake is always in a hand, never in the case file or public",
        "count-hand": "{p} holds {n} cards",
        "count-hand-1": "{p} holds 1 card",
        "count-hand-dealt": "{p} was dealt {n} cards",
        "count-hand-dealt-1": "{p} was dealt 1 card",
        "count-public": "{n} cards were laid out public",
        "count-public-1": "1 card was laid out public",
        "count-case": "the case file holds {n} cards",
        "count-case-1": "the case file holds 1 card",
        "count-none": "{p} holds no card",
        "count-none-public": "no card was laid out public",
        "count-none-case": "the case file holds no card",
        "count-all-of": "{count}: {cards} are all of them",
        "count-all-of-1": "{count}: {cards} is the one",
        "count-only": "{count}, and only {cards} can be among them",
        "count-among": "{count}, {cards} among them",
        "one-of": "one of {cards}",
        "alt-sep": "/",
        "count-deal": "every hand size is known ({sizes}) and {n} cards were laid out public",
        "count-deal-1": "every hand size is known ({sizes}) and 1 card was laid out public",
        "count-size-of": "{p} {n}",
        "count-alone": "{count}",
        "cat-plural": "{cat}s",
        "case-one": "the case file holds one {cat}",
        "case-only": "the case file holds one {cat}, and of the {cats} only {cards} can be in it",
        "case-it-is": "the case file holds one {cat}, and it is {card}",
        "case-elsewhere": "{said} ({placed})",
        "case-placed": "{cards} with {place}",
        "case-sep": "; ",
        # -- screens of the CLI views --
        "title": "{game} — {file}",
        "game": "Memory Detective",
        "seat": "{n} events, seen by {viewer}",
        "seat-1": "1 event, seen by {viewer}",
        "seat-spectator": "{n} events, seen by a spectator",
        "seat-spectator-1": "1 event, seen by a spectator",
        "worlds": "consistent deals: {n}",
        "notebook": "Notebook: where each card is now (✓ certain, ✗ ruled out, % probability)",
        "card": "card",
        "truth": "The truth (exact marginals)",
        "triples": "Possible truths ({n})",
        "solved-now": "The case is solved: {cards}. Deduce it now.",
        "solved-over": "The case was solved at event {n}: {cards}. The game is over.",
        "solved-now-clue": "The case is solved: {cards}. Accuse it now.",
        "solved-now-out": "The case is solved: {cards}. {p} accused wrongly at event {n} and can no longer accuse.",
        "over-accused": "The game is over: {by} accused {cards} at event {n} and was right.",
        "over-all-public": "The game is over: every player's evidence was public after event {n}, so everyone lost.",
        "over-all-public-setup": "The game is over: every player's evidence was public at setup, so everyone lost.",
        "over-all-out": "The game is over: every player accused wrongly (the last at event {n}), so nobody won.",
        "more": "… (+{n}, see --json)",
        "certain": "Certain",
        "nothing-certain": "(nothing beyond the record itself)",
        "fact": "Fact: {fact}",
        "certain-status": "certain",
        "impossible-status": "impossible — the record rules it out",
        "impossible-rules-status": "impossible — the rules rule it out",
        "rule-with-text": "{name} ({text})",
        "rule-sep": "; ",
        "open-status": "not certain (probability {p})",
        "proof-size": "Minimal proof: {n} record lines; dropping any one leaves it unproven:",
        "proof-size-1": "Minimal proof: 1 record line; without it the fact is unproven:",
        "rules-used": "Rules used:",
        "steps": "Proof:",
        "therefore": "Therefore: {fact}.",
        "combined": "(used together with the other lines)",
        "counterexample": "A consistent deal where it fails:",
        "world-case": "case file: {cards}",
        "world-place": "{card} is {place}",
        "why-impossible": "Why it is impossible:",
        "line": "line {n}",
        "hint-none": "Nothing more can be deduced from this record (try `suiri advise`).",
        "hint-obvious": "The obvious ones ({n} facts, one record line each):",
        "hint-obvious-1": "The obvious one (1 fact, from one record line):",
        "hint-level1": "Look at {where}.",
        "hint-level1-obvious": "Look at single events: {where}.",
        "hint-setup": "the setup (your hand, the public cards) and what you already know",
        "hint-level2": "Rule to apply: {rules}.",
        "hint-level2-none": "No special rule: every card is in one place.",
        "hint-level3": "Observations to combine:",
        "hint-level4": "Deduction:",
        "hint-premise": "you already know: {fact}",
        "events": "event {list}",
        "events-many": "events {list}",
        "advise-head": "Advice for {p}: truth uncertainty {bits:.2f} bits, {n} possible truths",
        "advise-head-1": "Advice for {p}: truth uncertainty {bits:.2f} bits, 1 possible truth",
        "advise-spectator": "A spectator does not deduce: advice needs a viewer.",
        "advise-deduce-now": "Deduce now: {cards} is certain.",
        "advise-suggest": "{rank}. name {cards}: {bits:.2f} bits about the truth, nobody raises because it is the truth {p_truth}",
        "advise-outcome": "     {p} {what}",
        "advise-nobody": "nobody raises",
        "advise-shows": "{who} shows {card}",
        "advise-raises": "{who} raises",
        "advise-then": " → {n} truths left, best {best} ({p_best})",
        "advise-then-1": " → 1 truth left, best {best} ({p_best})",
        "advise-assumption-fake": "(answers weighed with every matching card equally likely to be shown; the fake's bluff left out)",
        "advise-assumption": "(answers weighed with every matching card equally likely to be shown)",
        "advise-screened": "(screened: too many triples to weigh all; the bits above are exact, but a triple not weighed might give more)",
        "advise-suggest-clue": "{rank}. suggest {cards}: {bits:.2f} bits about the truth, it is the truth {p_truth}",
        "advise-nobody-clue": "nobody refutes",
        "advise-shows-clue": "{who} refutes with {card}",
        "advise-assumption-clue": "(answers: the first player clockwise who holds a named card refutes, showing each of its named cards equally likely)",
        "advise-assumption-clue-fake": "(answers: the first player clockwise who holds a named card refutes, showing each of its named cards equally likely; the fake's bluff left out)",
        "advise-accuse-now": "Accuse now: {cards} is certain.",
        "advise-accuse-not-yet": "Do not accuse yet: the likeliest truth, {cards}, is right with chance {p} ({exact}); a wrong accusation puts you out.",
        "advise-out": "{p} accused wrongly at event {n} and is out: no more suggestions or accusations ({p} still refutes).",
    },
    "ja": {
        "holder=": "{card}は{place}",
        "holder!=": "{card}は{place}ではない",
        "case=": "事件ファイルの{cat}は{card}",
        "case!=": "事件ファイルの{cat}は{card}ではない",
        "place-player": "{p}の手札",
        "place-case": "事件ファイル",
        "place-public": "公開",
        "or": "または",
        "list-sep": "、",
        "event": "イベント{n}",
        "own-hand": "{p}の手札：{cards}",
        "public-setup": "公開証拠（準備時）：{cards}",
        "shown": "{ev}：{viewer}の推理で{p}が{card}を見せた",
        "peek": "{ev}：{viewer}が{p}の手札に{card}を見た",
        "reveal": "{ev}：{p}の手札から{card}が公開された",
        "raise": "{ev}：{by}の推理（{cards}）に{p}が手を挙げた",
        "refute": "{ev}：{by}の推理（{cards}）を{p}が否定した",
        "show": "{ev}：{p}が{cards}のどれかを見せた",
        "no-raise": "{ev}：{by}の推理（{cards}）に{p}は手を挙げなかった",
        "pass": "{ev}：{by}の推理（{cards}）を{p}はパスした",
        "bluff": "{ev}：{by}の推理（{cards}）に{p}が偽の証拠で手を挙げた",
        "solved": "{ev}：{cards}に誰も手を挙げず、事件ファイルと一致した",
        "wrong": "{ev}：{cards}に誰も手を挙げず、はずれだった",
        "accuse-right": "{ev}：{by}が{cards}と告発し、正解だった",
        "accuse-wrong": "{ev}：{by}が{cards}と告発し、はずれだった",
        "short-own-hand": "自分の手札",
        "short-public": "公開証拠",
        "short-shown": "e{n} {p}が{card}を見せた",
        "short-peek": "e{n} {card}を見た（{p}）",
        "short-reveal": "e{n} {card}公開（{p}）",
        "short-raise": "e{n} {p}挙手 {cards}",
        "short-refute": "e{n} {p}否定 {cards}",
        "short-show": "e{n} {p}が{cards}のどれか",
        "short-no-raise": "e{n} {p}挙手なし {cards}",
        "short-pass": "e{n} {p}パス {cards}",
        "short-bluff": "e{n} {p}偽証 {cards}",
        "short-solved": "e{n} 解決 {cards}",
        "short-wrong": "e{n} はずれ {cards}",
        "short-accuse-right": "e{n} {by}告発・正解 {cards}",
        "short-accuse-wrong": "e{n} {by}告発・はずれ {cards}",
        "rule:case-file": "事件ファイルには容疑者・凶器・現場が1枚ずつ入っている",
        "rule:deal": "各手札の枚数と公開証拠の枚数は全員が知っている（D3）",
        "rule:must-raise": "名指しされたカードを持つ他の全員は手を挙げる。挙げない人は1枚も持たない",
        "rule:show-named": "手を挙げた人は、持っている名指しカードを1枚推理者に見せる",
        "rule:bluff": "偽の証拠を見せた人は名指しカードを1枚も持っていなかった（D7）",
        "rule:solved": "誰も手を挙げず、事件ファイルが名指しの3枚と一致した",
        "rule:wrong": "誰も手を挙げなかったがはずれ：その3枚の組は真相ではない（D4）",
        "rule:clue-order": "時計回りに尋ね、パスした人は持たず、否定した人は1枚持つ（クルー）",
        "rule:accusation": "告発では封筒を確かめる：正解ならその3枚が真相、はずれならその3枚の組は真相ではない（クルー）",
        "rule:fake-in-a-hand": "偽の証拠は手札に混ぜて配る：事件ファイルにも公開証拠にも入らない",
        "rule-name:fake-in-a-hand": "偽の証拠の置き場所",
        "rules-alone": "記録を使わず、ルールだけから言える：",
        "rule-name:case-file": "事件ファイル",
        "rule-name:deal": "手札の枚数",
        "rule-name:must-raise": "挙手の義務",
        "rule-name:show-named": "見せられたカード",
        "rule-name:bluff": "偽の証拠",
        "rule-name:solved": "解決",
        "rule-name:wrong": "はずれ",
        "rule-name:clue-order": "クルーの順番",
        "rule-name:accusation": "告発",
        # -- 段階的な説明の1ステップ（steps.py） --
        "step": "{premises}ので、{fact}。",
        "step-lines": "{lines}より、{fact}。",
        "step-rules": "ルールだけから、{fact}。",
        "step-line": "{short}（{where}）",
        "line-sep": "と",
        "lines-lead": "{lines}より、",
        "premise-sep": "。",
        **GROUP_WORDS["ja"],
        "and-last": "、",
        "or-last": "、",
        "fact-holds-player": "{p}の手札には{cards}がある",
        "fact-holds-case": "事件ファイルには{cards}が入っている",
        "fact-holds-public": "{cards}は公開エリアにある",
        "fact-not": "{card}は{places}のどこにもない",
        "where-player": "{p}の手札",
        "where-case": "事件ファイル",
        "where-public": "公開エリア",
        "why-raise": "手を挙げた人は宣言された証拠カードを持っている",
        "why-silent": "宣言された証拠カードを持っている人は必ず手を挙げる",
        "why-refute": "否定した人は宣言された証拠カードを持っている",
        "why-pass": "パスした人は宣言された証拠カードを1枚も持っていない",
        "why-shown": "見せられたカードは見せた人の手札にある",
        "why-solved": "解決した推理の3枚は事件ファイルに入っている",
        "why-wrong": "はずれと宣言された3枚の組は事件ファイルの組ではない",
        "why-accuse-right": "正しい告発の3枚は事件ファイルに入っている",
        "why-accuse-wrong": "はずれた告発の3枚の組は事件ファイルの組ではない",
        "why-bluff": "偽の証拠で手を挙げた人は宣言された証拠カードを1枚も持っていない",
        "why-fake": "偽の証拠はいつも手札にあり、事件ファイルにも公開エリアにもない",
        "count-hand": "{p}の手札は{n}枚",
        "count-hand-dealt": "{p}に配られた手札は{n}枚",
        "count-public": "公開エリアに並べた証拠は{n}枚",
        "count-case": "事件ファイルのカードは{n}枚",
        "count-none": "{p}の手札は1枚もない",
        "count-none-public": "公開エリアには証拠が1枚もない",
        "count-none-case": "事件ファイルにはカードが1枚もない",
        "count-all-of": "{count}で、{cards}で全部そろう",
        "count-only": "{count}で、入りうるのは{cards}しかない",
        "count-among": "{count}で、そのうち{cards}がわかっている",
        "one-of": "{cards}のどれか1枚",
        "alt-sep": "／",
        "count-deal": "手札の枚数（{sizes}）と公開エリアの{n}枚は全員が知っている",
        "count-deal-1": "手札の枚数（{sizes}）と公開エリアの1枚は全員が知っている",
        "count-size-of": "{p} {n}枚",
        "count-alone": "{count}ある",
        "cat-plural": "{cat}",
        "case-one": "事件ファイルには{cat}が1枚だけ入る",
        "case-only": "事件ファイルには{cat}が1枚だけ入り、入りうる{cats}は{cards}しかない",
        "case-it-is": "事件ファイルには{cat}が1枚だけ入り、{card}がそれにあたる",
        "case-elsewhere": "{said}（{placed}）",
        "case-placed": "{cards}は{place}",
        "case-sep": "。",
        "title": "{game} — {file}",
        "game": "記憶探偵",
        "seat": "{n}イベント、{viewer}の視点",
        "seat-spectator": "{n}イベント、観戦者の視点",
        "worlds": "矛盾のない配り方：{n}通り",
        "notebook": "捜査メモ：各カードの現在の場所（✓ 確定、✗ ありえない、% 確率）",
        "card": "カード",
        "truth": "真相（正確な周辺確率）",
        "triples": "ありうる真相（{n}通り）",
        "solved-now": "事件は解けた：{cards}。今すぐ推理しよう。",
        "solved-over": "イベント{n}で事件は解決済み：{cards}。ゲームは終わりです。",
        "solved-now-clue": "事件は解けた：{cards}。今すぐ告発しよう。",
        "solved-now-out": "事件は解けた：{cards}。{p}はイベント{n}の告発がはずれたので、もう告発できません。",
        "over-accused": "ゲームは終わりです：イベント{n}で{by}が{cards}と告発し、正解でした。",
        "over-all-public": "ゲームは終わりです：イベント{n}で全員の証拠が公開されたので、全員の負けです。",
        "over-all-public-setup": "ゲームは終わりです：準備の時点で全員の証拠が公開されているので、全員の負けです。",
        "over-all-out": "ゲームは終わりです：全員の告発がはずれた（最後はイベント{n}）ので、勝者はいません。",
        "more": "…（ほか{n}件、--json で全件）",
        "certain": "確定していること",
        "nothing-certain": "（記録に書かれたこと以外はまだない）",
        "fact": "事実：{fact}",
        "certain-status": "確定",
        "impossible-status": "ありえない — 記録が否定している",
        "impossible-rules-status": "ありえない — ルールが否定している",
        "rule-with-text": "{name}（{text}）",
        "rule-sep": "。",
        "open-status": "未確定（確率 {p}）",
        "proof-size": "極小の証明：記録の{n}行（どれか1つを外すと証明できない）：",
        "proof-size-1": "極小の証明：記録の1行（これを外すと証明できない）：",
        "rules-used": "使ったルール：",
        "steps": "証明：",
        "therefore": "よって：{fact}。",
        "combined": "（他の行と組み合わせて使う）",
        "counterexample": "成り立たない、矛盾のない配り方：",
        "world-case": "事件ファイル：{cards}",
        "world-place": "{card}は{place}",
        "why-impossible": "ありえない理由：",
        "line": "{n}行目",
        "hint-none": "この記録からこれ以上は推理できません（`suiri advise` を試してください）。",
        "hint-obvious": "すぐわかること（{n}件、それぞれ記録の1行から）：",
        "hint-level1": "{where}を見てください。",
        "hint-level1-obvious": "一つずつのイベントを見てください：{where}。",
        "hint-setup": "準備（自分の手札・公開証拠）と、すでに知っていること",
        "hint-level2": "使うルール：{rules}。",
        "hint-level2-none": "特別なルールは不要：カードは1か所にしかない。",
        "hint-level3": "組み合わせる観察：",
        "hint-level4": "推理：",
        "hint-premise": "すでに知っている：{fact}",
        "events": "イベント{list}",
        "events-many": "イベント{list}",
        "advise-head": "{p}への助言：真相の不確かさ {bits:.2f} ビット、ありうる真相 {n}通り",
        "advise-spectator": "観戦者は推理しません：助言には視点の人物が必要です。",
        "advise-deduce-now": "今すぐ推理：{cards} は確定です。",
        "advise-suggest": "{rank}. {cards} を名指し：真相について {bits:.2f} ビット、真相なので誰も挙げない確率 {p_truth}",
        "advise-outcome": "     {p} {what}",
        "advise-nobody": "誰も手を挙げない",
        "advise-shows": "{who}が{card}を見せる",
        "advise-raises": "{who}が手を挙げる",
        "advise-then": " → 残る真相 {n}通り、最有力 {best}（{p_best}）",
        "advise-assumption-fake": "（見せるカードは該当カードから等確率と仮定、偽の証拠のはったりは除外）",
        "advise-assumption": "（見せるカードは該当カードから等確率と仮定）",
        "advise-screened": "（候補を絞って評価：全組み合わせは評価していません。上のビット数は正確ですが、評価しなかった組み合わせの方が多くを得られる可能性があります）",
        "advise-suggest-clue": "{rank}. {cards} を推理：真相について {bits:.2f} ビット、これが真相である確率 {p_truth}",
        "advise-nobody-clue": "誰も否定しない",
        "advise-shows-clue": "{who}が{card}を見せて否定する",
        "advise-assumption-clue": "（時計回りで最初に名指しカードを持つ人が否定し、見せるカードはその該当カードから等確率と仮定）",
        "advise-assumption-clue-fake": "（時計回りで最初に名指しカードを持つ人が否定し、見せるカードはその該当カードから等確率と仮定、偽の証拠のはったりは除外）",
        "advise-accuse-now": "今すぐ告発：{cards} は確定です。",
        "advise-accuse-not-yet": "まだ告発しない：最有力の真相 {cards} が正しい確率は {p}（{exact}）。はずれると脱落します。",
        "advise-out": "{p}はイベント{n}の告発がはずれて脱落：推理も告発もできません（否定はします）。",
    },
}

# Classic Clue's own words where Memory Detective's would mislead: a suggestion is refuted
# (or nobody refutes), nobody raises a hand; the game's name is Clue.  The other sentences are shared.
CLUE_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "shown": "{ev}: {p} refuted {viewer}'s suggestion with {card}",
        "bluff": "{ev}: {p} refuted {by}'s suggestion of {cards} with the fake (a bluff)",
        "solved": "{ev}: nobody refuted {cards} and the case file matched",
        "wrong": "{ev}: nobody refuted {cards}, declared wrong",
        "short-shown": "e{n} {p} refuted with {card}",
        "short-bluff": "e{n} {p} refuted {cards} with the fake",
        "rule:show-named": "the refuter shows the suggester one of the named cards it holds",
        "rule:bluff": "who refutes with the fake held none of the named cards (D7)",
        "rule:solved": "nobody refuted and the case file held the named triple",
        "rule:wrong": "a suggestion nobody refuted, declared wrong: the named triple is not the truth (D4)",
        "rule-name:show-named": "the refuting card",
        "why-bluff": "who refutes with the fake holds none of the named cards",
        "game": "Clue",
    },
    "ja": {
        "shown": "{ev}：{viewer}の推理を{p}が{card}を見せて否定した",
        "bluff": "{ev}：{by}の推理（{cards}）を{p}が偽の証拠で否定した",
        "solved": "{ev}：{cards}を誰も否定せず、事件ファイルと一致した",
        "wrong": "{ev}：{cards}を誰も否定しなかったが、はずれだった",
        "short-shown": "e{n} {p}が{card}で否定",
        "short-bluff": "e{n} {p}偽証で否定 {cards}",
        "rule:show-named": "否定した人は、持っている名指しカードを1枚、推理した人に見せる",
        "rule:bluff": "偽の証拠で否定した人は名指しカードを1枚も持っていなかった（D7）",
        "rule:solved": "誰も否定せず、事件ファイルが名指しの3枚と一致した",
        "rule:wrong": "誰も否定しなかったがはずれ：その3枚の組は真相ではない（D4）",
        "rule-name:show-named": "否定のカード",
        "why-bluff": "偽の証拠で否定した人は宣言された証拠カードを1枚も持っていない",
        "game": "クルー",
    },
}


class Text:
    def __init__(self, lang: str, deck: Deck, clue: bool = False) -> None:
        self.lang = lang
        self.deck = deck
        self.m = {**CATALOGUE[lang], **(CLUE_WORDS[lang] if clue else {})}

    def __call__(self, key: str, **kw: object) -> str:
        """The sentence ``key``; its singular form ``key-1`` when its count ``n`` is 1."""
        if kw.get("n") == 1 and f"{key}-1" in self.m:
            key = f"{key}-1"
        return self.m[key].format(**kw)

    def card(self, card: Card | str) -> str:
        if isinstance(card, str):
            card = self.deck.parse(card, None, fake=True)
        return card.ja if self.lang == "ja" else card.id

    def cards(self, cards: Iterable[Card]) -> str:
        return self.m["list-sep"].join(self.card(c) for c in cards)

    def category(self, cat: Category) -> str:
        return cat.ja if self.lang == "ja" else cat.value

    def place(self, place: str) -> str:
        if place == CASE:
            return self.m["place-case"]
        if place == PUBLIC:
            return self.m["place-public"]
        return self("place-player", p=place)

    def holder(self, place: str) -> str:
        """A column heading of the notebook."""
        return {CASE: "事件" if self.lang == "ja" else "case", PUBLIC: "公開" if self.lang == "ja" else "public"}.get(
            place, place)

    def fact(self, fact: Fact) -> str:
        kind, _, arg = fact.subject.partition(":")
        sign = "=" if fact.holds else "!="
        if kind == "holder":
            return self(f"holder{sign}", card=self.card(arg), place=self.place(fact.value))
        cat = next(c for c in CATEGORIES if c.value == arg)
        return self(f"case{sign}", cat=self.category(cat), card=self.card(fact.value))

    def observation(self, o: Observation, viewer: str | None, by: str | None) -> str:
        ev = self("event", n=o.event)
        if isinstance(o, OwnHand):
            return self("own-hand", p=o.player, cards=self.cards(o.cards))
        if isinstance(o, PublicSetup):
            return self("public-setup", cards=self.cards(o.cards))
        if isinstance(o, Holds):
            return self(o.how, ev=ev, p=o.player, card=self.card(o.card), viewer=viewer or "?")
        if isinstance(o, HoldsOneOf | HoldsNone):
            return self(o.how, ev=ev, p=o.player, by=by or "?", cards=self.cards(o.cards))
        assert isinstance(o, CaseIs | CaseIsNot)
        return self(self._case_key(o), ev=ev, by=by or "?", cards=self.cards(o.cards))

    @staticmethod
    def _case_key(o: CaseIs | CaseIsNot) -> str:
        """A no-raise outcome (solved / wrong) or a Clue accusation (right / wrong)."""
        if o.rule == ACCUSATION:
            return "accuse-right" if isinstance(o, CaseIs) else "accuse-wrong"
        return "solved" if isinstance(o, CaseIs) else "wrong"

    def short(self, o: Observation, by: str | None = None) -> str:
        if isinstance(o, OwnHand):
            return self("short-own-hand")
        if isinstance(o, PublicSetup):
            return self("short-public")
        if isinstance(o, Holds):
            return self(f"short-{o.how}", n=o.event, p=o.player, card=self.card(o.card))
        if isinstance(o, HoldsOneOf | HoldsNone):
            return self(f"short-{o.how}", n=o.event, p=o.player, cards=self.cards(o.cards))
        assert isinstance(o, CaseIs | CaseIsNot)
        return self("short-" + self._case_key(o), n=o.event, by=by or "?", cards=self.cards(o.cards))

    def end(self, end: GameEnd, named: Iterable[Card]) -> str:
        """Why the game is over; ``named``: the solving triple (solved, accused)."""
        if end.reason == "solved":
            return self("solved-over", n=end.event, cards=self.cards(named))
        if end.reason == "accused":
            return self("over-accused", n=end.event, by=end.by, cards=self.cards(named))
        if end.reason == "all-public" and end.event is None:
            return self("over-all-public-setup")
        return self(f"over-{end.reason}", n=end.event)

    def rule(self, rule: str) -> str:
        return self.m[f"rule:{rule}"]

    def rule_name(self, rule: str) -> str:
        return self.m[f"rule-name:{rule}"]
