"""Card scans in Debian's Chromium: Ben photographs his cards on his phone (the photo is shrunk on
the phone before upload), every screen shows the outlined photo, Ben corrects the one card the
reader was unsure of with one tap and enters his tableau; and the enrollment walk-through on
the tablet learns a card from an uploaded photo.

The scan's reader is scripted (the recogniser itself is tested in ``tests/vision/cards`` and
``tests/test_scans.py``); enrollment runs the real embedder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import pytest

from companion.devices.camera import TableCamera
from companion.scans import camera_frame
from companion.session.session import Session
from companion.vision.cards.procedural import render_card
from tests.test_scans import DECK, TABLEAU, ScriptedReader, layout, row_zones
from tests.web.browser_support import (
    PHONE,
    TABLET,
    Screen,
    api_snapshot,
    join,
    open_as,
    party_game,
    post_json,
)
from tests.web.scan_support import BEN, SCAN_IMAGE_SHOWN, scan_desk
from tests.web.web_support import OWNER_PIN, LiveServer, ScanGame, make_app, serving

pytestmark = pytest.mark.browser
WIDE_TABLET = {"width": 1180, "height": 820}


def test_a_phone_photo_is_corrected_with_one_tap_and_entered(
    browser: Any, shots: Path, ben_joined: ScanGame, ben_photo: Path,
) -> None:
    server, game_id, host_token, ben_token = ben_joined

    phone = Screen(browser, PHONE, "phone", shots)
    open_as(phone, server, game_id, ben_token, "seat", 1)
    tablet = Screen(browser, TABLET, "tablet", shots)
    open_as(tablet, server, game_id, host_token, "host", None)
    page = phone.page
    page.locator("[data-do=scan-photo]").wait_for()
    assert "Photograph my cards" in page.locator("[data-do=scan-photo]").inner_text()
    assert page.locator("[data-scan-photo]").get_attribute("capture") == "environment"
    phone.shot("scan-01-before")

    page.locator("[data-scan-photo]").set_input_files(str(ben_photo))
    page.locator("[data-scan-image]").wait_for()
    page.wait_for_function(SCAN_IMAGE_SHOWN)
    shown = api_snapshot(server, game_id, ben_token)  # the game is untouched by a scan
    assert shown["version"] == 0
    scan = _scan(server, game_id)
    assert (scan["width"], scan["height"]) == (1600, 900)  # shrunk on the phone
    assert [s["player"] for s in scan["seats"]] == ["Ben"]
    unsure = page.locator("[data-scan-card='2'].uncertain")
    assert unsure.is_visible()
    confirm = page.locator("[data-do=scan-confirm]")
    assert confirm.is_disabled() and "marked ?" in confirm.inner_text()
    phone.shot("scan-02-read")

    tablet.page.locator("[data-scan-image]").wait_for()  # every screen shows the scan
    tablet.page.wait_for_function(SCAN_IMAGE_SHOWN)
    assert tablet.page.locator("[data-scan-card]").count() == len(BEN)
    tablet.shot("scan-03-tablet-sees-it")

    phone.tap("[data-scan-card='2']")
    page.locator("[data-scan-chooser]").wait_for()
    assert page.locator("[data-scan-keep]").is_visible()  # "Yes, it is Tempura" first
    phone.shot("scan-04-correction")
    phone.tap("[data-scan-chooser] [data-scan-label=sashimi]")
    page.locator("[data-scan-card='2'].corrected").wait_for()
    assert "Sashimi" in page.locator("[data-scan-card='2']").inner_text()
    page.wait_for_function(
        "() => document.querySelector('[data-do=scan-confirm]').ariaDisabled !== 'true'")
    phone.tap("[data-do=scan-confirm]")
    phone.wait_version(1)
    ben = api_snapshot(server, game_id, ben_token)["view"]["players"][1]
    assert ben["entered"] and sorted(ben["tableau"]["cards"]) == sorted(BEN)
    page.locator("[data-scan-seat-block='1'].entered").wait_for()
    phone.shot("scan-05-entered")
    assert phone.taps <= 3
    assert phone.errors == [] and tablet.errors == []


def view_shot(screen: Screen, top: str, label: str) -> None:
    """The screen as the device shows it with ``top`` at the top of the viewport
    (``{label}-view-{device}.png``): a full-page shot of a long page is too small to judge."""
    screen.page.locator(top).evaluate("el => el.scrollIntoView({block: 'center'})")
    screen.page.screenshot(path=str(screen.shots / f"{label}-view-{screen.name}.png"))


def test_the_not_sure_prompt_shows_the_card_large_its_two_best_readings_and_not_a_card_last(
    browser: Any, shots: Path, ben_joined: ScanGame, ben_photo: Path,
) -> None:
    """Issue 24 item 12: the doubtful card cut from the photo and shown large, with no tap
    needed; its two best readings first (names as printed), "Not a card" last (it takes the
    card out of the scan); the photo zooms in on the card."""
    server, game_id, host_token, ben_token = ben_joined
    phone = Screen(browser, PHONE, "phone", shots)
    open_as(phone, server, game_id, ben_token, "seat", 1)
    tablet = Screen(browser, WIDE_TABLET, "tablet", shots)
    open_as(tablet, server, game_id, host_token, "host", None)
    page = phone.page
    page.locator("[data-scan-photo]").set_input_files(str(ben_photo))

    prompt = page.locator("[data-scan-chooser='2']")
    prompt.wait_for()  # shown at once: the doubtful card needs no tap to be asked about
    crop = page.locator("[data-scan-crop='2']")
    page.wait_for_function("() => { const i = document.querySelector('[data-scan-crop]');"
                           " return i && i.complete && i.naturalWidth > 0; }")
    box = crop.bounding_box()
    assert box is not None and box["width"] >= 130 and box["height"] > box["width"]
    best = prompt.locator("[data-scan-best]")
    assert best.count() == 2
    assert "Yes, it is" in best.nth(0).inner_text() and "Tempura" in best.nth(0).inner_text()
    assert "Sashimi" in best.nth(1).inner_text() and "sashimi" not in best.nth(1).inner_text()
    buttons = prompt.locator("button")
    assert buttons.nth(buttons.count() - 1).inner_text() == "Not a card"
    texts = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    assert texts.index("Not a card") > max(i for i, t in enumerate(texts) if "Tempura" in t
                                            or "Sashimi" in t)
    page.wait_for_function(SCAN_IMAGE_SHOWN)
    phone.shot("scan-08-not-sure")
    view_shot(phone, "[data-scan-chooser]", "scan-08-not-sure")
    tablet.page.locator("[data-scan-chooser='2'] [data-scan-crop='2']").wait_for()
    tablet.page.wait_for_function(
        "() => [...document.querySelectorAll('[data-scan-image], [data-scan-crop]')]"
        ".every((i) => i.complete && i.naturalWidth > 0)")
    tablet.shot("scan-08-not-sure")
    view_shot(tablet, "[data-scan-chooser]", "scan-08-not-sure")
    assert "sushi-go-party" not in page.locator(".scan-legend").inner_text()  # no internal id

    frame = page.locator("[data-scan-frame]")
    whole = frame.bounding_box()
    phone.tap("[data-do=scan-zoom]")
    page.locator("[data-scan-frame].zoomed").wait_for()
    page.wait_for_function("() => document.querySelector('[data-scan-frame]').scrollLeft > 0")
    image = page.locator("[data-scan-image]").bounding_box()
    assert whole is not None and image is not None and image["width"] > 2.5 * whole["width"]
    view_shot(phone, "[data-scan-frame]", "scan-09-zoomed")  # as the phone shows it
    phone.shot("scan-09-zoomed")
    phone.tap("[data-do=scan-zoom]")
    page.wait_for_function("() => !document.querySelector('[data-scan-frame].zoomed')")

    phone.tap("[data-scan-chooser] [data-do=scan-ignore]")  # "Not a card"
    page.locator("[data-scan-left-out] [data-scan-card='2']").wait_for()
    assert page.locator("[data-scan-seat-block='1'] [data-scan-card]").count() == len(BEN) - 1
    assert page.locator("[data-scan-chooser]").count() == 0  # no card left in doubt
    confirm = page.locator("[data-do=scan-confirm]")
    assert confirm.inner_text() == f"Enter Ben's {len(BEN) - 1} cards"
    assert confirm.get_attribute("aria-disabled") != "true"
    scan = _scan(server, game_id)
    assert scan["cards"][2]["ignored"] and api_snapshot(server, game_id, ben_token)["version"] == 0
    phone.shot("scan-10-not-a-card")
    assert phone.errors == [] and tablet.errors == []


def test_the_enrollment_walk_through_learns_a_card_from_a_photo(
    browser: Any, shots: Path, scanning: LiveServer, tmp_path: Path,
) -> None:
    server = scanning
    created = party_game(server)
    game_id = created["id"]
    tablet = Screen(browser, TABLET, "tablet", shots)
    open_as(tablet, server, game_id, created["host_token"], "host", None)
    page = tablet.page
    page.goto(f"{server.url}/games/{game_id}/enroll")
    current = page.locator("[data-enroll-current]")
    current.wait_for()
    first = current.get_attribute("data-enroll-current")
    assert first == "egg_nigiri"  # tempura is in the set already: the first card still needed
    assert "Show me an Egg Nigiri" in current.inner_text()
    tablet.shot("enroll-01-walk-through")
    assert tablet.page.locator("#enroll-sub").inner_text() == "the Sushi Go Party! cards"
    assert "sushi-go-party" not in tablet.page.locator("body").inner_text()  # no internal id
    file = tmp_path / "egg.png"
    cv2.imwrite(str(file), render_card(DECK["egg_nigiri"], 240))
    page.locator("[data-enroll-photo]").set_input_files(str(file))
    # the set serves every table: the first photo asks for the owner PIN (issue 28 item 4)
    page.fill("[data-owner-dialog] [data-owner-pin]", OWNER_PIN)
    page.press("[data-owner-pin]", "Enter")
    page.wait_for_function("() => document.querySelector('[data-enroll-current]')"
                           "?.dataset.enrollCurrent === 'salmon_nigiri'", timeout=30000)
    progress = page.locator("[data-enroll-progress]").get_attribute("data-enroll-progress")
    assert progress is not None and progress.startswith("2/")
    assert page.locator("[data-enroll-card=egg_nigiri] .badge").inner_text() == "1"
    tablet.shot("enroll-02-learned")
    ann = join(server, created, 0)
    phone = Screen(browser, PHONE, "phone", shots)
    open_as(phone, server, game_id, ann, "seat", 0)
    phone.tap("#scan [data-do=enroll]")
    phone.page.locator("[data-enroll-current=salmon_nigiri]").wait_for()
    phone.shot("enroll-03-on-a-phone")
    assert tablet.errors == [] and phone.errors == []


def test_the_tablet_scans_the_table_with_the_camera_into_each_seat(
    browser: Any, shots: Path, session: Session, tmp_path: Path,
) -> None:
    camera = TableCamera("demo")
    camera.start()
    rows = [TABLEAU, ["maki_3", "maki_2", "sashimi", "sashimi", "tempura", "squid_nigiri",
                      "wasabi", "salmon_nigiri"]]  # Ann's and Ben's round-end tableaux
    desk = scan_desk(session, tmp_path, ScriptedReader(layout(rows)),
                     frame=lambda: camera_frame(camera), zones=lambda: row_zones(2))
    try:
        with serving(make_app(session, camera=camera, scans=desk), session) as live:
            created = party_game(live)
            tablet = Screen(browser, TABLET, "tablet", shots)
            open_as(tablet, live, created["id"], created["host_token"], "host", None)
            tablet.tap("[data-do=scan-camera]")
            tablet.page.locator("[data-scan-seat-block='1']").wait_for()
            for seat, row in enumerate(rows):
                cards = tablet.page.locator(f"[data-scan-seat-block='{seat}'] [data-scan-card]")
                assert cards.count() == len(row)
            tablet.tap("[data-do=scan-confirm][data-seat='0']")
            tablet.wait_version(1)
            tablet.tap("[data-do=scan-confirm][data-seat='1']")
            tablet.wait_version(2)
            view = api_snapshot(live, created["id"], created["host_token"])["view"]
            assert view["round"] == 2 and [p["round_points"] for p in view["players"]] != [[], []]
            tablet.page.locator("#scan [data-do=scan-camera]").wait_for()  # ready for round 2
            assert tablet.page.locator("[data-scan-image]").count() == 0
            tablet.shot("scan-07-camera-round-done")
            assert tablet.errors == []
    finally:
        camera.stop()


def test_sushi_go_offers_the_scan_and_sushi_express_does_not(
    browser: Any, shots: Path, scanning: LiveServer,
) -> None:
    server = scanning
    created = post_json(server, "/api/games", {
        "game": "sushi-go", "players": [{"name": "Ann"}, {"name": "Ben"}], "options": {}})
    phone = Screen(browser, PHONE, "phone", shots)
    open_as(phone, server, created["id"], created["host_token"], "host", None)
    button = phone.page.locator("#scan [data-do=scan-photo]")
    button.wait_for()
    assert button.inner_text() == "Photograph Ann's cards"
    phone.shot("scan-06-sushi-go")
    express = post_json(server, "/api/games", {
        "game": "sushi-express", "players": [{"name": n} for n in ("Ann", "Ben", "Cat")]})
    open_as(phone, server, express["id"], express["host_token"], "host", None)
    assert phone.page.locator("#scan").is_hidden()
    assert phone.errors == []


def _scan(server: LiveServer, game_id: int) -> Any:
    import json
    import urllib.request

    with urllib.request.urlopen(f"{server.url}/api/games/{game_id}/scan", timeout=10) as answer:
        return json.load(answer)["scan"]
