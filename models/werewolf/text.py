"""Every Werewolf Never Sleeps sentence, in English and Japanese, from one catalogue:
card names, places, facts, record lines, rules, and the screens the CLI prints.

Code asks ``Text(lang)`` for a sentence by meaning (``fact``, ``observation``,
``rule``, or a screen key); differences of form between the languages (articles,
how a list or a clause is joined) are kept here, not in the callers.  The Japanese
follows the rulebook's terms (村人, 霊媒師, 狂人, 騎士, 失われた遺産：人狼, 占い師, 投票,
就寝, 人狼の襲撃, 遺跡, 山札, 手札, 捨て札, 探索, 脱落).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from suiri.solver.facts import Fact
from suiri.solver.stepwise import GROUP_WORDS

from .cards import BY_ID, NOBODY, SLEEP, STANDARD, VOTE, Kind, hunted_kind
from .record import NONE, Turn, WerewolfRecord, place_str

if TYPE_CHECKING:  # pragma: no cover
    from .replay import Call, Move, Replay


CATALOGUE: dict[str, dict[str, str]] = {
    "en": {
        # -- places --
        "place-hand": "{p}'s hand",
        "place-discard": "{p}'s discard",
        "place-pile": "card {i} of {p}'s discard",
        "place-ruins": "the ruins",
        "place-deck": "the deck",
        "at-hand": "{p}'s hand card",
        "at-pile": "card {i} of {p}'s discard",
        "at-ruins": "the card in the ruins",
        "at-dealt": "the card {p} was dealt",
        "at-drew": "the card drawn at turn {n}",
        "at-drew-by": "the card {p} drew at turn {n}",
        "at-after": "{p}'s hand card after turn {n}",
        "nobody": "nobody",
        # -- facts --
        "lost-legacy=": "the Lost Legacy is in {place}",
        "lost-legacy!=": "the Lost Legacy is not in {place}",
        "werewolf=": "{p} is the Werewolf",
        "werewolf!=": "{p} is not the Werewolf",
        "werewolf=nobody": "nobody is the Werewolf (the Lost Legacy is in the ruins or the deck)",
        "werewolf!=nobody": "somebody is the Werewolf (the Lost Legacy is in a hand or a discard)",
        "madman=": "{p} holds the Madman",
        "madman!=": "{p} does not hold the Madman",
        "madman=nobody": "nobody holds the Madman",
        "madman!=nobody": "somebody holds the Madman",
        "card=": "{at} is {card}",
        "card!=": "{at} is not {card}",
        "list-sep": ", ",
        "fact-sep": "; ",
        "and": " and ",
        # -- record lines --
        "turn": "turn {n}",
        "clause-sep": "; ",
        "own-hand": "{p} was dealt {card}",
        "played": "{ev}: {p} played {card}",
        "drew-played": "{ev}: {p} drew {drew} and played {card}",
        "drew-pending": "{ev} (in progress): {p} drew {card}",
        "seer": "looked at {q}'s hand",
        "seer-saw": "saw {card} in {q}'s hand",
        "peek": "looked at card {i} of {q}'s discard",
        "peek-saw": "card {i} of {q}'s discard was {card}",
        "flip": "turned {q}'s face-up {card} face-down (card {i} of its discard)",
        "put-villager": "put the Villager itself face-down into {q}'s discard (card {i})",
        "put-other": "put its other card face-down into {q}'s discard (card {i})",
        "put-unknown": "put one of its two cards, mixed, face-down into {q}'s discard (card {i})",
        "put-card": "put {card} face-down into {q}'s discard (card {i})",
        "votes": "votes {votes}",
        "vote-arrow": "{voter}→{target}",
        "out-none": "nobody was eliminated",
        "out": "{q} was eliminated and showed its hand card, {card}",
        "out-downs": "{q} was eliminated and showed its hand card, {card}, and its face-down discards: {cards}",
        "hunt-none": "nobody unprotected held {card}: nobody was eliminated",
        "attack-put": "the Attack went face-down into {q}'s discard (card {i})",
        "facedown": "then face-down as card {i} of {q}'s discard",
        "swapped": "{v}, the Werewolf, swapped: it took {card} from its discard into its hand",
        "swapped-unseen": "{v}, the Werewolf, swapped a face-down card of its discard with its hand",
        "not-swapped": "{v}, the Werewolf, did not swap",
        "swapped-at": "{v}, the Werewolf, swapped: it took {card} (card {i} of its discard) into its hand",
        "call": "call {n}",
        "call-nobody": "{ev}: nobody raised a hand",
        "call-searched": "{ev}: {p} alone raised a hand, searched {place} and found {card}",
        "call-madman": "{ev}: {p} alone raised a hand and showed the Madman (it cannot search)",
        "call-shared": "{ev}: {names} raised hands together; none of them searches",
        "medium-no-effect": "no other living player's discard held a card: no effect (W16)",
        # -- short forms (hint level 4) --
        "short-hand": "dealt {card}",
        "short-turn": "t{n} {p} {card}",
        "short-extras": " ({extras})",
        "short-sep": "; ",
        "short-drew": "drew {card}",
        "short-pending": "t{n} drew {card}",
        "short-target": "→{q}",
        "short-saw": "saw {card}",
        "short-peek": "{q}:{i}",
        "short-flip": "flipped {q}'s {card}",
        "short-put": "into {q}:{i} ({what})",
        "short-put-villager": "Villager",
        "short-put-other": "other",
        "short-put-unknown": "mixed",
        "short-out": "{q} out: {cards}",
        "short-out-none": "nobody out",
        "short-swap": "{v} swapped for {card}",
        "short-swap-unseen": "{v} swapped",
        "short-no-swap": "{v} did not swap",
        "short-call-searched": "c{n} {p} found {card} ({place})",
        "short-call-nobody": "c{n} nobody",
        "short-call-madman": "c{n} {p} showed the Madman",
        "short-call-shared": "c{n} {names} together",
        "short-no-effect": "no effect",
        # -- rules --
        "rule:deck": "the 16 cards: two Seers, three Votes, three Sleeps and one of every other card",
        "rule:must-play": "an Attack in hand after the draw must be played; the Lost Legacy is never played (W5)",
        "rule:play": "the card played is one of the two in hand: the card kept from before or the card drawn",
        "rule:lost-legacy-stays": "the Lost Legacy never goes into another player's discard",
        "rule:attack": "an Attack eliminates the living holder of its search order unless a face-up Knight "
                       "protects it; eliminating nobody, it shows that no unprotected player holds it (W4, W10)",
        "rule:elimination": "an eliminated player's hand card and face-down discards turn face-up",
        "rule:search-call": "the search orders are called from 1 up, and at each call exactly the living players "
                            "whose hand card has that order raise a hand; a lone raiser searches, the Madman holder "
                            "shows the Madman instead, several raisers do not search (W15)",
        "rule:seen": "a card one was dealt, drew, looked at or turned up in a search is the card that lies there",
        "rule-name:deck": "the deck",
        "rule-name:must-play": "must-play",
        "rule-name:play": "playing from the hand",
        "rule-name:lost-legacy-stays": "the Lost Legacy stays home",
        "rule-name:attack": "the Werewolf Attack",
        "rule-name:elimination": "elimination",
        "rule-name:search-call": "search calls",
        "rule-name:seen": "what was seen",
        # -- screens of the CLI views --
        "title": "Werewolf Never Sleeps — {file}",
        "n-turns": "{n} turns",
        "n-turns-1": "1 turn",
        "n-calls": "{n} search calls",
        "n-calls-1": "1 search call",
        "seat": "{lines}, seen by {viewer}",
        "seat-spectator": "{lines}, seen by a spectator",
        "phase-play": "Phase: play — {n} cards left in the deck; next: {p}",
        "phase-play-1": "Phase: play — 1 card left in the deck; next: {p}",
        "phase-pending": "Phase: play — {p} has drawn {card} and not played yet; {n} cards left in the deck",
        "phase-pending-1": "Phase: play — {p} has drawn {card} and not played yet; 1 card left in the deck",
        "phase-search": "Phase: search — the deck is empty; orders called: {called}; next call: {next}",
        "phase-search-first": "Phase: search — the deck is empty; no order called yet; next call: 1",
        "orders-range": "{a}–{b}",
        "phase-over": "Phase: over — {reason}. {winners}",
        "players": "Players left: {living}",
        "players-out": "Players left: {living} (out: {out})",
        "histories": "consistent histories: {n}",
        "ll-head": "The Lost Legacy: where it is now (✓ certain, ✗ ruled out, % probability)",
        "wolf-head": "The Werewolf (the Lost Legacy in hand or discard)",
        "wolf-nobody": "nobody (ruins or deck)",
        "madman-search": "The Madman at the search phase (who holds the Madman in hand)",
        "madman-now": "Who holds the Madman now",
        "madman-nobody": "nobody (not in a hand)",
        "cards-head": "Hidden cards in view: what each can be (most likely first)",
        "piles-head": "The table (▲ face-up; ▼ face-down: what it can be, most likely first)",
        "piles-hand": "hand",
        "piles-drawn": " (drawn)",
        "piles-out": "out",
        "piles-discard": "discard",
        "piles-ruins": "ruins",
        "piles-deck": "deck: {n}",
        "certain": "Certain",
        "nothing-certain": "(nothing beyond the record itself)",
        "fact": "Fact: {fact}",
        "certain-status": "certain",
        "impossible-status": "impossible — the record rules it out",
        "impossible-rules-status": "impossible — the rules rule it out",
        "open-status": "not certain (probability {p})",
        "rule-with-text": "{name} ({text})",
        "rule-sep": "; ",
        "proof-size": "Minimal proof: {n} record lines; dropping any one leaves it unproven:",
        "proof-size-1": "Minimal proof: 1 record line; without it the fact is unproven:",
        "rules-alone": "It follows from the rules alone, no record line needed:",
        "rules-used": "Rules used:",
        "steps": "Proof:",
        "therefore": "Therefore: {fact}.",
        "combined": "(used together with the other lines)",
        "counterexample": "A consistent history where it fails:",
        "why-impossible": "Why it is impossible:",
        "world-hands": "hands: {hands}",
        "world-hand": "{p} {card}",
        "line": "line {n}",
        "line-ref": " (line {n})",
        "rule-line": "{name}: {text}",
        "hint-none": "Nothing more can be deduced from this record.",
        "hint-obvious": "The obvious ones ({n} facts, one record line each):",
        "hint-obvious-1": "The obvious one (1 fact, from one record line):",
        "hint-level1": "Look at {where}.",
        "hint-level1-obvious": "Look at single lines: {where}.",
        "hint-setup": "your dealt card and what you already know",
        "hint-level2": "Rule to apply: {rules}.",
        "hint-level2-none": "No special rule: every card is in one place.",
        "hint-level3": "Observations to combine:",
        "hint-level4": "Deduction:",
        "hint-premise": "you already know: {fact}",
        "turns-1": "turn {list}",
        "turns-many": "turns {list}",
        "calls-1": "call {list}",
        "calls-many": "calls {list}",
        "where-and": " and ",
        "hand-line": "your dealt card",
        "adv-head": "Advice for {p} ({role}).  Who is the Werewolf: {wolf}",
        "role-villager": "a villager",
        "role-werewolf": "the Werewolf",
        "role-madman": "holding the Madman",
        "adv-over": "The game is over for you: {reason}.",
        "adv-eliminated": "{p} was eliminated",
        "adv-wait": "It is {p}'s turn first; this is advice for your next turn.",
        "adv-draw": "Draw first, then ask again with --drew CARD (or write the turn in progress) for "
                    "advice on both cards.  The next card: {draws}.",
        "adv-calls": "Search phase — calls so far: {calls}",
        "adv-calls-none": "Search phase — no order called yet",
        "adv-call-nobody": "{orders} nobody raised",
        "adv-call-searched": "{n} {p} searched {place} and found {card}",
        "adv-call-madman": "{n} {p} showed the Madman",
        "adv-call-shared": "{n} {names} raised together",
        "adv-status-waiting": "Your call is {n} ({card}); {before}, and a lone raiser at each searches before you.",
        "adv-before-1": "call {orders} comes first",
        "adv-before-many": "calls {orders} come first",
        "adv-status-now": "Your call is next: {n} ({card}). If nobody raises with you, you search.",
        "adv-status-now-alone": "Your call is next: {n} ({card}). Nobody else can hold that order: you search.",
        "adv-shares": "The chance another player also holds {card} and raises with you (then none of you "
                      "searches): {p}.",
        "adv-status-madman": "You hold the Madman: at call 3 you show it and cannot search; you win if the Werewolf "
                             "finds the Lost Legacy.",
        "adv-status-madman-shown": "You showed the Madman at call 3: you cannot search; you win if the Werewolf "
                                   "finds the Lost Legacy.",
        "adv-status-cannot-search": "Your card has no search order (×): you never raise a hand and cannot search.",
        "adv-status-searched": "You searched at your call already.",
        "adv-status-shared": "You raised together with {names} at call {n}: none of you searches.",
        "adv-status-unknown": "",
        "adv-werewolf-search": "You are the Werewolf: search the Lost Legacy where you know it is.",
        "adv-search": "Where the Lost Legacy may be, given the calls so far:",
        "adv-search-row": "  {p:>7}  {place}",
        "adv-search-rest": "  (ruled out: {places})",
        "adv-option": "{rank}. play {card}{target}, keep {keep}",
        "adv-target-seer": " on {p}",
        "adv-target-peek": ": look at {place}",
        "adv-target-flip": ": turn {p}'s {card} face-down",
        "adv-target-villager": ": put {card} face-down into {p}'s discard",
        "adv-target-attack": ", then put it into {p}'s discard",
        "adv-target-vote": ": point at {p}",
        "adv-sees": "     you may see: {cards}; about the Werewolf: {bits:.2f} bits",
        "adv-hits": "     eliminates: {who}",
        "adv-attack-ends": "     after the Attack: {result}.",
        "adv-result-win": "you win",
        "adv-result-lose": "you lose",
        "adv-result-on": "the game goes on",
        "adv-result-win-lose": "you win ({win}), else you lose ({lose})",
        "adv-result-win-on": "you win ({win}), else the game goes on",
        "adv-result-lose-on": "you lose ({lose}), else the game goes on",
        "adv-result-win-lose-on": "you win ({win}), lose ({lose}), else the game goes on",
        "adv-outcome": "     {text}.",
        "adv-out": "{p} is out",
        "adv-out-you": "you are out",
        "adv-out-then": "{out}, and {result}",
        "adv-out-nobody": "nobody is out, however the others point",
        "adv-out-open": "who is out depends on how the others point: {outs}",
        "adv-you-word": "you",
        "adv-nobody-out": "nobody",
        "adv-or-last": " or ",
        "adv-hand-unknown": "The record does not say which card {p} holds (a Sleep swap without the card taken?): "
                            "write it, e.g. `ben sleep swap vote`, for advice on both cards.",
        "adv-table": "     the table's chance you are the Werewolf: {before} now, {after} after",
        "adv-table-now": "     the table's chance you are the Werewolf now: {before}",
        "adv-exposure": "     face-down cards (votes) against you after it: {n}{knight}",
        "adv-knight": "; a face-up Knight protects you",
        "adv-vote-tally": "     votes before pointing (face-down cards): {tally}",
        "adv-vote-chance": "     the chance {p} is the Werewolf: {chance}",
        "adv-vote-table": "     the table's chance each is the Werewolf (before your play): {chances}",
        "adv-you": "{p} (you)",
        "or": " or ",
        "note-knight-protects": "     the Knight face-up in your discard keeps you from being eliminated",
        "note-madman-gone": "     playing the Madman means you will not be the Madman at the search phase",
        "note-keep-lost-legacy": "     you keep the Lost Legacy (it can never be played)",
        "note-flip-knight": "     a face-down Knight no longer protects its owner",
        "note-sleep-swap": "     in the Sleep you may swap your hand with a face-down card of your discard",
        "note-sleep-setup": "     face-down in your own discard, the Attack is a card you may swap with your hand card "
                            "in a later Sleep",
        "note-medium-no-effect": "     no other player's discard holds a card the Medium could take: it has no effect (W16)",
        "adv-none": "No legal play.",
        "adv-nobody": "nobody",
        # -- step-wise explanations: one sentence per step (steps.WerewolfSteps.sentence) --
        "step": "{premises}, so {fact}",
        "step-why": "{premises}; {why}, so {fact}",
        "step-count": "{count}; {premises}, so {fact}",
        "step-count-why": "{count}; {premises}; {why}, so {fact}",
        "step-sep": "; ",
        "why-again": "{name}, as above",
        "any-attack": "a Werewolf Attack",
        **GROUP_WORDS["en"],
        "group-reasons": "by the {n} rules below",
        "either-sep": ", ",
        "either-last": " or ",
        "all-sep": ", ",
        "all-last": " and ",
        "names-sep": ", ",
        "names-last": " and ",
        "card!=many": "{at} is not {cards}",
        "lost-legacy!=many": "the Lost Legacy is not in {places}",
        "werewolf!=many": "{names} are not the Werewolf",
        "madman!=many": "{names} do not hold the Madman",
        "count-exists": "{counts} exists",
        "count-exist": "{counts} exist",
        "count-all": "counting all {n} cards",
        "count-all-1": "counting the {n} card",
        "count-item": "one is {at}",
        "copies": "{num} {card}",
        "copies-many": "{num} {card}s",
        "num-1": "one",
        "num-2": "two",
        "num-3": "three",
        "why:play": "a card played is one of the two in its player's hand",
        "why:must-play": "an Attack in hand must be played (W5)",
        "why:attack": "an Attack eliminates the unprotected living holder of its search order (W4)",
        "why:elimination": "an eliminated player's hand card and face-down discards turn face-up",
        "why:search-call": "at each call exactly the living holders of that search order raise a hand (W15)",
        "why:lost-legacy-stays": "the Lost Legacy never goes into another player's discard",
        "why:sleep": "in a Sleep only the Werewolf may swap its hand card with a face-down card of its own discard",
        "why:werewolf": "the Werewolf is the player with the Lost Legacy in its hand or discard",
        "why:one-kind": "each card is of exactly one kind",
    },
    "ja": {
        "place-hand": "{p}の手札",
        "place-discard": "{p}の捨て札",
        "place-pile": "{p}の捨て札{i}枚目",
        "place-ruins": "遺跡",
        "place-deck": "山札",
        "at-hand": "{p}の手札",
        "at-pile": "{p}の捨て札{i}枚目",
        "at-ruins": "遺跡のカード",
        "at-dealt": "{p}に配られたカード",
        "at-drew": "ターン{n}で引かれたカード",
        "at-drew-by": "ターン{n}で{p}が引いたカード",
        "at-after": "ターン{n}の後の{p}の手札",
        "nobody": "なし",
        "lost-legacy=": "失われた遺産：人狼は{place}にある",
        "lost-legacy!=": "失われた遺産：人狼は{place}にはない",
        "werewolf=": "人狼プレイヤーは{p}",
        "werewolf!=": "{p}は人狼プレイヤーではない",
        "werewolf=nobody": "人狼プレイヤーはいない（失われた遺産：人狼は遺跡か山札にある）",
        "werewolf!=nobody": "人狼プレイヤーはいる（失われた遺産：人狼は誰かの手札か捨て札にある）",
        "madman=": "{p}の手札は狂人",
        "madman!=": "{p}の手札は狂人ではない",
        "madman=nobody": "狂人は誰の手札にもない",
        "madman!=nobody": "狂人は誰かの手札にある",
        "card=": "{at}は{card}",
        "card!=": "{at}は{card}ではない",
        "list-sep": "、",
        "fact-sep": "。",
        "and": "・",
        "turn": "ターン{n}",
        "clause-sep": "。",
        "own-hand": "{p}に配られた手札：{card}",
        "played": "{ev}：{p}が{card}を出した",
        "drew-played": "{ev}：{p}が{drew}を引き、{card}を出した",
        "drew-pending": "{ev}（進行中）：{p}が{card}を引いた",
        "seer": "{q}の手札を見た",
        "seer-saw": "{q}の手札は{card}だった",
        "peek": "{q}の捨て札{i}枚目を見た",
        "peek-saw": "{q}の捨て札{i}枚目は{card}だった",
        "flip": "{q}のオモテ向きの{card}（捨て札{i}枚目）をウラ向きにした",
        "put-villager": "村人そのものを{q}の捨て札にウラ向きで置いた（{i}枚目）",
        "put-other": "もう1枚のカードを{q}の捨て札にウラ向きで置いた（{i}枚目）",
        "put-unknown": "2枚を混ぜ、どちらかを{q}の捨て札にウラ向きで置いた（{i}枚目）",
        "put-card": "{card}を{q}の捨て札にウラ向きで置いた（{i}枚目）",
        "votes": "投票は{votes}",
        "vote-arrow": "{voter}→{target}",
        "out-none": "脱落者なし",
        "out": "{q}が脱落した：手札は{card}",
        "out-downs": "{q}が脱落した：手札は{card}、ウラ向きの捨て札は{cards}",
        "hunt-none": "{card}を持つ守られていない人はおらず、脱落者なし",
        "attack-put": "人狼の襲撃は{q}の捨て札にウラ向きで置かれた（{i}枚目）",
        "facedown": "その後{q}の捨て札{i}枚目としてウラ向きになった",
        "swapped": "人狼プレイヤーの{v}が入れ替えた：捨て札の{card}を手札に取った",
        "swapped-unseen": "人狼プレイヤーの{v}がウラ向きの捨て札1枚を手札と入れ替えた",
        "not-swapped": "人狼プレイヤーの{v}は入れ替えなかった",
        "swapped-at": "人狼プレイヤーの{v}が入れ替えた：捨て札{i}枚目の{card}を手札に取った",
        "call": "探索順{n}の掛け声",
        "call-nobody": "{ev}：誰も名乗りを上げなかった",
        "call-searched": "{ev}：{p}だけが名乗りを上げ、{place}を探索し、{card}が出た",
        "call-madman": "{ev}：{p}だけが名乗りを上げ、狂人を公開した（探索はできない）",
        "call-shared": "{ev}：{names}が同時に名乗りを上げた。誰も探索しない",
        "medium-no-effect": "他の生存者の捨て札にカードがなく、効果なし（W16）",
        "short-hand": "配られた{card}",
        "short-turn": "t{n} {p} {card}",
        "short-extras": "（{extras}）",
        "short-sep": "。",
        "short-drew": "{card}を引いた",
        "short-pending": "t{n} {card}を引いた",
        "short-target": "→{q}",
        "short-saw": "{card}を見た",
        "short-peek": "{q}の{i}枚目",
        "short-flip": "{q}の{card}をウラ向きに",
        "short-put": "{q}の{i}枚目へ（{what}）",
        "short-put-villager": "村人",
        "short-put-other": "もう1枚",
        "short-put-unknown": "混ぜた",
        "short-out": "{q}脱落：{cards}",
        "short-out-none": "脱落なし",
        "short-swap": "{v}が{card}と入れ替え",
        "short-swap-unseen": "{v}が入れ替え",
        "short-no-swap": "{v}は入れ替えなし",
        "short-call-searched": "c{n} {p}の探索：{place}は{card}",
        "short-call-nobody": "c{n} 名乗りなし",
        "short-call-madman": "c{n} {p}が狂人を公開",
        "short-call-shared": "c{n} {names}が同時に名乗り",
        "short-no-effect": "効果なし",
        "rule:deck": "カードは16枚：占い師2枚、投票3枚、就寝3枚、ほかは1枚ずつ",
        "rule:must-play": "引いた後に人狼の襲撃を持っていたら出さなければならない。失われた遺産：人狼は出せない（W5）",
        "rule:play": "出したカードは手札の2枚のどちらか：前から持っていたカードか、引いたカード",
        "rule:lost-legacy-stays": "失われた遺産：人狼は他のプレイヤーの捨て札には置けない",
        "rule:attack": "人狼の襲撃は、その探索順のカードを持つ生存者を脱落させる（オモテ向きの騎士があれば守られる）。"
                       "脱落者がなければ、守られていない人は誰もそのカードを持っていない（W4・W10）",
        "rule:elimination": "脱落した人の手札とウラ向きの捨て札はすべてオモテ向きになる",
        "rule:search-call": "探索順を1から順に呼び、呼ばれた探索順のカードを手札に持つ生存者だけが名乗りを上げる。"
                            "1人だけなら探索する。狂人を持つ人は狂人を公開し、探索しない。複数なら誰も探索しない（W15）",
        "rule:seen": "配られた・引いた・見た・探索で出たカードは、まさにそこにあるカード",
        "rule-name:deck": "山札の構成",
        "rule-name:must-play": "出す義務",
        "rule-name:play": "手札から出す",
        "rule-name:lost-legacy-stays": "失われた遺産：人狼の置き場所",
        "rule-name:attack": "人狼の襲撃",
        "rule-name:elimination": "脱落",
        "rule-name:search-call": "探索順の掛け声",
        "rule-name:seen": "見たもの",
        "title": "人狼は眠らない — {file}",
        "n-turns": "{n}ターン",
        "n-calls": "探索順の掛け声{n}回",
        "seat": "{lines}、{viewer}の視点",
        "seat-spectator": "{lines}、観戦者の視点",
        "phase-play": "段階：プレイ中 — 山札残り{n}枚、次は{p}の手番",
        "phase-pending": "段階：プレイ中 — {p}が{card}を引いて、まだ出していない（山札残り{n}枚）",
        "phase-search": "段階：探索フェイズ — 山札は空、掛け声済みの探索順：{called}、次は探索順{next}",
        "phase-search-first": "段階：探索フェイズ — 山札は空、まだ掛け声なし、次は探索順1",
        "orders-range": "{a}〜{b}",
        "phase-over": "段階：終了 — {reason}。{winners}",
        "players": "残っている人：{living}",
        "players-out": "残っている人：{living}（脱落：{out}）",
        "histories": "矛盾のない経過：{n}通り",
        "ll-head": "失われた遺産：人狼の現在の場所（✓ 確定、✗ ありえない、% 確率）",
        "wolf-head": "人狼プレイヤー（失われた遺産：人狼を手札か捨て札に持つ人）",
        "wolf-nobody": "なし（遺跡か山札）",
        "madman-search": "探索フェイズの狂人プレイヤー（狂人を手札に持つ人）",
        "madman-now": "いま狂人を手札に持っている人",
        "madman-nobody": "なし（手札にない）",
        "cards-head": "見えていないカード：それぞれの可能性（高い順）",
        "piles-head": "場のカード（▲ 表向き、▼ 裏向き：その可能性を高い順に）",
        "piles-hand": "手札",
        "piles-drawn": "（引いたカード）",
        "piles-out": "脱落",
        "piles-discard": "捨て札",
        "piles-ruins": "遺跡",
        "piles-deck": "山札：{n}枚",
        "certain": "確定していること",
        "nothing-certain": "（記録に書かれたこと以外はまだない）",
        "fact": "事実：{fact}",
        "certain-status": "確定",
        "impossible-status": "ありえない — 記録が否定している",
        "impossible-rules-status": "ありえない — ルールが否定している",
        "open-status": "未確定（確率 {p}）",
        "rule-with-text": "{name}（{text}）",
        "rule-sep": "。",
        "proof-size": "極小の証明：記録の{n}行（どれか1つを外すと証明できない）：",
        "proof-size-1": "極小の証明：記録の1行（これを外すと証明できない）：",
        "rules-alone": "記録を使わず、ルールだけから言える：",
        "rules-used": "使ったルール：",
        "steps": "証明：",
        "therefore": "よって：{fact}。",
        "combined": "（他の行と組み合わせて使う）",
        "counterexample": "成り立たない、矛盾のない経過：",
        "why-impossible": "ありえない理由：",
        "world-hands": "手札：{hands}",
        "world-hand": "{p} {card}",
        "line": "{n}行目",
        "line-ref": "（{n}行目）",
        "rule-line": "{name}：{text}",
        "hint-none": "この記録からこれ以上は推理できません。",
        "hint-obvious": "すぐわかること（{n}件、それぞれ記録の1行から）：",
        "hint-level1": "{where}を見てください。",
        "hint-level1-obvious": "一つずつの行を見てください：{where}。",
        "hint-setup": "配られた手札と、すでに知っていること",
        "hint-level2": "使うルール：{rules}。",
        "hint-level2-none": "特別なルールは不要：カードは1か所にしかない。",
        "hint-level3": "組み合わせる観察：",
        "hint-level4": "推理：",
        "hint-premise": "すでに知っている：{fact}",
        "turns-1": "ターン{list}",
        "turns-many": "ターン{list}",
        "calls-1": "探索順{list}の掛け声",
        "calls-many": "探索順{list}の掛け声",
        "where-and": "と",
        "hand-line": "配られた手札",
        "adv-head": "{p}への助言（{role}）。人狼は：{wolf}",
        "role-villager": "村人側",
        "role-werewolf": "人狼",
        "role-madman": "狂人を所持",
        "adv-over": "あなたのゲームは終わりました：{reason}。",
        "adv-eliminated": "{p}は脱落した",
        "adv-wait": "先に{p}のターンです。次のあなたのターンへの助言です。",
        "adv-draw": "先にドローし、--drew カード を付けて（または進行中のターンを書いて）もう一度聞くと、2枚の手札で助言します。"
                    "次のカード：{draws}。",
        "adv-calls": "探索フェイズ — これまでの掛け声：{calls}",
        "adv-calls-none": "探索フェイズ — まだ掛け声なし",
        "adv-call-nobody": "{orders}は名乗りなし",
        "adv-call-searched": "{n}で{p}が{place}を探索（{card}）",
        "adv-call-madman": "{n}で{p}が狂人を公開",
        "adv-call-shared": "{n}で{names}が同時に名乗りを上げた",
        "adv-status-waiting": "あなたの探索順は{n}（{card}）。先に{before}が呼ばれ、そこで1人だけ名乗りを上げた人は"
                              "あなたより先に探索します。",
        "adv-before-1": "探索順{orders}",
        "adv-before-many": "探索順{orders}",
        "adv-status-now": "次はあなたの探索順{n}（{card}）です。ほかに誰も名乗りを上げなければ、あなたが探索します。",
        "adv-status-now-alone": "次はあなたの探索順{n}（{card}）です。同じ探索順のカードはほかの誰も持てないので、"
                                "あなたが探索します。",
        "adv-shares": "ほかの人も{card}を持っていて同時に名乗りを上げる（そのときは誰も探索しない）確率：{p}。",
        "adv-status-madman": "狂人を持っているので、探索順3の掛け声で狂人を公開します。探索はできません。"
                             "人狼が失われた遺産：人狼を探索すればあなたも勝利です。",
        "adv-status-madman-shown": "探索順3の掛け声で狂人を公開しました。探索はできません。"
                                   "人狼が失われた遺産：人狼を探索すればあなたも勝利です。",
        "adv-status-cannot-search": "あなたのカードには探索順がない（×）ので、名乗りを上げず、探索もできません。",
        "adv-status-searched": "あなたはもう探索しました。",
        "adv-status-shared": "探索順{n}で{names}と同時に名乗りを上げたので、誰も探索しません。",
        "adv-status-unknown": "",
        "adv-werewolf-search": "あなたは人狼です。失われた遺産：人狼のある場所（あなたは知っています）を探索しましょう。",
        "adv-search": "これまでの掛け声からみた、失われた遺産：人狼がありうる場所：",
        "adv-search-row": "  {p:>7}  {place}",
        "adv-search-rest": "  （ありえない：{places}）",
        "adv-option": "{rank}. {card}をプレイ{target}、{keep}を残す",
        "adv-target-seer": "（{p}に）",
        "adv-target-peek": "：{place}を見る",
        "adv-target-flip": "：{p}の{card}をウラ向きにする",
        "adv-target-villager": "（{card}を{p}の捨て札にウラ向きで置く）",
        "adv-target-vote": "（{p}を指差す）",
        "adv-target-attack": "、その後{p}の捨て札に置く",
        "adv-sees": "     見える可能性：{cards}。人狼についての情報：{bits:.2f}ビット",
        "adv-hits": "     脱落：{who}",
        "adv-attack-ends": "     襲撃の結果：{result}。",
        "adv-result-win": "あなたの勝ちです",
        "adv-result-lose": "あなたの負けです",
        "adv-result-on": "ゲームは続きます",
        "adv-result-win-lose": "{win}の確率であなたの勝ち、{lose}の確率であなたの負けです",
        "adv-result-win-on": "{win}の確率であなたの勝ち、それ以外はゲームが続きます",
        "adv-result-lose-on": "{lose}の確率であなたの負け、それ以外はゲームが続きます",
        "adv-result-win-lose-on": "{win}の確率であなたの勝ち、{lose}の確率であなたの負け、それ以外はゲームが続きます",
        "adv-outcome": "     {text}。",
        "adv-out": "{p}が脱落し",
        "adv-out-you": "あなたが脱落し",
        "adv-out-then": "{out}、{result}",
        "adv-out-nobody": "ほかの人がどう指差しても、誰も脱落しません",
        "adv-out-open": "誰が脱落するかはほかの人の指差し次第です（{outs}）",
        "adv-you-word": "あなた",
        "adv-nobody-out": "誰も脱落しない",
        "adv-or-last": "、または",
        "adv-hand-unknown": "{p}の手札が記録からはわかりません（就寝で交換して取ったカードが書かれていない？）。"
                            "`ben sleep swap vote` のように書けば、2枚の手札で助言します。",
        "adv-table": "     卓から見てあなたが人狼である確率：今{before}、プレイ後{after}",
        "adv-table-now": "     卓から見てあなたが人狼である確率（今）：{before}",
        "adv-exposure": "     プレイ後のあなたの捨て札のウラ向きカード（票）：{n}{knight}",
        "adv-knight": "。オモテ向きの騎士があなたを守ります",
        "adv-vote-tally": "     指差し前の票（ウラ向きのカード）：{tally}",
        "adv-vote-chance": "     {p}が人狼である確率：{chance}",
        "adv-vote-table": "     卓から見た各人が人狼である確率（プレイ前）：{chances}",
        "adv-you": "{p}（あなた）",
        "or": "か",
        "note-knight-protects": "     捨て札のオモテ向きの騎士で脱落しなくなります",
        "note-madman-gone": "     狂人をプレイすると探索フェイズで狂人ではなくなります",
        "note-keep-lost-legacy": "     失われた遺産を残します（プレイできません）",
        "note-flip-knight": "     ウラ向きの騎士はもう持ち主を守りません",
        "note-sleep-swap": "     就寝の間に手札と自分の捨て札のウラ向きカードを交換できます",
        "note-sleep-setup": "     自分の捨て札にウラ向きで置けば、後の就寝でこの人狼の襲撃を手札と入れ替えられます",
        "note-medium-no-effect": "     霊媒師の対象になるカードが他の人の捨て札にないので、効果はありません（W16）",
        "adv-none": "プレイできるカードがありません。",
        "adv-nobody": "なし",
        "step": "{premises}。よって、{fact}",
        "step-why": "{premises}。{why}。よって、{fact}",
        "step-count": "{count}。{premises}。よって、{fact}",
        "step-count-why": "{count}。{premises}。{why}。よって、{fact}",
        "step-sep": "。",
        "why-again": "{name}（前述）",
        "any-attack": "人狼の襲撃",
        **GROUP_WORDS["ja"],
        "group-reasons": "下記の規則{n}点を当てはめる",
        "either-sep": "・",
        "either-last": "・",
        "all-sep": "、",
        "all-last": "、",
        "names-sep": "・",
        "names-last": "・",
        "card!=many": "{at}は{cards}のどれでもない",
        "lost-legacy!=many": "失われた遺産：人狼は{places}のどこにもない",
        "werewolf!=many": "{names}は人狼プレイヤーではない",
        "madman!=many": "{names}の手札は狂人ではない",
        "count-exists": "{counts}しかない",
        "count-exist": "{counts}しかない",
        "count-all": "全{n}枚のカードを数える",
        "count-item": "1枚は{at}",
        "copies": "{card}は{n}枚",
        "copies-many": "{card}は{n}枚",
        "num-1": "1",
        "num-2": "2",
        "num-3": "3",
        "why:play": "出したカードは手札の2枚のどちらか",
        "why:must-play": "人狼の襲撃を持っていたら出さなければならない（W5）",
        "why:attack": "人狼の襲撃は、その探索順のカードを持つ守られていない生存者を脱落させる（W4）",
        "why:elimination": "脱落した人の手札とウラ向きの捨て札はオモテ向きになる",
        "why:search-call": "掛け声では、その探索順のカードを手札に持つ生存者だけが名乗りを上げる（W15）",
        "why:lost-legacy-stays": "失われた遺産：人狼は他のプレイヤーの捨て札には置けない",
        "why:sleep": "就寝では、人狼プレイヤーだけが手札と自分の捨て札のウラ向きのカード1枚を入れ替えられる",
        "why:werewolf": "人狼プレイヤーは失われた遺産：人狼を手札か捨て札に持つ人",
        "why:one-kind": "カードはどれも1種類",
    },
}


class Text:
    """``record``, when given, names who drew a card at a turn ("the card dan drew at turn 8")."""

    def __init__(self, lang: str, record: WerewolfRecord | None = None) -> None:
        self.lang = lang
        self.m = CATALOGUE[lang]
        self.record = record

    def __call__(self, key: str, **kw: object) -> str:
        """The sentence ``key``; its singular form ``key-1`` when its count ``n`` is 1."""
        if kw.get("n") == 1 and f"{key}-1" in self.m:
            key = f"{key}-1"
        return self.m[key].format(**kw)

    def count(self, key: str, n: int) -> str:
        """``key`` with ``n``, in its singular form when there is one (``n-turns-1``)."""
        return self(key, n=n)

    # -- names -----------------------------------------------------------------------------
    def card(self, kind: Kind | str) -> str:
        """A card's bare name (tables, lists)."""
        if isinstance(kind, str):
            kind = BY_ID[kind]
        return kind.name(self.lang)

    def a(self, kind: Kind | str) -> str:
        """A card's name in a sentence: "a Seer", "the Knight" (Japanese has no articles)."""
        if isinstance(kind, str):
            kind = BY_ID[kind]
        if self.lang == "ja":
            return kind.ja
        return ("a " if STANDARD[kind.index] > 1 else "the ") + kind.en

    def cards(self, kinds: Iterable[Kind | str]) -> str:
        return self.m["list-sep"].join(self.card(k) for k in kinds)

    def copies(self, kind: Kind, n: int) -> str:
        """How many cards of a kind: "three Votes", "one Madman" (投票は3枚)."""
        num = self.m.get(f"num-{n}", str(n))
        return self("copies-many" if n > 1 else "copies", num=num, n=n, card=self.card(kind))

    def either(self, items: Sequence[str]) -> str:
        """Alternatives: "the Medium, the Knight or a Seer" (霊媒師・騎士・占い師)."""
        return self._join(items, "either")

    def all_of(self, items: Sequence[str]) -> str:
        """Items together: "three Votes and one Madman" (投票は3枚、狂人は1枚)."""
        return self._join(items, "all")

    def names_and(self, players: Sequence[str]) -> str:
        """Players together: "aki and ben" (aki・ben)."""
        return self._join(players, "names")

    def _join(self, items: Sequence[str], kind: str) -> str:
        if len(items) < 2:
            return "".join(items)
        return self.m[f"{kind}-sep"].join(items[:-1]) + self.m[f"{kind}-last"] + items[-1]

    def names(self, players: Iterable[str]) -> str:
        return self.m["list-sep"].join(players)

    def player(self, name: str) -> str:
        return self("nobody") if name == NOBODY else name

    def place(self, place: str) -> str:
        """Where a card can be: ``hand:ben``, ``discard:ben``, ``discard:ben:2``, ``ruins``, ``deck``."""
        parts = place.split(":")
        if parts[0] == "hand":
            return self("place-hand", p=parts[1])
        if parts[0] == "discard":
            return self("place-pile", p=parts[1], i=parts[2]) if len(parts) == 3 else self("place-discard", p=parts[1])
        return self(f"place-{parts[0]}")

    def card_at(self, place: str) -> str:
        """The card at a place, as the subject of a fact ("ben's hand card"), or a card
        of the game's past (``steps.history``): ``dealt:P``, ``drew:N``, ``after:N:P``."""
        parts = place.split(":")
        if parts[0] == "hand":
            return self("at-hand", p=parts[1])
        if parts[0] == "discard":
            return self("at-pile", p=parts[1], i=parts[2])
        if parts[0] == "dealt":
            return self("at-dealt", p=parts[1])
        if parts[0] == "drew":
            n = int(parts[1])
            turns = self.record.turns if self.record is not None else ()
            by = turns[n - 1].player if n <= len(turns) else self.record.viewer if self.record is not None else None
            return self("at-drew-by", p=by, n=n) if by is not None else self("at-drew", n=n)
        if parts[0] == "after":
            return self("at-after", p=parts[2], n=int(parts[1]))
        return self("at-ruins")

    # -- facts ---------------------------------------------------------------------------------
    def fact(self, fact: Fact) -> str:
        sign = "=" if fact.holds else "!="
        if fact.subject == "lost-legacy":
            return self(f"lost-legacy{sign}", place=self.place(fact.value))
        if fact.subject in ("werewolf", "madman"):
            if fact.value == NOBODY:
                return self(f"{fact.subject}{sign}nobody")
            return self(f"{fact.subject}{sign}", p=fact.value)
        return self(f"card{sign}", at=self.card_at(fact.subject), card=self.a(fact.value))

    # -- record lines --------------------------------------------------------------------------
    def observation(self, oid: str, record: WerewolfRecord, replay: Replay | None = None) -> str:
        """The sentence of one record line: ``hand``, ``turn-N`` or ``search-N``."""
        if oid == "hand":
            assert record.viewer is not None and record.hand is not None
            return self("own-hand", p=record.viewer, card=self.a(record.hand))
        kind, _, number = oid.partition("-")
        n = int(number)
        if kind == "call":
            assert replay is not None, "a call's sentence needs the replay"
            return self.call(replay.call(n))
        ev = self("turn", n=n)
        if n > len(record.turns):  # the viewer's turn in progress
            assert record.pending is not None and record.viewer is not None
            return self("drew-pending", ev=ev, p=record.viewer, card=self.a(record.pending))
        t = record.turns[n - 1]
        move = replay.moves[n - 1] if replay is not None and n <= len(replay.moves) else None
        if t.drew is not None:
            head = self("drew-played", ev=ev, p=t.player, drew=self.a(t.drew), card=self.a(t.play))
        else:
            head = self("played", ev=ev, p=t.player, card=self.a(t.play))
        return self.m["clause-sep"].join([head, *self._clauses(t, move, record.viewer)])

    def call(self, c: Call, short: bool = False) -> str:
        """One call of a search order (W15): nobody raised, a lone raiser's search, the
        Madman shown, or several raisers (nobody searches)."""
        pre = "short-call" if short else "call"
        at = {"n": c.order} if short else {"ev": self("call", n=c.order)}
        if not c.raised:
            return self(f"{pre}-nobody", **at)
        if c.search is not None:
            s = c.search.search
            assert s.target is not None and s.found is not None
            card = self.card(s.found) if short else self.a(s.found)
            return self(f"{pre}-searched", p=s.player, place=self.place(place_str(s.target)), card=card, **at)
        if c.madman:
            return self(f"{pre}-madman", p=c.raised[0], **at)
        return self(f"{pre}-shared", names=self.m["and"].join(c.raised), **at)

    def orders(self, orders: list[int]) -> str:
        """Search orders as a list, a run of three or more shown as a range ("1–3")."""
        if len(orders) >= 3 and orders == list(range(orders[0], orders[-1] + 1)):
            return self("orders-range", a=orders[0], b=orders[-1])
        return self.m["list-sep"].join(str(o) for o in orders)

    def _clauses(self, t: Turn, move: Move | None, viewer: str | None) -> list[str]:
        out: list[str] = []
        play = t.play
        if play.id == "seer" and t.target:
            out.append(self("seer-saw", q=t.target, card=self.a(t.saw)) if t.saw else self("seer", q=t.target))
        elif play.id == "medium" and t.peek:
            q, i = t.peek
            out.append(self("peek-saw", q=q, i=i, card=self.a(t.saw)) if t.saw else self("peek", q=q, i=i))
        elif play.id == "medium" and t.flip:
            q, card, index = t.flip
            slot, kind = move.facedown[0] if move and move.facedown else (None, card)
            at = slot[2] if slot else (index or "?")
            out.append(self("flip", q=q, card=self.card(kind) if kind else "?", i=at))
        elif play.id == "medium":
            out.append(self("medium-no-effect"))
        elif play.id == "villager" and t.put:
            at = move.villager[0][2] if move and move.villager else "?"
            placed = t.placed if t.placed is not None else "unknown"
            if isinstance(placed, Kind):
                out.append(self("put-card", q=t.put, i=at, card=self.a(placed)))
            else:
                out.append(self(f"put-{placed}", q=t.put, i=at))
        elif play == VOTE and t.votes:
            arrows = self.m["list-sep"].join(self("vote-arrow", voter=v, target=x) for v, x in t.votes.items())
            out.append(self("votes", votes=arrows))
        elif play == SLEEP and t.swapped is not None:
            v = viewer or "?"  # only a Werewolf viewer writes whether it swapped
            if not t.swapped:
                out.append(self("not-swapped", v=v))
            else:
                out.append(self("swapped-unseen", v=v) if t.card is None else
                           self("swapped", v=v, card=self.a(t.card)) if t.index is None else
                           self("swapped-at", v=v, card=self.a(t.card), i=t.index))
        if play == VOTE or play.is_attack:
            out += self._elimination(t)
        if play.is_attack and move is not None:
            out += [self("attack-put", q=s[1], i=s[2]) for s, _ in move.facedown]
        elif play in (VOTE, SLEEP) and move is not None:
            out += [self("facedown", q=s[1], i=s[2]) for s, _ in move.facedown]
        return out

    def _elimination(self, t: Turn) -> list[str]:
        if t.eliminated is None:
            return []
        if t.eliminated == NONE:
            if t.play.is_attack:
                return [self("hunt-none", card=self.a(hunted_kind(t.play)))]
            return [self("out-none")]
        shown = t.revealed or ()
        if not shown:
            return [self("out", q=t.eliminated, card="?")]
        if len(shown) == 1:
            return [self("out", q=t.eliminated, card=self.a(shown[0]))]
        return [self("out-downs", q=t.eliminated, card=self.a(shown[0]), cards=self.cards(shown[1:]))]

    def short(self, oid: str, record: WerewolfRecord, replay: Replay | None = None) -> str:
        """A record line in a few words, for the level-4 hint (``t7 cho Attack ① (→dan; ben out: Villager)``)."""
        if oid == "hand":
            assert record.hand is not None
            return self("short-hand", card=self.card(record.hand))
        kind, _, number = oid.partition("-")
        n = int(number)
        if kind == "call":
            assert replay is not None, "a call's short form needs the replay"
            return self.call(replay.call(n), short=True)
        if n > len(record.turns):
            assert record.pending is not None
            return self("short-pending", n=n, card=self.card(record.pending))
        t = record.turns[n - 1]
        move = replay.moves[n - 1] if replay is not None and n <= len(replay.moves) else None
        extras = []
        if t.drew is not None:
            extras.append(self("short-drew", card=self.card(t.drew)))
        if t.target:
            extras.append(self("short-target", q=t.target))
        if t.peek:
            extras.append(self("short-peek", q=t.peek[0], i=t.peek[1]))
        if t.flip:
            flipped = move.facedown[0][1] if move and move.facedown else t.flip[1]
            extras.append(self("short-flip", q=t.flip[0], card=self.card(flipped) if flipped else "?"))
        elif t.play.id == "medium" and not t.peek:
            extras.append(self("short-no-effect"))
        if t.saw is not None:
            extras.append(self("short-saw", card=self.card(t.saw)))
        if t.play.id == "villager" and t.put:
            i = move.villager[0][2] if move and move.villager else "?"
            placed = t.placed if t.placed is not None else "unknown"
            what = self.card(placed) if isinstance(placed, Kind) else self(f"short-put-{placed}")
            extras.append(self("short-put", q=t.put, i=i, what=what))
        if t.play.is_attack and move is not None:
            extras += [self("short-target", q=s[1]) for s, _ in move.facedown]
        if t.swapped is not None:
            v = record.viewer or "?"
            extras.append(self("short-no-swap", v=v) if not t.swapped else
                          self("short-swap", v=v, card=self.card(t.card)) if t.card else
                          self("short-swap-unseen", v=v))
        if t.eliminated == NONE:
            extras.append(self("short-out-none"))
        elif t.eliminated is not None:
            extras.append(self("short-out", q=t.eliminated, cards=self.cards(t.revealed or ())))
        out = self("short-turn", n=n, p=t.player, card=self.card(t.play))
        if extras:
            out += self("short-extras", extras=self.m["short-sep"].join(extras))
        return out

    # -- rules ---------------------------------------------------------------------------------
    def rule(self, rule: str) -> str:
        return self.m[f"rule:{rule}"]

    def rule_name(self, rule: str) -> str:
        return self.m[f"rule-name:{rule}"]


__all__ = ["CATALOGUE", "Text"]
