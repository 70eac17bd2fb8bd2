"""The play pages (issue 22, "Play"): a game against bots in the browser, through the
framework's test client.

A scripted client plays a whole game of each kind, always the first option as the
terminal numbers them, in English and in Japanese; the review at the end is the one
``suiri play --resume`` prints for the same save file, and the person's record in the
games folder is the one the terminal writes.  A reload after the server forgot the game
(a restart) deals it again and shows the same decision; a stale version, a forged option
and an undo with nothing to take back are refused with nothing written; undo goes back to
the start of the person's move; Memory Detective's triples are chosen by their words.
"""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi import FastAPI
from fastapi.testclient import TestClient
from web import test_app_layout as layout

from suiri.cli.main import main
from suiri.cli.play import read_saved
from suiri.cli.web.play import FOLDER, PREFIX, plays

served = layout.served  # `suiri serve` on a free port (a fixture of the games pages' browser test)
SEEDS = {"canary": 15, "detective": 1, "werewolf": 6}  # deals where option 1 every time ends in a few moves
WORDS = {"en": ("your choice", "Review"), "ja": ("の番です", "振り返り")}


def start(client: TestClient, **form: str) -> str:
    """A new game from the form; its page's address."""
    answer = client.post("/play", data=form, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return str(answer.headers["location"])


def version(page: str) -> str:
    found = re.search(r'<section id="play" data-version="(\d+)"', page)
    assert found, page[:2000]
    return found.group(1)


def options(page: str) -> list[str]:
    """The option buttons' numbers, in the page's order."""
    return re.findall(r'<button class="option" type="submit" name="option" value="(\d+)"', page)


def section(page: str, name: str) -> str:
    """The text of ``<section id=NAME ...>`` (to its first ``</section>``), unescaped."""
    found = re.search(rf'<section id="{name}"[^>]*>(.*?)</section>', page, re.S)
    assert found, f"no #{name}"
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))


def save_file(games_dir: Path, url: str) -> Path:
    return games_dir / FOLDER / f"{url.split('?')[0].rsplit('/', 1)[1]}.toml"


def play_out(client: TestClient, url: str, lang: str) -> tuple[str, int]:
    """Choose option 1 at every decision until the review shows; the last page and the
    number of choices made."""
    made = 0
    while True:
        page = client.get(url)
        assert page.status_code == 200, page.text[:2000]
        if 'id="review"' in page.text:
            return page.text, made
        assert WORDS[lang][0] in page.text
        assert 'id="decision"' in page.text
        assert version(page.text) == str(made)
        answer = client.post(f"{url.split('?')[0]}/choose", data={"version": version(page.text), "option": "1"},
                             follow_redirects=False)
        assert answer.status_code == 303, answer.text[:2000]
        made += 1
        assert made < 400, "the game did not end"


SLOW = pytest.mark.slow  # make test only: the edit loop keeps every game in English and Werewolf in Japanese


@pytest.mark.parametrize("name, lang", [pytest.param("canary", "en", marks=SLOW), pytest.param("detective", "en", marks=SLOW),
                                        ("werewolf", "en"), ("werewolf", "ja"),
                                        pytest.param("canary", "ja", marks=SLOW),
                                        pytest.param("detective", "ja", marks=SLOW)])
def test_whole_game_and_its_review(client: TestClient, games_dir: Path, tmp_path: Path, name: str,
                                   lang: str) -> None:
    client.cookies.set("lang", lang)
    url = start(client, game=name, seed=str(SEEDS[name]), bots="random")
    assert url == f"/play/{name}-{SEEDS[name]}"
    page, made = play_out(client, url, lang)
    assert WORDS[lang][1] in page
    found = re.search(r'<pre class="review">(.*?)</pre>', page, re.S)
    assert found
    review = html.unescape(found.group(1)).strip()
    saved = read_saved(str(save_file(games_dir, url)))
    assert len(saved.choices) == made and set(saved.choices) == {1}
    # the terminal, resuming the same save file, replays the game to its end and says the same review
    copy = tmp_path / "terminal.toml"
    shutil.copy(save_file(games_dir, url), copy)
    said = CliRunner().invoke(main, ["play", "--resume", str(copy), "--lang", lang], input="")
    assert said.exit_code == 0, said.output
    printed = said.output[said.output.index(review.splitlines()[0]):].strip()
    assert printed == review
    # the person's record in the games folder is the one the terminal writes beside its save file
    record = games_dir / f"{PREFIX}{name}-{SEEDS[name]}.toml"
    assert record.read_text(encoding="utf-8") == (tmp_path / "terminal.record.toml").read_text(encoding="utf-8")
    assert f'href="/games/{record.name}"' in page
    assert client.get(f"/games/{record.name}").status_code == 200
    # the finished game takes no more choices
    refused = client.post(f"{url}/choose", data={"version": str(made), "option": "1"})
    assert refused.status_code == 400
    assert read_saved(str(save_file(games_dir, url))).choices == saved.choices


def test_reload_after_a_restart_resumes(client: TestClient, app: FastAPI, games_dir: Path) -> None:
    """The server forgets the game (a restart): the page deals it again from its file and
    shows the same decision, and the game goes on from there."""
    url = start(client, game="canary", seed="4", bots="notebook")
    for _ in range(5):
        page = client.get(url).text
        client.post(f"{url}/choose", data={"version": version(page), "option": options(page)[0]})
    before = client.get(url).text
    assert version(before) == "5"
    # what is new since the person's last move: the record's last lines, as the terminal prints them
    new = [html.unescape(x) for x in re.findall(r"<li>([^<]*)</li>", re.search(r'<div id="news">.*?</ol>', before, re.S)
                                                [0])]
    lines = [html.unescape(x) for x in re.findall(r"<li>([^<]*)</li>", re.search(r'<ol id="record">.*?</ol>', before,
                                                                                    re.S)[0])]
    assert new and lines[-len(new):] == new
    plays(app_request(app)).tables.kept.clear()
    after = client.get(url).text
    assert section(after, "decision") == section(before, "decision")
    assert re.findall(r'<ol id="record">.*?</ol>', after, re.S) == re.findall(r'<ol id="record">.*?</ol>', before, re.S)
    answer = client.post(f"{url}/choose", data={"version": "5", "option": "1"}, follow_redirects=False)
    assert answer.status_code == 303
    assert len(read_saved(str(save_file(games_dir, url))).choices) == 6


def app_request(app: FastAPI) -> object:
    """A stand-in request for ``plays``: what it reads is ``request.app.state``."""

    class Request:
        pass

    request = Request()
    request.app = app  # type: ignore[attr-defined]
    return request


def test_stale_forged_and_unsafe_changes_are_refused(client: TestClient, games_dir: Path) -> None:
    url = start(client, game="werewolf", seed="6", bots="random")
    path = save_file(games_dir, url)
    page = client.get(url).text
    client.post(f"{url}/choose", data={"version": version(page), "option": "1"})
    kept = path.read_bytes()
    # a second tab still showing the first decision
    stale = client.post(f"{url}/choose", data={"version": "0", "option": "1"})
    assert stale.status_code == 409
    assert "nothing was changed" in section(stale.text, "play")
    for forged in ("0", "99", "-1", "1.5", "two", ""):
        answer = client.post(f"{url}/choose", data={"version": "1", "option": forged})
        assert answer.status_code == 400, forged
        assert "not one of the options" in section(answer.text, "play")
    words = client.post(f"{url}/choose", data={"version": "1", "verb": "point", "slot": ["nobody"]})
    assert words.status_code == 400
    without_token = client.post(f"{url}/choose", data={"version": "1", "option": "1"},
                                headers={"X-CSRF-Token": "forged"})
    assert without_token.status_code == 403
    assert path.read_bytes() == kept


def test_undo_goes_back_to_the_start_of_the_move(client: TestClient, games_dir: Path) -> None:
    """Canary's step, then its declaration: undo after the step goes back before it; at
    the start of a move there is nothing to take back."""
    url = start(client, game="canary", seed="1", bots="random")
    first = client.get(url).text
    assert re.search(r'<button id="undo" type="submit" disabled>', first)
    nothing = client.post(f"{url}/undo", data={"version": "0"})
    assert nothing.status_code == 400
    assert "Nothing to take back" in section(nothing.text, "play")
    client.post(f"{url}/choose", data={"version": "0", "option": "1"})
    second = client.get(url).text
    assert "check the map card" in section(second, "decision")
    assert not re.search(r'<button id="undo" type="submit" disabled>', second)
    back = client.post(f"{url}/undo", data={"version": "1"}, follow_redirects=False)
    assert back.status_code == 303
    assert read_saved(str(save_file(games_dir, url))).choices == []
    assert section(client.get(url).text, "decision") == section(first, "decision")


def test_detective_triples_by_their_words(client: TestClient, games_dir: Path) -> None:
    """729 triples are one slot each, not 729 buttons; the words choose the same option as
    its number."""
    url = start(client, game="detective", seed="1", bots="random")
    page = client.get(url).text
    assert 'class="option family"' in page and len(options(page)) < 50
    slots = re.findall(r'<select name="slot" aria-label="deduce \d">(.*?)</select>', page, re.S)
    assert len(slots) == 3
    words = [re.findall(r'<option value="([^"]+)"', s)[-1] for s in slots]
    answer = client.post(f"{url}/choose", data={"version": "0", "verb": "deduce", "slot": words},
                         follow_redirects=False)
    assert answer.status_code == 303
    assert read_saved(str(save_file(games_dir, url))).choices == [729]  # the last triple: each slot's last word


def test_coach_and_the_record_s_own_parts(client: TestClient) -> None:
    """With the coach the advice's best move is shown; the certain facts open their proofs
    and the hint its first level through the record's own page (games.py)."""
    url = start(client, game="canary", seed="1", bots="random", coach="on")
    assert url.endswith("?coach=1")
    page = client.get(url).text
    assert '<div id="coach">' in page
    assert "Coach" in section(page, "decision")
    name = re.search(r'hx-get="/games/([^/"]+)/hint"', page)
    assert name and name.group(1) == "play-canary-1.toml"
    fact = re.search(r'<li data-fact="([^"]+)">', page)
    assert fact
    proof = client.get(f"/games/{name.group(1)}/explain", params={"fact": html.unescape(fact.group(1))},
                       headers={"HX-Request": "true"})
    assert proof.status_code == 200 and 'class="proof"' in proof.text
    hint = client.get(f"/games/{name.group(1)}/hint", params={"level": "1"}, headers={"HX-Request": "true"})
    assert hint.status_code == 200 and 'data-level="1"' in hint.text
    assert '<div id="coach">' not in client.get(url.split("?")[0]).text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_new_game_s_errors(client: TestClient, games_dir: Path, lang: str) -> None:
    client.cookies.set("lang", lang)
    seat = client.post("/play", data={"game": "werewolf", "players": "4", "seat": "9"})
    assert seat.status_code == 422
    assert ("seat 9 is not one of the seats 1 to 4" if lang == "en" else "席 9 はありません") in seat.text
    for form in ({"game": "chess"}, {"game": "canary", "players": "x"}, {"game": "canary", "bots": "oracle"},
                 {"game": "canary", "players": "9"}, {"game": "werewolf", "variant": "clue"}):
        answer = client.post("/play", data=form)
        assert answer.status_code in (400, 422), form
        assert '<ul class="errors">' in answer.text
    assert not (games_dir / FOLDER).exists() or not list((games_dir / FOLDER).iterdir())
    nothing = client.get("/play/nothing-here")
    assert nothing.status_code == 404
    assert ("there is no game nothing-here saved here" if lang == "en" else "ゲーム nothing-here はここに保存されていません") \
        in html.unescape(nothing.text)
    for bad in ("/play/..%2Fx", "/play/a..b", "/play/%3Cscript%3E"):
        answer = client.get(bad)
        assert answer.status_code in (400, 404), bad
        assert "<script>" not in answer.text.split("<body", 1)[1].replace("<script src=", ""), bad


def test_a_game_saved_by_the_terminal_goes_on_in_the_browser(client: TestClient, games_dir: Path,
                                                             tmp_path: Path) -> None:
    """`suiri play` and the web app keep the same save files."""
    save = tmp_path / "wolf.toml"
    said = CliRunner().invoke(main, ["play", "werewolf", "--seed", "6", "--bots", "random", "--save", str(save)],
                              input="1\n1\n")
    assert said.exit_code == 0, said.output
    (games_dir / FOLDER).mkdir()
    shutil.copy(save, games_dir / FOLDER / "wolf.toml")
    page = client.get("/play/wolf")
    assert page.status_code == 200
    assert version(page.text) == str(len(read_saved(str(save)).choices)) != "0"
    listed = client.get("/play").text
    assert 'href="/play/wolf"' in listed
    assert "play-wolf.toml" in client.get("/").text  # the person's record, among the records
    assert "wolf.toml" not in client.get("/").text.replace("play-wolf.toml", "")


def test_a_crash_in_a_choice_leaves_the_game_as_it_was(client: TestClient, games_dir: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure half-way through a choice: a 500 page with the error's id, the save file
    untouched, and the next request deals the game again from it."""
    from suiri.cli.web.play import Table

    url = start(client, game="werewolf", seed="6", bots="random")
    before = client.get(url).text
    kept = save_file(games_dir, url).read_bytes()
    real = Table.choose

    def half_way(self: Table, number: int) -> None:  # type: ignore[type-arg]
        self.person.made.append(number)  # the table is changed, then it fails
        raise RuntimeError("boom")

    monkeypatch.setattr(Table, "choose", half_way)
    crashed = client.post(f"{url}/choose", data={"version": "0", "option": "1"})
    assert crashed.status_code == 500 and 'id="error-id"' in crashed.text
    assert save_file(games_dir, url).read_bytes() == kept
    monkeypatch.setattr(Table, "choose", real)
    assert section(client.get(url).text, "decision") == section(before, "decision")
    assert client.post(f"{url}/choose", data={"version": "0", "option": "1"}, follow_redirects=False).status_code == 303
    assert read_saved(str(save_file(games_dir, url))).choices == [1]  # not the half-made choice too


def test_what_a_user_typed_is_escaped(client: TestClient) -> None:
    answer = client.post("/play", data={"game": "canary", "bots": "<script>alert(1)</script>"})
    assert answer.status_code == 422
    assert "<script>alert(1)" not in answer.text and "&lt;script&gt;alert(1)" in answer.text


def test_a_save_file_that_does_not_read_is_said(client: TestClient, games_dir: Path) -> None:
    """An edited save file: its error, named as the folder names the file, with its field;
    and a saved choice that is no option where it is replayed."""
    (games_dir / FOLDER).mkdir()
    (games_dir / FOLDER / "bad.toml").write_text('game = "chess"\nplayers = 4\n', encoding="utf-8")
    answer = client.get("/play/bad")
    assert answer.status_code == 400
    said = html.unescape(answer.text)
    assert "The game bad cannot be played" in said and 'data-field="game"' in said and "chess" in said
    assert str(games_dir) not in said
    (games_dir / FOLDER / "far.toml").write_text(
        'game = "werewolf"\nplayers = 4\nvariant = "base"\nseed = 6\nseat = 1\n'
        'bots = ["random", "random", "random"]\nchoices = [1, 99]\n', encoding="utf-8")
    answer = client.get("/play/far")
    assert answer.status_code == 400
    assert "choice 2 is 99, not an option there" in html.unescape(answer.text)
    assert client.get("/play").status_code == 200  # the list leaves out what does not read


@pytest.mark.slow  # a browser and a server: make test
def test_the_play_pages_in_a_browser(served: str, chromium: Any) -> None:
    """At a phone's size and a desktop's, in English and Japanese: the form, a Canary game
    played to its review by the first button, Memory Detective's triples; no sideways
    scrolling, every tap target at least 44 px; a proof and a hint open in place."""

    def fits(page: Any, width: int, where: str) -> None:
        assert page.evaluate("document.documentElement.scrollWidth") <= width, where
        assert page.evaluate(layout.TARGETS) == [], where

    for (width, height), lang in zip([(390, 844), (1280, 800)], ["ja", "en"], strict=True):
        page = chromium.new_page(viewport={"width": width, "height": height})
        try:
            page.goto(f"{served}/play?lang={lang}")
            fits(page, width, "/play")
            page.select_option("#play-game", "canary")
            page.fill("#play-seed", "15")
            page.select_option("#play-bots", "random")
            page.check("#play-coach")
            page.click("#play-start")
            page.wait_for_selector("#decision button.option")
            fits(page, width, "a decision")
            page.click("#certain li .why >> nth=0")
            page.wait_for_selector("#proof pre")
            page.click("#hint-next")
            page.wait_for_selector("#hint pre[data-level='1']")
            fits(page, width, "a proof and a hint")
            for _ in range(40):
                if page.query_selector("#review"):
                    break
                page.click("#decision button.option >> nth=0")
                page.wait_for_selector("#decision, #review")
            assert page.query_selector("#review pre.review") is not None
            assert ("振り返り" if lang == "ja" else "Review") in page.inner_text("#review")
            fits(page, width, "the review")
            page.goto(f"{served}/play?lang={lang}")
            page.select_option("#play-game", "detective")
            page.select_option("#play-bots", "random")
            page.click("#play-start")
            page.wait_for_selector("#decision fieldset.family select")
            fits(page, width, "Memory Detective's triples")
        finally:
            page.close()
