"""The host link against the real firmware: in-process, and over the virtual tower's pty."""

from __future__ import annotations

import contextlib
import logging
import os
import random
import re
import sqlite3
import threading
import time
import tty
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from firmware_bridge import protocol as p
from firmware_bridge.fake import Firmware, VirtualTower
from firmware_bridge.inbox import RollInbox
from firmware_bridge.link import LinkState, LinkTiming, TowerLink
from firmware_bridge.service import TowerService
from tests.firmware_bridge.conftest import FakePort, ScriptedSource

FAST = LinkTiming(probe_timeout_s=0.3, hello_every_s=0.1, backoff_max_s=0.2,
                  not_a_tower_s=60.0)


def wait_for(condition: Callable[[], bool], timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


class InProcessTower:
    """A serial port whose other end is the real firmware (``tower.Tower``), stepped on reads.
    ``on_write(data)`` sees every host write first."""

    def __init__(self, firmware: Firmware, flash: str) -> None:
        self.port = FakePort()
        self.source = ScriptedSource()
        queue = firmware.rollqueue.FlashQueue(flash, 8)
        self.tower = firmware.tower.Tower(self.port, queue, self.source, bytes(range(8)),
                                          0xB007, lambda: int(time.monotonic() * 1000))
        self.rx = bytearray()
        self.on_write: Callable[[bytes], None] | None = None
        self.closed = False

    def _pump(self) -> None:
        self.tower.step()
        self.rx.extend(b"".join(self.port.out))
        self.port.out.clear()

    @property
    def in_waiting(self) -> int:
        self._pump()
        return len(self.rx)

    def read(self, size: int = 1) -> bytes:
        self._pump()
        if not self.rx:
            time.sleep(0.002)
            self._pump()
        out = bytes(self.rx[:size])
        del self.rx[:size]
        return out

    def write(self, data: bytes) -> int:
        if self.on_write is not None:
            self.on_write(data)
        self.port.inbox.extend(data)
        return len(data)

    def reset_input_buffer(self) -> None:
        self.rx.clear()

    def close(self) -> None:
        self.closed = True


class NoisePort:
    """A serial device that is not a tower: it only ever says random bytes."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    @property
    def in_waiting(self) -> int:
        return 64

    def read(self, size: int = 1) -> bytes:
        time.sleep(0.001)
        return bytes(self.rng.getrandbits(8) for _ in range(min(size, 64)))

    def write(self, data: bytes) -> int:
        return len(data)

    def reset_input_buffer(self) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.fixture
def inbox(tmp_path: Path) -> Iterator[RollInbox]:
    inbox = RollInbox(tmp_path / "companion.sqlite3")
    yield inbox
    inbox.close()


def start_link(inbox: RollInbox, ports: dict[str, Any], **kw: Any) -> TowerLink:
    for path in ports:
        Path(path).touch()
    link = TowerLink(inbox, list(ports), [], opener=lambda path: ports[path],
                     timing=kw.pop("timing", FAST), seed=1, **kw)
    link.start()
    return link


def test_every_roll_is_committed_before_its_ack(firmware: Firmware, inbox: RollInbox,
                                                tmp_path: Path) -> None:
    tower = InProcessTower(firmware, str(tmp_path / "rolls.q"))
    acks_after: list[int] = []

    def on_write(data: bytes) -> None:
        for item in p.Decoder().feed(data):
            message = p.decode(item)  # type: ignore[arg-type]
            if isinstance(message, p.Ack):
                stored = [r.roll.seq for r in inbox.rolls()]
                assert message.seq in stored, "acknowledged before the commit"
                acks_after.append(message.seq)

    tower.on_write = on_write
    tower.source.events = [(2, (k % 6 + 1,), 0) for k in range(5)]
    link = start_link(inbox, {str(tmp_path / "ttyACM0"): tower})
    try:
        assert wait_for(lambda: inbox.count() == 5 and tower.tower.queue.depth == 0)
    finally:
        link.stop()
    assert acks_after[:5] == [1, 2, 3, 4, 5]
    assert [r.roll.values for r in inbox.rolls()] == [(1,), (2,), (3,), (4,), (5,)]
    status = link.status()
    assert status.tower is not None and status.tower.device_id == bytes(range(8)).hex()
    assert status.last_roll is not None and status.last_roll.roll.seq == 5


def test_a_roll_that_cannot_be_committed_is_not_acknowledged(
    firmware: Firmware, inbox: RollInbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    tower = InProcessTower(firmware, str(tmp_path / "rolls.q"))
    failures = [sqlite3.OperationalError("disk I/O error")] * 2
    real_record = inbox.record

    def record(roll: Any) -> Any:
        if failures:
            raise failures.pop()
        return real_record(roll)

    monkeypatch.setattr(inbox, "record", record)
    acks: list[bytes] = []
    tower.on_write = lambda data: acks.append(data) if data[2] == p.ACK else None
    tower.source.events = [(2, (6, 6), 0)]
    link = start_link(inbox, {str(tmp_path / "ttyACM0"): tower})
    try:
        assert wait_for(lambda: inbox.count() == 1 and tower.tower.queue.depth == 0)
    finally:
        link.stop()
    assert failures == [] and len(acks) >= 1
    assert tower.tower.resends >= 2  # the tower sent it until it was committed


def test_a_port_of_random_bytes_is_no_tower_and_invents_no_roll(
    inbox: RollInbox, tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, "firmware_bridge.link")
    link = start_link(inbox, {str(tmp_path / "ttyUSB0"): NoisePort(5)})
    try:
        assert wait_for(lambda: "no tower answered" in caplog.text, 30.0)
        time.sleep(0.2)
        assert link.status().state is LinkState.SEARCHING
        assert link.candidates() == []  # cooling down: not probed again for a while
    finally:
        link.stop()
    assert inbox.count() == 0


def test_the_link_finds_the_tower_among_other_ports(firmware: Firmware, inbox: RollInbox,
                                                    tmp_path: Path) -> None:
    tower = InProcessTower(firmware, str(tmp_path / "rolls.q"))
    ports: dict[str, Any] = {str(tmp_path / "ttyACM0"): NoisePort(1),
                             str(tmp_path / "ttyACM1"): tower}
    link = start_link(inbox, ports)
    try:
        assert wait_for(lambda: link.status().connected, 30.0)
        assert link.status().tower.port.endswith("ttyACM1")  # type: ignore[union-attr]
    finally:
        link.stop()


# -- over the virtual tower's pty ---------------------------------------------------------------


@pytest.fixture
def virtual(tmp_path: Path) -> Iterator[Callable[..., VirtualTower]]:
    made: list[VirtualTower] = []

    def make(**kw: Any) -> VirtualTower:
        tower = VirtualTower(tmp_path / "tower", tmp_path, seed=3, **kw)
        tower.start()
        made.append(tower)
        return tower

    yield make
    for tower in made:
        tower.stop()


@pytest.fixture
def service(tmp_path: Path) -> Iterator[TowerService]:
    service = TowerService(tmp_path / "companion.sqlite3", ports=[str(tmp_path / "tower")],
                           patterns=[], seed=2)
    yield service
    service.stop()


def test_a_tower_of_another_major_version_is_refused_with_a_reason(
    virtual: Callable[..., VirtualTower], service: TowerService,
) -> None:
    tower = virtual(protocol_major=2)
    tower.tray.throw((4, 4), 0.0)
    service.start()
    assert wait_for(lambda: service.status().state is LinkState.REFUSED, 30.0)
    reason = service.status().reason
    assert "protocol 2.0" in reason and "refused" in reason
    time.sleep(0.3)
    assert service.inbox.count() == 0 and tower.queue_depth() == 1


def test_a_pulled_cable_is_noticed_by_the_port_not_by_silence_and_the_link_recovers(
    virtual: Callable[..., VirtualTower], service: TowerService,
) -> None:
    """The port's failure is noticed at once: the reason is the port's, not the silence
    timeout's (how fast, in wall time, is ``bench/bench_tower_loss.py``'s figure)."""
    tower = virtual()
    service.start()
    assert wait_for(lambda: service.status().connected)
    tower.unplug(0.5)
    tower.tray.throw((2, 5), 0.01)  # rolled while the cable is out: queued in the tower
    assert wait_for(lambda: service.status().state is LinkState.LOST, 30.0)
    reason = service.status().reason
    assert reason.startswith("tower disconnected") and "no frame" not in reason, reason
    assert wait_for(lambda: service.inbox.count() == 1, 30.0)
    assert service.status().connected and service.status().reconnects == 1
    assert service.inbox.rolls()[0].roll.values == (2, 5)


def test_a_silent_tower_is_declared_lost_after_the_silence_limit_and_comes_back(
    virtual: Callable[..., VirtualTower], service: TowerService,
) -> None:
    """A tower that sends nothing for ``lost_after_s`` is lost, by the link's own clock (the
    wall time it takes is ``bench/bench_tower_loss.py``'s figure)."""
    tower = virtual()
    service.start()
    assert wait_for(lambda: service.status().connected)
    feed = service.subscribe()
    tower.freeze(5.0)
    assert wait_for(lambda: service.status().state is LinkState.LOST, 30.0)
    reason = service.status().to_json()["reason"]
    silent = re.search(r"no frame from the tower for ([0-9.]+) s", reason)
    assert reason.startswith("tower disconnected") and silent, reason
    assert float(silent.group(1)) >= service.link.timing.lost_after_s
    assert wait_for(lambda: service.status().connected, 30.0)  # no restart needed
    tower.tray.throw((1, 6), 0.01)
    stored = feed.get(timeout=30.0)
    assert stored is not None and stored.roll.values == (1, 6)
    feed.close()


def test_a_pty_that_is_not_a_tower_is_skipped(virtual: Callable[..., VirtualTower],
                                              tmp_path: Path) -> None:
    master, slave = os.openpty()
    tty.setraw(slave)
    os.set_blocking(master, False)
    stop = threading.Event()

    def chatter() -> None:  # a device printing text lines, deaf to the handshake
        while not stop.wait(0.02):
            os.write(master, b"temperature=21.5\r\n")
            with contextlib.suppress(OSError):
                os.read(master, 1024)  # what the host says goes unheard

    thread = threading.Thread(target=chatter, daemon=True)
    thread.start()
    other = tmp_path / "ttyUSB9"
    other.symlink_to(os.ttyname(slave))
    virtual()
    service = TowerService(tmp_path / "companion.sqlite3",
                           ports=[str(other), str(tmp_path / "tower")], patterns=[])
    try:
        service.start()
        assert wait_for(lambda: service.status().connected, 30.0)
        assert service.status().tower.port == str(tmp_path / "tower")  # type: ignore[union-attr]
    finally:
        service.stop()
        stop.set()
        thread.join()
        os.close(master)
        os.close(slave)
