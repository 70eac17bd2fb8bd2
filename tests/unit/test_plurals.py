"""English counts agree with their number in every catalogue (issue 19, item 19): "2
record line(s)", "its 0 face-down card(s)", "a list of 1 cards" were printed.  A count
is written ``{n:card/cards}`` (``solver.plural``), in the error catalogues, the CLI's
sentences, the puzzle book's and the puzzle's header alike; the games' screen
catalogues keep their ``key-1`` singular forms (``test_wording``)."""

from __future__ import annotations

import re
import string

import pytest
from click.testing import CliRunner

import suiri.cli.messages as cli_messages
import suiri.models.canary.error_text  # noqa: F401  (each module defines a catalogue)
import suiri.models.detective.error_text  # noqa: F401
import suiri.models.werewolf.error_text  # noqa: F401
import suiri.puzzles as puzzles
import suiri.puzzles.book as book
from suiri.cli.main import main
from suiri.models.werewolf.error_text import ErrorText as WerewolfError
from suiri.solver.errors import Text
from suiri.solver.plural import Count, plural

NOUNS = ("cards|card|lines|players|steps|puzzles|copies|squares|declarations|words|raisers|hands|games|facts"
         "|corners|turns|events|moves|names|refuters|worlds|deals|histories")
# A bare ``{field} [adjective] nouns`` in English: a count that does not agree when it is 1.
BARE_COUNT = re.compile(rf"\{{(\w+)\}} (?:[a-z-]+ )?(?:{NOUNS})\b")
ALWAYS_SEVERAL = {  # (sentence, field): never fewer than two, by the rules or the code that fills it in
    ("players:for-game", "span"), ("players:count-valid", "high"), ("inconsistent:lines", "n"),
    ("notation:refuters", "n"), ("notation:many-refuters", "n"), ("record:public-count", "players"),
    ("record:uneven-deal", "players"), ("say:record:uneven-deal", "players"), ("record:sizes-sum", "deck"), ("record:sizes-sum", "dealt"),
    ("deck:too-small", "players"), ("puzzle:none-found", "lines"), ("you", "players"), ("book:too-few", "count"),
}


NOT_COUNTS = {"game", "what", "difficulty", "none", "name"}  # words, not numbers: "{game} puzzles", "{none} among cards"


def catalogues() -> dict[str, dict[str, str]]:
    """Every English catalogue of sentences outside the games' screens, by name."""
    out = {f"{t.__module__}.{t.__name__}": {k: en for k, (en, _) in t.table.items()}
           for t in [Text, *Text.__subclasses__()]}
    out["cli.messages.MESSAGES"] = cli_messages.MESSAGES["en"]
    out["puzzles.book.TEXT"] = book.TEXT["en"]
    out["puzzles.HEADER"] = puzzles.HEADER["en"]
    return out


def test_no_sentence_hedges_its_plural() -> None:
    hedged = [(name, key) for name, table in catalogues().items() for key, en in table.items() if "(s)" in en]
    assert not hedged, hedged


def test_every_count_of_a_noun_agrees_with_its_number() -> None:
    bare = [(name, key, m.group(0)) for name, table in catalogues().items() for key, en in table.items()
            for m in BARE_COUNT.finditer(en)
            if (key, m.group(1)) not in ALWAYS_SEVERAL and m.group(1) not in NOT_COUNTS]
    assert not bare, bare


@pytest.mark.parametrize("name", sorted(catalogues()))
def test_each_sentence_reads_for_one_and_for_two(name: str) -> None:
    """Every field formats for 0, 1 and 2, and a counted noun is singular for 1 only."""
    for key, en in catalogues()[name].items():
        fields = {f for _, f, _, _ in string.Formatter().parse(en) if f}
        for n in (0, 1, 2):
            said = en.format(**{f: Count(n) for f in fields})
            assert "(s)" not in said
            for spec in re.findall(r"\{\w+:([^{}]*/[^{}]*)\}", en):
                one, many = spec.split("/", 1)
                assert f"{n} {one if n == 1 else many}" in said, (key, said)


def test_the_helper() -> None:
    assert [plural(n, "line/lines") for n in (0, 1, 2)] == ["0 lines", "1 line", "2 lines"]
    assert f"{Count(1234):,}" == "1,234" and f"{Count(1):card is/cards are}" == "1 card is"


def test_the_sentences_the_issue_quoted() -> None:
    said = WerewolfError("revealed:count", given=WerewolfError("revealed:missing"), player="cho", n=0).render()
    assert said == "revealed is missing: cho's hand and its 0 face-down cards turn up"
    assert WerewolfError("revealed:valid", n=1, downs=[]).render() == "a list of 1 card: the hand, then discard cards []"
    puzzle = CliRunner().invoke(main, ["puzzle", "--seed", "3"]).stdout
    assert any(x.startswith("# difficulty: ") and ": 2 record lines, 3 steps," in x for x in puzzle.splitlines()), puzzle
    assert Text("players:count", n=1, low=3, high=6).render() == "1 player: the game is for 3 to 6"
