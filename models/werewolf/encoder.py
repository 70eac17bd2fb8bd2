"""The time-step model: a Werewolf record as a grouped CP-SAT model, one step per turn.

Each card position of the shuffle is a *card*: eleven booleans, exactly one true (its
kind).  The state after a turn maps every place (hands, ruins, discard positions) to
a card; a turn is a constraint between the state before and after it — the card
played came from the hand or the draw, the other one stays (``play``); the Villager's
card went down (``villager_puts``); the Werewolf may swap (``sleep_swaps``) — so moving
cards are new variables tied to the old ones by the turn's hidden choice.  What a turn
*tells* (the card played, what the viewer drew or saw, what an elimination turned up,
that an Attack hit nobody) is enforced by that turn's observation literal, together
with the literal of the rule that gives it meaning, so ``explain`` names the smallest
set of turns (and the rules) that proves a fact.  In the search phase each call of a
search order is one observation, ``call-N`` (W15: who raised and, for a lone raiser,
what its search turned up), tied to the record line that lists or implies it.

Subjects for facts (the state now): ``lost-legacy`` (hand:NAME, discard:NAME, ruins,
deck), ``werewolf`` (a name or nobody), ``madman`` (a name or nobody: who holds the
Madman), ``hand:NAME``, ``ruins`` and ``discard:NAME:INDEX`` (face-down cards), each
valued by card id.  Hidden choices are variables too, so the solutions of the model
are exactly the histories the counter counts (tests/werewolf compares them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from suiri.solver.constraints import BoolVar
from suiri.solver.model import Lit, Model

from .cards import ATTACKS, BY_ORDER, KINDS, LOST_LEGACY, MADMAN, NOBODY, VILLAGER, Kind
from .record import WerewolfRecord
from .replay import Call, Move, Replay
from .rules import RUINS, Slot, hand, slot_name

# Rules, each a group: explanations cite them beside the turns.
DECK = "deck"  # the 16 cards: how many of each kind
MUST_PLAY = "must-play"  # W5: an Attack in hand must be played
PLAYED_FROM_HAND = "play"  # the card played was one of the two in hand
STAYS_HOME = "lost-legacy-stays"  # the Lost Legacy never goes into another player's discard
HUNT = "attack"  # an Attack eliminates the unprotected holder of its number
ELIMINATION = "elimination"  # an eliminated player's cards turn up
SEARCH_CALL = "search-call"  # W15: at each call of a search order, exactly its living holders raise
SEEN = "seen"  # what the viewer drew or saw is what is there
RULE_IDS = (DECK, MUST_PLAY, PLAYED_FROM_HAND, STAYS_HOME, HUNT, ELIMINATION, SEARCH_CALL, SEEN)

Card: TypeAlias = "list[BoolVar]"  # one boolean per kind


@dataclass
class WerewolfModel:
    model: Model
    record: WerewolfRecord
    shuffle: list[Card] = field(default_factory=list)  # the deck order: hands, ruins, draws
    now: dict[Slot, Card] = field(default_factory=dict)  # the place of every card not in the deck
    choices: list[BoolVar] = field(default_factory=list)  # every hidden-choice variable
    drawn: int = 0
    after: list[dict[Slot, Card]] = field(default_factory=list)  # the places after each turn, in turn order


def encode(rp: Replay) -> WerewolfModel:
    wm = WerewolfModel(Model(), rp.record)
    deal(wm)
    deck_composition(wm)
    own_hand(wm)
    for move in rp.moves:
        turn(wm, move)
        wm.after.append(dict(wm.now))
    for c in rp.calls:
        call(wm, c)
    if rp.pending is not None:
        drawing(wm, rp)
    declare_subjects(wm, rp)
    return wm


# -- cards and the deal -------------------------------------------------------------------------------
def new_card(wm: WerewolfModel, name: str) -> Card:
    bits = [wm.model.new_bool(f"{name}={k.id}") for k in KINDS]
    wm.model.cp.add_exactly_one(bits)
    for k, n in zip(KINDS, wm.record.deck, strict=True):
        if n == 0:
            wm.model.cp.add(bits[k.index] == 0)
    return bits


def either(wm: WerewolfModel, name: str, choice: BoolVar, if_true: Card, if_false: Card) -> Card:
    """A card that is ``if_true`` when ``choice`` holds, else ``if_false`` (a card moving by a
    hidden choice)."""
    out = new_card(wm, name)
    cp = wm.model.cp
    for k in range(len(KINDS)):
        cp.add(out[k] == if_true[k]).only_enforce_if(choice)
        cp.add(out[k] == if_false[k]).only_enforce_if(~choice)
    return out


def deal(wm: WerewolfModel) -> None:
    """One card per shuffle position: each player's hand, then the ruins, then the deck."""
    wm.shuffle = [new_card(wm, f"shuffle[{i}]") for i in range(wm.record.cards)]
    for i, p in enumerate(wm.record.players):
        wm.now[hand(p)] = wm.shuffle[i]
    wm.now[RUINS] = wm.shuffle[len(wm.record.players)]
    wm.drawn = len(wm.record.players) + 1


def deck_composition(wm: WerewolfModel) -> None:
    """The deck holds the game's cards: so many of each kind."""
    rule = wm.model.rule(DECK)
    for k, n in zip(KINDS, wm.record.deck, strict=True):
        wm.model.cp.add(sum(c[k.index] for c in wm.shuffle) == n).only_enforce_if(rule)


def own_hand(wm: WerewolfModel) -> None:
    """The viewer knows the card it was dealt."""
    r = wm.record
    if r.viewer is not None and r.hand is not None:
        lit = wm.model.observation("hand", r.where(None, None, "hand"))
        wm.model.cp.add(wm.now[hand(r.viewer)][r.hand.index] == 1).only_enforce_if([lit, wm.model.rule(SEEN)])


# -- a turn ---------------------------------------------------------------------------------------------
def turn_id(move: Move) -> str:
    return f"turn-{move.number}"


def told(wm: WerewolfModel, move: Move, rule: str) -> list[Lit]:
    """The literals that switch on what this turn tells, read by ``rule``."""
    return [wm.model.observation(turn_id(move), move.source), wm.model.rule(rule)]


def is_kind(wm: WerewolfModel, card: Card, kind: Kind, lits: Sequence[Lit]) -> None:
    wm.model.cp.add(card[kind.index] == 1).only_enforce_if(lits)


def turn(wm: WerewolfModel, move: Move) -> None:
    kept, played = play(wm, move)
    wm.now[hand(move.player)] = kept
    for slot, kind, _ in move.seen:
        is_kind(wm, wm.now[slot], kind, told(wm, move, SEEN))
    if move.villager is not None:
        villager_puts(wm, move, played)
    elif move.lands is not None:
        wm.now[move.lands] = played
    if move.swaps is not None:
        sleep_swaps(wm, move)
    if move.hunt is not None:
        attack_hits_nobody(wm, move)
    if move.elimination is not None:
        elimination(wm, move)


def play(wm: WerewolfModel, move: Move) -> tuple[Card, Card]:
    """Draw, then play one of the two cards: which one is a hidden choice (two alike cards
    are one history, W13).  The turn tells the card's kind; W5: the card kept is no Attack
    unless an Attack was played."""
    cp = wm.model.cp
    held, drawn = wm.now[hand(move.player)], wm.shuffle[move.draw]
    wm.drawn = move.draw + 1
    if move.turn.drew is not None:
        is_kind(wm, drawn, move.turn.drew, told(wm, move, SEEN))
    from_draw = wm.model.new_bool(f"t{move.number}:played-the-draw")
    wm.choices.append(from_draw)
    for k in range(len(KINDS)):
        cp.add_bool_or([~from_draw, ~held[k], ~drawn[k]])
    played = either(wm, f"t{move.number}:played", from_draw, drawn, held)
    kept = either(wm, f"t{move.number}:kept", from_draw, held, drawn)
    is_kind(wm, played, move.turn.play, told(wm, move, PLAYED_FROM_HAND))
    if not move.turn.play.is_attack:
        cp.add_bool_and([~kept[a.index] for a in ATTACKS]).only_enforce_if(told(wm, move, MUST_PLAY))
    return kept, played


def villager_puts(wm: WerewolfModel, move: Move, played: Card) -> None:
    """W1: the Villager returns to the hand and one of the two cards goes face-down."""
    assert move.villager is not None
    dest, placed = move.villager
    cp = wm.model.cp
    kept = wm.now[hand(move.player)]
    other = wm.model.new_bool(f"t{move.number}:put-the-other")
    wm.choices.append(other)
    cp.add(kept[VILLAGER.index] == 0).only_enforce_if(other)  # W13
    wm.now[dest] = either(wm, f"t{move.number}:put", other, kept, played)
    wm.now[hand(move.player)] = either(wm, f"t{move.number}:kept-after-villager", other, played, kept)
    lits = told(wm, move, PLAYED_FROM_HAND)
    if placed == "villager":
        cp.add(other == 0).only_enforce_if(lits)
    elif placed == "other":
        cp.add(other == 1).only_enforce_if(lits)
    elif isinstance(placed, Kind):
        is_kind(wm, wm.now[dest], placed, told(wm, move, SEEN))
    if dest[1] != move.player:
        cp.add(wm.now[dest][LOST_LEGACY.index] == 0).only_enforce_if(wm.model.rule(STAYS_HOME))


def holds_lost_legacy(wm: WerewolfModel, player: str, slots: tuple[Slot, ...]) -> list[BoolVar]:
    return [wm.now[hand(player)][LOST_LEGACY.index], *(wm.now[s][LOST_LEGACY.index] for s in slots)]


def sleep_swaps(wm: WerewolfModel, move: Move) -> None:
    """W3/W11: only the Werewolf (the Lost Legacy in its hand or discard) may swap its hand
    with one face-down card of its discard; each option is its own history."""
    assert move.swaps is not None
    cp = wm.model.cp
    options = []
    viewer = wm.record.viewer
    swapped, card = move.swap_record
    for player, slots in move.swaps.items():
        wolf = holds_lost_legacy(wm, player, slots)
        mine = []
        for slot in slots:
            s = wm.model.new_bool(f"t{move.number}:swap-{slot_name(slot)}")
            wm.choices.append(s)
            cp.add_bool_or(wolf).only_enforce_if(s)
            mine.append((slot, s))
            if player == viewer and move.swap_index is not None and slot[2] != move.swap_index:
                cp.add(s == 0).only_enforce_if(told(wm, move, SEEN))  # the viewer says which card it took
        options += [s for _, s in mine]
        any_swap = any_of(wm, f"t{move.number}:{player}-swapped", [s for _, s in mine])
        if mine:
            old_hand = wm.now[hand(player)]
            new_hand = new_card(wm, f"t{move.number}:{player}-hand-after-sleep")
            for slot, s in mine:
                for k in range(len(KINDS)):
                    cp.add(new_hand[k] == wm.now[slot][k]).only_enforce_if(s)
                wm.now[slot] = either(wm, f"t{move.number}:{slot_name(slot)}-after-sleep", s, old_hand,
                                      wm.now[slot])
            for k in range(len(KINDS)):
                cp.add(new_hand[k] == old_hand[k]).only_enforce_if(~any_swap)
            wm.now[hand(player)] = new_hand
        if player == viewer and swapped is not None:  # a Werewolf viewer writes what it did
            lits = told(wm, move, SEEN)
            cp.add_bool_or(holds_lost_legacy(wm, player, slots)).only_enforce_if(lits)
            cp.add(any_swap == int(swapped)).only_enforce_if(lits)
            if card is not None:
                is_kind(wm, wm.now[hand(player)], card, lits)
    if len(options) > 1:
        cp.add_at_most_one(options)


def attack_hits_nobody(wm: WerewolfModel, move: Move) -> None:
    """W4: nobody unprotected and living holds the hunted card."""
    assert move.hunt is not None
    card, players = move.hunt
    wm.model.cp.add_bool_and([~wm.now[hand(p)][card.index] for p in players]).only_enforce_if(
        told(wm, move, HUNT))


def elimination(wm: WerewolfModel, move: Move) -> None:
    """The eliminated player's hand and face-down cards turn up: the turn tells them."""
    e = move.elimination
    assert e is not None
    lits = told(wm, move, ELIMINATION)
    for slot, kind in e.revealed:
        is_kind(wm, wm.now[slot], kind, lits)
    wm.now[e.hand_to] = wm.now.pop(hand(e.player))


def drawing(wm: WerewolfModel, rp: Replay) -> None:
    """The viewer's turn in progress: it knows the card it drew."""
    assert rp.pending is not None
    n = len(rp.record.turns) + 1
    lit = wm.model.observation(f"turn-{n}", rp.record.where("turn", n, "drew"))
    is_kind(wm, wm.shuffle[wm.drawn], rp.pending, [lit, wm.model.rule(SEEN)])
    wm.drawn += 1


# -- the search phase ---------------------------------------------------------------------------------
def call(wm: WerewolfModel, c: Call) -> None:
    """W15: at the call of an order, each living player raises exactly when its hand card
    has that order; a lone raiser's search turned up what was found."""
    lits = [wm.model.observation(c.id, c.source), wm.model.rule(SEARCH_CALL)]
    k = BY_ORDER[c.order].index
    for p in c.living:
        wm.model.cp.add(wm.now[hand(p)][k] == int(p in c.raised)).only_enforce_if(lits)
    s = c.search
    if s is not None and s.public is None:
        assert s.search.found is not None
        is_kind(wm, wm.now[s.slot], s.search.found, [wm.model.observation(c.id, c.source), wm.model.rule(SEEN)])


# -- subjects ---------------------------------------------------------------------------------------
def any_of(wm: WerewolfModel, name: str, lits: list[BoolVar]) -> BoolVar:
    out = wm.model.new_bool(name)
    if lits:
        wm.model.cp.add_max_equality(out, lits)
    else:
        wm.model.cp.add(out == 0)
    return out


def declare_subjects(wm: WerewolfModel, rp: Replay) -> None:
    m = wm.model
    ll = LOST_LEGACY.index
    places: dict[str, BoolVar] = {}
    for p in rp.living:
        places[f"hand:{p}"] = wm.now[hand(p)][ll]
    for p in rp.record.players:
        piles = [c[ll] for s, c in wm.now.items() if s[0] == "pile" and s[1] == p]
        places[f"discard:{p}"] = any_of(wm, f"lost-legacy=discard:{p}", piles)
    places["ruins"] = wm.now[RUINS][ll]
    places["deck"] = any_of(wm, "lost-legacy=deck", [c[ll] for c in wm.shuffle[wm.drawn:]])
    m.declare_subject("lost-legacy", places)
    wolves = {p: any_of(wm, f"werewolf={p}", [v for k, v in places.items() if k.split(":")[-1] == p and ":" in k])
              for p in rp.record.players}
    wolves[NOBODY] = any_of(wm, f"werewolf={NOBODY}", [places["ruins"], places["deck"]])
    m.declare_subject("werewolf", wolves)
    mad = {p: wm.now[hand(p)][MADMAN.index] for p in rp.living}
    nobody = m.new_bool("madman=nobody")
    m.cp.add_bool_or([*mad.values(), nobody])
    for lit in mad.values():
        m.cp.add_implication(lit, ~nobody)
    mad[NOBODY] = nobody
    m.declare_subject("madman", mad)
    for slot, card in wm.now.items():
        if slot[0] != "pile" or slot in _face_down(rp):
            m.declare_subject(slot_name(slot), {k.id: card[k.index] for k in KINDS})


def _face_down(rp: Replay) -> set[Slot]:
    return {("pile", p, i) for p, cards in rp.piles.items() for i, c in enumerate(cards, start=1) if not c.face_up}
