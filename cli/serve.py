"""``suiri serve``: the web app (``suiri.cli.web``) under uvicorn, for a browser on this
machine or a phone at the table.

This module holds the command's options and its start: the folder, the address, the
token when the address is not this machine's alone, the socket (bound here, so that
``--port 0`` can print the port it got), the address printed (and as a QR code off
loopback).  ``cli/main.py`` registers it as a command with ``user_errors``.  The web app
and uvicorn are imported only when the server starts (``suiri --help`` stays fast).
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import click

from suiri.cli.messages import ErrorText, Messages
from suiri.solver.errors import Source, SuiriError

DEFAULT_PORT = 8765


@click.option("--dir", "games_dir", metavar="GAMES", default=None,
              help="The folder of your records (default: the user data folder's suiri/games).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; 0.0.0.0 lets a phone on the same network in (with a token).")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              help="The port (0: any free one, printed).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in this machine's browser.")
@click.option("--lang", type=click.Choice(["en", "ja"]), default="en", show_default=True,
              help="Language of what is printed here (the pages follow the browser, and switch).")
def serve(games_dir: str | None, host: str, port: int, open_browser: bool, lang: str) -> None:
    """Serve suiri as a web app: your games, their pictures, certain facts,
    probabilities, proofs, hints and advice, puzzles and play, in a browser.

    It listens on 127.0.0.1 (this machine only) unless --host says otherwise; then
    every request needs the token printed inside the address (and the QR code), and
    a phone on the same network opens it by scanning the code.  Ctrl-C stops it.
    docs/web.md tells the rest.

    \b
    Examples:
      suiri serve
      suiri serve --open --dir ~/games
      suiri serve --host 0.0.0.0          # a phone at the table: scan the QR code
      suiri serve --port 0                # any free port (printed)
    """
    run(games_dir, host, port, open_browser, lang)


def run(games_dir: str | None, host: str, port: int, open_browser: bool, lang: str) -> None:
    """Bind, print the address, serve until Ctrl-C."""
    import logging
    import secrets

    import uvicorn

    from .web.app import create_app
    from .web.config import ServeConfig, is_loopback

    say = Messages(lang)
    folder = Path(games_dir).expanduser() if games_dir else default_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SuiriError(ErrorText("web:serve-folder", reason=exc.strerror or exc), Source(str(folder), None, "--dir"),
                         ErrorText("web:serve-folder-valid")) from None
    token = None if is_loopback(host) else secrets.token_urlsafe(16)
    config = ServeConfig(games_dir=folder, host=host, token=token)
    listening = bind(host, port)
    bound = listening.getsockname()[1]
    address = page_address(host, bound, token)
    click.echo(say("web:serve-at", url=address))
    click.echo(say("web:serve-folder-is", folder=folder))
    if token is not None:
        import segno

        click.echo(say("web:serve-phone"))
        segno.make(address, error="m").terminal(out=sys.stdout, compact=True)
        click.echo(say("web:serve-token"))
    click.echo(say("web:serve-stop"))
    sys.stdout.flush()
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s: %(message)s")
    server = uvicorn.Server(uvicorn.Config(create_app(config), log_level="warning", access_log=False))
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(0.5, webbrowser.open, (address,)).start()
    try:
        server.run(sockets=[listening])
    except KeyboardInterrupt:  # uvicorn stops cleanly on Ctrl-C, then raises the signal again
        pass
    click.echo(say("web:serve-stopped"))


def default_folder() -> Path:
    """Where records are kept when ``--dir`` is not given: the user's data folder."""
    import platformdirs

    return Path(platformdirs.user_data_dir("suiri")) / "games"


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (0: a free port), or why not."""
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        listening = socket.socket(info[0], socket.SOCK_STREAM)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(info[4])
        listening.listen(128)
    except OSError as exc:
        raise SuiriError(ErrorText("web:serve-bind", host=host, port=port, reason=exc.strerror or exc),
                         Source("suiri serve", None, "--port"), ErrorText("web:serve-bind-valid")) from None
    listening.setblocking(False)
    return listening


def page_address(host: str, port: int, token: str | None) -> str:
    """The address to open: this machine's name on loopback; off loopback the address a
    phone on the same network reaches (for 0.0.0.0, this machine's own), token included."""
    shown = host
    if host in ("0.0.0.0", "::", ""):
        shown = own_address()
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def own_address() -> str:
    """This machine's address on its network (the one a route out would use; nothing is
    sent), or its name when it has none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, only the route is looked up
        found: str = probe.getsockname()[0]
        return found
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()
