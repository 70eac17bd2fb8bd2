"""Canary's pictures for people, in one place: the text of every command, the map in the
terminal, the map as SVG and the report's chance tables (the JSON comes from ``to_json``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING

from rich.text import Text as RichText

from suiri.models.canary import FACTS
from suiri.models.canary.advice import Advice
from suiri.models.canary.analysis import CanaryAnalysis, SquareView
from suiri.models.canary.analysis import game_over as ended
from suiri.models.canary.board import Square
from suiri.models.canary.cards import ATTRIBUTE_LETTERS, ATTRIBUTE_LETTERS_JA, Attribute, Kind
from suiri.models.canary.rules import Observation
from suiri.models.canary.session import CanarySession
from suiri.models.canary.text import Text
from suiri.solver.facts import KNOWN_PREFIX, Fact
from suiri.solver.reasoning import HintResult, Proof

from . import colour
from .completion import in_turn
from .game_over import game_over_line
from .layout import hint_levels, pad, percent, proof_lines, readable_count, width
from .svg import HEAT_TICKS, RULED_OUT, TABLE, element, fit_lines, heat, ink_on, pct, txt
from .tables import chance_list, h3, table

if TYPE_CHECKING:  # pragma: no cover - the type of a proof's counterexample
    from suiri.models.canary.reasoning import WorldView

WHERE_SHOWN = 5  # squares named where the goal card may lie; the rest are counted


def _text(session: CanarySession, lang: str) -> Text:
    return Text(lang, session.board, session.variant.players)


def analysis(a: CanaryAnalysis, lang: str, colour_on: bool = False) -> str:
    s = a.session
    t = m = _text(s, lang)
    r = s.record
    attrs = s.variant.deck.attributes
    out = [m("title", file=r.file)]
    if r.viewer:
        out.append(m("seat", n=len(r.turns), viewer=r.viewer, clue=t.attribute(r.clue) if r.clue else "?"))
    else:
        out.append(m("seat-spectator", n=len(r.turns)))
    out.append(m("worlds", n=readable_count(a.counts.total, lang)))
    if a.over is not None:
        out += ["", game_over_line(a.over, lang)]
    out += ["", m("clues")]
    head = pad(m("player"), 12) + "".join(pad(t.attribute(x), 11) for x in attrs)
    out.append("  " + head)
    for p, dist in a.clues.items():
        out.append("  " + pad(p, 12) + "".join(pad(percent(dist[x]), 11) for x in attrs))
    out += ["", m("assignments", n=len(a.assignments))]
    for asg in a.assignments[:12]:
        clues = "  ".join(f"{p}={t.attribute(x)}" for p, x in asg.clues.items())
        fake = "  " + m("fake-holder", p=asg.fake) if asg.fake else ""
        out.append(f"  {percent(asg.p):>7}  {clues}{fake}")
    if len(a.assignments) > 12:
        out.append("  " + m("more", n=len(a.assignments) - 12))
    if a.fake is not None:
        out += ["", m("fake") + ": " + "  ".join(f"{p} {percent(x)}" for p, x in a.fake.items())]
    out += ["", m("map"), *colour.render([map_legend(a, m, lang)], colour_on), *board_map(a, lang, colour_on),
            *goal_legend(a, m, lang)]
    out += ["", m("certain")]
    facts = summarize(a.certain, t, s)
    out += [f"  - {f}" for f in facts] or ["  " + m("nothing-certain")]
    known = a.goal_known
    board = s.board
    if known:
        out += ["", m("goal-known", squares=", ".join(board.name(q) for q in known))]
    elif a.goal_card_known:
        out += ["", goal_card_line(a, t)]
    elif a.over is None:
        best = sorted(range(board.size), key=lambda q: (-a.goal[q], q))[:3]
        out += ["", m("goal-open", best=", ".join(f"{board.name(q)} {percent(a.goal[q])}" for q in best))]
    return "\n".join(out)


def goal_card_line(a: CanaryAnalysis, t: Text) -> str:
    """Every clue that counts is certain, so the goal card is (2 players: the goal cards
    are) known while the square is not: the card, then where it may lie, likeliest first."""
    cards = a.goal_card_known
    assert cards
    board = a.session.board
    places = sorted((q for q in range(board.size) if a.goal[q]), key=lambda q: (-a.goal[q], q))
    where = [f"{board.name(q)} {percent(a.goal[q])}" for q in places[:WHERE_SHOWN]]
    rest = places[WHERE_SHOWN:]
    if rest:
        where.append(t("goal-where-more", n=len(rest), p=percent(a.goal[rest[0]])))
    sep = t("attr-sep")
    if len(cards) == 1:
        return t("goal-card", card=t.kind(cards[0]), where=sep.join(where))
    return t("goal-cards", cards=sep.join(t.kind(k) for k in cards), where=sep.join(where))


def summarize(facts: list[Fact], t: Text, s: CanarySession) -> list[str]:
    """Certain facts in words, folding a player's excluded clues into 'one of'."""
    lines: list[str] = []
    negative: dict[str, list[str]] = {}
    goal_out: list[str] = []
    for f in facts:
        if f.subject.startswith("clue:") and not f.holds:
            negative.setdefault(f.subject, []).append(f.value)
        elif f.subject == "goal" and not f.holds:
            goal_out.append(f.value)
        else:
            lines.append(t.fact(f))
    for subject, ruled in negative.items():
        left = [a for a in s.variant.deck.attributes if a not in ruled]
        player = subject.split(":", 1)[1]
        lines.append(t("clue-one-of", p=player, alts=t.alternatives([t.attribute(a) for a in left])))
    if goal_out:
        lines.append(t("goal-ruled-out", squares=", ".join(sorted(goal_out, key=lambda n: (n[1:], n[0])))))
    return lines


def goal_legend(a: CanaryAnalysis, m: Text, lang: str) -> list[str]:
    """Below the map when its goal chances add up to more than 100%: with 2 players the
    goal is every square carrying both clues, so the chances sum to the number of goal
    squares (each world has that many), not to one."""
    total = sum(a.goal, Fraction(0))
    if total <= 1:
        return []
    return [m("goal-sum", squares=readable_count(total, lang), total=f"{float(total) * 100:.0f}%")]


LOOK_STYLE = {"face-up": colour.FACE_UP, "known": colour.KNOWN, "hidden": colour.HIDDEN, "unknown": colour.UNKNOWN}


def map_legend(a: CanaryAnalysis, m: Text, lang: str) -> RichText:
    """The four looks of a square's card, each in its own colour, and the piece mark."""
    letters = _letters(lang)
    up = letters["high"] + letters["ancient"]
    fake = m("map-legend-fake") if a.session.variant.fake else ""
    line = m("map-legend", up=up, fake=fake)
    out = RichText(line)
    out.stylize(LOOK_STYLE["face-up"], 2, 2 + len(up))  # the legend opens with the face-up mark
    for mark, look in ((f"[{up}]", "known"), ("(b)", "hidden"), ("·", "unknown")):
        at = line.find(mark)
        out.stylize(LOOK_STYLE[look], at, at + len(mark))
    return out


def _letters(lang: str) -> dict[Attribute, str]:
    """The one-letter names of the attributes (H, D, ...; 高, 暗, ...)."""
    return ATTRIBUTE_LETTERS_JA if lang == "ja" else ATTRIBUTE_LETTERS


def _face(kind: Kind, letters: dict[Attribute, str], attrs: Sequence[Attribute]) -> str:
    """A card's face as its attributes' letters in deck order ("" for a card without)."""
    return "".join(letters[x] for x in attrs if x in kind.attrs)


def face_mark(view: SquareView, letters: dict[str, str], attrs: Sequence[str]) -> str:
    """A square's card in the plain map: ``HA`` face-up, ``[HA]`` face-down but known,
    ``(b)`` hidden by b (so it carries b's clue), ``·`` unknown; ``-`` a card without
    attributes."""
    if view.kind is not None:
        face = _face(view.kind, letters, attrs) or "-"
        return face if view.look == "face-up" else f"[{face}]"
    if view.look == "hidden":
        return "(" + "".join(p[0] for p in view.hidden_by) + ")"
    return "·"


def board_map(a: CanaryAnalysis, lang: str, colour_on: bool = False) -> list[str]:
    """The map: each square's card in its look, the pieces (the viewer's in its own
    colour), and under it the goal chance, coloured on a heat scale."""
    return colour.render(map_lines(a, lang), colour_on)


def map_lines(a: CanaryAnalysis, lang: str) -> list[RichText]:
    s = a.session
    board = s.board
    letters = _letters(lang)
    attrs = s.variant.deck.attributes
    views = a.squares()
    pieces: dict[int, list[str]] = {}
    for p, sq in s.replay.state.positions.items():
        pieces.setdefault(sq, []).append(p)
    marks = [face_mark(v, letters, attrs) + ("@" + "".join(p[0] for p in pieces[sq]) if sq in pieces else "")
             for sq, v in enumerate(views)]
    cell = max(9, *(width(x) + 2 for x in marks))
    top = max(a.goal)
    out = [RichText("     " + "".join(pad(chr(ord("a") + c), cell) for c in range(board.width)))]
    for row in reversed(range(board.height)):
        faces, odds = RichText(f"  {row + 1}  "), RichText("     ")
        for col in range(board.width):
            sq = board.square(col, row)
            face = RichText()
            face.append(face_mark(views[sq], letters, attrs), style=LOOK_STYLE[views[sq].look])
            if sq in pieces:
                face.append("@")
                for p in pieces[sq]:
                    face.append(p[0], style=colour.VIEWER if p == s.record.viewer else colour.OTHER)
            faces.append(face)
            faces.append(" " * (cell - width(face.plain)))
            odds.append(colour.cell(percent(a.goal[sq]), colour.heat(a.goal[sq], top), len(percent(a.goal[sq]))))
            odds.append(" " * (cell - width(percent(a.goal[sq]))))
        out += [faces, odds]
    return out


def _obs_line(session: CanarySession, t: Text, m: Text, oid: str) -> str:
    if oid.startswith(KNOWN_PREFIX):
        return m("hint-premise", fact=t.fact(Fact.parse(oid.removeprefix(KNOWN_PREFIX)), session.variant.deck.by_id))
    o = session.observation(oid)
    line = f" ({m('line', n=o.source.line)})" if o.source.line else ""
    return t.observation(o, session.variant.deck.attributes) + line


def proof(session: CanarySession, p: Proof, lang: str) -> str:
    t = m = _text(session, lang)
    kinds = session.variant.deck.by_id
    out = proof_lines(p, m, lambda o: _obs_line(session, t, m, o), lambda f: t.fact(f, kinds),
                      lambda r: f"{t.rule_name(r)}: {t.rule(r)}", lang)
    if p.counterexample is not None and p.status != "impossible":
        w: WorldView = p.counterexample
        out += ["", m("counterexample")]
        out.append("  " + m("world-clues", clues=", ".join(f"{q}={t.attribute(a)}" for q, a in w.clues.items())))
        if w.fake:
            out.append("  " + m("world-fake", p=w.fake))
        out.append("  " + m("world-goal", squares=", ".join(w.goal)))
        for sq, kind in w.squares.items():
            out.append("  " + m("world-square", sq=sq, kind=t.kind(kinds[kind])))
    return "\n".join(out)


def hint(session: CanarySession, h: HintResult, level: int, lang: str) -> str:
    t = _text(session, lang)
    over = game_over(session, lang)
    text = _hint(session, h, level, lang, t)
    return text if over is None else over + "\n" + text


def _hint(session: CanarySession, h: HintResult, level: int, lang: str, t: Text) -> str:
    m = t
    kinds = session.variant.deck.by_id
    if not h.hints:
        return m("hint-none")
    turns = sorted({session.observation(o).turn or 0 for x in h.hints for o in x.lines})
    squares = sorted({session.board.name(square) for x in h.hints for o in x.lines
                      if (square := _square(session.observation(o))) is not None})
    numbered = [str(n) for n in turns if n]
    where = m("turns" if len(numbered) == 1 else "turns-many", list=", ".join(numbered)) if numbered else ""
    if squares:
        where = (where + m("and") if where else "") + m("squares" if len(squares) == 1 else "squares-many",
                                                         list=", ".join(squares))
    if not where:
        where = m("hint-setup")
    return hint_levels(h, level, m, where, lambda r: f"{t.rule_name(r)} ({t.rule(r)})", "; ",
                       lambda o: _obs_line(session, t, m, o), lambda f: t.fact(f, kinds), lang)


def _square(o: Observation) -> Square | None:
    """The square a record line is about (a check, a declaration), if any."""
    square: Square | None = getattr(o, "square", None)
    return square


def advice(session: CanarySession, a: Advice, lang: str) -> str:
    t = m = _text(session, lang)
    board = session.board
    over = game_over(session, lang)
    if over is not None:  # the goal's uncertainty no longer matters
        return "\n".join([m("advise-head-over", p=a.player, sq=board.name(a.position)), over])
    out = [m("advise-head", p=a.player, sq=board.name(a.position), bits=a.goal_uncertainty)]
    if a.plan is not None:
        out.append(m("advise-plan", card=t.kind(a.plan.card), walk=_walk(session, a.position, a.plan.walk),
                     p=percent(a.plan.p_find)))
    if a.to_move != a.player:
        out.append(m("advise-not-turn", p=a.to_move, viewer=a.player))
    for i, mv in enumerate(a.moves, start=1):
        out.append(m("advise-move", rank=i, sq=board.name(mv.square),
                     declare=m("advise-declare-now") if mv.declare_now else "", p_goal=percent(mv.p_goal),
                     info=mv.info_bits, leak=mv.leak_bits, dist=mv.distance))
        if mv.face_up:
            out.append(m("advise-face-up"))
        if mv.p_find is not None:
            out.append(m("advise-walk", walk=_walk(session, a.position, mv.walk), p=percent(mv.p_find)))
        for d in mv.declare_if[:3]:
            out.append(m("advise-declare-if", kind=t.kind(d.kind), p_face=percent(d.p_face), p_success=percent(d.p_success)))
    if a.best:
        what = (m("advise-best-declare", sq=board.name(a.best.square)) if a.best.declare_now
                else m("advise-best-move", sq=board.name(a.best.square)))
        out.append(m("advise-best", what=what))
    return "\n".join(out)


def _walk(session: CanarySession, start: int, walk: list[int]) -> str:
    return " → ".join(session.board.name(q) for q in [start, *walk])


def game_over(session: CanarySession, lang: str) -> str | None:
    """Who won and why, once a record line ended the game (None while it runs)."""
    over = ended(session)
    return None if over is None else game_over_line(over, lang)


def title(session: CanarySession, lang: str) -> str:
    """The game's name (the report's heading)."""
    return FACTS.title_ja if lang == "ja" else FACTS.title_en


def fact(session: CanarySession, f: Fact, lang: str) -> str:
    """One fact in words (`suiri live` lists new certain facts and moved chances)."""
    return _text(session, lang).fact(f)


def picture(a: CanaryAnalysis, lang: str, colour_on: bool = False) -> list[str]:
    """The map with its legend, redrawn after each line of `suiri live`."""
    m = _text(a.session, lang)
    return [*colour.render([map_legend(a, m, lang)], colour_on), *board_map(a, lang, colour_on),
            *goal_legend(a, m, lang), *([game_over_line(a.over, lang)] if a.over is not None else [])]


# -- the map as SVG (``suiri report``, the puzzle book) and the report's chance tables ----------------
@dataclass(frozen=True)
class PageWords:
    """The words of the SVG map and of the report's chance tables, in one language."""

    title: str  # the map with chances
    table: str  # the map without (a puzzle's)
    heat: str
    never: str
    never_face: str
    face_up: str
    known: str
    hidden: str
    hidden_fake: str
    unknown: str
    you: str
    other: str
    hid: str
    goal_sum: str
    mine: str
    player: str
    fake: str
    clues: str
    assignments: str
    goal: str
    fake_holder: str


WORDS = {
    "en": PageWords(
        title="The map: goal chance per square", table="The map",
        heat="goal chance (one scale for every map)", never="cannot be the goal",
        never_face="cannot be the goal: its card lacks clues", face_up="face-up card", known="face-down, face known",
        hidden="hidden by a player (carries that player's clue)",
        hidden_fake="hidden by a player (carries that player's clue, genuine or fake)", unknown="face-down, unknown",
        you="your piece", other="another player's piece", hid="hid",
        goal_sum="With 2 players every square carrying both clues is a goal: the chances add up to {n}.", mine="you",
        player="player", fake="Who holds the fake", clues="Each player's clue",
        assignments="Likeliest clue assignments", goal="Likeliest goal squares", fake_holder="fake: {p}"),
    "ja": PageWords(
        title="地図：各マスがゴールである確率", table="地図",
        heat="ゴールの確率（どの地図も同じ目盛り）", never="ゴールではありえない",
        never_face="ゴールではありえない：カードの手がかりが足りない", face_up="表向きのカード", known="裏向き・表を知っている",
        hidden="プレイヤーが隠した（その手がかりを持つ）",
        hidden_fake="プレイヤーが隠した（その手がかり〈本物か偽物〉を持つ）", unknown="裏向き・不明",
        you="自分のコマ", other="他のプレイヤーのコマ", hid="隠",
        goal_sum="2人プレイでは両方の手がかりを持つマスがすべてゴール：確率の合計は {n}。", mine="自分",
        player="プレイヤー", fake="偽物を持つのは", clues="各プレイヤーの手がかり",
        assignments="可能性の高い手がかりの組み合わせ", goal="ゴールの可能性が高いマス", fake_holder="偽物：{p}"),
}


def svg(a: CanaryAnalysis, lang: str, chances: bool = True) -> str:
    """The map: each square's card as far as it is seen, the pieces, and the chance that
    it is the goal on one fixed colour scale; a square that cannot be the goal is grey
    with a ✗.  Without ``chances`` (a puzzle's map) no chance is drawn, and only the
    squares whose card shows fewer clues than the goal carries are marked ✗."""
    w = WORDS[lang]
    s = a.session
    board = s.board
    attrs = s.variant.deck.attributes
    letters = _letters(lang)
    views = a.squares()  # each square's card in its look, as the terminal's map draws it
    pieces: dict[int, list[str]] = {}
    for player in s.record.players:
        pieces.setdefault(s.replay.state.positions[player], []).append(player)
    viewer = s.record.viewer
    goal_known = set(a.goal_known or []) if chances else set()
    clues = s.variant.genuine_count  # the clues the goal carries

    cell, margin, head = 72, 28, 30
    title = w.title if chances else w.table
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
        look, kind, by = views[sq].look, views[sq].kind, views[sq].hidden_by
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
        out += _card_look(x, y, cell, look, kind, attrs, letters, by, w)
        if p == 0:
            out.append(txt(x + cell - 10, y + cell - 11, "✗", 15, extra=' fill="#555" font-weight="700" class="never"'))
        elif chances:
            out.append(txt(x + cell - 4, y + cell - 9, pct(p), 10, "end",
                           f' fill="{ink_on(float(p))}" class="chance"'))
        here = pieces.get(sq, [])
        for i, who in enumerate(here):  # up to four pieces share a square (R2)
            out += _piece(x + 11 + i * (17 if len(here) <= 2 else 12), y + cell - 13, who, who == viewer)
        out.append("</g>")
    legend, foot = _svg_legend(margin, y0 + board.height * cell + 30, w, s.variant.fake, chances, viewer)
    out += legend
    total = sum(a.goal, Fraction(0))
    if chances and total > 1:
        out.append(txt(margin, foot + 8, w.goal_sum.format(n=f"{float(total):g}"), 11, "start", ' class="note"'))
        foot += 22
    return element(margin * 2 + board.width * cell, foot, out, "canary-board", title)


def _card_look(x: float, y: float, cell: float, look: str, kind: Kind | None, attrs: Sequence[Attribute],
               letters: dict[Attribute, str], by: Sequence[str], w: PageWords) -> list[str]:
    """The card on a square in one of four looks: face-up (white, solid), face-down with a
    known face (grey back, dashed, the face in italics), hidden by a named player (grey
    back, the player's name), unknown (no card drawn)."""
    if look == "unknown":
        return []
    cx, cy, cw, ch = x + 10, y + 6, cell - 20, cell - 30
    face = _face(kind, letters, attrs) or "–" if kind is not None else ""
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
        names = fit_lines(w.hid + ":" + ",".join(by), 9, cw - 4, 1)[0]
        out.append(txt(cx + cw / 2, cy + ch / 2 + (8 if look == "known" else 0), names, 9,
                       extra=' fill="#fff" class="hid-by"'))
    return out


def _piece(x: float, y: float, who: str, mine: bool, sample: bool = False) -> list[str]:
    """A player's piece (the viewer's filled); a legend ``sample`` carries no player."""
    fill, ink = ("#1f4fbf", "#fff") if mine else ("#fff", "#1f4fbf")
    tag = '<g class="legend-piece">' if sample else f'<g class="piece{" mine" if mine else ""}" data-piece="{escape(who)}">'
    return [tag + f'<circle cx="{x}" cy="{y}" r="8" fill="{fill}" stroke="#1f4fbf" stroke-width="1.6"/>',
            txt(x, y, who[:1].upper(), 10, extra=f' fill="{ink}" font-weight="700"'), "</g>"]


def _svg_legend(x: float, y: float, w: PageWords, fake: bool, chances: bool,
                viewer: str | None) -> tuple[list[str], float]:
    """The legend: the one colour scale (samples at fixed chances; none without
    ``chances``), the ✗ of a square that cannot be the goal, the looks of a card, the
    pieces (the viewer's sample marked as on the map, with its initial)."""
    out = ['<g class="legend">']
    if chances:
        out.append(txt(x, y, w.heat, 11, "start"))
        y += 18
        for i, p in enumerate(HEAT_TICKS):
            sx = x + i * 46
            out.append(f'<rect class="heat-sample" x="{sx}" y="{y - 7}" width="40" height="14" fill="{heat(p)}" '
                       f'stroke="#bbb" stroke-width="0.4" data-p="{p}"/>')
            out.append(txt(sx + 20, y + 15, f"{p * 100:g}%", 10))
        y += 36
    out.append(f'<rect x="{x}" y="{y - 8}" width="22" height="16" fill="{RULED_OUT}" stroke="#999" stroke-width="0.6"/>')
    out.append(txt(x + 11, y, "✗", 11, extra=' fill="#555" font-weight="700"'))
    out.append(txt(x + 28, y, w.never if chances else w.never_face, 11, "start"))
    y += 22
    samples = [("face-up", w.face_up), ("known", w.known), ("hidden", w.hidden_fake if fake else w.hidden),
               ("unknown", w.unknown)]
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
    out += _piece(x + 11, y, viewer or w.mine, True, sample=True) + [txt(x + 28, y, w.you, 11, "start")]
    out += _piece(x + 211, y, "?", False, sample=True) + [txt(x + 228, y, w.other, 11, "start")]
    out.append("</g>")
    return out, y + 14


def chances_html(a: CanaryAnalysis, lang: str) -> str:
    """The report's chance tables: each player's clue, who holds the fake, the likeliest
    clue assignments and goal squares."""
    w = WORDS[lang]
    s = a.session
    t = _text(s, lang)
    attrs = s.variant.deck.attributes
    out = [h3(w.clues), table([w.player, *(t.attribute(x) for x in attrs)],
                              [[(p, None), *(("", dist[x]) for x in attrs)] for p, dist in a.clues.items()])]
    if a.fake is not None:
        out += [h3(w.fake), chance_list(list(a.fake.items()), lang)]
    rows = []
    for asg in a.assignments[:10]:
        clues = ", ".join(f"{p}={t.attribute(x)}" for p, x in asg.clues.items())
        rows.append((clues + (" · " + w.fake_holder.format(p=asg.fake) if asg.fake else ""), asg.p))
    out += [h3(w.assignments), chance_list(rows, lang, 10)]
    out += [h3(w.goal), chance_list([(s.board.name(sq), p) for sq, p in enumerate(a.goal)], lang, 8)]
    return "".join(out)


# ---- `suiri live`: Tab completion of an event (cli/completion.py) -------------------------
def events(session: CanarySession, before: list[str]) -> list[str]:
    """``NAME SQUARE h|r|- [CARD]`` or ``NAME SQUARE ! CARD NAME=y|n ... [outcome=...]``."""
    from suiri.models.canary.notation import ANSWERS, CHECKS

    OUTCOMES = ("success", "failure")  # noqa: N806 - the reader's words for [turn.declare] outcome (record.py)

    record = session.record
    board, deck = record.variant.board, record.variant.deck
    cards = [w for k in deck.kinds for w in (k.id, k.name_ja)]
    at = len(before)
    if at == 0:
        return in_turn(record.players, [t.player for t in record.turns])
    if at == 1:
        return [board.name(sq) for sq in range(board.size)]
    if at == 2:
        return [*CHECKS, "!"]
    if before[2] != "!":
        return cards if at == 3 and before[2] in CHECKS else []
    if at == 3:
        return cards
    answered = {w.partition("=")[0] for w in before[4:]}
    answers = [f"{p}={a}" for p in record.players if p not in answered and p != before[0] for a in ANSWERS]
    outcomes = [f"outcome={o}" for o in OUTCOMES] if "outcome" not in answered else []
    return [*answers, *outcomes]
