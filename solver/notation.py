"""Errors in the words of a compact notation, when the record was typed in it.

A game's compact notation reads into the same data as its TOML (``models/<game>/notation.py``),
so the reader and the rules raise their errors in TOML's words: the field ``turn[2].eliminated``,
the value ``"revealed"``, the sentence "revealed is missing".  A user who typed ``cho vote
... out ben`` knows none of them.  The notation's parser therefore records its line map as
``NotationLines``: every ``Source`` it gives is a ``NotationSource``, which carries the line
as typed and the game's ``Dialect``.  ``SuiriError`` asks its source to ``speak`` its message
and its ``valid`` text, so every error about a typed line, whichever layer raises it, is said
in the notation's words: the field as the notation names it (``out``), the values as it
writes them (``r``, ``aki=n``), and a conflict lists the lines as they were typed.  The
machine-readable ``Source.field`` stays the TOML path (``check --json``, explanations)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from .errors import Joined, Message, Source, Text
from .records import LineMap, TablePath

INDEXED = re.compile(r"^(turn|event|search)\[\d+\]\.?")  # the TOML path of a typed line's table


@dataclass(frozen=True)
class Dialect:
    """How one game's notation says what its TOML says.

    ``fields``: a TOML field (without its ``turn[N].`` prefix) -> the notation's word for
    it ("" : the line itself, nothing more to name); ``children``: a TOML table -> a
    template for one of its keys (``{}``: the key), e.g. ``rules`` -> ``rule {}``.
    ``sentences``: a catalogue key -> the key of the same sentence in the notation's words
    (in ``table``, the game's catalogue, with the same parameters).  ``values(valid,
    field, params)``: a plain ``valid`` text (a TOML value such as ``"revealed"``) as the
    notation writes it, None to keep it; ``phrases``: a TOML phrase passed as a parameter
    or a valid text -> the notation's; ``filed``: a sentence's key -> the word to file
    the error under when the TOML files it under another field (a vote without ``shows``
    is filed under ``eliminated``)."""

    table: type[Text]
    fields: Mapping[str, str] = field(default_factory=dict)
    children: Mapping[str, str] = field(default_factory=dict)
    sentences: Mapping[str, str] = field(default_factory=dict)
    values: Callable[[str, str, Mapping[str, object]], Message | None] = lambda valid, field, params: None
    filed: Mapping[str, str] = field(default_factory=dict)
    phrases: Mapping[str, str] = field(default_factory=dict)

    def field_word(self, label: str | None) -> str | None:
        """A TOML field label (``turn[3].declare.answers``) in the notation's words."""
        if not label:
            return label
        indexed = INDEXED.match(label)
        rest = label[indexed.end():] if indexed else label
        parent, _, child = rest.rpartition(".")
        for prefix in ([f"{indexed.group(1)}."] if indexed else []) + [""]:  # `search.target` before `target`
            if prefix + rest in self.fields:
                return self.fields[prefix + rest] or None
            if parent and prefix + parent in self.children:
                return self.children[prefix + parent].format(child)
            if parent and prefix + parent in self.fields:
                return self.fields[prefix + parent] or None
        return rest or None

    def say(self, message: Message) -> Message:
        """``message`` with each sentence that has a notation form replaced by it."""
        if isinstance(message, Text):
            params = {k: self.say(v) if isinstance(v, (Text, Joined)) else self.phrases.get(v, v) if isinstance(v, str)
                      else v for k, v in message.params.items()}
            key = self.sentences.get(message.key)
            if key is not None:
                return self.table(key, **params)
            return type(message)(message.key, **params)
        if isinstance(message, Joined):
            return Joined(tuple(self.say(p) if isinstance(p, (Text, Joined)) else p for p in message.parts))
        return message


def _params(message: Message) -> dict[str, object]:
    """The parameters of a message's sentences, outermost first."""
    if isinstance(message, Text):
        out = dict(message.params)
        for value in message.params.values():
            for k, v in _params(value).items() if isinstance(value, (Text, Joined)) else ():
                out.setdefault(k, v)
        return out
    if isinstance(message, Joined):
        found: dict[str, object] = {}
        for part in message.parts:
            if isinstance(part, (Text, Joined)):
                for k, v in _params(part).items():
                    found.setdefault(k, v)
        return found
    return {}


@dataclass(frozen=True)
class NotationSource(Source):
    """A place in a record typed in a compact notation: printed with the field in the
    notation's words; cited (in a list of conflicting lines) as the line typed."""

    typed: str = field(default="", compare=False)
    dialect: Dialect | None = field(default=None, compare=False, repr=False)
    said: str | None = field(default=None, compare=False)  # the field as the notation names it, if not derived

    def __str__(self) -> str:
        said = self.said or (self.dialect.field_word(self.field) if self.dialect is not None else self.field)
        return str(Source(self.file, self.line, said))

    def cited(self) -> str:
        return f"{self.file}:{self.line}: {self.typed}" if self.line is not None and self.typed else str(self)

    def speak(self, message: Message, valid: Message | None) -> tuple[Source, Message, Message | None]:
        if self.dialect is None:
            return self, message, valid
        filed = self.dialect.filed.get(message.key) if isinstance(message, Text) else None
        source = replace(self, said=filed) if filed else self
        word = filed or self.dialect.field_word(self.field) or ""
        if isinstance(valid, str):
            valid = self.dialect.values(valid, word, _params(message)) or self.dialect.phrases.get(valid, valid)
        return source, self.dialect.say(message), self.dialect.say(valid) if valid is not None else None


@dataclass
class NotationLines(LineMap):
    """The line map of a record typed in a notation: its sources know the typed lines."""

    typed: dict[int, str] = field(default_factory=dict)
    dialect: Dialect | None = None

    def source(self, table: TablePath = (), key: str | None = None, field: str | None = None) -> Source:
        plain = super().source(table, key, field)
        return NotationSource(plain.file, plain.line, plain.field,
                              self.typed.get(plain.line, "") if plain.line is not None else "", self.dialect)

    def at(self, line: int, label: str | None = None) -> NotationSource:
        """The source of a typed line (the notation's own errors)."""
        return NotationSource(self.file, line, label, self.typed.get(line, ""), self.dialect)


def unquoted_name(words: list[str], names: Mapping[str, str]) -> tuple[str, str] | None:
    """The first run of consecutive words that together spell a name with spaces (``Crag
    Lookout``, typed without quotes): the name as typed and the id it names.  ``names``:
    each such name, lower case, to its id."""
    said = " ".join(words).lower()
    if not any(n in said for n in names):  # the usual line: no name there at all
        return None
    longest = max((len(n.split()) for n in names), default=0)
    for i in range(len(words)):
        for n in range(min(longest, len(words) - i), 1, -1):
            typed = " ".join(words[i:i + n])
            if typed.lower() in names:
                return typed, names[typed.lower()]
    return None


def typed_lines(text: str) -> dict[int, str]:
    """Each line of ``text`` as typed (stripped), by number."""
    return {n: line.strip() for n, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1)}


__all__ = ["Dialect", "NotationLines", "NotationSource", "typed_lines", "unquoted_name"]

