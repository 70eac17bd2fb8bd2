"""`suiri serve`: the local web app for the table (issue 22).

A user interface like the terminal one, so it lives in `suiri.cli`: it parses requests and
renders pages, and every answer comes from the same functions the CLI calls.  `app` builds
the application, `pages` renders templates, `api` is the JSON API beside the pages, and
`puzzles` and `play` are the pages of those two activities.
"""
