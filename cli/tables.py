"""The HTML pieces of the chance tables in ``suiri report`` (each view's ``chances_html``
builds its game's section from them): a table with a bar per chance, a list of chances
likeliest first, a heading.  Game-agnostic; the page itself is ``report.py``'s."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from .svg import pct


@dataclass(frozen=True)
class TableWords:
    """The words every chance table uses, in one language."""

    chance: str  # a column's head
    more: str  # below a cut list: how many more rows


WORDS = {"en": TableWords(chance="chance", more="… and {n} more"), "ja": TableWords(chance="確率", more="…ほか {n} 件")}


def table(head: Iterable[str], rows: Iterable[Iterable[tuple[str, Fraction | None]]]) -> str:
    """An HTML table; a cell with a chance gets a bar of that length (``--p``)."""
    out = ["<table><thead><tr>", *(f"<th>{escape(h)}</th>" for h in head), "</tr></thead><tbody>"]
    for row in rows:
        out.append("<tr>")
        for text, p in row:
            if p is None:
                out.append(f"<td>{escape(text)}</td>")
            else:
                kind = "p sure" if p == 1 else "p ruled" if p == 0 else "p"
                out.append(f'<td class="{kind}" style="--p:{float(p) * 100:.1f}%">{escape(text or pct(p))}</td>')
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def chance_list(rows: Iterable[tuple[str, Fraction]], lang: str, limit: int = 12, head: str = "") -> str:
    """Label and chance, likeliest first, leaving out what is ruled out."""
    w = WORDS[lang]
    kept = sorted(((label, p) for label, p in rows if p), key=lambda x: -x[1])
    body = [[(label, None), ("", p)] for label, p in kept[:limit]]
    more = f"<p>{escape(w.more.format(n=len(kept) - limit))}</p>" if len(kept) > limit else ""
    return table([head, w.chance], body) + more


def h3(text: str) -> str:
    """A heading inside a section of the page."""
    return f"<h3>{escape(text)}</h3>"
