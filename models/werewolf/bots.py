"""The bots of *Werewolf Never Sleeps* (issue 21, ``docs/bots.md``): ``notebook``,
``reasoner`` and ``concealer`` (``random`` is ``suiri.models.bots.RandomBot``).

Each reads only its decision (``seating.WerewolfDecision``): the record its seat writes
now, the legal moves, and the card being played during a play's sub-steps.

- ``notebook`` keeps a checklist from the record: the cards it was shown (its Seer and
  Medium looks, its own Villager's card, the cards the table saw go face-down) and what
  follows in one obvious step (a player shown a card still holds it until it plays that
  card; whoever was shown the Lost Legacy is the Werewolf).  No counting.
- ``reasoner`` plays advise's ranking (``advice.advise``: the move's exact chance of
  winning less losing the game now, then information about the Werewolf, then suspicion
  shed) and points, puts and searches on the exact odds of ``WerewolfSession``.
  ``threshold``: a villager plays a Vote rather than advise's first move once the Vote
  puts the Werewolf out with at least that chance (``vote_value``).  Anyone but the
  Werewolf keeps the Madman (``search_rank``): its holder wins with the Werewolf in the
  search phase and with the villagers before it.
- ``concealer``: the reasoner, with advise's information gain less ``weight`` times what
  the move shows the table about the mover being the Werewolf (bits).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import log2

from .advice import Option, WerewolfAdvice, advise, viewer_card
from .cards import (
    KNIGHT,
    LOST_LEGACY,
    MADMAN,
    MEDIUM,
    SEER,
    SLEEP,
    VILLAGER,
    VOTE,
    Kind,
    parse_kind,
)
from .record import WerewolfRecord
from .replay import Replay, replay
from .rules import Slot, face_down, hand, vote_result
from .rules import tally as rules_tally
from .seating import WerewolfDecision
from .session import WerewolfSession
from .state import Move, Play, Point, Put, Seek, Swap


def forced(decision: WerewolfDecision) -> Move | None:
    """The one option when there is no choice (a draw, a call)."""
    return decision.options[0] if len(decision.options) == 1 else None


def by_card(decision: WerewolfDecision) -> dict[Kind, list[Play]]:
    """The Play options grouped by the card played."""
    out: dict[Kind, list[Play]] = {}
    for m in decision.options:
        if isinstance(m, Play):
            out.setdefault(m.card, []).append(m)
    return out


def tally(rp: Replay) -> dict[str, int]:
    """Face-down cards (votes) in each living player's discard, as the table sees them."""
    return {p: len(face_down(rp.piles[p])) for p in rp.living}


# -- notebook -----------------------------------------------------------------------------------
@dataclass
class Notes:
    """A careful human's checklist, from the record alone."""

    me: str
    held: Kind | None  # its own hand card now
    drew: Kind | None  # its draw, during its turn
    hands: dict[str, Kind]  # another player's hand card, shown by a Seer and not played since
    downs: dict[Slot, Kind]  # face-down discard cards it knows (shown, its own, or seen going down)
    werewolf: str | None  # whoever it saw with the Lost Legacy (itself included)
    table: Replay


def notes(record: WerewolfRecord) -> Notes:
    """Read the checklist from the record: the replay's public table and what the seat saw."""
    rp = replay(record)
    me = record.viewer
    assert me is not None
    hands: dict[str, Kind] = {}
    downs: dict[Slot, Kind] = {}
    for m in rp.moves:
        who = m.player
        if who in hands and who != me:  # one obvious step: it still holds the card unless it played it
            t = m.turn
            if t.play == hands[who]:
                del hands[who]
            elif t.play == VILLAGER and t.placed != "villager":  # the card shown went down, or mixed
                shown = hands.pop(who)
                if t.placed == "other" and m.villager is not None:
                    downs[m.villager[0]] = shown
                    hands[who] = VILLAGER
        for slot, kind in m.facedown:  # W2: a Vote, Sleep, Attack or flipped card, seen going down
            downs[slot] = kind
        if m.villager is not None:
            slot, placed = m.villager
            if isinstance(placed, Kind):
                downs[slot] = placed
            elif placed == "villager":
                downs[slot] = VILLAGER
        for slot, kind, _ in m.seen:
            if slot[0] == "hand":
                hands[slot[1]] = kind
            else:
                downs[slot] = kind
    held = rp.viewer_hand
    hands = {p: k for p, k in hands.items() if p in rp.living and p != me}
    downs = {s: k for s, k in downs.items() if s[1] in rp.piles and len(rp.piles[s[1]]) >= s[2]
             and not rp.piles[s[1]][s[2] - 1].face_up}
    wolf = me if LOST_LEGACY in (held, rp.pending) else None
    for p, k in hands.items():
        wolf = p if k == LOST_LEGACY else wolf
    for s, k in downs.items():
        wolf = s[1] if k == LOST_LEGACY else wolf
    return Notes(me, held, rp.pending, hands, downs, wolf, rp)


class NotebookBot:
    """``notebook``: plays by its checklist (``Notes``), never by counting."""

    def __init__(self, seat: str, rng: random.Random) -> None:
        self.seat, self.rng = seat, rng

    def choose(self, decision: WerewolfDecision) -> Move:
        one = forced(decision)
        if one is not None:
            return one
        n = notes(decision.record)
        first = decision.options[0]
        if isinstance(first, Point):
            return self.point(n, [m for m in decision.options if isinstance(m, Point)])
        if isinstance(first, Put):
            return self.put(n, [m for m in decision.options if isinstance(m, Put)])
        if isinstance(first, Swap):
            return self.swap(n, [m for m in decision.options if isinstance(m, Swap)])
        if isinstance(first, Seek):
            return self.seek(n, [m for m in decision.options if isinstance(m, Seek)])
        return self.play(n, by_card(decision))

    def suspect(self, n: Notes) -> str | None:
        """Another living player it saw with the Lost Legacy."""
        return n.werewolf if n.werewolf not in (None, n.me) and n.werewolf in n.table.living else None

    def most_votes(self, n: Notes, players: list[str]) -> str:
        """The player with the most face-down cards (ties: any of them)."""
        votes = tally(n.table)
        top = max(votes.get(p, 0) for p in players)
        return self.rng.choice([p for p in players if votes.get(p, 0) == top])

    def point(self, n: Notes, options: list[Point]) -> Move:
        targets = [m.target for m in options]
        wolf = self.suspect(n)
        target = wolf if wolf in targets else self.most_votes(n, targets)
        return Point(n.me, target)

    def put(self, n: Notes, options: list[Put]) -> Move:
        owners = [m.owner for m in options]
        wolf = self.suspect(n)
        if wolf in owners:
            return Put(n.me, wolf)
        others = [p for p in owners if p != n.me]
        return Put(n.me, self.rng.choice(others or owners))

    def swap(self, n: Notes, options: list[Swap]) -> Move:
        """The Werewolf takes the Lost Legacy back into its hand when it knows where it lies."""
        for m in options:
            if m.index is not None and n.downs.get(("pile", n.me, m.index)) == LOST_LEGACY:
                return m
        return options[0]

    def seek(self, n: Notes, options: list[Seek]) -> Move:
        """Where it saw the Lost Legacy, else any place it has not crossed off."""
        if n.held == LOST_LEGACY:
            return Seek(n.me, hand(n.me))
        crossed: set[Slot] = {hand(n.me)} | {hand(p) for p in n.hands} | set(n.downs)
        for m in options:
            slot = m.target
            if (slot[0] == "hand" and n.hands.get(slot[1]) == LOST_LEGACY) or n.downs.get(slot) == LOST_LEGACY:
                return m
            if slot[0] == "pile" and n.table.piles[slot[1]][slot[2] - 1].face_up:
                crossed.add(slot)
        left = [m for m in options if m.target not in crossed]
        return self.rng.choice(left or options)

    def play(self, n: Notes, plays: dict[Kind, list[Play]]) -> Move:
        wolf = n.werewolf == n.me
        suspect = self.suspect(n)
        if suspect is not None and VOTE in plays:
            return plays[VOTE][0]
        order = (SLEEP, VOTE, VILLAGER, SEER, MEDIUM, KNIGHT, MADMAN) if wolf else \
            (SEER, MEDIUM, KNIGHT, SLEEP, VILLAGER, MADMAN, VOTE)
        card = next((k for k in order if k in plays), None)
        if card is None:  # Attacks only (W5): any of them
            return self.rng.choice([ms[0] for ms in plays.values()])
        options = plays[card]
        others = [p for p in n.table.living if p != n.me]
        if card == SEER:
            unseen = [m for m in options if m.target not in n.hands] or options
            return self.rng.choice(unseen)
        if card == MEDIUM:
            peeks = [m for m in options if m.peek is not None and ("pile", *m.peek) not in n.downs]
            return self.rng.choice(peeks or [m for m in options if m.peek is not None] or options)
        if card == VILLAGER:  # the Villager itself face-down on the suspect's (or anyone else's) discard
            target = suspect or (self.most_votes(n, others) if others else n.me)
            down = [m for m in options if m.down == VILLAGER and m.put == target and not m.mixed]
            return down[0] if down else options[0]
        return options[0]


# -- reasoner -----------------------------------------------------------------------------------
def binary_entropy(p: Fraction | None) -> float:
    if p is None or p in (0, 1):
        return 0.0
    x = float(p)
    return -x * log2(x) - (1 - x) * log2(1 - x)


def leak_bits(o: Option) -> float:
    """What the move tells the table about whether the mover is the Werewolf (bits): the
    drop of the table's uncertainty, before to after the play."""
    if o.table_before is None or o.table_after is None:
        return 0.0
    return max(0.0, binary_entropy(o.table_before) - binary_entropy(o.table_after))


class ReasonerBot:
    """``reasoner``: advise's ranking and the exact odds of its own record.

    ``threshold``: with a Vote in hand, a villager plays it instead of advise's first move
    once its Vote puts the Werewolf out with at least this chance (``vote_value``, over
    every way the others may point) and gains more than it costs; above 1 turns this off."""

    weight = 0.0  # the concealer's price of one bit shown to the table

    def __init__(self, seat: str, rng: random.Random, threshold: float = 0.3) -> None:
        self.seat, self.rng, self.threshold = seat, rng, threshold
        self._session: tuple[WerewolfRecord, WerewolfSession] | None = None
        self._advice: tuple[WerewolfRecord, WerewolfAdvice] | None = None

    # the one session and advice per record: a turn's sub-steps ask again on the same record
    def session(self, record: WerewolfRecord) -> WerewolfSession:
        if self._session is None or self._session[0] != record:
            self._session = (record, WerewolfSession(record))
        return self._session[1]

    def advice(self, record: WerewolfRecord) -> WerewolfAdvice:
        if self._advice is None or self._advice[0] != record:
            self._advice = (record, advise(self.session(record)))
        return self._advice[1]

    def score(self, o: Option) -> tuple[Fraction, Fraction, float, float, int, Fraction]:
        """advise's ranking; the concealer charges the bits it shows the table."""
        s = o.score
        return (s[0], s[1], s[2] - self.weight * leak_bits(o), *s[3:]) if self.weight else s

    def ranked(self, options: list[Option]) -> list[Option]:
        return sorted(options, key=self.score, reverse=True) if self.weight else options

    def choose(self, decision: WerewolfDecision) -> Move:
        one = forced(decision)
        if one is not None:
            return one
        first = decision.options[0]
        if isinstance(first, Point):
            return self.point(decision)
        if isinstance(first, Put):
            return self.put(decision)
        if isinstance(first, Swap):
            return self.swap(decision)
        if isinstance(first, Seek):
            return self.seek(decision)
        return self.play(decision)

    def play(self, decision: WerewolfDecision) -> Move:
        advice = self.advice(decision.record)
        ranked = self.ranked(advice.options)
        rp = self.session(decision.record).replay
        if rp.deck < len(rp.living):  # its last turn: the card it keeps is its place in the search
            ranked = sorted(ranked, key=lambda o: (self.score(o)[:2], -search_rank(o.keep, advice.role)),
                            reverse=True)
        if ranked[0].wins == ranked[0].loses == 0 and any(o.play == VOTE for o in ranked):
            ranked = self.weigh_votes(decision, advice, ranked)
        if advice.role != "werewolf" and any(o.keep == MADMAN for o in ranked):  # it keeps the Madman
            ranked = sorted(ranked, key=lambda o: (self.score(o)[:2], o.keep == MADMAN), reverse=True)
        legal = set(decision.options)
        for o in ranked:
            move = as_play(decision.seat, o)
            if move in legal:
                return move
        return decision.options[0]

    def weigh_votes(self, decision: WerewolfDecision, advice: WerewolfAdvice, ranked: list[Option]) -> list[Option]:
        """A Vote that no outcome forces, on its exact odds: first when the Werewolf is out
        with at least ``threshold`` chance and it gains more than it costs (``vote_value``),
        last when it costs more than it gains."""
        session = self.session(decision.record)
        values = {o.target: vote_value(session, advice.role, o.target) for o in ranked
                  if o.play == VOTE and o.target is not None}
        if not values:
            return ranked
        best = max(values, key=lambda t: values[t])
        gain, wolf_out = values[best]
        votes = [o for o in ranked if o.play == VOTE]
        rest = [o for o in ranked if o.play != VOTE]
        if gain > 0 and (advice.role == "werewolf" or wolf_out >= self.threshold):
            return sorted(votes, key=lambda o: o.target != best) + rest
        return rest + votes if gain <= 0 and rest else ranked

    def point(self, decision: WerewolfDecision) -> Move:
        """Whom to point at: the best value on the exact odds (``vote_value``)."""
        me = decision.seat
        targets = [m.target for m in decision.options if isinstance(m, Point)]
        session = self.session(decision.record)
        if decision.played_by == me:
            role = self.advice(decision.record).role
        else:
            role = "werewolf" if session.werewolf().get(me) == 1 else \
                "madman" if viewer_card(session) == MADMAN else "villager"
        return Point(me, max(targets, key=lambda t: vote_value(session, role, t)))

    def put(self, decision: WerewolfDecision) -> Move:
        owners = [m.owner for m in decision.options if isinstance(m, Put)]
        playing = decision.playing
        ranked = [o for o in self.ranked(self.advice(decision.record).options)
                  if o.play == playing and o.target in owners]
        return Put(decision.seat, ranked[0].target or "") if ranked else decision.options[0]

    def swap(self, decision: WerewolfDecision) -> Move:
        """The Werewolf keeps the Lost Legacy in its hand (order 5: it searches alone): it
        takes it back from its discard when it lies there."""
        session = self.session(decision.record)
        me = decision.seat
        for m in decision.options:
            if isinstance(m, Swap) and m.index is not None and \
                    session.card(("pile", me, m.index)).get(LOST_LEGACY.id) == 1:
                return m
        return decision.options[0]

    def seek(self, decision: WerewolfDecision) -> Move:
        """The likeliest place of the Lost Legacy."""
        advice = self.advice(decision.record)
        legal = {m.target: m for m in decision.options if isinstance(m, Seek)}
        session = self.session(decision.record)
        for s in advice.searches:
            slot = session.slot(s.place)
            if slot in legal:
                return legal[slot]
        return decision.options[0]


class ConcealerBot(ReasonerBot):
    """``concealer``: the reasoner, charging ``weight`` per bit a move shows the table about
    whether its player is the Werewolf (``leak_bits``) against the information it gains."""

    def __init__(self, seat: str, rng: random.Random, threshold: float = 0.3, weight: float = 1.0) -> None:
        super().__init__(seat, rng, threshold)
        self.weight = weight


COST = Fraction(1, 10)  # a villager's price of a villager voted out, against the Werewolf out (measured: docs/bots.md)


def vote_value(session: WerewolfSession, role: str, target: str) -> tuple[Fraction, Fraction]:
    """What pointing at ``target`` is worth to the viewer, and the chance that the Werewolf
    is out, over the others' pointing (every way each may point, equally likely) and the
    exact chance of each player being the Werewolf: to a villager (the Madman holder too:
    during play it wins with the villagers), the Werewolf out less a villager out; to the
    Werewolf, a villager out less itself out."""
    rp = session.replay
    me = session.record.viewer
    assert me is not None
    wolf = session.werewolf()
    others = [p for p in rp.living if p != me]
    ways = list(product(*([q for q in rp.living if q != p] for p in others)))
    gain = out = Fraction(0)
    for pointing in ways:
        votes = {me: target, **dict(zip(others, pointing, strict=True))}
        r = vote_result(rules_tally(votes, rp.piles, rp.living), rp.piles)
        if r is None:
            continue
        w = wolf.get(r, Fraction(0))
        out += w
        if role != "werewolf":
            gain += w - COST * (1 - w)
        else:
            gain += (1 - w) - 2 * w if r != me else Fraction(-2)
    return gain / len(ways), out / len(ways)


def search_rank(card: Kind, role: str) -> int:
    """How good a hand card is to hold when the search phase begins (smaller is better): the
    Madman first for anyone but the Werewolf (its holder wins when the Werewolf finds the
    Lost Legacy, as it does in most search phases, and it costs nothing before: a Werewolf
    out during play is a win for the Madman holder too); then by how early it searches
    (W15): the unique orders below the Lost Legacy's 5, then 5 (the Werewolf with it in
    hand), then the shared orders; a card that never searches (an Attack; the Madman, to
    the Werewolf) last."""
    order = card.order
    if card == MADMAN:
        return 0 if role != "werewolf" else 99
    if order is None:
        return 99
    return order if order <= 5 else 10 + order


def as_play(player: str, o: Option) -> Play:
    """advise's option as the State's move (a Villager mixes its cards: the table sees
    no more than advise assumed)."""
    card = o.play
    if card == SEER:
        return Play(player, card, target=o.target)
    if card == MEDIUM and o.target is not None:
        parts = o.target.split(":")
        if parts[0] == "discard":
            return Play(player, card, peek=(parts[1], int(parts[2])))
        return Play(player, card, flip=(parts[0], parse_kind(parts[1]), None))
    if card == VILLAGER:
        return Play(player, card, down=o.put_down, put=o.target, mixed=True)
    return Play(player, card)


BOTS = {"notebook": NotebookBot, "reasoner": ReasonerBot, "concealer": ConcealerBot}

__all__ = ["BOTS", "ConcealerBot", "NotebookBot", "Notes", "ReasonerBot", "as_play", "leak_bits", "notes", "search_rank",
           "vote_value"]
