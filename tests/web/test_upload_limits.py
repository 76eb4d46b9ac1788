"""Limits on what a visitor can send (issue 28, items 1 and 2), over HTTP: an image bomb (a tiny
PNG or JPEG declaring 30000x30000 pixels, 2.7 GB once decoded) to every route that takes a
photo, and a ZIP bomb (a 1 MB card set export whose ``set.npz`` inflates to 1 GB) to the card
set import, are refused with a 400 naming what was wrong, before anything is decoded or
inflated, and the game, the card set and the face set are as they were. A body larger than the
largest upload is refused (413) by Flask and, on loopback, by the production server before it is
buffered.

``cv2.imdecode`` is replaced by a tripwire in the image tests, so a missing check fails at once
instead of taking the machine's memory.
"""

from __future__ import annotations

import io
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import pytest

from companion.session.session import Session
from tests.test_scans import card
from tests.vision.test_image_limits import jpeg_declaring, png_declaring
from tests.web.test_scans_api import party, scan_client, upload
from tests.web.web_support import TOKEN_HEADER, claim, make_app, owner_headers, snapshot
from tests.zip_bombs import card_set_bomb, nested_npz_bomb
from web import MAX_BODY

BOMB = 30000
REFUSAL = "the photo is 30000x30000 pixels (900 MP); at most 50 MP"


@pytest.fixture
def no_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    def tripwire(*args: Any) -> None:
        raise AssertionError("decoded before the header was checked")
    monkeypatch.setattr(cv2, "imdecode", tripwire)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A data dir holding the card sets the games use (read only by the import)."""
    from companion.vision.cards import CardSet
    from companion.vision.cards.procedural import render_card
    from companion.vision.cards.store import save_set
    from tests.test_scans import DECK

    for name in ("sushi-go-party", "sushi-go"):
        save_set(tmp_path, CardSet(name=name, labels=["tempura"],
                                   images={"tempura": [render_card(DECK["tempura"], 128)]}))
    return tmp_path


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.mark.parametrize("bomb", [png_declaring, jpeg_declaring])
def test_an_image_bomb_sent_to_the_scan_upload_is_refused_and_the_game_untouched(
        session: Session, data_dir: Path, no_decoding: None, bomb: Any) -> None:
    client = scan_client(session, data_dir, [card("tempura", 40)])
    game = party(client)
    ann = claim(client, game, 0)
    before = snapshot(client, game, game.host)
    answer = upload(client, game, ann, bomb(BOMB, BOMB))
    assert answer.status_code == 400 and REFUSAL in answer.get_json()["reason"]
    assert client.get(f"/api/games/{game.id}/scan").get_json()["scan"] is None
    assert snapshot(client, game, game.host) == before


def test_an_image_bomb_sent_to_the_card_enrollment_is_refused_and_the_set_untouched(
        session: Session, tmp_path: Path, no_decoding: None) -> None:
    client = scan_client(session, tmp_path, None)
    game = party(client)
    form = {"label": "salmon_nigiri", "photo": (io.BytesIO(png_declaring(BOMB, BOMB)), "c.png")}
    answer = client.post(f"/api/games/{game.id}/cards/enroll", data=form,
                         headers=owner_headers(client), content_type="multipart/form-data")
    assert answer.status_code == 400 and REFUSAL in answer.get_json()["reason"]
    status = client.get(f"/api/games/{game.id}/cards").get_json()
    assert status["stored"] is False and "salmon_nigiri" in status["needed"]


def test_an_image_bomb_sent_to_the_icon_dice_enrollment_is_refused_and_the_draft_untouched(
        session: Session, tmp_path: Path, no_decoding: None) -> None:
    from tests.web.icon_dice_support import filmed_hook
    from tests.web.test_icon_dice_api import sushi_roll
    from tests.web.test_icon_dice_api import upload as face_upload

    hook, _ = filmed_hook(session, tmp_path)
    app = make_app(session, icon=hook, TESTING=True)
    client = app.test_client()
    game = sushi_roll(client)
    url = f"/api/games/{game.id}/icon-dice/faces"
    before = client.get(url, headers={TOKEN_HEADER: game.host}).get_json()
    answer = face_upload(client, game, "maki:maki_3", png_declaring(BOMB, BOMB))
    assert answer.status_code == 400 and REFUSAL in answer.get_json()["reason"]
    assert client.get(url, headers={TOKEN_HEADER: game.host}).get_json() == before


@pytest.mark.parametrize(("bomb", "words"), [
    (card_set_bomb, "would inflate to 1024 MB (set.npz 1024 MB"),
    (nested_npz_bomb, "set.npz is refused: its files would inflate to 1024 MB (crops.npy"),
])
def test_a_zip_bomb_sent_to_the_card_set_import_is_refused_and_the_set_untouched(
        session: Session, data_dir: Path, bomb: Any, words: str) -> None:
    import tracemalloc

    client = scan_client(session, data_dir, [card("tempura", 40)])
    game = party(client)
    before = _files(data_dir / "card_sets")
    data = bomb(1024)
    assert len(data) < 1_100_000
    owner = owner_headers(client)  # only the owner may import a set at all (issue 28 item 4)
    tracemalloc.start()
    try:
        answer = client.post(f"/api/games/{game.id}/cards/import",
                             data={"file": (io.BytesIO(data), "set.zip")},
                             headers=owner, content_type="multipart/form-data")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert answer.status_code == 400 and words in answer.get_json()["reason"]
    assert _files(data_dir / "card_sets") == before
    assert peak < 16 * 2 ** 20  # the upload and a few copies of it; nothing inflated


def test_a_body_larger_than_the_largest_upload_is_refused_by_flask(session: Session) -> None:
    app = make_app(session, TESTING=True)
    assert app.config["MAX_CONTENT_LENGTH"] == MAX_BODY
    small = make_app(session, TESTING=True, MAX_CONTENT_LENGTH=1000)
    answer = small.test_client().post("/api/games", data=b"{" + b" " * 2000 + b"}",
                                      content_type="application/json")
    assert answer.status_code == 413


@pytest.fixture
def served(session: Session) -> Iterator[int]:
    from web.serving import Server

    server = Server(make_app(session), "127.0.0.1", 0)
    thread = threading.Thread(target=server.run, name="waitress-limits", daemon=True)
    thread.start()
    try:
        yield server.port
    finally:
        server.stop()
        thread.join(15)


def test_the_server_refuses_an_oversized_body_before_buffering_it(served: int) -> None:
    with socket.create_connection(("127.0.0.1", served), timeout=10) as conn:
        conn.sendall(b"POST /api/games/1/cards/import HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/zip\r\n"
                     b"Content-Length: " + str(MAX_BODY + 1).encode() + b"\r\n\r\n" + bytes(100))
        answer = conn.recv(200)
    assert answer.startswith(b"HTTP/1.1 413"), answer
