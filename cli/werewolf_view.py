"""Text rendering of Werewolf Never Sleeps results for people (the JSON comes from ``to_json``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.text import Text as RichText

from suiri.models.werewolf.analysis import WerewolfAnalysis
from suiri.models.werewolf.cards import BY_ID, NOBODY
from suiri.models.werewolf.ending import game_over as ended
from suiri.models.werewolf.record import place_str
from suiri.models.werewolf.rules import RUINS, Slot, hand, pile, slot_name
from suiri.models.werewolf.session import WerewolfSession, line_source
from suiri.models.werewolf.text import Text
from suiri.solver.errors import render
from suiri.solver.facts import KNOWN_PREFIX, Fact
from suiri.solver.reasoning import HintResult, Proof

from . import colour
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
        possible = sorted(((k, p) for k, p in row.items() if p), key=lambda x: (-x[1], BY_ID[x[0]].index))
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
    possible = sorted(((k, p) for k, p in row.items() if p), key=lambda x: (-x[1], BY_ID[x[0]].index))
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
        out += ["", t("counterexample"), *("  " + line for line in _world(t, p.counterexample))]
    return "\n".join(out)


def _world(t: Text, w: Any) -> list[str]:
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


def advice(session: WerewolfSession, a: Any, lang: str) -> str:
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


def _search(session: WerewolfSession, t: Text, a: Any) -> list[str]:
    """The search phase: the calls so far, when the viewer's own call comes (or why it
    cannot search), and where the Lost Legacy may be given those calls (W15)."""
    rp = session.replay
    out = [t("adv-calls", calls=t.m["list-sep"].join(_calls(t, rp.calls))) if rp.calls else t("adv-calls-none")]
    held = rp.viewer_hand
    if a.note in ("waiting", "now") and held is not None:
        first = list(range(a.next_call, a.my_order))
        before = t("adv-before-1" if len(first) == 1 else "adv-before-many", orders=t.orders(first))
        alone = not a.shares  # nobody else can hold a card of the viewer's order
        key = "adv-status-now-alone" if a.note == "now" and alone else f"adv-status-{a.note}"
        out.append(t(key, n=a.my_order, card=t.card(held), before=before))
        if not alone:
            out.append(t("adv-shares", card=t.a(held), p=percent(a.shares)))
    elif a.note == "shared":
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


def _calls(t: Text, calls: list[Any]) -> list[str]:
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
            out.append(t("adv-call-searched", n=c.order, p=s.player, place=t.place(place_str(s.target)),
                         card=t.a(s.found)))
        elif c.madman:
            out.append(t("adv-call-madman", n=c.order, p=c.raised[0]))
        else:
            out.append(t("adv-call-shared", n=c.order, names=t.m["and"].join(c.raised)))
    if quiet:
        out.append(t("adv-call-nobody", orders=t.orders(quiet)))
    return out


def _result(t: Text, o: Any) -> str:
    """How the game ends within the move: won, lost, or with each exact chance."""
    on = 1 - o.wins - o.loses
    if o.wins == 1 or o.loses == 1:
        return t("adv-result-win" if o.wins == 1 else "adv-result-lose")
    key = "adv-result-" + "-".join(k for k, p in (("win", o.wins), ("lose", o.loses), ("on", on)) if p)
    return t(key, win=percent(o.wins), lose=percent(o.loses))


def _outcome(t: Text, o: Any, me: str) -> str:
    """A Vote in one sentence: who is out however the others point, and what follows."""
    if o.outs:
        names = [t("adv-nobody-out") if p == NOBODY else t("adv-you-word") if p == me else p for p in o.outs]
        return t("adv-out-open", outs=t.m["list-sep"].join(names[:-1]) + t("adv-or-last") + names[-1])
    if o.out == NOBODY:
        return t("adv-out-nobody")
    who = t("adv-out-you") if o.out == me else t("adv-out", p=o.out)
    return t("adv-out-then", out=who, result=_result(t, o))


def _target(t: Text, o: Any) -> str:
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
        return t("adv-target-villager", card=t.card(o.put_down), p=o.target)
    if o.play.id == "vote":
        return t("adv-target-vote", p=o.target)
    return t("adv-target-attack", p=o.target)


def _vote(t: Text, o: Any, me: str) -> list[str]:
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
        out.append(t("adv-vote-chance", p=o.target, chance=percent(dict(o.point_at)[o.target])))
    return out


__all__ = ["advice", "analysis", "fact", "game_over", "hint", "picture", "piles", "proof"]


def fact(session: WerewolfSession, f: Fact, lang: str) -> str:
    """One fact in words (`suiri live` lists new certain facts and moved chances)."""
    return Text(lang).fact(f)


def picture(a: WerewolfAnalysis, lang: str, colour_on: bool = False) -> list[str]:
    """The piles, redrawn after each line of `suiri live` (and, once a line ended the
    game, who won and why)."""
    over = game_over(a.session, lang)
    return [*piles(a, lang, colour_on), *([over] if over else [])]
