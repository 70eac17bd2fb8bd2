"""Play a schedule: in this process, on a process pool, or on a Dask cluster.

The fixtures go out in batches (``batches``: a few per worker, so that short games do
not drown in messages and long ones still spread) and come back in any order; each is
kept by its index.  Ctrl-C stops the tournament: batches not started are cancelled,
the pool's workers (which ignore SIGINT) finish the games they hold, and every game
finished is kept; ``Finished.interrupted`` says the schedule was cut short.  Ctrl-C
only raises a flag (``Stop``) that the loops look at between waits: a KeyboardInterrupt
raised at any instruction could land inside the executor's own locks and hang it.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import TYPE_CHECKING

from suiri.solver.errors import SuiriError

from .match import Played, play, play_all
from .schedule import Fixture
from .text import ArenaText

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client


@dataclass(frozen=True)
class Finished:
    """The games played, in schedule order, and whether Ctrl-C cut the schedule short."""

    played: tuple[Played, ...]
    planned: int
    interrupted: bool


def batches(fixtures: Sequence[Fixture], workers: int) -> list[list[Fixture]]:
    """The fixtures in consecutive batches, about eight per worker, at most 16 games each
    (so that Ctrl-C waits for little)."""
    size = max(1, min(16, len(fixtures) // (8 * max(1, workers))))
    return [list(fixtures[i:i + size]) for i in range(0, len(fixtures), size)]


class Stop:
    """Ctrl-C, noted: the SIGINT handler while a tournament runs in the main thread."""

    def __init__(self) -> None:
        self.asked = False

    def __call__(self, signum: int, frame: object) -> None:
        self.asked = True


def run(fixtures: Sequence[Fixture], workers: int | None = None, scheduler: str | None = None,
        done: Callable[[Played], None] | None = None) -> Finished:
    """Play every fixture: on the Dask cluster at ``scheduler`` when given, else on
    ``workers`` processes (default: every core; 1: in this process).  ``done`` is told
    of each game as it finishes (a progress bar; it may raise KeyboardInterrupt to stop)."""
    workers = workers or os.cpu_count() or 1
    stop = Stop()
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, stop) if main else None
    games = (_on_dask(fixtures, scheduler, stop) if scheduler is not None else
             _on_pool(fixtures, workers, stop) if workers > 1 else _here(fixtures, stop))
    kept: dict[int, Played] = {}
    interrupted = False
    try:
        for played in games:
            kept[played.fixture.index] = played
            if done is not None:
                done(played)
    except KeyboardInterrupt:  # raised by ``done``, or Ctrl-C outside the main thread
        interrupted = True
    finally:
        games.close()  # the executor's cleanup, now, not when the generator is collected
        if main:
            signal.signal(signal.SIGINT, previous)
    return Finished(tuple(kept[i] for i in sorted(kept)), len(fixtures), interrupted or stop.asked)


def _here(fixtures: Sequence[Fixture], stop: Stop) -> Generator[Played, None, None]:
    """In this process, one game after another; Ctrl-C ends the game under way first."""
    for fixture in fixtures:
        if stop.asked:
            return
        yield play(fixture)


def _ignore_sigint() -> None:
    """A pool worker lets the parent handle Ctrl-C (the terminal sends it to all of them)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


WAIT = 0.2  # seconds between looks at the Ctrl-C flag while games run elsewhere


def _on_pool(fixtures: Sequence[Fixture], workers: int, stop: Stop) -> Generator[Played, None, None]:
    pool = ProcessPoolExecutor(workers, initializer=_ignore_sigint)
    pending: set[Future[list[Played]]] = set()
    try:
        pending = {pool.submit(play_all, batch) for batch in batches(fixtures, workers)}
        while pending and not stop.asked:
            finished, pending = wait(pending, timeout=WAIT, return_when=FIRST_COMPLETED)
            for future in finished:
                yield from future.result()
        # Ctrl-C: drop what has not started; the games under way end and are kept
        for future in [f for f in pending if not f.cancel()]:
            yield from future.result()
    finally:  # what has not started is dropped; waits only for games under way
        pool.shutdown(wait=True, cancel_futures=True)


CONNECT_TIMEOUT = 10  # seconds to reach a scheduler before giving up


def _connect(address: str) -> Client:
    from distributed import Client

    try:
        return Client(address, timeout=f"{CONNECT_TIMEOUT}s")
    except (OSError, TimeoutError, ValueError) as e:
        raise SuiriError(ArenaText("scheduler:unreachable", address=address, reason=str(e) or type(e).__name__),
                         None, ArenaText("scheduler:valid")) from None


def _on_dask(fixtures: Sequence[Fixture], address: str, stop: Stop) -> Generator[Played, None, None]:
    from distributed import as_completed

    client = _connect(address)
    try:
        futures = [client.submit(play_all, batch, pure=False) for batch in batches(
            fixtures, max(1, sum(client.nthreads().values())))]
        try:
            for future in as_completed(futures):
                yield from future.result()
                if stop.asked:
                    return
        finally:
            client.cancel([f for f in futures if not f.done()])
    finally:
        client.close()
