"""The box's buttons, lights and buzzer on gpiozero, with the pin factory injected.

Built by the composition root (``companion/app.py``) from the ``gpio`` and ``pins`` settings:

* :func:`choose_factory` picks the pin factory: on a Raspberry Pi (``auto``) lgpio on a Pi 5
  and gpiozero's default on a Pi 4; gpiozero's ``MockFactory`` (with PWM-capable mock pins)
  with ``mock``, on machines without GPIO, and, with the fault recorded, when the Pi's factory
  fails to load (python3-lgpio missing, no access to ``/dev/gpiochip*``).
* :class:`Controls` owns one gpiozero ``Button`` per fitted button (internal pull-up, closes
  to ground) and feeds its raw edges to a :class:`~companion.devices.presses.PressTracker` (debounce
  and long press; gpiozero's own ``bounce_time`` is left off so every factory, the mock included,
  behaves the same). Decided presses go to a second thread, which submits them through
  :class:`~companion.devices.buttons.TableButtons` (the session's queue) and plays the answer's
  :class:`~companion.devices.feedback.Signal` on the lights.
* :class:`GpioLights` shows a pattern step on a green and a red LED (or one RGB LED) and an
  active buzzer.
* :class:`TableWatcher` turns what the devices report into signals: the tower connecting or
  going away, a settled roll arriving (dice settled) or refused by the game (rejected).

Threads: ``controls`` (press timing), ``controls-actions`` (intents), ``feedback`` (patterns)
and ``table-watcher``; gpiozero's own callbacks only record an edge and return.
"""

from __future__ import annotations

import glob
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.devices.buttons import BUTTONS, Answer, TableButtons
from companion.devices.feedback import Colour, FeedbackPlayer, Signal
from companion.devices.present import DeviceStatus
from companion.devices.presses import Press, PressTiming, PressTracker
from companion.games.base import JSON
from companion.i18n import tmsg
from companion.settings import Pins

log = logging.getLogger(__name__)
NAME = "GPIO"
PI_MODEL_FILE = Path("/proc/device-tree/model")
DEFAULT_TIMING = PressTiming()


# -- the pin factory -------------------------------------------------------------------------


@dataclass(frozen=True)
class FactoryChoice:
    """The pin factory for a ``gpio`` mode, whether it drives real pins, and why."""

    factory: Any
    real: bool
    detail: str
    fault: str | None = None


def pi_model(path: Path = PI_MODEL_FILE) -> str | None:
    """The board's model line (``Raspberry Pi 5 Model B Rev 1.0``), or ``None`` off a Pi."""
    try:
        model = path.read_text(errors="replace").strip("\x00\n ")
    except OSError:
        return None
    return model if "Raspberry Pi" in model else None


def mock_factory() -> Any:
    """gpiozero's MockFactory with PWM-capable pins (an RGB LED dims its channels)."""
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    return MockFactory(pin_class=MockPWMPin)


def _real_factory(model: str) -> tuple[Any, str]:
    if "Raspberry Pi 5" in model:
        from gpiozero.pins.lgpio import LGPIOFactory

        return LGPIOFactory(), f"{model}, lgpio"
    from gpiozero import Device

    factory = Device._default_pin_factory()
    return factory, f"{model}, {type(factory).__name__}"


def choose_factory(mode: str, model: str | None = None,
                   chips: list[str] | None = None) -> FactoryChoice | None:
    """The factory for ``mode`` (``auto``, ``mock``; ``off`` gives ``None``).

    ``model`` and ``chips`` default to this machine's (:func:`pi_model`, ``/dev/gpiochip*``).
    """
    if mode == "off":
        return None
    if mode == "mock":
        return FactoryChoice(mock_factory(), False,
                             tmsg("Test buttons (no real buttons connected; gpio setting mock)"))
    if mode != "auto":
        raise ValueError(f"unknown gpio mode {mode!r}")
    model = pi_model() if model is None else model
    chips = sorted(glob.glob("/dev/gpiochip*")) if chips is None else chips
    if not model or not chips:
        return FactoryChoice(mock_factory(), False,
                             tmsg("Test buttons (no real buttons connected: not a Raspberry Pi)"))
    try:
        factory, detail = _real_factory(model)
    except Exception as exc:
        reason = tmsg("the Pi's pin factory did not load ({error}); install python3-lgpio and "
                      "put the service user in the gpio group",
                      error=f"{type(exc).__name__}: {exc}")
        return FactoryChoice(mock_factory(), False,
                             tmsg("Test buttons instead: the real buttons do not work"), reason)
    return FactoryChoice(factory, True, detail)


# -- lights ----------------------------------------------------------------------------------


class GpioLights:
    """A green and a red LED (or one RGB LED) and an active buzzer, as fitted in ``pins``."""

    def __init__(self, factory: Any, pins: Pins) -> None:
        from gpiozero import LED, RGBLED, Buzzer

        self._devices: list[Any] = []
        self.rgb: Any = None
        self.green: Any = None
        self.red: Any = None
        self.buzzer: Any = None
        try:
            if pins.rgb is not None:
                self.rgb = self._add(RGBLED(*pins.rgb, pin_factory=factory))
            else:
                if pins.green is not None:
                    self.green = self._add(LED(pins.green, pin_factory=factory))
                if pins.red is not None:
                    self.red = self._add(LED(pins.red, pin_factory=factory))
            if pins.buzzer is not None:
                self.buzzer = self._add(Buzzer(pins.buzzer, pin_factory=factory))
        except BaseException:
            self.close()
            raise

    def _add(self, device: Any) -> Any:
        self._devices.append(device)
        return device

    def show(self, colour: Colour, buzz: bool) -> None:
        if self.rgb is not None:
            self.rgb.color = colour
        if self.green is not None:
            self.green.value = colour[1] > 0
        if self.red is not None:
            self.red.value = colour[0] > 0
        if self.buzzer is not None:
            self.buzzer.value = buzz

    def close(self) -> None:
        for device in reversed(self._devices):
            device.close()
        self._devices.clear()


# -- buttons ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pressed:
    """One decided press and what it did."""

    button: str
    press: Press
    answer: Answer
    at: float

    def to_json(self) -> JSON:
        return {"button": self.button, "press": self.press.value,
                "signal": self.answer.signal.value, "message": self.answer.message,
                "at": self.at}


class Controls:
    """Buttons -> intents, signals -> lights (see the module docstring).

    ``buttons`` decides what a press does; ``timing`` the debounce and long press; ``sleep``
    paces the light patterns (tests pass one that returns at once).
    """

    def __init__(self, choice: FactoryChoice, pins: Pins, buttons: TableButtons,
                 timing: PressTiming = DEFAULT_TIMING,
                 sleep: Callable[[float], object] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        from gpiozero import Button

        self.choice = choice
        self.pins = pins
        self.buttons = buttons
        self.timing = timing
        self.pressed: list[Pressed] = []
        self._clock = clock
        self._cond = threading.Condition()
        self._stop = False
        self._trackers: dict[str, PressTracker] = {}
        self._actions: queue.Queue[tuple[str, Press] | None] = queue.Queue()
        self._devices: list[Any] = []
        self.lights = GpioLights(choice.factory, pins)
        try:
            for name in BUTTONS:
                pin = getattr(pins, name)
                if pin is None:
                    continue
                device = Button(pin, pull_up=True, bounce_time=None,
                                pin_factory=choice.factory)
                self._devices.append(device)
                self._trackers[name] = PressTracker(timing, pressed=device.is_pressed)
                device.when_pressed = self._edge_handler(name, True)
                device.when_released = self._edge_handler(name, False)
        except BaseException:
            self._close_devices()
            raise
        self.player = FeedbackPlayer(self.lights, sleep)
        self._threads = [
            threading.Thread(target=self._time_presses, name="controls", daemon=True),
            threading.Thread(target=self._run_actions, name="controls-actions", daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    # -- what others call ----------------------------------------------------------------------

    def signal(self, what: Signal) -> None:
        """Show ``what`` on the lights (from any thread; never blocks)."""
        self.player.signal(what)

    def wait_pressed(self, count: int, timeout: float = 5.0) -> bool:
        """Wait until ``count`` presses have been handled (tests, demos)."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while len(self.pressed) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def device_status(self) -> DeviceStatus:
        """The GPIO line of the device report and of ``/health``."""
        fitted = ", ".join(f"{n} {getattr(self.pins, n)}" for n in BUTTONS
                           if getattr(self.pins, n) is not None) or tmsg("no buttons")
        detail = tmsg("{detail}; buttons on GPIO pins {pins}", detail=self.choice.detail,
                      pins=fitted)
        if self.choice.fault:
            return DeviceStatus(NAME, False, detail, ok=False, reason=self.choice.fault)
        return DeviceStatus(NAME, self.choice.real, detail)

    def status_json(self) -> JSON:
        last = self.pressed[-1].to_json() if self.pressed else None
        return {"pins": self.pins.describe(), "last_press": last,
                "signals_played": len(self.player.played)}

    def close(self) -> None:
        """Stop the threads, turn the lights off and release the pins (idempotent)."""
        with self._cond:
            if self._stop:
                return
            self._stop = True
            self._cond.notify_all()
        self._actions.put(None)
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(5.0)
        self.player.close()
        self._close_devices()

    # -- threads -----------------------------------------------------------------------------

    def _edge_handler(self, name: str, pressed: bool) -> Callable[[], None]:
        def handler() -> None:
            with self._cond:
                self._queue_presses(name, self._trackers[name].edge(pressed, self._clock()))
                self._cond.notify_all()
        return handler

    def _queue_presses(self, name: str, presses: list[Press]) -> None:
        for press in presses:
            self._actions.put((name, press))

    def _time_presses(self) -> None:
        with self._cond:
            while not self._stop:
                now = self._clock()
                for name, tracker in self._trackers.items():
                    self._queue_presses(name, tracker.poll(now))
                deadlines = [d for t in self._trackers.values()
                             if (d := t.deadline()) is not None]
                wait = max(0.0, min(deadlines) - self._clock()) if deadlines else None
                self._cond.wait(wait)

    def _run_actions(self) -> None:
        while True:
            item = self._actions.get()
            if item is None:
                return
            name, press = item
            try:
                answer = self.buttons.press(name, press)
            except Exception as exc:  # a broken intent must not end the buttons
                log.exception("button %s: unexpected error", name)
                answer = Answer(Signal.REJECTED, f"internal error: {exc}")
            self.player.signal(answer.signal)
            with self._cond:
                self.pressed.append(Pressed(name, press, answer, time.time()))
                self._cond.notify_all()

    def _close_devices(self) -> None:
        for device in self._devices:
            device.close()
        self._devices.clear()
        self.lights.close()


# -- device events -> signals ------------------------------------------------------------------


#: A roll's outcome at the roll desk -> the signal it gives.
OFFER_SIGNALS = {"applied": Signal.DICE_SETTLED, "pending": Signal.DICE_SETTLED,
                 "unwanted": Signal.DICE_SETTLED, "refused": Signal.REJECTED}


class TableWatcher:
    """Polls the devices every ``period`` seconds and signals what changed.

    ``connected()`` says whether the dice tower's link is up (``None``: no tower);
    ``last_offer()`` is the roll desk's last :class:`~companion.table.rolls.Offered` (a new object
    per roll). Polling keeps the tower and the roll desk free of any knowledge of the lights.
    """

    def __init__(self, signal: Callable[[Signal], None],
                 connected: Callable[[], bool] | None = None,
                 last_offer: Callable[[], Any] | None = None,
                 period: float = 0.25) -> None:
        self._signal = signal
        self._connected = connected
        self._last_offer = last_offer
        self.period = period
        self._was_connected = connected() if connected is not None else False
        self._seen_offer = last_offer() if last_offer is not None else None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="table-watcher", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(5.0)

    def check(self) -> None:
        """One look at the devices (the thread calls it; tests may too)."""
        if self._connected is not None:
            now = self._connected()
            if now != self._was_connected:
                self._signal(Signal.TOWER_CONNECTED if now else Signal.TOWER_LOST)
            self._was_connected = now
        if self._last_offer is not None:
            offer = self._last_offer()
            if offer is not None and offer is not self._seen_offer:
                self._seen_offer = offer
                signal = OFFER_SIGNALS.get(getattr(offer, "outcome", ""))
                if signal is not None:
                    self._signal(signal)

    def _run(self) -> None:
        while not self._stop.wait(self.period):
            try:
                self.check()
            except Exception:  # a device read failing at shutdown
                log.debug("table watcher: check failed", exc_info=True)


# -- one service run's buttons and lights -------------------------------------------------------


class TableControls:
    """The buttons, lights and watcher of one ``companion serve`` run (built from the ``gpio``
    and ``pins`` settings by the composition root).

    A GPIO problem never stops the service: when the pins cannot be claimed the status says why
    and games go on from the screens. ``tower`` and ``desk`` feed the :class:`TableWatcher`;
    ``scanner`` is the camera scan behind the scan button (``None`` until one is wired).
    """

    def __init__(self, mode: str, pins: Pins, session: Any, desk: Any = None,
                 tower: Any = None, scanner: Any = None,
                 timing: PressTiming = DEFAULT_TIMING) -> None:
        self.mode = mode
        self.controls: Controls | None = None
        self.watcher: TableWatcher | None = None
        self._fault: str | None = None
        self._tower = tower
        self._desk = desk
        choice = choose_factory(mode)
        self.choice = choice
        if choice is None:
            return
        try:
            self.controls = Controls(choice, pins, TableButtons(session, desk, scanner), timing)
        except Exception as exc:  # pins busy, no permission, a bad pin number for this board
            log.exception("GPIO: the buttons and lights could not start")
            self._fault = tmsg("the buttons and lights could not start: {error}",
                               error=f"{type(exc).__name__}: {exc}")

    def start(self) -> None:
        """Start watching the tower and the roll desk for the lights."""
        if self.controls is None or self.watcher is not None:
            return
        tower, desk = self._tower, self._desk
        connected = None
        if tower is not None and tower.service is not None:
            def connected() -> bool:
                service = tower.service
                return service is not None and bool(service.status().connected)
        last_offer = (lambda: desk.last) if desk is not None else None
        self.watcher = TableWatcher(self.controls.signal, connected, last_offer)
        self.watcher.start()

    def signal(self, what: Signal) -> None:
        """Show ``what`` on the lights, if there are any (e.g. ``SCAN_DONE`` from the camera)."""
        if self.controls is not None:
            self.controls.signal(what)

    def device_status(self) -> DeviceStatus:
        if self.choice is None:
            return DeviceStatus(NAME, False, tmsg("gpio setting off; no buttons or lights"), "off")
        if self.controls is None:
            return DeviceStatus(NAME, self.choice.real, self.choice.detail, ok=False,
                                reason=self._fault)
        return self.controls.device_status()

    def close(self) -> None:
        if self.watcher is not None:
            self.watcher.stop()
            self.watcher = None
        if self.controls is not None:
            self.controls.close()
