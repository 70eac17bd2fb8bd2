"""One record under study: replayed once through the rules, with the exact counter and
the CP-SAT model built on demand and shared by every question (analyze, explain, hint,
advise).  State only: the questions themselves live above (``analysis``, ``reasoning``,
``advice``)."""

from __future__ import annotations

from functools import cached_property

from suiri.solver.errors import NoWorldFits
from suiri.solver.queries import Engine
from suiri.solver.reasoning import Checked, Observed

from .counter import Counts, WorldCounter
from .encoder import CanaryModel, encode
from .error_text import ErrorText
from .record import CanaryRecord
from .rules import Observation, Replay, replay


class CanarySession(Observed[Observation], Checked[Counts]):
    worlds = ErrorText("session:worlds")
    valid = ErrorText("session:consistent-valid")

    def __init__(self, record: CanaryRecord, after: Replay | None = None) -> None:
        """``after``: the replay of a prefix of ``record`` to continue (``rules.replay``)."""
        self.record = record
        self.variant = record.variant
        self.board = record.variant.board
        self.replay: Replay = replay(record, after)  # raises IllegalMoveError at the first bad turn

    @property
    def steps(self) -> int:
        return len(self.record.turns)

    @cached_property
    def counter(self) -> WorldCounter:
        return WorldCounter(self.variant, self.record.players, self.observations)

    @cached_property
    def counts(self) -> Counts:
        """Exact counts; a record no world fits raises ``InconsistentRecordError``."""
        try:
            return self.counter.count()
        except NoWorldFits:
            raise self.inconsistency() from None

    @cached_property
    def canary_model(self) -> CanaryModel:
        return encode(self.variant, self.record.players, self.observations)

    @cached_property
    def engine(self) -> Engine:
        return Engine(self.canary_model.model)
