"""Colour for the pictures (the Canary map, the Detective notebook, the Werewolf piles).

A picture is built once as rich ``Text`` lines: the same characters in both cases, with
styles that only a terminal shows.  Whether to show them is decided once per command
(``wanted``): colour for a terminal, plain text when the output is not one (a pipe, a
file, the golden transcripts), when ``NO_COLOR`` is set (https://no-color.org) or with
``--plain``.  Plain output is the text of the lines, so it never carries an escape code.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TextIO

from rich.color import Color
from rich.console import Console
from rich.style import Style
from rich.text import Text

from .layout import width

# The looks every view shares.
CERTAIN = Style(color="green", bold=True)  # ✓
RULED_OUT = Style(color="bright_black")  # ✗
HEADING = Style(bold=True)
VIEWER = Style(color="black", bgcolor="bright_green", bold=True)  # the viewer's piece, hand, column
OTHER = Style(color="black", bgcolor="bright_yellow", bold=True)  # another player's piece
FACE_UP = Style(color="black", bgcolor="white", bold=True)  # a card everyone sees: a white card
KNOWN = Style(color="cyan", bold=True)  # face-down, but the viewer knows its face
HIDDEN = Style(color="magenta", bold=True)  # face-down, carries a named player's clue
UNKNOWN = Style(color="bright_black")  # face-down, nothing known

COLD = (40, 40, 90)  # the heat scale runs from a dark blue (unlikely) ...
HOT = (230, 60, 20)  # ... to a hot red (likely)


def wanted(plain: bool = False, stream: TextIO | None = None) -> bool:
    """Colour only for a person at a terminal: not with ``--plain``, not with ``NO_COLOR``
    set to anything but the empty string, not when the output is a pipe or a file."""
    if plain or os.environ.get("NO_COLOR", ""):
        return False
    out = sys.stdout if stream is None else stream
    isatty: Callable[[], bool] | None = getattr(out, "isatty", None)
    return bool(isatty is not None and isatty())


def heat(p: Fraction, top: Fraction = Fraction(1)) -> Style:
    """A chance as a colour between cold and hot, relative to ``top`` (the largest chance
    on the picture, so the likeliest squares stand out even when all are small)."""
    if p == 0:
        return RULED_OUT
    share = min(Fraction(1), p / top) if top else Fraction(1)
    rgb = tuple(int(c + (h - c) * share) for c, h in zip(COLD, HOT, strict=True))
    return Style(color="bright_white", bgcolor=Color.from_rgb(*rgb), bold=p == 1)


def certainty(p: Fraction) -> Style:
    """✓ green, ✗ grey, a probability warmer as it grows."""
    if p == 1:
        return CERTAIN
    if p == 0:
        return RULED_OUT
    return Style(color="yellow", bold=p >= Fraction(1, 2))


def cell(text: str, style: Style | str | None, n: int) -> Text:
    """``text`` in ``style``, padded (unstyled) to ``n`` display columns."""
    out = Text()
    out.append(text, style=style or None)
    out.append(" " * max(0, n - width(text)))
    return out


def join(parts: Iterable[Text | str]) -> Text:
    out = Text()
    for part in parts:
        out.append(part if isinstance(part, Text) else Text(part))
    return out


def render(lines: Iterable[Text | str], colour: bool) -> list[str]:
    """The lines as printed: their plain text, or with the terminal's colour codes (rich
    writes them; 256 colours, which nearly every terminal shows)."""
    if not colour:
        return [line if isinstance(line, str) else line.plain for line in lines]
    console = Console(file=io.StringIO(), force_terminal=True, no_color=False, color_system="256",
                      width=100_000, highlight=False, emoji=False, markup=False, legacy_windows=False)
    out = []
    for line in lines:
        with console.capture() as captured:
            console.print(line, end="", soft_wrap=True)
        out.append(captured.get())
    return out
