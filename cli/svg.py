"""Each game's picture as one self-contained inline ``<svg>`` element (no fonts, images or
scripts from anywhere): the Canary board, the Memory Detective notebook, the Werewolf
piles.  ``suiri report`` puts it in its HTML page and the puzzle book in each puzzle.

The facts come from the analysis objects, never from printed text.  Every cell carries
a stable ``data-*`` id (``data-square="c4"``, ``data-card="s7" data-holder="bea"``,
``data-slot="discard:ben:2"``) so tests and style sheets can find it.  The element has
no ``xmlns`` (an HTML parser does not need it, and the page keeps no ``http`` string);
a stand-alone ``.svg`` file must add ``xmlns="http://www.w3.org/2000/svg"``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from fractions import Fraction
from html import escape
from typing import Any

FONT = "font-family:system-ui,-apple-system,'Segoe UI','Noto Sans CJK JP','Noto Sans JP',sans-serif"

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "canary-title": "The map: goal chance per square",
        "canary-table": "The map",
        "heat": "goal chance (one scale for every map)",
        "never": "cannot be the goal",
        "never-face": "cannot be the goal: its card lacks clues",
        "face-up": "face-up card",
        "known": "face-down, face known",
        "hidden": "hidden by a player (carries that player's clue)",
        "hidden-fake": "hidden by a player (carries that player's clue, genuine or fake)",
        "unknown": "face-down, unknown",
        "you": "your piece",
        "other": "another player's piece",
        "hid": "hid",
        "goal-sum": "With 2 players every square carrying both clues is a goal: the chances add up to {n}.",
        "goal": "goal",
        "notebook": "The notebook: where each card is",
        "sure": "✓ certain",
        "ruled": "✗ ruled out",
        "maybe": "% possible (darker: likelier)",
        "maybe-plain": "possible",
        "piles": "The table: hands, discards, ruins and deck",
        "hand": "hand",
        "discard": "discard",
        "ruins": "ruins",
        "deck": "deck: {n} cards",
        "out": "out",
        "empty": "(empty)",
        "up": "face-up",
        "down": "face-down: its kind when certain (italics), else the chances",
        "down-plain": "face-down",
        "mine": "you",
    },
    "ja": {
        "canary-title": "地図：各マスがゴールである確率",
        "canary-table": "地図",
        "heat": "ゴールの確率（どの地図も同じ目盛り）",
        "never": "ゴールではありえない",
        "never-face": "ゴールではありえない：カードの手がかりが足りない",
        "face-up": "表向きのカード",
        "known": "裏向き・表を知っている",
        "hidden": "プレイヤーが隠した（その手がかりを持つ）",
        "hidden-fake": "プレイヤーが隠した（その手がかり〈本物か偽物〉を持つ）",
        "unknown": "裏向き・不明",
        "you": "自分のコマ",
        "other": "他のプレイヤーのコマ",
        "hid": "隠",
        "goal-sum": "2人プレイでは両方の手がかりを持つマスがすべてゴール：確率の合計は {n}。",
        "goal": "ゴール",
        "notebook": "手帳：各カードの場所",
        "sure": "✓ 確定",
        "ruled": "✗ ありえない",
        "maybe": "% 可能性（濃いほど高い）",
        "maybe-plain": "ありうる",
        "piles": "場：手札・捨て札・遺跡・山札",
        "hand": "手札",
        "discard": "捨て札",
        "ruins": "遺跡",
        "deck": "山札：{n}枚",
        "out": "脱落",
        "empty": "（なし）",
        "up": "表向き",
        "down": "裏向き：確定なら種類（斜体）、でなければ確率",
        "down-plain": "裏向き",
        "mine": "自分",
    },
}


def picture_svg(game: str, analysis: Any, lang: str, chances: bool = True) -> str:
    """The picture of ``analysis`` (a game's ``analyze`` result) as one ``<svg>`` element.
    ``chances=False`` (a puzzle's picture): the table only, no chance of anything hidden,
    since the chances the analysis holds are not those of the table drawn."""
    draw = {"canary": canary_svg, "detective": detective_svg, "werewolf": werewolf_svg}[game]
    return draw(analysis, lang, chances)


# -- shared drawing helpers -------------------------------------------------------------------------
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


RULED_OUT = "#d4d4d4"  # a square that cannot be the goal: grey, with a ✗
TABLE = "#fbfaf5"  # a square of a map that shows no chances (a puzzle's)
HEAT_TICKS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0)  # the legend's samples of the one scale


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


def svg(width: float, height: float, body: Iterable[str], kind: str, title: str) -> str:
    inner = "\n".join(body)
    return (f'<svg class="suiri-picture {kind}" role="img" aria-label="{escape(title)}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
            f'style="{FONT};max-width:100%;height:auto">\n<title>{escape(title)}</title>\n{inner}\n</svg>')


def txt(x: float, y: float, s: str, size: float = 12, anchor: str = "middle", extra: str = "") -> str:
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


# -- Canary: the map --------------------------------------------------------------------------------
def canary_svg(a: Any, lang: str, chances: bool = True) -> str:
    """The map: each square's card as far as it is seen, the pieces, and the chance that
    it is the goal on one fixed colour scale; a square that cannot be the goal is grey
    with a ✗.  Without ``chances`` (a puzzle's map) no chance is drawn, and only the
    squares whose card shows fewer clues than the goal carries are marked ✗."""
    from suiri.models.canary.cards import ATTRIBUTE_LETTERS, ATTRIBUTE_LETTERS_JA
    from suiri.models.canary.rules import CheckSeen

    w = WORDS[lang]
    s = a.session
    board = s.board
    attrs = s.variant.deck.attributes
    letters = ATTRIBUTE_LETTERS_JA if lang == "ja" else ATTRIBUTE_LETTERS
    table = s.replay.state
    known = {**table.known, **a.seen_faces()}
    hidden_by: dict[int, list[str]] = {}
    for o in s.observations:
        if isinstance(o, CheckSeen) and o.hidden and o.player not in hidden_by.get(o.square, []):
            hidden_by.setdefault(o.square, []).append(o.player)
    pieces: dict[int, list[str]] = {}
    for p in s.record.players:
        pieces.setdefault(table.positions[p], []).append(p)
    viewer = s.record.viewer
    goal_known = set(a.goal_known or []) if chances else set()
    clues = s.variant.genuine_count  # the clues the goal carries

    cell, margin, head = 72, 28, 30
    title = w["canary-title" if chances else "canary-table"]
    out: list[str] = [txt(margin, head / 2, title, 15, "start", ' font-weight="600"')]
    y0 = head + 4
    for col in range(board.width):
        out.append(txt(margin + col * cell + cell / 2, y0 + board.height * cell + 12, chr(ord("a") + col), 12))
    for row in range(board.height):
        out.append(txt(margin / 2, y0 + (board.height - 1 - row) * cell + cell / 2, str(row + 1), 12))
    for sq in board.squares:
        col, row = board.coords(sq)
        x, y = margin + col * cell, y0 + (board.height - 1 - row) * cell
        name = board.name(sq)
        kind = known.get(sq)
        look = ("face-up" if sq in table.face_up else "known" if kind is not None
                else "hidden" if sq in hidden_by else "unknown")
        by = hidden_by.get(sq, [])
        p = a.goal[sq] if chances else Fraction(0 if kind is not None and len(kind.attrs) < clues else 1)
        fill = RULED_OUT if p == 0 else heat(float(p)) if chances else TABLE
        out.append(f'<g class="square look-{look}{" never" if p == 0 else ""}" data-square="{name}" '
                   f'data-look="{look}"' + (f' data-goal="{float(p):.6f}" data-fill="{fill}"' if chances else "")
                   + (f' data-hidden-by="{" ".join(by)}"' if by else "") + ">")
        out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" '
                   f'stroke="#999" stroke-width="0.6"/>')
        if sq in goal_known:
            out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{cell - 4}" height="{cell - 4}" fill="none" '
                       f'stroke="#c81e1e" stroke-width="3"/>')
        out += card_look(x, y, cell, look, kind, attrs, letters, by, w)
        if p == 0:
            out.append(txt(x + cell - 10, y + cell - 11, "✗", 15, extra=' fill="#555" font-weight="700" class="never"'))
        elif chances:
            out.append(txt(x + cell - 4, y + cell - 9, pct(p), 10, "end",
                           f' fill="{ink_on(float(p))}" class="chance"'))
        here = pieces.get(sq, [])
        for i, who in enumerate(here):  # up to four pieces share a square (R2)
            out += piece(x + 11 + i * (17 if len(here) <= 2 else 12), y + cell - 13, who, who == viewer)
        out.append("</g>")
    y = y0 + board.height * cell + 30
    legend, y = canary_legend(margin, y, w, s.variant.fake, chances)
    out += legend
    total = sum(a.goal, Fraction(0))
    if chances and total > 1:
        out.append(txt(margin, y + 8, w["goal-sum"].format(n=f"{float(total):g}"), 11, "start", ' class="note"'))
        y += 22
    return svg(margin * 2 + board.width * cell, y, out, "canary-board", title)


def card_look(x: float, y: float, cell: float, look: str, kind: Any, attrs: tuple[str, ...],
              letters: dict[str, str], by: list[str], w: dict[str, str]) -> list[str]:
    """The card on a square in one of four looks: face-up (white, solid), face-down with a
    known face (grey back, dashed, the face in italics), hidden by a named player (grey
    back, the player's name), unknown (no card drawn)."""
    if look == "unknown":
        return []
    cx, cy, cw, ch = x + 10, y + 6, cell - 20, cell - 30
    face = "".join(letters[t] for t in attrs if t in kind.attrs) or "–" if kind is not None else ""
    out: list[str] = []
    if look == "face-up":
        out.append(f'<rect class="card" x="{cx}" y="{cy}" width="{cw}" height="{ch}" rx="4" fill="#fff" '
                   f'stroke="#333" stroke-width="1.4"/>')
        out.append(txt(cx + cw / 2, cy + ch / 2, face, 13, extra=' font-weight="700" fill="#111"'))
        return out
    out.append(f'<rect class="card" x="{cx}" y="{cy}" width="{cw}" height="{ch}" rx="4" fill="#8a8f99" '
               f'stroke="#3d4350" stroke-width="1.2"' + (' stroke-dasharray="4 2"' if look == "known" else "") + "/>")
    if look == "known":
        out.append(txt(cx + cw / 2, cy + ch / 2 - (5 if by else 0), face, 12,
                       extra=' font-style="italic" font-weight="600" fill="#fff"'))
    if by:
        names = fit_lines(w["hid"] + ":" + ",".join(by), 9, cw - 4, 1)[0]
        out.append(txt(cx + cw / 2, cy + ch / 2 + (8 if look == "known" else 0), names, 9,
                       extra=' fill="#fff" class="hid-by"'))
    return out


def piece(x: float, y: float, who: str, mine: bool, sample: bool = False) -> list[str]:
    """A player's piece (the viewer's filled); a legend ``sample`` carries no player."""
    fill, ink = ("#1f4fbf", "#fff") if mine else ("#fff", "#1f4fbf")
    tag = '<g class="legend-piece">' if sample else f'<g class="piece{" mine" if mine else ""}" data-piece="{escape(who)}">'
    return [tag + f'<circle cx="{x}" cy="{y}" r="8" fill="{fill}" stroke="#1f4fbf" stroke-width="1.6"/>',
            txt(x, y, who[:1].upper(), 10, extra=f' fill="{ink}" font-weight="700"'), "</g>"]


def canary_legend(x: float, y: float, w: dict[str, str], fake: bool, chances: bool) -> tuple[list[str], float]:
    """The legend: the one colour scale (samples at fixed chances; none without
    ``chances``), the ✗ of a square that cannot be the goal, the looks of a card, the
    pieces."""
    out = ['<g class="legend">']
    if chances:
        out.append(txt(x, y, w["heat"], 11, "start"))
        y += 18
        for i, p in enumerate(HEAT_TICKS):
            sx = x + i * 46
            out.append(f'<rect class="heat-sample" x="{sx}" y="{y - 7}" width="40" height="14" fill="{heat(p)}" '
                       f'stroke="#bbb" stroke-width="0.4" data-p="{p}"/>')
            out.append(txt(sx + 20, y + 15, f"{p * 100:g}%", 10))
        y += 36
    out.append(f'<rect x="{x}" y="{y - 8}" width="22" height="16" fill="{RULED_OUT}" stroke="#999" stroke-width="0.6"/>')
    out.append(txt(x + 11, y, "✗", 11, extra=' fill="#555" font-weight="700"'))
    out.append(txt(x + 28, y, w["never" if chances else "never-face"], 11, "start"))
    y += 22
    samples = [("face-up", w["face-up"]), ("known", w["known"]), ("hidden", w["hidden-fake" if fake else "hidden"]), ("unknown", w["unknown"])]
    for i, (look, label) in enumerate(samples):
        sx, sy = x, y + i * 22
        if look == "face-up":
            out.append(f'<rect x="{sx}" y="{sy - 8}" width="22" height="16" rx="3" fill="#fff" stroke="#333" stroke-width="1.4"/>')
        elif look == "unknown":
            out.append(f'<rect x="{sx}" y="{sy - 8}" width="22" height="16" fill="{heat(0.02) if chances else TABLE}" '
                       'stroke="#999" stroke-width="0.6"/>')
        else:
            dash = ' stroke-dasharray="4 2"' if look == "known" else ""
            out.append(f'<rect x="{sx}" y="{sy - 8}" width="22" height="16" rx="3" fill="#8a8f99" '
                       f'stroke="#3d4350" stroke-width="1.2"{dash}/>')
        out.append(txt(sx + 28, sy, label, 11, "start"))
    y += 4 * 22
    out += piece(x + 11, y, w["mine"], True, sample=True) + [txt(x + 28, y, w["you"], 11, "start")]
    out += piece(x + 211, y, "?", False, sample=True) + [txt(x + 228, y, w["other"], 11, "start")]
    out.append("</g>")
    return out, y + 14


# -- Memory Detective: the notebook ----------------------------------------------------------------
def detective_svg(a: Any, lang: str, chances: bool = True) -> str:
    from suiri.models.detective.counter import CASE
    from suiri.models.detective.text import Text

    w = WORDS[lang]
    s = a.session
    t = Text(lang, s.deck, s.variant.clue)
    holders = a.columns  # the terminal's notebook columns: a holder ruled out for every card is left out
    heads = [t.holder(h) for h in holders]
    size = 12
    first = max(text_width(t.card(c), size) for c in a.owners) + 24
    col = max(58.0, *(text_width(h, size) + 16 for h in heads))
    row, margin, head = 24, 12, 58
    out: list[str] = [txt(margin, 14, w["notebook"], 15, "start", ' font-weight="600"')]
    for i, (h, label) in enumerate(zip(holders, heads, strict=True)):
        x = margin + first + i * col
        style = ' font-weight="700"' + (' fill="#7a1f1f"' if h == CASE else "")
        out.append(txt(x + col / 2, head - 12, label, size, extra=style))
    y = head
    previous = None
    for card, places in a.owners.items():
        if previous is not None and card.category != previous:
            y += 8
        previous = card.category
        out.append(txt(margin + 4, y + row / 2, t.card(card), size, "start"))
        for i, h in enumerate(holders):
            x = margin + first + i * col
            p = places.get(h, Fraction(0))
            na = h == CASE and card.category is None
            state = "na" if na else "sure" if p == 1 else "ruled" if p == 0 else "maybe"
            fill = {"na": "#f2f2f2", "sure": "#2e8b57", "ruled": "#fafafa"}.get(state, blue(float(p) if chances else 0))
            ink = "#fff" if state == "sure" or (state == "maybe" and p > Fraction(3, 4)) else \
                "#aaa" if state in ("ruled", "na") else "#123"
            out.append(f'<g class="cell {state}" data-card="{escape(card.id)}" data-holder="{escape(h)}" '
                       f'data-p="{float(p):.6f}">')
            out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{col - 2}" height="{row - 2}" rx="3" fill="{fill}" '
                       f'stroke="{"#7a1f1f" if h == CASE else "#ccc"}" stroke-width="{1.2 if h == CASE else 0.6}"/>')
            shown = "·" if na else pct(p) if chances or state != "maybe" else ""
            out.append(txt(x + col / 2, y + row / 2, shown, 11 if state == "maybe" else 13,
                           extra=f' fill="{ink}"' + (' font-weight="700"' if state == "sure" else "")))
            out.append("</g>")
        y += row
    y += 20
    out.append('<g class="legend">')
    for i, (fill, label) in enumerate([("#2e8b57", w["sure"]), ("#fafafa", w["ruled"]), (blue(0.5 if chances else 0), w["maybe" if chances else "maybe-plain"])]):
        x = margin + i * 170
        out.append(f'<rect x="{x}" y="{y - 8}" width="20" height="16" rx="3" fill="{fill}" stroke="#ccc"/>')
        out.append(txt(x + 26, y, label, 11, "start"))
    out.append("</g>")
    width = max(margin * 2 + first + col * len(holders), margin * 2 + 3 * 170)
    return svg(width, y + 16, out, "detective-notebook", w["notebook"])


# -- Werewolf: the piles ---------------------------------------------------------------------------
def werewolf_svg(a: Any, lang: str, chances: bool = True) -> str:
    from suiri.models.werewolf.cards import BY_ID
    from suiri.models.werewolf.rules import RUINS, hand, slot_name

    w = WORDS[lang]
    s = a.session
    rp = s.replay
    viewer = s.record.viewer
    cw, ch, gap, margin, label_w = 112, 66, 8, 12, 120
    longest = max([len(c) for c in rp.piles.values()] + [1])
    out: list[str] = [txt(margin, 14, w["piles"], 15, "start", ' font-weight="600"')]
    y = 34
    hand_x = margin + label_w
    pile_x = hand_x + cw + 3 * gap
    out.append(txt(hand_x + cw / 2, y + 6, w["hand"], 11, extra=' fill="#555"'))
    out.append(txt(pile_x, y + 6, w["discard"], 11, "start", ' fill="#555"'))
    y += 18
    for p in s.record.players:
        alive = p in s.living
        name = p + (f" ({w['mine']})" if p == viewer else "") + ("" if alive else f" — {w['out']}")
        out.append(f'<g class="player{"" if alive else " out"}" data-player="{escape(p)}">')
        out.append(txt(margin, y + ch / 2, name, 12, "start", ' font-weight="600"' if alive else ' fill="#888"'))
        if alive:
            slot = hand(p)
            out += ww_card(hand_x, y, cw, ch, slot_name(slot), None, a.cards.get(slot) if chances else None, lang,
                           BY_ID, "hand")
        cards = rp.piles.get(p, [])
        if not cards:
            out.append(txt(pile_x, y + ch / 2, w["empty"], 11, "start", ' fill="#888"'))
        for i, c in enumerate(cards, start=1):
            slot = ("pile", p, i)
            out += ww_card(pile_x + (i - 1) * (cw + gap), y, cw, ch, slot_name(slot), c.kind,
                           a.cards.get(slot) if chances else None, lang, BY_ID, "pile-card")
        out.append("</g>")
        y += ch + gap + 6
    y += 6
    out.append(txt(margin, y + ch / 2, w["ruins"], 12, "start", ' font-weight="600"'))
    out += ww_card(hand_x, y, cw, ch, "ruins", None, a.cards.get(RUINS) if chances else None, lang, BY_ID, "ruins")
    out.append(f'<g class="deck" data-deck="{rp.deck}">')
    dx = pile_x
    for k in range(min(rp.deck, 3)):
        out.append(f'<rect x="{dx + k * 3}" y="{y - k * 3}" width="{cw}" height="{ch}" rx="5" fill="#4b3f72" '
                   'stroke="#2b2346" stroke-width="1"/>')
    out.append(txt(dx + cw + 16, y + ch / 2, w["deck"].format(n=rp.deck), 12, "start"))
    out.append("</g>")
    y += ch + 24
    out.append('<g class="legend">')
    out.append(f'<rect x="{margin}" y="{y - 8}" width="20" height="16" rx="3" fill="#fffaf0" stroke="#5a4a2a"/>')
    out.append(txt(margin + 26, y, w["up"], 11, "start"))
    out.append(f'<rect x="{margin + 150}" y="{y - 8}" width="20" height="16" rx="3" fill="#4b3f72" stroke="#2b2346"/>')
    out.append(txt(margin + 176, y, w["down" if chances else "down-plain"], 11, "start"))
    out.append("</g>")
    width = max(pile_x + longest * (cw + gap) + margin, pile_x + cw + 160, margin + 420)
    return svg(width, y + 16, out, "werewolf-piles", w["piles"])


def short_name(kind: Any, lang: str) -> str:
    """A card's name short enough for a line of chances on a face-down card."""
    if kind.is_attack:
        return kind.ja.removeprefix("人狼の") if lang == "ja" else kind.en.removeprefix("Werewolf ")
    return kind.ja.split("：")[0] if lang == "ja" else kind.en


def ww_card(x: float, y: float, cw: float, ch: float, slot: str, kind: Any, row: dict[str, Fraction] | None,
            lang: str, by_id: dict[str, Any], role: str) -> list[str]:
    """One card: face-up (cream, its name), or face-down (dark back) with what it can be:
    its kind when certain, else the likeliest kinds with their chances."""
    if kind is not None:
        out = [f'<g class="{role} face-up" data-slot="{slot}" data-kind="{kind.id}">',
               f'<rect x="{x}" y="{y}" width="{cw}" height="{ch}" rx="5" fill="#fffaf0" stroke="#5a4a2a" '
               'stroke-width="1.4"/>']
        out += multiline(x + cw / 2, y + ch / 2, fit_lines(kind.name(lang), 11, cw - 8), 11,
                         ' font-weight="600" fill="#3a2a10"')
        return [*out, "</g>"]
    possible = sorted(((k, p) for k, p in (row or {}).items() if p), key=lambda kp: (-kp[1], by_id[kp[0]].index))
    sure = possible[0][0] if len(possible) == 1 else None
    out = [f'<g class="{role} face-down{" certain" if sure else ""}" data-slot="{slot}"'
           + (f' data-kind="{sure}"' if sure else "") + ">",
           f'<rect x="{x}" y="{y}" width="{cw}" height="{ch}" rx="5" fill="#4b3f72" stroke="#2b2346" '
           'stroke-width="1.2"/>']
    if sure:
        out += multiline(x + cw / 2, y + ch / 2, fit_lines(by_id[sure].name(lang), 11, cw - 8), 11,
                         ' font-style="italic" font-weight="600" fill="#fff"')
    elif possible:
        shown = possible[:3]
        lines = [f"{fit_lines(short_name(by_id[k], lang), 9, cw - 36, 1)[0]} {pct(p)}" for k, p in shown]
        if len(possible) > 3:
            lines[-1] = f"+{len(possible) - 2} …"
        out += multiline(x + cw / 2, y + ch / 2, lines, 9, ' fill="#e8e4f5"')
    else:
        out.append(txt(x + cw / 2, y + ch / 2, "?", 16, extra=' fill="#e8e4f5"'))
    return [*out, "</g>"]
