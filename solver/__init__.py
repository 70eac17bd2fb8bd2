"""The engine, which knows no game: a record's lines as groups of CP-SAT constraints
(``model``, exported as clauses by ``cnf``), one oracle interface with its two back ends
(``oracle``, ``backends``) and what is asked of it, written once (``search``: minimal
subsets, backbones, projections); the questions built on them (``queries``: what is
possible, a counterexample, a conflict) and the one explanation engine (``problem``,
``chain``: proofs, hints and puzzle ratings as chains of steps; ``stepwise``: what a game
offers and the shared words; ``reasoning``: ``explain``, ``hint`` and the
``ReasoningSession`` a game implements), exact probabilities through a game's counter
(``probability``, ``information``), the TOML reading every game shares (``records``) and
the one error family (``errors``).  Nothing here imports ``suiri.models``,
``suiri.puzzles`` or ``suiri.cli``.
"""
