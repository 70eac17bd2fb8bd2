"""The error sentences of *Where is the Canary?* in English and Japanese.

They live beside the game (its notation, its record fields, its rules), so that the
engine's shared catalogue (``solver/errors.py``) knows no game words; ``ErrorText`` is
the engine's ``Text`` reading this catalogue.  Parameters in braces (literal braces
doubled); a parameter may itself be a ``Text`` or a ``Named`` (a clue, the game's
title).  Square names, card ids, player names and literal record syntax are printed as
written in both languages.
"""

from __future__ import annotations

from suiri.solver.errors import Text

ERRORS: dict[str, tuple[str, str]] = {
    # the compact notation (notation.py)
    "notation:second-head": ("a second {head} line (the first is line {first})",
                             "{head} 行が2つあります（1つ目は {first} 行目）"),
    "notation:one-head": ("one {head} line", "{head} 行は1つだけ"),
    "notation:keyword-name": ("player name {name} is a keyword of the compact notation",
                              "プレイヤー名 {name} はコンパクト記法のキーワードです"),
    "notation:keyword-name-valid": ("another name, or write the record in TOML", "別の名前、または TOML で書いた記録"),
    "notation:viewer-name": ("viewer needs a name", "viewer 行にはプレイヤー名が必要です"),
    "notation:unexpected": ("unexpected {words}", "余分な語 {words}"),
    "notation:after-clue": ("{word} after the clue", "手がかりの後に {word} があります"),
    "notation:genuine-valid": ("genuine or fake", "genuine または fake"),
    "notation:corners": ("{corners:corner/corners} for {players:player/players}", "プレイヤー {players} 人に対して角が {corners} つあります"),
    "notation:corners-valid": ("one corner per player, in player order (after the canary line)",
                               "プレイヤーごとに角を1つ、プレイヤー順に（canary 行の後に）"),
    "notation:ruling-twice": ("the ruling {ruling} is set twice", "ルール設定 {ruling} が2回書かれています"),
    "notation:ruling-twice-valid": ("set each ruling once", "各ルール設定は1回だけ"),
    "notation:unreadable": ("cannot read {words}", "{words} を読めません"),
    "notation:ruling-valid": ("KEY=VALUE, e.g. skip_turns=2", "KEY=VALUE（例: skip_turns=2）"),
    "notation:short-turn": ("a turn needs a player, a square and a check or a declaration, got {words}",
                            "ターンにはプレイヤー、マス、そしてチェックか宣言が必要です（書かれていたのは {words}）"),
    "notation:turn-valid": ("NAME SQUARE h|r|- [CARD]  or  NAME SQUARE ! CARD NAME=y|n ...",
                            "NAME SQUARE h|r|- [CARD]  または  NAME SQUARE ! CARD NAME=y|n ..."),
    "notation:declare-valid": ("! CARD NAME=y|n ... (a declaration, in place of the check)",
                               "! CARD NAME=y|n ...（チェックの代わりに宣言）"),
    "notation:unclosed-quote": ("no closing quotation", "閉じる引用符がありません"),
    "notation:check": ("{word} is not a check letter", "{word} はチェックの記号ではありません"),
    "notation:check-valid": ("h, r, - (hidden, revealed, no check), or ! CARD NAME=y|n ... to declare",
                             "h、r、-（伏せた・表にした・チェックなし）、宣言なら ! CARD NAME=y|n ..."),
    "notation:answer": ("answer {word} from {who}", "{who} の答え {word}"),
    "notation:answer-valid": ("NAME=y or NAME=n (ここだ, ちがう)", "NAME=y または NAME=n（ここだ、ちがう）"),
    # the TOML record's fields (record.py)
    "record:clue-missing": ("the viewer's clue is missing: {viewer} knows its own clue card",
                            "視点のプレイヤーの手がかりがありません：{viewer} は自分の手がかりカードを知っています"),
    "record:clue-valid": ('clue = "high" (or dark, ancient, nature, weathered)',
                          'clue = "high"（または dark、ancient、nature、weathered）'),
    "record:spectator-clue": ("a spectator has no clue", "観戦者には手がかりがありません"),
    "record:spectator-clue-valid": ("omit clue, or name the viewer", "clue を省く、または viewer を書く"),
    "record:genuine-3p": ("authenticity cards are dealt only with 4 players", "真偽カードが配られるのは4人プレイだけです"),
    "record:omit-genuine": ("omit genuine", "genuine を省く"),
    "record:genuine-bool": ("genuine must be true or false, not {value}", "genuine は true か false にします（{value} ではなく）"),
    "record:spectator-genuine": ("a spectator has no authenticity card", "観戦者には真偽カードがありません"),
    "record:start-missing": ("missing [start] table", "[start] テーブルがありません"),
    "record:start-valid": ("[start] with one corner per player", "プレイヤーごとに角を1つ書いた [start]"),
    "record:no-corner": ("no start corner for {player}", "{player} のスタートの角がありません"),
    "record:corner-valid": ("a1, a7, g1 or g7", "a1、a7、g1 または g7"),
    "record:turns-not-tables": ("turns must be [[turn]] tables", "ターンは [[turn]] テーブルで書きます"),
    "record:rules-not-table": ("rules must be a table", "rules はテーブルで書きます"),
    "record:unknown-ruling": ("unknown ruling {ruling}", "不明なルール設定 {ruling}"),
    "record:skip-turns": ("skip_turns must be a whole number from 0 to {high}, not {value}",
                          "skip_turns は 0〜{high} の整数にします（{value} ではなく）"),
    "record:skip-turns-valid": ("0 to {high} (the rules say 2)", "0〜{high}（ルールでは 2）"),
    "record:ruling-bool": ("{ruling} must be true or false", "{ruling} は true か false にします"),
    "record:turn-not-table": ("a turn must be a table", "ターンはテーブルで書きます"),
    "record:missing-player": ("missing player", "player がありません"),
    "record:check": ("check is {value}", "check が {value} です"),
    "record:missing-check": ("missing check", "check がありません"),
    "record:check-valid": ('"hidden", "revealed" or "none" (omitted only on a declaring turn, R8)',
                           '"hidden"、"revealed" または "none"（省けるのは宣言するターンだけ、R8）'),
    "record:declare-not-table": ("declare must be a table", "declare はテーブルで書きます"),
    "record:declare-valid": ("[turn.declare] with card and answers", "card と answers を書いた [turn.declare]"),
    "record:declare-card": ("a declaration shows its card to everyone: card is required",
                            "宣言ではカードを全員に見せます：card が必要です"),
    "record:declare-card-valid": ("card = the face shown", "card = 見せた面"),
    "record:missing-answers": ("missing answers", "answers がありません"),
    "record:answers-not-table": ("answers must be a table, not {value}", "answers はテーブルで書きます（{value} ではなく）"),
    "record:answers-valid": ('{{ name = "yes" / "no", ... }} for every other player',
                             'ほかのプレイヤー全員の {{ name = "yes" / "no", ... }}'),
    "record:answer": ("answer {value} from {player}", "{player} の答え {value}"),
    "record:answer-valid": ('"yes" (ここだ) or "no" (ちがう)', '"yes"（ここだ）または "no"（ちがう）'),
    "record:outcome": ("outcome {value}", "outcome が {value} です"),
    "record:outcome-valid": ('"success" or "failure"', '"success" または "failure"'),
    # cards and clues (cards.py)
    "cards:not-a-string": ("a card must be a string, not {value}", "カードは文字列で書きます（{value} ではなく）"),
    "cards:not-a-string-valid": ("a card id such as 'crag-lookout'", "'crag-lookout' のようなカード ID"),
    "cards:card-valid": ("a card id: {ids}; or its Japanese or English name, or its attributes joined by '+' "
                         "(e.g. 'high+dark', 'none')",
                         "カード ID: {ids}。または日本語名・英語名、'+' でつないだ属性（例: 'high+dark'、'none'）"),
    "cards:clue-valid": ("{ids} (or {ja})", "{ja}（または {ids}）"),
    # the map (board.py)
    "board:off": ("square {square} is off the board", "マス {square} は盤の外です"),
    "board:off-valid": ("a1 to {last}", "a1〜{last}"),
    "board:unreadable": ("cannot read the square {square}", "マス {square} を読めません"),
    "board:unreadable-valid": ("a square name from a1 to {last}", "a1〜{last} のマス名"),
    # the rules (rules.py), cited by their rulings R1-R8
    "rules:start-not-corner": ("{player} starts on {square}, which is not a corner",
                               "{player} のスタート {square} は角ではありません"),
    "rules:start-shared": ("{player} and {other} both start on {square}: each player chooses a different corner",
                           "{player} と {other} がどちらも {square} からスタートしています：角はプレイヤーごとに別々に選びます"),
    "rules:cannot-move": ("{player} cannot move from {here} to {to}: {why}", "{player} は {here} から {to} へ移動できません：{why}"),
    "rules:why-pass": ("a move must leave the square (R2: passing is not allowed)",
                       "移動では今のマスを離れなければなりません（R2：パスはできません）"),
    "rules:why-diagonal": ("diagonal moves are not allowed", "斜めには移動できません"),
    "rules:why-occupied": ("another piece stands there and this table does not share squares (R2)",
                           "そこには他のコマがあり、この卓ではマスを共有しません（R2）"),
    "rules:why-far": ("a move is one square, not {n}", "移動は1マスです（{n} マスではありません）"),
    "rules:check-on-declaring": ("{player} declared on this turn, and a declaration replaces the map check (R8): "
                                 "the card is opened for all, not hidden or revealed",
                                 "{player} はこのターンに宣言しました。宣言はマップのチェックの代わりです（R8）："
                                 "カードは全員に公開され、伏せることも表にすることもありません"),
    "rules:check-on-declaring-valid": ("omit check on a declaring turn", "宣言するターンでは check を書かない"),
    "rules:card-on-declaring": ("{player} declared on this turn: the face opened for all is declare.card "
                                "(R8: the declaration replaces the map check)",
                                "{player} はこのターンに宣言しました：全員に公開した面は declare.card に書きます"
                                "（R8：宣言はマップのチェックの代わり）"),
    "rules:card-on-declaring-valid": ("omit card; write the face as declare.card", "card を書かず、面は declare.card に書く"),
    "rules:check-missing": ("{player} moved to {square} without declaring, so the turn has a check",
                            "{player} は宣言せずに {square} へ移動したので、このターンにはチェックがあります"),
    "rules:hidden-or-revealed": ('"hidden" or "revealed"', '"hidden" または "revealed"'),
    "rules:face-up": ("the card on {square} is face-up ({card}), so there is no check",
                      "{square} のカードは表向き（{card}）なので、チェックはありません"),
    "rules:face-down": ("the card on {square} is face-down, so it must be checked",
                        "{square} のカードは裏向きなので、チェックしなければなりません"),
    "rules:reveal-without-card": ("turn reveals {square} but does not say which card",
                                  "このターンは {square} のカードを表にしましたが、どのカードかが書かれていません"),
    "rules:reveal-without-card-valid": ("card = the face turned up", "card = 表にした面"),
    "rules:hidden-face-unseen": ("{player} hid {square}: only {player} saw that card, and the viewer ({viewer}) "
                                 "has not seen its face",
                                 "{player} は {square} のカードを伏せました：そのカードを見たのは {player} だけで、"
                                 "視点のプレイヤー（{viewer}）はその面を見ていません"),
    "rules:a-spectator": ("a spectator", "観戦者"),
    "rules:omit-card": ("omit card", "card を書かない"),
    "rules:card-known": ("the card on {square} is known to be {known}, not {card}",
                         "{square} のカードは {known} だとわかっています（{card} ではありません）"),
    "rules:hid-without-clue": ("{viewer} hid {card}, which lacks {viewer}'s clue ({clue}): it must be revealed",
                               "{viewer} は {card} を伏せましたが、そのカードには {viewer} の手がかり（{clue}）が"
                               "描かれていません：表にしなければなりません"),
    "rules:revealed-with-clue": ("{viewer} revealed {card}, which carries {viewer}'s clue ({clue}): it must be hidden",
                                 "{viewer} は {card} を表にしましたが、そのカードには {viewer} の手がかり（{clue}）が"
                                 "描かれています：伏せなければなりません"),
    "rules:answer-own": ("{declarer} declared and cannot answer its own declaration",
                         "{declarer} は宣言した本人なので、自分の宣言には答えられません"),
    "rules:answer-missing": ("no answer from {names}", "{names} の答えがありません"),
    "rules:answer-each": ("one answer from each of {names}", "{names} のそれぞれから答えを1つずつ"),
    "rules:fake-says-no": ("{viewer} holds the fake and may only answer no (ちがう)",
                           "{viewer} は偽物を持っているので、ちがう（no）としか答えられません"),
    "rules:answer-yes": ("{card} carries {viewer}'s clue ({clue}), so {viewer} answers yes",
                         "{card} には {viewer} の手がかり（{clue}）が描かれているので、{viewer} の答えはここだ（yes）です"),
    "rules:answer-no": ("{card} lacks {viewer}'s clue ({clue}), so {viewer} answers no",
                        "{card} には {viewer} の手がかり（{clue}）が描かれていないので、{viewer} の答えはちがう（no）です"),
    "rules:declare-without-clue": ("{viewer} declared on {card}, which lacks {viewer}'s clue ({clue}) "
                                   "(R4: a genuine player declares only on a card with its clue)",
                                   "{viewer} は {card} で宣言しましたが、そのカードには {viewer} の手がかり（{clue}）が"
                                   "描かれていません（R4：本物の手がかりの持ち主は、自分の手がかりが描かれたカードでのみ宣言する）"),
    "rules:card-carrying": ("a card carrying {clue}", "{clue} が描かれたカード"),
    "rules:too-many-copies": ("{n:copy/copies} of {card} seen ({squares}); the deck has {copies}",
                              "{card} が {n} 枚見えています（{squares}）。デッキには {copies} 枚しかありません"),
    "rules:copies-valid": ("at most {copies:square/squares} showing {card}", "{card} が見えるマスは {copies} つまで"),
    "rules:after-end": ("turn {n} comes after the end of the game ({over})", "ターン{n} はゲームの終了後です（{over}）"),
    "rules:no-more-turns": ("no further turns", "これ以上のターンはなし"),
    "rules:not-your-turn": ("it is {expected}'s turn, not {player}'s{skipping}",
                            "今は {expected} のターンで、{player} のターンではありません{skipping}"),
    "rules:skipping": (" ({names} skipping after a failed declaration)", "（{names} は宣言に失敗したのでターンを飛ばしています）"),
    "rules:no-declare-face-up": ("this table does not declare on face-up cards (R5)",
                                 "この卓では表向きのカードで宣言しません（R5）"),
    "rules:no-declaration": ("no declaration", "宣言なし"),
    "rules:card-is": ("the card on {square} is {known}, not {card}", "{square} のカードは {known} です（{card} ではありません）"),
    "rules:outcome-succeeds": ("with these answers the declaration succeeds", "この答えでは宣言は成功します"),
    "rules:outcome-fails": ("with these answers the declaration fails", "この答えでは宣言は失敗します"),
    "rules:ended": ("turn {n}'s declaration succeeded, so the game ended there",
                    "ターン{n} の宣言が成功したので、ゲームはそこで終わっています"),
    # why the game ended (PublicState.over)
    "over:succeeded": ("{player}'s declaration on turn {turn} succeeded", "ターン{turn} の {player} の宣言が成功した"),
    "over:lost": ("{player} failed {n:declaration/declarations} and lost", "{player} は宣言に {n} 回失敗して負けた"),
    # an inconsistent record (session.py)
    "session:worlds": ("layout and clue deal", "カードの配置と手がかりの配布"),
    "session:consistent-valid": ("a record in which some world satisfies every line",
                                 "すべての行を満たす世界が少なくとも1つある記録"),
    # facts, advice and the game's commands (reasoning.py, advice.py, game.py)
    "fact:no-fake": ("only the 4-player game has a fake clue", "偽物の手がかりがあるのは4人プレイだけです"),
    "advice:no-seat": ("advise needs the viewer's seat and clue", "advise には視点のプレイヤー（viewer）とその手がかり（clue）が必要です"),
    "advice:no-seat-valid": ('viewer = "NAME" and clue = "ATTRIBUTE" in the record',
                             '記録に viewer = "NAME" と clue = "ATTRIBUTE"'),
    "game:goal-two-players": ("with 2 players the goal is five squares, not one",
                              "2人プレイではゴールは5マスあり、1マスではありません"),
    # -- the same sentences in the compact notation's words (notation.DIALECT, issue 19) ---------------
    "say:record:clue-valid": ("viewer NAME CLUE, the clue one of high, dark, ancient, nature, weathered",
                              "viewer NAME CLUE（手がかりは high、dark、ancient、nature、weathered のどれか）"),
    "say:record:start-missing": ("missing start line", "start 行がありません"),
    "say:record:start-valid": ("start CORNER ... (one corner per player, in player order)",
                               "start CORNER ...（プレイヤーごとに角を1つ、プレイヤー順に）"),
    "say:record:missing-check": ("missing check letter", "チェックの記号がありません"),
    "say:record:check-valid": ("h, r or - (hidden, revealed, no check); a declaring turn has ! instead (R8)",
                               "h、r、-（伏せた・表にした・チェックなし）。宣言するターンは代わりに !（R8）"),
    "say:record:declare-valid": ("! CARD NAME=y|n ... (a declaration)", "! CARD NAME=y|n ...（宣言）"),
    "say:record:declare-card-valid": ("! CARD: the face shown", "! CARD：見せた面"),
    "say:record:answers-valid": ("NAME=y or NAME=n for every other player",
                                 "ほかのプレイヤー全員の NAME=y または NAME=n"),
    "say:record:answer-valid": ("NAME=y (ここだ) or NAME=n (ちがう)", "NAME=y（ここだ）または NAME=n（ちがう）"),
    "say:record:outcome-valid": ("outcome=success or outcome=failure", "outcome=success または outcome=failure"),
    "say:rules:check-on-declaring-valid": ("no check letter on a declaring turn: NAME SQUARE ! CARD NAME=y|n ...",
                                           "宣言するターンにはチェックの記号を書かない：NAME SQUARE ! CARD NAME=y|n ..."),
    "say:rules:card-on-declaring": ("{player} declared on this turn: the face opened for all is the card after ! "
                                    "(R8: the declaration replaces the map check)",
                                    "{player} はこのターンに宣言しました：全員に公開した面は ! の後に書きます"
                                    "（R8：宣言はマップのチェックの代わり）"),
    "say:rules:card-on-declaring-valid": ("no card before !; the face after it: NAME SQUARE ! CARD NAME=y|n ...",
                                          "! の前にはカードを書かず、面は ! の後に：NAME SQUARE ! CARD NAME=y|n ..."),
    "say:rules:hidden-or-revealed": ("h or r", "h または r"),
    "say:rules:reveal-without-card-valid": ("the card after r: the face turned up", "r の後にカード：表にした面"),
    # a card name with spaces typed without quotes (notation.py)
    "notation:unquoted-card": ("the card {name} has spaces in its name, so it reads as {n:word/words}",
                               "カード {name} は名前に空白があるので、{n} 語として読まれます"),
    "notation:unquoted-card-valid": ('"{name}" in quotes, or its id {id}', '引用符で囲んだ "{name}"、または ID の {id}'),
}


class ErrorText(Text):
    """A sentence of Canary's error catalogue (``ERRORS``) with its parameters."""

    table = ERRORS
