"""One frozen settings object for the whole service, from defaults, environment and flags.

Precedence: command-line flag > environment (``COMPANION_DATA_DIR``, ``COMPANION_HOST``,
``COMPANION_PORT``, ``COMPANION_PUBLIC_URL``, ``COMPANION_TOWER``) > embedded defaults. The data
directory holds the SQLite game log (``companion.sqlite3``; the dice tower's roll inbox lives in
the same file) and, in later work, calibration and enrolled card sets.

``tower`` (:data:`TOWER_MODES`): ``auto`` uses a real dice tower when one answers the handshake on
a candidate serial port (``/dev/ttyACM*``, ``/dev/ttyUSB*``; hot-plug is watched), else none;
``virtual`` runs the virtual tower (``firmware_bridge.fake``) on a pseudo-terminal and connects
the bridge to it; ``off`` runs no tower at all.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8080
DB_FILE = "companion.sqlite3"
TOWER_MODES = ("auto", "virtual", "off")
DEFAULT_TOWER = "auto"


def default_data_dir(env: Mapping[str, str]) -> Path:
    """``$XDG_DATA_HOME/sushi-companion``, else ``~/.local/share/sushi-companion``."""
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "sushi-companion"


@dataclass(frozen=True)
class Settings:
    """Where data lives and where the web server listens."""

    data_dir: Path
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    #: The base URL phones use in the join link and QR code (``None``: the LAN address when
    #: listening on every interface, else the address the host's browser used).
    public_url: str | None = None
    #: The dice tower: ``auto``, ``virtual`` or ``off`` (see the module docstring).
    tower: str = DEFAULT_TOWER

    def __post_init__(self) -> None:
        if self.tower not in TOWER_MODES:
            raise ValueError(
                f"the tower setting must be one of {', '.join(TOWER_MODES)}, not {self.tower!r}"
            )

    @property
    def db_path(self) -> Path:
        return self.data_dir / DB_FILE


def load_settings(
    data_dir: str | None = None,
    host: str | None = None,
    port: int | None = None,
    env: Mapping[str, str] | None = None,
    public_url: str | None = None,
    tower: str | None = None,
) -> Settings:
    """Settings from flags (arguments), then the environment, then the defaults.

    Raises ``ValueError`` for a tower mode not in :data:`TOWER_MODES` (e.g. a mistyped
    ``COMPANION_TOWER``)."""
    env = os.environ if env is None else env
    chosen_dir = data_dir or env.get("COMPANION_DATA_DIR")
    path = Path(chosen_dir).expanduser() if chosen_dir else default_data_dir(env)
    env_port = env.get("COMPANION_PORT")
    return Settings(
        data_dir=path,
        host=host or env.get("COMPANION_HOST") or DEFAULT_HOST,
        port=port if port is not None else int(env_port) if env_port else DEFAULT_PORT,
        public_url=public_url or env.get("COMPANION_PUBLIC_URL") or None,
        tower=(tower or env.get("COMPANION_TOWER") or DEFAULT_TOWER).strip().lower(),
    )
