"""Helpers of the CLI tests (imported by the test modules; ``conftest.py`` puts this
folder on ``sys.path`` so that the import also works with ``--import-mode=importlib``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib.resources import files

from click.testing import Result

# The reference record as bundled with the package (identical to
# the shared reference ``records/canary-3p.toml``, which may be absent on other machines).
REFERENCE = files("suiri.models.canary") / "records" / "canary-3p.toml"
# The Memory Detective reference record as bundled (identical to the shared
# ``records/detective-3p.toml``).
DETECTIVE_REFERENCE = files("suiri.models.detective") / "records" / "detective-3p.toml"

# Appended to a line of a record to mark where the error is expected.
HERE = "  # <- error here"

ERROR_LINE = re.compile(r"^error: (?P<file>.+?):(?P<line>\d+): (?P<field>[^:]+): (?P<what>.+)$")


# -- record editing ------------------------------------------------------------------------
def replace(text: str, old: str, new: str) -> str:
    """Replace the first ``old`` in ``text``; fail loudly if it is not there."""
    assert old in text, f"test bug: {old!r} not in the record"
    return text.replace(old, new, 1)


def marked_lines(text: str) -> set[int]:
    """1-based numbers of the lines marked with ``HERE``."""
    lines = {n for n, line in enumerate(text.splitlines(), start=1) if HERE.strip() in line}
    assert lines, "test bug: no line is marked"
    return lines


def turn(player: str, to: str, check: str | None, card: str | None = None, mark: str = "",
         declare: tuple[str, str] | None = None) -> str:
    """The text of one ``[[turn]]`` table (``mark`` = the key whose line gets ``HERE``).
    Canary: ``check`` None on a declaring turn (R8: the declaration replaces the check)."""
    rows = {"player": f'"{player}"', "to": f'"{to}"'}
    if check is not None:
        rows["check"] = f'"{check}"'
    if card is not None:
        rows["card"] = f'"{card}"'
    out = ["", "[[turn]]"] + [f"{k} = {v}" + (HERE if k == mark else "") for k, v in rows.items()]
    if declare is not None:
        out += ["[turn.declare]", f'card = "{declare[0]}"', f"answers = {declare[1]}"]
    return "\n".join(out) + "\n"


@dataclass
class UserError:
    """The parsed stderr of a failed command."""

    result: Result
    file: str
    line: int
    field: str
    what: str

    @property
    def message(self) -> str:
        return self.result.stderr


def assert_clean_exit_2(result: Result) -> None:
    """Exit status 2, an ``error:`` on stderr, nothing on stdout, no traceback."""
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert result.stdout == ""
    assert result.stderr.startswith("error: "), result.stderr


def user_error(result: Result) -> UserError:
    """Check the common shape of a one-message user error and return its parts."""
    assert_clean_exit_2(result)
    first = result.stderr.splitlines()[0]
    m = ERROR_LINE.match(first)
    assert m, f"not of the form 'error: FILE:LINE: FIELD: what is wrong': {first!r}"
    assert "(valid: " in first, f"does not say what would be valid: {first!r}"
    return UserError(result, m["file"], int(m["line"]), m["field"], m["what"])
