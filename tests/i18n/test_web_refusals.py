"""The words a French or Polish table could still read in English (issue 26): the web API's
reasons for a malformed request, the safe-mode page, and the camera's and the tower link's own
reasons. English unchanged; French and Polish from the catalogue."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.app import safe_mode_remedy
from companion.devices.camera import TableCamera
from companion.devices.reasons import camera_reason, tower_reason
from companion.i18n import Text, localize
from companion.session.log import GameLog
from companion.session.session import Session
from companion.storage_check import check_log
from companion.vision.sources import SourceError
from tests.web.web_support import make_app, test_owner
from web.safe_mode import create_safe_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[FlaskClient]:
    log = GameLog(tmp_path / "companion.sqlite3")
    session = Session(log)
    yield make_app(session, owner=test_owner(), TESTING=True).test_client()
    session.close()
    log.close()


def reason(answer: object, status: int = 400) -> str:
    assert answer.status_code == status, (answer.status_code, answer.data[:300])  # type: ignore[attr-defined]
    text: str = answer.get_json()["reason"]  # type: ignore[attr-defined]
    return text


def test_a_malformed_request_is_refused_in_the_requests_language(client: FlaskClient) -> None:
    def sent(lang: str, body: str) -> str:
        return reason(client.post("/api/games", data=body, content_type="application/json",
                                  headers={"Accept-Language": lang}))

    assert sent("en", "[1]") == "the request body must be a JSON object, not a list"
    assert sent("fr", "[1]") == "le corps de la requête doit être un objet JSON, pas une liste"
    assert sent("pl", "[1]") == "treść żądania musi być obiektem JSON, a nie listą"
    assert sent("fr-FR,fr;q=0.9", "") == "le corps de la requête est vide ; envoyez un objet JSON"
    assert sent("en", '{"players": [], "options": {}}') == "missing field 'game'"
    assert sent("fr", '{"players": [], "options": {}}') == "champ 'game' manquant"
    assert sent("pl", '{"players": [], "options": {}}') == "brak pola 'game'"
    assert sent("fr", '{"game": 3, "players": [], "options": {}}') == (
        "'game' doit être du texte, pas un nombre")
    assert sent("pl", "nope").startswith("treść żądania nie jest poprawnym JSON-em: ")


def test_a_game_id_path_and_a_query_are_refused_in_the_requests_language(
        client: FlaskClient) -> None:
    big = 2**63
    en = reason(client.get(f"/api/games/{big}"))
    assert en == (f"there can be no game id {big}: game ids go up to {big - 1}")
    assert reason(client.get(f"/api/games/{big}", headers={"Accept-Language": "fr"})) == (
        f"il ne peut pas y avoir de partie {big} : les identifiants de partie vont jusqu'à "
        f"{big - 1}")
    assert reason(client.get("/api/history/1/board", headers={"Accept-Language": "pl"})) == (
        "podaj, który krok pokazać: ?step=N (0 to przygotowanie)")


def test_a_body_of_the_wrong_type_is_refused_in_the_requests_language(
        client: FlaskClient) -> None:
    answer = client.post("/api/games", data="x", content_type="text/plain",
                         headers={"Accept-Language": "pl"})
    assert reason(answer, 415) == ("treść żądania ma typ text/plain; ten adres przyjmuje "
                                   "application/json (ustaw nagłówek Content-Type)")


def test_a_polish_safe_mode_page_is_polish(tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    db.write_bytes(b"not a database at all")
    problem = check_log(db).problem
    assert problem == (f"the game log {db} is not a SQLite database (21 bytes of something "
                       "else)")
    remedy = safe_mode_remedy(tmp_path)
    assert remedy == (f"Nothing was deleted. To keep the file aside and start a fresh game log, "
                      f"run on the Pi: companion --data-dir {tmp_path} repair then restart the "
                      "companion (sudo systemctl restart sushi-companion)")
    client = create_safe_app(problem, remedy, str(db)).test_client()
    page = client.get("/", headers={"Accept-Language": "pl"})
    text = page.get_data(as_text=True)
    assert page.status_code == 503 and '<html lang=pl>' in text
    for polish in ("Tryb awaryjny: nie można zapisywać gier",
                   f"dziennik gier {db} nie jest bazą SQLite (21 bajtów czegoś innego)",
                   f"uruchom na Pi: companion --data-dir {tmp_path} repair",
                   "Nic nie zostało usunięte. Dopóki to nie zostanie naprawione"):
        assert polish in text, polish
    for english in ("Safe mode", "not a SQLite", "Nothing", "restart the companion"):
        assert english not in text, english
    health = client.get("/health", headers={"Accept-Language": "pl"}).get_json()
    assert health["reason"].startswith("dziennik gier") and health["remedy"].startswith("Nic")
    assert health["devices"][0]["detail"] == f"TRYB AWARYJNY: dane w {db}"
    api = client.post("/api/games", headers={"Accept-Language": "fr"}).get_json()
    assert api["error"] == "safe_mode" and api["reason"].startswith(
        f"le journal des parties {db} n'est pas une base SQLite")
    english = client.get("/health").get_json()
    assert english["reason"] == problem and english["remedy"] == remedy


def test_the_cameras_reasons_read_in_the_readers_language() -> None:
    said = camera_reason("cannot open the camera '/dev/video0': no /dev/video0")
    assert isinstance(said, Text) and said == "cannot open the camera '/dev/video0': no /dev/video0"
    assert said.render("fr") == "impossible d'ouvrir la caméra '/dev/video0' : pas de /dev/video0"
    assert said.render("pl") == "nie można otworzyć kamery '/dev/video0': brak /dev/video0"
    both = camera_reason("Picamera2 is not installed (not a Raspberry Pi?); "
                         "cannot open the camera or video 0")
    assert both.render("fr") == ("Picamera2 n'est pas installé (ce n'est pas un Raspberry Pi ?) ; "
                                 "impossible d'ouvrir la caméra ou la vidéo 0")
    # an OS or driver error keeps its own words, inside the reader's sentence
    pi = camera_reason("cannot start the Pi camera: Device or resource busy")
    assert pi.render("pl") == "nie można uruchomić kamery Pi: Device or resource busy"
    assert camera_reason("something else") == "something else"

    def failing(spec: str) -> object:
        raise SourceError("there is no camera, video or folder 'nowhere'")

    camera = TableCamera("nowhere", opener=failing)  # type: ignore[arg-type]
    camera._open_first()
    assert camera.message == ("camera 'nowhere' did not open (there is no camera, video or "
                              "folder 'nowhere'); using the demo camera")
    assert localize({"message": camera.message}, "fr")["message"] == (
        "la caméra 'nowhere' ne s'est pas ouverte (il n'y a ni caméra, ni vidéo, ni dossier "
        "'nowhere') ; la caméra de démonstration la remplace")
    camera._lost(camera_reason("cannot open the camera or video 0"))
    assert localize(camera.message, "pl") == (
        "utracono kamerę: nie można otworzyć kamery ani wideo 0; otwieram ponownie")


def test_the_tower_links_reasons_read_in_the_readers_language() -> None:
    lost = tower_reason("tower disconnected: port failed ([Errno 5] Input/output error)")
    assert lost == "tower disconnected: port failed ([Errno 5] Input/output error)"
    assert isinstance(lost, Text)
    assert lost.render("fr") == ("tour déconnectée : le port a échoué ([Errno 5] Input/output "
                                 "error)")
    silent = tower_reason("tower disconnected: no frame from the tower for 3.2 s")
    assert isinstance(silent, Text)
    assert silent.render("pl") == "wieża rozłączona: brak ramki od wieży od 3.2 s"
    refused = tower_reason("tower on /dev/ttyACM0 speaks protocol 2.0, this bridge 1.3: refused "
                           "(update the tower's firmware or the bridge)")
    assert isinstance(refused, Text)
    assert refused.render("fr").startswith("la tour sur /dev/ttyACM0 parle le protocole 2.0")
    searching = tower_reason("looking for the tower")
    assert isinstance(searching, Text) and searching.render("pl") == "szukam wieży"
    assert tower_reason("") == "" and tower_reason(None) is None
    assert tower_reason("a new reason") == "a new reason"


def test_the_bridges_own_refusal_is_one_of_the_known_shapes(tmp_path: Path) -> None:
    """A real bridge refusing a tower of another protocol (``firmware_bridge/link.py``): its
    English reason is matched, so a change of wording there fails here, not on a French
    screen."""
    from firmware_bridge.fake import VirtualTower
    from firmware_bridge.link import LinkState
    from firmware_bridge.service import TowerService
    from tests.firmware_bridge.test_link import wait_for

    tower = VirtualTower(tmp_path / "tower", tmp_path, seed=3, protocol_major=2)
    tower.start()
    service = TowerService(tmp_path / "companion.sqlite3", ports=[str(tmp_path / "tower")],
                           patterns=[], seed=2)
    try:
        service.start()
        assert wait_for(lambda: service.status().state is LinkState.REFUSED, 30.0)
        said = tower_reason(service.status().reason)
        assert isinstance(said, Text), said
        assert said.render("fr").startswith(f"la tour sur {tmp_path / 'tower'} parle le "
                                            "protocole 2.0, ce pont le 1.")
        assert "odrzucona (zaktualizuj oprogramowanie wieży albo mostek)" in said.render("pl")
    finally:
        service.stop()
        tower.stop()


def test_a_join_a_scan_and_a_record_refusal_read_in_the_readers_language(
        client: FlaskClient) -> None:
    """Refusals the session and the scan desk give a request (a phone's join, a phone's
    photo, a record import): English unchanged, French and Polish from the catalogue."""
    from companion.games.base import UnreadableInput
    from companion.scans.photos import decode_photo
    from companion.session.records import load_record
    from tests.web.web_support import create_game

    game = create_game(client)
    for lang, said in (("en", "a join code is written in the letters A-Z and the digits 2-9 only"),
                       ("pl", "kod dołączenia składa się tylko z liter A-Z i cyfr 2-9")):
        answer = client.post(f"/api/games/{game.id}/join", json={"code": "ÉÉÉÉ-ÉÉÉÉ", "seat": 0},
                             headers={"Accept-Language": lang})
        assert reason(answer) == said
    with pytest.raises(UnreadableInput) as heic:
        decode_photo(b"\x00\x00\x00\x18ftypheic" + bytes(64))
    assert heic.value.reason.startswith("the photo is a HEIC/AVIF photo, which is not accepted")
    assert heic.value.in_language("fr").startswith(
        "la photo est une photo HEIC/AVIF, qui n'est pas acceptée : envoyez un fichier JPEG")
    with pytest.raises(UnreadableInput) as record:
        load_record({"format_version": 1, "game": "sushi-go", "players": ["Ann", "Ben"],
                     "actions": [{"type": "nonsense"}]})
    assert record.value.reason.startswith("action 0: ")
    assert record.value.in_language("pl").startswith("ruch 0: ")
    with pytest.raises(UnreadableInput) as unknown:
        load_record({"format_version": 1, "game": "chess", "players": []})
    assert unknown.value.reason.startswith("unknown game 'chess' (known: ")
    assert unknown.value.in_language("fr").startswith("jeu inconnu 'chess' (connus : ")
    answer = client.post("/api/games", json={"game": "sushi-go", "players": ["Ann", "ann "],
                                              "options": {}}, headers={"Accept-Language": "fr"})
    assert reason(answer, 409) == ("deux joueurs ne peuvent pas porter le même nom : « Ann » et "
                                   "« ann » ne diffèrent que par les majuscules ou les espaces")


def test_an_export_of_a_game_still_played_is_refused_in_the_requests_language(
        client: FlaskClient) -> None:
    from tests.web.web_support import create_game

    game = create_game(client)
    path = f"/api/history/{game.id}/bgstats"
    assert reason(client.get(path), 409) == (
        f"game {game.id} is still being played: only a finished game can be exported")
    assert reason(client.get(path, headers={"Accept-Language": "pl"}), 409) == (
        f"gra {game.id} wciąż trwa: wyeksportować można tylko zakończoną grę")


def test_werkzeugs_own_refusals_read_in_the_requests_language(client: FlaskClient) -> None:
    answer = client.delete("/api/games")
    assert reason(answer, 405) == "The method is not allowed for the requested URL."
    answer = client.delete("/api/games", headers={"Accept-Language": "fr"})
    assert reason(answer, 405) == "La méthode n'est pas autorisée pour cette adresse."
