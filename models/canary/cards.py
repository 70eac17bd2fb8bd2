"""Clue attributes and map cards of *Where is the Canary?* (カナリアはいずこ？).

A map card is identified by its attribute set: every subset of the five attributes of
size 3, 2, 1 and 0 is one kind, with 1, 2, 3 and 4 copies (10 + 20 + 15 + 4 = 49).
A ``Deck`` is a list of kinds with copies; the standard deck is ``STANDARD_DECK``, and
tests build reduced decks over fewer attributes to enumerate by brute force.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations

from suiri.solver.errors import RecordSyntaxError, Source, listing, unknown_name

from .error_text import ErrorText

Attribute = str  # "high", "dark", "ancient", "nature", "weathered"

ATTRIBUTES: tuple[Attribute, ...] = ("high", "dark", "ancient", "nature", "weathered")
ATTRIBUTE_NAMES_JA: dict[Attribute, str] = {
    "high": "高所",
    "dark": "暗所",
    "ancient": "旧文明",
    "nature": "自然物",
    "weathered": "風化",
}
ATTRIBUTE_LETTERS: dict[Attribute, str] = {"high": "H", "dark": "D", "ancient": "A", "nature": "N", "weathered": "W"}
ATTRIBUTE_LETTERS_JA: dict[Attribute, str] = {a: n[0] for a, n in ATTRIBUTE_NAMES_JA.items()}
CARD_LIST = "docs/rules-canary.md"  # where an error sends a reader for the card ids (its table of the 26 kinds)


@dataclass(frozen=True)
class Kind:
    """One kind of map card: its attribute set and how many copies the deck holds."""

    id: str
    attrs: frozenset[Attribute]
    copies: int
    name_en: str
    name_ja: str

    def carries(self, attribute: Attribute) -> bool:
        return attribute in self.attrs

    def __repr__(self) -> str:
        return f"Kind({self.id!r})"


def _k(id: str, attrs: str, copies: int, en: str, ja: str) -> Kind:
    return Kind(id, frozenset(attrs.split()) if attrs else frozenset(), copies, en, ja)


# The 26 kinds, exactly as in the rules digest (and the original's card list).
STANDARD_KINDS: tuple[Kind, ...] = (
    _k("ruins-above-the-clouds", "high dark ancient", 1, "Ruins above the Clouds", "雲海の廃墟"),
    _k("crater-cave", "high dark nature", 1, "Crater Cave", "噴火口洞窟"),
    _k("decayed-watchtower", "high dark weathered", 1, "Decayed Watchtower", "朽ちた観測塔"),
    _k("hanging-garden", "high ancient nature", 1, "Hanging Garden", "空中庭園"),
    _k("crumbling-pillars", "high ancient weathered", 1, "Crumbling Pillars", "崩れかけた石柱"),
    _k("lava-rock-hill", "high nature weathered", 1, "Lava-Rock Hill", "溶岩石の丘"),
    _k("statue-behind-the-falls", "dark nature weathered", 1, "Statue behind the Falls", "滝裏の像"),
    _k("forest-swallowed-ruins", "dark ancient nature", 1, "Forest-Swallowed Ruins", "森に飲まれた遺跡"),
    _k("catacombs", "dark ancient weathered", 1, "Catacombs", "地下埋葬所"),
    _k("tree-pierced-ruin", "ancient nature weathered", 1, "Tree-Pierced Ruin", "巨木に貫かれた廃屋"),
    _k("clifftop-temple", "high dark", 2, "Clifftop Temple", "崖上の神殿"),
    _k("giant-stone-bridge", "high ancient", 2, "Giant Stone Bridge", "巨大な石橋"),
    _k("object-stone", "high nature", 2, "Object Stone", "オブジェクトストーン"),
    _k("rock-and-sand-slope", "high weathered", 2, "Rock-and-Sand Slope", "岩砂の坂"),
    _k("old-underground-vault", "dark ancient", 2, "Old Underground Vault", "地下保管庫跡"),
    _k("beasts-den", "dark nature", 2, "Beast's Den", "獣の穴"),
    _k("limestone-cave", "dark weathered", 2, "Limestone Cave", "鍾乳洞"),
    _k("ivy-bound-statue", "ancient nature", 2, "Ivy-Bound Statue", "ツタに巻かれた石像"),
    _k("fading-mural", "ancient weathered", 2, "Fading Mural", "消えかけた壁画"),
    _k("strata-valley", "nature weathered", 2, "Strata Valley", "地層の谷"),
    _k("crag-lookout", "high", 3, "Crag Lookout", "岩山の展望所"),
    _k("seaside-cave", "dark", 3, "Seaside Cave", "海辺の洞窟"),
    _k("abandoned-materials", "ancient", 3, "Abandoned Materials", "遺棄された資材"),
    _k("calm-waterside", "nature", 3, "Calm Waterside", "穏やかな水辺"),
    _k("bored-rock", "weathered", 3, "Bored Rock", "穿たれた岩"),
    _k("nothing-here", "", 4, "Nothing Here", "ここには何もない"),
)


@dataclass(frozen=True)
class Deck:
    """The attributes in play and the card kinds with their copies."""

    attributes: tuple[Attribute, ...]
    kinds: tuple[Kind, ...]

    @cached_property
    def size(self) -> int:
        return sum(k.copies for k in self.kinds)

    @cached_property
    def by_id(self) -> dict[str, Kind]:
        return {k.id: k for k in self.kinds}

    @cached_property
    def by_attrs(self) -> dict[frozenset[Attribute], Kind]:
        return {k.attrs: k for k in self.kinds}

    @cached_property
    def _names(self) -> dict[str, Kind]:
        names: dict[str, Kind] = {}
        for k in self.kinds:
            names[k.id] = k
            names[k.name_ja] = k
            names[k.name_en.lower()] = k
            names["+".join(a for a in self.attributes if a in k.attrs) or "none"] = k
        return names

    def parse_kind(self, text: object, source: Source | None = None) -> Kind:
        """A card written as its id, its Japanese name or its attribute set (``high+dark``)."""
        if not isinstance(text, str):
            raise RecordSyntaxError(ErrorText("cards:not-a-string", value=repr(text)), source,
                                    ErrorText("cards:not-a-string-valid"))
        key = text.strip()
        kind = self._names.get(key) or self._names.get(key.lower())
        if kind is None and "+" in key:
            attrs = frozenset(parse_attribute(a, source, self.attributes) for a in key.split("+"))
            kind = self.by_attrs.get(attrs)
        if kind is None:
            ids = [k.id for k in self.kinds]
            spellings = {name: k.id for k in self.kinds for name in (k.id, k.name_en, k.name_ja)}
            raise unknown_name("card", text, ids, source, ErrorText("cards:card-valid", ids=listing(ids, CARD_LIST)),
                               spellings=spellings)
        return kind

    def carrying(self, attributes: frozenset[Attribute]) -> list[Kind]:
        """The kinds whose card carries every attribute in ``attributes``."""
        return [k for k in self.kinds if attributes <= k.attrs]


def parse_attribute(text: object, source: Source | None = None, allowed: tuple[Attribute, ...] = ATTRIBUTES) -> Attribute:
    """An attribute written as its id (``high``) or its Japanese name (``高所``)."""
    if isinstance(text, str):
        key = text.strip().lower()
        if key in allowed:
            return key
        for attr, ja in ATTRIBUTE_NAMES_JA.items():
            if text.strip() == ja and attr in allowed:
                return attr
    by_ja = {ATTRIBUTE_NAMES_JA[a]: a for a in allowed}
    raise unknown_name("clue", text, allowed, source,
                       ErrorText("cards:clue-valid", ids=", ".join(allowed), ja=", ".join(by_ja)),
                       spellings={**{a: a for a in allowed}, **by_ja})


STANDARD_DECK = Deck(ATTRIBUTES, STANDARD_KINDS)


def reduced_deck(attributes: tuple[Attribute, ...], copies: dict[int, int]) -> Deck:
    """A smaller deck of the same shape: every subset of ``attributes`` whose size is a
    key of ``copies`` is one kind with that many copies.  For brute-force tests."""
    kinds = []
    for size in sorted(copies, reverse=True):
        for combo in combinations(attributes, size):
            ident = "+".join(combo) or "none"
            kinds.append(Kind(ident, frozenset(combo), copies[size], ident, ident))
    return Deck(attributes, tuple(k for k in kinds if k.copies > 0))
