"""The puzzle pages (``suiri.cli.web.puzzles``) through TestClient: the puzzle a page shows
is the one ``suiri puzzle-book --count 1`` makes from the number in its address; the page
gives nothing away (no game seed, no answer, no step) until an answer is checked; the
verdict and each step of the solution come in the page's language; the book is the CLI's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sibling import load_sibling

from suiri.cli.main import main
from suiri.cli.web import puzzles
from suiri.solver.errors import SuiriError

HX = {"HX-Request": "true"}
PUZZLES = [("canary", "easy", 3), ("detective", "medium", 2), ("werewolf", "easy", 1)]


Page = load_sibling(__file__, "html.py", "web_html").Elements


def book_markdown(tmp_path: Path, game: str, difficulty: str, seed: int, count: int = 1, lang: str = "en") -> str:
    out = tmp_path / f"{game}-{difficulty}-{seed}-{lang}.md"
    result = CliRunner().invoke(main, ["puzzle-book", "--game", game, "--count", str(count), "--difficulty", difficulty,
                                       "--seed", str(seed), "--lang", lang, "--workers", "1", "--markdown", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def steps_in(page: Page) -> list[str]:
    """The steps of the solution the page shows, each with its grouped premises."""
    return [" ".join(page.text[f"step-{n}"].split()) for n in range(1, 100) if f"step-{n}" in page.text]


def said(step: puzzles.Step) -> str:
    return " ".join(" ".join([step.sentence, *step.grouped]).split())


# -- picking -----------------------------------------------------------------------------------

def test_the_index_offers_every_game_and_level(client: TestClient) -> None:
    page = Page(client.get("/puzzles?lang=en").text)
    assert [a["value"] for a in page.inside("option") if a.get("value")][:3] == ["canary", "detective", "werewolf"]
    assert page.by_id("pick")["action"] == "/puzzles" and page.by_id("book")["action"] == "/puzzles/book"
    assert {a["value"] for a in page.inside("option")} >= {"easy", "medium", "hard", "mixed"}
    japanese = Page(client.get("/puzzles?lang=ja").text)
    assert "難しさ" in japanese.text["main"] and "やさしい" in japanese.text["main"] and "記憶探偵" in japanese.text["main"]


def test_picking_deals_a_number(client: TestClient) -> None:
    dealt = client.get("/puzzles", params={"game": "werewolf", "difficulty": "hard"}, follow_redirects=False)
    assert dealt.status_code == 303 and re.fullmatch(r"/puzzles/werewolf/hard/\d+", dealt.headers["location"])
    chosen = client.get("/puzzles", params={"game": "canary", "difficulty": "easy", "seed": " 3 "}, follow_redirects=False)
    assert chosen.headers["location"] == "/puzzles/canary/easy/3"
    assert client.get("/puzzles", params={"game": "chess", "difficulty": "easy"}).status_code == 404


# -- one puzzle --------------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "difficulty", "seed"), PUZZLES)
def test_the_page_shows_the_cli_puzzle_and_gives_nothing_away(client: TestClient, tmp_path: Path, game: str,
                                                               difficulty: str, seed: int) -> None:
    answer = client.get(f"/puzzles/{game}/{difficulty}/{seed}?lang=en")
    assert answer.status_code == 200
    page = Page(answer.text)
    markdown = book_markdown(tmp_path, game, difficulty, seed)
    command = page.text["command"]
    assert command == f"suiri puzzle-book --game {game} --count 1 --difficulty {difficulty} --seed {seed}"
    assert f"Made by: {command}" in markdown
    assert page.text["record"].strip("\n") in markdown  # the same record lines, numbered alike
    assert f"**{page.text['question']}**" in markdown
    assert page.by_id("picture") is not None and "<svg" in answer.text
    made = puzzles.made(game, difficulty, seed, "en").puzzle
    assert made.answer in markdown.split("## Solutions")[1]  # the CLI's answer key is the page's
    # nothing given away: neither the game seed nor the answer nor a step of the solution
    assert str(made.game_seed) not in answer.text and made.answer not in answer.text
    assert not any(step.sentence in page.text["main"] for step in puzzles.made(game, difficulty, seed, "en").steps)
    assert "verdict" not in page.text and "solution" not in page.text
    values = [a["value"] for a in page.inside("option") if a.get("value")]
    assert made.value in values and len(values) >= 2
    assert page.by_id("answer")["method"] == "post" and page.inside("input", name="csrf")


def test_checking_an_answer_then_the_solution_step_by_step(client: TestClient, csrf: str) -> None:
    url = "/puzzles/canary/easy/3"
    made = puzzles.made("canary", "easy", 3, "en")
    wrong = next(value for value, _ in made.choices if value != made.puzzle.value)
    refused = client.post(url + "?lang=en", data={"answer": wrong, "csrf": csrf})
    page = Page(refused.text)
    assert refused.status_code == 200 and page.by_id("verdict")["data-verdict"] == "wrong"
    assert made.said[wrong] in page.text["verdict"] and made.puzzle.answer not in refused.text
    assert page.by_id("answer") and page.by_id("solution-next")  # try again, or follow the solution
    right = client.post(url, data={"answer": made.puzzle.value, "csrf": csrf}, headers=HX)
    fragment = Page(right.text)
    assert "<html" not in right.text and fragment.by_id("verdict")["data-verdict"] == "right"
    assert fragment.text["verdict"].strip() == f"Right: {made.said[made.puzzle.value]}."
    # one step a click: follow the button's hx-get until the answer closes the solution
    shown: list[str] = []
    link = fragment.by_id("solution-next")
    while True:
        assert link["hx-target"] == "#solution" and link["hx-swap"] == "outerHTML"
        part = Page(client.get(link["hx-get"], headers=HX).text)
        now = steps_in(part)
        assert now[: len(shown)] == shown and len(now) == len(shown) + 1
        shown = now
        if "solution-next" not in part.text:
            break
        link = part.by_id("solution-next")
    assert len(shown) == len(made.puzzle.steps) >= 2
    assert shown == [said(step) for step in made.steps]
    assert made.said[made.puzzle.value] in part.text["solution-answer"]
    assert part.text["solution-lines"] == "".join(made.proof)


def test_without_javascript_the_steps_are_links(client: TestClient) -> None:
    made = puzzles.made("canary", "easy", 3, "en")
    page = Page(client.get("/puzzles/canary/easy/3?lang=en&shown=2").text)
    assert len(steps_in(page)) == 2 and page.by_id("solution-next")["href"] == "/puzzles/canary/easy/3?shown=3#solution"
    whole = Page(client.get(f"/puzzles/canary/easy/3?shown={len(made.puzzle.steps) + 5}").text)
    assert len(steps_in(whole)) == len(made.puzzle.steps) and "solution-answer" in whole.text


def test_in_japanese(client: TestClient, csrf: str) -> None:
    made = puzzles.made("canary", "easy", 3, "ja")
    answer = client.post("/puzzles/canary/easy/3?lang=ja", data={"answer": made.puzzle.value, "csrf": csrf})
    page = Page(answer.text)
    assert page.text["verdict"].strip() == f"正解：{made.said[made.puzzle.value]}。"
    assert "あなたは" in page.text["seat"] and "記録" in answer.text
    steps = Page(client.get("/puzzles/canary/easy/3/solution?shown=1").text)
    english = puzzles.made("canary", "easy", 3, "en").steps[0].sentence
    assert steps_in(steps) == [said(made.steps[0])] and made.steps[0].sentence != english


def test_an_answer_not_offered_and_a_form_without_its_token(client: TestClient, csrf: str) -> None:
    url = "/puzzles/canary/easy/3"
    offered = client.post(url + "?lang=en", data={"answer": "<script>alert(1)</script>", "csrf": csrf})
    assert offered.status_code == 400 and "<script>alert" not in offered.text
    assert Page(offered.text).by_id("verdict")["data-verdict"] == "unknown"
    assert "&lt;script&gt;alert(1)&lt;/script&gt; is not one of the answers offered" in offered.text
    client.headers.pop("X-CSRF-Token")
    assert client.post(url, data={"answer": "dark"}).status_code == 403
    assert client.post(url, data={"answer": "dark", "csrf": csrf}).status_code == 200


@pytest.mark.parametrize(("path", "message"), [
    ("/puzzles/<script>/easy/1", "there is no game <script>"),
    ("/puzzles/canary/trivial/1", "there is no level trivial"),
    ("/puzzles/canary/easy/x1", "x1 is not a puzzle number"),
    ("/puzzles/canary/easy/1000000000", "1000000000 is not a puzzle number"),
    ("/puzzles/canary/easy/-1/solution", "-1 is not a puzzle number"),
])
def test_an_address_that_names_no_puzzle(client: TestClient, path: str, message: str) -> None:
    answer = client.get(path, params={"lang": "en"})
    assert answer.status_code == 404 and "<script>" not in answer.text
    page = Page(answer.text)
    assert page.text["error-message"] == message
    assert "games: canary, detective, werewolf; levels: easy, medium, hard" in answer.text


def test_a_number_that_deals_no_puzzle(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The book finds none in its simulated games: the page says so and offers the next number."""
    from suiri.puzzles.book import ErrorText

    def none(*args: object, **kw: object) -> object:
        raise SuiriError(ErrorText("book:too-few", found=0, count=1, difficulty="hard", tried=300), None,
                         ErrorText("book:too-few-valid"))

    monkeypatch.setattr(puzzles, "build", none)
    answer = client.get("/puzzles/werewolf/hard/999999999", params={"lang": "en"})
    assert answer.status_code == 404
    page = Page(answer.text)
    assert "only 0 of 1 hard puzzles found in 300 simulated games" in page.text["error-message"]
    assert page.by_id("try-next")["href"] == "/puzzles/werewolf/hard/0"


# -- the book ----------------------------------------------------------------------------------

@pytest.mark.slow  # the edit loop leaves it to make test (docs/testing.md)
def test_the_book_is_the_clis(client: TestClient, tmp_path: Path) -> None:
    answer = client.get("/puzzles/book", params={"game": "detective", "count": 2, "difficulty": "easy", "seed": 4,
                                                 "lang": "en"})
    assert answer.status_code == 200
    out = tmp_path / "book.html"
    result = CliRunner().invoke(main, ["puzzle-book", "--game", "detective", "--count", "2", "--difficulty", "easy",
                                       "--seed", "4", "--workers", "1", "--html", str(out)])
    assert result.exit_code == 0, result.output
    assert answer.text == out.read_text(encoding="utf-8")
    assert "@page { size: A4" in answer.text and "break-before: page" in answer.text


def test_a_book_the_page_will_not_make(client: TestClient) -> None:
    assert client.get("/puzzles/book", params={"count": puzzles.MAX_BOOK + 1}).status_code == 422
    assert client.get("/puzzles/book", params={"count": 0}).status_code == 422
    assert client.get("/puzzles/book", params={"game": "chess"}).status_code == 404
    assert client.get("/puzzles/book", params={"difficulty": "trivial"}).status_code == 404
