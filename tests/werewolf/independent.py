"""A second, independent enumerator for Werewolf Never Sleeps records on small decks.

``brute.py`` plays the orders on ``table.Table``, which calls the rule functions of
``rules.py`` that ``replay`` also uses to build the counter's input; a bug in one of
them would be shared.  This module shares nothing with the package: it reads the
record's TOML itself (``tomllib``), knows the cards by their ids, and restates every
rule it needs from the rules digest (shared/rules/werewolf.md beside the repository, rulings W1–W16).
It imports nothing from ``suiri``.

It lists every distinct order of the deck's first cards that the record reaches
(the hands in seat order, the ruins, the cards drawn), each weighted by the number of
full orders that begin with it, deals it, plays the record turn by turn and branches
wherever the record leaves a hidden choice, splitting the branch's weight equally
among its legal options (W7): a mixed Villager (1/2 per legal card), an unseen Sleep
(no swap or one per face-down card of the Werewolf's pile, 1/(k + 1) each).  A choice
the viewer wrote (``placed`` as a card, ``swapped``/``card``/``index``) is given:
weight 1 for the options that match it.  A history survives when every written field
matches; then the calls of the search phase (W15) are checked.

Result: the total weight, the plain number of histories (each order and choice once),
and the weight by Werewolf and by the Lost Legacy's place.
"""

from __future__ import annotations

import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from math import factorial, prod
from typing import Any

LL = "lost-legacy"
# search order per card id (None: an Attack, "×")
ORDER: dict[str, int | None] = {
    "villager": 1, "medium": 2, "madman": 3, "knight": 4, LL: 5, "seer": 6, "vote": 7, "sleep": 8,
    "attack-1": None, "attack-2": None, "attack-3": None,
}
STANDARD = {"villager": 1, "medium": 1, "madman": 1, "knight": 1, LL: 1, "seer": 2, "vote": 3, "sleep": 3,
            "attack-1": 1, "attack-2": 1, "attack-3": 1}


def hunts(card: str) -> int | None:
    """An Attack's hunted search order (``attack-2`` hunts 2), else None."""
    return int(card.rsplit("-", 1)[1]) if card.startswith("attack-") else None


@dataclass
class Card:
    kind: str
    up: bool  # face-up in a discard


@dataclass
class State:
    hands: dict[str, str]
    ruins: str
    deck: list[str]  # top first
    piles: dict[str, list[Card]]
    living: list[str]
    over: bool = False
    drawn: dict[str, str] = field(default_factory=dict)  # a turn in progress: the card drawn, not played yet

    def copy(self) -> State:
        return State(dict(self.hands), self.ruins, list(self.deck),
                     {p: [Card(c.kind, c.up) for c in cs] for p, cs in self.piles.items()}, list(self.living),
                     self.over)

    def werewolf(self) -> str | None:
        """Who has the Lost Legacy in its hand (two cards mid-turn) or its discard."""
        for p in self.piles:
            if LL in (self.hands.get(p), self.drawn.get(p)) or any(c.kind == LL for c in self.piles[p]):
                return p
        return None

    def lost_legacy(self) -> str:
        for p in self.piles:
            if LL in (self.hands.get(p), self.drawn.get(p)):
                return f"hand:{p}"
            if any(c.kind == LL for c in self.piles[p]):
                return f"discard:{p}"
        return "ruins" if self.ruins == LL else "deck"

    def downs(self, p: str) -> list[int]:
        """Positions (from 0) of the face-down cards of p's discard."""
        return [i for i, c in enumerate(self.piles[p]) if not c.up]

    def knight(self, p: str) -> bool:
        """A face-up Knight in the discard: cannot be eliminated."""
        return any(c.kind == "knight" and c.up for c in self.piles[p])

    def eliminate(self, p: str) -> list[str]:
        """The hand goes face-up onto the discard, every face-down card there turns up;
        what turned up: the hand, then the face-down cards in pile order."""
        shown = [self.hands[p]] + [self.piles[p][i].kind for i in self.downs(p)]
        for c in self.piles[p]:
            c.up = True
        self.piles[p].append(Card(self.hands.pop(p), True))
        self.living.remove(p)
        self.over = LL in shown
        return shown


@dataclass
class Result:
    weight: Fraction = Fraction(0)
    total: int = 0
    werewolf: defaultdict[str, Fraction] = field(default_factory=lambda: defaultdict(Fraction))
    lost_legacy: defaultdict[str, Fraction] = field(default_factory=lambda: defaultdict(Fraction))


def prefixes(deck: dict[str, int], length: int, pinned: dict[int, str] | None = None
             ) -> Iterator[tuple[list[str], int]]:
    """Every distinct sequence of the first ``length`` cards, with how many full orders
    of the deck begin with it; ``pinned`` (position: card) keeps only the sequences with
    those cards there (the others are never grown)."""
    pinned = pinned or {}

    def rest(counts: dict[str, int]) -> int:
        return factorial(sum(counts.values())) // prod(factorial(n) for n in counts.values())

    def grow(seq: list[str], counts: dict[str, int]) -> Iterator[tuple[list[str], int]]:
        if len(seq) == length:
            yield list(seq), rest(counts)
            return
        for kind in [pinned[len(seq)]] if len(seq) in pinned else sorted(counts):
            if counts.get(kind):
                counts[kind] -= 1
                seq.append(kind)
                yield from grow(seq, counts)
                seq.pop()
                counts[kind] += 1

    yield from grow([], dict(deck))


def enumerate_record(text: str) -> Result:
    rec = tomllib.loads(text)
    deck = {k: n for k, n in rec.get("deck", STANDARD).items() if n}
    players: list[str] = rec["players"]
    turns: list[dict[str, Any]] = rec.get("turn", [])
    pending = turns[-1]["drew"] if turns and "play" not in turns[-1] else None
    if pending is not None:
        turns = turns[:-1]
    length = min(sum(deck.values()), len(players) + 1 + len(turns) + (pending is not None))
    out = Result()
    for seq, orders in prefixes(deck, length, pinned(rec, players, turns, pending)):
        n = len(players)
        state = State(dict(zip(players, seq, strict=False)), seq[n], seq[n + 1:], {p: [] for p in players},
                      list(players))
        if rec.get("viewer") is not None and state.hands[rec["viewer"]] != rec["hand"]:
            continue
        for end, share in play(state, rec, turns, 0, Fraction(1)):
            if pending is not None:  # the viewer's turn in progress: it drew this card
                if not end.deck or end.deck[0] != pending:
                    continue
                end.drawn[rec["viewer"]] = end.deck.pop(0)
            if not calls(end, rec.get("search", [])):
                continue
            w = share * orders
            out.weight += w
            out.total += orders
            out.werewolf[end.werewolf() or "nobody"] += w
            out.lost_legacy[end.lost_legacy()] += w
    return out


def pinned(rec: dict[str, Any], players: list[str], turns: list[dict[str, Any]],
           pending: str | None) -> dict[int, str]:
    """The deck positions the record names outright: the viewer's hand (dealt in seat
    order), each written ``drew`` (every turn draws the next card, after the hands and
    the ruins) and the pending draw.  Only a shortcut: the checks below reject every
    other sequence anyway."""
    n = len(players)
    out = {n + 1 + i: t["drew"] for i, t in enumerate(turns) if "drew" in t}
    if pending is not None:
        out[n + 1 + len(turns)] = pending
    if rec.get("viewer") is not None:
        out[players.index(rec["viewer"])] = rec["hand"]
    return out


def play(s: State, rec: dict[str, Any], turns: list[dict[str, Any]], i: int,
         w: Fraction) -> Iterator[tuple[State, Fraction]]:
    """Every history of the turns from ``i`` on, with its weight."""
    if i == len(turns):
        yield s, w
        return
    t = turns[i]
    p, card = t["player"], t["play"]
    drew = s.deck.pop(0)
    if t.get("drew", drew) != drew:
        return
    two = [s.hands[p], drew]
    if card not in two or card == LL:  # the Lost Legacy is never played (W5)
        return
    if any(hunts(c) for c in two) and not hunts(card):  # an Attack in hand must be played (W5)
        return
    two.remove(card)
    kept = two[0]
    s.hands[p] = kept
    if card == "villager":
        for down, share in villager_puts(t, kept):
            b = s.copy()
            b.hands[p] = kept if down == "villager" else "villager"
            b.piles[t["put"]].append(Card(down, False))
            yield from play(b, rec, turns, i + 1, w * share)
        return
    s.piles[p].append(Card(card, True))  # face-up while it resolves
    mine, at = s.piles[p][-1], len(s.piles[p]) - 1
    if card == "sleep":
        for swap, share in sleep_options(s, t, rec.get("viewer")):
            b = s.copy()
            if swap is not None:  # positions stay: the hand card takes the taken card's place
                wolf = b.werewolf()
                assert wolf is not None
                b.hands[wolf], b.piles[wolf][swap].kind = b.piles[wolf][swap].kind, b.hands[wolf]
            b.piles[p][at].up = False  # then the Sleep turns face-down
            yield from play(b, rec, turns, i + 1, w * share)
        return
    if card == "seer":
        if "saw" in t and s.hands[t["target"]] != t["saw"]:
            return
    elif card == "medium":
        if not medium(s, t):
            return
    elif card == "vote":
        if not vote(s, t):
            return
        if p in s.living:
            mine.up = False  # turned face-down after counting (W9)
    elif hunts(card):
        if not attack(s, t, card):
            return
    yield from play(s, rec, turns, i + 1, w)


def villager_puts(t: dict[str, Any], kept: str) -> list[tuple[str, Fraction]]:
    """W1/W7: which card went face-down, with its share.  The Lost Legacy never goes
    into another player's discard."""
    legal = ["villager"] + ([kept] if kept != LL or t["put"] == t["player"] else [])
    placed = t.get("placed", "unknown")
    if placed == "unknown":
        return [(d, Fraction(1, len(legal))) for d in legal]
    want = {"other": kept}.get(placed, placed)  # "villager", "other", or the viewer's own card
    return [(want, Fraction(1))] if want in legal else []


def sleep_options(s: State, t: dict[str, Any], viewer: str | None) -> list[tuple[int | None, Fraction]]:
    """W11: no swap, or the Werewolf's hand with one face-down card of its own pile (the
    Sleep itself is face-up); unseen: 1/(k + 1) each (W7).  ``swapped`` is the viewer's
    own choice as the Werewolf: given."""
    wolf = s.werewolf()
    options: list[int | None] = [None] + (s.downs(wolf) if wolf is not None else [])
    if "swapped" not in t:
        return [(o, Fraction(1, len(options))) for o in options]
    if wolf is None or wolf != viewer:
        return []
    out: list[tuple[int | None, Fraction]] = []
    for o in options:
        if (o is not None) != t["swapped"]:
            continue
        if o is not None and "index" in t and t["index"] - 1 != o:
            continue
        if o is not None and "card" in t and s.piles[wolf][o].kind != t["card"]:
            continue
        out.append((o, Fraction(1)))
    return out


def medium(s: State, t: dict[str, Any]) -> bool:
    """W16: look at a face-down card of another living player's discard (the viewer's
    ``saw`` must match), or turn a face-up one face-down."""
    if "peek" in t:
        c = s.piles[t["peek"]["player"]][t["peek"]["index"] - 1]
        return "saw" not in t or c.kind == t["saw"]
    if "flip" in t:
        f = t["flip"]
        cards = s.piles[f["player"]]
        if "index" in f:
            c = cards[f["index"] - 1]
        else:
            c = next(c for c in cards if c.up and c.kind == f["card"])
        c.up = False
    return True


def vote(s: State, t: dict[str, Any]) -> bool:
    """W6/W9: pointing plus each living player's face-down cards; a single top player
    without a face-up Knight is out, and what turns up must be what the record shows."""
    counts = Counter({q: len(s.downs(q)) for q in s.living})
    for target in t["votes"].values():
        counts[target] += 1
    top = max(counts.values())
    leaders = [q for q in s.living if counts[q] == top]
    out = leaders[0] if len(leaders) == 1 and not s.knight(leaders[0]) else None
    if (out or "none") != t.get("eliminated", out or "none"):
        return False
    if out is None:
        return True
    return s.eliminate(out) == t["revealed"]


def attack(s: State, t: dict[str, Any], card: str) -> bool:
    """W4/W10: the living unprotected holder of the hunted order is out (it may be the
    Attack's own player); then the Attack goes face-down onto ``put``'s discard, unless
    its player was eliminated (it stays where it was played)."""
    p = t["player"]
    victim = next((q for q in s.living if ORDER[s.hands[q]] == hunts(card) and not s.knight(q)), None)
    if (victim or "none") != t["eliminated"]:
        return False
    if victim is not None and s.eliminate(victim) != t["revealed"]:
        return False
    if p in s.living:
        s.piles[p].pop()
        s.piles[t["put"]].append(Card(card, False))
    return True


def calls(s: State, entries: list[dict[str, Any]]) -> bool:
    """W15: the orders are called from 1 up; at each, exactly the living holders of that
    order raise; orders no entry lists had no raiser; a lone raiser (not the Madman)
    searches and finds what lies where it looked."""
    called = 0
    for e in entries:
        for order in range(called + 1, e["order"] + 1):
            raised = sorted(q for q in s.living if ORDER[s.hands[q]] == order)
            want = sorted(e.get("raised", [e["player"]] if "player" in e else [])) if order == e["order"] else []
            if raised != want:
                return False
        if "player" in e:
            where = e["target"].split(":")
            if where[0] == "ruins":
                found = s.ruins
            elif where[0] == "hand":
                found = s.hands[where[1]]
            else:
                c = s.piles[where[1]][int(where[2]) - 1]
                c.up = True
                found = c.kind
            if found != e["found"]:
                return False
        called = e["order"]
    return True


__all__ = ["Result", "enumerate_record"]
