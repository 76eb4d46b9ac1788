"""The virtual dice tower: the real tower firmware on one end of a pseudo-terminal.

:class:`VirtualTower` runs ``hardware/firmware/tower.py`` (with its flash queue in a real file
and a roll source) on the master side of an ``os.openpty()`` pair and publishes the slave side
under a stable symlink (``link``), which the host opens like ``/dev/ttyACM0``. A pty ignores
baud rates, so both directions are paced here like a 115200-baud line (10 bits per byte).

Faults, seeded and per frame (:class:`FaultPlan`), in both directions: a frame is dropped,
corrupted (one bit flipped anywhere, delimiters included), duplicated or delayed (later frames
overtake it). Events on demand: :meth:`VirtualTower.unplug` closes the pty (the host's port fails
at once) and plugs it back later, with or without cutting the tower's power; :meth:`reset`
reboots the tower (USB re-enumerates: the port goes away too); :meth:`freeze` makes it mute with
the port open (only the host's heartbeat timeout can notice).

The dice are a :class:`VirtualTray` outside the tower (they survive its resets): ``throw``
puts values in motion for a while, then they lie still. The default roll source,
:class:`VirtualTraySource`, reads the tray directly; ``source="camera"`` instead renders tray
frames (:mod:`firmware_bridge.traysim`) for the firmware's own camera source and pip counter,
and ``source="button"`` gives the firmware's button source a :class:`VirtualButton`.

All pty file descriptors are opened, read, written and closed by the tower's own thread only.
"""

from __future__ import annotations

import heapq
import importlib.util
import os
import random
import select
import sys
import threading
import time
import tty
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from firmware_bridge import protocol

FIRMWARE_DIR = Path(__file__).resolve().parent.parent / "hardware" / "firmware"
#: Firmware modules the virtual tower runs, in import order.
FIRMWARE_MODULES = ("pipcount", "rollqueue", "rollsources", "tower")
BAUD = 115200
FAULT_KINDS = ("drop", "corrupt", "duplicate", "delay")


@dataclass(frozen=True)
class Firmware:
    """The tower firmware's modules, loaded from :data:`FIRMWARE_DIR`."""

    pipcount: ModuleType
    rollqueue: ModuleType
    rollsources: ModuleType
    tower: ModuleType


def load_firmware(directory: Path = FIRMWARE_DIR) -> Firmware:
    """Import the firmware modules (under their names on the tower, as they import each
    other so); ``protocol`` is this package's own codec, as on the tower."""
    modules: dict[str, ModuleType] = {}
    for name in FIRMWARE_MODULES:
        path = directory / f"{name}.py"
        loaded = sys.modules.get(name)
        if loaded is not None and Path(getattr(loaded, "__file__", "")).resolve() == path:
            modules[name] = loaded
            continue
        if loaded is not None:
            raise ImportError(f"a module {name!r} not from {directory} is already imported")
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"tower firmware module {path} not found")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
        modules[name] = module
    return Firmware(**modules)


class FaultPlan:
    """Seeded per-frame faults: each frame meets a fault with probability ``rate``, its kind
    drawn evenly from ``kinds``; a delay lasts ``delay_s`` (uniform range)."""

    def __init__(self, rate: float = 0.0, seed: int = 0,
                 kinds: tuple[str, ...] = FAULT_KINDS,
                 delay_s: tuple[float, float] = (0.02, 0.3)) -> None:
        unknown = set(kinds) - set(FAULT_KINDS)
        if unknown or not 0.0 <= rate <= 1.0:
            raise ValueError(f"bad fault plan: rate {rate}, kinds {kinds}")
        self.rate = rate
        self.kinds = kinds
        self.delay_s = delay_s
        self.rng = random.Random(seed)
        self.counts: Counter[str] = Counter()

    def apply(self, frame: bytes) -> list[tuple[float, bytes]]:
        """What to send for ``frame``: ``(extra delay, bytes)`` pairs (none when dropped)."""
        if self.rate <= 0.0 or self.rng.random() >= self.rate:
            return [(0.0, frame)]
        kind = self.rng.choice(self.kinds)
        self.counts[kind] += 1
        if kind == "drop":
            return []
        if kind == "corrupt":
            bad = bytearray(frame)
            bad[self.rng.randrange(len(bad))] ^= 1 << self.rng.randrange(8)
            return [(0.0, bytes(bad))]
        if kind == "duplicate":
            return [(0.0, frame), (0.0, frame)]
        return [(self.rng.uniform(*self.delay_s), frame)]


class VirtualTray:
    """The dice in the tower's tray (outside the tower: they survive its resets)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self.generation = 0
        self.values: tuple[int, ...] = ()
        self.settles_at = 0.0
        self.reported = 0
        self.quality = protocol.QUALITY_OK

    def throw(self, values: tuple[int, ...], settle_s: float = 0.02,
              quality: int = protocol.QUALITY_OK) -> tuple[int, float]:
        """Dice showing ``values`` once they stop in ``settle_s``: ``(generation, settle time)``.
        ``quality`` is how :class:`VirtualTraySource` reports them (a die cocked, ...)."""
        with self._lock:
            self.generation += 1
            self.values = tuple(values)
            self.quality = quality
            self.settles_at = self.clock() + settle_s
            return self.generation, self.settles_at

    def look(self) -> tuple[int, bool, tuple[int, ...]]:
        """``(generation, moving, values)`` now."""
        with self._lock:
            return self.generation, self.clock() < self.settles_at, self.values


class VirtualTraySource:
    """Roll source reading the :class:`VirtualTray` (stands in for the camera): motion when a
    new throw is moving, the values when it lies still. After a boot the dice lying still are a
    baseline, unless the flash marked motion (a roll was in progress at the reset)."""

    KIND = protocol.SOURCE_VIRTUAL

    def __init__(self, tray: VirtualTray) -> None:
        self.tray = tray
        self._done = 0
        self._motion_for = 0

    def start(self, motion_marked: bool) -> None:
        generation, moving, _ = self.tray.look()
        self._done = generation - 1 if (motion_marked or moving) and generation else generation
        self._motion_for = 0

    def poll(self, now: int) -> tuple[int, Any, int] | None:
        generation, moving, values = self.tray.look()
        if generation == self._done:
            return None
        if moving or self._motion_for != generation:
            if self._motion_for != generation:
                self._motion_for = generation
                return (1, None, 0)  # EVENT_MOTION
            return None
        self._done = generation
        self.tray.reported = generation
        return (2, values, self.tray.quality)  # EVENT_SETTLED


class SimCamera:
    """A camera over the :class:`VirtualTray`: synthetic frames of the dice as they are."""

    def __init__(self, tray: VirtualTray, seed: int = 0) -> None:
        from firmware_bridge.traysim import TrayScene

        self.tray = tray
        self.scene = TrayScene(seed=seed)
        self._generation = -1
        self._final: tuple[Any, ...] = ()

    def capture(self) -> bytes:
        generation, moving, values = self.tray.look()
        if generation != self._generation:
            self._generation = generation
            placed = self.scene.place(len(values)) if values else ()
            placed = tuple(sorted(placed, key=lambda d: d.x))
            from dataclasses import replace

            self._final = tuple(replace(d, value=v) for d, v in zip(placed, values, strict=True))
        if moving:
            return self.scene.render(self.scene.tumbling(self._final, random.random()))
        return self.scene.render(self._final)


class VirtualButton:
    """The bench button: :meth:`press` holds it down for ``hold_s``."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._until = 0.0

    def press(self, hold_s: float = 0.08) -> None:
        self._until = self.clock() + hold_s

    def value(self) -> int:
        return 1 if self.clock() < self._until else 0


class _Port:
    """The firmware's view of the line: ``read()`` what arrived, ``write(frame)``."""

    def __init__(self, owner: VirtualTower) -> None:
        self.owner = owner

    def read(self) -> bytes:
        return self.owner._take_rx()

    def write(self, data: bytes) -> None:
        self.owner._queue_tx(data)


class VirtualTower:
    """The tower firmware on a paced pty with faults; see the module docstring."""

    def __init__(
        self,
        link: str | Path,
        flash_dir: str | Path,
        *,
        faults: FaultPlan | None = None,
        seed: int = 0,
        source: str = "virtual",
        baud: int = BAUD,
        boot_s: float = 0.2,
        capacity: int = 32,
        protocol_major: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.link = Path(link)
        self.flash_path = str(Path(flash_dir) / "rolls.q")
        self.faults = faults or FaultPlan(0.0)
        self.source_kind = source
        self.byte_s = 10.0 / baud
        self.boot_s = boot_s
        self.capacity = capacity
        self.clock = clock
        self.firmware = load_firmware()
        self.tray = VirtualTray(clock)
        self.button = VirtualButton(clock)
        self._rng = random.Random(seed)
        self._seed = seed
        self.device_id = bytes(self._rng.getrandbits(8) for _ in range(8))
        self._protocol_major = protocol_major
        self._lock = threading.RLock()
        self._thread: threading.Thread | None = None
        self._running = False
        self._master: int | None = None
        self._slave: int | None = None
        self.tower: Any = None
        self._requests: list[tuple[str, float, bool, threading.Event]] = []
        self._plug_at: float | None = None
        self._boot_at: float | None = None
        self._frozen_until = 0.0
        self._rx_partial = bytearray()
        self._rx_ready = bytearray()
        self._rx_heap: list[tuple[float, int, bytes]] = []
        self._tx_heap: list[tuple[float, int, bytes]] = []
        self._rx_free = 0.0
        self._tx_free = 0.0
        self._order = 0
        self.stats: Counter[str] = Counter()

    # -- control (any thread) ----------------------------------------------------------------

    def start(self) -> None:
        """Plug in and power up (the tower boots at once)."""
        if self._thread is not None:
            return
        self._running = True
        self._plug()
        self._power_on()
        self._thread = threading.Thread(target=self._loop, name="virtual-tower", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._running = False
        if self._thread is not None:
            self._thread.join(5.0)
            self._thread = None
        self._pull()
        self.tower = None

    def unplug(self, down_s: float = 0.5, power_cut: bool = False) -> None:
        """Pull the cable now (returns once the pty is closed); plug back after ``down_s``.
        With ``power_cut`` the tower loses power too and boots again after the replug."""
        self._request("unplug", down_s, power_cut)

    def reset(self, down_s: float = 0.05) -> None:
        """Reboot the tower: its USB port disappears and comes back ``down_s`` later, then it
        boots (``boot_s``) with a new boot id and whatever its flash kept."""
        self._request("unplug", down_s, True)

    def freeze(self, seconds: float) -> None:
        """Make the tower mute for ``seconds`` with its port still open."""
        with self._lock:
            self._frozen_until = self.clock() + seconds

    @property
    def powered(self) -> bool:
        return self.tower is not None

    @property
    def plugged(self) -> bool:
        return self._master is not None

    def queue_depth(self) -> int | None:
        tower = self.tower
        return None if tower is None else int(tower.queue.depth)

    def motion_marked(self) -> bool:
        tower = self.tower
        return bool(tower is not None and tower.queue.motion_marked)

    def _request(self, kind: str, down_s: float, power_cut: bool) -> None:
        done = threading.Event()
        with self._lock:
            self._requests.append((kind, down_s, power_cut, done))
        if self._thread is not None and threading.current_thread() is not self._thread:
            done.wait(2.0)

    # -- the tower's thread ------------------------------------------------------------------

    def _loop(self) -> None:
        while self._running:
            self._housekeeping()
            fd = self._master
            frozen = self.clock() < self._frozen_until
            readable = False
            if fd is not None and not frozen:
                readable = bool(select.select([fd], [], [], 0.001)[0])
            else:
                time.sleep(0.001)
            with self._lock:
                now = self.clock()
                if readable and fd == self._master:
                    self._read_pty(now)
                self._deliver_rx(now)
                if self.tower is not None and not frozen:
                    self.tower.step()
                self._flush_tx(now)

    def _housekeeping(self) -> None:
        with self._lock:
            now = self.clock()
            requests, self._requests = self._requests, []
            for _kind, down_s, power_cut, done in requests:
                self._pull()
                self.stats["unplugs"] += 1
                if power_cut and self.tower is not None:
                    self.tower = None
                    self.stats["power_cuts"] += 1
                self._plug_at = now + down_s
                done.set()
            if self._plug_at is not None and now >= self._plug_at:
                self._plug_at = None
                self._plug()
                if self.tower is None:
                    self._boot_at = now + self.boot_s
            if self._boot_at is not None and now >= self._boot_at:
                self._boot_at = None
                self._power_on()

    def _plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        tmp = self.link.with_name(self.link.name + ".new")
        if tmp.is_symlink() or tmp.exists():
            tmp.unlink()
        os.symlink(os.ttyname(slave), tmp)
        os.replace(tmp, self.link)

    def _pull(self) -> None:
        if self.link.is_symlink():
            self.link.unlink()
        for fd in (self._master, self._slave):
            if fd is not None:
                os.close(fd)
        self._master = self._slave = None
        self._rx_partial.clear()
        self._rx_ready.clear()
        self._rx_heap.clear()
        self._tx_heap.clear()
        if self.tower is not None:
            self.tower.decoder = protocol.Decoder()

    def _power_on(self) -> None:
        fw = self.firmware
        boot_id = 0
        while not boot_id:
            boot_id = self._rng.getrandbits(32)
        queue = fw.rollqueue.FlashQueue(self.flash_path, self.capacity)
        tower = fw.tower.Tower(_Port(self), queue, self._make_source(), self.device_id, boot_id,
                               self._ticks_ms)
        self.stats["boots"] += 1
        if self._protocol_major is not None:
            major = self._protocol_major
            original = tower._on_hello

            def on_hello(hello: protocol.HostHello) -> None:  # a tower of another version
                tower._send(protocol.TowerHello(
                    major, 0, tower.fw, tower.device_id, tower.boot_id, hello.nonce,
                    tower.source.KIND, tower.queue.capacity))
                if major != hello.major:
                    tower._error(protocol.ERR_INCOMPATIBLE_VERSION, major, "other major")
                else:
                    original(hello)

            tower._on_hello = on_hello
        self.tower = tower

    def _make_source(self) -> Any:
        fw = self.firmware
        if self.source_kind == "virtual":
            return VirtualTraySource(self.tray)
        if self.source_kind == "camera":
            return fw.rollsources.CameraSource(SimCamera(self.tray, self._seed), 160, 120,
                                               period_ms=50)
        if self.source_kind == "button":
            return fw.rollsources.ButtonSource(self.button, self._random_bytes, dice=2)
        raise ValueError(f"unknown roll source {self.source_kind!r}")

    def _random_bytes(self, n: int) -> bytes:
        return bytes(self._rng.getrandbits(8) for _ in range(n))

    def _ticks_ms(self) -> int:
        return int(self.clock() * 1000)

    # -- the line ----------------------------------------------------------------------------

    def _read_pty(self, now: float) -> None:
        assert self._master is not None
        try:
            data = os.read(self._master, 4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            return
        self.stats["bytes_in"] += len(data)
        self._rx_partial.extend(data)
        while True:
            end = self._rx_partial.find(0)
            if end < 0:
                break
            segment = bytes(self._rx_partial[:end])
            del self._rx_partial[:end + 1]
            if segment:
                self.stats["frames_in"] += 1
                for delay, wire in self.faults.apply(b"\x00" + segment + b"\x00"):
                    self._rx_free = max(now, self._rx_free) + len(wire) * self.byte_s
                    self._push(self._rx_heap, self._rx_free + delay, wire)
        if len(self._rx_partial) > 4 * protocol.MAX_FRAME:  # garbage without delimiters
            self._rx_ready.extend(self._rx_partial)
            self._rx_partial.clear()

    def _push(self, heap: list[tuple[float, int, bytes]], due: float, data: bytes) -> None:
        self._order += 1
        heapq.heappush(heap, (due, self._order, data))

    def _deliver_rx(self, now: float) -> None:
        while self._rx_heap and self._rx_heap[0][0] <= now:
            self._rx_ready.extend(heapq.heappop(self._rx_heap)[2])

    def _take_rx(self) -> bytes:
        data = bytes(self._rx_ready)
        self._rx_ready.clear()
        return data

    def _queue_tx(self, frame: bytes) -> None:
        if self._master is None:
            return  # unplugged: the bytes go nowhere
        now = self.clock()
        self.stats["frames_out"] += 1
        for delay, wire in self.faults.apply(frame):
            if delay:
                self._push(self._tx_heap, now + delay + len(wire) * self.byte_s, wire)
            else:
                self._tx_free = max(now, self._tx_free) + len(wire) * self.byte_s
                self._push(self._tx_heap, self._tx_free, wire)

    def _flush_tx(self, now: float) -> None:
        while self._tx_heap and self._tx_heap[0][0] <= now and self._master is not None:
            data = heapq.heappop(self._tx_heap)[2]
            try:
                os.write(self._master, data)
            except BlockingIOError:
                self.stats["tx_overflow"] += 1
            except OSError:
                self.stats["tx_failed"] += 1
