"""`suiri serve` as a process: it prints its address, listens on 127.0.0.1 only, serves
the pages, and stops on Ctrl-C (SIGINT)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from suiri.cli.serve import own_address, page_address

SUIRI = Path(sys.executable).with_name("suiri")


def test_serve_port_0_prints_its_address_binds_loopback_and_stops_on_sigint(tmp_path: Path) -> None:
    games = tmp_path / "games"
    process = subprocess.Popen([str(SUIRI), "serve", "--port", "0", "--dir", str(games)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first.startswith("suiri is served at http://127.0.0.1:"), first
        address = first.split(" at ", 1)[1].strip()
        port = int(address.rsplit(":", 1)[1].strip("/"))
        assert port != 0 and games.is_dir()
        with urllib.request.urlopen(address, timeout=30) as answer:  # noqa: S310 - our own loopback server
            assert answer.status == 200 and b'id="games"' in answer.read()
        outside = own_address()
        if not outside.startswith("127.") and outside != socket.gethostname():
            with pytest.raises(OSError), socket.create_connection((outside, port), timeout=5):
                pass  # nothing listens there: loopback only
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_a_port_in_use_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run([str(SUIRI), "serve", "--port", str(port), "--dir", str(tmp_path)],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"cannot listen on 127.0.0.1 port {port}" in done.stderr and "--port 0" in done.stderr


def test_the_address_off_loopback_holds_the_token() -> None:
    assert page_address("127.0.0.1", 8765, None) == "http://127.0.0.1:8765/"
    assert page_address("192.168.1.20", 80, "abc") == "http://192.168.1.20:80/?token=abc"
    assert page_address("::1", 8765, None) == "http://[::1]:8765/"
    shown = page_address("0.0.0.0", 8765, "abc")
    assert "0.0.0.0" not in shown and shown.endswith(":8765/?token=abc")


def test_off_loopback_serve_prints_a_qr_code(tmp_path: Path) -> None:
    """--host 0.0.0.0: the address with its token, then the QR code of it (segno's
    terminal output); stopped once printed."""
    process = subprocess.Popen([str(SUIRI), "serve", "--host", "0.0.0.0", "--port", "0", "--dir", str(tmp_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(5)]
        assert "?token=" in lines[0] and "scan this code" in lines[2]
        assert "█" in lines[3] or "▀" in lines[3] or "▄" in lines[3]
        address = lines[0].split(" at ", 1)[1].strip()
        port = address.split("/?token=")[0].rsplit(":", 1)[1]
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30)  # noqa: S310
        assert refused.value.code == 403  # even from loopback
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
