"""One error family for every user-facing problem.

A user error must say where (file, line, field), what is wrong and what would be
valid; the CLI prints it and exits with ``exit_code`` (2), never with a traceback.
The three kinds follow python-chess: the text cannot be read (``RecordSyntaxError``),
the rules forbid it (``IllegalMoveError``), or every step is legal but no hidden state
fits them all (``InconsistentRecordError``).  ``Undecided`` (exit 3) is no user error
but is reported the same way: the solver ran out of time.

An error prints in the language of the command (``render(lang)``).  Its message and
its ``valid`` text are ``Text``: a key of a catalogue of error sentences (English and
Japanese) with its parameters.  ``ERROR_TEXT`` here holds the sentences every game
shares (files, players, names, the framing words); each game keeps its own sentences
(its notation, its rules) in ``models/<game>/error_text.py``, a ``Text`` subclass
whose ``table`` is that game's catalogue.  A plain string still prints (in English):
internal errors and the few messages that are data, such as a TOML parser's.  ``unknown_name`` builds the error for a
misspelt name in every game: the closest spellings (difflib) and the real list.

``NoWorldFits`` is internal: a game's exact counter raises it when no hidden state fits
the observations; the game's session turns it into an ``InconsistentRecordError``
naming the lines in conflict.
"""

from __future__ import annotations

import copy
import difflib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from .plural import Count

# The catalogue of error sentences: key -> (English, Japanese).  Parameters in braces;
# a parameter may itself be a ``Text`` (rendered in the same language).
ERROR_TEXT: dict[str, tuple[str, str]] = {
    # framing words, the same for every error
    "label:error": ("error", "エラー"),
    "label:undecided": ("undecided", "未決定"),
    "frame:valid": (" (valid: {valid})", " (有効な値: {valid})"),
    "frame:did-you-mean": ("; did you mean {names}?", "。もしかして {names}？"),
    "frame:or": (" or ", " または "),
    # the record file itself
    "file:missing": ("no such file", "そのようなファイルはありません"),
    "file:missing-valid": ("the path of a game record (TOML or a compact notation)",
                           "記録ファイル（TOML またはコンパクト記法）のパス"),
    "file:directory": ("this is a directory, not a record file", "これはディレクトリです。記録ファイルではありません"),
    "file:directory-valid": ("the path of a record file, e.g. {example}", "記録ファイルのパス（例: {example}）"),
    "file:binary": ("not a text file: byte {offset} (0x{byte}) is not UTF-8 text (an image or other binary file?)",
                    "テキストファイルではありません：{offset} バイト目 (0x{byte}) が UTF-8 の文字ではありません"
                    "（画像などのバイナリファイル？）"),
    "file:utf16": ("the file is UTF-16 text (Notepad's \"Unicode\"), not UTF-8",
                   "ファイルが UTF-16（メモ帳の「Unicode」）で保存されています。UTF-8 ではありません"),
    "file:text-valid": ("a record saved as UTF-8 text (TOML or a compact notation)",
                        "UTF-8 のテキストとして保存した記録（TOML またはコンパクト記法）"),
    "file:unreadable": ("cannot read the file ({reason})", "ファイルを読めません（{reason}）"),
    "file:unreadable-valid": ("a record file you may read", "読み取りできる記録ファイル"),
    "file:compact-in-toml": ("TOML; this file holds {game}'s compact notation, which is read from a file "
                             "not named .toml (e.g. game.txt)",
                             "TOML。このファイルは {game} のコンパクト記法で、.toml 以外の名前（例: game.txt）なら読めます"),
    "file:empty": ("the file is empty", "ファイルが空です"),
    "file:only-comments": ("the file holds only comments and blank lines", "ファイルにはコメントと空行しかありません"),
    "file:record-start": ("a record starts with game = {games} (TOML) or a compact first line such as "
                          "\"canary aki bea cid\"",
                          "game = {games}（TOML）か、\"canary aki bea cid\" のようなコンパクト記法の行で始まる記録"),
    "game:missing": ("missing game", "game がありません"),
    "game:other": ("game is {written}", "game は {written}"),
    "game:reader": ("{what}, this reader is for {game}", "{what}。この読み取りは {game} 用です"),
    "toml:syntax": ("not valid TOML: {message}", "TOML として読めません: {message}"),
    # the players field, the same in every game
    "players:missing": ("missing players", "players がありません"),
    "players:not-a-list": ("players must be a list of names", "players は名前のリストにします"),
    "players:list-valid": ('["aki", "bea", "cid"] in turn order', '手番順に ["aki", "bea", "cid"]'),
    "players:bad-name": ("player name {name} is not allowed", "プレイヤー名 {name} は使えません"),
    "players:name-valid": ("letters of any script and case (aki, Aki, あき), digits, '-' and '_'",
                           "文字（かな・漢字・英字、大文字も可: aki, Aki, あき）・数字・'-'・'_'"),
    "players:twice": ("a player is named twice", "同じプレイヤーが二度書かれています"),
    "players:twice-valid": ("distinct names", "互いに異なる名前"),
    "players:distinct-valid": ("distinct names (case aside: Aki and aki are one name)",
                               "互いに異なる名前（大文字と小文字は区別しません: Aki と aki は同じ名前）"),
    "players:count": ("{n:player/players}: the game is for {low} to {high}", "{n} 人：このゲームは {low}〜{high} 人用です"),
    "players:count-valid": ("{low} to {high} names", "{low}〜{high} 人の名前"),
    # misspelt names
    "name:unknown": ("unknown {noun} {name}", "不明な{noun} {name}"),
    "name:not-a": ("{name} is not a {noun}", "{name} は{noun}ではありません"),
    "name:not-here": ("{name} is not a {noun} here", "{name} はこの記録の{noun}ではありません"),
    "name:listed-at": ("one of {n}, listed in {where}", "{n} 個のうちのいずれか（一覧: {where}）"),
    "noun:player": ("player", "プレイヤー"),
    "noun:card": ("card", "カード"),
    "noun:clue": ("clue", "手がかり"),
    "noun:subject": ("subject", "事実の対象"),
    "noun:game": ("game", "ゲーム"),
    "noun:field": ("field", "項目"),
    "noun:variant": ("variant", "バリアント"),
    "noun:category": ("category", "分類"),
    "noun:place": ("place", "場所"),
    "noun:card-place": ("place a card can be", "カードの置き場所"),
    "noun:example": ("example record", "付属の記録"),
    "noun:bot": ("bot", "ボット"),
    # a compact notation's line that cannot be split into words (quotes)
    "notation:split": ("cannot split the line into words: {reason}", "行を語に分けられません：{reason}"),
    "notation:split-valid": ("words separated by blanks; a name with spaces in quotes, e.g. \"Giant Stone Bridge\"",
                             "空白で区切った語。空白を含む名前は引用符で囲む（例: \"Giant Stone Bridge\"）"),
    "valid:viewer": ("{names} or omit it (spectator)", "{names}、または省略（観戦者）"),
    "players:for-game": ("{game} is for {span} players, not {n}", "{game}は{span}人用です（{n}人ではありません）"),
    "span:or": ("{low} or {high}", "{low}か{high}"),
    "span:to": ("{low} to {high}", "{low}〜{high}"),
    "game:no-notation": ("{game} has no notation {notation}", "{game}には記法 {notation} がありません"),
    "game:no-bots": ("{game} has no bots to play against", "{game}には対戦できるボットがありません"),
    "question:unknown": ("{game} puzzles have no question {question}", "{game}のパズルに問い {question} はありません"),
    "live:first-line": ("the first line must name the game and its players",
                        "最初の行にはゲームの名前とプレイヤーを書きます"),
    "toml:syntax-valid": ("TOML 1.0 (https://toml.io)", "TOML 1.0（https://toml.io）"),
    # facts typed by the user (explain, hint --known)
    "fact:unreadable": ("cannot read the fact {fact}", "事実 {fact} を読めません"),
    "fact:unreadable-valid": ("subject=value or subject!=value (see `suiri explain --help` for each game's subjects)",
                              "subject=value または subject!=value（各ゲームの対象は `suiri explain --help` を参照）"),
    "fact:incomplete": ("the fact {fact} lacks a subject or a value", "事実 {fact} に対象か値がありません"),
    "fact:not-a-value": ("{value} is not a value of {subject}", "{value} は {subject} の値ではありません"),
    "fact:not-proven": ("{fact} is given as known, but the record does not prove it",
                        "{fact} が分かっていることとして与えられましたが、記録からは証明できません"),
    "fact:not-proven-valid": ("facts that `suiri analyze` lists as certain, or that a hint derived",
                              "`suiri analyze` が確かとする事実、またはヒントが導いた事実"),
    # a record no hidden state fits (``worlds``: what the game's hidden state is called)
    "inconsistent:lines": ("no {worlds} fits these {n} record lines together (each is legal alone; at least one "
                           "was written wrongly)",
                           "この{n}行の記録をすべて満たす{worlds}はありません（どの行も単独では正しいので、"
                           "少なくとも1行が書き間違いです）"),
    "inconsistent:line": ("no {worlds} fits this record line (each is legal alone; at least one was written wrongly)",
                          "この記録行を満たす{worlds}はありません（単独では正しい行なので、書き間違いです）"),
}


class Text:
    """A sentence of a catalogue (``table``: key -> (English, Japanese)) with its
    parameters, printed in either language.  ``Text`` itself reads ``ERROR_TEXT``; a
    game's subclass reads the game's own catalogue."""

    table: ClassVar[Mapping[str, tuple[str, str]]] = ERROR_TEXT

    def __init__(self, key: str, **params: object) -> None:
        if key not in self.table:
            raise KeyError(f"no error text {key!r} in {type(self).__name__}")
        self.key = key
        self.params = params

    def render(self, lang: str = "en") -> str:
        en, ja = self.table[self.key]
        template = ja if lang == "ja" else en
        return template.format(**{k: Count(v) if type(v) is int else render(v, lang)  # {n:card/cards}: plural.py
                                  for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.render("en")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r}, {self.params!r})"



def render(text: object, lang: str = "en") -> str:
    """A message part in ``lang``: a ``Text`` is translated, anything else printed as it is
    (the English fallback for sentences not in the catalogue)."""
    if isinstance(text, Text):
        return text.render(lang)
    if isinstance(text, Joined):
        return "".join(render(part, lang) for part in text.parts)
    if isinstance(text, Named):
        return text.ja if lang == "ja" else text.en
    return str(text)


@dataclass(frozen=True)
class Named:
    """A name the data gives in both languages (a game's title), as a message part."""

    en: str
    ja: str

    def __str__(self) -> str:
        return self.en


@dataclass(frozen=True)
class Joined:
    """Message parts printed one after the other (e.g. a message and "did you mean …")."""

    parts: tuple[object, ...]

    def __str__(self) -> str:
        return render(self, "en")


Message = str | Text | Joined | Named


@dataclass(frozen=True)
class Source:
    """Where something was written: a record file, a line (1-based) and a field."""

    file: str
    line: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
        if self.field:
            where += f": {self.field}"
        return where

    def cited(self) -> str:
        """This place in a list of record lines (a conflict): a typed line shows itself."""
        return str(self)

    def speak(self, message: Message, valid: Message | None) -> tuple[Source, Message, Message | None]:
        """An error's place, message and valid text in the words this place was written in:
        as they are for TOML; a compact notation's source (``solver.notation``) says them in
        the notation's words (and may file the error under the word the notation names)."""
        return self, message, valid


class SuiriError(Exception):
    """Base of every error a user can cause; ``str()`` is the full message (English).
    The CLI prints ``label: render(lang)`` on stderr and exits with ``exit_code``.

    ``message`` and ``valid`` are the English strings (``--json`` prints them);
    ``text`` and ``valid_text`` keep what was raised, to print it in another language."""

    exit_code = 2
    label = "error"

    def __init__(self, message: Message, source: Source | None = None, valid: Message | None = None):
        if source is not None:
            source, message, valid = source.speak(message, valid)
        self.text = message
        self.valid_text = valid
        self.message = render(message)
        self.source = source
        self.valid = render(valid) if valid is not None else None
        super().__init__(self.render())

    def render(self, lang: str = "en") -> str:
        what = render(self.text, lang)
        text = f"{self.source}: {what}" if self.source else what
        return text + valid_suffix(self.valid_text, lang)

    def at(self, source: Source) -> SuiriError:
        """The same error, said of ``source`` (e.g. the command-line argument a fact came from)."""
        moved = copy.copy(self)
        moved.source = source
        moved.args = (moved.render(),)
        return moved

    def label_in(self, lang: str = "en") -> str:
        """The word before the message: ``error`` (``エラー``), ``undecided``."""
        key = f"label:{self.label}"
        return Text(key).render(lang) if key in ERROR_TEXT else self.label


def valid_suffix(valid: Message | None, lang: str = "en") -> str:
    """`` (valid: …)``, or nothing when there is nothing to say."""
    text = render(valid, lang) if valid is not None else ""
    return Text("frame:valid", valid=text).render(lang) if text else ""


class RecordSyntaxError(SuiriError):
    """The record cannot be read: bad TOML, a missing field, an unknown name."""


class IllegalMoveError(SuiriError):
    """A step of the record breaks a rule of the game."""


class InconsistentRecordError(SuiriError):
    """Every step is legal, but no hidden state agrees with all of them at once.

    ``conflict`` holds a minimal set of record lines that cannot all be true.
    """

    def __init__(self, message: Message, conflict: Sequence[Source], valid: Message | None = None):
        self.conflict = tuple(conflict)
        first = self.conflict[0] if self.conflict else None
        super().__init__(message, first, valid)

    def render(self, lang: str = "en") -> str:
        head = f"{self.source.file if self.source else ''}: {render(self.text, lang)}"
        head += valid_suffix(self.valid_text, lang)
        return "\n".join([head, *(f"  {cited}" for cited in dict.fromkeys(src.cited() for src in self.conflict))])


class FactError(SuiriError):
    """A fact given on the command line is malformed or names something unknown."""


class ErrorList(SuiriError):
    """Several independent problems found by a lenient reader, reported together."""

    def __init__(self, errors: Iterable[SuiriError]):
        self.errors: list[SuiriError] = list(errors)
        super().__init__(self.render())

    def render(self, lang: str = "en") -> str:
        return "\n".join(e.render(lang) for e in self.errors)


class Undecided(SuiriError):
    """The solver hit its time limit: the question has no answer yet (exit status 3)."""

    exit_code = 3
    label = "undecided"


class NoWorldFits(Exception):
    """Internal: the exact counter found no hidden state that fits the observations."""


def raise_all(errors: list[SuiriError]) -> None:
    """Raise the collected errors: one as itself, several as an ``ErrorList``."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise ErrorList(errors)


def close_spellings(written: object, spellings: Iterable[str] | Mapping[str, str], n: int = 3) -> list[str]:
    """The spellings nearest to ``written`` (difflib's ratio, case ignored), best first, one
    per thing named: ``spellings`` may map each spelling to what it names (a card's id, its
    English and its Japanese name all name one card)."""
    if not isinstance(written, str) or not written.strip():
        return []
    named = spellings if isinstance(spellings, Mapping) else {s: s for s in spellings}
    by_folded: dict[str, str] = {}
    for s in sorted(named, key=lambda s: named[s] != s):  # a name itself before its other spellings
        by_folded.setdefault(s.lower(), s)
    key = written.strip().lower()
    found = difflib.get_close_matches(key, list(by_folded), n=len(by_folded), cutoff=0.6)
    if len(key) >= 3:  # a name cut short ('ruins' for 'ruins-above-the-clouds') is far by difflib's ratio
        found += [f for f in by_folded if f.startswith(key) and f not in found]
    out: list[str] = []
    for spelling in (by_folded[f] for f in found):
        if named[spelling] not in {named[o] for o in out}:
            out.append(spelling)
    return out[:n]


LISTED = 12  # a longer list of names is not printed in an error: the closest few, and where the list is


def listing(names: Sequence[str], listed_at: str | None = None) -> Message:
    """The valid names of an error: all of them, or (more than ``LISTED``, with ``listed_at``)
    how many there are and where they are listed."""
    if listed_at is None or len(names) <= LISTED:
        return ", ".join(names)
    return Text("name:listed-at", n=len(names), where=listed_at)


def unknown_name(noun: str, written: object, names: Sequence[str], source: Source | None = None,
                 valid: Message | None = None, spellings: Iterable[str] | Mapping[str, str] | None = None,
                 error: type[SuiriError] = RecordSyntaxError, phrase: str = "unknown",
                 listed_at: str | None = None) -> SuiriError:
    """The error for a misspelt name, the same in every game: ``unknown card 'crag-lokout';
    did you mean 'crag-lookout'? (valid: …)``.

    ``noun`` is a key ``noun:…`` of ``ERROR_TEXT`` (player, card, subject, …); ``names`` the
    real list (``valid`` by default, or where it is listed: ``listing``); ``spellings`` every
    accepted way to write one (default: ``names``; a mapping: each spelling to the name it
    means), among which the close ones are suggested as written; ``phrase`` ``"unknown"``
    or ``"not-a"`` (``'zed' is not a player``) or ``"not-here"``."""
    near = close_spellings(written, names if spellings is None else spellings)
    message: Message = Text(f"name:{phrase}", noun=Text(f"noun:{noun}"), name=repr(written))
    if near:
        said = Joined(tuple(_alternatives([repr(s) for s in near])))
        message = Joined((message, Text("frame:did-you-mean", names=said)))
    return error(message, source, listing(names, listed_at) if valid is None else valid)


def _alternatives(items: Sequence[str]) -> list[object]:
    """``'a', 'b' or 'c'`` (the last joined by the language's "or")."""
    if len(items) == 1:
        return list(items)
    return [", ".join(items[:-1]), Text("frame:or"), items[-1]]


def unknown_subject(written: str, patterns: Sequence[str], valid: Message | None = None,
                    also: Iterable[str] = ()) -> SuiriError:
    """A misspelt fact subject (``squar:a2``): the patterns of the game's subjects
    (``square:SQ``) are compared with the arguments as written (``square:a2`` is suggested
    when the counts of arguments agree).  ``also``: further spellings of a subject."""
    args = written.split(":")[1:]
    spellings = [p.split(":")[0] + "".join(f":{a}" for a in args) if p.count(":") == len(args) else p
                 for p in patterns]
    return unknown_name("subject", written, patterns, None, valid, spellings=[*spellings, *also], error=FactError)
