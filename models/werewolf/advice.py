"""``advise``: what the viewer should do next, with its reasons.

**Search phase.**  The search orders are called from 1 up (W15).  The viewer knows its
own hand card, so it knows its call: advice says when it comes (the calls before it,
where a lone raiser searches first, and the exact chance that another player holds the
same order, when they raise together and nobody searches) or why the viewer does not
search (it searched, shared its order, holds the Madman or an Attack).  Then each
place it could search, with the exact chance that the Lost Legacy is there given the
record and every call so far — so a place the calls rule out is never offered.

**During play.**  Every legal play of the viewer's two cards (the card it holds and the
card drawn — write the turn in progress as a last ``[[turn]]`` with only ``player`` and
``drew``; without it, advice lists the chance of each draw and waits), with:

- *what it shows the viewer*: for the Seer and the Medium's look, the chance of each
  card it may see and the expected information about who the Werewolf is (bits: the
  drop of the ``werewolf`` entropy), computed exactly by counting the record extended
  with each possible sight; a Medium with no card to take in another player's discard
  has no effect (W16);
- *what an Attack does*: the exact chance that it eliminates each player, from the
  viewer's own card and the others' hands, and the exact chances that the game ends
  with it, won or lost; it may go into any living player's discard, its own player's
  included (for the Werewolf, a face-down card it may swap with its hand in a later
  Sleep), never the discard of a player it surely eliminates;
- *what it shows the table*: the table's chance that the viewer is the Werewolf before
  and after the play, by counting the record as a spectator wrote it (the viewer's
  drawn and seen cards removed, its Villager taken as mixed);
- *exposure to a Vote*: face-down cards in the viewer's discard after the play against
  the others' (each is one vote), and whether a face-up Knight protects it; a Vote is
  one option per living player one may point at (never the dead, never oneself), with
  who is out whatever the others point at (then the exact chances that the game ends,
  won or lost) or who may be, and the viewer's chance that the player is the Werewolf —
  or, to the Werewolf itself, the table's chance for each living player, so it sees
  whom suspicion falls on (decision 43).

Ranking (docs/decisions.md #26, forced outcomes first): the chance to win the game
within the move less the chance to lose it, then the chance to win, then the
information gained, then how much less Werewolf-like the table finds the viewer, then
fewer votes against the viewer, then the chance that the player the move marks is the
Werewolf.  Strategy is not evidence (W7): nothing here changes the counts of ``analyze``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations, product
from typing import Any

from suiri.solver.errors import SuiriError
from suiri.solver.information import entropy
from suiri.solver.probability import exact_sum

from .analysis import call_json
from .cards import KINDS, KNIGHT, LOST_LEGACY, MADMAN, NOBODY, VILLAGER, Kind, hunted_kind
from .counter import count
from .error_text import ErrorText
from .record import NONE, Turn, WerewolfRecord
from .replay import replay
from .rules import PileCard, face_down, hand, protected, slot_name, tally, vote_result
from .session import WerewolfSession


@dataclass
class Option:
    play: Kind
    keep: Kind
    target: str | None = None  # whom or which card: a player, a place, "player:card" for a flip
    put_down: Kind | None = None  # Villager: the card that goes face-down
    sees: list[tuple[str, Fraction]] = field(default_factory=list)  # card id -> chance (Seer, Medium)
    bits: float = 0.0  # expected information about the Werewolf
    hits: list[tuple[str, Fraction]] = field(default_factory=list)  # Attack: who is eliminated
    wins: Fraction = Fraction(0)  # chance the play ends the game now and the viewer wins
    loses: Fraction = Fraction(0)  # chance the play ends the game now and the viewer loses
    out: str | None = None  # Vote: who is out however the others point (NOBODY: nobody); None: it depends
    outs: list[str] = field(default_factory=list)  # Vote, when it depends: who may be out (NOBODY: nobody)
    suspicion: Fraction = Fraction(-1)  # the chance that the player the play marks is the Werewolf (-1: none)
    table_before: Fraction | None = None  # the table's chance the viewer is the Werewolf
    table_after: Fraction | None = None
    votes_against: int = 0  # face-down cards in the viewer's discard after the play
    protected: bool = False  # a face-up Knight in the viewer's discard after the play
    tally: dict[str, int] = field(default_factory=dict)  # Vote: face-down cards of each living player
    point_at: list[tuple[str, Fraction]] = field(default_factory=list)  # Vote: whom one may point at, P(Werewolf)
    table_view: list[tuple[str, Fraction]] = field(default_factory=list)  # Vote, the Werewolf: the table's P(Werewolf)
    notes: list[str] = field(default_factory=list)  # message keys for the view

    @property
    def score(self) -> tuple[Fraction, Fraction, float, float, int, Fraction]:
        """Decision 26 with forced outcomes first: the game won now less the game lost now,
        the win alone, the information, the table's suspicion shed, fewer votes against the
        viewer, then the chance that the player it points at or puts a card on is the
        Werewolf (so that equal moves do not come out in seat order)."""
        hidden = 0.0 if self.table_before is None or self.table_after is None else \
            float(self.table_before - self.table_after)
        return (self.wins - self.loses, self.wins, round(self.bits, 9), hidden, -self.votes_against,
                self.suspicion)

    def to_json(self) -> dict[str, Any]:
        return {
            "play": self.play.id, "keep": self.keep.id, "target": self.target,
            "put_down": self.put_down.id if self.put_down else None,
            "sees": {k: float(p) for k, p in self.sees}, "bits": self.bits,
            "eliminates": {k: float(p) for k, p in self.hits}, "wins": float(self.wins),
            "loses": float(self.loses), "out": self.out, "outs": self.outs,
            "table_werewolf_before": None if self.table_before is None else float(self.table_before),
            "table_werewolf_after": None if self.table_after is None else float(self.table_after),
            "votes_against": self.votes_against, "protected": self.protected, "tally": self.tally,
            "point_at": {k: float(p) for k, p in self.point_at},
            "table_view": {k: float(p) for k, p in self.table_view}, "notes": self.notes,
        }


@dataclass
class SearchOption:
    place: str
    p: Fraction  # the Lost Legacy is there

    def to_json(self) -> dict[str, Any]:
        return {"place": self.place, "p": float(self.p)}


@dataclass
class WerewolfAdvice:
    player: str
    role: str  # "villager", "werewolf", "madman"
    phase: str  # "play", "search", "over", "draw" (the viewer must draw first), "hand" (its hand is not known)
    werewolf: dict[str, Fraction]
    options: list[Option] = field(default_factory=list)
    searches: list[SearchOption] = field(default_factory=list)
    draws: list[tuple[str, Fraction]] = field(default_factory=list)  # phase "draw": the next card's chances
    waiting_for: str | None = None  # whose turn comes first
    note: str | None = None  # search phase: the viewer's place in the calls (``search_status``)
    my_order: int | None = None  # search phase: the viewer's search order (None: an Attack, ×)
    next_call: int | None = None  # search phase: the order called next
    shares: Fraction | None = None  # search phase: chance another player raises with the viewer
    calls: list[dict[str, Any]] = field(default_factory=list)  # search phase: the calls so far

    def to_json(self, session: WerewolfSession) -> dict[str, Any]:
        return {
            "player": self.player, "role": self.role, "phase": self.phase, "note": self.note,
            "werewolf": {k: float(p) for k, p in self.werewolf.items() if p},
            "options": [o.to_json() for o in self.options],
            "searches": [s.to_json() for s in self.searches],
            "draws": {k: float(p) for k, p in self.draws}, "waiting_for": self.waiting_for,
            "my_order": self.my_order, "next_call": self.next_call,
            "shares_order": None if self.shares is None else float(self.shares), "calls": self.calls,
        }


def advise(session: WerewolfSession) -> WerewolfAdvice:
    r = session.record
    if r.viewer is None:
        raise SuiriError(ErrorText("advice:spectator"), r.where(None, None, "viewer"),
                         ErrorText("advice:spectator-valid"))
    session.check()
    rp = session.replay
    me = r.viewer
    wolf = session.werewolf()
    held = viewer_card(session)
    role = "werewolf" if wolf.get(me) == 1 else ("madman" if held == MADMAN else "villager")
    advice = WerewolfAdvice(me, role, "play", wolf)
    if rp.over or me not in rp.living:
        advice.phase, advice.note = "over", rp.over or f"{me} was eliminated"
        return advice
    if rp.search_phase:
        advice.phase = "search"
        return search_advice(session, advice)
    if rp.next_player != me:
        advice.waiting_for = rp.next_player
    if rp.pending is None:
        advice.phase = "draw"
        advice.draws = next_draw(session)
        return advice
    if held is None:
        advice.phase = "hand"
        return advice
    advice.options = sorted(play_options(session, held, rp.pending, role), key=lambda o: o.score, reverse=True)
    return advice


def viewer_card(session: WerewolfSession) -> Kind | None:
    """The viewer's hand card as the record implies it: as the replay follows it, else the
    kind the counting proves (a card taken in a Sleep swap the record does not name may
    still be certain); None when the record leaves it open."""
    rp = session.replay
    me = session.record.viewer
    if rp.viewer_hand is not None or me is None or me not in rp.living:
        return rp.viewer_hand
    sure = [k for k, p in session.card(hand(me)).items() if p == 1]
    return next((k for k in KINDS if k.id in sure), None)


# -- search phase --------------------------------------------------------------------------------
def search_advice(session: WerewolfSession, advice: WerewolfAdvice) -> WerewolfAdvice:
    """Where the Lost Legacy may be, given every call so far (W15), and when the viewer's
    own call comes: it knows its hand card, so it knows at which call it will raise."""
    rp = session.replay
    held = viewer_card(session)
    advice.my_order = held.order if held is not None else None
    advice.next_call = rp.next_call
    advice.calls = [call_json(c) for c in rp.calls]
    advice.note = search_status(session, advice.player, held)
    if advice.note in ("waiting", "now") and held is not None:
        advice.shares = shared_order(session, held)
    searched = {s.slot for s in rp.searches}
    out = []
    for slot in session.hidden_slots():
        if slot in searched:
            continue
        p = session.card(slot)[LOST_LEGACY.id]
        out.append(SearchOption(slot_name(slot), p))
    advice.searches = sorted(out, key=lambda s: (-s.p, s.place))
    return advice


def search_status(session: WerewolfSession, me: str, held: Kind | None) -> str:
    """The viewer's place in the calls (W15): ``madman`` (it will show the Madman at 3),
    ``madman-shown``, ``cannot-search`` (an Attack: no order), ``searched``, ``shared`` (it
    raised together with others: none of them searches), ``now`` (its order is called
    next) or ``waiting`` (lower orders are called first)."""
    rp = session.replay
    called = {c.order: c for c in rp.calls}
    if held is None:  # a record without the viewer's hand: it still knows whether it searched
        return "searched" if any(c.search and c.search.search.player == me for c in rp.calls) else "unknown"
    if held.order is None:
        return "cannot-search"
    if held == MADMAN:
        return "madman-shown" if held.order in called else "madman"
    if held.order in called:
        return "shared" if len(called[held.order].raised) > 1 else "searched"
    return "now" if held.order == rp.next_call else "waiting"


def shared_order(session: WerewolfSession, held: Kind) -> Fraction:
    """The exact chance that another living player also holds a card of the viewer's
    search order (then they raise together and none of them searches, W15): by
    inclusion-exclusion over the other players, each term a joint count."""
    rp = session.replay
    others = [p for p in rp.living if p != session.record.viewer]
    copies = session.record.deck[held.index]
    if copies < 2 or not others:
        return Fraction(0)
    total = session.counts.weight
    chance = Fraction(0)
    for size in range(1, min(len(others), copies - 1) + 1):
        for group in combinations(others, size):
            joint = count(rp, [(hand(p), held) for p in group]).weight
            chance += (1 if size % 2 else -1) * Fraction(joint, total)  # inclusion-exclusion: (-1) ** (size + 1)
    return chance


# -- during play ----------------------------------------------------------------------------------
def next_draw(session: WerewolfSession) -> list[tuple[str, Fraction]]:
    """The chance of each kind on top of the deck: every order of the deck is as likely (W7),
    so it is the expected number of that kind in the deck over the deck's size."""
    rp = session.replay
    if not rp.deck:
        return []
    c = session.counts
    seen = [0] * len(KINDS)
    for cards in rp.piles.values():
        for card in cards:
            if card.kind is not None:
                seen[card.kind.index] += 1
    out: list[tuple[str, Fraction]] = []
    rows = list(c.places.values())  # none when no history fits (weight 0)
    for k in KINDS:
        hidden = exact_sum(row[k.index] for row in rows) / c.weight if rows else 0
        in_deck = Fraction(session.record.deck[k.index] - seen[k.index]) - hidden
        if in_deck:
            out.append((k.id, in_deck / rp.deck))
    return sorted(out, key=lambda x: -x[1])


def spectator(record: WerewolfRecord) -> WerewolfRecord:
    """The record as the table saw it: no hand, no drawn or seen cards, Villagers mixed."""
    turns = [replace(t, drew=None, saw=None, swapped=None, card=None, index=None,
                     placed="unknown" if isinstance(t.placed, Kind) else t.placed) for t in record.turns]
    return replace(record, viewer=None, hand=None, turns=turns, pending=None)


def werewolf_chances(record: WerewolfRecord) -> dict[str, Fraction] | None:
    """The ``werewolf`` distribution of a (hypothetical) record; None when no history fits."""
    try:
        c = count(replay(record))
    except SuiriError:
        return None
    if not c.weight:
        return None
    return {k: Fraction(v, c.weight) for k, v in c.werewolf().items()}


def play_options(session: WerewolfSession, held: Kind, drew: Kind, role: str) -> list[Option]:
    r = session.record
    me = r.viewer
    assert me is not None
    rp = session.replay
    cards = [held, drew]
    if any(c.is_attack for c in cards):
        playable = [c for c in cards if c.is_attack]
    else:
        playable = [c for c in cards if c != LOST_LEGACY]
    others = [p for p in rp.living if p != me]
    table = spectator(r)
    table_wolf = werewolf_chances(table) or {}
    table_now = table_wolf.get(me, Fraction(0))
    options: list[Option] = []
    number = len(r.turns) + 1
    for play in dict.fromkeys(playable):
        keep = cards[1] if cards[0] == play else cards[0]
        base = Turn(number, me, play, drew)
        for turn, option in candidate_turns(session, base, play, keep, others, role):
            option.table_before = table_now
            public = replace(turn, drew=None, saw=None,
                             placed="unknown" if isinstance(turn.placed, Kind) else turn.placed)
            after = werewolf_chances(replace(table, turns=[*table.turns, public]))
            option.table_after = after.get(me, Fraction(0)) if after else None
            exposure(session, option, turn)
            if play.id == "vote" and role == "werewolf":
                option.table_view = by_suspicion({p: table_wolf.get(p, Fraction(0)) for p in rp.living})
            if play == KNIGHT:
                option.notes.append("knight-protects")
            if play == MADMAN:
                option.notes.append("madman-gone")
            if option.keep == LOST_LEGACY:  # the option's own kept card (a Villager may put the other down)
                option.notes.append("keep-lost-legacy")
            if option.target in rp.living and (option.play.id in ("villager", "vote") or option.play.is_attack):
                marks = table_wolf if role == "werewolf" else session.werewolf()
                option.suspicion = Fraction(-1) if option.target == me else marks.get(option.target or "", Fraction(0))
            options.append(option)
    if not options:
        return []
    for o in options:
        if o.play.is_attack:
            o.wins, o.loses = attack_outcome(session, o)
        elif o.play.id == "vote" and o.out is not None and o.out != NOBODY:  # forced: out whatever the others do
            o.wins, o.loses = outcome(session, o.out, Fraction(1), session.werewolf())
    return options


def outcome(session: WerewolfSession, out: str, p: Fraction, wolf: dict[str, Fraction]) -> tuple[Fraction, Fraction]:
    """The exact chances that the game ends now with the viewer winning, and losing, when
    ``out`` is eliminated (with chance ``p``; ``wolf``: the chance of that, joint with each
    player being the Werewolf): revealing the Werewolf ends it (the villagers win, the
    Madman holder with them during play; the Werewolf loses); with two players left, the
    last one standing ends it too (the Werewolf alone wins, a villager alone: everyone
    loses)."""
    me = session.record.viewer
    assert me is not None
    last = len(session.replay.living) == 2  # after it, one player is left: the game ends too
    mine, theirs = wolf.get(me, Fraction(0)), wolf.get(out, Fraction(0))
    if out == me:  # the viewer out: it is revealed as the Werewolf, or leaves the other alone
        return Fraction(0), mine + (p - mine if last else 0)
    return theirs + (mine if last else 0), (p - theirs - mine if last else Fraction(0))


def attack_outcome(session: WerewolfSession, o: Option) -> tuple[Fraction, Fraction]:
    """The exact chances that an Attack ends the game now with the viewer winning, and
    losing: summed over whom it eliminates, each joint with who is the Werewolf — not a
    product of marginals (the victim's hand holds the hunted card, so it can only be the
    Werewolf with the Lost Legacy in its discard)."""
    rp = session.replay
    me = session.record.viewer
    victim = hunted_kind(o.play)
    total = session.counts.weight
    wins = loses = Fraction(0)
    for who, p in o.hits:
        if who == NOBODY:
            continue
        joint = session.counts if who == me else count(rp, [(hand(who), victim)])
        wolf = {k: Fraction(w, total) for k, w in joint.werewolf().items()}
        win, lose = outcome(session, who, p, wolf)
        wins, loses = wins + win, loses + lose
    return wins, loses


def candidate_turns(session: WerewolfSession, base: Turn, play: Kind, keep: Kind, others: list[str],
                    role: str) -> list[tuple[Turn, Option]]:
    """Every legal way to play ``play`` (its targets), each with what it would show."""
    rp = session.replay
    me = base.player
    out: list[tuple[Turn, Option]] = []
    before = entropy(session.werewolf().values())
    if play.id == "seer":
        for who in others:
            dist = session.card(hand(who))
            o = Option(play, keep, who)
            o.sees, o.bits = sight(session, before, dist, replace(base, target=who))
            out.append((replace(base, target=who), o))
    elif play.id == "medium":
        for who in others:
            for i in face_down(rp.piles[who]):
                slot = ("pile", who, i)
                o = Option(play, keep, slot_name(slot))
                o.sees, o.bits = sight(session, before, session.card(slot),
                                       replace(base, peek=(who, i)))
                out.append((replace(base, peek=(who, i)), o))
        for who in others:
            for kind in dict.fromkeys(c.kind for c in rp.piles[who] if c.kind is not None):
                o = Option(play, keep, f"{who}:{kind.id}")
                if kind == KNIGHT:
                    o.notes.append("flip-knight")
                out.append((replace(base, flip=(who, kind, None)), o))
        if not out:  # W16: no other discard holds a card it could take
            out.append((base, Option(play, keep, notes=["medium-no-effect"])))
    elif play == VILLAGER:
        for who in rp.living:
            for down in dict.fromkeys((VILLAGER, keep)):
                if down == LOST_LEGACY and who != me:
                    continue
                o = Option(play, VILLAGER if down == keep else keep, who, down)
                out.append((replace(base, put=who, placed=down), o))
    elif play.is_attack:
        victim = hunted_kind(play)
        hits: list[tuple[str, Fraction]] = []
        for who in rp.living:
            if protected(rp.piles[who]):
                continue
            p = Fraction(int(keep == victim)) if who == me else session.card(hand(who))[victim.id]
            if p:
                hits.append((who, p))
        missed = 1 - sum((p for _, p in hits), Fraction(0))
        if missed:
            hits.append((NOBODY, missed))
        for who in attack_destinations(rp.living, me, hits):
            o = Option(play, keep, who, hits=sorted(hits, key=lambda x: -x[1]))
            if who == me and role == "werewolf":
                o.notes.append("sleep-setup")
            out.append((replace(base, put=who, eliminated=NONE), o))
    elif play.id == "vote":
        for who in others:  # whom the viewer points at; the others' pointing is theirs
            o = Option(play, keep, who, tally=vote_tally(session))
            outs = vote_outcomes(session, me, who)
            if len(outs) == 1:
                o.out = outs[0]
            else:
                o.outs = outs
            if role != "werewolf":
                wolf = session.werewolf()
                o.point_at = by_suspicion({p: wolf[p] for p in others})
            out.append((replace(base, votes={}, eliminated=NONE), o))
    else:  # Sleep, Knight, Madman: no target
        o = Option(play, keep)
        if play.id == "sleep" and role == "werewolf":
            o.notes.append("sleep-swap")
        out.append((base, o))
    return out


def attack_destinations(living: tuple[str, ...], me: str, hits: list[tuple[str, Fraction]]) -> list[str]:
    """Where the Attack may go face-down: 「あなたを含む誰か１人の捨て札」, any living player's discard,
    the Attack's own player's included (W10) — unless it surely eliminates its own player:
    then it stays in that player's discard; never the discard of a player it surely
    eliminates (the Attack goes down after its effect, onto a living player's)."""
    out = dict(hits)
    if out.get(me) == 1:
        return [me]
    return [p for p in living if out.get(p) != 1]


def vote_outcomes(session: WerewolfSession, me: str, target: str) -> list[str]:
    """Who may be out when the viewer points at ``target``, over every way the others may
    point (each at a living player other than itself, W9): the players in seating order,
    then NOBODY (a tie, or a Knight protecting the top player)."""
    rp = session.replay
    others = [p for p in rp.living if p != me]
    found: set[str] = set()
    for pointing in product(*([q for q in rp.living if q != p] for p in others)):
        votes = {me: target, **dict(zip(others, pointing, strict=True))}
        found.add(vote_result(tally(votes, rp.piles, rp.living), rp.piles) or NOBODY)
    return [p for p in (*rp.living, NOBODY) if p in found]


def vote_tally(session: WerewolfSession) -> dict[str, int]:
    """Votes before anybody points: each face-down card in a living player's discard is one
    (W9; the Vote being played is still face-up while the votes are counted)."""
    rp = session.replay
    return {p: len(face_down(rp.piles[p])) for p in rp.living}


def by_suspicion(chances: dict[str, Fraction]) -> list[tuple[str, Fraction]]:
    """Players by their chance of being the Werewolf, likeliest first (seating order on ties)."""
    return sorted(chances.items(), key=lambda x: -x[1])


def sight(session: WerewolfSession, before: float, dist: dict[str, Fraction],
          look: Turn) -> tuple[list[tuple[str, Fraction]], float]:
    """Chance of each card ``look`` (a turn without its ``saw``) may show, and the expected drop
    of the Werewolf's entropy."""
    seen = sorted(((k, p) for k, p in dist.items() if p), key=lambda x: -x[1])
    r = session.record
    after = 0.0
    for k, p in seen:
        turn = replace(look, saw=next(x for x in KINDS if x.id == k))
        posterior = werewolf_chances(replace(r, turns=[*r.turns, turn], pending=None))
        if posterior is not None:
            after += float(p) * entropy(posterior.values())
    return seen, max(0.0, before - after)


def exposure(session: WerewolfSession, option: Option, turn: Turn) -> None:
    """Face-down cards (votes) in the viewer's discard, and Knight protection, after the play."""
    me = turn.player
    pile = list(session.replay.piles[me])
    if option.play == KNIGHT:
        pile.append(PileCard(KNIGHT, turn.number))
    if option.play.id in ("vote", "sleep"):
        pile.append(PileCard(None, turn.number))
    if option.play.is_attack and turn.put == me:
        pile.append(PileCard(None, turn.number))
    if option.play == VILLAGER and turn.put == me:
        pile.append(PileCard(None, turn.number))
    option.votes_against = len(face_down(pile))
    option.protected = protected(pile)
