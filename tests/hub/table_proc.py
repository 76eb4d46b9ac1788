"""A real table service in its own process, for the hub's fault tests (``test_faults.py``).

``python -m tests.hub.table_proc DATA_DIR [--clock-offset S]`` builds and serves the table
exactly as ``companion serve`` does (``companion.app.build``, waitress on 127.0.0.1, devices
off or mocked, the hub pusher started), then prints ``PORT <n>`` and, on the first start,
``PIN <owner pin>``. It reads commands from stdin: ``play GAME SEED [DELAY]`` plays a random
legal game through the service's session (as its players' screens would), printing
``PLAYED <game id> <actions>`` at the end. ``--clock-offset`` sets this process's wall clock
wrong by S seconds (``time.time``), as a table whose clock is wrong.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("data_dir")
    parser.add_argument("--clock-offset", type=float, default=0.0)
    args = parser.parse_args()
    if args.clock_offset:
        real = time.time
        time.time = lambda: real() + args.clock_offset  # before the log binds its clock

    from companion.app import build
    from companion.settings import load_settings
    from tests.played_games import play
    from web.serving import Server

    settings = load_settings(args.data_dir, "127.0.0.1", 0, tower="off", camera="off",
                             gpio="mock")
    service = build(settings)
    server = Server(service.app, "127.0.0.1", 0, threads=8)
    service.start()
    print(f"PORT {server.port}", flush=True)
    if service.new_owner_pin:
        print(f"PIN {service.new_owner_pin}", flush=True)

    def commands() -> None:
        for line in sys.stdin:
            words = line.split()
            if words[:1] == ["play"]:
                delay = float(words[3]) if len(words) > 3 else 0.0
                game_pk = play(service.session, words[1], int(words[2]),
                               each=lambda n, d=delay: time.sleep(d))
                count = service.log.version(game_pk)
                print(f"PLAYED {game_pk} {count}", flush=True)
        server.stop()

    threading.Thread(target=commands, daemon=True).start()
    try:
        server.run(before_stop=service.session.close)
    finally:
        service.close()


if __name__ == "__main__":
    main()
