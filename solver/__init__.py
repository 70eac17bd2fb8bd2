"""The engine, which knows no game: a record's lines as groups of CP-SAT constraints
(``model``), questions asked of them under assumptions (``queries``: what is possible,
a counterexample, a minimal explanation), proofs and hints built from those answers
(``proof``, ``hints``, ``reasoning``: the ``ReasoningSession`` a game implements),
exact probabilities through a game's counter (``probability``, ``information``), the
TOML reading every game shares (``records``) and the one error family (``errors``).
Nothing here imports ``suiri.models``, ``suiri.puzzles`` or ``suiri.cli``.
"""
