"""``suiri play``: a game against bots in the terminal, suiri as the table.

suiri deals (``Game.seating``), keeps what is hidden hidden, plays the bots' choices and
asks the person only for its own seat's decisions, through ``play_game`` (the one game
loop: the person is the ``Human`` bot of its seat, a ``Seat``: the saved choices replayed,
then the next one asked; the web app's seat, ``cli/web/play.py``, stops the loop there).
At each of its decisions the person sees its record as its seat writes it (the lines new
since the last decision, what became certain, the game's picture), the options numbered in
the game's words (``cli/play_options.py``), and may type a live-session command: the
commands are ``suiri live``'s own (``cli/live.py``'s ``Live``), with ``Prompt`` taking a
choice where ``live`` takes an event, and ``undo`` going back to the start of the
person's move.

The game is saved after every choice (``Saved``: the seed, the seats, the bots and the
person's choices, a small TOML; docs/play.md); the bots are seeded from the game's
seed, so ``--resume`` replays the same game to the same point.  At the end the person's
record is written beside the save file (for ``suiri report``) and the review is printed
(``models/review.py``, ``cli/review.py``).
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic

import click

from suiri.cli.live import Live, interactive, piped_lines, terminal_lines
from suiri.cli.messages import ErrorText
from suiri.cli.views import VIEWS, View
from suiri.models import GAMES
from suiri.models.interface import A, R, S, V
from suiri.solver.errors import Named, Source, SuiriError

if TYPE_CHECKING:  # pragma: no cover
    from suiri.models.bots import Bot, Decision, Outcome, Seating
    from suiri.models.interface import Game
    from suiri.models.live import LiveRecord, Position
    from suiri.models.review import Recorder

    from .play_options import Named as Option

SAY: dict[str, dict[str, str]] = {
    "en": {
        "start": "suiri play: {game}, {players} players. You are {seat} (seat {k}); {bots}.",
        "bot": "{seat} is the {bot} bot",
        "saving": "Seed {seed}. The game is saved after every choice in {file}.",
        "resumed": "Resumed {file}: {n} of your choices replayed.",
        "your-turn": "── {seat}, your choice ──",
        "options": "Options (a number or the words in brackets; `help` lists the commands):",
        "group": "{verb} … ({n} options: type the words, e.g. {example})",
        "coach": "coach:",
        "not-option": "✗ not an option: {line}",
        "not-option-valid": "  type a number from 1 to {n}, the words of an option (e.g. {example}), or `help`",
        "chose": "→ {choice}",
        "undone": "↶ back to the start of your move",
        "nothing-to-undo": "nothing to take back: undo goes back to the start of your own move",
        "no-redo": "redo is not kept in a game: choose again",
        "saved": "the game is saved in {file}",
        "left": "The game is saved in {file}. To go on: suiri play --resume {file}",
        "over": "The game is over.",
        "forfeit": "The game stopped: {seat}'s bot failed ({error}).",
        "draw": "The game stopped after {n} choices without an end.",
        "record": "Your seat's record: {file} (suiri report {file} --html page.html)",
        "help": "Commands (Japanese words work too):",
        "help-choose": "Anything else chooses an option: its number or its words.",
        "help-undo": "back to the start of your move",
        "help-quit": "leave (the game is saved: suiri play --resume FILE goes on)",
    },
    "ja": {
        "start": "suiri play：{game}、{players}人。あなたは {seat} ({k}番目の席)。{bots}。",
        "bot": "{seat} は {bot} ボット",
        "saving": "シード {seed}。選ぶたびに {file} に保存します。",
        "resumed": "{file} を再開：あなたの選択 {n} 回を再現しました。",
        "your-turn": "── {seat} の番です ──",
        "options": "選択肢 (番号か [ ] 内の語で。コマンドは help):",
        "group": "{verb} … (選択肢 {n} 個：語で入力、例 {example})",
        "coach": "コーチ：",
        "not-option": "✗ 選択肢にありません：{line}",
        "not-option-valid": "  1〜{n} の番号、選択肢の語 (例 {example})、または help を入力してください",
        "chose": "→ {choice}",
        "undone": "↶ この手番の最初に戻りました",
        "nothing-to-undo": "取り消せるものがありません (undo で戻れるのは自分の手番の最初まで)",
        "no-redo": "ゲームでは redo はありません。もう一度選んでください",
        "saved": "ゲームは {file} に保存済みです",
        "left": "ゲームは {file} に保存しました。続きは: suiri play --resume {file}",
        "over": "ゲーム終了。",
        "forfeit": "ゲームは中断しました：{seat} のボットが失敗 ({error})。",
        "draw": "{n} 回選んでも終わらないので、ゲームを止めました。",
        "record": "あなたの席の記録：{file} (suiri report {file} --html page.html)",
        "help": "コマンド (英語でも日本語でも):",
        "help-choose": "それ以外の入力は選択肢を選びます：番号か、選択肢の語。",
        "help-undo": "自分の手番の最初に戻る",
        "help-quit": "終わる (ゲームは保存済み：suiri play --resume FILE で続きから)",
    },
}

FAMILY = 12  # more options of one kind than this are shown as their words, not one by one


@dataclass
class Saved:
    """A game in progress as saved (docs/play.md): enough to replay it to the same point."""

    game: str
    players: int
    variant: str
    seed: int
    seat: int  # the person's seat, from 1 in turn order
    bots: tuple[str, ...]  # the other seats' bots, in turn order
    choices: list[int] = field(default_factory=list)  # the person's choices, option numbers from 1

    def toml(self) -> str:
        bots = ", ".join(f'"{b}"' for b in self.bots)
        return ("# suiri play: a game against bots, saved after every choice (docs/play.md).\n"
                f"# Go on with: suiri play --resume FILE\n"
                f'game = "{self.game}"\nplayers = {self.players}\nvariant = "{self.variant}"\nseed = {self.seed}\n'
                f"seat = {self.seat}\nbots = [{bots}]\nchoices = [{', '.join(map(str, self.choices))}]\n")


def read_saved(path: str) -> Saved:
    """A save file, each field checked (``file:line: field``, what is wrong, what is valid)."""
    from suiri.solver.records import read_toml

    doc = read_toml(path)

    def value(key: str, kind: type, what: str) -> Any:
        got = doc.data.get(key)
        if not isinstance(got, kind) or isinstance(got, bool):
            raise SuiriError(ErrorText("save:field", kind=ErrorText(what)), doc.lines.source((), key))
        return got

    def listed(key: str, kind: type, what: str) -> list[Any]:
        got = value(key, list, what)
        if not all(isinstance(x, kind) and not isinstance(x, bool) for x in got):
            raise SuiriError(ErrorText("save:field", kind=ErrorText(what)), doc.lines.source((), key))
        return got

    name = value("game", str, "save:kind-text")
    if name not in GAMES:
        from suiri.solver.errors import unknown_name

        raise unknown_name("game", name, list(GAMES), doc.lines.source((), "game"), error=SuiriError)
    saved = Saved(name, value("players", int, "save:kinds"), value("variant", str, "save:kind-text"),
                  value("seed", int, "save:kinds"), value("seat", int, "save:kinds"),
                  tuple(listed("bots", str, "save:kind-list")), listed("choices", int, "save:kind-numbers"))
    check(saved, lambda key: doc.lines.source((), key))
    return saved


class Rewind(BaseException):
    """The person took back its move: replay the game with these choices.  (Not an
    ``Exception``: it passes through ``play_game``, which makes a bot's error a forfeit.)"""

    def __init__(self, choices: list[int]) -> None:
        super().__init__()
        self.choices = choices


class Leave(BaseException):
    """The person left (``quit``, the input ended): the game is saved."""


class Failed(BaseException):
    """An error while the person's seat chose (a save file's choice that is no option):
    carried through ``play_game`` (which would make it the person's forfeit) to be said."""

    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error


class Prompt(Live[R, S, A, V]):
    """The live session's commands at one of the person's decisions; what is not a command
    is a choice (``event``)."""

    human: Human[R, S, A, V]

    def event(self, line: str) -> None:
        self.human.take(line)

    def do_undo(self, _: str) -> None:
        self.human.undo()

    def do_redo(self, _: str) -> None:
        self.echo(self.human.say("no-redo"))

    def do_save(self, _: str) -> None:
        self.human.save()
        self.echo(self.human.say("saved", file=self.human.path))

    def do_help(self, rest: str) -> None:
        from suiri.cli.layout import pad
        from suiri.cli.live import COMMANDS

        self.echo(self.human.say("help"))
        for name, (ja, en_help, ja_help) in COMMANDS.items():
            if name not in ("redo", "save"):
                said = SAY[self.lang].get(f"help-{name}", ja_help if self.lang == "ja" else en_help)
                self.echo(f"  {pad(' / '.join((name, *ja)), 24)} {said}")
        self.echo(self.human.say("help-choose"))
        self.human.show_options()


@dataclass
class Seat(Generic[R]):
    """The person's seat as a ``Bot``: its saved choices replayed, then ``ask`` for the
    next (the terminal prompts for it; the web app stops the game there, ``cli/web/play.py``).
    It watches the game (``play_game``'s watcher) to know where the person's move began."""

    seat: str
    path: Path  # the save file (named in a replayed choice's error)
    recorder: Recorder[R]
    replay: list[int]  # the saved choices still to replay, option numbers from 1
    made: list[int] = field(default_factory=list)
    start: int = 0  # len(made) when the person's move began
    last: str | None = None  # the seat that chose last

    def watch(self, decision: Decision[Any, Any], choice: object, /) -> None:
        self.recorder(decision, choice)
        self.last = decision.seat

    def choose(self, decision: Decision[Any, Any]) -> object:
        try:
            if self.last != self.seat:
                self.start = len(self.made)
            if self.replay:
                n = self.replay.pop(0)
                if not 1 <= n <= len(decision.options):
                    raise SuiriError(ErrorText("save:choice", n=len(self.made) + 1, choice=n),
                                     Source(str(self.path), None, "choices"),
                                     ErrorText("save:choice-valid", count=len(decision.options)))
                self.made.append(n)
                return decision.options[n - 1]
            return self.ask(decision)
        except Exception as exc:  # noqa: BLE001 - not the person's forfeit: said by the caller
            raise Failed(exc) from exc

    def ask(self, decision: Decision[Any, Any]) -> object:
        """The person's choice at ``decision``, once the saved ones are replayed."""
        raise NotImplementedError

    def rewound(self) -> list[int] | None:
        """The choices made before the person's move began (``undo`` replays them), or None
        when the move has no choice yet to take back."""
        return self.made[: self.start] if len(self.made) > self.start else None


@dataclass(kw_only=True)
class Human(Seat[R], Generic[R, S, A, V]):
    """The person at a terminal: each decision asked at a prompt."""

    game: Game[R, S, A, V]
    view: View[S, A, V]
    seating: Seating[Any, Any, R]
    saved: Saved
    lang: str
    coach: bool
    colour: bool
    lines: Iterator[str] | None  # None: a person at a terminal (prompt_toolkit)
    shown: list[str] = field(default_factory=list)  # the record lines shown so far
    position: Position[R, S, A] | None = None
    decision: Decision[Any, Any] | None = None
    options: list[Option] = field(default_factory=list)
    chosen: object = None
    prompt: Prompt[R, S, A, V] | None = None
    reader: Iterator[str] | None = None

    def say(self, key: str, **kw: object) -> str:
        return SAY[self.lang][key].format(**kw)

    def save(self) -> None:
        from suiri.models.live import write_atomically

        write_atomically(self.path, replace(self.saved, choices=[*self.made, *self.replay]).toml())

    # ---- one decision ------------------------------------------------------------------
    def ask(self, decision: Decision[Any, Any]) -> object:
        from .play_options import named

        self.decision, self.options, self.chosen = decision, named(self.game.facts.name, decision), None
        self.present()
        prompt = self.live()
        for raw in self.read(prompt):
            if not prompt.handle(raw):
                raise Leave()
            if self.chosen is not None:
                self.made.append(list(decision.options).index(self.chosen) + 1)
                self.save()
                return self.chosen
        raise Leave()  # the input ended

    def live(self) -> Prompt[R, S, A, V]:
        """The live session on the person's record as it stands."""
        from suiri.models.live import LiveRecord

        assert self.position is not None
        record: LiveRecord[R, S, A, V] = LiveRecord(record_path(self.path), self.game, list(self.shown), self.position)
        if self.prompt is None:
            self.prompt = Prompt(record, self.lang, click.echo, self.colour, self.view)
            self.prompt.human = self
        else:
            self.prompt.record = record
        return self.prompt

    def read(self, prompt: Prompt[R, S, A, V]) -> Iterator[str]:
        if self.reader is None:
            self.reader = self.lines if self.lines is not None else terminal_lines(
                f"{self.seat}> ", prompt, None, self.completions, interrupt_ends=True)
        return self.reader

    def completions(self, text: str) -> tuple[str, list[str]]:
        from suiri.cli.completion import split
        from suiri.cli.live import WORDS

        before, word = split(text)
        typed = " ".join(before)
        offered = {o.key.split()[len(before)] for o in self.options
                   if len(o.key.split()) > len(before) and " ".join(o.key.split()[:len(before)]) == typed}
        if not before:
            offered |= set(WORDS)
        return word, sorted(w for w in offered if w.startswith(word))

    def present(self) -> None:
        """What the person sees before choosing: the new lines of its record, what changed,
        the picture, what the move shows, the options and the coach's advice."""
        from suiri.models.live import Position

        from .play_options import context

        record = self.seating.record_for(self.seat)
        session = self.game.open(record)
        before = self.position
        self.position = Position(session, session.check(), self.game.analyze(session), record)
        lines = self.game.write(record, "compact").splitlines()
        click.echo()
        for line in news(lines, self.shown):
            click.echo(f"  {line}")
        changed = lines != self.shown
        self.shown = lines
        click.echo(self.say("your-turn", seat=self.seat))
        if changed:  # (not again for the second choice of one move: Canary's declaration)
            self.live().summary(before, self.position)
        assert self.decision is not None
        seen = context(self.game.facts.name, self.decision, self.lang)
        if seen:
            click.echo(seen)
        self.show_options()
        if self.coach and len(self.options) > 1:  # (one option: nothing to advise)
            click.echo(self.say("coach"))
            click.echo(best(self.view.advice(session, self.game.advise(session), self.lang)))

    def families(self) -> dict[str, list[int]]:
        """The options' indices by their first word, in the order offered."""
        families: dict[str, list[int]] = {}
        for i, o in enumerate(self.options):
            families.setdefault(o.key.split()[0], []).append(i)
        return families

    def numbered(self) -> list[int]:
        """The options given a number (1, 2, ...): all but a large family (Detective's 729
        triples), which is typed as words, so that the few others are not numbered 730 on."""
        return [i for members in self.families().values() if len(members) <= FAMILY for i in members]

    def show_options(self) -> None:
        """The options numbered; a large family of them (Detective's triples) as its words."""
        from suiri.cli.layout import pad

        click.echo(self.say("options"))
        for verb, members in self.families().items():
            if len(members) > FAMILY:
                keys = [self.options[i].key.split() for i in members]
                slots = ["{" + "|".join(dict.fromkeys(k[j] for k in keys if len(k) > j)) + "}"
                         for j in range(1, max(map(len, keys)))]
                click.echo(f"      {verb} {' '.join(slots)}")
                click.echo("      " + self.say("group", verb=verb, n=len(members), example=self.options[members[0]].key))
        for number, i in enumerate(self.numbered(), 1):
            o = self.options[i]
            click.echo(f"  {number:>3}. {pad(o.say(self.lang), 44)} [{o.key}]")

    def take(self, line: str) -> None:
        """A choice typed: a number, or an option's words (either language); anything else
        is said and nothing changes."""
        text = " ".join(line.split()).casefold()
        found = None
        numbered = self.numbered()
        if re.fullmatch(r"\d+", text) and 1 <= int(text) <= len(numbered):
            found = numbered[int(text) - 1]
        else:
            for i, o in enumerate(self.options):
                if text in (o.key.casefold(), o.en.casefold(), o.ja.casefold()):
                    found = i
                    break
        assert self.decision is not None
        if found is None:
            click.echo(self.paint(self.say("not-option", line=line.strip())))
            click.echo(self.say("not-option-valid", n=len(numbered), example=self.options[0].key))
            return
        click.echo(self.say("chose", choice=self.options[found].say(self.lang)))
        self.chosen = list(self.decision.options)[found]

    def paint(self, text: str) -> str:
        return click.style(text, fg="red") if self.colour else text

    def undo(self) -> None:
        back = self.rewound()
        if back is not None:
            click.echo(self.say("undone"))
            raise Rewind(back)
        click.echo(self.say("nothing-to-undo"))


@dataclass(frozen=True)
class Playing:
    """``suiri play`` on one game, run with the game's types (a ``Command``)."""

    saved: Saved
    path: Path
    lang: str
    coach: bool
    colour: bool
    lines: Iterator[str] | None
    resumed: bool

    def __call__(self, game: Game[R, S, A, V], view: View[S, A, V], /) -> None:
        from suiri.models.bots import play_game
        from suiri.models.review import Recorder, review

        from .review import render

        saved = self.saved
        facts = game.facts
        choices = list(saved.choices)
        first = True
        while True:
            seating = game.seating(saved.players, saved.seed, saved.variant)
            seats = seating.players
            me, bots, players = seated(game, saved, seats)
            recorder = Recorder(seating, me)
            human = Human(me, self.path, recorder, list(choices), game=game, view=view, seating=seating, saved=saved,
                          lang=self.lang, coach=self.coach, colour=self.colour, lines=self.lines)
            if first:
                title = facts.title_ja if self.lang == "ja" else facts.title_en
                said = SAY[self.lang]
                click.echo(said["start"].format(game=title, players=len(seats), seat=me, k=saved.seat,
                                                bots=("、" if self.lang == "ja" else ", ").join(
                                                    said["bot"].format(seat=p, bot=b) for p, b in bots.items())))
                click.echo(said["saving"].format(seed=saved.seed, file=self.path))
                if self.resumed:
                    click.echo(said["resumed"].format(file=self.path, n=len(choices)))
                first = False
            human.save()
            try:
                outcome = play_game(seating, {**players, me: human}, watch=human.watch)
            except Rewind as back:
                choices = back.choices
                continue
            except Failed as failed:
                raise failed.error from None
            except (Leave, KeyboardInterrupt):
                human.save()
                click.echo()
                click.echo(human.say("left", file=self.path))
                return
            break
        recorder.resolve(over=True)
        self.end(game, view, seating, me, outcome, human)
        click.echo()
        result = review(game, recorder, bots, outcome.winners, outcome.ending, saved.seed)
        for line in render(result, game, view, self.lang):
            click.echo(line)

    def end(self, game: Game[R, S, A, V], view: View[S, A, V], seating: Seating[Any, Any, R], me: str,
            outcome: Outcome, human: Human[R, S, A, V]) -> None:
        """The game's end from the person's seat, and its record written for ``suiri report``."""
        from suiri.models.live import write_atomically

        record = seating.record_for(me)
        session = game.open(record)
        click.echo()
        for line in news(game.write(record, "compact").splitlines(), human.shown):
            click.echo(f"  {line}")
        said = SAY[self.lang]
        rows = view.picture(game.analyze(session), self.lang, colour_on=self.colour)
        over = view.game_over(session, self.lang)
        if outcome.ending == "forfeit" and outcome.forfeit is not None:
            click.echo(said["forfeit"].format(seat=outcome.forfeit.seat, error=outcome.forfeit.error))
        elif outcome.ending == "draw":
            click.echo(said["draw"].format(n=outcome.choices))
        elif over is None or over in rows:
            click.echo(said["over"])
        if over is not None and over not in rows:
            click.echo(over)
        for row in rows:
            click.echo(row)
        written = record_path(self.path)
        write_atomically(written, game.write(record, "toml"))
        click.echo(said["record"].format(file=written))


def seated(game: Game[R, S, A, V], saved: Saved, seats: tuple[str, ...]) -> tuple[str, dict[str, str], dict[str, Bot[Any, Any]]]:
    """The person's seat, each other seat's strategy and its bot, seeded from the game's
    seed and the seat (the same game replays the same)."""
    me = seats[saved.seat - 1]
    names = dict(zip([p for p in seats if p != me], saved.bots, strict=True))
    return me, names, {p: game.bots[b](p, random.Random(f"suiri play {saved.seed} {p}")) for p, b in names.items()}


def news(lines: list[str], shown: list[str]) -> list[str]:
    """The lines of a record not yet shown: from the first that differs (a turn in
    progress is one line that grows: Werewolf's ``aki drew vote``)."""
    same = next((i for i, (a, b) in enumerate(zip(lines, shown, strict=False)) if a != b), min(len(lines), len(shown)))
    return lines[same:]


def best(advice: str) -> str:
    """The advice down to its best move: the views number the moves they advise (``1.``,
    ``2.``); the text before the second one."""
    lines = advice.splitlines()
    cut = next((i for i, line in enumerate(lines) if line.lstrip().startswith("2.")), len(lines))
    return "\n".join(lines[:cut])


def record_path(path: Path) -> Path:
    """Where the person's record goes: beside the save file (``x.toml`` → ``x.record.toml``)."""
    return path.with_name(path.stem + ".record.toml")


def new_game(name: str, players: int | None, seat: int, bots: str | None, seed: int | None,
             variant: str | None) -> Saved:
    """A new game's setup, checked (``check``): the listed bots in turn for the other seats
    (default: the reasoner where the game has one, else random)."""
    from suiri.models import game

    played = game(name)
    about = played.facts
    count = players if players is not None else 4 if 4 in about.players else about.players.start
    names = [b.strip() for b in bots.split(",")] if bots else ["reasoner" if "reasoner" in played.bots else "random"]
    saved = Saved(name, count, variant or about.variants[0],
                  seed if seed is not None else random.SystemRandom().randrange(1, 10**6), seat,
                  tuple(names[i % len(names)] for i in range(count - 1)))
    check(saved, lambda _: None)
    return saved


def check(saved: Saved, where: Callable[[str], Source | None]) -> None:
    """Raise unless the rules allow the players and the variant, the seat is one of them
    and each other seat has a bot the game has; ``where``: the save file's place of a field
    (None: the command line's options)."""
    from suiri.models import game

    played = game(saved.game)
    about = played.facts
    try:
        played.seating(saved.players, saved.seed, saved.variant)  # the players and the variant, in the game's words
    except SuiriError as exc:
        source = where("players")
        raise exc if source is None else exc.at(source) from None
    if not 1 <= saved.seat <= saved.players:
        raise SuiriError(ErrorText("play:seat", seat=saved.seat, n=saved.players), where("seat"),
                         f"1..{saved.players}")
    if len(saved.bots) != saved.players - 1:
        raise SuiriError(ErrorText("save:bots", n=saved.players - 1), where("bots"))
    for b in saved.bots:
        if b not in played.bots:
            raise SuiriError(ErrorText("play:bot", game=Named(about.title_en, about.title_ja), bot=repr(b)),
                             where("bots"), ", ".join(played.bots))


def default_path(saved: Saved) -> Path:
    return Path(f"play-{saved.game}-{saved.seed}.toml")


def run(name: str | None, players: int | None, seat: int, bots: str | None, seed: int | None, variant: str | None,
        lang: str, coach: bool, save: str | None, resume: str | None, plain: bool,
        given: Mapping[str, object]) -> None:
    """The ``suiri play`` command."""
    if resume is not None:
        extra = [f"--{k}" if k != "name" else "GAME" for k, v in given.items() if v is not None]
        if extra:
            raise SuiriError(ErrorText("play:both", what=", ".join(extra)))
        saved = read_saved(resume)
        path = Path(save or resume)
    else:
        if name is None:
            raise SuiriError(ErrorText("play:no-game"), None, ErrorText("play:no-game-valid"))
        saved = new_game(name, players, seat, bots, seed, variant)
        path = Path(save) if save else default_path(saved)
        if path.exists():  # a game saved there is not played over
            raise SuiriError(ErrorText("play:exists", file=str(path)), None, ErrorText("play:exists-valid", file=str(path)))
    person = interactive()
    colour = person and not plain and not os.environ.get("NO_COLOR")
    VIEWS[saved.game].use(Playing(saved, path, lang, coach, colour, None if person else piped_lines(),
                                  resume is not None))
