"""Load test of ``suiri serve`` (issue 22): 20 clients at once on loopback for a bounded time.

The server runs as ``suiri serve --port 0`` in its own process (started as the browser
tests start it, ``tests/web/browser.py``), on a folder holding one copy of a bundled
reference record per client, cut to its setup lines.  Each client (a thread with its own
HTTP session, cookies and CSRF token, as a browser tab) types its record's lines one by
one through the page's entry (``POST /games/NAME/line``), asking after each line for the
next hint level and for the proof of one of the page's certain facts; at the end of the
record it undoes every line and starts again.  A short warm-up is not counted.

Reported per request kind: count, median, 95th percentile and worst wall time (from the
request sent to the answer read), the server's CPU time per request, and any error.
Targets (issue 22): a typed line < 150 ms median and < 500 ms p95; explain and hint <
600 ms p95.  Afterwards every record on disk must be the lines its client saw accepted,
and pass ``suiri check``.  ``--out FILE`` rewrites that file's section
"## The web app under load (issue 22)" and keeps the rest.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from types import ModuleType
from urllib.parse import quote

import httpx
from bots import replace_section  # bench/bots.py, beside this file

from suiri.models import game
from suiri.models.live import setup_length

HERE = Path(__file__).resolve().parent
HEADING = "## The web app under load (issue 22)"
RECORDS = ("canary-3p", "detective-3p", "werewolf-4p")
TARGETS = {"line": (0.150, 0.500), "hint": (None, 0.600), "explain": (None, 0.600)}  # (median, p95) in s
KINDS = ("line", "hint", "explain", "undo", "page")


def load_helpers() -> ModuleType:
    """``tests/web/browser.py``: the one way the project starts ``suiri serve`` for a test."""
    spec = importlib.util.spec_from_file_location("web_browser", HERE.parent / "tests" / "web" / "browser.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["web_browser"] = module
    spec.loader.exec_module(module)
    return module


INPUT = re.compile(r"<input\b[^>]*>", re.S)
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
FACT = re.compile(r'data-fact="([^"]*)"')


def field_value(html: str, name: str) -> str | None:
    """The value of the form field ``name`` in a page or fragment (None if absent)."""
    for tag in INPUT.findall(html):
        attrs = dict(ATTR.findall(tag))
        if attrs.get("name") == name:
            return unescape(attrs.get("value", ""))
    return None


@dataclass
class Client:
    """One simulated player: its record's file, the lines it types, what it has seen."""

    index: int
    base: str
    name: str
    lines: list[str]
    header: int
    stop: threading.Event
    counting: threading.Event
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    typed: int = 0  # lines past the header the server has accepted
    version: str = ""
    facts: list[str] = field(default_factory=list)
    level: int = 0
    http: httpx.Client | None = None

    def run(self) -> None:
        rng = random.Random(self.index)
        with httpx.Client(base_url=self.base, timeout=60) as http:
            self.http = http
            http.get("/")  # the CSRF cookie
            http.headers["X-CSRF-Token"] = http.cookies.get("suiri_csrf") or ""
            self.page()
            while not self.stop.is_set():
                if self.typed < len(self.lines) - self.header:
                    self.type_line()
                    self.hint()
                    if self.facts:
                        self.explain(rng.choice(self.facts))
                else:
                    while self.typed and not self.stop.is_set():
                        self.undo()
                    self.page()

    def ask(self, kind: str, method: str, url: str, **kw: object) -> httpx.Response | None:
        t = time.perf_counter()
        try:
            assert self.http is not None
            r = self.http.request(method, url, **kw)  # type: ignore[arg-type]
        except httpx.HTTPError as exc:
            self.errors.append(f"{kind} {url}: {exc!r}")
            return None
        took = time.perf_counter() - t
        if r.status_code >= 400:
            self.errors.append(f"{kind} {url}: {r.status_code} {r.text[:300]!r}")
            return None
        if self.counting.is_set():
            self.times[kind].append(took)
        self.seen(r.text)
        return r

    def seen(self, html: str) -> None:
        version = field_value(html, "version")
        if version is not None:
            self.version = version
        facts = FACT.findall(html)
        if facts:
            self.facts = [unescape(f) for f in facts]

    def page(self) -> None:
        self.ask("page", "GET", f"/games/{self.name}")

    def type_line(self) -> None:
        line = self.lines[self.header + self.typed]
        before = self.version
        r = self.ask("line", "POST", f"/games/{self.name}/line", data={"line": line, "version": self.version},
                     headers={"HX-Request": "true"})
        if r is None:
            return
        if self.version == before:
            self.errors.append(f"line {line!r}: no new version in the answer")
            self.page()
            return
        self.typed += 1
        self.level = 0

    def undo(self) -> None:
        before = self.version
        r = self.ask("undo", "POST", f"/games/{self.name}/undo", data={"version": self.version},
                     headers={"HX-Request": "true"})
        if r is not None and self.version != before:
            self.typed -= 1
        elif r is not None:
            self.errors.append("undo: no new version in the answer")
            self.page()

    def hint(self) -> None:
        self.level = self.level % 4 + 1
        self.ask("hint", "GET", f"/games/{self.name}/hint?level={self.level}", headers={"HX-Request": "true"})

    def explain(self, fact: str) -> None:
        self.ask("explain", "GET", f"/games/{self.name}/explain?fact={quote(fact)}", headers={"HX-Request": "true"})


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Run:
    clients: int
    seconds: float
    warmup: float
    times: dict[str, list[float]]
    errors: list[str]
    server_cpu: float
    incomplete: list[str]


def bench(clients: int, seconds: float, warmup: float) -> Run:
    helpers = load_helpers()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        players: list[Client] = []
        stop, counting = threading.Event(), threading.Event()
        for i in range(clients):
            record = RECORDS[i % len(RECORDS)]
            lines = helpers.reference_lines(record)
            head = setup_length(game(record.split("-")[0]), lines)
            name = f"load-{i:02d}-{record}.txt"
            (folder / name).write_text("\n".join(lines[:head]) + "\n", encoding="utf-8")
            players.append(Client(i, "", name, lines, head, stop, counting))
        with helpers.serving(folder) as server:
            threads = []
            for c in players:
                c.base = server.url
                threads.append(threading.Thread(target=c.run, name=f"client-{c.index}"))
            for t in threads:
                t.start()
            time.sleep(warmup)
            counting.set()
            cpu0 = cpu_seconds(server.process.pid)
            time.sleep(seconds)
            counting.clear()
            cpu = cpu_seconds(server.process.pid) - cpu0
            stop.set()
            for t in threads:
                t.join(120)
        incomplete = []
        for c in players:
            on_disk = [s for s in (x.split("#", 1)[0].strip() for x in (folder / c.name).read_text("utf-8").splitlines()) if s]
            if on_disk != c.lines[:c.header + c.typed]:
                incomplete.append(f"{c.name}: {len(on_disk)} lines on disk, {c.header + c.typed} accepted")
            done = helpers.cli("check", str(folder / c.name), check=False)
            if done.returncode != 0:
                incomplete.append(f"{c.name}: suiri check: {done.stderr.strip()[-300:]}")
    times: dict[str, list[float]] = defaultdict(list)
    for c in players:
        for kind, ts in c.times.items():
            times[kind] += ts
    return Run(clients, seconds, warmup, dict(times), [e for c in players for e in c.errors], cpu, incomplete)


def p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20, method="inclusive")[-1] if len(xs) > 1 else xs[0]


def markdown(run: Run) -> list[str]:
    total = sum(len(ts) for ts in run.times.values())
    out = [HEADING, "",
           f"Measured by `make bench` (`bench/web.py`): `suiri serve` in its own process on loopback, "
           f"{run.clients} clients at once (threads, one HTTP session each) for {run.seconds:.0f} s after a "
           f"{run.warmup:.0f} s warm-up, each typing one of the reference records "
           f"({', '.join(RECORDS)}) line by line through the page, asking after each line for the next hint "
           "level and the proof of one certain fact, and undoing every line at the end of the record. "
           f"Wall times from request to answer; the machine ({os.cpu_count()} cores, Python "
           f"{platform.python_version()}) was shared with other work, so the figures are noisy.", "",
           "| request | count | median | p95 | worst | target |", "|---|---|---|---|---|---|"]
    for kind in KINDS:
        ts = run.times.get(kind)
        if not ts:
            continue
        median, high = TARGETS.get(kind, (None, None))
        target = " and ".join(x for x in (
            f"median < {median * 1000:.0f} ms" if median else "", f"p95 < {high * 1000:.0f} ms" if high else "") if x)
        met = "" if not target else (" (met)" if (median is None or statistics.median(ts) < median)
                                     and (high is None or p95(ts) < high) else " (**missed**)")
        out.append(f"| {kind} | {len(ts)} | {statistics.median(ts) * 1000:.0f} ms | {p95(ts) * 1000:.0f} ms | "
                   f"{max(ts) * 1000:.0f} ms | {target or '-'}{met} |")
    out += ["", f"{total} requests in {run.seconds:.0f} s ({total / run.seconds:.1f} a second); the server "
            f"used {run.server_cpu:.1f} s of CPU ({run.server_cpu / max(total, 1) * 1000:.1f} ms a request). "
            f"Errors: {len(run.errors) or 'none'}. Records on disk afterwards: "
            + ("every one the lines its client saw accepted, and each passes `suiri check`."
               if not run.incomplete else "**" + "; ".join(run.incomplete) + "**"), ""]
    for e in run.errors[:10]:
        out.append(f"- {e}")
    return out + ([""] if run.errors else [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30, help="how long the clients are timed")
    parser.add_argument("--warmup", type=float, default=5, help="seconds run before the timing starts")
    parser.add_argument("--out", default=None, help=f"the Markdown file whose section {HEADING!r} is rewritten")
    opts = parser.parse_args()
    run = bench(opts.clients, opts.seconds, opts.warmup)
    section = markdown(run)
    print("\n".join(section))
    if opts.out:
        replace_section(Path(opts.out), section)
    if run.errors or run.incomplete:
        sys.exit(1)


if __name__ == "__main__":
    main()
