"""Card scans end to end: five players' phone photos to the round's breakdown on every screen.

The service runs in this process as ``companion serve`` wires it (session and SQLite log on disk,
the scan desk with the real card reader, the web app on a threaded server on loopback) with a
card set enrolled from one drawn card of each My First Meal type. A 5-player Sushi Go Party!
game in scoring mode waits for the round's tableaux; ``--clients`` live streams are open.

Each run: every player's phone uploads a photo of their 8 cards (``POST .../scan/upload``,
drawn cards on a wooden table, 1280x720 JPEG as a phone sends it after shrinking) and confirms
it (``POST .../scan/confirm``), one after the other as the Pi reads them; the figure is the time
from the first upload to the moment the last stream received the scored round. A scan with an
uncertain card is corrected with its true label at once (a person's tap, counted and printed;
their thinking time is not the machine's); a tableau the engine refuses (a card misread surely)
ends the run untimed. Target: at most 2 s.

Usage: ``OMP_NUM_THREADS=1 .venv/bin/python bench/bench_scan_e2e.py [--runs 3] [--clients 8]``
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from _screens import Screen, wait_all
from werkzeug.serving import make_server

from companion.scans import ScanDesk
from companion.session.log import GameLog
from companion.session.session import Session
from companion.vision.cards import CardSet, Embedder
from companion.vision.cards.procedural import CARD_ASPECT, card_mask, render_card, sushi_like_deck
from companion.vision.cards.store import model_digest, save_set
from web import create_app
from web.services import Services

PLAYERS = ("Ann", "Ben", "Cat", "Dan", "Eve")
TABLEAUX = (
    ("tempura", "tempura", "sashimi", "maki_1", "egg_nigiri", "tea", "miso_soup",
     "green_tea_ice_cream"),
    ("sashimi", "sashimi", "maki_2", "salmon_nigiri", "tempura", "miso_soup", "tea", "maki_3"),
    ("egg_nigiri", "squid_nigiri", "maki_1", "maki_2", "tempura", "sashimi", "miso_soup",
     "green_tea_ice_cream"),
    ("salmon_nigiri", "maki_3", "tempura", "tempura", "sashimi", "miso_soup", "tea",
     "egg_nigiri"),
    ("squid_nigiri", "maki_1", "maki_1", "sashimi", "miso_soup", "green_tea_ice_cream",
     "tempura", "salmon_nigiri"),
)
FIRST_MEAL = sorted({c for t in TABLEAUX for c in t})
DECK = {d.label: d for d in sushi_like_deck()}
CARD_W = 120


def photo(cards: tuple[str, ...], seed: int) -> bytes:
    """One player's cards in a row on a wooden table, slightly turned, as a phone JPEG."""
    rng = np.random.default_rng(seed)
    canvas = np.full((720, 1280, 3), (70, 110, 150), np.uint8)
    card_h = round(CARD_W / CARD_ASPECT)
    for i, label in enumerate(cards):
        card = render_card(DECK[label], CARD_W)
        mask = card_mask(CARD_W, card_h)[..., None]
        x, y = 40 + i * (CARD_W + 30), 240 + int(rng.integers(-30, 30))
        canvas[y:y + card_h, x:x + CARD_W] = canvas[y:y + card_h, x:x + CARD_W] * (1 - mask) \
            + card * mask
    ok, data = cv2.imencode(".jpg", canvas, [cv2.IMWRITE_JPEG_QUALITY, 85])
    assert ok
    return bytes(data)


def enrolled(data_dir: Path) -> None:
    card_set = CardSet(name="sushi-go-party", model=model_digest())
    embedder = Embedder()
    for label in FIRST_MEAL:
        card_set.add(label, [render_card(DECK[label], 160)], embedder)
    save_set(data_dir, card_set)


def call(port: int, method: str, path: str, body: bytes | None, token: str,
         kind: str = "application/json") -> Any:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request(method, path, body=body, headers={"Content-Type": kind,
                                                   "X-Companion-Token": token})
    response = conn.getresponse()
    data = json.loads(response.read() or b"null")
    if response.status >= 300:
        raise RuntimeError(f"{method} {path}: {response.status} {data}")
    return data


def one_run(port: int, clients: int, photos: list[bytes]) -> float | None:
    created = call(port, "POST", "/api/games", json.dumps({
        "game": "sushi-go-party", "players": [{"name": n} for n in PLAYERS],
        "options": {"menu": "my_first_meal"}}).encode(), "")
    game, token = created["id"], created["host_token"]
    screens = [Screen(port, game) for _ in range(clients)]
    for s in screens:
        s.start()
    for s in screens:
        s.ready.wait(10)
    start = time.monotonic()
    version, taps = 0, 0
    for seat, data in enumerate(photos):
        scan = call(port, "POST", f"/api/games/{game}/scan/upload?seat={seat}", data, token,
                    "image/jpeg")
        taps += tap_uncertain(port, game, token, scan["scan"]["cards"], TABLEAUX[seat])
        try:
            version = max(call(port, "POST", f"/api/games/{game}/scan/confirm",
                               json.dumps({"seat": seat}).encode(), token)["versions"])
        except RuntimeError as exc:  # the reader named a card wrongly and surely
            print(f"  seat {seat}: the engine refused the scanned tableau: {exc}")
            for s in screens:
                s.close()
            return None
    try:
        last = wait_all(screens, version, timeout=30)
    finally:
        for s in screens:
            s.close()
    if taps:
        print(f"  {taps} card(s) were uncertain: a person taps each (done here at once)")
    return last - start


def tap_uncertain(port: int, game: int, token: str, cards: list[Any],
                  truth: tuple[str, ...]) -> int:
    """Correct every uncertain card with the label of the drawn card under its centre, as a
    player's one tap would (a second piece of the same card is left out); how many taps."""
    taps, named = 0, set()
    for c in cards:
        if not c["uncertain"]:
            continue
        x = sum(p[0] for p in c["quad"]) / 4
        slot = min(range(len(truth)), key=lambda i: abs(40 + i * (CARD_W + 30) + CARD_W / 2 - x))
        body = ({"card": c["index"], "label": truth[slot]} if slot not in named
                else {"card": c["index"], "ignore": True})
        named.add(slot)
        call(port, "POST", f"/api/games/{game}/scan/correct", json.dumps(body).encode(), token)
        taps += 1
    return taps


def served_run(clients: int, photos: list[bytes]) -> float | None:
    """:func:`one_run` on a service of its own (a fresh data dir: the streams a run leaves
    open count against the service's bounded number of streams until they are noticed)."""
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp)
        enrolled(data_dir)
        log = GameLog(data_dir / "companion.sqlite3")
        session = Session(log)
        desk = ScanDesk(session, data_dir)
        app = create_app(Services(session, scans=desk))
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            return one_run(server.server_port, clients, photos)
        finally:
            server.shutdown()
            session.close()
            log.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    photos = [photo(t, seed) for seed, t in enumerate(TABLEAUX)]
    times = [served_run(args.clients, photos) for _ in range(args.runs)]
    for i, t in enumerate(times):
        print(f"run {i + 1}: " + (f"{1000 * t:.0f} ms" if t is not None else "refused"))
    timed = [t for t in times if t is not None]
    if not timed:
        print("no run reached the scored round: the reader misread cards (see above)")
        return 1
    median = statistics.median(timed)
    print(f"5 phone scans + confirms -> {args.clients} screens: median {1000 * median:.0f} ms"
          f" (target <= 2000 ms: {'met' if median <= 2 else 'MISSED'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
