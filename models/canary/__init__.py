"""*Where is the Canary?* (カナリアはいずこ？): rules, records, model, counter, advice.

Modules, one concern each: ``cards`` (attributes and the 26 kinds), ``board``
(squares and geometry), ``rules`` (variants, legal turns, replay into observations),
``record`` (TOML reader/writer), ``notation`` (the compact line notation),
``simulator`` (random legal games), ``encoder`` (CP-SAT model, one function per rule),
``counter`` (exact world counting), ``session`` / ``analysis`` / ``reasoning`` /
``advice`` (the CLI's questions) and ``text`` (English and Japanese sentences).

The names below are the game's interface to the CLI (see ``suiri.models.GameModule``).
"""

from __future__ import annotations

from typing import Any

GAME = "canary"


def open_record(doc: Any) -> Any:
    from .record import from_document
    from .session import CanarySession

    return CanarySession(from_document(doc))


def analyze(session: Any) -> Any:
    from .analysis import analyze as run

    return run(session)


def explain(session: Any, fact: Any) -> Any:
    from .reasoning import explain as run

    return run(session, fact)


def hint(session: Any, known: list[Any], skip_obvious: bool = False, progress: Any = None) -> Any:
    from .reasoning import hint as run

    return run(session, known, skip_obvious, progress=progress)


def advise(session: Any) -> Any:
    from .advice import advise as run

    return run(session)


def write_toml(session: Any) -> str:
    from .record import to_toml

    return to_toml(session.record)
