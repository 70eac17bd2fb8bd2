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

from suiri.solver.errors import Source, SuiriError

from .messages import ErrorText, Messages

if TYPE_CHECKING:  # pragma: no cover
    from suiri.arena import Finished, Played, Summary
    from suiri.arena.stats import Tally

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
    say = Messages(lang)
    with progress_bar(say("tournament:progress"), len(fixtures)) as tick:
        finished = run(fixtures, workers, scheduler, tick)
    summary = Summary.of(finished.played, names)
    if csv_path is not None:
        write(csv_path, "--csv", lambda path: write_csv(path, finished.played))
    if records_dir is not None:
        write(records_dir, "--records", lambda path: write_records(path, finished.played))
    if not as_json:
        click.echo(text(game, names, players, seed, finished, summary, lang))
        if csv_path is not None:
            click.echo(say("tournament:wrote-csv", path=csv_path))
        if records_dir is not None:
            click.echo(say("tournament:wrote-records", path=records_dir, n=sum(len(g.records) for g in finished.played)))
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
        raise SuiriError(ErrorText("tournament:write-cannot", reason=e.strerror or str(e)), Source(path, None, option),
                         ErrorText("tournament:write-valid")) from None


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


    say = Messages(lang)
    about = facts(game)
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, no_color=True, highlight=False, emoji=False)
    title = about.title_ja if lang == "ja" else about.title_en
    console.print(say("tournament:title", game=title, played=len(finished.played), planned=finished.planned,
                                      players=players, bots=", ".join(bots), seed=seed), markup=False, soft_wrap=True)
    if finished.interrupted:
        console.print(say("tournament:interrupted", played=len(finished.played), planned=finished.planned), markup=False,
                      soft_wrap=True)

    def cells(t: Tally) -> list[str]:
        low, high = wilson_of(t)
        return [str(t.games), str(t.wins), pct(t.wins / t.games if t.games else None), f"{pct(low)}–{pct(high)}"]

    table = Table(title=say("tournament:by-bot"), title_justify="left")
    for key in ("bot", "games", "wins", "win-rate", "ci95", "draws", "forfeits"):
        table.add_column(say(f"tournament:{key}"), justify="left" if key == "bot" else "right")
    for name, bot in summary.bots.items():
        table.add_row(name, *cells(bot), str(bot.draws), str(bot.forfeits))
    console.print(table)
    table = Table(title=say("tournament:by-seat"), title_justify="left")
    for key in ("seat", "games", "wins", "win-rate", "ci95"):
        table.add_column(say(f"tournament:{key}"), justify="left" if key == "seat" else "right")
    for name in bots:
        table.add_column(f"{name}: {say('tournament:win-rate')}", justify="right")
    for seat, t in summary.seats.items():
        table.add_row(seat, *cells(t), *(pct(s.wins / s.games) if (s := summary.bots[name].seats.get(seat)) else "–"
                                         for name in bots))
    console.print(table)
    pair = summary.head_to_head
    if pair is not None and pair.games:
        low, high = wilson_of(pair)
        console.print(say("tournament:head-to-head", first=bots[0], wins=pair.wins, games=pair.games,
                                                 rate=pct(pair.wins / pair.games), low=pct(low), high=pct(high)),
                      markup=False, soft_wrap=True)
    spread = summary.lengths
    unit = Messages(lang).unit(about.step_name, 2)
    lines = [say("tournament:lengths", unit=unit, **{k: f"{v:g}" for k, v in spread.items()}) if spread["games"]
             else say("tournament:no-lengths")]
    if summary.draws:
        lines.append(say("tournament:draws-line", n=summary.draws))
    lines += [say("tournament:forfeit", **f) for f in summary.forfeits]
    return "\n".join([out.getvalue().rstrip("\n"), *lines])


def wilson_of(t: Tally) -> tuple[float, float]:
    from suiri.arena import wilson

    return wilson(t.wins, t.games)
