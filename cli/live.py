"""``suiri live``: a record kept open at the table, one line per event.

This module only talks to the person: it reads lines (prompt_toolkit on a terminal,
plain lines from a pipe), hands them to ``suiri.models.live.LiveRecord`` and prints
what changed.  A line is either a command (``undo``, ``hint 2``, ``説明 goal=c4`` ...)
or an event in the game's compact notation.  A command word followed by what the
command does not take is an event (Memory Detective's ``show aki dai``); a line that
starts with ``>`` is always an event.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic

import click

from suiri.cli.layout import pad, percent, readable_count
from suiri.cli.views import VIEWS, View
from suiri.models.interface import A, R, S, V

if TYPE_CHECKING:  # pragma: no cover
    from suiri.models.interface import Game
    from suiri.models.live import LiveRecord, Position
    from suiri.solver.errors import SuiriError
    from suiri.solver.facts import Fact
    from suiri.solver.records import TomlDocument
    from suiri.solver.stepwise import Stepwise

# Each command: its English word, its Japanese words, and what `help` says of it.
COMMANDS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "undo": (("戻す", "取り消し"), "take back the last line", "最後の行を取り消す"),
    "redo": (("やり直し",), "put back the line undo took", "取り消した行を戻す"),
    "show": (("表示",), "the full analysis", "解析をすべて表示"),
    "hint": (("ヒント",), "hint [1-4]: the next deduction to make", "hint [1-4]: 次に考えるとよいこと"),
    "explain": (("説明",), "explain FACT: why FACT is certain", "explain 事実: なぜ確かか"),
    "advise": (("助言",), "your best moves now", "いまの最善手"),
    "known": (("分かった",), "known FACT: you worked it out (hints skip it)", "known 事実: 自分で分かった事実 (ヒントが飛ばす)"),
    "save": (("保存",), "save [FILE]: write the record (it is saved after every line anyway)",
             "save [ファイル]: 記録を書き出す (毎行自動で保存済み)"),
    "help": (("ヘルプ", "?"), "this list", "この一覧"),
    "quit": (("終了", "exit"), "leave (the record is already saved)", "終わる (記録は保存済み)"),
}
WORDS = {w: name for name, (ja, _, _) in COMMANDS.items() for w in (name, *ja)}

SAY: dict[str, dict[str, str]] = {
    "en": {
        "opened": "{game}: {file} ({lines} lines).  Type an event, or `help`.",
        "new-file": "A new record will be written to {file}.",
        "ask-game": "Game",
        "ask-players": "Players, in turn order (names separated by spaces)",
        "ask-seat": "Your seat (a player's name, or 'none' for a spectator)",
        "ask-header": "The setup lines of the record: {example}.  Each is typed in for you: edit it (the words "
                      "in capitals are to be replaced) and press Enter.",
        "accepted": "✓ {lines} lines · {worlds} {kind}",
        "refused": "✗ refused, nothing changed:",
        "new-facts": "now certain:",
        "certain": "certain:",
        "moved": "chances:",
        "undone": "↶ took back: {line}",
        "redone": "↷ put back: {line}",
        "nothing-to-undo": "nothing to take back",
        "nothing-to-redo": "nothing to put back",
        "saved": "saved to {file}",
        "known-added": "noted: {fact}",
        "known-uncertain": "not noted: {fact} is not certain (its chance: {chance}); known takes a fact the record "
                           "proves",
        "known-unproven": "not noted: the record does not prove {fact}; known takes a fact the record proves",
        "cannot-write": "cannot write {file}: {reason}",
        "interrupted": "interrupted: nothing changed",
        "internal": "an internal error, nothing changed (please report it): {error}",
        "examples": "Events, one example of each kind (docs/record-format.md):",
        "setup-eof": "the input ended before the record's setup was complete",
        "needs-fact": "{command} needs a fact, e.g. {command} {example}",
        "level": "hint takes a level from 1 to 4",
        "bye": "The record is in {file}.",
        "help": "Commands (Japanese words work too):",
        "help-line": "Anything else is one event in the compact notation (docs/record-format.md); "
                     "start a line with '>' to force an event.",
    },
    "ja": {
        "opened": "{game}: {file} ({lines} 行)。出来事を1行ずつ入力 (help で一覧)。",
        "new-file": "新しい記録を {file} に書きます。",
        "ask-game": "ゲーム",
        "ask-players": "プレイヤー (手番順、空白区切り)",
        "ask-seat": "あなたの席 (プレイヤー名、観戦なら none)",
        "ask-header": "記録の準備の行: {example}。各行はあらかじめ入力してあります。必要なら直して (大文字の語は書き換えて) "
                      "Enter を押してください。",
        "accepted": "✓ {lines} 行 · {worlds} 通り",
        "refused": "✗ 受け付けません (何も変わっていません):",
        "new-facts": "新たに確定:",
        "certain": "確定:",
        "moved": "確率の変化:",
        "undone": "↶ 取り消し: {line}",
        "redone": "↷ 戻した: {line}",
        "nothing-to-undo": "取り消す行がありません",
        "nothing-to-redo": "戻す行がありません",
        "saved": "{file} に保存しました",
        "known-added": "記録: {fact}",
        "known-uncertain": "記録しません：{fact} は確かではありません (確率 {chance})。known に書けるのは記録が証明する事実だけです",
        "known-unproven": "記録しません：記録は {fact} を証明していません。known に書けるのは記録が証明する事実だけです",
        "cannot-write": "{file} に書き込めません：{reason}",
        "interrupted": "中断しました (何も変わっていません)",
        "internal": "内部エラーです。何も変わっていません (報告をお願いします)：{error}",
        "examples": "出来事の例 (種類ごとに1行、docs/record-format.md):",
        "setup-eof": "記録の準備が終わる前に入力が終わりました",
        "needs-fact": "{command} には事実が要ります (例: {command} {example})",
        "level": "hint のレベルは 1 から 4",
        "bye": "記録は {file} にあります。",
        "help": "コマンド (英語でも日本語でも):",
        "help-line": "それ以外の行は略記法の出来事1件です (docs/record-format.md)。"
                     "'>' で始めると必ず出来事として読みます。",
    },
}
MOVES_SHOWN = 3  # the biggest probability moves printed after a line


@dataclass
class Live(Generic[R, S, A, V]):
    """One interactive session: the record, the language, the game's view and what the
    player knows."""

    record: LiveRecord[R, S, A, V]
    lang: str
    echo: Callable[[str], None]
    colour: bool
    view: View[S, A, V]  # the game's renderers, with the record's types
    known: list[Fact] = field(default_factory=list)
    _steps: tuple[S, Stepwise] | None = None

    def say(self, key: str, **kw: Any) -> str:
        return SAY[self.lang][key].format(**kw)

    def paint(self, text: str, colour: str) -> str:
        return click.style(text, fg=colour) if self.colour else text

    # ---- one line of input -------------------------------------------------------
    def loop(self, lines: Iterable[str]) -> None:
        """Every line until ``quit`` or the input ends: no line ends the session."""
        for raw in lines:
            if not self.handle(raw):
                break

    def handle(self, raw: str) -> bool:
        """Act on one input line; False when the session should end.  Whatever goes
        wrong is said and the session goes on: the record changes only by whole lines."""
        from suiri.solver.errors import SuiriError

        try:
            return self.act(raw)
        except SuiriError as exc:
            self.refuse(exc)
        except OSError as exc:
            self.echo(self.paint(self.say("cannot-write", file=exc.filename or self.record.path,
                                          reason=exc.strerror or exc), "red"))
        except KeyboardInterrupt:  # Ctrl-C during a long answer (hint, explain)
            self.echo(self.say("interrupted"))
        except Exception as exc:  # noqa: BLE001 - a bug must not end the game at the table
            self.echo(self.paint(self.say("internal", error=f"{type(exc).__name__}: {exc}"), "red"))
        return True

    def act(self, raw: str) -> bool:
        line = raw.strip()
        if not line:
            return True
        if line.startswith(">"):
            self.event(line[1:].strip())
            return True
        word, _, rest = line.partition(" ")
        command = WORDS.get(word.lower()) or WORDS.get(word)
        if command is None or not takes(command, rest.strip()):
            self.event(line)  # e.g. Memory Detective's `show aki dai` is an event
            return True
        if command == "quit":
            return False
        actions: dict[str, Callable[[str], None]] = {
            "undo": self.do_undo, "redo": self.do_redo, "show": self.do_show, "hint": self.do_hint,
            "explain": self.do_explain, "advise": self.do_advise, "known": self.do_known,
            "save": self.do_save, "help": self.do_help}
        actions[command](rest.strip())
        return True

    def event(self, line: str) -> None:
        from suiri.solver.errors import SuiriError

        before = self.record.position
        try:
            after = self.record.add(line)
        except SuiriError as exc:
            self.refuse(exc)
            return
        self.summary(before, after)

    def refuse(self, exc: SuiriError) -> None:
        from suiri.solver.errors import ErrorList

        self.echo(self.paint(self.say("refused"), "red"))
        for err in exc.errors if isinstance(exc, ErrorList) else [exc]:
            self.echo(f"  {err.render(self.lang)}")

    # ---- what changed ------------------------------------------------------------
    def summary(self, before: Position[R, S, A] | None, after: Position[R, S, A]) -> None:
        session, analysis = after.session, after.analysis
        facts = self.record.game.facts
        total = after.counts.total
        self.echo(self.paint(self.say("accepted", lines=len(self.record.lines),
                                      worlds=readable_count(total, self.lang), kind=facts.world_name), "green"))
        shown = self.view
        new = [f for f in analysis.certain if before is None or f not in before.analysis.certain]
        if new:
            self.echo(self.say("new-facts" if before is not None else "certain"))
            for f in new[:6]:
                self.echo("  " + self.paint(shown.fact(session, f, self.lang), "cyan"))
            if len(new) > 6:
                self.echo(f"  … +{len(new) - 6}")
        if before is not None:
            moves = biggest_moves(before.analysis.chances(), analysis.chances(), set(analysis.certain))
            if moves:
                self.echo(self.say("moved"))
                for fact, old, now in moves:
                    self.echo(f"  {shown.fact(session, fact, self.lang)}: {percent(old)} → {percent(now)}")
        for row in shown.picture(analysis, self.lang, colour_on=self.colour):
            self.echo(row)

    # ---- commands ----------------------------------------------------------------
    def do_undo(self, _: str) -> None:
        line = self.record.undo()
        if line is None:
            self.echo(self.say("nothing-to-undo"))
            return
        self.echo(self.say("undone", line=line))
        self.echo(self.say("accepted", lines=len(self.record.lines), kind=self.record.game.facts.world_name,
                           worlds=readable_count(self.record.position.counts.total, self.lang)))

    def do_redo(self, _: str) -> None:
        before = self.record.position
        line = self.record.redo()
        if line is None:
            self.echo(self.say("nothing-to-redo"))
            return
        self.echo(self.say("redone", line=line))
        self.summary(before, self.record.position)

    def do_show(self, _: str) -> None:
        self.echo(self.view.analysis(self.record.position.analysis, self.lang))

    def do_hint(self, rest: str) -> None:
        from suiri.solver.reasoning import hint

        if rest and (not rest.isdigit() or not 1 <= int(rest) <= 4):
            self.echo(self.say("level"))
            return
        session = self.record.position.session
        reasoner = self.record.game.reasoner(session)
        known = [f for f in self.known if self.proven(f)]  # an undo may have taken a fact's proof back
        result = hint(reasoner, known, self.steps())
        self.echo(self.view.hint(session, result, int(rest or 1), self.lang))

    def do_explain(self, rest: str) -> None:
        from suiri.solver.reasoning import explain

        fact = self.fact_from(rest, "explain")
        if fact is None:
            return
        session = self.record.position.session
        proof = explain(self.record.game.reasoner(session), fact, self.steps())
        self.echo(self.view.proof(session, proof, self.lang))

    def do_known(self, rest: str) -> None:
        """Note a fact the player worked out, only if the record proves it; otherwise
        say its chance."""
        from suiri.solver.probability import fact_probability

        fact = self.fact_from(rest, "known")
        if fact is None:
            return
        if not self.proven(fact):
            reasoner = self.record.game.reasoner(self.record.position.session)
            if fact.subject in reasoner.engine.model.subjects:
                chance = percent(fact_probability(reasoner, fact))
                self.echo(self.say("known-uncertain", fact=str(fact), chance=chance))
            else:  # a fact a step may state (what a square's card carries): no chance of its own
                self.echo(self.say("known-unproven", fact=str(fact)))
            return
        if fact not in self.known:
            self.known.append(fact)
        self.echo(self.say("known-added", fact=str(fact)))

    def proven(self, fact: Fact) -> bool:
        """Whether the record as it stands proves ``fact``: what ``hint`` asks of a
        known fact (``check_known``)."""
        from suiri.solver.errors import FactError
        from suiri.solver.reasoning import check_known

        reasoner = self.record.game.reasoner(self.record.position.session)
        try:
            check_known(reasoner, [fact], self.record.position.analysis.certain, self.steps)
        except FactError:
            return False
        return True

    def do_advise(self, _: str) -> None:
        session = self.record.position.session
        result = self.record.game.advise(session)
        self.echo(self.view.advice(session, result, self.lang))

    def do_save(self, rest: str) -> None:
        if rest:
            from suiri.models.live import LiveRecord

            copy = LiveRecord(Path(rest), self.record.game, list(self.record.lines), self.record.position)
            try:
                copy.save()
            except OSError as exc:
                self.echo(self.paint(self.say("cannot-write", file=rest, reason=exc.strerror or exc), "red"))
                return
            self.echo(self.say("saved", file=rest))
            return
        self.record.save()
        self.echo(self.say("saved", file=self.record.path))

    def do_help(self, _: str) -> None:
        self.echo(self.say("help"))
        for name, (ja, en_help, ja_help) in COMMANDS.items():
            words = " / ".join((name, *ja))
            self.echo(f"  {pad(words, 24)} {ja_help if self.lang == 'ja' else en_help}")
        self.echo(self.say("help-line"))
        self.echo(self.say("examples"))
        for line, comment in event_examples(self.record.game.facts.name):
            # the notation's comments are English: the Japanese help shows the lines alone
            self.echo(f"  {pad(line, 44)} # {comment}" if comment and self.lang == "en" else f"  {line}")

    def fact_from(self, text: str, command: str) -> Fact | None:
        """Parse a fact for ``explain``/``known`` as the command line does (a hint's
        intermediate fact too); a bad one is raised, and said by ``handle``."""
        from suiri.cli.facts import parse_facts
        from suiri.solver.errors import SuiriError

        if not text:
            example = self.record.position.analysis.certain[0] if self.record.position.analysis.certain else "…"
            self.echo(self.say("needs-fact", command=command, example=example))
            return None
        reasoner = self.record.game.reasoner(self.record.position.session)
        try:
            return parse_facts(reasoner, str(self.record.path), [text], command)[0]
        except SuiriError:  # perhaps a fact a step states: the step-wise explainer reads those (slower to build)
            return parse_facts(reasoner, str(self.record.path), [text], command, self.steps())[0]

    def steps(self) -> Stepwise:
        """The step-wise explainer of the current position (built once per position:
        its clause export is the slow part)."""
        session = self.record.position.session
        if self._steps is None or self._steps[0] is not session:
            self._steps = (session, self.record.game.steps(session))
        return self._steps[1]


def takes(command: str, rest: str) -> bool:
    """Whether ``rest`` fits ``command``: a word that is also an event's first word
    (`show` in Memory Detective) is a command only when nothing an event needs follows."""
    if command in ("explain", "known", "save"):
        return True
    if command == "hint":
        return rest == "" or rest.isdigit()
    return rest == ""


def biggest_moves(old: dict[Fact, Fraction], new: dict[Fact, Fraction],
                  certain: set[Fact]) -> list[tuple[Fact, Fraction, Fraction]]:
    """The facts whose chance moved most (at least one point), certain ones left out
    (they are printed as certain); ties by name so the output is stable."""
    moved = [(f, old[f], p) for f, p in new.items()
             if f in old and abs(p - old[f]) >= Fraction(1, 100) and f not in certain
             and f.negate() not in certain and p not in (0, 1)]
    moved.sort(key=lambda m: (-abs(m[2] - m[1]), str(m[0])))
    return moved[:MOVES_SHOWN]


def event_examples(name: str) -> list[tuple[str, str]]:
    """One example line of each kind of event, with its comment, from the example in
    the notation's own docstring (``Game.notation_help``, ``models/<game>/notation.py``), so that help cannot
    drift from the notation: its lines that are not setup lines, one per first word
    where that word is the notation's (``search``, ``deduce``), every turn otherwise
    (a turn starts with a player: the example shows each kind of turn once)."""
    from suiri.models import game

    played = game(name)
    example = played.notation_help.split("::", 1)[-1]
    heads = set(played.heads)
    out: list[tuple[str, str]] = []
    players: list[str] = []
    seen: set[str] = set()
    for raw in example.splitlines():
        if raw.strip() and not raw.startswith("    "):
            break  # the end of the indented example
        code, _, comment = raw.strip().partition("#")
        words = code.split()
        if not words:
            continue
        if words[0] == name:
            players = words[1:]
        if words[0] in heads - {"search"} or words[0] in seen:
            continue
        if words[0] not in players:
            seen.add(words[0])
        out.append((code.strip(), comment.strip()))
    return out


# ---- reading lines ---------------------------------------------------------------
def terminal_lines(prompt: str, live: Live[R, S, A, V], history: Path | None,
                   words: Callable[[str], tuple[str, list[str]]] | None = None,
                   interrupt_ends: bool = False) -> Iterator[str]:
    """Lines from a person at a terminal: history, completion of every word in its
    context (``completion``; ``words``: another source of them, ``suiri play``'s
    options), Ctrl-C drops the line (``interrupt_ends``: it ends the lines, as Ctrl-D)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from suiri.cli.completion import complete
    from suiri.cli.line_completer import LineCompleter

    if history is not None:
        history.parent.mkdir(parents=True, exist_ok=True)
    session: PromptSession[str] = PromptSession(
        history=FileHistory(str(history)) if history is not None else InMemoryHistory(),
        completer=LineCompleter(words or (lambda text: complete(live.record, live.view.events, text, WORDS))),
        complete_while_typing=False)
    while True:
        try:
            yield session.prompt(prompt)
        except KeyboardInterrupt:
            if interrupt_ends:
                return
            continue  # Ctrl-C loses only the line being typed
        except EOFError:
            return


def piped_lines() -> Iterator[str]:
    """Lines from a pipe or a file (scripts, tests): no prompt, no editing; each is
    echoed after ``> `` so a transcript reads like the session.  Bytes that are not
    UTF-8 read as U+FFFD (a line with them is refused, not the end of the session)."""
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
    for line in sys.stdin:
        click.echo(f"> {line.rstrip()}")
        yield line.rstrip("\n")


def history_file() -> Path | None:
    """Where typed lines are remembered between sessions (XDG state folder)."""
    if os.environ.get("SUIRI_NO_HISTORY"):
        return None
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "suiri" / "live-history"


def interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def run(path: str, lang: str, plain: bool) -> None:
    """The ``suiri live`` command: open or create the record, then read lines with the
    record's game and its view, typed together (``VIEWS[name].use``)."""
    from suiri.models import read_record, record_game

    person = interactive()
    colour = person and not plain and not os.environ.get("NO_COLOR")
    piped = piped_lines()
    if not Path(path).exists():  # written at once, then read back as any record is
        setup(path, lang, ask_person if person else lambda prompt, default: piped_answer(piped, lang))
    doc = read_record(path)
    VIEWS[record_game(doc).facts.name].use(Session(path, doc, lang, colour, None if person else piped))


@dataclass(frozen=True)
class Session:
    """``suiri live`` on one record, run with its game and view (a ``Command``)."""

    path: str
    doc: TomlDocument
    lang: str
    colour: bool
    piped: Iterator[str] | None  # None: a person at a terminal

    def __call__(self, game: Game[R, S, A, V], shown: View[S, A, V], /) -> None:
        from suiri.models.live import reopen

        record = reopen(Path(self.path), game, self.doc)
        live = Live(record, self.lang, click.echo, self.colour, shown)
        facts = game.facts
        live.echo(live.say("opened", game=facts.title_ja if self.lang == "ja" else facts.title_en, file=self.path,
                           lines=len(record.lines)))
        live.summary(None, record.position)
        live.loop(terminal_lines(f"{facts.name}> ", live, history_file()) if self.piped is None else self.piped)
        live.echo(live.say("bye", file=self.path))


def ask_person(prompt: str, default: str) -> str:
    """One answer at a terminal, the default already typed in to be edited."""
    from prompt_toolkit import prompt as read

    try:
        return read(prompt, default=default)
    except (KeyboardInterrupt, EOFError):
        raise click.Abort() from None


def piped_answer(lines: Iterator[str], lang: str) -> str:
    """A setup answer from a pipe: the next line (an empty one takes the default);
    the input ending before the setup is complete ends the command, status 2."""
    answer = next(lines, None)
    if answer is None:
        click.echo(SAY[lang]["setup-eof"], err=True)
        sys.exit(2)
    return answer


def setup(path: str, lang: str, ask: Callable[[str, str], str]) -> LiveRecord[Any, Any, Any, Any]:
    """Ask for the game, the players and the seat, then each of the game's other setup
    lines (``Game.setup_lines``, typed in to be edited: words in capitals are to be
    replaced, and what is offered, such as Canary's start corners, may be changed; an
    empty answer keeps it); a refused setup is said and its line asked again."""
    from suiri.models import GAMES, facts, game
    from suiri.models.live import LiveRecord
    from suiri.solver.errors import ErrorList, SuiriError

    say = SAY[lang]
    click.echo(say["new-file"].format(file=path))
    names = list(GAMES)
    name = ""
    while name not in names:
        name = ask(f"{say['ask-game']} ({'/'.join(names)}): ", names[0]).strip() or names[0]
    about = facts(name)
    players: list[str] = []
    while len(players) not in about.players:
        players = ask(f"{say['ask-players']}: ", "").split()
    seat = ""
    while seat not in (*players, "none"):
        seat = ask(f"{say['ask-seat']}: ", players[0]).strip() or players[0]
    lines = game(name).setup_lines(tuple(players), None if seat == "none" else seat)
    click.echo(say["ask-header"].format(example="; ".join(lines)))
    lines = [lines[0], *(ask(f"{n}> ", line).strip() or line for n, line in enumerate(lines[1:], 2))]
    while True:
        try:
            return LiveRecord.start(path, name, lines)
        except SuiriError as exc:
            errors = exc.errors if isinstance(exc, ErrorList) else [exc]
            for err in errors:
                click.echo(f"  {err.render(lang)}")
            at = errors[0].source.line if errors[0].source and errors[0].source.line else len(lines)
            lines[at - 1] = ask(f"{at}> ", lines[at - 1]).strip() or lines[at - 1]
