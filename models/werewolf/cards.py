"""The 16 cards of *Werewolf Never Sleeps* (人狼は眠らない) as eleven kinds.

A kind is what the rules can tell apart (W13: histories are over kinds), so the two
Seers, three Votes, three Sleeps are one kind each; the three Werewolf Attacks are
three kinds, one per hunted search order.  Kinds are small ints (their position in
``KINDS``) because the counter packs them into tuples; ``Kind`` carries the names.

A record may bring a smaller deck (``[deck]``, counts per kind) for teaching and for
brute-force tests; the standard deck is ``STANDARD``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from suiri.solver.errors import RecordSyntaxError, Source, Text, unknown_name

from .error_text import ErrorText

if TYPE_CHECKING:  # pragma: no cover
    from suiri.solver.records import TomlValue


@dataclass(frozen=True, eq=False)
class Kind:
    """A kind is one object per index (the first made with it, ``_CANONICAL``), so kinds
    compare and hash by identity, at C speed: the tables, the replay and the brute forces
    compare cards millions of times.  A kind read back (pickle, ``copy``) is that object."""

    index: int
    id: str
    en: str
    ja: str
    order: int | None  # search order (探索順); None = "×", cannot search
    copies: int  # in the standard deck
    hunts: int | None = None  # an Attack: the search order it eliminates

    def __post_init__(self) -> None:
        _CANONICAL.setdefault(self.index, self)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return _canonical, (self.index,)

    @property
    def is_attack(self) -> bool:
        return self.hunts is not None

    def name(self, lang: str = "en") -> str:
        return self.ja if lang == "ja" else self.en

    def __str__(self) -> str:
        return self.id


_CANONICAL: dict[int, Kind] = {}


def _canonical(index: int) -> Kind:
    return _CANONICAL[index]


KINDS: tuple[Kind, ...] = (
    Kind(0, "villager", "Villager", "村人", 1, 1),
    Kind(1, "medium", "Medium", "霊媒師", 2, 1),
    Kind(2, "madman", "Madman", "狂人", 3, 1),
    Kind(3, "knight", "Knight", "騎士", 4, 1),
    Kind(4, "lost-legacy", "Lost Legacy", "失われた遺産：人狼", 5, 1),
    Kind(5, "seer", "Seer", "占い師", 6, 2),
    Kind(6, "vote", "Vote", "投票", 7, 3),
    Kind(7, "sleep", "Sleep", "就寝", 8, 3),
    Kind(8, "attack-1", "Werewolf Attack ①", "人狼の襲撃①", None, 1, 1),
    Kind(9, "attack-2", "Werewolf Attack ②", "人狼の襲撃②", None, 1, 2),
    Kind(10, "attack-3", "Werewolf Attack ③", "人狼の襲撃③", None, 1, 3),
)
VILLAGER, MEDIUM, MADMAN, KNIGHT, LOST_LEGACY, SEER, VOTE, SLEEP, ATTACK_1, ATTACK_2, ATTACK_3 = KINDS
ATTACKS = (ATTACK_1, ATTACK_2, ATTACK_3)
ATTACK_MASK = sum(1 << k.index for k in ATTACKS)
ALL_MASK = (1 << len(KINDS)) - 1
BY_ID = {k.id: k for k in KINDS}
BY_ORDER = {k.order: k for k in KINDS if k.order is not None}
STANDARD: tuple[int, ...] = tuple(k.copies for k in KINDS)  # 16 cards
NOBODY = "nobody"  # no player: no Werewolf (the Lost Legacy in the ruins or the deck), no Madman holder, no winner

_ALIASES: dict[str, Kind] = {}
for _k in KINDS:
    for _name in (_k.id, _k.en.lower(), _k.ja, _k.en.lower().replace(" ", "-")):
        _ALIASES[_name] = _k
_ALIASES.update({"lost legacy": LOST_LEGACY, "ll": LOST_LEGACY, "werewolf": LOST_LEGACY,
                 "失われた遺産": LOST_LEGACY, "ロストレガシー": LOST_LEGACY,
                 "人狼の襲撃1": ATTACK_1, "人狼の襲撃2": ATTACK_2, "人狼の襲撃3": ATTACK_3,
                 "attack1": ATTACK_1, "attack2": ATTACK_2, "attack3": ATTACK_3})


def find_kind(value: object) -> Kind | None:
    """The card a name means (id, English or Japanese name), or None."""
    if isinstance(value, str):  # an id as written (the usual case) is one of the names as it is
        return _ALIASES.get(value) or _ALIASES.get(value.strip().lower()) or _ALIASES.get(value.strip())
    return None


def parse_kind(value: object, where: Source | None = None) -> Kind:
    """A card name as written in a record or a fact: id, English or Japanese name."""
    kind = find_kind(value)
    if kind is not None:
        return kind
    raise unknown_name("card", value, [k.id for k in KINDS], where, spellings={**{k.en: k.id for k in KINDS}, **{a: k.id for a, k in _ALIASES.items()}})


def hunted_kind(attack: Kind) -> Kind:
    """The card whose holder an Attack eliminates (search order 1, 2 or 3)."""
    assert attack.hunts is not None
    return BY_ORDER[attack.hunts]


def deck_counts(spec: TomlValue | None, where: Source | None = None) -> tuple[int, ...]:
    """The copies of each kind in play: the standard 16, or a smaller ``[deck]`` (never
    more copies than the standard deck, so every rule keeps its meaning)."""
    if spec is None:
        return STANDARD
    if not isinstance(spec, dict):
        raise RecordSyntaxError(ErrorText("deck:not-table", value=repr(spec)), where, 'deck = { vote = 2, sleep = 2, ... }')
    counts = [0] * len(KINDS)
    for name, n in spec.items():
        kind = parse_kind(name, where)
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= kind.copies:
            raise RecordSyntaxError(ErrorText("deck:copies", card=kind.id, n=repr(n)), where,
                                    Text("span:to", low=0, high=kind.copies))
        counts[kind.index] = n
    if counts[LOST_LEGACY.index] != 1:
        raise RecordSyntaxError(ErrorText("deck:lost-legacy"), where, "lost-legacy = 1")
    return tuple(counts)
