"""Which game holds each table device (issue 28 item 4): the dice tower and the camera are
bound to one game explicitly, never to "the game changed last".

Contract of :class:`DeviceHolds`:

* :data:`DEVICES` are ``tower`` and ``camera`` (the roll sources of a device). Each is held by
  at most one game, or by none.
* :meth:`DeviceHolds.claim` binds a device to a game. The web layer decides who may ask (the
  game's host when the device is free or held by its own game, the owner always;
  ``web/devices.py``); :meth:`claim` refuses with :class:`DeviceHeld` when another game holds
  it and ``take_over`` is not set.
* :meth:`DeviceHolds.release` frees a device held by that game.
* A hold whose game is over or gone lapses: :meth:`holder` answers ``None`` for it (the
  ``alive`` check is given by the caller, the roll desk, which reads the session).
* Holds are kept in ``DATA_DIR/holds.json`` (written atomically) when a path is given, so a
  roll after a restart still goes to the game that held the tower; else in memory.

The roll desk (``companion/table/rolls.py``) and the icon-dice desk
(``companion/table/icon_camera.py``) route a device's readings to its holder only.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path

from companion.durable import write_atomically
from companion.games.base import IllegalAction, UnreadableInput
from companion.i18n import Msg, msg

DEVICES = ("tower", "camera")
NAMES = {"tower": "dice tower", "camera": "camera"}


def held_reason(device: str, game: int) -> Msg:
    """"the dice tower is held by game 3: ..." as a message (each device its own sentence)."""
    if device == "tower":
        return msg("the dice tower is held by game {game}: its host (or the Pi's owner) must "
                   "release it first", game=game)
    return msg("the camera is held by game {game}: its host (or the Pi's owner) must release "
               "it first", game=game)
HOLDS_FILE = "holds.json"


class DeviceHeld(IllegalAction):
    """Another game holds the device (HTTP 409 ``device_held``)."""

    def __init__(self, reason: str | Msg, holder: int) -> None:
        super().__init__(reason)
        self.holder = holder


def check_device(device: object) -> str:
    """``device`` if it is one of :data:`DEVICES`, else :class:`UnreadableInput`."""
    if device not in DEVICES:
        raise UnreadableInput(f"the device must be one of {', '.join(DEVICES)}")
    return str(device)


class DeviceHolds:
    """Device -> the game holding it (module docstring)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._held: dict[str, int] = _read(path) if path is not None else {}
        #: ``alive(game_pk)``: whether a game may still hold a device (not over, not gone).
        self.alive: Callable[[int], bool] = lambda game_pk: True
        #: Called after a claim or a release (the roll desk wakes the live streams with it).
        self.on_change: Callable[[], None] = lambda: None

    def holder(self, device: str) -> int | None:
        """The game holding ``device`` now (``None``: free, or its game is over)."""
        with self._lock:
            game = self._held.get(device)
        if game is None or not self.alive(game):
            return None
        return game

    def claim(self, device: str, game_pk: int, take_over: bool = False) -> int | None:
        """Bind ``device`` to ``game_pk``; the game that held it before (``None``: none).
        :class:`DeviceHeld` when another live game holds it and not ``take_over``."""
        check_device(device)
        before = self.holder(device)
        if before is not None and before != game_pk and not take_over:
            raise DeviceHeld(held_reason(device, before), before)
        with self._lock:
            self._held[device] = game_pk
            self._save()
        self.on_change()
        return before

    def release(self, device: str, game_pk: int) -> bool:
        """Free ``device`` if ``game_pk`` holds it; whether it did."""
        check_device(device)
        with self._lock:
            if self._held.get(device) != game_pk:
                return False
            del self._held[device]
            self._save()
        self.on_change()
        return True

    def to_json(self) -> dict[str, int | None]:
        """``{"tower": game or null, "camera": game or null}``."""
        return {device: self.holder(device) for device in DEVICES}

    def _save(self) -> None:
        if self.path is not None:
            write_atomically(self.path, (json.dumps(self._held) + "\n").encode())


def _read(path: Path) -> dict[str, int]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items()
            if k in DEVICES and isinstance(v, int) and not isinstance(v, bool)}
