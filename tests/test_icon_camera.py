"""Sushi Roll's icon dice from the camera: a belt that settles becomes the engine's ``roll``
for that player; nothing is read while dice tumble or a hand is over the belt; a die knocked
afterwards gives a new reading; an uncertain reading waits for a one-tap confirm.

Frames are rendered (:mod:`companion.vision.icon_dice.scenes`); the reader, the face set
(enrolled from one rendered photo per face), the settle detector and the session are real.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.games.base import IllegalAction
from companion.session.session import HOST, Session
from companion.table.dice_input import check_roll_source, face_request_for
from companion.table.icon_camera import BELT, IconCamera, IconDesk, box_region
from companion.vision.icon_dice.enroll import enroll_photos
from companion.vision.icon_dice.faces import readings
from companion.vision.icon_dice.matching import FaceSet
from companion.vision.icon_dice.reader import IconDiceReader, IconDie
from companion.vision.icon_dice.scenes import (
    IconRollScript,
    IconScene,
    IconSceneDie,
    Knock,
    Surface,
    enrollment_photo,
    render,
)
from companion.vision.settle import SettleConfig

PAIR = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}]
ANN = ("appetizer:dumpling", "appetizer:tempura", "appetizer:sashimi", "maki:maki_2",
       "maki:maki_3", "nigiri:salmon", "special:wasabi", "dessert:dessert_2")
BEN = ("appetizer:dumpling", "appetizer:dumpling", "appetizer:tempura", "maki:maki_1",
       "maki:maki_1", "nigiri:egg", "special:menu_1", "dessert:dessert_1")
SIZE = 44.0
BELTS = ((20, 20, 780, 100), (20, 150, 780, 230))
FPS = 10.0


@pytest.fixture(scope="module")
def faces() -> FaceSet:
    return enroll_photos({r: enrollment_photo(r, seed=900 + i)
                          for i, r in enumerate(readings())})



def table(ann: tuple[str, ...] = ANN, ben: tuple[str, ...] = BEN) -> IconScene:
    dice = []
    for (x0, y0, _, y1), belt in zip(BELTS, (ann, ben), strict=True):
        dice += [IconSceneDie(r, x0 + 50 + 92 * i, (y0 + y1) / 2, SIZE, 11.0 * i)
                 for i, r in enumerate(belt)]
    surfaces = tuple(Surface("belt", seat, box, (70, 70, 75)) for seat, box in enumerate(BELTS))
    return IconScene(width=800, height=250, seed=3, table=(60, 95, 130), surfaces=surfaces,
                     dice=tuple(dice), noise=2.0)


def camera(desk: IconDesk | None, faces: FaceSet, seats: tuple[int, ...] = (0, 1),
           reader: Any = None) -> IconCamera:
    read = reader or IconDiceReader(faces, SIZE).read
    regions = [box_region(BELT, s, BELTS[s]) for s in seats]
    return IconCamera(desk, read, regions, SettleConfig(still_seconds=0.3), always=True,
                      margin=20)


def play(cam: IconCamera, script: IconRollScript, seconds: float) -> list[tuple[float, Any]]:
    got = []
    for i in range(int(seconds * FPS)):
        t = i / FPS
        for reading in cam.feed(render(script.scene(t), noise_seed=i), t):
            got.append((t, reading))
    return got


def test_sushi_roll_takes_its_dice_from_the_camera_but_not_from_the_tower() -> None:
    assert check_roll_source("sushi-roll", "camera") == "camera"
    with pytest.raises(IllegalAction, match="tower cannot read"):
        check_roll_source("sushi-roll", "tower")


def test_a_settled_belt_becomes_that_players_roll(session: Session, faces: FaceSet) -> None:
    pk = session.create_game("sushi-roll", PAIR, {}, "camera").game_pk
    desk = IconDesk(session)
    desk.holds.claim("camera", pk)  # readings go only to the game holding the camera (issue 28)
    script = IconRollScript(table(), tumble=0.6)
    got = play(camera(desk, faces), script, 2.0)
    assert {r.seat for _, r in got} == {0, 1}
    assert all(t >= 0.6 + 0.3 for t, _ in got)  # nothing while the dice tumble
    history = [h["action"] for h in session.snapshot(pk, HOST)["history"]]
    rolls = {a["player"]: sorted(a["dice"]) for a in history if a["kind"] == "roll"}
    assert rolls == {"Ann": sorted(ANN), "Ben": sorted(BEN)}
    assert session.snapshot(pk, HOST)["view"]["phase"] == "pick"


def test_an_uncertain_face_waits_for_a_confirm(session: Session, faces: FaceSet) -> None:
    pk = session.create_game("sushi-roll", PAIR, {}, "camera").game_pk
    desk = IconDesk(session)
    desk.holds.claim("camera", pk)  # readings go only to the game holding the camera (issue 28)
    real = IconDiceReader(faces, SIZE).read

    def unsure(image: Any) -> list[IconDie]:
        dice = real(image)
        return [replace(d, confidence=0.4, uncertain=True) if i == 2 else d
                for i, d in enumerate(dice)]

    play(camera(desk, faces, (0,), unsure), IconRollScript(table(), tumble=0.4), 1.6)
    assert not [h for h in session.snapshot(pk, HOST)["history"]]
    [pending] = desk.pending(pk)
    assert pending.reading.quality == "uncertain" and pending.request.player == "Ann"
    assert sorted(pending.reading.readings) == sorted(ANN)
    desk.confirm(pk, pending.reading.ref, HOST)
    [action] = [h["action"] for h in session.snapshot(pk, HOST)["history"]]
    assert action["kind"] == "roll" and sorted(action["dice"]) == sorted(ANN)
    assert desk.pending(pk) == []


def test_no_reading_while_a_hand_is_over_the_belt_and_a_knock_reads_again(
        faces: FaceSet) -> None:
    script = IconRollScript(table(), tumble=0.4, hands=((1.0, 0.8),),
                            knocks=(Knock(2.5, 0, "appetizer:sashimi"),))
    got = play(camera(None, faces, (0,)), script, 3.6)
    times = [t for t, _ in got]
    assert 0.7 <= times[0] < 1.0, times  # settled before the hand came
    assert not [t for t in times if 1.0 <= t < 1.8 + 0.3], times  # nothing while it is there
    assert times[-1] >= 2.9 + 0.3, times  # the knocked die, once it rests again
    assert got[0][1].readings.count("appetizer:sashimi") == 1
    assert got[-1][1].readings.count("appetizer:sashimi") == 2


def test_a_reroll_reads_the_whole_belt_and_sends_the_new_dice_only() -> None:
    view: dict[str, Any] = {
        "phase": "reroll", "round": 1, "turn": 1, "turns": 8,
        "reroll": {"player": "Ann", "dice": [{"die": "maki:maki_2"}]},
        "players": [{"name": "Ann", "belt": [{"die": r} for r in ANN]}, {"name": "Ben"}]}
    request = face_request_for("sushi-roll", view, 0, BELT)
    assert request is not None
    read = tuple(r if r != "maki:maki_2" else "maki:maki_1" for r in ANN)
    assert request.action(read) == {"kind": "roll", "player": "Ann", "dice": ["maki:maki_1"]}
    with pytest.raises(IllegalAction, match="keeps"):
        request.action(read[1:])
    assert face_request_for("sushi-roll", view, 1, BELT) is None

