"""What one `suiri serve` is started with: the games folder, the address, the token."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from pathlib import Path

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
MAX_BODY = 2 * 1024 * 1024  # a record is a few kilobytes; an upload of 2 MB is not a record


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or a name) is this machine only."""
    name = host.strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class ServeConfig:
    """The settings every router reads through ``request.app.state.config``.

    ``token`` is required when ``host`` is not loopback: then every request must carry it
    (issue 22, "no one let in"); on loopback it is optional (and checked when given)."""

    games_dir: Path
    host: str = "127.0.0.1"
    token: str | None = None
    max_body: int = MAX_BODY

    def __post_init__(self) -> None:
        if self.token is None and not self.loopback:
            raise ValueError(f"serving on {self.host} needs a token (only 127.0.0.1 may go without)")
        if self.max_body <= 0:
            raise ValueError(f"max_body must be positive, not {self.max_body}")

    @property
    def loopback(self) -> bool:
        return is_loopback(self.host)
