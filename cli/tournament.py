"""``suiri tournament``: bots against each other, many games, seats rotated.

This module only talks to the person: it plays the schedule through ``suiri.arena``
(a progress bar on standard error, only at a terminal) and prints the summary as
tables (rich), as one JSON object, as one CSV row per game, and keeps every seat's
record of every game when asked.
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from suiri.solver.errors import Source, SuiriError, Text

if TYPE_CHECKING:  # pragma: no cover
    from suiri.arena import Finished, Played, Summary
    from suiri.arena.stats import Tally

SAY: dict[str, dict[str, str]] = {
    "en": {
        "title": "{game}: {played} games of {planned}, {players} players, bots {bots} (seed {seed})",
        "bot": "bot", "seat": "seat", "games": "games", "wins": "wins", "win-rate": "win rate",
        "ci95": "95% interval", "draws": "draws", "forfeits": "forfeits",
        "by-bot": "Win rates by bot (a bot wins a game when one of its seats wins)",
        "by-seat": "Win rates by seat (and of each bot in that seat)",
        "head-to-head": "Head to head: {first} won {wins} of the {games} games that only one of the two won: "
                        "{rate} (95% interval {low}–{high}).",
        "lengths": "Game length in {unit} (games that ended by the rules): mean {mean}, median {median}, "
                   "middle half {p25}–{p75}, shortest {min}, longest {max}.",
        "no-lengths": "No game ended by the rules.",
        "draws-line": "Draws (the bound on choices ran out): {n}.",
        "forfeit": "Forfeit in game {game} (seed {seed}, seat {seat}, bot {bot}): {error}",
        "interrupted": "Stopped by Ctrl-C after {played} of {planned} games: the figures are of the finished games.",
        "wrote-csv": "wrote {path}: one row per game",
        "wrote-records": "wrote {n} records to {path} (every seat of every game; `suiri analyze` reads them)",
        "progress": "games",
    },
    "ja": {
        "title": "{game}：{planned} 局中 {played} 局、{players} 人、ボット {bots}（シード {seed}）",
        "bot": "ボット", "seat": "席", "games": "局数", "wins": "勝ち", "win-rate": "勝率",
        "ci95": "95% 区間", "draws": "引き分け", "forfeits": "反則負け",
        "by-bot": "ボット別の勝率（ボットの席のどれかが勝てば、そのボットの勝ち）",
        "by-seat": "席別の勝率（その席での各ボットの勝率も）",
        "head-to-head": "直接対決：片方だけが勝った {games} 局のうち {first} が {wins} 局勝ち、{rate}"
                        "（95% 区間 {low}〜{high}）。",
        "lengths": "ゲームの長さ（{unit}、ルールどおり終わった局）：平均 {mean}、中央値 {median}、"
                   "中央の半分 {p25}〜{p75}、最短 {min}、最長 {max}。",
        "no-lengths": "ルールどおり終わった局はありません。",
        "draws-line": "引き分け（選択回数の上限に達した局）：{n} 局。",
        "forfeit": "第 {game} 局で反則負け（シード {seed}、席 {seat}、ボット {bot}）：{error}",
        "interrupted": "Ctrl-C で {planned} 局中 {played} 局で止めました。数字は終わった局のものです。",
        "wrote-csv": "{path} に書き出しました：1 局 1 行",
        "wrote-records": "{path} に記録 {n} 件を書き出しました（全局・全席。`suiri analyze` で読めます）",
        "progress": "局",
    },
}


class TournamentText(Text):
    """An error sentence of ``suiri tournament`` (about its own options)."""

    table = {
        "write:cannot": ("cannot write: {reason}", "書き込めません：{reason}"),
        "write:valid": ("a path in a writable folder", "書き込めるフォルダのパス"),
    }


def pct(x: float | None) -> str:
    return "–" if x is None else f"{x * 100:.1f}%"


def play(game: str, bots: str, games: int, players: int, variant: str | None, workers: int | None,
         scheduler: str | None, seed: int, as_json: bool, csv_path: str | None, records_dir: str | None,
         lang: str) -> tuple[dict[str, Any], bool]:
    """Check the options, play the tournament, print the tables (unless ``as_json``) and
    write the files asked for; the JSON object of the results, and whether Ctrl-C cut the
    tournament short (the caller prints the one and exits 130 on the other)."""
    from suiri.arena import Summary, run, schedule

    names = [b.strip() for b in bots.split(",") if b.strip()]
    fixtures = schedule(game, names, games, players, seed, variant, records=records_dir is not None)
    say = SAY[lang]
    with progress_bar(say["progress"], len(fixtures)) as tick:
        finished = run(fixtures, workers, scheduler, tick)
    summary = Summary.of(finished.played, names)
    if csv_path is not None:
        write(csv_path, "--csv", lambda path: write_csv(path, finished.played))
    if records_dir is not None:
        write(records_dir, "--records", lambda path: write_records(path, finished.played))
    if not as_json:
        click.echo(text(game, names, players, seed, finished, summary, lang))
        if csv_path is not None:
            click.echo(say["wrote-csv"].format(path=csv_path))
        if records_dir is not None:
            click.echo(say["wrote-records"].format(path=records_dir, n=sum(len(g.records) for g in finished.played)))
    data = {"game": game, "players": players, "variant": fixtures[0].variant, "seed": seed, "games": finished.planned,
            "played": len(finished.played), "interrupted": finished.interrupted, **summary.to_json()}
    return data, finished.interrupted


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Callable[[Played], None] | None]:
    """A progress bar on standard error while the games run, only when a person watches."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda _: bar.advance(task)


def write(path: str, option: str, how: Callable[[Path], None]) -> None:
    """Write a file (or folder) the options asked for; a failure is the user's error."""
    try:
        how(Path(path))
    except OSError as e:
        raise SuiriError(TournamentText("write:cannot", reason=e.strerror or str(e)), Source(path, None, option),
                         TournamentText("write:valid")) from None


CSV_HEAD = ("game", "seed", "seats", "bots", "winners", "winning_bots", "ending", "steps", "choices",
            "forfeit_seat", "forfeit_bot", "error")


def write_csv(path: Path, played: Sequence[Played]) -> None:
    """One row per game: its index and deal seed, the seats and their bots in seat order,
    the winning seats and bots, how it ended, its length, and a forfeit's seat, bot and error."""
    with path.open("w", newline="", encoding="utf-8") as out:
        rows = csv.writer(out)
        rows.writerow(CSV_HEAD)
        for g in played:
            lost = g.forfeit
            rows.writerow([g.fixture.index + 1, g.fixture.seed, " ".join(g.seats), " ".join(g.fixture.lineup),
                           " ".join(g.winners), " ".join(sorted(g.winning_bots())), g.ending, g.steps, g.choices,
                           lost.seat if lost else "", g.bot(lost.seat) if lost else "", lost.error if lost else ""])


def record_name(g: Played, seat: str) -> str:
    return f"game-{g.fixture.index + 1:05d}-{seat}.toml"


def write_records(folder: Path, played: Sequence[Played]) -> None:
    """Every seat's record of every game, as TOML: ``game-00001-aki.toml``, ..."""
    folder.mkdir(parents=True, exist_ok=True)
    for g in played:
        for seat, toml in g.records:
            (folder / record_name(g, seat)).write_text(toml, encoding="utf-8")


def text(game: str, bots: Sequence[str], players: int, seed: int, finished: Finished, summary: Summary,
         lang: str) -> str:
    """The tables and lines a person reads."""
    import io

    from rich.console import Console
    from rich.table import Table

    from suiri.models import facts

    from .messages import Messages

    say = SAY[lang]
    about = facts(game)
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, no_color=True, highlight=False, emoji=False)
    title = about.title_ja if lang == "ja" else about.title_en
    console.print(say["title"].format(game=title, played=len(finished.played), planned=finished.planned,
                                      players=players, bots=", ".join(bots), seed=seed), markup=False, soft_wrap=True)
    if finished.interrupted:
        console.print(say["interrupted"].format(played=len(finished.played), planned=finished.planned), markup=False,
                      soft_wrap=True)

    def cells(t: Tally) -> list[str]:
        low, high = wilson_of(t)
        return [str(t.games), str(t.wins), pct(t.wins / t.games if t.games else None), f"{pct(low)}–{pct(high)}"]

    table = Table(title=say["by-bot"], title_justify="left")
    for key in ("bot", "games", "wins", "win-rate", "ci95", "draws", "forfeits"):
        table.add_column(say[key], justify="left" if key == "bot" else "right")
    for name, bot in summary.bots.items():
        table.add_row(name, *cells(bot), str(bot.draws), str(bot.forfeits))
    console.print(table)
    table = Table(title=say["by-seat"], title_justify="left")
    for key in ("seat", "games", "wins", "win-rate", "ci95"):
        table.add_column(say[key], justify="left" if key == "seat" else "right")
    for name in bots:
        table.add_column(f"{name}: {say['win-rate']}", justify="right")
    for seat, t in summary.seats.items():
        table.add_row(seat, *cells(t), *(pct(s.wins / s.games) if (s := summary.bots[name].seats.get(seat)) else "–"
                                         for name in bots))
    console.print(table)
    pair = summary.head_to_head
    if pair is not None and pair.games:
        low, high = wilson_of(pair)
        console.print(say["head-to-head"].format(first=bots[0], wins=pair.wins, games=pair.games,
                                                 rate=pct(pair.wins / pair.games), low=pct(low), high=pct(high)),
                      markup=False, soft_wrap=True)
    spread = summary.lengths
    unit = Messages(lang).unit(about.step_name, 2)
    lines = [say["lengths"].format(unit=unit, **{k: f"{v:g}" for k, v in spread.items()}) if spread["games"]
             else say["no-lengths"]]
    if summary.draws:
        lines.append(say["draws-line"].format(n=summary.draws))
    lines += [say["forfeit"].format(**f) for f in summary.forfeits]
    return "\n".join([out.getvalue().rstrip("\n"), *lines])


def wilson_of(t: Tally) -> tuple[float, float]:
    from suiri.arena import wilson

    return wilson(t.wins, t.games)
