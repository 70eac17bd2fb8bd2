"""Werewolf Never Sleeps' pictures for people, in one place: the text of every command,
the piles in the terminal, the piles as SVG and the report's chance tables (the JSON
comes from ``to_json``)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING

from rich.text import Text as RichText

from suiri.models.werewolf import FACTS
from suiri.models.werewolf.analysis import WerewolfAnalysis
from suiri.models.werewolf.cards import BY_ID, NOBODY, Kind
from suiri.models.werewolf.ending import game_over as ended
from suiri.models.werewolf.record import place_str
from suiri.models.werewolf.rules import RUINS, Slot, hand, pile, slot_name
from suiri.models.werewolf.session import WerewolfSession, line_source
from suiri.models.werewolf.text import Text
from suiri.solver.errors import render
from suiri.solver.facts import KNOWN_PREFIX, Fact
from suiri.solver.reasoning import HintResult, Proof

from . import colour
from .completion import in_turn
from .game_over import game_over_line, winners_line
from .layout import (
    certain_lines,
    hint_levels,
    pad,
    percent,
    proof_lines,
    readable_count,
    width,
)
from .svg import element, fit_lines, multiline, pct, txt
from .tables import WORDS as TABLE_WORDS
from .tables import chance_list, h3, table

if TYPE_CHECKING:  # pragma: no cover - the types of what the renderers receive
    from suiri.models.werewolf.advice import Option, WerewolfAdvice
    from suiri.models.werewolf.reasoning import WorldView
    from suiri.models.werewolf.replay import Call


def analysis(a: WerewolfAnalysis, lang: str, colour_on: bool = False) -> str:
    s = a.session
    t = Text(lang)
    r = s.record
    lines = t.count("n-turns", len(r.turns))
    if s.replay.calls:
        lines += t("and") + t.count("n-calls", len(s.replay.calls))
    out = [t("title", file=r.file)]
    out.append(t("seat", lines=lines, viewer=r.viewer) if r.viewer else t("seat-spectator", lines=lines))
    out.append(_phase(s, t, a.phase))
    out.append(_players(s, t))
    out.append(t("histories", n=readable_count(a.counts.total, lang)))
    out += ["", t("ll-head")]
    out += _table([(t.place(k), p) for k, p in a.lost_legacy.items()])
    out += ["", t("wolf-head")]
    out += _table([(t("wolf-nobody") if k == NOBODY else k, p) for k, p in a.werewolf.items()])
    out += ["", t("madman-search" if a.phase == "search" else "madman-now")]
    out += _table([(t("madman-nobody") if k == NOBODY else k, p) for k, p in a.madman.items()])
    out += ["", t("piles-head"), *piles(a, lang, colour_on)]
    out += ["", t("cards-head")]
    labels = {slot: t.place(slot_name(slot)) for slot in a.cards}
    first = max((width(x) for x in labels.values()), default=0) + 2
    for slot, row in a.cards.items():
        possible = _likeliest(row)
        out.append("  " + pad(labels[slot], first) + "  ".join(f"{t.card(k)} {percent(p)}" for k, p in possible))
    out += ["", t("certain")]
    out += certain_lines(a.certain, t.fact, lang)
    if not a.certain:
        out.append("  " + t("nothing-certain"))
    return "\n".join(out)


def piles(a: WerewolfAnalysis, lang: str, colour_on: bool = False) -> list[str]:
    """The table as a picture: a line per player (the hand, then the discard from the
    bottom up, ▲ face-up, ▼ face-down with what it can be), then the ruins and the deck."""
    s = a.session
    t = Text(lang)
    first = max(width(p) for p in s.record.players) + 2
    lines = []
    for p in s.record.players:
        line = RichText("  ")
        line.append(colour.cell(p, colour.VIEWER if p == s.record.viewer else colour.HEADING, width(p)))
        line.append(" " * (first - width(p)))
        if p in s.living:
            line.append(t("piles-hand") + " ")
            line.append(_hidden(a, t, hand(p)))
            if p == s.record.viewer and s.replay.pending is not None:  # a turn in progress: two cards
                line.append(" ")
                line.append(RichText("▼" + t.card(s.replay.pending) + t("piles-drawn"), style=colour.KNOWN))
        else:
            line.append(t("piles-out"), style=colour.RULED_OUT)
        line.append(" | " + t("piles-discard"))
        for i, c in enumerate(s.replay.piles.get(p, []), start=1):
            line.append(" ")
            line.append(RichText("▲" + t.card(c.kind), style=colour.FACE_UP) if c.kind else _hidden(a, t, pile(p, i)))
        lines.append(line)
    last = RichText("  " + t("piles-ruins") + " ")
    last.append(_hidden(a, t, RUINS))
    last.append(" | " + t("piles-deck", n=s.replay.deck))
    lines.append(last)
    return colour.render(lines, colour_on)


def _hidden(a: WerewolfAnalysis, t: Text, slot: Slot) -> RichText:
    """A face-down card: ``▼Knight`` when its kind is certain, else its possible kinds
    with their chances, most likely first, ``▼(Vote 55.6% / Lost Legacy 33.3%)``."""
    row = a.cards.get(slot)
    if row is None:
        return RichText("▼?", style=colour.UNKNOWN)
    possible = _likeliest(row)
    if len(possible) == 1:
        return RichText("▼" + t.card(possible[0][0]), style=colour.KNOWN)
    out = RichText("▼(", style=colour.UNKNOWN)
    for n, (k, p) in enumerate(possible):
        if n:
            out.append(" / ", style=colour.UNKNOWN)
        out.append(t.card(k) + " ")
        out.append(percent(p), style=colour.certainty(p))
    out.append(")", style=colour.UNKNOWN)
    return out


def _likeliest(row: dict[str, Fraction]) -> list[tuple[str, Fraction]]:
    """What a hidden card can be, with the chances: likeliest first, ties in card order
    (the terminal, the SVG and the report list them alike)."""
    return sorted(((k, p) for k, p in row.items() if p), key=lambda x: (-x[1], BY_ID[x[0]].index))


def _table(rows: list[tuple[str, Fraction]]) -> list[str]:
    first = max((width(label) for label, _ in rows), default=0) + 2
    return ["  " + pad(label, first) + percent(p) for label, p in rows]


def _phase(s: WerewolfSession, t: Text, phase: str) -> str:
    rp = s.replay
    if phase == "over":
        over = ended(s)
        assert over is not None
        return t("phase-over", reason=render(over.why, t.lang), winners=winners_line(over, t.lang))
    if phase == "search":
        if not rp.calls:
            return t("phase-search-first")
        return t("phase-search", called=t.orders([c.order for c in rp.calls]), next=rp.next_call)
    if rp.pending is not None:
        return t("phase-pending", p=rp.next_player, card=t.a(rp.pending), n=rp.deck)
    return t("phase-play", n=rp.deck, p=rp.next_player)


def game_over(session: WerewolfSession, lang: str) -> str | None:
    """Who won and why, once a record line ended the game (None while it runs): the
    replay's own reason (``Replay.over_text``), then the winners."""
    over = ended(session)
    return None if over is None else game_over_line(over, lang)


def _players(s: WerewolfSession, t: Text) -> str:
    out = [p for p in s.record.players if p not in s.living]
    living = t.names(s.living)
    return t("players-out", living=living, out=t.names(out)) if out else t("players", living=living)


# -- explain -------------------------------------------------------------------------------------
def _line(session: WerewolfSession, t: Text, oid: str) -> str:
    if oid.startswith(KNOWN_PREFIX):
        return t("hint-premise", fact=t.fact(Fact.parse(oid.removeprefix(KNOWN_PREFIX))))
    src = line_source(session, oid)
    line = t("line-ref", n=src.line) if src.line else ""
    return t.observation(oid, session.record, session.replay) + line


def proof(session: WerewolfSession, p: Proof, lang: str) -> str:
    t = Text(lang)
    out = proof_lines(p, t, lambda o: _line(session, t, o), t.fact,
                      lambda r: t("rule-line", name=t.rule_name(r), text=t.rule(r)), lang)
    if p.counterexample is not None and p.status != "impossible":
        world: WorldView = p.counterexample
        out += ["", t("counterexample"), *("  " + line for line in _world(t, world))]
    return "\n".join(out)


def _world(t: Text, w: WorldView) -> list[str]:
    """A history where the fact fails (``reasoning.WorldView``): where things are now."""
    hands = t("list-sep").join(t("world-hand", p=p, card=t.card(k)) for p, k in w.hands.items())
    return [t.fact(Fact("lost-legacy", w.lost_legacy)), t.fact(Fact("werewolf", w.werewolf)),
            t("world-hands", hands=hands), t.fact(Fact("ruins", w.ruins))]


# -- hint ----------------------------------------------------------------------------------------
def hint(session: WerewolfSession, h: HintResult, level: int, lang: str) -> str:
    over = game_over(session, lang)
    text = _hint(session, h, level, Text(lang))
    return text if over is None else over + "\n" + text


def _hint(session: WerewolfSession, h: HintResult, level: int, t: Text) -> str:
    lang = t.lang
    if not h.hints:
        return t("hint-none")
    cited = {o for x in h.hints for o in x.lines}
    turns = sorted(int(o.removeprefix("turn-")) for o in cited if o.startswith("turn-"))
    calls = sorted(int(o.removeprefix("call-")) for o in cited if o.startswith("call-"))
    parts = []
    for key, numbers in (("turns", turns), ("calls", calls)):
        if numbers:
            parts.append(t(f"{key}-1" if len(numbers) == 1 else f"{key}-many",
                           list=t("list-sep").join(str(n) for n in numbers)))
    if "hand" in cited:
        parts.append(t("hand-line"))
    where = t("where-and").join(parts) if parts else t("hint-setup")
    return hint_levels(h, level, t, where, lambda r: t("rule-with-text", name=t.rule_name(r), text=t.rule(r)),
                       t("rule-sep"), lambda o: _line(session, t, o), t.fact, lang)


def advice(session: WerewolfSession, a: WerewolfAdvice, lang: str) -> str:
    t = Text(lang)
    wolf = t.m["list-sep"].join(f"{t('wolf-nobody') if k == NOBODY else k} {percent(p)}"
                                for k, p in sorted(a.werewolf.items(), key=lambda x: -x[1]) if p)
    out = [t("adv-head", p=a.player, role=t(f"role-{a.role}"), wolf=wolf)]
    if a.phase == "over":
        over = game_over(session, lang)
        return "\n".join([*out, over or t("adv-over", reason=t("adv-eliminated", p=a.player))])
    if a.phase == "search":
        return "\n".join(out + _search(session, t, a))
    if a.waiting_for:
        out.append(t("adv-wait", p=a.waiting_for))
    if a.phase == "draw":
        draws = t.m["list-sep"].join(f"{t.card(k)} {percent(p)}" for k, p in a.draws)
        return "\n".join([*out, t("adv-draw", draws=draws)])
    if a.phase == "hand":
        return "\n".join([*out, t("adv-hand-unknown", p=a.player)])
    if not a.options:
        return "\n".join([*out, t("adv-none")])
    for rank, o in enumerate(a.options, start=1):
        out.append(t("adv-option", rank=rank, card=t.card(o.play), keep=t.card(o.keep), target=_target(t, o)))
        if o.sees:
            out.append(t("adv-sees", cards=t.m["list-sep"].join(f"{t.card(k)} {percent(p)}" for k, p in o.sees),
                         bits=o.bits))
        if o.hits:
            out.append(t("adv-hits", who=t.m["list-sep"].join(
                f"{t('adv-nobody') if k == NOBODY else k} {percent(p)}" for k, p in o.hits)))
        if o.play.id == "vote":
            out += _vote(t, o, a.player)
        elif o.wins or o.loses:
            out.append(t("adv-attack-ends", result=_result(t, o)))
        for note in o.notes:
            if t(f"note-{note}"):
                out.append(t(f"note-{note}"))
        if o.table_before is not None and o.table_after is not None:
            out.append(t("adv-table", before=percent(o.table_before), after=percent(o.table_after)))
        elif o.table_before is not None and not o.table_view:  # a Vote: "after" depends on the pointing
            out.append(t("adv-table-now", before=percent(o.table_before)))
        out.append(t("adv-exposure", n=o.votes_against, knight=t("adv-knight") if o.protected else ""))
    return "\n".join(out)


def _search(session: WerewolfSession, t: Text, a: WerewolfAdvice) -> list[str]:
    """The search phase: the calls so far, when the viewer's own call comes (or why it
    cannot search), and where the Lost Legacy may be given those calls (W15)."""
    rp = session.replay
    out = [t("adv-calls", calls=t.m["list-sep"].join(_calls(t, rp.calls))) if rp.calls else t("adv-calls-none")]
    held = rp.viewer_hand
    if a.note in ("waiting", "now") and held is not None:
        assert a.next_call is not None and a.my_order is not None  # its own order comes (search_status)
        first = list(range(a.next_call, a.my_order))
        before = t("adv-before-1" if len(first) == 1 else "adv-before-many", orders=t.orders(first))
        alone = not a.shares  # nobody else can hold a card of the viewer's order
        key = "adv-status-now-alone" if a.note == "now" and alone else f"adv-status-{a.note}"
        out.append(t(key, n=a.my_order, card=t.card(held), before=before))
        if a.shares:  # not alone
            out.append(t("adv-shares", card=t.a(held), p=percent(a.shares)))
    elif a.note == "shared":
        assert a.my_order is not None  # it raised at its own order
        together = [p for p in rp.call(a.my_order).raised if p != a.player]
        out.append(t("adv-status-shared", n=a.my_order, names=t.m["and"].join(together)))
    elif t(f"adv-status-{a.note}"):
        out.append(t(f"adv-status-{a.note}"))
    if a.role == "werewolf" and a.note in ("waiting", "now"):
        out.append(t("adv-werewolf-search"))
    out.append(t("adv-search"))
    out += [t("adv-search-row", p=percent(s.p), place=t.place(s.place)) for s in a.searches if s.p]
    rest = [t.place(s.place) for s in a.searches if not s.p]
    if rest:
        out.append(t("adv-search-rest", places=t.m["list-sep"].join(rest)))
    return out


def _calls(t: Text, calls: list[Call]) -> list[str]:
    """The calls so far in a few words; a run of calls nobody raised at is one item."""
    out: list[str] = []
    quiet: list[int] = []
    for c in calls:
        if not c.raised:
            quiet.append(c.order)
            continue
        if quiet:
            out.append(t("adv-call-nobody", orders=t.orders(quiet)))
            quiet = []
        if c.search is not None:
            s = c.search.search
            assert s.target is not None and s.found is not None  # a lone raiser's search names both
            out.append(t("adv-call-searched", n=c.order, p=s.player, place=t.place(place_str(s.target)),
                         card=t.a(s.found)))
        elif c.madman:
            out.append(t("adv-call-madman", n=c.order, p=c.raised[0]))
        else:
            out.append(t("adv-call-shared", n=c.order, names=t.m["and"].join(c.raised)))
    if quiet:
        out.append(t("adv-call-nobody", orders=t.orders(quiet)))
    return out


def _result(t: Text, o: Option) -> str:
    """How the game ends within the move: won, lost, or with each exact chance."""
    on = 1 - o.wins - o.loses
    if o.wins == 1 or o.loses == 1:
        return t("adv-result-win" if o.wins == 1 else "adv-result-lose")
    key = "adv-result-" + "-".join(k for k, p in (("win", o.wins), ("lose", o.loses), ("on", on)) if p)
    return t(key, win=percent(o.wins), lose=percent(o.loses))


def _outcome(t: Text, o: Option, me: str) -> str:
    """A Vote in one sentence: who is out however the others point, and what follows."""
    if o.outs:
        names = [t("adv-nobody-out") if p == NOBODY else t("adv-you-word") if p == me else p for p in o.outs]
        return t("adv-out-open", outs=t.m["list-sep"].join(names[:-1]) + t("adv-or-last") + names[-1])
    if o.out == NOBODY:
        return t("adv-out-nobody")
    who = t("adv-out-you") if o.out == me else t("adv-out", p=o.out)
    return t("adv-out-then", out=who, result=_result(t, o))


def _target(t: Text, o: Option) -> str:
    if o.target is None:
        return ""
    if o.play.id == "seer":
        return t("adv-target-seer", p=o.target)
    if o.play.id == "medium":
        if o.target.startswith("discard:"):
            return t("adv-target-peek", place=t.place(o.target))
        who, card = o.target.split(":")
        return t("adv-target-flip", p=who, card=t.card(card))
    if o.play.id == "villager":
        assert o.put_down is not None  # a Villager puts a card down
        return t("adv-target-villager", card=t.card(o.put_down), p=o.target)
    if o.play.id == "vote":
        return t("adv-target-vote", p=o.target)
    return t("adv-target-attack", p=o.target)


def _vote(t: Text, o: Option, me: str) -> list[str]:
    """A Vote: the votes the face-down cards cast; then, for a villager, whom to point at; for
    the Werewolf, what the table believes about each living player (decision 43)."""
    sep = t.m["list-sep"]
    out = [t("adv-outcome", text=_outcome(t, o, me)),
           t("adv-vote-tally", tally=sep.join(f"{p} {n}" for p, n in o.tally.items()))]
    if o.table_view:
        chances = sep.join(t("adv-you", p=p) + ("" if t.lang == "ja" else " ") + percent(x) if p == me
                           else f"{p} {percent(x)}" for p, x in o.table_view)
        out.append(t("adv-vote-table", chances=chances))
    elif o.point_at:
        assert o.target is not None  # whom the Vote points at
        out.append(t("adv-vote-chance", p=o.target, chance=percent(dict(o.point_at)[o.target])))
    return out


__all__ = ["advice", "analysis", "chances_html", "events", "fact", "game_over", "hint", "picture", "piles", "proof", "svg", "title"]


def title(session: WerewolfSession, lang: str) -> str:
    """The game's name (the report's heading)."""
    return FACTS.title_ja if lang == "ja" else FACTS.title_en


def fact(session: WerewolfSession, f: Fact, lang: str) -> str:
    """One fact in words (`suiri live` lists new certain facts and moved chances)."""
    return Text(lang).fact(f)


def picture(a: WerewolfAnalysis, lang: str, colour_on: bool = False) -> list[str]:
    """The piles, redrawn after each line of `suiri live` (and, once a line ended the
    game, who won and why)."""
    over = game_over(a.session, lang)
    return [*piles(a, lang, colour_on), *([over] if over else [])]


# -- the piles as SVG (``suiri report``, the puzzle book) and the report's chance tables ------------
@dataclass(frozen=True)
class PageWords:
    """The words of the SVG piles and of the report's chance tables, in one language."""

    piles: str
    hand: str
    discard: str
    ruins: str
    deck: str
    out: str
    empty: str
    up: str
    down: str
    down_plain: str
    mine: str
    ll: str
    wolf: str
    madman: str
    cards: str
    card: str
    nobody: str


WORDS = {
    "en": PageWords(piles="The table: hands, discards, ruins and deck", hand="hand", discard="discard", ruins="ruins",
                    deck="deck: {n} cards", out="out", empty="(empty)", up="face-up",
                    down="face-down: its kind when certain (italics), else the chances", down_plain="face-down",
                    mine="you", ll="Where the Lost Legacy is", wolf="Who is the Werewolf",
                    madman="Who holds the Madman", cards="What each hidden card can be", card="card", nobody="nobody"),
    "ja": PageWords(piles="場：手札・捨て札・遺跡・山札", hand="手札", discard="捨て札", ruins="遺跡", deck="山札：{n}枚",
                    out="脱落", empty="（なし）", up="表向き", down="裏向き：確定なら種類（斜体）、でなければ確率",
                    down_plain="裏向き", mine="自分", ll="失われた遺産の場所", wolf="人狼は誰か", madman="狂人を持つのは",
                    cards="裏向きのカードの候補", card="カード", nobody="誰でもない"),
}


def svg(a: WerewolfAnalysis, lang: str, chances: bool = True) -> str:
    """The table: a row per player (the hand, then the discard from the bottom up), then
    the ruins and the deck; a face-down card shows its kind when certain, else its
    likeliest kinds with their chances (none without ``chances``: a puzzle's table)."""
    w = WORDS[lang]
    s = a.session
    rp = s.replay
    viewer = s.record.viewer
    cw, ch, gap, margin, label_w = 112, 66, 8, 12, 120
    longest = max([len(c) for c in rp.piles.values()] + [1])
    out: list[str] = [txt(margin, 14, w.piles, 15, "start", ' font-weight="600"')]
    y = 34
    hand_x = margin + label_w
    pile_x = hand_x + cw + 3 * gap
    out.append(txt(hand_x + cw / 2, y + 6, w.hand, 11, extra=' fill="#555"'))
    out.append(txt(pile_x, y + 6, w.discard, 11, "start", ' fill="#555"'))
    y += 18
    for p in s.record.players:
        alive = p in s.living
        name = p + (f" ({w.mine})" if p == viewer else "") + ("" if alive else f" — {w.out}")
        out.append(f'<g class="player{"" if alive else " out"}" data-player="{escape(p)}">')
        out.append(txt(margin, y + ch / 2, name, 12, "start", ' font-weight="600"' if alive else ' fill="#888"'))
        if alive:
            slot = hand(p)
            out += _svg_card(hand_x, y, cw, ch, slot_name(slot), None, a.cards.get(slot) if chances else None, lang,
                             "hand")
        cards = rp.piles.get(p, [])
        if not cards:
            out.append(txt(pile_x, y + ch / 2, w.empty, 11, "start", ' fill="#888"'))
        for i, c in enumerate(cards, start=1):
            slot = pile(p, i)
            out += _svg_card(pile_x + (i - 1) * (cw + gap), y, cw, ch, slot_name(slot), c.kind,
                             a.cards.get(slot) if chances else None, lang, "pile-card")
        out.append("</g>")
        y += ch + gap + 6
    y += 6
    out.append(txt(margin, y + ch / 2, w.ruins, 12, "start", ' font-weight="600"'))
    out += _svg_card(hand_x, y, cw, ch, "ruins", None, a.cards.get(RUINS) if chances else None, lang, "ruins")
    out.append(f'<g class="deck" data-deck="{rp.deck}">')
    dx = pile_x
    for k in range(min(rp.deck, 3)):
        out.append(f'<rect x="{dx + k * 3}" y="{y - k * 3}" width="{cw}" height="{ch}" rx="5" fill="#4b3f72" '
                   'stroke="#2b2346" stroke-width="1"/>')
    out.append(txt(dx + cw + 16, y + ch / 2, w.deck.format(n=rp.deck), 12, "start"))
    out.append("</g>")
    y += ch + 24
    out.append('<g class="legend">')
    out.append(f'<rect x="{margin}" y="{y - 8}" width="20" height="16" rx="3" fill="#fffaf0" stroke="#5a4a2a"/>')
    out.append(txt(margin + 26, y, w.up, 11, "start"))
    out.append(f'<rect x="{margin + 150}" y="{y - 8}" width="20" height="16" rx="3" fill="#4b3f72" stroke="#2b2346"/>')
    out.append(txt(margin + 176, y, w.down if chances else w.down_plain, 11, "start"))
    out.append("</g>")
    wide = max(pile_x + longest * (cw + gap) + margin, pile_x + cw + 160, margin + 420)
    return element(wide, y + 16, out, "werewolf-piles", w.piles)


def _short_name(kind: Kind, lang: str) -> str:
    """A card's name short enough for a line of chances on a face-down card."""
    if kind.is_attack:
        return kind.ja.removeprefix("人狼の") if lang == "ja" else kind.en.removeprefix("Werewolf ")
    return kind.ja.split("：")[0] if lang == "ja" else kind.en


def _svg_card(x: float, y: float, cw: float, ch: float, slot: str, kind: Kind | None,
              row: dict[str, Fraction] | None, lang: str, role: str) -> list[str]:
    """One card: face-up (cream, its name), or face-down (dark back) with what it can be:
    its kind when certain, else the likeliest kinds with their chances."""
    if kind is not None:
        out = [f'<g class="{role} face-up" data-slot="{slot}" data-kind="{kind.id}">',
               f'<rect x="{x}" y="{y}" width="{cw}" height="{ch}" rx="5" fill="#fffaf0" stroke="#5a4a2a" '
               'stroke-width="1.4"/>']
        out += multiline(x + cw / 2, y + ch / 2, fit_lines(kind.name(lang), 11, cw - 8), 11,
                         ' font-weight="600" fill="#3a2a10"')
        return [*out, "</g>"]
    possible = _likeliest(row or {})
    sure = possible[0][0] if len(possible) == 1 else None
    out = [f'<g class="{role} face-down{" certain" if sure else ""}" data-slot="{slot}"'
           + (f' data-kind="{sure}"' if sure else "") + ">",
           f'<rect x="{x}" y="{y}" width="{cw}" height="{ch}" rx="5" fill="#4b3f72" stroke="#2b2346" '
           'stroke-width="1.2"/>']
    if sure:
        out += multiline(x + cw / 2, y + ch / 2, fit_lines(BY_ID[sure].name(lang), 11, cw - 8), 11,
                         ' font-style="italic" font-weight="600" fill="#fff"')
    elif possible:
        shown = possible[:3]
        lines = [f"{fit_lines(_short_name(BY_ID[k], lang), 9, cw - 36, 1)[0]} {pct(p)}" for k, p in shown]
        if len(possible) > 3:
            lines[-1] = f"+{len(possible) - 2} …"
        out += multiline(x + cw / 2, y + ch / 2, lines, 9, ' fill="#e8e4f5"')
    else:
        out.append(txt(x + cw / 2, y + ch / 2, "?", 16, extra=' fill="#e8e4f5"'))
    return [*out, "</g>"]


def chances_html(a: WerewolfAnalysis, lang: str) -> str:
    """The report's chance tables: where the Lost Legacy is, who is the Werewolf, who
    holds the Madman, what each hidden card can be."""
    w = WORDS[lang]
    t = Text(lang)

    def who(k: str) -> str:
        return w.nobody if k == NOBODY else k

    out = [h3(w.ll), chance_list([(t.place(k), p) for k, p in a.lost_legacy.items()], lang),
           h3(w.wolf), chance_list([(who(k), p) for k, p in a.werewolf.items()], lang),
           h3(w.madman), chance_list([(who(k), p) for k, p in a.madman.items()], lang), h3(w.cards)]
    rows: list[list[tuple[str, Fraction | None]]] = []
    for slot, row in a.cards.items():
        possible = _likeliest(row)
        rows.append([(t.place(slot_name(slot)), None),
                     (", ".join(f"{t.card(k)} {pct(p)}" for k, p in possible), None)])
    out.append(table([w.card, TABLE_WORDS[lang].chance], rows))
    return "".join(out)


# ---- `suiri live`: Tab completion of an event (cli/completion.py) -------------------------
def events(session: WerewolfSession, before: list[str]) -> list[str]:
    """``PLAYER [drew CARD] PLAY ...`` (what follows the card played: ``GRAMMAR``) or
    ``search ORDER [PLAYER PLACE CARD] [raised NAME ...]``."""
    from suiri.models.werewolf.cards import KINDS, parse_kind
    from suiri.models.werewolf.notation import (
        HEADS,
        KEYWORDS,
        POSITIONAL,
        SINGLE,
        _allowed,
        _family,
    )
    from suiri.models.werewolf.record import NONE, PLACED
    from suiri.models.werewolf.rules import slot_name
    from suiri.solver.errors import SuiriError

    replay = session.replay
    players, living = list(session.record.players), list(replay.living)
    cards = [w for k in KINDS for w in (k.id, k.ja)]
    search = HEADS[-1]
    if not before:
        return [*in_turn(living, [t.player for t in session.record.turns]), search]
    if before[0] == search:
        args = before[1:]
        if "raised" in args:
            return [p for p in living if p not in args]
        if not args:
            return [str(k.order) for k in KINDS if k.order is not None]
        if len(args) == 1:
            return [*living, "raised"]
        if len(args) == 2:
            return [slot_name(s) for s in session.hidden_slots()]
        return cards if len(args) == 3 else ["raised"]
    args = before[1:]
    if args[:1] == ["drew"]:
        if len(args) <= 2:
            return cards
        args = args[2:]
    if not args:
        return ["drew", *cards]
    try:
        kind = parse_kind(args[0])
    except SuiriError:
        return []
    allowed = _allowed(kind)
    fields = {**SINGLE, "shows": "revealed", "peek": "peek", "flip": "flip", "swap": "swapped", "keep": "swapped"}
    room = {"shows": len(args), "peek": 2, "flip": 3}  # values after a keyword (one for the others)
    slots = list(POSITIONAL.get(_family(kind), ()))
    used: set[str] = set()
    last: str | None = None  # the keyword whose values are being typed
    taken = 0  # values typed after it
    for w in args[1:]:
        if w in KEYWORDS:
            last, taken = w, 0
            used.add(fields.get(w, w))
        elif last is not None and taken < room.get(last, 1):
            taken += 1
        else:
            last = None
            if "=" in w:
                used.add("votes")
            elif kind.id == "sleep":
                slots = [s for s in slots if s != ("index" if w.isdigit() else "card")]
            elif slots:
                slots.pop(0)
    if last in SINGLE and taken == 0:
        return [*living, NONE] if last == "out" else cards
    if last in ("peek", "flip") and taken == 0:
        return [p for p in players if replay.piles.get(p)]
    if last in ("peek", "flip") and taken == 1:
        positions = [str(n) for n in range(1, len(replay.piles.get(args[-1], ())) + 1)]
        return positions if last == "peek" else [*cards, *positions]
    offer: list[str] = list(cards) if last == "shows" else []
    if slots:
        offer += {"target": living, "put": living, "placed": [*PLACED, *cards], "card": cards}.get(slots[0], [])
    if "votes" in allowed and not used - {"votes"}:
        voted = {w.partition("=")[0] for w in args if "=" in w}
        offer += [f"{v}={t}" for v in living if v not in voted for t in living]
    for word, field in fields.items():
        if field in allowed and field not in used and not (field in ("peek", "flip") and used & {"peek", "flip"}):
            offer.append(word)
    return list(dict.fromkeys(offer))
