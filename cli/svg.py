"""The game-agnostic half of the pictures as inline ``<svg>`` elements (no fonts, images
or scripts from anywhere): the text, colour and layout helpers every game's picture uses.
Each game draws its own picture in its view (``cli/<game>_view.py``: ``svg``), from its
analysis, never from printed text; ``suiri report`` puts it in its HTML page and the
puzzle book in each puzzle (``views.picture_svg`` finds it by the game's name).

Every cell carries a stable ``data-*`` id (``data-square="c4"``, ``data-card="s7"
data-holder="bea"``, ``data-slot="discard:ben:2"``) so tests and style sheets can find it.
The element has no ``xmlns`` (an HTML parser does not need it, and the page keeps no
``http`` string); a stand-alone ``.svg`` file must add ``xmlns="http://www.w3.org/2000/svg"``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from fractions import Fraction
from html import escape

FONT = "font-family:system-ui,-apple-system,'Segoe UI','Noto Sans CJK JP','Noto Sans JP',sans-serif"


# -- drawing helpers --------------------------------------------------------------------------------
def text_width(text: str, size: float) -> float:
    """Rough width of ``text`` at font ``size``: wide (CJK) characters take a full em."""
    return sum(size if unicodedata.east_asian_width(ch) in "WF" else size * 0.6 for ch in text)


def pct(p: Fraction) -> str:
    """A chance as the cells show it: ✓ certain, ✗ ruled out, else a short percentage."""
    if p == 1:
        return "✓"
    if p == 0:
        return "✗"
    x = float(p) * 100
    return f"{x:.0f}%" if x >= 9.95 else f"{x:.1f}%"


RULED_OUT = "#d4d4d4"  # what cannot be (a square that cannot be the goal): grey, with a ✗
TABLE = "#fbfaf5"  # a cell of a picture that shows no chances (a puzzle's)
HEAT_TICKS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0)  # a legend's samples of the one heat scale


def heat(p: float) -> str:
    """A warm colour for a chance in [0, 1], pale yellow through orange to red, on one
    fixed scale for every map (the square root of the chance, so that small chances
    differ visibly): the same chance is the same colour on any two maps."""
    p = max(0.0, min(1.0, p)) ** 0.5
    stops = [(0.0, (255, 252, 235)), (0.35, (253, 207, 120)), (0.7, (244, 120, 60)), (1.0, (200, 30, 30))]
    for (a, ca), (b, cb) in zip(stops, stops[1:], strict=False):
        if p <= b:
            f = (p - a) / (b - a)
            r, g, bl = (round(x + (y - x) * f) for x, y in zip(ca, cb, strict=True))
            return f"#{r:02x}{g:02x}{bl:02x}"
    return "#c81e1e"  # pragma: no cover


def blue(p: float) -> str:
    """A cool colour for a possible place: the likelier, the darker."""
    p = max(0.0, min(1.0, p))
    r, g, b = (round(x + (y - x) * p) for x, y in zip((235, 243, 252), (90, 150, 220), strict=True))
    return f"#{r:02x}{g:02x}{b:02x}"


def ink_on(p: float) -> str:
    """Text colour on ``heat(p)``."""
    return "#fff" if p > 0.55 else "#222"


def element(width: float, height: float, body: Iterable[str], kind: str, title: str) -> str:
    """The ``<svg>`` element of a picture of ``kind`` (its class) with ``title``."""
    inner = "\n".join(body)
    return (f'<svg class="suiri-picture {kind}" role="img" aria-label="{escape(title)}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
            f'style="{FONT};max-width:100%;height:auto">\n<title>{escape(title)}</title>\n{inner}\n</svg>')


def txt(x: float, y: float, s: str, size: float = 12, anchor: str = "middle", extra: str = "") -> str:
    """One line of text whose ``anchor`` point is at (x, y)."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'dominant-baseline="central"{extra}>{escape(s)}</text>')


def fit_lines(label: str, size: float, room: float, most: int = 2) -> list[str]:
    """``label`` broken at spaces (or anywhere, for CJK) into at most ``most`` lines that
    fit ``room``; the last line is cut with … when it still does not fit."""
    if text_width(label, size) <= room:
        return [label]
    words = label.split(" ") if " " in label else list(label)
    sep = " " if " " in label else ""
    lines: list[str] = []
    line = ""
    for w in words:
        trial = f"{line}{sep}{w}" if line else w
        if text_width(trial, size) <= room or not line:
            line = trial
        else:
            lines.append(line)
            line = w
    lines.append(line)
    if len(lines) > most:
        lines = lines[: most - 1] + [sep.join(lines[most - 1:])]
    last = lines[-1]
    while text_width(last, size) > room and len(last) > 1:
        last = last[:-2] + "…"
    lines[-1] = last
    return lines


def multiline(x: float, y: float, lines: list[str], size: float, extra: str = "") -> list[str]:
    """Lines centred on (x, y)."""
    top = y - (len(lines) - 1) * size * 0.6
    return [txt(x, top + i * size * 1.2, line, size, extra=extra) for i, line in enumerate(lines)]
