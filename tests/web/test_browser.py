"""The web app in a real browser (issue 22, "Tests"): Debian's Chromium under Playwright
against ``suiri serve`` started by the test on a free loopback port.

For each bundled reference record: create the game through the new-game form, type the
record line by line into the entry line (two wrong lines too, one of them markup: refused,
shown as text, nothing saved), then the page's certain facts and chances must be exactly
``suiri analyze --json``'s; open a proof (``suiri explain``'s), take two hint levels
(``suiri hint``'s), undo, reload, and the file on disk holds what was typed less the line
undone (and the page shows that record's analysis).  The same at a phone's viewport (no
sideways scrolling, tap targets of 44 px) and in Japanese.  Throughout: no script error,
no console error, no dialog, no request anywhere but the server.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from sibling import load_sibling

from suiri import models
from suiri.cli.messages import ErrorText
from suiri.models.live import setup_length

browser = load_sibling(__file__, "browser.py", "web_browser")
needs_browser = pytest.mark.skipif(browser.MISSING is not None, reason=str(browser.MISSING))

GAMES = {"canary": "canary-3p", "detective": "detective-3p", "werewolf": "werewolf-4p"}
# The new-game form's fields for each reference record: players, seat, secret.
SEATS = {
    "canary": ("aki bea cid", "aki", "ancient"),
    "detective": ("aki bea cid", "aki", "w1 r3 w9 r2 s4 s8"),
    "werewolf": ("aki ben cho dan", "aki", "seer"),
}
# A line each game refuses after the first event (a player out of turn, a name not at the table).
WRONG = {"canary": "cid b7 h", "detective": "deduce zed s1 w1 r1 -", "werewolf": "zed sleep"}
HOSTILE = '<img src=x onerror="alert(1)">'  # typed markup: shown as text, never run
MODES = {"desktop-en": (browser.DESKTOP, "en"), "phone-en": (browser.PHONE, "en"), "phone-ja": (browser.PHONE, "ja")}

# The default run (make test-fast) keeps one case; make test runs all nine (make test only:
# each case types a whole record through a browser, 10-30 s apiece).
DEFAULT = {("canary", "desktop-en")}
CASES = [pytest.param(game, mode, marks=[] if (game, mode) in DEFAULT else [pytest.mark.slow], id=f"{game}-{mode}")
         for game in GAMES for mode in MODES]


@dataclass
class Watch:
    """What a page did that it should not: console errors, uncaught script errors,
    requests to anything but the server, error answers.  A refused line's 422 is expected
    (``refusals`` of them), and so is Chromium's console note of it."""

    origin: str
    problems: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    refusals: int = 0

    def attach(self, page: Any) -> None:
        page.on("console", self.console)
        page.on("pageerror", lambda e: self.problems.append(f"script error: {e}"))
        page.on("dialog", lambda d: (self.problems.append(f"a dialog opened: {d.message}"), d.dismiss()))
        page.on("response", self.response)
        page.route("**/*", self.route)

    def console(self, message: Any) -> None:
        if message.type not in ("error", "warning"):
            return
        if "status of 422" in message.text:
            self.refused.append(f"console: {message.text}")
        else:
            self.problems.append(f"console {message.type}: {message.text}")

    def response(self, r: Any) -> None:
        if r.status == 422 and r.request.method == "POST" and r.url.endswith("/line"):
            self.refused.append(f"{r.status} {r.url}")
        elif r.status >= 400:
            self.problems.append(f"{r.status} {r.url}")

    def route(self, route: Any) -> None:
        if route.request.url.startswith(self.origin + "/"):
            route.continue_()
        else:
            self.problems.append(f"request outside the server: {route.request.url}")
            route.abort()

    def check(self) -> None:
        assert not self.problems, self.problems
        assert len(self.refused) <= 2 * self.refusals, f"more refusals than lines refused: {self.refused}"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    games_dir = tmp_path_factory.mktemp("games")
    with browser.serving(games_dir) as running:
        yield running


def record_lines(path: Path) -> list[str]:
    """A compact record's lines as typed: comments and blank lines left out."""
    return [s for s in (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines()) if s]


def shown(page: Any) -> tuple[list[str], dict[tuple[str, str], str]]:
    """The page's certain facts and chances, read from the DOM contract's attributes."""
    certain = page.eval_on_selector_all("#certain li[data-fact]", "els => els.map(e => e.dataset.fact)")
    rows = page.eval_on_selector_all(
        "#chances tr[data-subject][data-value][data-p]",
        "els => els.map(e => [e.dataset.subject, e.dataset.value, e.dataset.p])")
    chances = {(s, v): p for s, v, p in rows}
    assert len(chances) == len(rows), "a chance is shown twice"
    return certain, chances


def assert_analysis(page: Any, expected: Any, what: str) -> None:
    """The page shows exactly the analysis: the same certain facts, and every chance the
    JSON gives with the same string (the page may list the zeros Werewolf's JSON omits)."""
    certain, chances = shown(page)
    assert sorted(certain) == sorted(expected.certain), f"{what}: certain facts"
    assert chances, f"{what}: no chances shown"
    wrong = {k: (p, expected.chances.get(k, "0.0")) for k, p in chances.items() if expected.chances.get(k, "0.0") != p}
    assert not wrong, f"{what}: chances differ from analyze --json (page, json): {wrong}"
    missing = [k for k, p in expected.chances.items() if p != "0.0" and k not in chances]
    assert not missing, f"{what}: chances analyze --json gives that the page does not show: {missing}"


VERSION = "form#entry input[name=version]"
MARK = "() => { document.querySelector('#state').dataset.old = '1'; }"
SWAPPED = "() => { const s = document.querySelector('#state'); return s !== null && !s.dataset.old; }"


def submit_line(page: Any, line: str) -> str:
    """Type ``line`` into the entry and send it; wait for the game's state to be redrawn
    (accepted, or refused with the error under the entry line).  The error's text, or ''."""
    page.evaluate(MARK)
    page.fill("#line", line)
    page.press("#line", "Enter")
    page.wait_for_function(SWAPPED)
    return str(page.inner_text("#entry-error")).strip()


def click_and_wait(page: Any, selector: str) -> None:
    """Click a button that redraws the game's state (undo, redo) and wait for it."""
    page.evaluate(MARK)
    page.click(selector)
    page.wait_for_function(SWAPPED)


def assert_phone_layout(page: Any, what: str) -> None:
    """390 px wide with no sideways scrolling, and every visible control ≥ 44 px high."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= browser.PHONE["width"], f"{what}: the page scrolls sideways ({width} px wide)"
    small = page.eval_on_selector_all(
        "button, a, input:not([type=hidden]), select, textarea, summary",
        """els => els.filter(e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
                                     return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; })
                    .filter(e => e.getBoundingClientRect().height < 44)
                    .map(e => `${e.tagName.toLowerCase()}#${e.id}.${e.className} '${(e.textContent || e.value || '').trim().slice(0, 30)}' ${Math.round(e.getBoundingClientRect().height)} px`)""")
    assert not small, f"{what}: tap targets under 44 px high: {small}"


def create_game(page: Any, origin: str, game: str, reference: list[str], phone: bool) -> str:
    """Fill the new-game form for the reference record's seat (its setup lines the form
    does not offer, such as Canary's corners, under "setup"); the new game's page URL."""
    players, seat, secret = SEATS[game]
    head = setup_length(models.game(game), reference)
    setup = [line for line in reference[:head] if line.split()[0] not in (game, "viewer")]
    page.goto(origin + "/new")
    page.select_option("form#new-game select#game", game)
    page.fill("form#new-game input#players", players)
    page.fill("form#new-game input#seat", seat)
    page.fill("form#new-game input#secret", secret)
    page.select_option("form#new-game select#variant", models.game(game).facts.variants[0])
    if setup:
        page.eval_on_selector("form#new-game details", "d => { d.open = true; }")
        page.fill("form#new-game textarea#setup", "\n".join(setup))
    if phone:
        assert_phone_layout(page, "the new-game form")
    with page.expect_navigation():
        page.click("form#new-game [type=submit]")
    assert "/games/" in page.url, f"the new-game form did not open the game (at {page.url}): {page.inner_text('#main')}"
    return str(page.url)


@pytest.mark.slow  # the edit loop leaves it to make test (docs/testing.md)
@needs_browser
@pytest.mark.parametrize(("game", "mode"), CASES)
def test_a_reference_record_typed_through_the_page(server: Any, chromium: Any, tmp_path: Path, game: str,
                                                   mode: str) -> None:
    viewport, lang = MODES[mode]
    context = chromium.new_context(viewport=viewport, locale="en-GB")
    page = context.new_page()
    watch = Watch(server.url)
    watch.attach(page)
    try:
        page.goto(server.url + "/")
        if lang == "ja":
            with page.expect_navigation():
                page.click("#lang-ja")
            assert page.get_attribute("html", "lang") == "ja"
        if viewport is browser.PHONE:
            assert_phone_layout(page, "the games list")
        reference = browser.reference_lines(GAMES[game])
        url = create_game(page, server.url, game, reference, viewport is browser.PHONE)
        name = url.split("/games/", 1)[1].split("?")[0]
        record = server.games_dir / name
        assert record.is_file(), f"no file {record} for the new game"
        header = record_lines(record)
        assert header == reference[:len(header)], f"the new-game form wrote {header}, not the reference's setup"
        to_type = reference[len(header):]

        for i, line in enumerate(to_type):
            error = submit_line(page, line)
            assert not error, f"line {i + 1} {line!r} refused: {error}"
            assert record_lines(record) == header + to_type[:i + 1], f"the file after line {line!r}"
            if i == 0:  # refused lines: the error shown (as text, not markup), nothing saved
                kept = record.read_bytes()
                for wrong in (WRONG[game], HOSTILE):
                    error = submit_line(page, wrong)
                    watch.refusals += 1
                    assert error, f"{wrong!r} was accepted"
                    assert record.read_bytes() == kept, "a refused line changed the file"
                    if lang == "ja":
                        assert browser.CJK.search(error), f"the error is not in Japanese: {error}"
                assert page.query_selector("#entry-error img") is None, "the typed markup became markup"
        typed = browser.expected_page(record)
        assert_analysis(page, typed, f"{game} after typing")
        whole = tmp_path / f"{game}.txt"
        whole.write_text("\n".join(reference) + "\n", encoding="utf-8")
        assert browser.expected_page(whole) == typed, "the file on disk is not the record"
        if viewport is browser.PHONE:
            assert_phone_layout(page, f"{game}'s page")

        # Why: a certain fact's proof opens into #proof: the proof `suiri explain` prints.
        item = page.query_selector("#certain li[data-fact]")
        assert item is not None, "no certain fact on the page"
        fact = item.get_attribute("data-fact")
        item.query_selector(".why").click()
        page.wait_for_function("() => document.querySelector('#proof')?.textContent.trim().length > 0")
        told = browser.cli("explain", str(record), fact, "--lang", lang).stdout.strip()
        assert page.inner_text("#proof pre").strip() == told, "the proof is not suiri explain's"

        # A hint, level by level: each click shows one more, as `suiri hint --level N` says it.
        for level in (1, 2):
            page.click("#hint-next")
            page.wait_for_selector(f"#hint pre[data-level='{level}']")
            told = browser.cli("hint", str(record), "--level", str(level), "--lang", lang).stdout.strip()
            assert page.inner_text("#hint pre").strip() == told, f"hint level {level} is not suiri hint's"

        # Undo the last line; reload: the file and the page are the record less that line.
        click_and_wait(page, "button#undo")
        assert record_lines(record) == header + to_type[:-1], "the file after undo"
        page.reload()
        shorter = tmp_path / f"{game}-undone.txt"
        shorter.write_text("\n".join(reference[:-1]) + "\n", encoding="utf-8")
        assert_analysis(page, browser.expected_page(shorter), f"{game} after undo and reload")
        if lang == "ja":
            assert page.get_attribute("html", "lang") == "ja"
            assert browser.CJK.search(page.inner_text("#main")), "no Japanese on the game's page"
        watch.check()
    finally:
        context.close()


@needs_browser
@pytest.mark.slow  # make test only: a second browser case per run of the edit loop is not needed
def test_two_tabs_on_one_record(server: Any, chromium: Any) -> None:
    """Two tabs on one game: a line sent from the tab that did not see the other's is
    refused with the reason shown, and nothing is overwritten; reloaded, it goes in."""
    reference = browser.reference_lines("canary-3p")
    head = setup_length(models.game("canary"), reference)
    record = server.games_dir / "two-tabs.txt"
    record.write_text("\n".join(reference[:head]) + "\n", encoding="utf-8")
    context = chromium.new_context(viewport=browser.DESKTOP)
    try:
        first, second = context.new_page(), context.new_page()
        for page in (first, second):
            page.goto(f"{server.url}/games/two-tabs.txt")
        assert not submit_line(first, reference[head])
        error = submit_line(second, reference[head + 1])
        assert str(ErrorText("web:stale", name="two-tabs.txt")) in error, f"a line on a stale version: {error!r}"
        assert record_lines(record) == reference[:head + 1], "the stale tab's line changed the file"
        second.reload()
        assert not submit_line(second, reference[head + 1])
        assert record_lines(record) == reference[:head + 2]
    finally:
        context.close()
