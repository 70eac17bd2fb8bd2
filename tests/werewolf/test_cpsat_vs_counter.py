"""The time-step CP-SAT model and the counter describe the same histories.

- On whole games (the deck empty) every solution of the model is one history: CP-SAT
  enumerates them (projected on the shuffle and the hidden-choice variables) and the
  count must equal the counter's plain number of histories (``Counts.total``; the
  W7 weights only weigh them) — the reference record from aki's seat, as a spectator
  wrote it, and cut just before its search calls.
- On every prefix of those records, each subject's values that CP-SAT finds possible
  are exactly the values the counter gives a positive probability (a probability is 0
  exactly when the record rules it out).
- On small decks (7–8 cards), where every deck order can be listed even early in a game,
  the solution count equals the counter's total at every second turn, from every seat
  and the spectator.

The prefix and small-deck cases are sweeps (tests/conftest.py): a seeded tenth by
default, all with ``--full``.
"""

from __future__ import annotations

from dataclasses import replace
from importlib.resources import files

import pytest
from ortools.sat.python import cp_model

from suiri.models.werewolf.counter import count
from suiri.models.werewolf.encoder import encode
from suiri.models.werewolf.reasoning import WerewolfReasoner
from suiri.models.werewolf.record import WerewolfRecord, loads
from suiri.models.werewolf.replay import replay
from suiri.models.werewolf.session import WerewolfSession


def reference() -> WerewolfRecord:
    text = (files("suiri.models.werewolf") / "records" / "werewolf-4p.toml").read_text(encoding="utf-8")
    return loads(text, "werewolf-4p.toml")


def as_spectator(r: WerewolfRecord) -> WerewolfRecord:
    turns = [replace(t, drew=None, saw=None, swapped=None, card=None, index=None,
                     placed="unknown" if not isinstance(t.placed, str | None) else t.placed) for t in r.turns]
    return replace(r, viewer=None, hand=None, turns=turns)


def enumerate_histories(record: WerewolfRecord, limit: int = 100_000) -> int:
    wm = encode(replay(record))
    m = wm.model
    for gid in m.groups:
        m.cp.add(m.literal(gid) == 1)
    cp = m.cp.to_cp_sat()
    keys = [cp.get_bool_var_from_proto_index(b.index) for card in wm.shuffle for b in card] + \
        [cp.get_bool_var_from_proto_index(b.index) for b in wm.choices]
    seen: set[tuple[int, ...]] = set()

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            seen.add(tuple(self.value(v) for v in keys))
            if len(seen) > limit:
                self.stop_search()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.solve(cp, Collect())
    assert len(seen) <= limit
    return len(seen)


WHOLE = {
    "viewer": lambda: reference(),
    "spectator": lambda: as_spectator(reference()),
    "viewer-before-search": lambda: replace(reference(), searches=[]),
}


@pytest.mark.parametrize("name", list(WHOLE))
def test_solutions_are_the_counted_histories(name: str) -> None:
    record = WHOLE[name]()
    assert enumerate_histories(record) == count(replay(record)).total


PREFIXES = [(seat, n) for seat in ("viewer", "spectator") for n in range(0, 12)]  # 11 turns: with the search


@pytest.mark.sweep
@pytest.mark.parametrize("seat,turns", PREFIXES)
def test_possible_values_agree(seat: str, turns: int) -> None:
    support_agrees(WHOLE[seat]().truncated(turns, 1))


SMALL_DECKS = {
    "attack": (3, {"villager": 1, "lost-legacy": 1, "seer": 1, "vote": 2, "sleep": 2, "attack-1": 1}),
    "knight": (3, {"medium": 1, "madman": 1, "knight": 1, "lost-legacy": 1, "vote": 2, "sleep": 2}),
    "seers": (3, {"medium": 1, "madman": 1, "lost-legacy": 1, "seer": 2, "vote": 1, "sleep": 2}),
    "four": (4, {"villager": 1, "lost-legacy": 1, "seer": 1, "vote": 2, "sleep": 2, "attack-1": 1}),
}


def small_cases() -> list:
    """Small-deck games (so that every deck order can be enumerated even when cut early),
    from each seat in turn, whole and cut at every second turn."""
    from suiri.models.werewolf.cards import deck_counts
    from suiri.models.werewolf.simulator import simulate, steps

    out = []
    for name, (players, spec) in SMALL_DECKS.items():
        for seed in range(3):
            g = simulate(players, seed, deck=deck_counts(spec))
            seats: list[str | None] = [*g.players, None]
            seat = seats[seed % len(seats)]
            for turns in range(0, len(g.state.turns) + 1, 2):
                out.append(pytest.param(g.record(seat, steps(g, turns)), id=f"{name}-s{seed}-{seat or 'spectator'}-t{turns}"))
            if len(g.state.calls) > 1:  # cut between two calls of the search phase (W15)
                out.append(pytest.param(g.record(seat, len(g.state.turns) + 1), id=f"{name}-s{seed}-{seat or 'spectator'}-c1"))
            out.append(pytest.param(g.record(seat), id=f"{name}-s{seed}-{seat or 'spectator'}-whole"))
    return out


def support_agrees(record: WerewolfRecord) -> None:
    session = WerewolfSession(record)
    subjects = [s for s in session.werewolf_model.model.subjects]
    possible = session.engine.possible_values(subjects)
    for subject in subjects:
        dist = WerewolfReasoner(session).distribution(subject)
        support = sorted(v for v, p in dist.items() if p)
        assert sorted(possible[subject]) == support, subject


@pytest.mark.sweep
@pytest.mark.parametrize("record", small_cases())
def test_small_deck_possible_values_agree(record: WerewolfRecord) -> None:
    """CP-SAT's possible values = the counter's support, search calls included."""
    support_agrees(record)


@pytest.mark.sweep
@pytest.mark.parametrize("record", small_cases())
def test_small_deck_solutions_are_the_counted_histories(record: WerewolfRecord) -> None:
    """Every complete history, the undrawn deck's order included, is one model solution."""
    assert enumerate_histories(record) == count(replay(record)).total
