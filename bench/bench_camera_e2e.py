"""Dice camera end to end: from the dice coming to rest to every connected screen showing the roll.

The service runs in this process as ``companion serve`` wires it (the session with its SQLite log
on disk, the roll desk, the web app on a threaded server on loopback) with the demo camera: a
rendered tray at 15 frames a second in real time whose dice are thrown on demand, read by the
real pip reader and settle detector (default settle window) on the camera thread. A Sushi
Express game whose dice come from the camera waits for the roller's try; ``--clients`` live
streams (``GET /api/games/<id>/events``, the screens' server-sent events) are open.

For each roll the bench throws two dice, notes when they come to rest (the throw plus the
rendered tumble, on the monotonic clock) and waits until every stream has received the
snapshot with the roll applied; the figure is the time from rest to the last stream. Then the
roll is undone (the game waits for the same try again) and the next one is thrown. Target: at
most 1 s.

Usage: ``OMP_NUM_THREADS=1 .venv/bin/python bench/bench_camera_e2e.py [--rolls 10]
[--clients 8]``
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import cv2
from _screens import Screen, wait_all
from werkzeug.serving import make_server

from companion.devices.camera import TableCamera
from companion.session.log import GameLog
from companion.session.session import HOST, Act, Session, Undo
from companion.table.rolls import RollDesk
from web import create_app
from web.services import Services

TRIO = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"},
        {"name": "Cat", "colour": "green"}]
TO_ROLL = ({"kind": "reveal_customers", "cards": ["light_blue", "rose", "tip"]},
           {"kind": "guess", "player": "Ann", "number": 7},
           {"kind": "guess", "player": "Ben", "number": 8},
           {"kind": "guess", "player": "Cat", "number": 9})


def play(rolls: int, clients: int, data_dir: Path) -> list[float]:
    log = GameLog(data_dir / "companion.sqlite3")
    session = Session(log)
    desk = RollDesk(session)
    camera = TableCamera("demo", desk)
    camera.start()
    server = make_server("127.0.0.1", 0, create_app(Services(session, rolls=desk, camera=camera)),
                         threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        game = session.create_game("sushi-express", TRIO, {}, "camera").game_pk
        for action in TO_ROLL:
            session.submit(game, HOST, Act(action))
        screens = [Screen(server.server_port, game) for _ in range(clients)]
        for s in screens:
            s.start()
        for s in screens:
            s.ready.wait(10)
        time.sleep(1.5)  # the camera sees the empty tray first
        out = [one_roll(session, camera, screens, game) for _ in range(rolls)]
        held = out.count(None)
        if held:
            print(f"  {held} of {rolls} rolls were held for a confirm (not timed)")
        return [x for x in out if x is not None]
    finally:
        server.shutdown()
        camera.stop()
        session.close()
        log.close()


def one_roll(session: Session, camera: TableCamera, screens: list[Screen],
             game: int) -> float | None:
    """Rest -> last screen, in seconds; ``None`` when the roll was held for a confirm (then
    dismissed) instead of applied."""
    before = int(session.snapshot(game, HOST)["version"])
    assert camera.demo is not None and camera.desk is not None
    desk = camera.desk
    thrown = time.monotonic()
    rest = thrown + camera.demo.throw([1, 2])
    deadline = time.monotonic() + 10.0
    while all(s.arrival(before + 1) is None for s in screens):
        held = desk.pending(game)
        if held:
            print(f"  held for a confirm: {held[0].roll.values} {held[0].roll.quality}"
                  f" {held[0].reason or ''}", file=sys.stderr)
            desk.dismiss(game, held[0].roll.ref, HOST)
            camera.demo.clear()
            time.sleep(1.2)
            return None
        if time.monotonic() > deadline:
            raise RuntimeError(f"the roll neither applied nor waits: {desk.last}")
        time.sleep(0.002)
    last = wait_all(screens, before + 1)
    latency = last - rest
    action = session.snapshot(game, HOST)["history"][-1]["action"]
    if sorted(action.get("dice", [])) != [1, 2]:
        print(f"  misread: {action}", file=sys.stderr)
    session.submit(game, HOST, Undo())
    wait_all(screens, before + 2)
    camera.demo.clear()
    time.sleep(1.2)  # the tray is empty again and seen as such
    return latency


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=10)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    print(f"machine: {platform.machine()} {platform.processor() or ''} python "
          f"{platform.python_version()}; {args.clients} live streams; demo camera at 15 fps")
    medians: list[float] = []
    for run in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            latencies = play(args.rolls, args.clients, Path(tmp))
        ms = sorted(1000 * x for x in latencies)
        medians.append(statistics.median(ms))
        print(f"run {run + 1}: rest -> every screen: median {statistics.median(ms):.0f} ms, "
              f"max {ms[-1]:.0f} ms over {len(ms)} rolls ({', '.join(f'{m:.0f}' for m in ms)})")
    verdict = "met" if max(medians) <= 1000 else "MISSED"
    print(f"median of runs: {statistics.median(medians):.0f} ms (target <= 1000 ms: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
