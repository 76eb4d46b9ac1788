"""The owner-only refusal, the devices' and the pending inputs' refusals in the reader's
language (issue 26): English unchanged, French and Polish from the catalogue."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.i18n import msg
from companion.owner import Owner
from companion.session.access import Viewer
from companion.session.errors import Forbidden, NotFound
from companion.table.holds import DeviceHeld, DeviceHolds
from companion.table.pending import PendingDesk


def test_the_owner_only_refusal_names_what_in_the_readers_language(tmp_path: Path) -> None:
    owner, _ = Owner.load(tmp_path)
    with pytest.raises(Forbidden) as info:
        owner.require(None, msg("calibrate the camera"))
    assert info.value.reason == "Only the Pi's owner can calibrate the camera: enter the owner PIN"
    assert info.value.code == "owner_required"
    assert info.value.in_language("fr") == (
        "Seul le propriétaire du Pi peut calibrer la caméra : saisissez le code du propriétaire")
    assert info.value.in_language("pl") == (
        "Tylko właściciel Pi może kalibrować kamerę: wpisz PIN właściciela")


def test_a_held_device_and_a_watchers_dismissal_read_in_the_readers_language() -> None:
    holds = DeviceHolds()
    holds.claim("tower", 3)
    with pytest.raises(DeviceHeld) as held:
        holds.claim("tower", 4)
    assert held.value.reason == ("the dice tower is held by game 3: its host (or the Pi's "
                                 "owner) must release it first")
    assert held.value.in_language("fr").startswith("la tour à dés est tenue par la partie 3")
    desk = PendingDesk()
    with pytest.raises(Forbidden) as refused:
        desk.dismiss(1, "roll", 1, Viewer("watcher"))
    assert refused.value.reason == ("watchers cannot dismiss a roll: claim a seat with the "
                                    "join code")
    assert refused.value.in_language("pl") == (
        "obserwujący nie mogą odrzucić rzutu: zajmij miejsce kodem dołączenia")
    with pytest.raises(NotFound) as missing:
        desk.find(1, "roll", 7)
    assert missing.value.in_language("fr") == (
        "il n'y a pas d'entrée en attente (roll 7) dans la partie 1")


def test_the_status_pages_details_and_faults_read_in_the_readers_language(tmp_path: Path) -> None:
    from companion.devices.present import storage_status
    from companion.i18n import localize

    status = storage_status(tmp_path, None, min_free=2**62)
    english = status.to_json()
    assert english["detail"].endswith("GiB; nothing written yet")
    assert english["reason"].startswith("only ")
    french = localize(english, "fr")
    assert "Gio libres sur" in french["detail"] and "nouveaux coups" in french["reason"]
    polish = localize(english, "pl")
    assert "GiB wolne z" in polish["detail"] and "nowe ruchy" in polish["reason"]


def test_the_devices_and_sources_refusals_read_in_the_readers_language() -> None:
    from companion.games.base import IllegalAction
    from companion.session.sources import check_roll_source

    with pytest.raises(IllegalAction) as info:
        check_roll_source("sushi-go-party", "tower")
    assert info.value.reason == ("sushi-go-party is played without dice: its roll source "
                                 "can only be tap")
    assert info.value.in_language("fr") == (
        "sushi-go-party se joue sans dés : sa source de lancers ne peut être que la saisie "
        "à l'écran")
