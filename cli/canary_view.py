"""Text rendering of Canary results for people (the JSON comes from ``to_json``)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rich.text import Text as RichText

from suiri.models.canary.advice import Advice
from suiri.models.canary.analysis import CanaryAnalysis, SquareView
from suiri.models.canary.analysis import game_over as ended
from suiri.models.canary.cards import ATTRIBUTE_LETTERS, ATTRIBUTE_LETTERS_JA
from suiri.models.canary.session import CanarySession
from suiri.models.canary.text import Text
from suiri.solver.facts import KNOWN_PREFIX, Fact
from suiri.solver.reasoning import HintResult, Proof

from . import colour
from .game_over import game_over_line
from .layout import hint_levels, pad, percent, proof_lines, readable_count, width

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
    letters = ATTRIBUTE_LETTERS_JA if lang == "ja" else ATTRIBUTE_LETTERS
    up = letters["high"] + letters["ancient"]
    fake = m("map-legend-fake") if a.session.variant.fake else ""
    line = m("map-legend", up=up, fake=fake)
    out = RichText(line)
    out.stylize(LOOK_STYLE["face-up"], 2, 2 + len(up))  # the legend opens with the face-up mark
    for mark, look in ((f"[{up}]", "known"), ("(b)", "hidden"), ("·", "unknown")):
        at = line.find(mark)
        out.stylize(LOOK_STYLE[look], at, at + len(mark))
    return out


def face_mark(view: SquareView, letters: dict[str, str], attrs: Sequence[str]) -> str:
    """A square's card in the plain map: ``HA`` face-up, ``[HA]`` face-down but known,
    ``(b)`` hidden by b (so it carries b's clue), ``·`` unknown; ``-`` a card without
    attributes."""
    if view.kind is not None:
        face = "".join(letters[x] for x in attrs if x in view.kind.attrs) or "-"
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
    letters = ATTRIBUTE_LETTERS_JA if lang == "ja" else ATTRIBUTE_LETTERS
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
        w = p.counterexample
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
                      if (square := getattr(session.observation(o), "square", None)) is not None})
    numbered = [str(n) for n in turns if n]
    where = m("turns" if len(numbered) == 1 else "turns-many", list=", ".join(numbered)) if numbered else ""
    if squares:
        where = (where + m("and") if where else "") + m("squares" if len(squares) == 1 else "squares-many",
                                                         list=", ".join(squares))
    if not where:
        where = m("hint-setup")
    return hint_levels(h, level, m, where, lambda r: f"{t.rule_name(r)} ({t.rule(r)})", "; ",
                       lambda o: _obs_line(session, t, m, o), lambda f: t.fact(f, kinds), lang)


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


def fact(session: CanarySession, f: Fact, lang: str) -> str:
    """One fact in words (`suiri live` lists new certain facts and moved chances)."""
    return _text(session, lang).fact(f)


def picture(a: CanaryAnalysis, lang: str, colour_on: bool = False) -> list[str]:
    """The map with its legend, redrawn after each line of `suiri live`."""
    m = _text(a.session, lang)
    return [*colour.render([map_legend(a, m, lang)], colour_on), *board_map(a, lang, colour_on),
            *goal_legend(a, m, lang), *([game_over_line(a.over, lang)] if a.over is not None else [])]
