"""Load test of ``suiri serve`` (issue 22): 20 clients at once on loopback for a bounded time.

The server runs as ``suiri serve --port 0`` in its own process (started as the browser
tests start it, ``tests/web/browser.py``), on a folder holding one copy of a bundled
reference record per client, cut at a random line.  Each client (a thread with its own
HTTP session, cookies and CSRF token, as a browser tab) types the rest of its record line
by line through the page's entry (``POST /games/NAME/line``), after a line may ask for the
next hint level and for the proof of one of the page's certain facts, and at the end of the
record undoes every line and starts again.  Four runs (``PACES``), each on a fresh server
warmed first by every kind of request on every record: one client alone (each request's
CPU time in the server), 20 at a table's pace (the issue's targets are judged on it), the
same typing lines only (how much the hints and proofs, computed in the same process, hold
the typed lines up) and 20 flat out (the server's capacity).

Reported per request kind: count, median, 95th percentile and worst wall time (from the
request sent to the answer read), and any error.  Targets (issue 22): a typed line <
150 ms median and < 500 ms p95; explain and hint < 600 ms p95.  Afterwards every record on
disk must be the lines its client saw accepted, and pass ``suiri check``; the command exits
1 otherwise.  ``--out FILE`` rewrites that file's section "## The web app under load
(issue 22)" and keeps the rest.
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
KINDS = ("line", "hint", "explain", "undo", "page", "static")


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
FACT = re.compile(r'<li data-fact="([^"]*)"')  # the certain facts' list


def field_value(html: str, name: str) -> str | None:
    """The value of the form field ``name`` in a page or fragment (None if absent)."""
    for tag in INPUT.findall(html):
        attrs = dict(ATTR.findall(tag))
        if attrs.get("name") == name:
            return unescape(attrs.get("value", ""))
    return None


@dataclass(frozen=True)
class Pace:
    """How a client behaves: the mean pause before each request (drawn uniformly from half
    to one and a half times it; 0: none) and the chance of a hint and of a proof after a line."""

    name: str
    pause: float
    hint: float
    explain: float
    length: float = 1  # how long it is timed, in --seconds (a slow pace needs longer for as many samples)
    static: bool = False  # also fetch the stylesheet after each line: the floor any request costs here


PACES = {
    "alone": Pace("Alone", 0, 1, 1, static=True),  # one client, no pause: what each request costs, no queue
    "table": Pace("At the table's pace", 4, 0.25, 0.25, 3),
    "lines": Pace("At the table's pace, lines only", 4, 0, 0, 3),  # what hints and proofs cost the lines
    "flat-out": Pace("Flat out", 0, 0.25, 0.25),  # no pause: the server's capacity
}


@dataclass
class Client:
    """One simulated player: its record's file, the lines it types, what it has seen."""

    index: int
    base: str
    name: str
    lines: list[str]
    header: int
    pace: Pace
    stop: threading.Event
    counting: threading.Event
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    typed: int = 0  # lines past the header the server has accepted
    version: str = ""
    facts: list[str] = field(default_factory=list)
    level: int = 0
    http: httpx.Client | None = None
    server: int = 0  # the server's pid when this client is its only one: each request's CPU time is taken
    cpu: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    rng: random.Random = field(default_factory=random.Random)

    def run(self) -> None:
        self.rng.seed(self.index)
        # Idle connections are let go after 1 s, before the server's keep-alive of 5 s ends
        # them: a request sent on a connection the server is closing would fail as a browser's
        # would not (browsers retry it).
        with httpx.Client(base_url=self.base, timeout=120, limits=httpx.Limits(keepalive_expiry=1)) as http:
            self.http = http
            http.get("/")  # the CSRF cookie
            http.headers["X-CSRF-Token"] = http.cookies.get("suiri_csrf") or ""
            self.page()
            while not self.stop.is_set():
                if self.typed < len(self.lines) - self.header:
                    self.type_line()
                    if self.pace.static:
                        self.ask("static", "GET", "/static/suiri.css")
                    if self.rng.random() < self.pace.hint:
                        self.hint()
                    if self.facts and self.rng.random() < self.pace.explain:
                        self.explain(self.rng.choice(self.facts))
                else:
                    while self.typed and not self.stop.is_set():
                        self.undo()
                    self.page()

    def ask(self, kind: str, method: str, url: str, **kw: object) -> httpx.Response | None:
        if self.pace.pause and self.stop.wait(self.pace.pause * self.rng.uniform(0.5, 1.5)):
            return None
        cpu = thread_times(self.server) if self.server else {}
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
            if self.server:  # alone on the server: its CPU time meanwhile is this request's
                self.cpu[kind].append(spent(cpu, thread_times(self.server)))
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
    """User + system CPU time of process ``pid`` so far, every thread, those ended too
    (``/proc/PID/stat``, in clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_times(pid: int) -> dict[str, int]:
    """Each living thread's time on a CPU so far, in ns (``/proc/PID/task/*/schedstat``:
    finer than clock ticks, and not inflated by a busy machine as wall times are)."""
    times = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            times[task.name] = int((task / "schedstat").read_text().split()[0])
        except (OSError, IndexError, ValueError):  # a thread that just ended
            continue
    return times


def spent(before: dict[str, int], after: dict[str, int]) -> float:
    """Seconds on a CPU between two ``thread_times``: threads started since count whole;
    a thread that ended meanwhile (an idle worker let go) is left out."""
    return sum(t - before.get(tid, 0) for tid, t in after.items()) / 1e9


@dataclass
class Run:
    pace: Pace
    clients: int
    seconds: float
    times: dict[str, list[float]]
    errors: list[str]
    server_cpu: float
    incomplete: list[str]
    cpu: dict[str, list[float]]  # each request's CPU time in the server (one client alone)
    load: float  # the machine's load average over the last minute of the run


def bench(pace: Pace, clients: int, seconds: float, warmup: float, typed: dict[str, list[str]]) -> Run:
    """One run: ``clients`` players at ``pace`` on a fresh server and folder; ``typed``
    holds each reference record's lines."""
    helpers = load_helpers()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        stop, counting, warm = threading.Event(), threading.Event(), threading.Event()
        players: list[Client] = []
        warming: list[Client] = []
        for i, record in enumerate([*RECORDS, *(RECORDS[i % len(RECORDS)] for i in range(clients))]):
            lines = typed[record]
            head = setup_length(game(record.split("-")[0]), lines)
            first = i < len(RECORDS)
            name = f"warm-{record}.txt" if first else f"load-{i - len(RECORDS):02d}-{record}.txt"
            (folder / name).write_text("\n".join(lines[:head]) + "\n", encoding="utf-8")
            if first:  # warms the process: every kind of request on every game, flat out
                warming.append(Client(i, "", name, lines, head, PACES["alone"], warm, threading.Event()))
                continue
            # Each player starts somewhere in its record, so that every length of it is asked about.
            start = random.Random(i).randrange(len(lines) - head)
            (folder / name).write_text("\n".join(lines[:head + start]) + "\n", encoding="utf-8")
            players.append(Client(i, "", name, lines, head, pace, stop, counting, typed=start))
        with helpers.serving(folder) as server:
            for group, until in ((warming, warm), (players, stop)):
                threads = []
                for c in group:
                    c.base = server.url
                    c.server = server.process.pid if group is players and clients == 1 else 0
                    threads.append(threading.Thread(target=c.run, name=f"client-{c.index}"))
                for t in threads:
                    t.start()
                if group is warming:
                    time.sleep(warmup)
                else:
                    counting.set()
                    cpu0 = cpu_seconds(server.process.pid)
                    time.sleep(seconds)
                    counting.clear()
                    cpu = cpu_seconds(server.process.pid) - cpu0
                    load = os.getloadavg()[0]
                until.set()
                for t in threads:
                    t.join(300)
        incomplete = []
        for c in warming + players:
            on_disk = [s for s in (x.split("#", 1)[0].strip() for x in (folder / c.name).read_text("utf-8").splitlines()) if s]
            if on_disk != c.lines[:c.header + c.typed]:
                incomplete.append(f"{c.name}: {len(on_disk)} lines on disk, {c.header + c.typed} accepted")
            done = helpers.cli("check", str(folder / c.name), check=False)
            if done.returncode != 0:
                incomplete.append(f"{c.name}: suiri check: {done.stderr.strip()[-300:]}")
    times: dict[str, list[float]] = defaultdict(list)
    cpus: dict[str, list[float]] = defaultdict(list)
    for c in players:
        for kind, ts in c.times.items():
            times[kind] += ts
        for kind, ts in c.cpu.items():
            cpus[kind] += ts
    errors = [e for c in warming + players for e in c.errors]
    return Run(pace, clients, seconds, dict(times), errors, cpu, incomplete, dict(cpus), load)


def p95(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=20, method="inclusive")[-1] if len(xs) > 1 else xs[0]


def table(run: Run, targets: bool) -> list[str]:
    """One run's figures: count, median, p95 and worst per request kind; with ``targets``,
    issue 22's targets and whether they were met."""
    total = sum(len(ts) for ts in run.times.values())
    cpu = bool(run.cpu)
    out = ["| request | count | median | p95 | worst |" + (" CPU median | CPU p95 |" if cpu else "")
           + (" target |" if targets else ""),
           "|---|---|---|---|---|" + ("---|---|" if cpu else "") + ("---|" if targets else "")]
    for kind in KINDS:
        ts = run.times.get(kind)
        if not ts:
            continue
        row = f"| {kind} | {len(ts)} | {ms(statistics.median(ts))} | {ms(p95(ts))} | {ms(max(ts))} |"
        if cpu:
            spent = run.cpu.get(kind) or [float("nan")]
            row += f" {ms(statistics.median(spent))} | {ms(p95(spent))} |"
        median, high = TARGETS.get(kind, (None, None))
        if targets:
            goal = " and ".join(x for x in (f"median < {ms(median)}" if median else "",
                                            f"p95 < {ms(high)}" if high else "") if x)
            met = (median is None or statistics.median(ts) < median) and (high is None or p95(ts) < high)
            row += f" {goal} ({'met' if met else '**missed**'}) |" if goal else " - |"
        out.append(row)
    out += ["", f"{total} requests timed in {run.seconds:.0f} s ({total / run.seconds:.1f} a second); the server "
            f"used {run.server_cpu:.1f} s of CPU (user + system) meanwhile, {run.server_cpu / run.seconds:.2f} of a "
            f"core ({run.server_cpu / max(total, 1) * 1000:.0f} ms a request); the machine's load average "
            f"{run.load:.1f}. Errors: {len(run.errors) or 'none'}. "
            "Records on disk afterwards: " + ("each one the lines its client saw accepted, and each passes "
                                              "`suiri check`." if not run.incomplete else
                                              "**" + "; ".join(run.incomplete) + "**"), ""]
    return out + [f"- {e}" for e in run.errors[:10]] + ([""] if run.errors else [])


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def markdown(runs: list[Run], warmup: float) -> list[str]:
    out = [HEADING, "",
           "Measured by `make bench` (`bench/web.py`): `suiri serve` in its own process on loopback (one "
           "process, as `suiri serve` runs), clients as threads with an HTTP session each (a browser tab: "
           "cookies, CSRF token). Each client types one of the reference records "
           f"({', '.join(RECORDS)}) line by line through the page (`POST /games/NAME/line`), after a line "
           "may ask for the next hint level (`/hint`) and the proof of one of the page's certain facts "
           "(`/explain`), and at the end of the record undoes every line and starts again. Wall times from "
           f"request to answer, the process warm: before each run, {warmup:.0f} s of every request on each record. The machine ({os.cpu_count()} cores, Python "
           f"{platform.python_version()}) was shared with other work while this ran: the figures are noisy. "
           "The server's CPU time (user + system) is not inflated by the other work as wall times are: the "
           "run alone takes it for each request, and fetches the stylesheet (`static`) after each line, what "
           "any request costs on this machine at that moment.", ""]
    for run in runs:
        p = run.pace
        how = (f"a pause of {p.pause / 2:g}–{p.pause * 3 / 2:g} s before each request" if p.pause
               else "no pause between requests")
        out += [f"**{p.name}**: {run.clients} client{'s' if run.clients > 1 else ''}, {how}; after a line a hint "
                f"with chance {p.hint:g}, a proof with chance {p.explain:g}; {run.seconds:.0f} s.", ""]
        out += table(run, targets=run.clients > 1 and p.pause > 0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30,
                        help="how long the clients are timed, each run (the table's pace three times as long)")
    parser.add_argument("--warmup", type=float, default=10,
                        help="seconds of every request on every record, flat out, before each run is timed")
    parser.add_argument("--runs", default=",".join(PACES), help=f"which runs, of {', '.join(PACES)}")
    parser.add_argument("--out", default=None, help=f"the Markdown file whose section {HEADING!r} is rewritten")
    opts = parser.parse_args()
    helpers = load_helpers()
    typed = {record: helpers.reference_lines(record) for record in RECORDS}
    runs = []
    for key in opts.runs.split(","):
        pace = PACES[key]
        runs.append(bench(pace, 1 if key == "alone" else opts.clients, opts.seconds * pace.length, opts.warmup, typed))
        print("\n".join(table(runs[-1], targets=False)), flush=True)
    section = markdown(runs, opts.warmup)
    print("\n".join(section))
    if opts.out:
        replace_section(Path(opts.out), section)
    if any(r.errors or r.incomplete for r in runs):
        sys.exit(1)


if __name__ == "__main__":
    main()
