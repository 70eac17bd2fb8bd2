"""Memory Detective's pictures for people, in one place: the text of every command, the
notebook in the terminal, the notebook as SVG and the report's chance tables (the JSON
comes from ``to_json``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING

from rich.text import Text as RichText

from suiri.models.detective.advice import DetectiveAdvice
from suiri.models.detective.analysis import DetectiveAnalysis
from suiri.models.detective.counter import CASE, PUBLIC
from suiri.models.detective.ending import game_over as ended
from suiri.models.detective.rules import Accuse, Deduce
from suiri.models.detective.session import DetectiveSession
from suiri.models.detective.text import Text
from suiri.solver.facts import KNOWN_PREFIX, Fact
from suiri.solver.reasoning import HintResult, Proof

from . import colour
from .game_over import winners_line
from .layout import (
    certain_lines,
    hint_levels,
    pad,
    percent,
    proof_lines,
    readable_count,
    width,
)
from .svg import blue, element, pct, text_width, txt
from .tables import chance_list, h3

if TYPE_CHECKING:  # pragma: no cover - the type of a proof's counterexample
    from suiri.models.detective.reasoning import WorldView

TOP_TRIPLES = 10


def _text(session: DetectiveSession, lang: str) -> Text:
    return Text(lang, session.deck, session.variant.clue)


def title(session: DetectiveSession, lang: str) -> str:
    """The game's name as the record plays it: Memory Detective, or Clue for the Clue variant."""
    return _text(session, lang)("game")


def analysis(a: DetectiveAnalysis, lang: str, colour_on: bool = False) -> str:
    s = a.session
    t = _text(s, lang)
    r = s.record
    out = [t("title", game=t("game"), file=r.file)]
    out.append(t("seat", n=s.steps, viewer=r.viewer) if r.viewer else t("seat-spectator", n=s.steps))
    out.append(t("worlds", n=readable_count(a.counts.total, lang)))
    if s.replay.end is not None:
        out += ["", _end(s, t)]
    elif a.solved and r.viewer in s.replay.out:
        out += ["", t("solved-now-out", cards=t.cards(a.solved), p=r.viewer, n=s.replay.out[r.viewer])]
    elif a.solved:
        out += ["", t("solved-now-clue" if s.variant.clue else "solved-now", cards=t.cards(a.solved))]
    out += ["", t("notebook"), *notebook(a, lang, colour_on)]
    out += ["", t("truth")]
    for cat, dist in a.truth.items():
        possible = sorted(((c, p) for c, p in dist.items() if p), key=lambda x: (-x[1], x[0].id))
        out.append(f"  {pad(t.category(cat), 10)}" + "  ".join(f"{t.card(c)} {percent(p)}" for c, p in possible))
    out += ["", t("triples", n=len(a.triples))]
    for triple, p in a.triples[:TOP_TRIPLES]:
        out.append(f"  {percent(p):>7}  {t.cards(triple)}")
    if len(a.triples) > TOP_TRIPLES:
        out.append("  " + t("more", n=len(a.triples) - TOP_TRIPLES))
    out += ["", t("certain")]
    out += certain_lines(a.certain, t.fact, lang)
    if not a.certain:
        out.append("  " + t("nothing-certain"))
    return "\n".join(out)


def notebook(a: DetectiveAnalysis, lang: str, colour_on: bool = False, settled: bool = True) -> list[str]:
    """The card × holder grid: ✓ certain, ✗ ruled out, % probability, coloured by
    certainty; the viewer's column marked.  Without the ``settled`` rows (cards whose place
    is certain) it keeps the open ones only."""
    t = _text(a.session, lang)
    holders = a.columns
    viewer = a.session.record.viewer
    cols = [max(7, width(t.holder(h)) + 1) for h in holders]
    first = max(width(t("card")), *(width(t.card(c)) for c in a.owners)) + 2
    head = RichText("  " + pad(t("card"), first))
    for h, w in zip(holders, cols, strict=True):
        head.append(colour.cell(t.holder(h), colour.VIEWER if h == viewer else colour.HEADING, width(t.holder(h))))
        head.append(" " * (w - width(t.holder(h))))
    lines = [head]
    previous = None
    for card, row in a.owners.items():
        if not settled and 1 in row.values():
            continue
        if card.category != previous and previous is not None:
            lines.append(RichText(""))
        previous = card.category
        line = RichText("  " + pad(t.card(card), first))
        for h, w in zip(holders, cols, strict=True):
            mark = _mark(row[h], h, card.category is None)
            line.append(colour.cell(mark, colour.certainty(row[h]) if mark != "·" else None, w))
        lines.append(line)
    return colour.render(lines, colour_on)


def _end(session: DetectiveSession, t: Text) -> str:
    """Why the game is over, with the solving triple when there is one, and who won."""
    end = session.replay.end
    over = ended(session)
    assert end is not None and over is not None
    event = session.record.events[end.event - 1] if end.event else None
    why = t.end(end, event.named if isinstance(event, Deduce | Accuse) else ())
    return why + ("" if t.lang == "ja" else " ") + winners_line(over, t.lang)


def game_over(session: DetectiveSession, lang: str) -> str | None:
    """Who won and why, once an event ended the game (None while it runs)."""
    return None if session.replay.end is None else _end(session, _text(session, lang))


def _mark(p: Fraction, holder: str, fake: bool) -> str:
    """A notebook cell: the chance, or ``·`` where the fake card cannot be (the case file)."""
    if fake and holder == CASE:
        return "·"
    return percent(p)


def _line(session: DetectiveSession, t: Text, oid: str) -> str:
    if oid.startswith(KNOWN_PREFIX):
        return t("hint-premise", fact=t.fact(Fact.parse(oid.removeprefix(KNOWN_PREFIX))))
    o = session.observation(oid)
    by = _deducer(session, o.event)
    line = f" ({t('line', n=o.source.line)})" if o.source.line else ""
    return t.observation(o, session.record.viewer, by) + line


def _deducer(session: DetectiveSession, event: int | None) -> str | None:
    if event is None:
        return None
    e = session.record.events[event - 1]
    return getattr(e, "by", None)


def proof(session: DetectiveSession, p: Proof, lang: str) -> str:
    t = _text(session, lang)
    out = proof_lines(p, t, lambda o: _line(session, t, o), t.fact, lambda r: f"{t.rule_name(r)}: {t.rule(r)}", lang)
    if p.counterexample is not None and p.status != "impossible":
        w: WorldView = p.counterexample
        out += ["", t("counterexample"), "  " + t("world-case", cards=t.cards(session.deck.parse(c, None)
                                                                            for c in w.case))]
        out += ["  " + t("world-place", card=t.card(c), place=t.place(h)) for c, h in w.places.items()]
    return "\n".join(out)


def hint(session: DetectiveSession, h: HintResult, level: int, lang: str) -> str:
    over = game_over(session, lang)
    text = _hint(session, h, level, _text(session, lang))
    return text if over is None else over + "\n" + text


def _hint(session: DetectiveSession, h: HintResult, level: int, t: Text) -> str:
    lang = t.lang
    if not h.hints:
        return t("hint-none")
    events = sorted({e for x in h.hints for o in x.lines if (e := session.observation(o).event)})
    names = [str(n) for n in events]
    where = t("events" if len(names) == 1 else "events-many", list=t.m["list-sep"].join(names)) if names else \
        t("hint-setup")
    return hint_levels(h, level, t, where, lambda r: t("rule-with-text", name=t.rule_name(r), text=t.rule(r)),
                       t.m["rule-sep"], lambda o: _line(session, t, o), t.fact, lang)


def advice(session: DetectiveSession, a: DetectiveAdvice, lang: str) -> str:
    t = _text(session, lang)
    out = [t("advise-head", p=a.player, bits=a.uncertainty, n=a.truths)]
    if a.over:
        return "\n".join([*out, _end(session, t)])
    if a.out_since is not None:
        return "\n".join([*out, t("advise-out", p=a.player, n=a.out_since)])
    if a.deduce_now:
        return "\n".join([*out, t("advise-deduce-now", cards=t.cards(a.deduce_now))])
    if a.accuse_now:
        return "\n".join([*out, t("advise-accuse-now", cards=t.cards(a.accuse_now))])
    if a.clue and a.likeliest:
        out.append(t("advise-accuse-not-yet", cards=t.cards(a.likeliest), p=percent(a.p_likeliest),
                     exact=a.p_likeliest))
    clue = "-clue" if a.clue else ""
    for i, s in enumerate(a.suggestions, start=1):
        out.append(t("advise-suggest" + clue, rank=i, cards=t.cards(s.named), bits=s.bits,
                     p_truth=f"{float(s.p_truth) * 100:.1f}%"))
        for o in s.outcomes[:4]:
            what = (t.m["list-sep"].join(t("advise-shows" + clue, who=p, card=t.card(c)) for p, c in o.pattern)
                    if o.pattern else t("advise-nobody" + clue))
            what += t("advise-then", n=o.truths_left, best=t.cards(o.best), p_best=percent(o.p_best))
            out.append(t("advise-outcome", p=f"{percent(o.p):>6}", what=what))
        if len(s.outcomes) > 4:
            out.append("     " + t("more", n=len(s.outcomes) - 4))
    out.append(t("advise-assumption" + clue + ("-fake" if session.variant.fake else "")))
    if a.screened:
        out.append(t("advise-screened"))
    return "\n".join(out)


__all__ = ["CASE", "PUBLIC", "advice", "analysis", "chances_html", "events", "fact", "game_over", "hint", "notebook", "picture",
           "proof", "svg", "title"]


def fact(session: DetectiveSession, f: Fact, lang: str) -> str:
    """One fact in words (`suiri live` lists new certain facts and moved chances)."""
    return _text(session, lang).fact(f)


def picture(a: DetectiveAnalysis, lang: str, colour_on: bool = False) -> list[str]:
    """The notebook in a few lines, redrawn after each line of `suiri live`: the rows still
    open, then one line saying where the settled cards are (``✓ aki: s4 w1 …``)."""
    t = _text(a.session, lang)
    line = RichText("  ✓", style=colour.CERTAIN)
    for h in a.columns:
        cards = [c for c, row in a.owners.items() if row[h] == 1]
        if cards:
            line.append("  " if len(line) > 3 else " ")
            line.append(t.holder(h) + ":", style=colour.VIEWER if h == a.session.record.viewer else colour.HEADING)
            line.append("".join(" " + t.card(c) for c in cards))
    grid = notebook(a, lang, colour_on, settled=False)
    over = game_over(a.session, lang)
    return [*(grid if len(grid) > 1 else []), *colour.render([line], colour_on), *([over] if over else [])]


# -- the notebook as SVG (``suiri report``, the puzzle book) and the report's chance tables ---------
@dataclass(frozen=True)
class PageWords:
    """The words of the SVG notebook and of the report's chance tables, in one language."""

    notebook: str
    sure: str
    ruled: str
    maybe: str
    maybe_plain: str
    truth: str
    triples: str


WORDS = {
    "en": PageWords(notebook="The notebook: where each card is", sure="✓ certain", ruled="✗ ruled out",
                    maybe="% possible (darker: likelier)", maybe_plain="possible", truth="The case file",
                    triples="Likeliest truths"),
    "ja": PageWords(notebook="手帳：各カードの場所", sure="✓ 確定", ruled="✗ ありえない", maybe="% 可能性（濃いほど高い）",
                    maybe_plain="ありうる", truth="事件の真相", triples="可能性の高い真相"),
}


def svg(a: DetectiveAnalysis, lang: str, chances: bool = True) -> str:
    """The notebook: a row per card, a column per holder (the terminal's columns), each
    cell ✓ certain, ✗ ruled out or the chance, darker blue when likelier; without
    ``chances`` (a puzzle's notebook) an open cell stays blank."""
    w = WORDS[lang]
    s = a.session
    t = _text(s, lang)
    holders = a.columns  # the terminal's notebook columns: a holder ruled out for every card is left out
    heads = [t.holder(h) for h in holders]
    size = 12
    first = max(text_width(t.card(c), size) for c in a.owners) + 24
    col = max(58.0, *(text_width(h, size) + 16 for h in heads))
    row, margin, head = 24, 12, 58
    out: list[str] = [txt(margin, 14, w.notebook, 15, "start", ' font-weight="600"')]
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
    legend = [("#2e8b57", w.sure), ("#fafafa", w.ruled), (blue(0.5 if chances else 0), w.maybe if chances else w.maybe_plain)]
    for i, (fill, label) in enumerate(legend):
        x = margin + i * 170
        out.append(f'<rect x="{x}" y="{y - 8}" width="20" height="16" rx="3" fill="{fill}" stroke="#ccc"/>')
        out.append(txt(x + 26, y, label, 11, "start"))
    out.append("</g>")
    wide = max(margin * 2 + first + col * len(holders), margin * 2 + 3 * 170)
    return element(wide, y + 16, out, "detective-notebook", w.notebook)


def chances_html(a: DetectiveAnalysis, lang: str) -> str:
    """The report's chance tables: each category of the case file, the likeliest truths."""
    w = WORDS[lang]
    t = _text(a.session, lang)
    out = [h3(w.truth)]
    for cat, dist in a.truth.items():
        out.append(f"<h4>{escape(t.category(cat))}</h4>")
        out.append(chance_list([(t.card(c), p) for c, p in dist.items()], lang))
    out += [h3(w.triples), chance_list([(t.cards(triple), p) for triple, p in a.triples], lang, 10)]
    return "".join(out)


# ---- `suiri live`: Tab completion of an event (cli/completion.py) -------------------------
def events(session: DetectiveSession, before: list[str]) -> list[str]:
    """``deduce|suggest NAME S W R ANSWERS [solved|wrong]``, ``accuse NAME S W R
    correct|wrong``, ``reveal NAME CARD [bluff=y|n]``, ``peek NAME CARD``, ``show NAME
    NAME [CARD ...]``."""
    from suiri.models.detective.cards import CATEGORIES, FAKE, Card
    from suiri.models.detective.notation import CORRECT, EVENTS, NO, NONE, OUTCOMES, YES
    from suiri.models.detective.rules import BLUFF

    record = session.record
    variant = record.variant
    players = list(record.players)
    if not before:  # the first words this record's variant takes (Clue's own words only in Clue)
        from suiri.models.detective.record import CLUE_KINDS, KINDS

        return [w for w in EVENTS if w in (CLUE_KINDS if variant.clue else KINDS)]

    def names(cards: Iterable[Card]) -> list[str]:
        return [w for c in cards for w in dict.fromkeys((c.id, c.ja))]

    kind, args = before[0].lower(), before[1:]
    at = len(args)
    if at == 0 or (kind == "show" and at == 1):
        return players
    if kind in ("deduce", "suggest", "accuse") and at <= 3:
        return names(variant.deck.of(CATEGORIES[at - 1]))
    if kind == "accuse":
        return list(CORRECT) if at == 4 else []
    if kind in ("deduce", "suggest"):
        answers = args[4:]
        if answers and (answers[-1].lower() in OUTCOMES or answers[-1] == NONE):
            return [*(OUTCOMES if answers[-1] == NONE and kind == "deduce" else ()), *([";"] if variant.fake else [])]
        answered = {w.partition("=")[0] for w in answers} | {args[0]}
        named = args[1:4]
        shown = [*named, *([FAKE] if variant.fake else [])]  # the fake: a bluff (D7), its reveal joined by `;`
        offer = [w for p in players if p not in answered for w in (p, f"{p}={NO[0]}", *(f"{p}={c}" for c in shown))]
        closing = [*(OUTCOMES if kind == "deduce" else ()), *([";"] if variant.fake else [])] if answers else []
        return [*([NONE] if not answers else []), *offer, *closing]
    cards = names(variant.deck.cards(variant.fake))
    if kind in ("reveal", "peek"):
        if at == 1:
            return cards
        return [f"{BLUFF}={YES[0]}", f"{BLUFF}={NO[0]}"] if kind == "reveal" and at == 2 else []
    if kind == "show":
        return cards
    return []
