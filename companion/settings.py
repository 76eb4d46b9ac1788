"""One frozen settings object for the whole service, from defaults, environment and flags.

Precedence: command-line flag > environment (``COMPANION_DATA_DIR``, ``COMPANION_HOST``,
``COMPANION_PORT``, ``COMPANION_PUBLIC_URL``, ``COMPANION_TOWER``, ``COMPANION_CAMERA``,
``COMPANION_GPIO``, ``COMPANION_PINS``, ``COMPANION_THREADS``, ``COMPANION_ALLOWED_HOSTS``) >
embedded defaults. The data
directory holds the SQLite game log (``companion.sqlite3``; the dice tower's roll inbox lives in
the same file) and, in later work, calibration and enrolled card sets.

``tower`` (:data:`TOWER_MODES`): ``auto`` uses a real dice tower when one answers the handshake on
a candidate serial port (``/dev/ttyACM*``, ``/dev/ttyUSB*``; hot-plug is watched), else none;
``virtual`` runs the virtual tower (``firmware_bridge.fake``) on a pseudo-terminal and connects
the bridge to it; ``off`` runs no tower at all.

``camera`` (``companion/devices/camera.py``): ``auto`` (the Pi camera, else the first webcam, else
the demo camera), ``picamera``, a webcam index (``0``), a device path (``/dev/video0``), a stream
URL, a video file or a folder of images; ``demo`` the demo camera (a rendered tray whose dice are
thrown from the tablet); ``off`` no camera at all. A camera that does not open at start is
replaced by the demo camera, with the reason in the device line.

``gpio`` (:data:`GPIO_MODES`): ``auto`` drives the Pi's header when there is one (lgpio on a Pi 5,
gpiozero's default pin factory on a Pi 4) and gpiozero's ``MockFactory`` elsewhere; ``mock``
always the MockFactory; ``off`` no buttons or lights (``companion/devices/controls.py``).
``pins`` (:class:`Pins`): BCM numbers of the buttons, lights and buzzer; ``COMPANION_PINS``
overrides some of them as ``name=N`` pairs (``"undo=5,buzzer=none"``; ``none`` leaves a device
out). ``threads``: the web server's worker threads (each open live-update stream holds one).
``allowed_hosts``: host names the web server answers to besides its own (the machine's host name
and ``.local`` name, ``localhost``, IP addresses and the public URL's host); comma-separated in
``COMPANION_ALLOWED_HOSTS`` (``web/guard.py``; ``docs/SECURITY.md``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8080
DB_FILE = "companion.sqlite3"
TOWER_MODES = ("auto", "virtual", "off")
DEFAULT_TOWER = "auto"
GPIO_MODES = ("auto", "mock", "off")
DEFAULT_GPIO = "auto"
#: Worker threads of the web server: 64 live screens and room for their writes.
DEFAULT_THREADS = 128


@dataclass(frozen=True)
class Pins:
    """BCM GPIO numbers (``None``: not fitted). Buttons close to ground (internal pull-ups);
    LEDs and the buzzer are driven high. When all three ``rgb_*`` pins are set, one RGB LED
    replaces the green and red LEDs. Wiring: ``hardware/GUIDE.md``."""

    confirm: int | None = 17
    scan: int | None = 27
    undo: int | None = 22
    next: int | None = 23
    green: int | None = 24
    red: int | None = 25
    buzzer: int | None = 16
    rgb_red: int | None = None
    rgb_green: int | None = None
    rgb_blue: int | None = None

    def __post_init__(self) -> None:
        used = [(f.name, getattr(self, f.name)) for f in fields(self)]
        numbers = [n for _, n in used if n is not None]
        for name, number in used:
            if number is not None and not 0 <= number <= 27:
                raise ValueError(f"pin {name}={number} is not a GPIO of the header (0-27)")
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"two devices share a GPIO pin: {self.describe()}")
        rgb = (self.rgb_red, self.rgb_green, self.rgb_blue)
        if any(p is not None for p in rgb) and None in rgb:
            raise ValueError("an RGB LED needs all three of rgb_red, rgb_green and rgb_blue")

    @property
    def rgb(self) -> tuple[int, int, int] | None:
        if self.rgb_red is None or self.rgb_green is None or self.rgb_blue is None:
            return None
        return (self.rgb_red, self.rgb_green, self.rgb_blue)

    def describe(self) -> str:
        return ",".join(f"{f.name}={getattr(self, f.name)}" for f in fields(self)
                        if getattr(self, f.name) is not None)


def parse_pins(text: str | None, base: Pins | None = None) -> Pins:
    """``base`` (default :class:`Pins`) with the ``name=N`` pairs of ``text`` applied
    (``name=none`` leaves that device out). ``ValueError`` names a bad pair."""
    base = Pins() if base is None else base
    if not text or not text.strip():
        return base
    names = {f.name for f in fields(Pins)}
    changes: dict[str, int | None] = {}
    for pair in text.split(","):
        name, sep, value = (part.strip().lower() for part in pair.partition("="))
        if not sep or name not in names:
            raise ValueError(f"COMPANION_PINS: {pair.strip()!r} is not name=N with a name of "
                             f"{', '.join(sorted(names))}")
        if value in ("none", "off", ""):
            changes[name] = None
        elif value.isdigit():
            changes[name] = int(value)
        else:
            raise ValueError(f"COMPANION_PINS: {name} must be a BCM number or none, not {value!r}")
    return replace(base, **changes)


DEFAULT_CAMERA = "auto"


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
    #: The camera over the table: a camera spec, ``demo`` or ``off`` (see the module docstring).
    camera: str = DEFAULT_CAMERA
    #: Buttons and lights: ``auto``, ``mock`` or ``off`` (see the module docstring).
    gpio: str = DEFAULT_GPIO
    pins: Pins = Pins()
    threads: int = DEFAULT_THREADS
    #: Extra host names served (a ``Host`` header naming any other is refused; ``web.guard``).
    allowed_hosts: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.tower not in TOWER_MODES:
            raise ValueError(
                f"the tower setting must be one of {', '.join(TOWER_MODES)}, not {self.tower!r}"
            )
        if self.gpio not in GPIO_MODES:
            raise ValueError(
                f"the gpio setting must be one of {', '.join(GPIO_MODES)}, not {self.gpio!r}"
            )
        if self.threads < 8:
            raise ValueError(f"the web server needs at least 8 threads, not {self.threads}")

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
    camera: str | None = None,
    gpio: str | None = None,
    allowed_hosts: str | None = None,
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
        camera=(camera or env.get("COMPANION_CAMERA") or DEFAULT_CAMERA).strip(),
        gpio=(gpio or env.get("COMPANION_GPIO") or DEFAULT_GPIO).strip().lower(),
        pins=parse_pins(env.get("COMPANION_PINS")),
        threads=_whole(env.get("COMPANION_THREADS"), DEFAULT_THREADS, "COMPANION_THREADS"),
        allowed_hosts=parse_hosts(allowed_hosts or env.get("COMPANION_ALLOWED_HOSTS")),
    )


def parse_hosts(text: str | None) -> tuple[str, ...]:
    """The host names of a comma-separated list (``"pi.lan, sushi.example:8080"``), lower case;
    ``ValueError`` names one that holds a space, a slash or a scheme."""
    names: list[str] = []
    for part in (text or "").split(","):
        name = part.strip().lower()
        if not name:
            continue
        if any(c.isspace() or c in "/@?#" for c in name):
            raise ValueError(f"COMPANION_ALLOWED_HOSTS: {part.strip()!r} is not a host name "
                             "(write names like pi.lan, without http:// or a path)")
        names.append(name)
    return tuple(names)


def _whole(text: str | None, default: int, name: str) -> int:
    """``text`` as a whole number (``default`` when unset); ``ValueError`` names ``name``."""
    if not text:
        return default
    if not text.strip().isdigit():
        raise ValueError(f"{name} must be a whole number, not {text!r}")
    return int(text)
