"""prompt_toolkit's side of Tab completion in ``suiri live`` (``cli/completion.py`` says
which words): apart, so that the views, which offer their game's words, do not import
prompt_toolkit (only a person at a terminal needs it)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document


class LineCompleter(Completer):
    """prompt_toolkit's completer over ``complete``: asked afresh at every Tab, so the
    words follow the record as it grows."""

    def __init__(self, words: Callable[[str], tuple[str, list[str]]]) -> None:
        self.words = words

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        try:
            word, options = self.words(document.text_before_cursor)
        except Exception:  # noqa: BLE001 - a completion bug offers nothing; it must not end the session
            return
        for option in options:
            yield Completion(option, start_position=-len(word))
