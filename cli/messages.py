"""Interface sentences of the CLI that belong to no game, in English and Japanese.

Each game's own sentences (and its screens) live in its text catalogue, e.g.
``suiri.models.canary.text``; the error sentences live beside the errors
(``suiri.solver.errors.ERROR_TEXT``), since the models raise them."""

from __future__ import annotations

from suiri.solver.errors import Text
from suiri.solver.plural import Count

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # `suiri tournament` (cli/tournament.py)
        "tournament:title": '{game}: {played} of {planned:game/games}, {players:player/players}, bots {bots} (seed {seed})',
        "tournament:bot": 'bot',
        "tournament:seat": 'seat',
        "tournament:games": 'games',
        "tournament:wins": 'wins',
        "tournament:win-rate": 'win rate',
        "tournament:ci95": '95% interval',
        "tournament:draws": 'draws',
        "tournament:forfeits": 'forfeits',
        "tournament:by-bot": 'Win rates by bot (a bot wins a game when one of its seats wins)',
        "tournament:by-seat": 'Win rates by seat (and of each bot in that seat)',
        "tournament:head-to-head": 'Head to head: {first} won {wins} of the {games:game/games} that only one of the two won: {rate} (95% interval {low}–{high}).',
        "tournament:lengths": 'Game length in {unit} (games that ended by the rules): mean {mean}, median {median}, middle half {p25}–{p75}, shortest {min}, longest {max}.',
        "tournament:no-lengths": 'No game ended by the rules.',
        "tournament:draws-line": 'Draws (the bound on choices ran out): {n}.',
        "tournament:forfeit": 'Forfeit in game {game} (seed {seed}, seat {seat}, bot {bot}): {error}',
        "tournament:interrupted": 'Stopped by Ctrl-C after {played} of {planned:game/games}: the figures are of the finished games.',
        "tournament:wrote-csv": 'wrote {path}: one row per game',
        "tournament:wrote-records": 'wrote {n:record/records} to {path} (every seat of every game; `suiri analyze` reads them)',
        "tournament:progress": 'games',
        "check-ok": "{file}: legal and consistent — {steps} {unit}, {worlds} consistent {kind}",
        # what a record is made of and what `check` counts (GameFacts.step_name, world_name), singular / plural
        "unit:turns": "turn/turns", "unit:events": "event/events", "unit:moves": "move/moves",
        "ruled-out": "Ruled out:",
        "chain-size": "Step by step ({steps}, from {lines} of the record):",
        "count:steps": "{n:step/steps}", "count:lines": "{n:line/lines}",
        "hint-from-known": "what you have already worked out: {facts}",
        # a hint's last line: the certain facts the step does not give (HintResult.remaining)
        "hint-left": "(Still to find after this step: {facts}.)",
        "count:certain-facts": "{n:certain fact/certain facts}",
        "unit:worlds": "world/worlds", "unit:deals": "deal/deals", "unit:histories": "history/histories",
        # how a game ended (GameOver, cli/views.py): the rules' reason, then who won
        "game-over": "The game is over: {why}. {winners}",
        "winners": "{names} won.", "winners-none": "Nobody won.",
        "winners-maybe": "Who else won depends on a card the record does not show: {chances}.",
        "winners-only-maybe": "Who won depends on a card the record does not show: {chances}.",
        "and": " and ", "list-sep": ", ",
        # the one line a command that writes a file prints on success
        "wrote-report": "wrote {path}: the report of {record}",
        "wrote-book": "wrote {path}: {n:puzzle/puzzles} ({levels}) from {tried:simulated game/simulated games}",
        "book-level": "{n} {level}",
        # the web app's core (cli/web: app, security, store, games pages; issue 22)
        "web:nav-games": "Games", "web:nav-puzzles": "Puzzles", "web:nav-play": "Play",
        "web:error-title": "Something went wrong",
        "web:error-id": "Error id:",
        "web:back-to-games": "Back to the games",
        "web:crashed": "The server failed on this request (error {id}); nothing was changed. The server log has the details under this id.",
        "web:refused-token": "This server needs its token: open the address that `suiri serve` printed (with ?token=…).",
        "web:refused-host": "This server answers only to its own address (127.0.0.1 or localhost).",
        "web:refused-size": "The request is too large for this server.",
        "web:refused-origin": "A page from another site cannot change anything here.",
        "web:refused-csrf": "The form was out of date or came from elsewhere: reload the page and try again.",
        "web:not-found": "There is no such page.",
        # the web app's play pages (cli/web/play.py, templates/play_*.html)
        "play-page:title": "Play against bots",
        "play-page:intro": "A whole game against suiri's bots: suiri deals, keeps the hidden cards hidden, plays the bots and asks you only for your own choices. The game is saved after every choice; at the end, the review shows what you could have known and when.",
        "play-page:game": "Game",
        "play-page:players": "Players",
        "play-page:seat": "Your seat (from 1, in turn order)",
        "play-page:bots": "The other seats' bots",
        "play-page:bot-reasoner": "exact odds and advice",
        "play-page:bot-notebook": "a careful checklist",
        "play-page:bot-concealer": "a reasoner that hides its cards",
        "play-page:bot-random": "any legal move",
        "play-page:seed": "Seed (the same seed deals the same game)",
        "play-page:seed-random": "random",
        "play-page:variant": "Rules variant",
        "play-page:variant-default": "the game's own",
        "play-page:coach": "Coach: show the advice's best move before each of your choices",
        "play-page:start": "Deal and play",
        "play-page:saved": "Games saved here",
        "play-page:saved-line": "{players:player/players}, your seat {seat}, {n:choice/choices} made",
        "play-page:seats": "You are {seat} (seat {k}); seed {seed}.",
        "play-page:bot": "{seat} is the {bot} bot.",
        "play-page:your-choice": "{seat}, your choice",
        "play-page:family": "{verb}: {n:option/options}, one word per slot (e.g. {example})",
        "play-page:undo": "Undo: back to the start of your move",
        "play-page:coach-says": "Coach",
        "play-page:coach-on": "Coach on",
        "play-page:coach-off": "Coach off",
        "play-page:over": "The game is over",
        "play-page:report": "Your seat's record ({file}): its page, proofs and report",
        "play-page:review": "Review",
        "play-page:certain": "Certain from your seat",
        "play-page:nothing-certain": "Nothing is certain yet.",
        "play-page:record": "Your record",
        "play-page:stale": "This choice was offered at an earlier point of the game (another tab or window went on): nothing was changed. Here is the game as it stands.",
        "play-page:not-option": "That is not one of the options now: nothing was changed.",
        "play-page:missing": "There is no game {id} saved here.",
        "play-page:not-number": "{field}: {value} is not a whole number",
        "play-page:no-game": "Choose one of the games: {games}.",
    },
    "ja": {
        # `suiri tournament` (cli/tournament.py)
        "tournament:title": '{game}：{planned} 局中 {played} 局、{players} 人、ボット {bots}（シード {seed}）',
        "tournament:bot": 'ボット',
        "tournament:seat": '席',
        "tournament:games": '局数',
        "tournament:wins": '勝ち',
        "tournament:win-rate": '勝率',
        "tournament:ci95": '95% 区間',
        "tournament:draws": '引き分け',
        "tournament:forfeits": '反則負け',
        "tournament:by-bot": 'ボット別の勝率（ボットの席のどれかが勝てば、そのボットの勝ち）',
        "tournament:by-seat": '席別の勝率（その席での各ボットの勝率も）',
        "tournament:head-to-head": '直接対決：片方だけが勝った {games} 局のうち {first} が {wins} 局勝ち、{rate}（95% 区間 {low}〜{high}）。',
        "tournament:lengths": 'ゲームの長さ（{unit}、ルールどおり終わった局）：平均 {mean}、中央値 {median}、中央の半分 {p25}〜{p75}、最短 {min}、最長 {max}。',
        "tournament:no-lengths": 'ルールどおり終わった局はありません。',
        "tournament:draws-line": '引き分け（選択回数の上限に達した局）：{n} 局。',
        "tournament:forfeit": '第 {game} 局で反則負け（シード {seed}、席 {seat}、ボット {bot}）：{error}',
        "tournament:interrupted": 'Ctrl-C で {planned} 局中 {played} 局で止めました。数字は終わった局のものです。',
        "tournament:wrote-csv": '{path} に書き出しました：1 局 1 行',
        "tournament:wrote-records": '{path} に記録 {n} 件を書き出しました（全局・全席。`suiri analyze` で読めます）',
        "tournament:progress": '局',
        "check-ok": "{file}：ルール上正しく、矛盾なし — {steps}{unit}、矛盾のない{kind}は{worlds}通り",
        "unit:turns": "ターン", "unit:events": "イベント", "unit:moves": "手",
        "ruled-out": "否定されたこと：",
        "chain-size": "一歩ずつ（{steps}、記録の{lines}から）：",
        "count:steps": "{n}段階", "count:lines": "{n}行",
        "hint-from-known": "すでに分かっていること（{facts}）",
        "hint-left": "（この一歩の後も、まだ見つけていない確かな事実：{facts}）",
        "count:certain-facts": "{n}件",
        "unit:worlds": "世界", "unit:deals": "配り方", "unit:histories": "経過",
        "game-over": "ゲームは終了：{why}。{winners}",
        "winners": "勝者は{names}。", "winners-none": "勝者はいない。",
        "winners-maybe": "ほかに勝った人は、記録にない札しだい：{chances}。",
        "winners-only-maybe": "誰が勝ったかは、記録にない札しだい：{chances}。",
        "and": "と", "list-sep": "、",
        "wrote-report": "{path} に書き出しました：{record} のレポート",
        "wrote-book": "{path} に書き出しました：パズル {n} 問（{levels}）、シミュレーション {tried} 局から",
        "book-level": "{level} {n} 問",
        # the web app's core (cli/web: app, security, store, games pages; issue 22)
        "web:nav-games": "ゲーム", "web:nav-puzzles": "パズル", "web:nav-play": "対戦",
        "web:error-title": "うまくいきませんでした",
        "web:error-id": "エラー ID：",
        "web:back-to-games": "ゲーム一覧へ",
        "web:crashed": "このリクエストの処理中にサーバーでエラーが起きました（エラー {id}）。何も変更していません。詳しくはサーバーのログのこの ID のところにあります。",
        "web:refused-token": "このサーバーにはトークンが要ります。`suiri serve` が表示したアドレス（?token=… 付き）を開いてください。",
        "web:refused-host": "このサーバーは自分のアドレス（127.0.0.1 か localhost）にだけ応えます。",
        "web:refused-size": "リクエストが大きすぎます。",
        "web:refused-origin": "ほかのサイトのページからはここで何も変更できません。",
        "web:refused-csrf": "フォームが古いか、ほかから送られました。ページを読み込み直して、もう一度どうぞ。",
        "web:not-found": "そのページはありません。",
        # the web app's play pages (cli/web/play.py, templates/play_*.html)
        "play-page:title": "ボットと対戦",
        "play-page:intro": "suiri のボットと1ゲーム対戦します。suiri が配り、隠れた札は隠したまま、ボットの手を進め、あなたには自分の選択だけを尋ねます。選ぶたびに保存し、終わったら、いつ何が分かり得たかを振り返ります。",
        "play-page:game": "ゲーム",
        "play-page:players": "人数",
        "play-page:seat": "あなたの席 (手番順に1から)",
        "play-page:bots": "ほかの席のボット",
        "play-page:bot-reasoner": "正確な確率と助言で打つ",
        "play-page:bot-notebook": "丁寧なチェックリスト",
        "play-page:bot-concealer": "自分の札を隠す reasoner",
        "play-page:bot-random": "合法手から無作為",
        "play-page:seed": "シード (同じシードなら同じ配り)",
        "play-page:seed-random": "無作為",
        "play-page:variant": "ルールの変種",
        "play-page:variant-default": "ゲームの標準",
        "play-page:coach": "コーチ：選ぶ前に、助言の最善手を表示する",
        "play-page:start": "配って始める",
        "play-page:saved": "ここに保存されたゲーム",
        "play-page:saved-line": "{players}人、あなたの席 {seat}、選択 {n} 回",
        "play-page:seats": "あなたは {seat} ({k}番目の席)。シード {seed}。",
        "play-page:bot": "{seat} は {bot} ボット。",
        "play-page:your-choice": "{seat} の番です",
        "play-page:family": "{verb}：選択肢 {n} 個。各欄から語を1つずつ (例 {example})",
        "play-page:undo": "取り消し：この手番の最初に戻る",
        "play-page:coach-says": "コーチ",
        "play-page:coach-on": "コーチを表示",
        "play-page:coach-off": "コーチを隠す",
        "play-page:over": "ゲーム終了",
        "play-page:report": "あなたの席の記録 ({file})：そのページ、証明、レポート",
        "play-page:review": "振り返り",
        "play-page:certain": "あなたの席から確定していること",
        "play-page:nothing-certain": "まだ確定していることはありません。",
        "play-page:record": "あなたの記録",
        "play-page:stale": "この選択はゲームの前の時点のものです (別のタブやウィンドウで進みました)。何も変えていません。現在のゲームを表示します。",
        "play-page:not-option": "それは今の選択肢にありません。何も変えていません。",
        "play-page:missing": "ゲーム {id} はここに保存されていません。",
        "play-page:not-number": "{field}：{value} は整数ではありません",
        "play-page:no-game": "ゲームを選んでください：{games}。",
    },
}


# The errors about the command line itself (its options), in the errors' catalogue form.
ERRORS: dict[str, tuple[str, str]] = {
    "tournament:write-cannot": ("cannot write: {reason}", "書き込めません：{reason}"),
    "tournament:write-valid": ("a path in a writable folder", "書き込めるフォルダのパス"),
    "drew:not-this-game": ("--drew is for games where a turn starts with a draw, not {game}",
                           "--drew は手番が札を引くことから始まるゲーム用です（{game}は違います）"),
    "drew:leave-out": ("leave out --drew", "--drew を外す"),
    "viewer:not-a-player": ("--viewer {seat} is not a player", "--viewer {seat} はプレイヤーではありません"),
    "html:missing": ("where to write the page is missing", "ページの書き出し先がありません"),
    "html:missing-valid": ("--html FILE, or --html - for standard output", "--html FILE、標準出力なら --html -"),
    "html:cannot-write": ("cannot write: {reason}", "書き込めません：{reason}"),
    "html:cannot-write-valid": ("a file path in a writable folder, or '-' for standard output",
                                "書き込めるフォルダのファイルパス、標準出力なら '-'"),
    "lines:format": ("--lines {lines} is not MIN-MAX", "--lines {lines} は MIN-MAX の形ではありません"),
    "lines:range": ("--lines {lines}: MIN must be at least 1 and at most MAX",
                    "--lines {lines}：MIN は 1 以上、MAX 以下にします"),
    "lines:example": ("e.g. 2-5", "例: 2-5"),
    "puzzle:none-found": ("no puzzle with {lines} lines found in 200 simulated games",
                          "200 回のシミュレーションで、{lines} 行のパズルは見つかりませんでした"),
    "puzzle:none-found-valid": ("another --seed or a wider --lines range", "別の --seed か、より広い --lines の範囲"),
    "book:no-output": ("no output file", "出力ファイルがありません"),
    "book:no-output-valid": ("--html FILE and/or --markdown FILE", "--html FILE か --markdown FILE（両方でも可）"),
    # `suiri play` (cli/play.py): its options and its save file
    "save:field": ("missing, or not {kind}", "ないか、{kind}ではありません"),
    "save:kinds": ("a whole number", "整数"),
    "save:kind-text": ("a text", "文字列"),
    "save:kind-list": ("a list of names", "名前のリスト"),
    "save:kind-numbers": ("a list of option numbers", "選択肢番号のリスト"),
    "save:choice": ("choice {n} is {choice}, not an option there", "{n} 番目の選択 {choice} はその時点の選択肢にありません"),
    "save:choice-valid": ("a number from 1 to {count}", "1〜{count} の番号"),
    "play:bot": ("{game} has no bot {bot}", "{game}には {bot} ボットがありません"),
    "play:seat": ("seat {seat} is not one of the seats 1 to {n}", "席 {seat} はありません (席は 1〜{n})"),
    "save:bots": ("one bot for each of the {n} other seats is needed", "ほかの {n} 席それぞれにボットが1つ要ります"),
    "play:no-game": ("which game to play is missing", "どのゲームを遊ぶかがありません"),
    "play:no-game-valid": ("suiri play GAME, or suiri play --resume FILE", "suiri play GAME、または suiri play --resume FILE"),
    "play:exists": ("{file} exists already", "{file} はすでにあります"),
    "play:exists-valid": ("suiri play --resume {file} to go on with it, or another --save FILE",
                          "続けるなら suiri play --resume {file}、新しく始めるなら別の --save FILE"),
    "play:both": ("--resume takes the game from its file: leave out {what}",
                  "--resume ではゲームはファイルから読みます：{what} を外してください"),
}


class ErrorText(Text):
    """An error sentence about the command line (``ERRORS``)."""

    table = ERRORS


class Messages:
    """The CLI's sentences in one language; a sentence not yet translated prints in English."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.m = MESSAGES[lang]

    def __call__(self, key: str, **kw: object) -> str:
        """The sentence ``key``; a whole number formats as ``Count`` (``{n:line/lines}``)."""
        said = {k: Count(v) if type(v) is int else v for k, v in kw.items()}
        return self.m.get(key, MESSAGES["en"][key]).format(**said)

    def count(self, word: str, n: int) -> str:
        """``n`` things (``count:WORD``, English ``{n:thing/things}``: ``solver.plural``)."""
        return self(f"count:{word}", n=n)

    def unit(self, word: str, n: int | object) -> str:
        """``word`` (a plural such as ``turns``) in this language, singular for exactly one."""
        forms = self(f"unit:{word}").split("/") if f"unit:{word}" in MESSAGES["en"] else [word]
        return forms[0] if n == 1 or len(forms) == 1 else forms[1]
