"""The words people read: counts as people read them, English plurals that agree with
their number, a legend where 2-player Canary's goal chances add up past 100%, and one
Japanese vocabulary across the games (極小, minimal, never 最小, minimum)."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli.layout import readable_count
from suiri.cli.main import main
from suiri.cli.messages import Messages
from suiri.models.canary.board import STANDARD_BOARD
from suiri.models.canary.text import Text as CanaryText
from suiri.models.detective.cards import STANDARD_DECK
from suiri.models.detective.text import Text as DetectiveText
from suiri.models.werewolf.text import Text as WerewolfText

ROOT = Path(__file__).resolve().parents[2]


# -- readable counts ---------------------------------------------------------------------
@pytest.mark.parametrize(("n", "en", "ja"), [
    (0, "0", "0"),
    (1, "1", "1"),
    (403, "403", "403"),
    (123_456, "123,456", "123,456"),
    (999_999, "999,999", "999,999"),
    (10**6, "1.0 × 10⁶", "1.0 × 10⁶"),
    (1_234_567, "≈ 1.2 × 10⁶", "約 1.2 × 10⁶"),
    (1_250_000, "≈ 1.3 × 10⁶", "約 1.3 × 10⁶"),  # half up
    (9_960_000, "≈ 1.0 × 10⁷", "約 1.0 × 10⁷"),  # rounding carries into the exponent
    (7746591502190869331080836164242636800000000, "≈ 7.7 × 10⁴²", "約 7.7 × 10⁴²"),
    (Fraction(25, 2), "12.5", "12.5"),
    (Fraction(1, 3), "≈ 0.33", "約 0.33"),
])
def test_readable_count(n: int | Fraction, en: str, ja: str) -> None:
    assert readable_count(n, "en") == en
    assert readable_count(n, "ja") == ja


def test_readable_count_is_exact_in_json() -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["analyze", _example("canary-3p")]).stdout
    data = runner.invoke(main, ["analyze", _example("canary-3p"), "--json"]).stdout
    assert "≈ 7.7 × 10⁴²" in text and "7746591502190869331080836164242636800000000" not in text
    assert "7746591502190869331080836164242636800000000" in data


# -- English plurals ---------------------------------------------------------------------
class _Any:
    """Stands for any argument of a sentence, whatever its format spec."""

    def __format__(self, spec: str) -> str:
        return "X"


AnyText = CanaryText | DetectiveText | WerewolfText
TEXTS: dict[str, Callable[[], AnyText]] = {
    "canary": lambda: CanaryText("en", STANDARD_BOARD, 3),
    "detective": lambda: DetectiveText("en", STANDARD_DECK, clue=False),
    "detective-clue": lambda: DetectiveText("en", STANDARD_DECK, clue=True),
    "werewolf": lambda: WerewolfText("en"),
}
ONE_AND_PLURAL = re.compile(r"(?<![\w.])1 (possible |more |record |search |consistent )?[a-z]+s\b")


def _catalogue(text: AnyText) -> dict[str, str]:
    """The sentences of a game's ``Text`` (Canary keeps them in ``t``, the others in ``m``)."""
    return text.t if isinstance(text, CanaryText) else text.m


def _counted_sentences(text: AnyText) -> list[tuple[str, str]]:
    """Every sentence of the catalogue that takes a count ``n``, written for n = 1."""
    out = []
    for key, template in _catalogue(text).items():
        fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        if "n" in fields and not key.endswith("-1"):
            out.append((key, text(key, **{**{f: _Any() for f in fields}, "n": 1})))
    return out


@pytest.mark.parametrize("game", TEXTS)
def test_a_count_of_one_is_singular(game: str) -> None:
    text = TEXTS[game]()
    sentences = _counted_sentences(text)
    assert sentences
    wrong = [(key, s) for key, s in sentences if "(s)" in s or ONE_AND_PLURAL.search(s)]
    assert not wrong, wrong


@pytest.mark.parametrize("game", TEXTS)
def test_no_sentence_hedges_its_plural(game: str) -> None:
    text = TEXTS[game]()
    assert not [key for key, s in _catalogue(text).items() if "(s)" in s]


def test_the_screens_agree_with_their_numbers() -> None:
    w = WerewolfText("en")
    assert w("proof-size", n=1) == "Minimal proof: 1 record line; without it the fact is unproven:"
    assert w("proof-size", n=2).startswith("Minimal proof: 2 record lines;")
    assert w("phase-play", n=1, p="ben") == "Phase: play — 1 card left in the deck; next: ben"
    assert CanaryText("en", STANDARD_BOARD)("seat-spectator", n=1) == "1 turn, seen by a spectator"
    m = Messages("en")
    assert m("hint-left", facts=m.count("certain-facts", 1)) == "(Still to find after this step: 1 certain fact.)"


# -- the 2-player goal legend ------------------------------------------------------------
@pytest.fixture(scope="module")
def two_player_record(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = CliRunner().invoke(main, ["simulate", "--players", "2", "--seed", "7", "--turns", "10"]).stdout
    path = tmp_path_factory.mktemp("c2") / "c2.toml"
    path.write_text(out, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("lang", "legend"), [
    ("en", "With 2 players the goal is 5 squares (every square carrying both clues), so the goal chances "
           "add up to 500%, not 100%."),
    ("ja", "2人プレイではゴールは5マス（両方の手がかりが描かれたマスすべて）なので、ゴールの確率の合計は100%ではなく500%になる。"),
], ids=["en", "ja"])
def test_two_player_map_says_why_the_goal_chances_pass_100(two_player_record: str, lang: str,
                                                             legend: str) -> None:
    out = CliRunner().invoke(main, ["analyze", two_player_record, "--lang", lang]).stdout
    assert legend in out.splitlines()


def test_three_player_map_has_no_goal_legend() -> None:
    out = CliRunner().invoke(main, ["analyze", _example("canary-3p")]).stdout
    assert "add up to" not in out


# -- one Japanese vocabulary -------------------------------------------------------------
JAPANESE_SOURCES = [*sorted((ROOT / "models").glob("*/text.py")), *sorted((ROOT / "cli").glob("*.py")),
                    *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "decisions.md"),
                    ROOT / "README.md"]  # decisions.md names the word it rules out
MINIMUM_FOR_MINIMAL = re.compile(r"最小(?!人数|値)")  # a true minimum (players, a value) may say 最小


def test_minimal_is_always_kyokushou() -> None:
    """A proof or set that loses its force when any one line is dropped is minimal (極小), not
    the smallest there is (最小): the engine does not promise a minimum."""
    found = [f"{p.relative_to(ROOT)}:{i}: {line.strip()}" for p in JAPANESE_SOURCES
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
             if MINIMUM_FOR_MINIMAL.search(line)]
    assert not found, "\n".join(found)
    for texts in (CanaryText("ja", STANDARD_BOARD), DetectiveText("ja", STANDARD_DECK), WerewolfText("ja")):
        assert texts("proof-size", n=2).startswith("極小の証明")
        assert texts("proof-size", n=1).startswith("極小の証明")


def _example(name: str) -> str:
    from suiri.models import example_records

    return str(example_records()[name])


# -- every user error in both languages ----------------------------------------------------
USER_ERRORS = {"SuiriError", "RecordSyntaxError", "IllegalMoveError", "InconsistentRecordError", "FactError"}
SENTENCE = re.compile(r"[A-Za-z]{2,} [a-z]{2,}")  # two words in a row: a sentence, not a name or a syntax
OPTION = re.compile(r"--[\w-]+(?: [\w=,-]+)?")  # a command-line option and its value ("--question clue")


def english(node: ast.expr) -> list[str]:
    """The literal text of a message argument that reads as English words."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        texts = [node.value]
    elif isinstance(node, ast.JoinedStr):
        texts = [v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    elif isinstance(node, ast.BinOp):
        return english(node.left) + english(node.right)
    elif isinstance(node, ast.IfExp):
        return english(node.body) + english(node.orelse)
    else:
        return []
    return [t for t in texts if SENTENCE.search(OPTION.sub("", t))]


def called(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def test_user_errors_are_said_in_both_languages() -> None:
    """No user error is raised with an English sentence written into the call: its message
    and its ``valid`` text are ``Text`` of a catalogue (``solver.errors.ERROR_TEXT``, a
    game's ``error_text.ERRORS``, the CLI's and the puzzle book's ``ERRORS``), which
    ``--lang ja`` prints in Japanese."""
    raw = []
    for folder in ("solver", "models", "puzzles", "cli"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = called(node.func)
                if name in USER_ERRORS:
                    said = [*node.args[:1], *node.args[2:3]]
                elif name == "unknown_name":
                    said = node.args[4:5]
                else:
                    continue
                said += [k.value for k in node.keywords if k.arg in ("message", "valid")]
                raw += [f"{path.relative_to(ROOT)}:{node.lineno}: {t!r}" for arg in said for t in english(arg)]
    assert not raw, "\n".join(raw)


def test_every_error_catalogue_says_each_sentence_in_both_languages() -> None:
    """Every catalogue of error sentences (``Text`` and each subclass: a game's, the CLI's,
    the puzzle book's) has an English and a different Japanese text per key, with the
    same parameters, and no key means two things in two catalogues of one module."""
    import suiri.arena.text  # noqa: F401  (each module below defines a catalogue)
    import suiri.cli.messages  # noqa: F401
    import suiri.models.canary.error_text  # noqa: F401
    import suiri.models.detective.error_text  # noqa: F401
    import suiri.models.werewolf.error_text  # noqa: F401
    import suiri.puzzles.book  # noqa: F401
    from suiri.solver.errors import Text

    def fields(template: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    tables = [Text, *Text.__subclasses__()]
    assert len(tables) == 7, tables  # ERROR_TEXT, three games, the CLI, the puzzle book, the tournament
    for table in tables:
        for key, (en, ja) in table.table.items():
            assert en and ja and en != ja, (table.__name__, key)
            assert fields(en) == fields(ja), (table.__name__, key)
