"""The Memory Detective deal and a record's observations as a grouped CP-SAT model.

Unknowns: the holder each card was dealt to (a player, the case file, the public
area).  Each rule is one function named after it; an observation's constraint is
enforced by its own literal *and* the literal of the rule that gives it meaning, so
a minimal explanation names both the record lines and the rules.  Subjects declared
for facts: ``holder:CARD`` (where the card is *now*: a revealed card is public) and
``case:suspect`` / ``case:weapon`` / ``case:scene``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from suiri.solver.constraints import BoolVar
from suiri.solver.model import Lit, Model

from .cards import CATEGORIES, Card
from .counter import CASE, PUBLIC
from .rules import (
    CASE_FILE,
    DEAL,
    FAKE_IN_A_HAND,
    CaseIs,
    CaseIsNot,
    Holds,
    HoldsNone,
    HoldsOneOf,
    Observation,
    OwnHand,
    PublicSetup,
    Variant,
)


@dataclass
class DetectiveModel:
    model: Model
    variant: Variant
    players: tuple[str, ...]
    dealt: dict[Card, dict[str, BoolVar]] = field(default_factory=dict)  # card -> holder -> literal
    revealed: dict[Card, BoolVar] = field(default_factory=dict)  # card -> "a reveal took it public"
    now: dict[Card, dict[str, BoolVar]] = field(default_factory=dict)  # where each card is now

    @property
    def holders(self) -> tuple[str, ...]:
        return (*self.players, CASE, PUBLIC)


def encode(variant: Variant, players: Sequence[str], observations: Sequence[Observation]) -> DetectiveModel:
    dm = DetectiveModel(Model(), variant, tuple(players))
    one_holder_per_card(dm)
    fake_is_in_a_hand(dm)
    case_file(dm)
    hand_sizes_and_public_count(dm)
    for o in observations:
        observe(dm, o)
    where_cards_are_now(dm)
    declare_subjects(dm)
    return dm


# -- the deal ----------------------------------------------------------------------------------
def one_holder_per_card(dm: DetectiveModel) -> None:
    """Every card was dealt to exactly one place."""
    for c in dm.variant.cards:
        dm.dealt[c] = {h: dm.model.new_bool(f"dealt[{c.id},{h}]") for h in dm.holders}
        dm.model.cp.add_exactly_one(dm.dealt[c].values())


def fake_is_in_a_hand(dm: DetectiveModel) -> None:
    """The fake is shuffled into the hands: never in the box, never laid out."""
    for c in dm.variant.cards:
        if c.category is None:
            rule = dm.model.rule(FAKE_IN_A_HAND)
            dm.model.cp.add_bool_and([~dm.dealt[c][CASE], ~dm.dealt[c][PUBLIC]]).only_enforce_if(rule)


def case_file(dm: DetectiveModel) -> None:
    """The box holds exactly one suspect, one weapon and one scene."""
    rule = dm.model.rule(CASE_FILE)
    for cat in CATEGORIES:
        dm.model.cp.add(sum(dm.dealt[c][CASE] for c in dm.variant.deck.of(cat)) == 1).only_enforce_if(rule)


def hand_sizes_and_public_count(dm: DetectiveModel) -> None:
    """D3: hand sizes and the number of public cards are known to all."""
    rule = dm.model.rule(DEAL)
    cp, cards = dm.model.cp, dm.variant.cards
    for p, size in zip(dm.players, dm.variant.hand_sizes, strict=True):
        cp.add(sum(dm.dealt[c][p] for c in cards) == size).only_enforce_if(rule)
    cp.add(sum(dm.dealt[c][PUBLIC] for c in cards) == dm.variant.public_count).only_enforce_if(rule)
    counting_leaves_three_cards_for_the_case(dm)


def counting_leaves_three_cards_for_the_case(dm: DetectiveModel) -> None:
    """Implied, stated for the solver: with every hand size and the public count known
    (D3), the case file gets exactly the three cards left; with one of each category
    (the case file rule) the fake is not among them.  CP-SAT, without presolve, cannot
    sum the constraints itself: proving "the fake is not in the case file" from these
    two rules alone could take it longer than its time limit."""
    v, m = dm.variant, dm.model
    if sum(v.hand_sizes) + v.public_count + 3 != len(v.cards):
        return  # sizes that do not add up: nothing is implied (no deal fits them anyway)
    both = [m.rule(DEAL), m.rule(CASE_FILE)]
    m.cp.add(sum(dm.dealt[c][CASE] for c in dm.variant.cards) == 3).only_enforce_if(both)
    for c in dm.variant.cards:
        if c.category is None:
            m.cp.add_bool_and([~dm.dealt[c][CASE]]).only_enforce_if(both)


# -- observations ----------------------------------------------------------------------------
def _enforce(dm: DetectiveModel, o: Observation, rule: str | None) -> list[Lit]:
    lits = [dm.model.observation(o.id, o.source)]
    return lits + ([dm.model.rule(rule)] if rule else [])


def own_hand(dm: DetectiveModel, o: OwnHand) -> None:
    """The viewer knows the cards it was dealt."""
    dm.model.cp.add_bool_and([dm.dealt[c][o.player] for c in o.cards]).only_enforce_if(_enforce(dm, o, o.rule))


def public_setup(dm: DetectiveModel, o: PublicSetup) -> None:
    """Everyone sees the public evidence laid out at setup."""
    dm.model.cp.add_bool_and([dm.dealt[c][PUBLIC] for c in o.cards]).only_enforce_if(_enforce(dm, o, o.rule))


def holds(dm: DetectiveModel, o: Holds) -> None:
    """A card shown, peeked at or revealed from a hand was dealt to that hand."""
    lits = _enforce(dm, o, o.rule)
    dm.model.cp.add_bool_and([dm.dealt[o.card][o.player]]).only_enforce_if(lits)
    if o.how == "reveal":
        flag = dm.revealed.setdefault(o.card, dm.model.new_bool(f"revealed[{o.card.id}]"))
        dm.model.cp.add_bool_and([flag]).only_enforce_if(lits)


def holds_one_of(dm: DetectiveModel, o: HoldsOneOf) -> None:
    """A raise (or a refutation, or a show among cards): at least one of them."""
    dm.model.cp.add_bool_or([dm.dealt[c][o.player] for c in o.cards]).only_enforce_if(_enforce(dm, o, o.rule))


def holds_none(dm: DetectiveModel, o: HoldsNone) -> None:
    """No raise, a pass in Clue, or a bluff (D7): none of the named cards."""
    dm.model.cp.add_bool_and([~dm.dealt[c][o.player] for c in o.cards]).only_enforce_if(_enforce(dm, o, o.rule))


def case_is(dm: DetectiveModel, o: CaseIs) -> None:
    """A solved deduction, or a correct accusation (Clue): the box held the named triple."""
    dm.model.cp.add_bool_and([dm.dealt[c][CASE] for c in o.cards]).only_enforce_if(_enforce(dm, o, o.rule))


def case_is_not(dm: DetectiveModel, o: CaseIsNot) -> None:
    """D4: a no-raise deduction declared wrong, or a wrong accusation (Clue): the triple is not the truth."""
    dm.model.cp.add_bool_or([~dm.dealt[c][CASE] for c in o.cards]).only_enforce_if(_enforce(dm, o, o.rule))


def observe(dm: DetectiveModel, o: Observation) -> None:
    """One observation's constraints, by its kind (a match, so that each encoder gets its own type)."""
    match o:
        case OwnHand():
            own_hand(dm, o)
        case PublicSetup():
            public_setup(dm, o)
        case Holds():
            holds(dm, o)
        case HoldsOneOf():
            holds_one_of(dm, o)
        case HoldsNone():
            holds_none(dm, o)
        case CaseIs():
            case_is(dm, o)
        case CaseIsNot():
            case_is_not(dm, o)
        case _:
            raise TypeError(f"no encoder for {type(o).__name__}")


def where_cards_are_now(dm: DetectiveModel) -> None:
    """A revealed card is public now; every other card is where it was dealt."""
    m, cp = dm.model, dm.model.cp
    for c, dealt in dm.dealt.items():
        flag = dm.revealed.get(c)
        if flag is None:
            dm.now[c] = dealt
            continue
        now = {h: m.new_bool(f"now[{c.id},{h}]") for h in dm.holders}
        for h in dm.holders:
            if h == PUBLIC:
                cp.add_max_equality(now[h], [dealt[h], flag])
            else:
                cp.add_bool_and([dealt[h], ~flag]).only_enforce_if(now[h])
                cp.add_bool_or([~dealt[h], flag, now[h]])
        dm.now[c] = now


def declare_subjects(dm: DetectiveModel) -> None:
    """The names facts use: holder:CARD and case:CATEGORY."""
    for c, now in dm.now.items():
        dm.model.declare_subject(f"holder:{c.id}", now)
    for cat in CATEGORIES:
        dm.model.declare_subject(f"case:{cat.value}", {c.id: dm.dealt[c][CASE] for c in dm.variant.deck.of(cat)})
