"""Text rendering of Canary results for people (the JSON comes from ``to_json``)."""

from __future__ import annotations

from suiri.models.canary.advice import Advice
from suiri.models.canary.analysis import CanaryAnalysis
from suiri.models.canary.cards import ATTRIBUTE_LETTERS, ATTRIBUTE_LETTERS_JA, Kind
from suiri.models.canary.session import CanarySession
from suiri.models.canary.text import Text
from suiri.solver.facts import Fact
from suiri.solver.hints import KNOWN_PREFIX
from suiri.solver.reasoning import HintResult, Proof

from .layout import hint_levels, pad, percent, proof_lines


def _text(session: CanarySession, lang: str) -> Text:
    return Text(lang, session.board, session.variant.players)


def analysis(a: CanaryAnalysis, lang: str) -> str:
    s = a.session
    t = m = _text(s, lang)
    r = s.record
    attrs = s.variant.deck.attributes
    out = [m("title", file=r.file)]
    if r.viewer:
        out.append(m("seat", turns=len(r.turns), viewer=r.viewer, clue=t.attribute(r.clue) if r.clue else "?"))
    else:
        out.append(m("seat-spectator", turns=len(r.turns)))
    out.append(m("worlds", n=a.counts.total))
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
        out.append(f"  … (+{len(a.assignments) - 12}, see --json)")
    if a.fake is not None:
        out += ["", m("fake") + ": " + "  ".join(f"{p} {percent(x)}" for p, x in a.fake.items())]
    out += ["", m("map"), *board_map(a, lang)]
    out += ["", m("certain")]
    facts = summarize(a.certain, t, s)
    out += [f"  - {f}" for f in facts] or ["  " + m("nothing-certain")]
    known = a.goal_known
    board = s.board
    if known:
        out += ["", m("goal-known", squares=", ".join(board.name(q) for q in known))]
    else:
        best = sorted(range(board.size), key=lambda q: (-a.goal[q], q))[:3]
        out += ["", m("goal-open", best=", ".join(f"{board.name(q)} {percent(a.goal[q])}" for q in best))]
    return "\n".join(out)


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


def board_map(a: CanaryAnalysis, lang: str) -> list[str]:
    s = a.session
    board = s.board
    letters = ATTRIBUTE_LETTERS_JA if lang == "ja" else ATTRIBUTE_LETTERS
    seen = a.seen_faces()
    pieces: dict[int, str] = {}
    for p, sq in s.replay.state.positions.items():
        pieces[sq] = pieces.get(sq, "") + p[0]
    cell = 9
    out = ["     " + "".join(pad(chr(ord("a") + c), cell) for c in range(board.width))]
    for row in reversed(range(board.height)):
        faces, odds = [], []
        for col in range(board.width):
            sq = board.square(col, row)
            kind = seen.get(sq)
            face = "·" if kind is None else ("".join(letters[x] for x in s.variant.deck.attributes if x in kind.attrs) or "-")
            if sq in pieces:
                face += "@" + pieces[sq]
            faces.append(pad(face, cell))
            odds.append(pad(percent(a.goal[sq]), cell))
        out.append(f"  {row + 1}  " + "".join(faces))
        out.append("     " + "".join(odds))
    return out


def _obs_line(session: CanarySession, t: Text, m: Text, oid: str) -> str:
    if oid.startswith(KNOWN_PREFIX):
        return m("hint-premise", fact=t.fact(Fact.parse(oid.removeprefix(KNOWN_PREFIX)), session.variant.deck.by_id))
    o = session.observation(oid)
    line = f" ({m('line', n=o.source.line)})" if o.source.line else ""
    return t.observation(o, session.variant.deck.attributes) + line


def _narrowing(t: Text, ruled: dict[str, list[str]], remaining: dict[str, list[str]],
               kinds: dict[str, Kind]) -> list[str]:
    out = []
    for subject, left in remaining.items():
        kind, _, who = subject.partition(":")
        if kind == "clue":
            if len(left) == 1:
                out.append(t.fact(Fact(subject, left[0])))
            else:
                out.append(t("clue-one-of", p=who, alts=t.alternatives([t.attribute(a) for a in left])))
        elif kind == "square" and len(left) == 1:
            out.append(t.fact(Fact(subject, left[0]), kinds))
        elif kind == "fake":
            out.append(t.fact(Fact("fake", left[0])) if len(left) == 1 else
                       "; ".join(t.fact(Fact("fake", v, False)) for v in ruled[subject]))
    return out


def proof(session: CanarySession, p: Proof, lang: str) -> str:
    t = m = _text(session, lang)
    kinds = session.variant.deck.by_id
    out = proof_lines(p, m, lambda o: _obs_line(session, t, m, o), lambda f: t.fact(f, kinds),
                      lambda r: f"{t.rule_name(r)}: {t.rule(r)}",
                      lambda step: _narrowing(t, step.ruled_out, step.remaining, kinds))
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
    t = m = _text(session, lang)
    kinds = session.variant.deck.by_id
    if not h.hints:
        return m("hint-none")
    turns = sorted({session.observation(o).turn or 0 for x in h.hints for o in x.observations})
    squares = sorted({session.board.name(square) for x in h.hints for o in x.observations
                      if (square := getattr(session.observation(o), "square", None)) is not None})
    numbered = [str(n) for n in turns if n]
    where = m("turns" if len(numbered) == 1 else "turns-many", list=", ".join(numbered)) if numbered else ""
    if squares:
        where = (where + m("and") if where else "") + m("squares" if len(squares) == 1 else "squares-many",
                                                         list=", ".join(squares))
    if not where:
        where = m("hint-setup")
    return hint_levels(h, level, m, where, lambda r: f"{t.rule_name(r)} ({t.rule(r)})", "; ",
                       lambda o: _obs_line(session, t, m, o), lambda o: _short(session, t, o),
                       lambda f: t.fact(f, kinds))


def _short(session: CanarySession, t: Text, oid: str) -> str:
    if oid.startswith(KNOWN_PREFIX):
        return t.fact(Fact.parse(oid.removeprefix(KNOWN_PREFIX)), session.variant.deck.by_id)
    return t.short(session.observation(oid), session.variant.deck.attributes)


def advice(session: CanarySession, a: Advice, lang: str) -> str:
    t = m = _text(session, lang)
    board = session.board
    out = [m("advise-head", p=a.player, sq=board.name(a.position), bits=a.goal_uncertainty)]
    if a.to_move is None:
        out.append(m("advise-over"))
        return "\n".join(out)
    if a.to_move != a.player:
        out.append(m("advise-not-turn", p=a.to_move, viewer=a.player))
    for i, mv in enumerate(a.moves, start=1):
        out.append(m("advise-move", rank=i, sq=board.name(mv.square),
                     declare=m("advise-declare-now") if mv.declare_now else "", p_goal=percent(mv.p_goal),
                     info=mv.info_bits, leak=mv.leak_bits, dist=mv.distance))
        if mv.face_up:
            out.append(m("advise-face-up"))
        for d in mv.declare_if[:3]:
            out.append(m("advise-declare-if", kind=t.kind(d.kind), p_face=percent(d.p_face), p_success=percent(d.p_success)))
    if a.best:
        what = (m("advise-best-declare", sq=board.name(a.best.square)) if a.best.declare_now
                else m("advise-best-move", sq=board.name(a.best.square)))
        out.append(m("advise-best", what=what))
    return "\n".join(out)
