"""Evidence cards of *Memory Detective* (記憶探偵): three categories and the fake.

Ruling D1: the default deck is 9 suspects + 9 weapons + 9 scenes with ids ``s1``…``s9``,
``w1``…``w9``, ``r1``…``r9``; a record may bring its own lists (classic Clue: 6 + 6 + 9).
The advanced rule adds one fake evidence card, id ``fake`` (偽の証拠), which belongs to
no category: it is only ever in a hand, then public.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from suiri.solver.errors import RecordSyntaxError, Source, unknown_name

from .error_text import ErrorText


class Category(enum.Enum):
    SUSPECT = "suspect"
    WEAPON = "weapon"
    SCENE = "scene"

    @property
    def ja(self) -> str:
        return CATEGORY_JA[self]


CATEGORIES: tuple[Category, ...] = (Category.SUSPECT, Category.WEAPON, Category.SCENE)
CATEGORY_JA = {Category.SUSPECT: "容疑者", Category.WEAPON: "凶器", Category.SCENE: "現場"}
DEFAULT_PREFIX = {Category.SUSPECT: "s", Category.WEAPON: "w", Category.SCENE: "r"}
FAKE = "fake"
FAKE_JA = "偽の証拠"
CARD_ID = re.compile(r"^[\w\-]+$")


@lru_cache(maxsize=4096)
def card_id(name: str) -> str:
    """The id of a card as a ``[cards]`` list or an event may write it: an id (``lead-pipe``)
    or the name printed on the card in any case (``Lead Pipe``, ``Mrs. Peacock``:
    ``mrs-peacock``).  NFKC, case folded, ``.`` and ``'`` dropped, blanks joined by ``-``
    (memoised: a record names its few cards again and again)."""
    folded = unicodedata.normalize("NFKC", name).strip().casefold()
    return re.sub(r"\s+", "-", re.sub(r"[.'’]", "", folded))


@dataclass(frozen=True)
class Card:
    """One evidence card; ``category`` is None only for the fake."""

    id: str
    category: Category | None
    ja: str  # its name in Japanese output: the default deck's 容疑者3, else the name the record gave

    def __hash__(self) -> int:  # cards key every count: hash the id only (equality still compares all)
        return hash(self.id)

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        """A card is a value: a copied game (a test copies a State per move) keeps the same cards."""
        return self

    @property
    def printed(self) -> str:
        """How a ``[cards]`` list writes it: the printed name it was given (``Lead Pipe``), else the id."""
        return self.ja if self.ja != self.id and card_id(self.ja) == self.id else self.id

    def __str__(self) -> str:
        return self.id


FAKE_CARD = Card(FAKE, None, FAKE_JA)


@dataclass(frozen=True)
class Deck:
    """The evidence cards of one game, by category, in a fixed order."""

    suspects: tuple[Card, ...]
    weapons: tuple[Card, ...]
    scenes: tuple[Card, ...]
    default: bool = True

    @classmethod
    def standard(cls, per_category: int = 9) -> Deck:
        """The default deck (D1); smaller ``per_category`` decks serve brute-force tests."""
        lists = [tuple(f"{DEFAULT_PREFIX[c]}{i}" for i in range(1, per_category + 1)) for c in CATEGORIES]
        deck = cls.custom(*lists)
        return Deck(deck.suspects, deck.weapons, deck.scenes, per_category == 9)

    @classmethod
    def custom(cls, suspects: Sequence[str], weapons: Sequence[str], scenes: Sequence[str]) -> Deck:
        def cards(names: Sequence[str], cat: Category) -> tuple[Card, ...]:
            """Each card from its id or printed name (``card_id``); the printed name is kept."""
            default = DEFAULT_PREFIX[cat]
            return tuple(
                Card(i, cat, f"{cat.ja}{i[len(default):]}" if re.fullmatch(default + r"\d+", i) else name.strip())
                for name in names for i in (card_id(name),)
            )

        return cls(cards(suspects, Category.SUSPECT), cards(weapons, Category.WEAPON), cards(scenes, Category.SCENE),
                   default=False)

    def of(self, category: Category) -> tuple[Card, ...]:
        return self._by_category[category]

    @cached_property
    def _by_category(self) -> dict[Category, tuple[Card, ...]]:
        """The cards of each category (``of`` is asked for every named card of every move)."""
        return {Category.SUSPECT: self.suspects, Category.WEAPON: self.weapons, Category.SCENE: self.scenes}

    @cached_property
    def evidence(self) -> tuple[Card, ...]:
        return self.suspects + self.weapons + self.scenes

    def cards(self, fake: bool) -> tuple[Card, ...]:
        """Every card dealt: the evidence, plus the fake with the advanced rule."""
        return self.evidence + ((FAKE_CARD,) if fake else ())

    @cached_property
    def _by_name(self) -> dict[str, Card]:
        names: dict[str, Card] = {}
        for card in self.evidence:
            names[card.id] = card
            names[card.ja] = card
        names[FAKE] = FAKE_CARD
        names[FAKE_JA] = FAKE_CARD
        return names

    def parse(self, name: object, source: Source | None, fake: bool = False) -> Card:
        """A card from its id or Japanese name; ``fake`` only under the advanced rule."""
        if isinstance(name, str):
            card = self._by_name.get(name.strip()) or self._by_name.get(card_id(name))
            if card is not None and (card.category is not None or fake):
                return card
            if card is not None:
                raise RecordSyntaxError(ErrorText("cards:fake-not-in-play"), source,
                                        ErrorText("cards:fake-not-in-play-valid"))
        spellings = {n: c.id for n, c in self._by_name.items() if fake or c.category is not None}
        raise unknown_name("card", name, [c.id for c in self.cards(fake)], source, self.describe_text(),
                           spellings=spellings)

    def describe(self) -> str:
        """The deck in a line (English): ``suspects s1…s9; weapons w1…w9; scenes r1…r9``."""
        return str(self.describe_text())

    def describe_text(self) -> ErrorText:
        """The deck in a line, in either language (the valid text of an unknown card)."""
        return ErrorText("cards:deck", suspects=self._span(self.suspects), weapons=self._span(self.weapons),
                         scenes=self._span(self.scenes))

    @staticmethod
    def _span(cards: tuple[Card, ...]) -> str:
        ids = [c.id for c in cards]
        return f"{ids[0]}…{ids[-1]}" if len(ids) > 4 else ", ".join(ids)

    def __len__(self) -> int:
        return len(self.evidence)


STANDARD_DECK = Deck.standard()
