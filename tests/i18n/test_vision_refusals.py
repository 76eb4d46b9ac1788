"""The vision edge in the reader's language (issue 26): the dice camera's calibration failures
and Sushi Roll's icon-dice enrollment refusals are catalogue messages (and the catalogue keeps
no message the code no longer uses). The vision modules raise
with a ``tmsg`` (a :class:`~companion.i18n.Text`, whose ``str`` is the English: the CLI and the
logs read that) and the edges render it (``said``): the camera's ``calibration failed: ...``
and ``web/icon_dice.py``'s ``400 unreadable``. English is unchanged."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask.testing import FlaskClient

from companion.devices.camera import Seen, TableCamera
from companion.games.base import UnreadableInput
from companion.i18n import said
from companion.session.session import Session
from companion.table.rolls import RollDesk
from companion.vision.calibration import CalibrationError, calibrate
from companion.vision.icon_dice.scenes import enrollment_photo
from tests.i18n.test_catalogue import catalogue, used
from tests.vision.test_calibration import CORNERS, SEATS, TRAY, photo
from tests.web.icon_dice_support import settle
from tests.web.test_icon_dice_api import filmed, sushi_roll
from tests.web.web_support import NewGame, make_app, owner_headers

__all__ = ["filmed", "used"]  # fixtures: the icon camera's, the code's messages

NO_MARKERS = {
    "en": "no calibration markers found: lay the printed marker sheets on the table, in good "
          "light, all in the camera's view",
    "fr": "aucun repère d'étalonnage trouvé : posez les feuilles de repères imprimées sur la "
          "table, bien éclairées, toutes dans le champ de la caméra",
    "pl": "nie znaleziono znaczników kalibracji: połóż wydrukowane arkusze ze znacznikami na "
          "stole, w dobrym świetle, wszystkie w polu widzenia kamery",
}



def refusal(placed: list[Any]) -> CalibrationError:
    image, _ = photo(placed)
    with pytest.raises(CalibrationError) as info:
        calibrate(image)
    return info.value


@pytest.mark.parametrize(("placed", "fr"), [
    ([], NO_MARKERS["fr"]),
    (CORNERS[:3] + TRAY, "seuls les repères de coin [0, 1, 2] ont été trouvés ; il manque les "
                         "repères [3] (cachés, hors de l'image ou trop petits) : les quatre "
                         "coins de la table sont nécessaires"),
    (CORNERS + TRAY[:2], "il manque les repères du plateau [22, 23] : le plateau a besoin des "
                         "quatre (ou d'aucun, et le plateau est alors toute la table)"),
    (SEATS, "ni coins de table (repères 0-3) ni repères de plateau (20-23) : le plateau de dés "
            "ne peut pas être placé"),
])
def test_a_calibration_failure_reads_in_french_and_stays_english_for_the_logs(
        placed: list[Any], fr: str) -> None:
    exc = refusal(placed)
    assert said(exc).render("fr") == fr  # type: ignore[union-attr]
    assert str(exc) == said(exc).render("en")  # type: ignore[union-attr]


def test_the_cameras_calibration_refusal_reads_in_the_readers_language(
        session: Session) -> None:
    camera = TableCamera("off", RollDesk(session))
    image, _ = photo([])
    camera._seen = Seen(1, image, (), "empty")  # the frame it calibrates on: no markers
    with pytest.raises(UnreadableInput) as info:
        camera.calibrate_summary()
    for lang, text in NO_MARKERS.items():
        failed = {"en": "calibration failed: ", "fr": "le calibrage a échoué : ",
                  "pl": "kalibracja się nie powiodła: "}[lang]
        assert info.value.in_language(lang) == failed + text
    assert info.value.reason == "calibration failed: " + NO_MARKERS["en"]


def reason(answer: Any) -> str:
    assert answer.status_code == 400, answer.get_json()
    text: str = answer.get_json()["reason"]
    return text


def upload(client: FlaskClient, game: NewGame, reading: str, image: Any, lang: str) -> Any:
    ok, data = cv2.imencode(".png", image)
    assert ok
    return client.post(f"/api/games/{game.id}/icon-dice/faces",
                       data={"reading": reading, "photo": (BytesIO(bytes(data)), "face.png")},
                       headers={"X-Companion-Token": game.host, "Accept-Language": lang},
                       content_type="multipart/form-data")


def from_camera(client: FlaskClient, game: NewGame, lang: str) -> Any:
    return client.post(f"/api/games/{game.id}/icon-dice/faces",
                       json={"reading": "maki:maki_1", "from": "camera"},
                       headers={"X-Companion-Token": game.host, "Accept-Language": lang})


def test_the_enrollment_refusals_read_in_the_requests_language(
        filmed: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    hook, frame, app = filmed
    client = app.test_client()
    game = sushi_roll(client)
    face = enrollment_photo("maki:maki_3")

    assert reason(upload(client, game, "maki:sashimi", face, "fr")) == (
        "'maki:sashimi' n'est pas une face de la table des dés (type:face)")
    assert reason(upload(client, game, "maki:sashimi", face, "en")) == (
        "'maki:sashimi' is not a face of the dice table (kind:face)")
    plain = np.full((400, 400, 3), 128, np.uint8)  # a table with no die on it
    assert reason(upload(client, game, "maki:maki_3", plain, "pl")) == (
        "na tym zdjęciu żadna kość nie odcina się od tła")

    save = {**owner_headers(client), "Accept-Language": "pl"}
    saved = client.post(f"/api/games/{game.id}/icon-dice/faces/save", json={}, headers=save)
    assert reason(saved) == (
        "do pokazania zostało 17 wyników: pokaż wszystkie wyniki przed zapisaniem")
    save["Accept-Language"] = "fr"
    saved = client.post(f"/api/games/{game.id}/icon-dice/faces/save", json={}, headers=save)
    assert reason(saved) == (
        "encore 17 faces à montrer : montrez toutes les faces avant d'enregistrer")

    hook.frame = frame  # the camera's frame, not calibrated
    assert reason(from_camera(client, game, "fr")) == (
        "la caméra n'est pas étalonnée et ne connaît donc pas la taille d'un dé : "
        "étalonnez-la, ou envoyez plutôt une photo")
    monkeypatch.setattr(hook, "die_px", lambda size: 60.0)
    assert reason(from_camera(client, game, "fr")) == (  # eight dice in view
        "la caméra voit 8 dés : ne laissez sur la table que le dé à montrer")
    assert reason(from_camera(client, game, "pl")) == (
        "kamera widzi 8 kości: zostaw na stole tylko kość do pokazania")
    assert reason(from_camera(client, game, "en")) == (
        "the camera sees 8 dice: leave only the die to show on the table")


def test_an_enrollment_photo_the_image_checker_refuses_reads_in_french(
        filmed: Any, tmp_path: Path) -> None:
    _hook, _frame, app = filmed
    client = app.test_client()
    game = sushi_roll(client)
    answer = client.post(f"/api/games/{game.id}/icon-dice/faces",
                         data={"reading": "maki:maki_3",
                               "photo": (BytesIO(b"not an image"), "face.jpg")},
                         headers={"X-Companion-Token": game.host, "Accept-Language": "fr"},
                         content_type="multipart/form-data")
    english = client.post(f"/api/games/{game.id}/icon-dice/faces",
                          data={"reading": "maki:maki_3",
                                "photo": (BytesIO(b"not an image"), "face.jpg")},
                          headers={"X-Companion-Token": game.host},
                          content_type="multipart/form-data")
    assert reason(english).startswith("the photo is not an image")
    assert reason(answer).startswith("la photo")


def test_why_an_icon_reading_waits_reads_in_the_devices_language(filmed: Any) -> None:
    hook, frame, app = filmed
    client = app.test_client()
    game = sushi_roll(client)
    hook.desk.holds.claim("camera", game.id)
    settle(hook, frame)  # Ann's belt, one die unsure: it waits for a person
    said_to = {}
    for lang in ("en", "fr", "pl"):
        status = client.get(f"/api/icon-dice?game={game.id}",
                            headers={"X-Companion-Token": game.host, "Accept-Language": lang})
        (pending,) = status.get_json()["game"]["pending"]
        said_to[lang] = pending["reason"]
    assert said_to == {
        "en": "the camera is unsure of a face: confirm or correct",
        "fr": "la caméra n'est pas sûre d'une face : confirmez ou corrigez",
        "pl": "kamera nie jest pewna jednego wyniku: potwierdź albo popraw",
    }


def test_a_service_without_a_tower_or_camera_says_so_in_the_readers_language(
        session: Session) -> None:
    client = make_app(session).test_client()
    fr = {"Accept-Language": "fr"}
    assert client.get("/api/tower", headers=fr).get_json()["reason"] == (
        "ce compagnon n'a pas de tour à dés")
    assert client.get("/api/camera", headers=fr).get_json()["message"] == (
        "ce compagnon n'a pas de caméra")
    assert client.get("/api/icon-dice", headers={"Accept-Language": "pl"}).get_json()[
        "message"] == "ten companion nie ma kamery"
    assert client.get("/api/tower").get_json()["reason"] == "no dice tower in this service"


@pytest.mark.parametrize("lang", ["fr", "pl"])
def test_every_catalogue_entry_is_a_message_the_code_uses(lang: str, used: dict) -> None:
    """A message the code no longer uses ("the scan was dismissed meanwhile", gone with the
    scan's own desk) leaves the catalogue at the next ``bin/i18n extract``: none lingers,
    translated for nobody."""
    cat = catalogue(lang)
    unused = sorted(f"{m.id!r}" + (f" (context {m.context})" if m.context else "")
                    for m in cat if m.id and (m.context, m.id if isinstance(m.id, str)
                                              else m.id[0]) not in used)
    assert not unused, f"in {lang}'s messages.po but used nowhere (bin/i18n extract):\n" + (
        "\n".join(unused))
    assert cat.get("the scan was dismissed meanwhile") is None
