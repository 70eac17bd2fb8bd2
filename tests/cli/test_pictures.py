"""Terminal pictures (issue 13): the Canary map, the Detective notebook and the Werewolf
piles — colour only for a terminal (not with ``NO_COLOR``, ``--plain`` or a pipe), the
looks each picture promises, and the ``--json`` keys a tool redraws them from."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Callable
from fractions import Fraction
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from cli_support import DETECTIVE_REFERENCE, REFERENCE
from rich.text import Text as RichText

from suiri.cli import canary_view, colour, detective_view, werewolf_view
from suiri.models import game, open_session

WEREWOLF_REFERENCE = files("suiri.models.werewolf") / "records" / "werewolf-4p.toml"
ESC = "\x1b["
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def analysed(path: Any) -> Any:
    g, session = open_session(str(path))
    return g.analyze(session)


@pytest.fixture(scope="module")
def canary() -> Any:
    return analysed(REFERENCE)


@pytest.fixture(scope="module")
def detective() -> Any:
    return analysed(DETECTIVE_REFERENCE)


@pytest.fixture(scope="module")
def werewolf() -> Any:
    return analysed(WEREWOLF_REFERENCE)


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


# -- plain or colour ----------------------------------------------------------------------------
def test_colour_only_for_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert colour.wanted(False, Tty())
    assert not colour.wanted(False, io.StringIO())  # a pipe or a file
    assert not colour.wanted(True, Tty())  # --plain
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour.wanted(False, Tty())
    monkeypatch.setenv("NO_COLOR", "")  # no-color.org: an empty NO_COLOR does not count
    assert colour.wanted(False, Tty())


def test_plain_output_has_no_escape_codes(suiri: Callable[..., Any]) -> None:
    for path in (REFERENCE, DETECTIVE_REFERENCE, WEREWOLF_REFERENCE):
        for extra in ((), ("--plain",), ("--lang", "ja")):
            result = suiri("analyze", path, *extra)
            assert result.exit_code == 0, result.output
            assert ESC not in result.output


def test_each_picture_is_its_plain_text_painted(canary: Any, detective: Any, werewolf: Any) -> None:
    """Colour adds styles and nothing else: stripped of them, the coloured picture is the
    plain one, character for character."""
    for view, a in ((canary_view, canary), (detective_view, detective), (werewolf_view, werewolf)):
        for lang in ("en", "ja"):
            plain = view.picture(a, lang)
            painted = view.picture(a, lang, colour_on=True)
            assert plain and all(ESC not in line for line in plain)
            assert any(ESC in line for line in painted)
            assert [SGR.sub("", line) for line in painted] == plain


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_terminal_gets_colour_unless_no_color_or_plain(tmp_path: Path) -> None:
    """The real command in a pseudo-terminal: colour; with NO_COLOR or --plain: none."""
    pexpect = pytest.importorskip("pexpect")
    exe = Path(sys.executable).with_name("suiri")
    record = tmp_path / "canary-3p.toml"
    record.write_text(REFERENCE.read_text(encoding="utf-8"), encoding="utf-8")

    def run(*args: str, **env: str) -> str:
        environ = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | env | {"TERM": "xterm-256color"}
        out, status = pexpect.run(f"{exe} analyze {record} {' '.join(args)}", env=environ, withexitstatus=True,
                                  timeout=120, encoding="utf-8")
        assert status == 0, out
        return str(out)

    coloured = run()
    assert ESC in coloured and "[HA]" in SGR.sub("", coloured)
    assert ESC not in run(NO_COLOR="1")
    assert ESC not in run("--plain")


# -- the Canary map -----------------------------------------------------------------------------
def plain_marks(a: Any, lang: str = "en") -> dict[str, str]:
    """Each square's mark in the plain map, by square name (pieces cut off)."""
    lines = canary_view.board_map(a, lang)
    board = a.session.board
    out = {}
    for line in lines[1::2]:  # a row of marks, then a row of chances
        row, *marks = line.split()
        for col, mark in enumerate(marks):
            out[board.name(board.square(col, int(row) - 1))] = mark.split("@")[0]
    return out


def test_canary_map_shows_four_looks(canary: Any) -> None:
    """The reference record has all four: b7 was hidden by aki (the viewer saw its face), c7
    revealed, a2 hidden by cid (so it carries cid's clue), a1 never checked."""
    looks = {canary.session.board.name(sq): v for sq, v in enumerate(canary.squares())}
    assert (looks["c7"].look, looks["b7"].look, looks["a2"].look, looks["a1"].look) == \
        ("face-up", "known", "hidden", "unknown")
    assert looks["a2"].hidden_by == ("cid",)
    marks = plain_marks(canary)
    assert (marks["c7"], marks["b7"], marks["a2"], marks["a1"]) == ("NW", "[HA]", "(c)", "·")
    assert plain_marks(canary, "ja")["b7"] == "[高旧]"
    legend = canary_view.picture(canary, "en")[0]
    assert all(x in legend for x in ("HA face-up", "[HA] face-down", "(b) hidden by b", "· unknown"))


def painted(text: str, style: Any) -> str:
    """``text`` as the terminal receives it in ``style``."""
    return colour.render([RichText(text, style=style)], True)[0]


def test_canary_looks_and_pieces_have_distinct_colours(canary: Any) -> None:
    lines = canary_view.board_map(canary, "en", colour_on=True)
    row7, row2 = lines[1], lines[11]  # a7 unknown, b7 known, c7 face-up, d7 aki (the viewer), g7 bea; a2 hidden
    looks = [("·", colour.UNKNOWN, row7), ("[HA]", colour.KNOWN, row7), ("NW", colour.FACE_UP, row7),
             ("(c)", colour.HIDDEN, row2)]
    assert len({painted(text, style) for text, style, _ in looks}) == 4
    for text, style, line in looks:
        assert painted(text, style) in line, text
    assert painted("a", colour.VIEWER) in row7 and painted("b", colour.OTHER) in row7
    assert painted("a", colour.VIEWER) != painted("a", colour.OTHER)


def test_canary_goal_chances_are_a_heat_scale(canary: Any) -> None:
    """The likeliest square (a2, 7.1%) is drawn hotter than a 2.4% square; ✗ is grey."""
    top = max(canary.goal)
    assert colour.heat(top, top) != colour.heat(Fraction(1, 42), top)
    assert colour.heat(Fraction(0), top) == colour.RULED_OUT


def test_canary_json_redraws_the_map(suiri: Callable[..., Any], canary: Any) -> None:
    data = json.loads(suiri("analyze", REFERENCE, "--json").output)
    assert data["board"] == {"width": 7, "height": 7}
    assert data["pieces"] == {"aki": "d7", "bea": "g7", "cid": "a4"}
    marks = plain_marks(canary)
    letters = {"high": "H", "dark": "D", "ancient": "A", "nature": "N", "weathered": "W"}
    kinds = canary.session.variant.deck.by_id
    for name, sq in data["squares"].items():
        if sq["look"] == "unknown":
            want = "·"
        elif sq["look"] == "hidden":
            want = "(" + "".join(p[0] for p in sq["hidden_by"]) + ")"
        else:
            face = "".join(v for k, v in letters.items() if k in kinds[sq["card"]].attrs) or "-"
            want = face if sq["look"] == "face-up" else f"[{face}]"
        assert marks[name] == want, name
    assert data["squares"]["a2"] == {"look": "hidden", "card": None, "hidden_by": ["cid"]}


def test_two_player_map_keeps_the_goal_sum(tmp_path: Path) -> None:
    g = game("canary")
    record = g.simulate(2, 3, 4, "aki")
    a = g.analyze(g.open(record))
    picture = canary_view.picture(a, "en")
    assert any("goal chances add up to" in line for line in picture)


# -- the Memory Detective notebook --------------------------------------------------------------
def test_notebook_case_column_first(detective: Any, suiri: Callable[..., Any]) -> None:
    head = detective_view.notebook(detective, "en")[0].split()
    assert head == ["card", "case", "aki", "bea", "cid", "public"]
    assert detective_view.notebook(detective, "ja")[0].split()[1] == "事件"
    data = json.loads(suiri("analyze", DETECTIVE_REFERENCE, "--json").output)
    assert data["notebook"]["columns"] == head[1:]
    # the grid's row s1 reads as the owners say, in the columns' order
    row = detective_view.notebook(detective, "en")[1].split()
    want = ["✗" if data["owners"]["s1"][h] == 0 else f"{data['owners']['s1'][h] * 100:.1f}%"
            for h in data["notebook"]["columns"]]
    assert row == ["s1", *want]


def test_notebook_drops_a_column_without_information() -> None:
    """Six players have no public cards: the all-✗ public column is left out."""
    g = game("detective")
    record = g.simulate(6, 1, 4, "aki")
    a = g.analyze(g.open(record))
    assert all(row["public"] == 0 for row in a.owners.values())
    assert a.columns == ["case", "aki", "bea", "cid", "dai", "eri", "fumi"]
    assert "public" not in detective_view.notebook(a, "en")[0]


def test_live_notebook_keeps_the_open_rows(detective: Any) -> None:
    """`suiri live` redraws the rows still open, then one line with the settled cards."""
    picture = detective_view.picture(detective, "en")
    shown = [line.split()[0] for line in picture[1:-1] if line]
    assert shown == [c.id for c, row in detective.owners.items() if 1 not in row.values()]
    assert picture[-1] == "  ✓ aki: s4 w1 w9 r2 r3  bea: s5 s7 r7  cid: s3 w8  public: s8 s9 w2 w3 w5 w6 r9"
    assert len(picture) < len(detective_view.notebook(detective, "en"))


def test_notebook_colours_by_certainty(detective: Any) -> None:
    painted_rows = detective_view.notebook(detective, "en", colour_on=True)
    s3 = next(line for line in painted_rows if SGR.sub("", line).split()[0] == "s3")
    assert painted("✓", colour.CERTAIN) in s3 and painted("✗", colour.RULED_OUT) in s3
    s1 = next(line for line in painted_rows if SGR.sub("", line).split()[0] == "s1")
    assert painted("56.6%", colour.certainty(Fraction(566, 1000))) in s1


# -- the Werewolf piles -------------------------------------------------------------------------
def test_piles_show_what_is_known_of_face_down_cards(werewolf: Any) -> None:
    lines = werewolf_view.piles(werewolf, "en")
    by_player = {line.split()[0]: line for line in lines}
    assert "hand ▼Knight" in by_player["aki"]  # the viewer's own cards
    assert "▲Seer ▲Medium ▼Vote ▼Werewolf Attack ③ ▼Sleep" in by_player["aki"]
    assert "out" in by_player["ben"] and "▲Villager" in by_player["ben"]
    assert "▼(Vote 55.6% / Lost Legacy 33.3% / Werewolf Attack ① 11.1%)" in by_player["dan"]
    assert lines[-1] == "  ruins ▼Werewolf Attack ② | deck: 0"
    assert "▼人狼の襲撃②" in werewolf_view.piles(werewolf, "ja")[-1]


def test_werewolf_json_redraws_the_piles(suiri: Callable[..., Any], werewolf: Any) -> None:
    data = json.loads(suiri("analyze", WEREWOLF_REFERENCE, "--json").output)
    lines = {line.split()[0]: line for line in werewolf_view.piles(werewolf, "en")}
    for player, pile in data["piles"].items():
        discard = lines[player].split(" | discard")[1]
        marks = [c for c in discard if c in "▲▼"]
        assert marks == ["▲" if c["face_up"] else "▼" for c in pile], player
        for c in pile:
            if not c["face_up"]:
                assert f"discard:{player}:{c['index']}" in data["cards"]
    assert data["piles"]["aki"][0] == {"index": 1, "face_up": True, "card": "seer", "turn": 1}


def test_four_player_legend_names_the_fake() -> None:
    """With the fake clue a hidden card carries its hider's clue card, maybe the fake."""
    g = game("canary")
    a = g.analyze(g.open(g.simulate(4, 5, 14, "aki")))
    assert "(b) hidden by b: carries b's clue (the fake one if b holds it)" in canary_view.picture(a, "en")[0]
    hidden = [v for v in a.squares() if v.look == "hidden"]
    assert hidden and all(v.hidden_by and v.kind is None for v in hidden)


# -- one place per game's pictures (issue 20) ---------------------------------------------------
def test_the_shared_picture_modules_know_no_game() -> None:
    """A game's pictures are its view's alone: svg.py, tables.py and report.py import no
    game and name none, so a new game's pictures are one module (its view)."""
    import ast

    import suiri.cli.report
    import suiri.cli.svg
    import suiri.cli.tables
    from suiri.models import GAMES

    for module in (suiri.cli.svg, suiri.cli.tables, suiri.cli.report):
        assert module.__file__ is not None
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        for name in GAMES:
            assert not any(m.startswith(f"suiri.models.{name}") or m.endswith(f"{name}_view") for m in imported), \
                (module.__name__, name)
            assert name not in strings, (module.__name__, name)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_view_draws_its_svg_and_chance_tables(canary: Any, detective: Any, werewolf: Any, lang: str) -> None:
    """Every view offers the report's two pieces; picture_svg finds them by the game's name."""
    from suiri.cli.views import picture_svg, view

    for name, a in (("canary", canary), ("detective", detective), ("werewolf", werewolf)):
        shown = view(name)
        assert shown.svg(a, lang) == picture_svg(name, a, lang)
        assert shown.svg(a, lang).startswith('<svg class="suiri-picture ')
        assert shown.svg(a, lang, False) != shown.svg(a, lang)  # a puzzle's picture shows no chance
        assert shown.chances_html(a, lang).startswith("<h3>")
