"""The ``suiri`` command (``main``): it parses arguments, calls a game through the
``Game`` interface (``suiri.models``) and prints the answer with that game's view
(``views``: one module ``<game>_view`` per game, shared layout in ``layout``).  It
computes nothing itself; only the CLI imports the views.
"""
