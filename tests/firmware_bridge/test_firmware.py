"""The tower firmware under CPython: link logic, flash queue, roll sources, hardware layer."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from firmware_bridge import protocol as p
from firmware_bridge.fake import Firmware
from tests.firmware_bridge.conftest import Clock, FakePort, ScriptedSource

DEV = bytes(range(8))
MOTION = (1, None, 0)


def settled(*values: int, quality: int = 0) -> tuple[int, object, int]:
    return (2, values, quality)


def make(firmware: Firmware, flash: str, boot: int = 0xB007, source: Any = None,
         clock: Clock | None = None) -> tuple[Any, FakePort, Any, Clock]:
    port = FakePort()
    clock = clock or Clock()
    source = source or ScriptedSource()
    queue = firmware.rollqueue.FlashQueue(flash, 4)
    tower = firmware.tower.Tower(port, queue, source, DEV, boot, clock)
    return tower, port, source, clock


def linked(firmware: Firmware, flash: str, **kw: Any) -> tuple[Any, FakePort, Any, Clock]:
    tower, port, source, clock = make(firmware, flash, **kw)
    port.feed(p.HostHello(1, 0, 42))
    tower.step()
    hello, *rest = port.sent()
    assert isinstance(hello, p.TowerHello) and hello.nonce == 42
    port.out = [p.encode(m) for m in rest]  # what came after the hello, for the test to see
    return tower, port, source, clock


def test_the_tower_answers_every_hello_with_who_it_is(firmware: Firmware, flash: str) -> None:
    tower, port, _source, _clock = make(firmware, flash)
    port.feed(p.HostHello(1, 3, 7))
    tower.step()
    assert port.sent() == [p.TowerHello(1, 0, firmware.tower.FW_VERSION, DEV, 0xB007, 7,
                                        p.SOURCE_VIRTUAL, 4)]
    assert tower.linked


def test_before_the_handshake_the_tower_only_answers_not_linked(firmware: Firmware,
                                                                  flash: str) -> None:
    tower, port, source, _clock = make(firmware, flash)
    source.events = [settled(3, 4)]
    port.feed(p.Heartbeat(1))
    tower.step()
    sent = port.sent()
    assert sent == [p.TowerError(p.ERR_NOT_LINKED, p.HEARTBEAT, "say host_hello first")]
    assert tower.queue.depth == 1  # the roll is kept, not sent


def test_a_host_of_another_major_version_is_refused(firmware: Firmware, flash: str) -> None:
    tower, port, _source, _clock = make(firmware, flash)
    port.feed(p.HostHello(2, 0, 9))
    tower.step()
    hello, error = port.sent()
    assert isinstance(hello, p.TowerHello) and hello.major == 1
    assert isinstance(error, p.TowerError) and error.code == p.ERR_INCOMPATIBLE_VERSION
    assert not tower.linked


def test_a_roll_is_in_flash_before_it_is_sent_and_leaves_only_when_acked(
    firmware: Firmware, flash: str,
) -> None:
    tower, port, source, clock = linked(firmware, flash)
    written: list[int] = []
    original = tower.port.write
    tower.port.write = lambda data: (written.append(tower.queue.writes), original(data))
    source.events = [MOTION, settled(3, 5)]
    tower.step()  # motion: marked in flash
    assert firmware.rollqueue.FlashQueue(flash).motion_marked
    clock.now += 10
    tower.step()  # settled: queued (one more write), then sent
    (roll,) = port.sent()
    assert roll == p.Roll(0xB007, 1, 10, p.QUALITY_OK, (3, 5))
    assert written[-1] == 2
    on_flash = firmware.rollqueue.FlashQueue(flash)
    assert on_flash.entries == [(0xB007, 1, 10, 0, (3, 5))] and not on_flash.motion_marked
    port.feed(p.Ack(0xB007, 1))
    tower.step()
    assert firmware.rollqueue.FlashQueue(flash).depth == 0


def test_an_unacknowledged_roll_is_resent_with_backoff_and_a_stale_ack_is_ignored(
    firmware: Firmware, flash: str,
) -> None:
    tower, port, source, clock = linked(firmware, flash)
    source.events = [settled(6)]
    tower.step()
    assert len(port.sent()) == 1
    clock.now += firmware.tower.RESEND_MS - 1
    tower.step()
    assert port.sent() == []
    clock.now += 1
    tower.step()
    assert [m.seq for m in port.sent()] == [1]  # type: ignore[attr-defined]
    clock.now += firmware.tower.RESEND_MS  # the timeout doubled
    tower.step()
    assert port.sent() == []
    port.feed(p.Ack(0xB007, 99), p.Ack(0x1234, 1))
    tower.step()
    assert tower.queue.depth == 1
    clock.now += firmware.tower.RESEND_MS
    tower.step()
    assert len(port.sent()) == 1


def test_rolls_go_out_one_at_a_time_in_order(firmware: Firmware, flash: str) -> None:
    tower, port, source, _clock = linked(firmware, flash)
    source.events = [settled(1), settled(2), settled(3)]
    for _ in range(3):
        tower.step()
    seen = []
    for _ in range(3):
        (roll,) = port.sent()
        seen.append(roll.values)  # type: ignore[attr-defined]
        port.feed(p.Ack(roll.boot_id, roll.seq))  # type: ignore[attr-defined]
        tower.step()
    assert seen == [(1,), (2,), (3,)]


def test_the_resend_timeout_follows_the_measured_round_trip(firmware: Firmware,
                                                             flash: str) -> None:
    tower, port, source, clock = linked(firmware, flash)
    for seq in range(1, 4):
        source.events = [settled(2)]
        tower.step()
        port.sent()
        clock.now += 4
        port.feed(p.Ack(0xB007, seq))
        tower.step()
    assert firmware.tower.RESEND_MIN_MS <= tower.rto < firmware.tower.RESEND_MS


def test_a_damaged_frame_while_waiting_for_an_ack_resends_at_once(firmware: Firmware,
                                                                   flash: str) -> None:
    tower, port, source, _clock = linked(firmware, flash)
    source.events = [settled(4)]
    tower.step()
    port.sent()
    port.inbox.extend(b"\x00\x06\x03\x01\x02\x03\x00")  # an ack with a broken CRC
    tower.step()
    assert len(port.sent()) == 1 and tower.frame_errors == 1


def test_a_reset_loses_no_roll_and_keeps_its_key(firmware: Firmware, flash: str) -> None:
    tower, port, source, clock = linked(firmware, flash)
    source.events = [settled(5, 5)]
    tower.step()
    assert len(port.sent()) == 1  # the ack never comes: the tower resets
    source2 = ScriptedSource()
    tower2, port2, _s, _c = linked(firmware, flash, boot=0xBEEF, source=source2, clock=clock)
    (roll,) = port2.sent()
    assert roll == p.Roll(0xB007, 1, 0, p.QUALITY_OK, (5, 5))  # old boot id and seq
    assert source2.started_with is False
    port2.feed(p.Ack(0xB007, 1))
    tower2.step()
    assert tower2.queue.depth == 0


def test_a_reset_while_dice_move_tells_the_next_boot_to_report_them(
    firmware: Firmware, flash: str,
) -> None:
    tower, _port, source, clock = linked(firmware, flash)
    source.events = [MOTION]
    tower.step()
    source2 = ScriptedSource()
    make(firmware, flash, boot=0xBEEF, source=source2, clock=clock)
    assert source2.started_with is True


def test_the_link_drops_after_four_silent_seconds(firmware: Firmware, flash: str) -> None:
    tower, port, _source, clock = linked(firmware, flash)
    clock.now += firmware.tower.LINK_TIMEOUT_MS + 1
    tower.step()
    assert not tower.linked
    port.feed(p.Heartbeat(3))
    tower.step()
    assert port.sent()[0].code == p.ERR_NOT_LINKED  # type: ignore[attr-defined]


def test_heartbeat_and_state_answers(firmware: Firmware, flash: str) -> None:
    tower, port, source, clock = linked(firmware, flash)
    source.events = [settled(1, 2)]
    tower.step()
    port.sent()
    clock.now += 500
    port.feed(p.Heartbeat(9), p.StateQuery())
    tower.step()
    reply, state = port.sent()[:2]
    assert reply == p.HeartbeatReply(9, 1, p.TRAY_IDLE, 500)
    assert state == p.State(0xB007, 500, 1, 4, 2, p.TRAY_IDLE, 0xB007, 1, 0)


def test_a_full_queue_stops_reading_dice_and_says_so_once(firmware: Firmware,
                                                           flash: str) -> None:
    tower, port, source, _clock = linked(firmware, flash)
    source.events = [settled(v) for v in (1, 2, 3, 4, 5)]
    for _ in range(6):
        tower.step()
    assert tower.queue.depth == 4 and source.events == [settled(5)]
    errors = [m for m in port.sent() if isinstance(m, p.TowerError)]
    assert [e.code for e in errors] == [p.ERR_QUEUE_FULL]


def test_bad_messages_get_error_answers(firmware: Firmware, flash: str) -> None:
    tower, port, _source, _clock = linked(firmware, flash)
    port.inbox.extend(p.encode_frame(0x55, b""))
    port.inbox.extend(p.encode_frame(p.ACK, b"\x01"))
    port.feed(p.Roll(1, 1, 1, 0, (1,)))  # a tower message sent to the tower
    tower.step()
    codes = [(m.code, m.arg) for m in port.sent()]  # type: ignore[attr-defined]
    assert codes == [(p.ERR_UNKNOWN_TYPE, 0x55), (p.ERR_BAD_LENGTH, 1),
                     (p.ERR_UNKNOWN_TYPE, p.ROLL)]


def test_a_corrupt_flash_file_is_a_reported_fault_not_a_crash(firmware: Firmware,
                                                               flash: str) -> None:
    Path(flash).write_bytes(b"SQ1\x00\x01garbage")
    tower, port, _source, _clock = linked(firmware, flash)
    assert tower.queue.fault and tower.queue.depth == 0
    port.feed(p.StateQuery())
    tower.step()
    (state,) = port.sent()
    assert state.flags & p.FLAG_FLASH_FAULT  # type: ignore[attr-defined]


def test_the_flash_queue_round_trips_its_file(firmware: Firmware, flash: str) -> None:
    q = firmware.rollqueue.FlashQueue(flash, 8)
    q.append((1, 1, 10, 0, (1, 2)))
    q.append((1, 2, 20, 2, (6,)))
    q.mark_motion()
    again = firmware.rollqueue.FlashQueue(flash, 8)
    assert again.entries == q.entries and again.motion_marked
    assert not again.pop(1, 2) and again.pop(1, 1)
    assert firmware.rollqueue.FlashQueue(flash, 8).entries == [(1, 2, 20, 2, (6,))]


# -- roll sources -------------------------------------------------------------------------------


class Button:
    def __init__(self) -> None:
        self.level = 0

    def value(self) -> int:
        return self.level


def test_the_button_source_rolls_fair_dice_on_a_debounced_press(firmware: Firmware) -> None:
    rng = random.Random(1)
    button = Button()
    source = firmware.rollsources.ButtonSource(
        button, lambda n: bytes(rng.getrandbits(8) for _ in range(n)), dice=3, debounce_ms=30)
    source.start(False)
    counts = [0] * 7
    now = 0
    presses = 0
    for _ in range(600):
        button.level = 1
        assert source.poll(now) is None  # the edge, not yet debounced
        now += 10
        assert source.poll(now) is None  # a bounce shorter than 30 ms
        now += 40
        event = source.poll(now)
        assert event is not None and event[0] == 2 and len(event[1]) == 3
        presses += 1
        for v in event[1]:
            counts[v] += 1
        button.level = 0
        source.poll(now)
        now += 40
        assert source.poll(now) is None  # a release is no roll
    assert presses == 600
    assert all(abs(c - 300) < 90 for c in counts[1:])


def test_a_button_held_at_boot_is_not_a_press(firmware: Firmware) -> None:
    button = Button()
    button.level = 1
    source = firmware.rollsources.ButtonSource(button, bytes, dice=1)
    source.start(False)
    assert source.poll(0) is None and source.poll(100) is None


def test_the_camera_source_reports_a_sensor_fault(firmware: Firmware) -> None:
    class Dead:
        def capture(self) -> None:
            return None

    source = firmware.rollsources.CameraSource(Dead(), 160, 120)
    source.start(False)
    assert source.poll(0) == (3, None, p.ERR_SOURCE)


# -- the hardware layer and main.py, on fakes of MicroPython's modules ---------------------------


class FakeStream:
    def __init__(self, data: bytes = b"") -> None:
        self.data = bytearray(data)
        self.written = bytearray()

    def read(self, n: int) -> bytes:
        out = bytes(self.data[:n])
        del self.data[:n]
        return out

    def write(self, b: bytes) -> None:
        self.written.extend(b)


class FakePoll:
    def __init__(self, stream: FakeStream) -> None:
        self.stream = stream

    def poll(self, timeout: int) -> list[int]:
        return [1] if self.stream.data else []


def test_hal_moves_bytes_and_reads_pins(fake_hw: dict[str, ModuleType]) -> None:
    import hal  # type: ignore[import-not-found]

    stdin = FakeStream(b"\x00\x03abc" * 30)
    stdout = FakeStream()
    port = hal.UsbPort(stdin, stdout, FakePoll(stdin), chunk=64)
    assert len(port.read()) == 64 and len(port.read()) == 64 and len(port.read()) == 22
    assert port.read() == b""
    port.write(b"xyz")
    assert bytes(stdout.written) == b"xyz"
    assert hal.device_id() == b"\x01\x02\x03\x04\x05\x06\x00\x00"
    draws = iter([b"\x00" * 4, b"\x00\x00\x00\x05"])
    assert hal.boot_id(lambda n: next(draws)) == 5
    button = hal.Button(15)
    assert button.value() == 0  # pulled up: not pressed
    fake_hw["machine"].Pin.levels[15] = 0  # type: ignore[attr-defined]
    assert button.value() == 1


def test_hal_camera_gives_whole_frames_or_none(fake_hw: dict[str, ModuleType]) -> None:
    import hal

    class Driver:
        frame: Any = bytes(160 * 120)

        def capture(self) -> Any:
            if self.frame is OSError:
                raise OSError("sensor gone")
            return self.frame

    driver = Driver()
    camera = hal.Camera(160, 120, driver)
    assert camera.capture() == bytes(160 * 120)
    driver.frame = b"short"
    assert camera.capture() is None
    driver.frame = OSError
    assert camera.capture() is None


def test_main_runs_the_tower_on_the_usb_port(fake_hw: dict[str, ModuleType],
                                             tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import config  # type: ignore[import-not-found]

    monkeypatch.setattr(config, "QUEUE_FILE", str(tmp_path / "rolls.q"))
    import main  # type: ignore[import-not-found]

    port = FakePort()
    port.feed(p.HostHello(1, 0, 5))
    tower = main.run(steps=3, port=port)
    assert tower.linked
    assert isinstance(port.sent()[0], p.TowerHello)
