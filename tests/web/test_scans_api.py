"""Card scans over HTTP: a phone's photo or the camera's frame becomes a pending scan every screen
reads, a confirm enters the tableau through the engine, and bad input (not a photo, too large, too
dark, no cards, a watcher, an uncertain card, a card the menu does not have) is a clear refusal
with the game untouched. Enrollment: the menu's cards, a photo per card, export and import."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask.testing import FlaskClient

from companion.scans import ScanDesk
from companion.session.session import Session
from companion.vision.cards import Card
from companion.vision.cards.procedural import render_card
from tests.test_scans import (
    DECK,
    TABLEAU,
    ScriptedReader,
    card,
    layout,
    row_zones,
    table_photo,
)
from tests.web.web_support import (
    TOKEN_HEADER,
    NewGame,
    claim,
    create_game,
    make_app,
    owner_headers,
    post,
    snapshot,
    test_owner,
)

#: A photo of Ann's or Ben's round-end tableau: 7 cards, a size a play can give (ruling P12).
PHOTO = cv2.imencode(".jpg", table_photo([TABLEAU]))[1].tobytes()


def scan_client(session: Session, data_dir: Path, cards: Sequence[Card] | None,
                frame: Any = None) -> FlaskClient:
    factory = (lambda card_set: ScriptedReader(cards)) if cards is not None else None
    desk = ScanDesk(session, data_dir, frame=frame, zones=lambda: row_zones(2),
                    reader_factory=factory)
    return make_app(session, scans=desk, owner=test_owner(), TESTING=True).test_client()


def party(client: FlaskClient, menu: str = "my_first_meal") -> NewGame:
    return create_game(client, game="sushi-go-party", players=[{"name": "Ann"}, {"name": "Ben"}],
                       options={"menu": menu})


def upload(client: FlaskClient, game: NewGame, token: str | None, data: bytes = PHOTO,
           seat: int | None = None, field: str = "photo") -> Any:
    form: dict[str, Any] = {field: (io.BytesIO(data), "cards.jpg")}
    if seat is not None:
        form["seat"] = str(seat)
    headers = {TOKEN_HEADER: token} if token else {}
    return client.post(f"/api/games/{game.id}/scan/upload", data=form, headers=headers,
                       content_type="multipart/form-data")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A data dir whose sets are never read (the scripted reader stands in), but must exist."""
    from companion.vision.cards import CardSet
    from companion.vision.cards.store import save_set

    card_set = CardSet(name="sushi-go-party", labels=["tempura"],
                       images={"tempura": [render_card(DECK["tempura"], 128)]})
    save_set(tmp_path, card_set)
    save_set(tmp_path, CardSet(name="sushi-go", labels=["tempura"],
                               images={"tempura": [render_card(DECK["tempura"], 128)]}))
    return tmp_path


def test_a_phone_photo_is_read_shown_to_everyone_and_entered_on_confirm(
    session: Session, data_dir: Path,
) -> None:
    client = scan_client(session, data_dir, layout([TABLEAU]))
    game = party(client)
    ben = claim(client, game, 1)
    answer = upload(client, game, ben)
    assert answer.status_code == 200, answer.get_json()
    scan = answer.get_json()["scan"]
    assert [c["label"] for c in scan["cards"]] == TABLEAU
    assert [s["player"] for s in scan["seats"]] == ["Ben"]
    assert scan["seats"][0]["action"]["cards"] == TABLEAU
    watched = client.get(f"/api/games/{game.id}/scan").get_json()  # a watcher sees it too
    assert watched["scan"]["scan"] == scan["scan"] and watched["set"] == "sushi-go-party"
    image = client.get(f"/api/games/{game.id}/scan/image.jpg")
    assert image.mimetype == "image/jpeg" and image.data[:2] == b"\xff\xd8"
    assert snapshot(client, game)["version"] == 0
    done = post(client, f"/api/games/{game.id}/scan/confirm", {"seat": 1}, ben)
    assert done.status_code == 200, done.get_json()
    assert done.get_json()["versions"] == [1]
    assert done.get_json()["scan"]["seats"][0]["status"] == "entered"
    view = snapshot(client, game)["view"]
    assert view["players"][1]["tableau"]["cards"] == TABLEAU


def test_the_host_scans_the_camera_frame_into_every_seat(session: Session, data_dir: Path) -> None:
    rows = [TABLEAU, ["sashimi", "sashimi", "sashimi", "maki_3", "miso_soup", "tempura", "wasabi",
                      "egg_nigiri"]]  # Ann's and Ben's round-end tableaux, one row each
    photo = table_photo(rows)
    client = scan_client(session, data_dir, layout(rows), frame=lambda: photo)
    game = party(client)
    answer = post(client, f"/api/games/{game.id}/scan", {}, game.host)
    assert answer.status_code == 200, answer.get_json()
    assert [s["player"] for s in answer.get_json()["scan"]["seats"]] == ["Ann", "Ben"]
    done = post(client, f"/api/games/{game.id}/scan/confirm", {}, game.host)
    assert done.get_json()["versions"] == [1, 2]
    assert done.get_json()["scan"] is None  # the round was scored: the scan lapsed with it
    assert snapshot(client, game)["view"]["round"] == 2


def test_bad_uploads_are_refused_and_the_game_is_untouched(
    session: Session, data_dir: Path,
) -> None:
    client = scan_client(session, data_dir, [card("tempura", 40)])
    game = party(client)
    ann = claim(client, game, 0)
    big = upload(client, game, ann, b"\xff\xd8" + bytes(9 * 1024 * 1024))
    assert big.status_code == 400 and "too large" in big.get_json()["reason"]
    text = upload(client, game, ann, b"GIF? no: just some text")
    assert text.status_code == 400 and "not a photo" in text.get_json()["reason"]
    empty = upload(client, game, ann, b"")
    assert empty.status_code == 400
    wrong_field = upload(client, game, ann, field="image")
    assert wrong_field.status_code == 400 and "photo" in wrong_field.get_json()["reason"]
    watcher = upload(client, game, None)
    assert watcher.status_code == 403
    seat = upload(client, game, ann, seat=7)
    assert seat.status_code == 400 and "no seat 7" in seat.get_json()["reason"]
    raw = client.post(f"/api/games/{game.id}/scan/upload?seat=0", data=PHOTO,
                      headers={TOKEN_HEADER: ann}, content_type="image/jpeg")
    assert raw.status_code == 200  # the photo itself as the body works too
    no_camera = post(client, f"/api/games/{game.id}/scan", {}, ann)
    assert no_camera.status_code == 400 and "no picture" in no_camera.get_json()["reason"]
    assert snapshot(client, game)["version"] == 0


def test_a_dark_or_empty_photo_says_why_with_the_real_reader(
    session: Session, data_dir: Path,
) -> None:
    client = scan_client(session, data_dir, None)
    game = party(client)
    dark = cv2.imencode(".jpg", np.full((720, 1280, 3), 6, np.uint8))[1].tobytes()
    answer = upload(client, game, game.host, dark, seat=0)
    assert answer.status_code == 400 and "too dark" in answer.get_json()["reason"]
    bare = cv2.imencode(".jpg", table_photo([]))[1].tobytes()
    answer = upload(client, game, game.host, bare, seat=0)
    assert answer.status_code == 400 and "no cards found" in answer.get_json()["reason"]
    assert client.get(f"/api/games/{game.id}/scan").get_json()["scan"] is None


def test_uncertain_cards_are_409_until_tapped_and_refusals_keep_the_engines_reason(
    session: Session, data_dir: Path,
) -> None:
    read = layout([TABLEAU])  # the photo's second card, a sashimi, read as an onigiri
    read[1] = card("onigiri_circle", 180, uncertain=True)
    client = scan_client(session, data_dir, read)
    game = party(client)
    upload(client, game, game.host, seat=0)
    unsure = post(client, f"/api/games/{game.id}/scan/confirm", {"seat": 0}, game.host)
    assert unsure.status_code == 409
    assert unsure.get_json() == {"error": "uncertain", "reason":
                                 "Ann's card 2 is uncertain: tap each to confirm or correct it"}
    kept = post(client, f"/api/games/{game.id}/scan/correct",
                {"card": 1, "label": "onigiri_circle"}, game.host)
    assert kept.status_code == 200
    refused = post(client, f"/api/games/{game.id}/scan/confirm", {"seat": 0}, game.host)
    assert refused.status_code == 409 and refused.get_json()["error"] == "illegal"
    reason = refused.get_json()["reason"]
    assert "onigiri" in reason.lower()  # the other cards are legal: the onigiri is refused
    shown = client.get(f"/api/games/{game.id}/scan").get_json()["scan"]["seats"][0]
    assert (shown["status"], shown["reason"]) == ("refused", reason)
    fixed = post(client, f"/api/games/{game.id}/scan/correct", {"card": 1, "label": "sashimi"},
                 game.host)
    assert fixed.get_json()["scan"]["cards"][1]["corrected"] is True
    assert post(client, f"/api/games/{game.id}/scan/confirm", {"seat": 0},
                game.host).status_code == 200
    assert snapshot(client, game)["view"]["players"][0]["tableau"]["cards"] == TABLEAU
    for body in ({"card": 9, "label": "tea"}, {"card": 0, "label": 3}, {"card": "x"},
                 {"card": 0, "seat": True}, {"card": 0, "colour": "red"}):
        bad = post(client, f"/api/games/{game.id}/scan/correct", body, game.host)
        assert bad.status_code == 400, body


def test_a_doubtful_card_is_served_cut_from_the_photo_upright_to_whoever_sees_the_game(
    session: Session, data_dir: Path,
) -> None:
    read = layout([TABLEAU])  # issue 24 item 12: the "not sure" prompt shows the card large
    read[1] = card("onigiri_circle", 180, uncertain=True)
    client = scan_client(session, data_dir, read)
    game = party(client)
    number = upload(client, game, game.host, seat=0).get_json()["scan"]["scan"]
    shown = client.get(f"/api/games/{game.id}/scan/cards/1.jpg?scan={number}")  # a watcher
    assert shown.status_code == 200 and shown.mimetype == "image/jpeg"
    image = cv2.imdecode(np.frombuffer(shown.data, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape[0] > image.shape[1] >= 160  # upright and large enough to look at
    assert client.get(f"/api/games/{game.id}/scan/cards/{len(read)}.jpg").status_code == 404
    assert client.get(f"/api/games/{game.id}/scan/cards/1.jpg?scan={number + 1}"
                      ).status_code == 404  # a replaced scan's card is never shown
    assert client.get(f"/api/games/{game.id}/scan/cards/1.jpg?scan=x").status_code == 400
    assert client.get(f"/api/games/{game.id + 9}/scan/cards/1.jpg").status_code == 404
    post(client, f"/api/games/{game.id}/scan/dismiss", {}, game.host)
    assert client.get(f"/api/games/{game.id}/scan/cards/1.jpg").status_code == 404


def test_sushi_go_takes_a_scan_with_what_a_photo_cannot_tell(
    session: Session, data_dir: Path,
) -> None:
    labels = ["tempura"] * 5 + ["sashimi"] * 3 + ["wasabi", "salmon_nigiri"]
    cards = [card(x, 40 + 120 * i) for i, x in enumerate(labels)]
    cards[8] = card("wasabi", 40 + 120 * 8, visible="band", covered_by=9)  # under the nigiri
    client = scan_client(session, data_dir, cards)
    game = create_game(client, game="sushi-go", players=[{"name": "Ann"}, {"name": "Ben"}],
                       options={})
    upload(client, game, game.host, seat=0)
    wrong = post(client, f"/api/games/{game.id}/scan/confirm",
                 {"seat": 0, "extra": {"uramaki_places": [1]}}, game.host)
    assert wrong.status_code == 400
    done = post(client, f"/api/games/{game.id}/scan/confirm",
                {"seat": 0, "extra": {"lead_takes": 0}}, game.host)
    assert done.status_code == 200, done.get_json()
    ann = snapshot(client, game)["view"]["players"][0]
    assert ann["tableau"]["cards"] == labels[:9]
    assert ann["tableau"]["on_wasabi"] == ["salmon_nigiri"]


def test_only_games_in_scoring_mode_take_scans(session: Session, data_dir: Path) -> None:
    client = scan_client(session, data_dir, [card("tempura", 40)])
    express = create_game(client)
    answer = upload(client, express, express.host, seat=0)
    assert answer.status_code == 409
    # the titles that take a scan are named from their engines, not from a list kept here
    assert answer.get_json()["reason"] == ("Sushi Express has no card scan (these titles have "
                                           "one: Sushi Go Party! and Sushi Go!)")
    assert client.get("/api/games/999/scan").status_code == 404


def test_enrollment_lists_the_menu_takes_photos_and_moves_as_one_file(
    session: Session, tmp_path: Path,
) -> None:
    client = scan_client(session, tmp_path, None)
    game = party(client)
    status = client.get(f"/api/games/{game.id}/cards").get_json()
    assert status["set"] == "sushi-go-party" and status["stored"] is False
    assert "salmon_nigiri" in status["needed"] and len(status["cards"]) == len(status["needed"])
    crop = cv2.imencode(".png", render_card(DECK["salmon_nigiri"], 200))[1].tobytes()
    form = {"label": "salmon_nigiri", "photo": (io.BytesIO(crop), "card.png")}
    ann = claim(client, game, 0)
    # the set serves every game of the title: a seat (or the host) needs the owner PIN
    refused = client.post(f"/api/games/{game.id}/cards/enroll", data=dict(form),
                          headers={TOKEN_HEADER: ann}, content_type="multipart/form-data")
    assert refused.status_code == 403 and "owner PIN" in refused.get_json()["reason"]
    owner = owner_headers(client)
    form = {"label": "salmon_nigiri", "photo": (io.BytesIO(crop), "card.png")}
    taught = client.post(f"/api/games/{game.id}/cards/enroll", data=form,
                         headers=owner, content_type="multipart/form-data")
    assert taught.status_code == 200, taught.get_json()
    assert taught.get_json()["photos"] == 1
    status = client.get(f"/api/games/{game.id}/cards").get_json()
    assert "salmon_nigiri" not in status["needed"]
    camera = client.post(f"/api/games/{game.id}/cards/enroll",
                         json={"label": "egg_nigiri", "from": "camera"}, headers=owner)
    assert camera.status_code == 400 and "no picture" in camera.get_json()["reason"]
    exported = client.get(f"/api/games/{game.id}/cards/export", headers={TOKEN_HEADER: ann})
    assert exported.status_code == 200 and exported.data[:2] == b"PK"
    assert client.get(f"/api/games/{game.id}/cards/export").status_code == 403
    form = {"file": (io.BytesIO(exported.data), "set.zip")}
    seat_import = client.post(f"/api/games/{game.id}/cards/import", data=dict(form),
                              headers={TOKEN_HEADER: ann}, content_type="multipart/form-data")
    assert seat_import.status_code == 403
    form = {"file": (io.BytesIO(exported.data), "set.zip")}
    host_import = client.post(f"/api/games/{game.id}/cards/import", data=dict(form),
                              headers={TOKEN_HEADER: game.host},
                              content_type="multipart/form-data")
    assert host_import.status_code == 403
    form = {"file": (io.BytesIO(exported.data), "set.zip")}
    imported = client.post(f"/api/games/{game.id}/cards/import", data=form,
                           headers=owner, content_type="multipart/form-data")
    assert imported.status_code == 200 and imported.get_json()["labels"] == ["salmon_nigiri"]
    junk = client.post(f"/api/games/{game.id}/cards/import", data=b"not a zip",
                       headers=owner, content_type="application/zip")
    assert junk.status_code == 400
    assert client.get(f"/games/{game.id}/enroll").status_code == 200


def test_a_photo_with_no_card_in_it_is_not_enrolled(session: Session, tmp_path: Path) -> None:
    """Issue 28 item 13: a plain grey JPEG was once enrolled as tempura. A photo with no card
    in it is refused with the reason, and the set learns nothing."""
    client = scan_client(session, tmp_path, None)
    game = party(client)
    grey = cv2.imencode(".jpg", np.full((200, 300, 3), 128, np.uint8))[1].tobytes()
    form = {"label": "tempura", "photo": (io.BytesIO(grey), "grey.jpg")}
    answer = client.post(f"/api/games/{game.id}/cards/enroll", data=form,
                         headers=owner_headers(client), content_type="multipart/form-data")
    assert answer.status_code == 400
    assert "plain, no card in it" in answer.get_json()["reason"]
    status = client.get(f"/api/games/{game.id}/cards").get_json()
    assert "tempura" in status["needed"]


def test_only_the_owners_correction_teaches_the_shared_card_set(
    session: Session, data_dir: Path,
) -> None:
    """Issue 28 item 4: the card set serves every game of the title, so a game's host or seat
    correcting a scanned card fixes this scan only; the owner's correction also teaches the
    set the card's crop."""
    from companion.vision.cards.store import load_set

    read = layout([TABLEAU])
    read[1] = card("tempura", 180, uncertain=True)  # the photo's sashimi, read unsure
    client = scan_client(session, data_dir, read)
    game = party(client)
    upload(client, game, game.host, seat=0)

    def photos() -> int:
        return len(load_set(data_dir, "sushi-go-party").images.get("sashimi", []))

    host_fix = post(client, f"/api/games/{game.id}/scan/correct",
                    {"card": 1, "label": "sashimi"}, game.host)
    assert host_fix.status_code == 200 and host_fix.get_json()["scan"]["cards"][1]["corrected"]
    assert photos() == 0
    owner_fix = client.post(f"/api/games/{game.id}/scan/correct",
                            json={"card": 1, "label": "sashimi"},
                            headers={TOKEN_HEADER: game.host, **owner_headers(client)})
    assert owner_fix.status_code == 200, owner_fix.get_json()
    assert photos() == 1
