"""``suiri report``: the HTML page of each bundled record, loaded in a real browser.

Headless Chromium (Debian's ``chromium``; ``.ci/run`` installs it when missing) opens
each page from a file through a recording proxy, dumps the DOM it built, logs the
console and takes a screenshot into ``tmp_path`` (an artifact, never in the
repository).  The checks: no console message (so no script error and no refused
load), no request from the page, the picture's cells as the analysis has them, and
Japanese text with ``--lang ja``.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import threading
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli.main import main
from suiri.models import example_records, open_session

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_browser = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium is not installed (Debian: apt-get install chromium; .ci/run does it)")

# The browser's own calls home (clock, safe browsing, accounts) go through the proxy
# too, whatever the flags; they are not the page's.
BROWSER_HOSTS = ("google.com", "gvt1.com", "googleapis.com", "gstatic.com")
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


class Proxy:
    """An HTTP proxy on localhost that answers 502 to everything and records what was asked."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.asked: list[str] = []
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return  # closed
            with conn:
                conn.settimeout(2)
                try:
                    first = conn.recv(4096).split(b"\r\n", 1)[0].decode("latin-1")
                    if first:
                        self.asked.append(first)
                    conn.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                except OSError:
                    pass

    def page_requests(self) -> list[str]:
        """What was asked, less the browser's own calls home."""
        def host(line: str) -> str:
            target = line.split(" ")[1] if " " in line else line
            return re.sub(r"^[a-z]+://", "", target).split("/")[0].split(":")[0]

        return [r for r in self.asked if not any(host(r) == h or host(r).endswith("." + h) for h in BROWSER_HOSTS)]

    def close(self) -> None:
        self.sock.close()


@dataclass
class Loaded:
    dom: str
    console: list[str]
    requests: list[str]
    elements: list[tuple[str, dict[str, str]]] = field(default_factory=list)

    def having(self, attr: str) -> list[dict[str, str]]:
        return [a for _, a in self.elements if attr in a]


class Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, {k: v or "" for k, v in attrs}))


def browse(page: Path, work: Path, *extra: str, dump: bool = True) -> Loaded:
    """Open ``page`` in headless Chromium (its own profile in ``work``) with ``extra``
    flags (the screenshot); the DOM it built, its console and the page's requests."""
    assert CHROMIUM is not None
    proxy = Proxy()
    try:
        done = subprocess.run(
            [CHROMIUM, "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={work / 'profile'}", "--enable-logging=stderr", "--v=0",
             f"--proxy-server=http://127.0.0.1:{proxy.port}", "--proxy-bypass-list=<-loopback>",
             *(["--dump-dom"] if dump else []), *extra, page.as_uri()],
            capture_output=True, text=True, timeout=120, check=False)
    finally:
        proxy.close()
    assert done.returncode == 0, done.stderr[-2000:]
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]
    parser = Elements()
    parser.feed(done.stdout)
    return Loaded(done.stdout, console, proxy.page_requests(), parser.found)


def write_report(tmp_path: Path, name: str, lang: str) -> Path:
    page = tmp_path / f"{name}-{lang}.html"
    result = CliRunner().invoke(main, ["report", str(example_records()[name]), "--html", str(page), "--lang", lang])
    assert result.exit_code == 0, result.output
    return page


def expected_cells(name: str) -> tuple[str, int]:
    """The attribute every cell of the picture carries, and how many cells the analysis
    has: the board's squares, cards × places of the notebook, the cards in the piles."""
    game, session = open_session(str(example_records()[name]))
    if game.facts.name == "canary":
        return "data-square", session.board.size
    if game.facts.name == "detective":
        return "data-card", len(session.variant.cards) * len(session.holders)
    return "data-slot", sum(len(cards) for cards in session.replay.piles.values())


# The default run (make test-fast) keeps one browser case; make test runs all (make test only: the edit loop (make test-fast) stays under 90 s).
DEFAULT_CASES = {("canary", "en")}
CASES = [pytest.param(name, lang, marks=[] if (name.split("-")[0], lang) in DEFAULT_CASES else [pytest.mark.slow])
         for name in sorted(example_records()) for lang in ("en", "ja")]


@needs_browser
@pytest.mark.parametrize(("name", "lang"), CASES)
def test_report_loads_in_a_browser(tmp_path: Path, name: str, lang: str) -> None:
    page = write_report(tmp_path, name, lang)
    html = page.read_text(encoding="utf-8")
    assert not re.search(r"https?://|\bsrc=|\bhref=|url\(|@import", html), "the page names something to load"
    shot = tmp_path / f"{name}-{lang}.png"
    loaded = browse(page, tmp_path, f"--screenshot={shot}", "--window-size=1000,2000")
    assert loaded.console == []
    assert loaded.requests == []
    assert 'data-ready="1"' in loaded.dom  # the page's script ran to its end and found the one picture
    attr, count = expected_cells(name)
    cells = loaded.having(attr)
    if attr == "data-slot":  # the hands and the ruins carry a slot too
        game, session = open_session(str(example_records()[name]))
        roles = [c.get("class", "").split()[0] for c in cells]
        assert roles.count("hand") == len(session.living) and roles.count("ruins") == 1
        cells = [c for c in cells if c.get("class", "").startswith("pile-card ")]
    assert len(cells) == count
    if attr == "data-square":
        assert count == 49
        assert {c["data-look"] for c in cells} <= {"face-up", "known", "hidden", "unknown"}
    assert f'lang="{lang}"' in loaded.dom
    svg_text = re.search(r"<svg.*?</svg>", loaded.dom, re.S)
    assert svg_text is not None
    if lang == "ja":
        assert "レポート" in loaded.dom
        assert CJK.search(re.sub(r"<[^>]+>", "", svg_text.group(0)))  # the picture's words too
    else:
        headings = " ".join(re.findall(r"<h[1-3]>(.*?)</h[1-3]>", loaded.dom))  # (proofs quote ここだ)
        assert not CJK.search(re.sub(r"<[^>]+>", "", svg_text.group(0)) + headings)
    assert shot.stat().st_size > 10_000
    from PIL import Image

    with Image.open(shot) as image:
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 100  # a drawn page, not a blank one


@needs_browser
@pytest.mark.slow
def test_report_prints_on_a4_with_the_proofs_open(tmp_path: Path) -> None:
    page = write_report(tmp_path, "detective-3p", "en")
    pdf = tmp_path / "detective.pdf"
    loaded = browse(page, tmp_path, f"--print-to-pdf={pdf}", "--no-pdf-header-footer", dump=False)
    assert loaded.console == [] and loaded.requests == []
    data = pdf.read_bytes()
    sizes = set(re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data))
    assert sizes and all(abs(float(w) - 595.3) < 2 and abs(float(h) - 841.9) < 2 for w, h in sizes), sizes
    # The proofs are printed: as many pages as with every <details> open, more than without proofs.
    html = page.read_text(encoding="utf-8")
    opened = tmp_path / "opened.html"
    opened.write_text(html.replace('<details class="fact">', '<details class="fact" open>'), encoding="utf-8")
    bare = tmp_path / "bare.html"
    bare.write_text(re.sub(r"<pre>.*?</pre></details>", "</details>", html, flags=re.S), encoding="utf-8")
    counts = []
    for variant in (opened, bare):
        out = tmp_path / f"{variant.stem}.pdf"
        browse(variant, tmp_path, f"--print-to-pdf={out}", "--no-pdf-header-footer", dump=False)
        counts.append(pages(out.read_bytes()))
    assert pages(data) == counts[0] > counts[1]


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def test_report_to_standard_output_and_errors(tmp_path: Path) -> None:
    record = str(example_records()["detective-3p"])
    out = CliRunner().invoke(main, ["report", record, "--html", "-", "--lang", "ja"])
    assert out.exit_code == 0
    assert out.output.startswith("<!DOCTYPE html>") and '<html lang="ja">' in out.output
    assert out.output.count("<details") == len(open_session(record)[0].analyze(open_session(record)[1]).certain)
    bad = CliRunner().invoke(main, ["report", record, "--html", str(tmp_path / "no" / "such" / "x.html")])
    assert bad.exit_code == 2
    assert "--html: cannot write" in bad.output and "Traceback" not in bad.output
    missing = CliRunner().invoke(main, ["report", record])
    assert missing.exit_code == 2
    assert missing.output == f"error: {record}: --html: where to write the page is missing " \
        "(valid: --html FILE, or --html - for standard output)\n"


def test_canary_picture_shows_the_four_looks() -> None:
    """The bundled Canary record: aki hid b7 and d7 (aki saw the faces), cid hid a2
    (unseen), cid's failed declaration left a4 face-down with its face public, and the
    revealed cards lie face-up."""
    from suiri.cli.views import picture_svg

    game, session = open_session(str(example_records()["canary-3p"]))
    svg = picture_svg("canary", game.analyze(session), "en")
    looks = dict(re.findall(r'data-square="(\w+)" data-look="([\w-]+)"', svg))
    hidden_by = dict(re.findall(r'data-square="(\w+)"[^>]*data-hidden-by="([\w ]+)"', svg))
    assert {sq for sq, look in looks.items() if look == "face-up"} == set(
        session.board.name(sq) for sq in session.replay.state.face_up)
    assert looks["a2"] == "hidden" and hidden_by["a2"] == "cid"
    assert looks["b7"] == "known" and hidden_by["b7"] == "aki"
    assert looks["a4"] == "known" and "a4" not in hidden_by
    assert looks["e1"] == "unknown"
    assert svg.count('data-piece="') == 3 and svg.count('class="piece mine"') == 1


def test_notebook_and_piles_read_the_analysis() -> None:
    """Detective: the case file is the first column and each cell's mark is its chance;
    Werewolf: a face-up card names its kind, a face-down one its kind only when certain."""
    from suiri.cli.views import picture_svg

    game, session = open_session(str(example_records()["detective-3p"]))
    a = game.analyze(session)
    svg = picture_svg("detective", a, "en")
    cells = re.findall(r'class="cell (\w+)" data-card="(\w+)" data-holder="(\w+)" data-p="([\d.]+)"', svg)
    assert cells[0][2] == "case" and len({h for _, _, h, _ in cells}) == len(session.holders)
    for state, card, holder, p in cells:
        exact = next(row for c, row in a.owners.items() if c.id == card).get(holder, 0)
        assert abs(float(p) - exact) < 1e-6
        assert state == ("na" if card == "fake" and holder == "case" else
                         "sure" if exact == 1 else "ruled" if exact == 0 else "maybe")

    game, session = open_session(str(example_records()["werewolf-4p"]))
    a = game.analyze(session)
    svg = picture_svg("werewolf", a, "en")
    for owner, cards in session.replay.piles.items():
        for i, c in enumerate(cards, start=1):
            tag = re.search(rf'<g class="pile-card ([\w -]+)" data-slot="discard:{owner}:{i}"( data-kind="([\w-]+)")?', svg)
            assert tag is not None
            if c.kind is not None:
                assert tag.group(1) == "face-up" and tag.group(3) == c.kind.id
            else:
                row = a.cards[("pile", owner, i)]
                sure = [k for k, p in row.items() if p == 1]
                assert tag.group(1).startswith("face-down") and tag.group(3) == (sure[0] if sure else None)
    assert 'data-deck="0"' in svg and 'data-slot="ruins"' in svg


@pytest.mark.parametrize("seed", [1, 2])
def test_clue_notebook_leaves_out_the_columns_the_terminal_hides(tmp_path: Path, seed: int) -> None:
    """A 6-player Clue deal lays nothing out public: until a card is revealed the public
    column is all ✗, and the terminal's notebook leaves it out (``analysis.columns``).
    The report's picture draws exactly those columns, and none of them is all ✗."""
    from suiri.cli.report import report_html
    from suiri.cli.views import picture_svg, with_record

    for turns in (1, 3, 12):
        record = tmp_path / f"clue-{turns}.toml"
        out = CliRunner().invoke(main, ["simulate", "--game", "detective", "--players", "6", "--variant", "clue",
                                        "--seed", str(seed), "--turns", str(turns)])
        assert out.exit_code == 0, out.output
        record.write_text(out.output, encoding="utf-8")
        game, session = open_session(str(record))
        a = game.analyze(session)
        page = with_record(record, lambda o, name=record.name: report_html(o, name, "en")) if turns == 1 \
            else picture_svg("detective", a, "en")
        cells = re.findall(r'class="cell (\w+)" data-card="\w+" data-holder="(\w+)"', page)
        drawn = list(dict.fromkeys(h for _, h in cells))
        assert drawn == a.columns
        assert all(any(state != "ruled" for state, h in cells if h == column) for column in drawn)
        if turns == 1:  # nothing revealed yet: the public column is all ✗, hidden in both views
            assert all(row["public"] == 0 for row in a.owners.values()) and "public" not in drawn
