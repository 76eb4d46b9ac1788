"""The Pi's owner: a PIN that alone changes what every game shares (issue 28 item 4).

A game's host runs one game; the **owner** runs the service: card sets, the camera's
calibration, the dice face set, which game holds a device when its host is gone, and who may
start games (:data:`CREATE_MODES`: ``open``, anyone on the network, the default; ``owner``,
only with the owner PIN). ``docs/SECURITY.md``, "The owner".

Contract of :class:`Owner`:

* **The PIN** is 6 to 12 digits, stored only as a salted scrypt hash in ``DATA_DIR/owner.json``
  (written atomically, :mod:`companion.durable`). :meth:`Owner.load` makes one up when the file
  has none (first start) and returns it *once*, so ``companion serve`` can print it that one
  time; ``companion owner-pin set`` replaces it (:meth:`Owner.set_pin`).
* **Proving it**: :meth:`Owner.sign_in` exchanges the PIN for an owner token (random, kept in
  memory: a restart or a new PIN ends every owner token). Wrong PINs are counted per client
  address with the join codes' throttle (:class:`~companion.session.throttle.JoinThrottle`:
  10 a minute, then :class:`~companion.session.errors.TooManyAttempts` for the rest of it).
* :meth:`Owner.require` refuses a request without a valid owner token with
  :class:`~companion.session.errors.Forbidden` and a plain reason ("Only the Pi's owner can
  change card sets: enter the owner PIN"). A PIN changed by the command line while the service
  runs is noticed at the next check (the file is read again when it changed), and the tokens
  given for the old PIN stop working.

Thread-safe: the web server's threads call it concurrently.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.durable import write_atomically
from companion.games.base import UnreadableInput
from companion.i18n import Msg, msg
from companion.session.errors import Forbidden, TooManyAttempts
from companion.session.throttle import JoinThrottle

OWNER_FILE = "owner.json"
#: Who may start a game: anyone on the network, or the owner only.
CREATE_MODES = ("open", "owner")
#: The machine code of an owner-only refusal (``403 forbidden``, ``"code": "owner_required"``):
#: the pages ask for the owner PIN on it, whatever the reason's language.
OWNER_REQUIRED = "owner_required"
PIN_DIGITS = 6
PIN_MIN, PIN_MAX = 6, 12
#: scrypt's cost: about 30 ms on a Pi 4, 16 MB of memory (only at sign-in and when set).
_SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1}


def new_pin(digits: int = PIN_DIGITS) -> str:
    """A random PIN of ``digits`` digits."""
    return "".join(secrets.choice("0123456789") for _ in range(digits))


def check_pin_text(pin: Any) -> str:
    """``pin`` if it is 6 to 12 digits 0-9, else :class:`UnreadableInput` saying so."""
    if not isinstance(pin, str) or not (pin.isascii() and pin.isdigit()) or not (
            PIN_MIN <= len(pin) <= PIN_MAX):
        raise UnreadableInput(f"the owner PIN is {PIN_MIN} to {PIN_MAX} digits (0-9)")
    return pin


def hash_pin(pin: str, salt: bytes | None = None) -> dict[str, Any]:
    """The stored form of ``pin``: ``{"salt", "hash", "n", "r", "p"}`` (hex strings)."""
    salt = secrets.token_bytes(16) if salt is None else salt
    digest = hashlib.scrypt(pin.encode(), salt=salt, dklen=32, **_SCRYPT)
    return {"salt": salt.hex(), "hash": digest.hex(), **_SCRYPT}


def pin_matches(pin: str, stored: dict[str, Any]) -> bool:
    """Whether ``pin`` is the PIN whose :func:`hash_pin` is ``stored``."""
    try:
        salt = bytes.fromhex(stored["salt"])
        digest = hashlib.scrypt(pin.encode(), salt=salt, dklen=32, n=int(stored["n"]),
                                r=int(stored["r"]), p=int(stored["p"]))
        return hmac.compare_digest(digest.hex(), str(stored["hash"]))
    except (KeyError, TypeError, ValueError):
        return False


@dataclass(frozen=True)
class OwnerFile:
    """What ``owner.json`` holds."""

    pin: dict[str, Any]
    create_games: str = "open"

    def to_json(self) -> dict[str, Any]:
        return {"version": 1, "pin": self.pin, "create_games": self.create_games}


class Owner:
    """The owner PIN, the owner tokens and the service-wide settings (module docstring).

    ``path`` ``None`` keeps everything in memory (tests, apps built without a data dir)."""

    def __init__(self, path: Path | None, stored: OwnerFile, *,
                 throttle: JoinThrottle | None = None) -> None:
        self.path = path
        self._stored = stored
        self._stamp = self._file_stamp()
        self._tokens: set[str] = set()
        self._lock = threading.Lock()
        self._throttle = throttle or JoinThrottle()

    # -- building ------------------------------------------------------------------------

    @classmethod
    def load(cls, data_dir: Path) -> tuple[Owner, str | None]:
        """The owner of ``data_dir`` and, when no PIN was set yet, the PIN just made up (and
        stored) - to be shown once; ``None`` otherwise. A file that cannot be read is renamed
        ``owner.json.bad-<time>`` (never deleted) and a new PIN is made."""
        path = Path(data_dir) / OWNER_FILE
        try:
            stored = read_owner_file(path)
        except UnreadableInput:  # a damaged file: kept aside, a new PIN is made and shown
            path.replace(path.with_name(f"{OWNER_FILE}.bad-{time.strftime('%Y%m%dT%H%M%S')}"))
            stored = None
        made: str | None = None
        if stored is None:
            made = new_pin()
            stored = OwnerFile(hash_pin(made))
            path.parent.mkdir(parents=True, exist_ok=True)
            _write(path, stored)
        return cls(path, stored), made

    @classmethod
    def in_memory(cls, pin: str | None = None, create_games: str = "open") -> Owner:
        """An owner kept in memory with ``pin`` (``None``: a random one nobody knows, so every
        owner-only request is refused)."""
        return cls(None, OwnerFile(hash_pin(check_pin_text(pin) if pin else new_pin(12)),
                                   create_games))

    # -- the PIN and tokens --------------------------------------------------------------

    def sign_in(self, pin: Any, client: str) -> str:
        """A new owner token for the right ``pin``; :class:`Forbidden` for a wrong one,
        :class:`TooManyAttempts` after 10 wrong PINs from ``client`` within a minute."""
        with self._lock:
            wait = self._throttle.wait_seconds(client)
            if wait > 0:
                raise TooManyAttempts(msg(
                    "too many wrong owner PINs from this device: wait {n} s and try again",
                    n=f"{wait:.0f}"), wait)
            stored = self._current().pin
        ok = isinstance(pin, str) and pin.isascii() and len(pin) <= 64 and pin_matches(
            pin, stored)
        with self._lock:
            if not ok:
                self._throttle.failed(client)
                raise Forbidden(msg("that is not the owner PIN (it was printed when the "
                                    "companion first started; change it with `companion "
                                    "owner-pin set` on the Pi)"))
            token = secrets.token_urlsafe(24)
            self._tokens.add(token)
            return token

    def is_owner(self, token: str | None) -> bool:
        """Whether ``token`` is a live owner token."""
        if not token:
            return False
        with self._lock:
            self._current()
            return any(hmac.compare_digest(token, t) for t in self._tokens)

    def require(self, token: str | None, what: str | Msg) -> None:
        """:class:`Forbidden` unless ``token`` is an owner token: "Only the Pi's owner can
        ``what``: enter the owner PIN"."""
        if not self.is_owner(token):
            raise Forbidden(
                msg("Only the Pi's owner can {what}: enter the owner PIN", what=what),
                code=OWNER_REQUIRED,
            )

    def sign_out(self, token: str | None) -> None:
        """End one owner token (nothing when it is not one)."""
        with self._lock:
            self._tokens.discard(token or "")

    def set_pin(self, pin: Any) -> None:
        """Replace the PIN (6-12 digits, else :class:`UnreadableInput`); every owner token
        ends."""
        stored = hash_pin(check_pin_text(pin))
        with self._lock:
            self._stored = OwnerFile(stored, self._current().create_games)
            self._save()
            self._tokens.clear()

    # -- service-wide settings -----------------------------------------------------------

    @property
    def create_games(self) -> str:
        """Who may start a game: ``open`` or ``owner``."""
        with self._lock:
            return self._current().create_games

    def set_create_games(self, mode: Any) -> str:
        """Set who may start a game (:data:`CREATE_MODES`); :class:`UnreadableInput` else."""
        if mode not in CREATE_MODES:
            raise UnreadableInput(f"'create_games' must be one of {', '.join(CREATE_MODES)}")
        with self._lock:
            self._stored = OwnerFile(self._current().pin, str(mode))
            self._save()
        return str(mode)

    # -- the file ------------------------------------------------------------------------

    def _file_stamp(self) -> tuple[int, int] | None:
        if self.path is None:
            return None
        try:
            st = self.path.stat()
        except OSError:
            return None
        return st.st_mtime_ns, st.st_size

    def _current(self) -> OwnerFile:
        """The stored settings, read again when the file changed (``owner-pin set`` while the
        service runs: then the old tokens end). Call with the lock held."""
        stamp = self._file_stamp()
        if self.path is not None and stamp != self._stamp:
            try:
                fresh = read_owner_file(self.path)
            except UnreadableInput:
                fresh = None  # a bad edit: keep what we had
            if fresh is not None:
                if fresh.pin != self._stored.pin:
                    self._tokens.clear()
                self._stored = fresh
            self._stamp = stamp
        return self._stored

    def _save(self) -> None:
        if self.path is not None:
            _write(self.path, self._stored)
            self._stamp = self._file_stamp()


def read_owner_file(path: Path) -> OwnerFile | None:
    """``owner.json``'s contents, ``None`` when there is none (or it holds no PIN);
    :class:`UnreadableInput` when it cannot be read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise UnreadableInput(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("pin"), dict):
        return None
    mode = data.get("create_games", "open")
    return OwnerFile(data["pin"], mode if mode in CREATE_MODES else "open")


def _write(path: Path, stored: OwnerFile) -> None:
    write_atomically(path, (json.dumps(stored.to_json(), indent=2) + "\n").encode())
    with contextlib.suppress(OSError):
        os.chmod(path, 0o600)


def set_owner_pin(data_dir: Path, pin: Any) -> None:
    """``companion owner-pin set``: store ``pin`` as ``data_dir``'s owner PIN (a running
    service notices it at its next check)."""
    owner, _ = Owner.load(data_dir)
    owner.set_pin(pin)
