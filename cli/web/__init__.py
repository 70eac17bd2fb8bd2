"""`suiri serve`: the local web app for the table (issue 22).

A user interface like the terminal one, so it lives in `suiri.cli`: it parses requests and
renders pages, and every answer comes from the same functions the CLI calls.  `app` builds
the application from a `config.ServeConfig`, `security` guards every route, `store` is the
one way to the record files, `pages` renders templates, `games` is the games pages, `api`
is the JSON API beside the pages, and `puzzles` and `play` are the pages of those two
activities.
"""
