"""Tower firmware entry point: MicroPython runs this file at boot.

Files on the tower (copy with ``mpremote``; see ``hardware/firmware/README.md``): this file,
``config.py``, ``hal.py``, ``tower.py``, ``rollqueue.py``, ``rollsources.py``, ``pipcount.py`` and
``protocol.py`` (the very file ``firmware_bridge/protocol.py`` of the host).

Holding the button while plugging in skips the link and leaves the REPL usable.
"""

import config
import hal
import rollqueue
import rollsources
import tower

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def build_source() -> "Any":
    if config.SOURCE == "camera":
        size = config.CAMERA_WIDTH * config.CAMERA_HEIGHT
        return rollsources.CameraSource(
            hal.Camera(config.CAMERA_WIDTH, config.CAMERA_HEIGHT),
            config.CAMERA_WIDTH, config.CAMERA_HEIGHT, config.CAMERA_PERIOD_MS, config.DIE_PX,
            config.DICE, hal.load_background(config.BACKGROUND_FILE, size), hal.ticks_diff)
    import os

    return rollsources.ButtonSource(hal.Button(config.BUTTON_PIN), os.urandom, config.DICE,
                                    ticks_diff=hal.ticks_diff)


def build(port: "Any" = None) -> "tower.Tower":
    """The tower of this boot, on the USB port (or ``port``)."""
    queue = rollqueue.FlashQueue(config.QUEUE_FILE, config.QUEUE_CAPACITY)
    return tower.Tower(port if port is not None else hal.UsbPort(), queue, build_source(),
                       hal.device_id(), hal.boot_id(), hal.ticks_ms, hal.ticks_diff)


def run(steps: int = -1, port: "Any" = None) -> "tower.Tower":
    """The main loop (``steps`` passes, or forever)."""
    if hal.Button(config.BUTTON_PIN).value():
        return None  # type: ignore[return-value]  # maintenance: keep the REPL
    if port is None:
        hal.quiet_usb()
    the_tower = build(port)
    led = hal.Led(config.LED_PIN)
    while steps:
        the_tower.step()
        led.show(hal.ticks_ms(), the_tower.linked, the_tower.queue.depth)
        hal.idle()
        steps -= 1
    return the_tower


if __name__ == "__main__":
    run()
