"""``python -m firmware_bridge``: the virtual tower, the soak and a bare bridge.

```
python -m firmware_bridge simulate [--link PATH] [--faults RATE] [--seed S]
                                   [--source virtual|camera|button] [--roll-every S]
                                   [--dice N] [--settle S] [--protocol-major N] [--duration S]
    the virtual tower on a pty whose host side is the symlink PATH; reads commands on stdin:
    roll [FACES...] | press | unplug [S] | power-cut [S] | reset | freeze S | status | quit
python -m firmware_bridge soak --rolls N --faults RATE --unplugs K [--seed S] [--resets R]
    the virtual tower against the real bridge; the last stdout line is one JSON object;
    exit 1 when a roll was lost, duplicated or reordered
python -m firmware_bridge listen --db FILE [--port PATH ...] [--no-scan]
    the bridge alone: commits rolls to FILE's inbox and prints each as one JSON line
```
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

DEFAULT_LINK = Path(tempfile.gettempdir()) / "sushi-tower"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m firmware_bridge",
                                     description="dice-tower bridge tools")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="run the virtual tower on a pty")
    sim.add_argument("--link", type=Path, default=DEFAULT_LINK,
                     help=f"symlink to the host side of the pty (default {DEFAULT_LINK})")
    sim.add_argument("--flash", type=Path, default=None,
                     help="directory of the tower's flash file (default: a temp dir)")
    sim.add_argument("--faults", type=float, default=0.0, help="per-frame fault rate, 0..1")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--source", choices=("virtual", "camera", "button"), default="virtual")
    sim.add_argument("--roll-every", type=float, default=0.0,
                     help="throw random dice every S seconds (0: only on 'roll')")
    sim.add_argument("--dice", type=int, default=2)
    sim.add_argument("--settle", type=float, default=0.3,
                     help="seconds thrown dice move before they lie still (default 0.3)")
    sim.add_argument("--protocol-major", type=int, default=None,
                     help="pretend to speak another protocol major version")
    sim.add_argument("--duration", type=float, default=0.0, help="stop after S seconds")
    soak = sub.add_parser("soak", help="the virtual tower against the real bridge")
    soak.add_argument("--rolls", type=int, required=True)
    soak.add_argument("--faults", type=float, required=True, help="per-frame fault rate, 0..1")
    soak.add_argument("--unplugs", type=int, required=True)
    soak.add_argument("--seed", type=int, default=0)
    soak.add_argument("--resets", type=int, default=1, help="tower resets mid-roll (default 1)")
    listen = sub.add_parser("listen", help="run the bridge, print committed rolls")
    listen.add_argument("--db", type=Path, required=True, help="SQLite file of the inbox")
    listen.add_argument("--port", action="append", default=[], help="a port to probe first")
    listen.add_argument("--no-scan", action="store_true",
                        help="probe only --port paths, not /dev/ttyACM* and /dev/ttyUSB*")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "soak":
        return _soak(args)
    if args.command == "listen":
        return _listen(args)
    return _simulate(args)


def _soak(args: argparse.Namespace) -> int:
    from firmware_bridge.soak import run_soak

    if args.rolls < 1 or not 0.0 <= args.faults <= 1.0 or args.unplugs < 0 or args.resets < 0:
        print("soak: --rolls >= 1, --faults in 0..1, --unplugs/--resets >= 0", file=sys.stderr)
        return 2
    result = run_soak(args.rolls, args.faults, args.unplugs, args.seed, args.resets,
                      progress=lambda line: print(line, flush=True))
    print(json.dumps(result, sort_keys=True), flush=True)
    bad = result["lost"] or result["duplicated"] or result["reordered"] or not result["ok"]
    return 1 if bad else 0


def _listen(args: argparse.Namespace) -> int:
    import logging

    from firmware_bridge.link import DEFAULT_PATTERNS
    from firmware_bridge.service import TowerService

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    patterns = () if args.no_scan else DEFAULT_PATTERNS
    service = TowerService(args.db, ports=args.port, patterns=patterns,
                           on_status=lambda s: print(json.dumps(s.to_json()), flush=True))
    service.add_listener(lambda stored: print(json.dumps(stored.to_json()), flush=True))
    service.start()
    try:
        while True:
            time.sleep(1.0)
    except KeyboardInterrupt:
        return 0
    finally:
        service.stop()


def _simulate(args: argparse.Namespace) -> int:
    from firmware_bridge.fake import FaultPlan, VirtualTower

    flash_tmp = None
    flash = args.flash
    if flash is None:
        flash_tmp = tempfile.TemporaryDirectory(prefix="tower-flash-")
        flash = Path(flash_tmp.name)
    tower = VirtualTower(args.link, flash, faults=FaultPlan(args.faults, args.seed),
                         seed=args.seed, source=args.source,
                         protocol_major=args.protocol_major)
    tower.start()
    print(f"virtual tower {tower.device_id.hex()} on {args.link} "
          f"({args.source} source, faults {args.faults})", flush=True)
    rng = random.Random(args.seed)
    stop = threading.Event()

    def throw(faces: Sequence[int] = ()) -> None:
        values = tuple(faces) or tuple(rng.randint(1, 6) for _ in range(args.dice))
        _generation, settles_at = tower.tray.throw(values, args.settle)
        # the monotonic clock is the machine's: another process can compare its own with it
        print(f"threw {list(values)} settles_at={settles_at:.6f}", flush=True)

    def auto() -> None:
        while not stop.wait(args.roll_every):
            throw()

    if args.roll_every > 0:
        threading.Thread(target=auto, daemon=True).start()
    if args.duration > 0:
        timer = threading.Timer(args.duration, stop.set)
        timer.daemon = True
        timer.start()
    reader = threading.Thread(target=_commands, args=(tower, throw, stop), daemon=True)
    reader.start()
    try:
        while not stop.wait(0.2):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        tower.stop()
        if flash_tmp is not None:
            flash_tmp.cleanup()
    return 0


def _commands(tower: object, throw: object, stop: threading.Event) -> None:
    from firmware_bridge.fake import VirtualTower

    assert isinstance(tower, VirtualTower) and callable(throw)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd, rest = words[0], words[1:]
        try:
            if cmd == "roll":
                throw([int(w) for w in rest])
            elif cmd == "press":
                tower.button.press()
            elif cmd in ("unplug", "power-cut"):
                tower.unplug(float(rest[0]) if rest else 1.0, power_cut=cmd == "power-cut")
            elif cmd == "reset":
                tower.reset()
            elif cmd == "freeze":
                tower.freeze(float(rest[0]) if rest else 5.0)
            elif cmd == "status":
                print(json.dumps({"powered": tower.powered, "plugged": tower.plugged,
                                  "queue_depth": tower.queue_depth(),
                                  "stats": dict(tower.stats)}), flush=True)
            elif cmd == "quit":
                break
            else:
                print(f"unknown command {cmd!r}", flush=True)
        except (ValueError, IndexError) as e:
            print(f"bad command {line.strip()!r}: {e}", flush=True)
    else:
        return  # stdin closed: keep running until --duration or Ctrl-C
    stop.set()


if __name__ == "__main__":
    raise SystemExit(main())
