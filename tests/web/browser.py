"""The web app as a user meets it: ``suiri serve`` in its own process, Debian's Chromium
driven by Playwright (issue 22, "Tests").

One place starts the server and the browser for the browser tests
(``tests/web/test_browser.py``), the screenshots (``bench/web_screens.py``) and the load test
(``bench/web.py``): ``serving`` runs ``suiri serve --port 0`` on a temporary folder and reads
the address it prints, ``browser`` launches the system's Chromium (nothing is downloaded).
``expected_page`` says what a game's page must show: ``suiri analyze --json`` of the same
record, turned into the DOM contract's ``data-fact`` and ``data-subject``/``data-value``/
``data-p`` strings.  ``reference_lines`` is a bundled record in the compact notation, the
lines a player types.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from suiri.cli.main import main

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
try:
    from playwright.sync_api import Browser, sync_playwright
except ImportError:  # pragma: no cover - the dev extra installs it
    sync_playwright = None

MISSING = ("headless Chromium is not installed (Debian: apt-get install chromium; .ci/run does it)"
           if CHROMIUM is None else
           "Playwright is not installed (pip install -e '.[dev]')" if sync_playwright is None else None)

ADDRESS = re.compile(r"https?://(?:127\.0\.0\.1|localhost|\[::1\]):(?!0\b)\d+")
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

# The JSON keys of ``analyze --json`` that hold chances, and the fact subject each one's
# entries are (each game's ``Analysis.chances`` names them so): {key: (prefix, nested)}.
# Nested: ``{outer: {value: p}}`` is subject ``prefix + outer``; flat: ``{value: p}``.
CHANCE_KEYS: dict[str, dict[str, tuple[str, bool]]] = {
    "canary": {"clues": ("clue:", True), "goal": ("goal", False), "fake": ("fake", False)},
    "detective": {"truth": ("case:", True), "owners": ("holder:", True)},
    "werewolf": {"lost_legacy": ("lost-legacy", False), "werewolf": ("werewolf", False),
                 "madman": ("madman", False), "cards": ("", True)},
}


@dataclass(frozen=True)
class Said:
    """What a command printed, and its exit status."""

    returncode: int
    stdout: str
    stderr: str


def cli(*args: str, check: bool = True) -> Said:
    """``suiri ARGS`` through the CLI's own entry point (in this process: no start-up)."""
    result = CliRunner().invoke(main, list(args))
    if check:
        assert result.exit_code == 0, f"suiri {' '.join(args)}: exit {result.exit_code}\n{result.output[-2000:]}"
    return Said(result.exit_code, result.stdout, result.stderr)


class Server:
    """A running ``suiri serve``: its address and everything it printed so far."""

    def __init__(self, process: subprocess.Popen[str], games_dir: Path) -> None:
        self.process = process
        self.games_dir = games_dir
        self.lines: list[str] = []
        self.found = threading.Event()
        self.url = ""
        self.reader = threading.Thread(target=self.drain, daemon=True)
        self.reader.start()

    def drain(self) -> None:
        """Read the output to its end (the access log must not fill the pipe), noting the
        first address printed."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            if not self.found.is_set() and (m := ADDRESS.search(line)):
                self.url = m.group(0)
                self.found.set()
        self.found.set()  # the process ended: stop waiting

    def output(self) -> str:
        return "\n".join(self.lines[-60:])


@contextmanager
def serving(games_dir: Path, *extra: str, timeout: float = 60) -> Iterator[Server]:
    """``suiri serve --port 0 --dir GAMES_DIR`` on loopback until the block ends (or fails)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "suiri.cli.main", "serve", "--port", "0", "--dir", str(games_dir), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True, encoding="utf-8")
    server = Server(process, games_dir)
    try:
        server.found.wait(timeout)
        if not server.url:
            try:
                status: int | None = process.wait(0 if server.reader.is_alive() else 5)
            except subprocess.TimeoutExpired:
                status = None
            ended = f"still running after {timeout:.0f} s" if status is None else f"exit status {status}"
            raise RuntimeError(f"suiri serve printed no address ({ended}):\n{server.output()}")
        yield server
        assert process.poll() is None, f"suiri serve ended while in use:\n{server.output()}"
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(15)
        server.reader.join(5)


@contextmanager
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, under Playwright's sync API (no browser download)."""
    assert MISSING is None and sync_playwright is not None, MISSING
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield launched
        finally:
            launched.close()


def reference_lines(name: str) -> list[str]:
    """The bundled record ``name`` (``suiri examples``) as its compact notation's lines,
    comments and blank lines left out: what a player types, header first."""
    path = cli("examples", name, "--path").stdout.strip()
    text = cli("convert", path, "--to", "compact").stdout
    return [line for line in (raw.split("#", 1)[0].strip() for raw in text.splitlines()) if line]


def analyze_json(record: Path, lang: str = "en") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(cli("analyze", str(record), "--json", "--lang", lang).stdout)
    return data


@dataclass(frozen=True)
class Expected:
    """What a game's page must show for a record: its certain facts (``data-fact``) and
    every chance ``analyze --json`` lists, ``(subject, value) -> data-p``."""

    certain: list[str]
    chances: dict[tuple[str, str], str]


def expected_page(record: Path) -> Expected:
    """``suiri analyze --json`` of ``record``, in the DOM contract's strings: the chances
    are JSON's own numbers as Python writes them (``json.dumps`` of the float)."""
    data = analyze_json(record)
    chances: dict[tuple[str, str], str] = {}
    for key, (prefix, nested) in CHANCE_KEYS[data["game"]].items():
        table = data.get(key) or {}
        rows = ((prefix + outer, value, p) for outer, inner in table.items() for value, p in inner.items()) \
            if nested else ((prefix, value, p) for value, p in table.items())
        for subject, value, p in rows:
            chances[subject, value] = json.dumps(p)
    return Expected(list(data["certain"]), chances)


def wait_for(predicate: Any, what: str, timeout: float = 30) -> None:
    """Poll ``predicate`` until it holds (a file written by another process)."""
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)
