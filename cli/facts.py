"""Facts typed by a person (``explain FACT``, ``--known``, and the same in ``suiri live``):
read once here, for the command line and the live session alike."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from suiri.solver.facts import Fact
    from suiri.solver.reasoning import ReasoningSession
    from suiri.solver.stepwise import Stepwise


def parse_facts(reasoner: ReasoningSession, record: str, texts: Sequence[str], option: str,
                steps: Stepwise | None = None) -> list[Fact]:
    """The facts typed on the command line; an error in one names the record and the
    argument (``error: game.toml: FACT: unknown subject ...``).  With ``steps``, a fact
    a step may state (such as what a square's card carries) is accepted too."""
    from suiri.solver.errors import Source, SuiriError

    out = []
    for text in texts:
        try:
            out.append(reasoner.parse_fact(text))
        except SuiriError as exc:
            stated = steps.problem.parse(text) if steps is not None else None
            if stated is not None:
                out.append(stated)
                continue
            if exc.source is not None:
                raise
            raise exc.at(Source(record, None, option)) from None
    return out
