"""Shared helpers of the dice-tower tests: the firmware modules, fakes of the tower's world."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from firmware_bridge import protocol
from firmware_bridge.fake import FIRMWARE_DIR, Firmware, load_firmware

REPO = Path(__file__).resolve().parents[2]


def need(condition: bool, message: str) -> None:
    """Skip with ``message`` on a desk; fail in CI (``CI`` set), where it must be there."""
    if condition:
        return
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def firmware() -> Firmware:
    return load_firmware(FIRMWARE_DIR)


class FakePort:
    """The tower's port in tests: ``feed`` what the host says, ``sent()`` what the tower said."""

    def __init__(self) -> None:
        self.inbox = bytearray()
        self.out: list[bytes] = []

    def feed(self, *messages: protocol.Message) -> None:
        for m in messages:
            self.inbox.extend(protocol.encode(m))

    def read(self) -> bytes:
        data = bytes(self.inbox)
        self.inbox.clear()
        return data

    def write(self, data: bytes) -> None:
        self.out.append(data)

    def sent(self) -> list[protocol.Message]:
        """Everything the tower wrote since the last call, decoded."""
        decoder = protocol.Decoder()
        items = decoder.feed(b"".join(self.out))
        self.out.clear()
        return [protocol.decode(i) for i in items if isinstance(i, protocol.Frame)]


class Clock:
    """A settable millisecond clock."""

    def __init__(self, now: int = 1000) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


class ScriptedSource:
    """A roll source whose next events the test queues."""

    KIND = protocol.SOURCE_VIRTUAL

    def __init__(self) -> None:
        self.events: list[tuple[int, object, int]] = []
        self.started_with: bool | None = None
        self.polls = 0

    def start(self, motion_marked: bool) -> None:
        self.started_with = motion_marked

    def poll(self, now: int) -> tuple[int, object, int] | None:
        self.polls += 1
        return self.events.pop(0) if self.events else None


@pytest.fixture
def flash(tmp_path: Path) -> str:
    return str(tmp_path / "rolls.q")


@pytest.fixture
def fake_hw(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, ModuleType]]:
    """Fakes of MicroPython's hardware modules in ``sys.modules`` (for ``hal``/``main``)."""
    import sys
    import types

    machine = types.ModuleType("machine")

    class Pin:
        IN, OUT, PULL_UP = 0, 1, 2
        levels: dict[object, int] = {}

        def __init__(self, pin: object, mode: int = 0, pull: int | None = None) -> None:
            self.pin = pin
            Pin.levels.setdefault(pin, 1)

        def value(self, v: int | None = None) -> int:
            if v is not None:
                Pin.levels[self.pin] = v
            return Pin.levels[self.pin]

    machine.Pin = Pin  # type: ignore[attr-defined]
    machine.unique_id = lambda: b"\x01\x02\x03\x04\x05\x06"  # type: ignore[attr-defined]
    micropython = types.ModuleType("micropython")
    micropython.kbd_intr = lambda n: None  # type: ignore[attr-defined]
    import time as real_time

    monkeypatch.setattr(real_time, "ticks_ms", lambda: int(real_time.monotonic() * 1000),
                        raising=False)
    monkeypatch.setattr(real_time, "ticks_diff", lambda a, b: a - b, raising=False)
    monkeypatch.setattr(real_time, "sleep_ms", lambda ms: None, raising=False)
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "micropython", micropython)
    monkeypatch.syspath_prepend(str(FIRMWARE_DIR))
    for name in ("hal", "main", "config"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    yield {"machine": machine, "micropython": micropython}
    for name in ("hal", "main", "config"):
        sys.modules.pop(name, None)
