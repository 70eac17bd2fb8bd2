"""The rules of *Werewolf Never Sleeps* that need no table: one function per rule, called
by the one table (``table.PublicTable``, which ``replay`` checks records on and the true
``table.Table`` extends with the hidden cards) and by the model.

The validator, the simulator and the model share one statement of each rule
(``tally``, ``vote_result``, ``protected``, ``medium_targets``, ``raisers``,
``searcher``, ``werewolf_of``, ``playable``, ``keeps_lost_legacy``).  Rulings W1–W16:
docs/rules-werewolf.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import KNIGHT, LOST_LEGACY, MADMAN, Kind

Slot = tuple  # ("hand", name) | ("ruins",) | ("pile", name, index): a place holding one hidden card
RUINS: Slot = ("ruins",)


def hand(player: str) -> Slot:
    return ("hand", player)


def pile(player: str, index: int) -> Slot:
    return ("pile", player, index)


def place_of(slot: Slot) -> tuple[str, str, int]:
    """A slot's parts, typed: ``("pile", name, index)``, ``("hand", name, 0)``, ``("ruins", "", 0)``."""
    where: str = slot[0]
    owner: str = slot[1] if len(slot) > 1 else ""
    index: int = slot[2] if len(slot) > 2 else 0
    return where, owner, index


def slot_name(slot: Slot) -> str:
    """As records write places: ``hand:ben``, ``ruins``, ``discard:ben:2``."""
    return "discard:" + ":".join(str(p) for p in slot[1:]) if slot[0] == "pile" else ":".join(slot)


# -- rules as functions (shared by replay and the simulator) -------------------------------------
@dataclass
class PileCard:
    """A card in a discard pile.  The public table writes a face-down card's kind as None
    (nobody sees it); the true table keeps it and marks the card ``down``."""

    kind: Kind | None  # face-up: what it is; face-down: None on the public table
    turn: int  # the turn it arrived (0 = an eliminated player's hand)
    down: bool = False  # face-down (always so when ``kind`` is None)
    searched: bool = False  # the true table: turned up by a search

    @property
    def face_up(self) -> bool:
        return self.kind is not None and not self.down


def protected(pile_cards: Sequence[PileCard]) -> bool:
    """Knight (trash effect): a face-up Knight in one's discard prevents elimination."""
    return any(c.face_up and c.kind == KNIGHT for c in pile_cards)


def face_down(pile_cards: Sequence[PileCard]) -> list[int]:
    """Positions (from 1) of the face-down cards: each one is a vote against the owner."""
    return [i for i, c in enumerate(pile_cards, start=1) if not c.face_up]


def tally(votes: Mapping[str, str], piles: Mapping[str, Sequence[PileCard]], living: Sequence[str]) -> dict[str, int]:
    """Vote: pointing plus one per face-down card in each living player's discard (W9)."""
    counts = {p: len(face_down(piles[p])) for p in living}
    for target in votes.values():
        counts[target] += 1
    return counts


def vote_result(counts: Mapping[str, int], piles: Mapping[str, Sequence[PileCard]]) -> str | None:
    """The single player with the most votes, unless tied (W6) or protected by a Knight (W9)."""
    top = max(counts.values())
    leaders = [p for p, n in counts.items() if n == top]
    if len(leaders) != 1 or protected(piles[leaders[0]]):
        return None
    return leaders[0]


def medium_targets(player: str, living: Sequence[str], piles: Mapping[str, Sequence[PileCard]]) -> list[str]:
    """W16: the Medium acts on another living player's discard (never its own, never
    itself): those that hold a card, face-down (to look at) or face-up (to turn down).
    None: the Medium has no effect."""
    return [p for p in living if p != player and piles[p]]


def raisers(order: int, hands: Mapping[str, Kind]) -> tuple[str, ...]:
    """W15: at the call of ``order``, every living player whose hand card has that search
    order raises a hand (``hands``: the living players' cards)."""
    return tuple(p for p, card in hands.items() if card.order == order)


def searcher(order: int, raised: Sequence[str]) -> str | None:
    """W15: a lone raiser searches, except the Madman holder (it shows the Madman);
    several raisers share an order and none of them searches."""
    return raised[0] if len(raised) == 1 and order != MADMAN.order else None


def playable(cards: Sequence[Kind]) -> list[Kind]:
    """The kinds a player holding ``cards`` (after its draw) may play: never the Lost
    Legacy; an Attack in hand must be played (W5).  Two alike cards are one option (W13)."""
    attacks = [k for k in cards if k.is_attack]
    options = attacks or [k for k in cards if k != LOST_LEGACY]
    return sorted(set(options), key=lambda k: k.index)


def keeps_lost_legacy(card: Kind | None, owner: str, player: str) -> bool:
    """W1: a Villager's player may put the Lost Legacy face-down only into its own discard."""
    return card != LOST_LEGACY or owner == player


def werewolf_of(hands: Mapping[str, Kind], piles: Mapping[str, Sequence[Kind]]) -> str | None:
    """The Werewolf player: the Lost Legacy is in its hand or its discard."""
    for p, card in hands.items():
        if card == LOST_LEGACY or LOST_LEGACY in piles.get(p, ()):
            return p
    return None


__all__ = ["PileCard", "RUINS", "Slot", "face_down", "hand", "keeps_lost_legacy", "medium_targets", "pile", "place_of", "playable", "protected", "raisers",
           "searcher", "slot_name", "tally", "vote_result", "werewolf_of"]
