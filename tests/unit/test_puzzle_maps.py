"""Canary maps a reader can compare (issue 19, item 7): one fixed colour scale for the
goal chance on every map (the same chance, the same colour), the squares that cannot be
the goal drawn as such (grey, ✗), and a puzzle's map, drawn from what the seat knew
before the first move, showing no chance at all, only the squares whose face-up card
lacks the clues the goal carries."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from suiri.cli.svg import RULED_OUT, heat
from suiri.cli.views import picture_svg
from suiri.models import game
from suiri.puzzles.book import before_play

SQUARE = re.compile(r'<g class="square ([\w -]+)" data-square="(\w+)"[^>]*>\s*<rect [^>]*fill="(#[0-9a-f]{6})"')


def squares(svg: str) -> dict[str, tuple[str, str]]:
    """Each square's (classes, fill), and whether it carries a ✗ (appended to the classes)."""
    out = {}
    for g in svg.split('<g class="square ')[1:]:
        m = SQUARE.match('<g class="square ' + g)
        assert m is not None
        body = g.split("</g>")[0]
        out[m.group(2)] = (m.group(1) + (" cross" if "✗" in body else ""), m.group(3))
    return out


def maps() -> list[tuple[Any, Any]]:
    """Analyses of several Canary records (2, 3 and 4 players, early and late cuts)."""
    played = game("canary")
    found = []
    for players, seed in ((2, 5), (3, 1), (3, 2), (4, 3)):
        record = played.simulate(players, seed, 500, None if players == 4 else "aki", "base")
        cuts = played.cuts(record)
        for cut in (cuts[0], cuts[len(cuts) // 2], cuts[-1]):
            session = played.open(cut)
            found.append((session, played.analyze(session)))
    return found


def test_the_same_chance_has_the_same_colour_on_every_map() -> None:
    """Over maps whose likeliest squares differ (uniform odds at the start, a goal found
    at the end), a chance has one colour, and a likelier square is darker, whatever map
    it is on: a map of uniform odds is pale, not the colour of a certain goal."""
    colour: dict[Fraction, set[str]] = {}
    for session, a in maps():
        drawn = squares(picture_svg("canary", a, "en"))
        for sq in session.board.squares:
            p = a.goal[sq]
            classes, fill = drawn[session.board.name(sq)]
            colour.setdefault(p, set()).add(fill)
            assert fill == (RULED_OUT if p == 0 else heat(float(p)))
    assert all(len(fills) == 1 for fills in colour.values()), colour
    chances = sorted(p for p in colour if p)
    assert chances[0] <= Fraction(1, 40) and chances[-1] == 1  # the test spans the scale
    brightness = [sum(int(fill[i:i + 2], 16) for i in (1, 3, 5)) for p in chances for fill in colour[p]]
    assert all(x > y for x, y in zip(brightness, brightness[1:], strict=False))
    assert all(int(heat(1 / 49)[i:i + 2], 16) > 200 for i in (1, 3))  # 2%: pale


def test_squares_that_cannot_be_the_goal_are_drawn_so() -> None:
    for session, a in maps():
        drawn = squares(picture_svg("canary", a, "en"))
        clues = session.variant.genuine_count
        for sq in session.board.squares:
            classes, fill = drawn[session.board.name(sq)]
            kind = session.replay.state.known.get(sq)
            if sq in session.replay.state.face_up and kind is not None and len(kind.attrs) < clues:
                assert a.goal[sq] == 0  # a face-up card lacking clues is no goal ...
            if a.goal[sq] == 0:  # ... and every square that is none is drawn so
                assert "never" in classes and "cross" in classes and fill == RULED_OUT
            else:
                assert "never" not in classes and "cross" not in classes


def test_a_puzzles_map_shows_no_chance_and_crosses_the_cards_lacking_clues() -> None:
    played = game("canary")
    for players, seed in ((2, 5), (3, 1), (4, 3)):
        record = played.simulate(players, seed, 500, "aki", "base")
        session = played.open(record)
        svg = picture_svg("canary", before_play(played, record, session), "en", False)  # as a puzzle book draws it
        assert "data-goal" not in svg and 'class="chance"' not in svg and not re.search(r">[^<]*\d%<", svg)
        drawn = squares(svg)
        drawn_from = before_play(played, record, session)
        known = {**session.replay.state.known, **drawn_from.seen_faces()}  # public faces and those the seat saw
        lacking = {session.board.name(sq) for sq, kind in known.items()
                   if len(kind.attrs) < session.variant.genuine_count}
        assert lacking  # some card lacking clues lies on the board
        assert {name for name, (classes, _) in drawn.items() if "never" in classes} == lacking
        assert all(fill == RULED_OUT for name, (_, fill) in drawn.items() if name in lacking)
        assert len({fill for name, (_, fill) in drawn.items() if name not in lacking}) == 1  # no chance drawn
