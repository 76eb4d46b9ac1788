"""Card scans into games (``companion/scans/``): a photo of the table becomes each player's
round-end tableau, validated by the engine, never applied without a confirm.

The photos are drawn: procedurally drawn cards (``companion/vision/cards/procedural.py``, named
after the Sushi Go Party! catalogue) pasted on a table, so every test knows the truth. The
desk's logic (seats, the nigiri-on-wasabi pair, corrections, refusals) is checked with a
scripted reader; the real reader reads the drawn photos where the result matters end to end.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.games import find_game
from companion.games.base import IllegalAction, PlayerSpec, RevealNeed, UnreadableInput
from companion.scans import (
    PendingScan,
    ScanDesk,
    ScannedCard,
    Uncertain,
    annotate,
    reveal_actions,
    seat_by_zone,
    tableau_action,
)
from companion.session.access import HOST, WATCHER, seat_viewer
from companion.session.errors import Forbidden, NotFound
from companion.session.session import Act, Session
from companion.vision.calibration import Zone, Zones
from companion.vision.cards import Card, CardSet, Scan
from companion.vision.cards.procedural import CARD_ASPECT, card_mask, render_card, sushi_like_deck
from companion.vision.cards.store import list_sets, load_set, model_digest, save_set

DECK = {d.label: d for d in sushi_like_deck()}
#: The cards of the My First Meal menu the drawn deck has.
FIRST_MEAL = ("egg_nigiri", "salmon_nigiri", "squid_nigiri", "maki_1", "maki_2", "maki_3",
              "tempura", "sashimi", "miso_soup", "wasabi", "tea", "green_tea_ice_cream")
CARD_W = 110
CARD_H = round(CARD_W / CARD_ASPECT)
ROW_H = CARD_H + 140
TYPES = {"egg_nigiri": "nigiri", "salmon_nigiri": "nigiri", "wasabi": "wasabi",
         "tempura": "tempura", "special_order": "special_order"}
#: A round-end tableau of My First Meal for 2 players: 7 cards, as no play can leave fewer than
#: 6 of the 10 dealt (``docs/RULINGS.md`` P12), all within the deck's copies.
TABLEAU = ["tempura", "sashimi", "maki_2", "egg_nigiri", "squid_nigiri", "tea", "maki_1"]

# -- drawn photos ------------------------------------------------------------------------------


def _paste(canvas: np.ndarray, card: np.ndarray, x: int, y: int) -> None:
    h, w = card.shape[:2]
    m = card_mask(w, h)[..., None]
    canvas[y:y + h, x:x + w] = canvas[y:y + h, x:x + w] * (1 - m) + card * m


def layout(rows: Sequence[Sequence[str | tuple[str, str]]]) -> list[Card]:
    """Where :func:`table_photo` draws each card, as the reader would report it (the truth):
    one row per player (row ``r`` starts at ``y = 40 + r * ROW_H``); an item
    ``(nigiri, "wasabi")`` is a nigiri lying on a wasabi whose top band shows above it (the
    wasabi: a band ``covered_by`` the nigiri)."""
    out: list[Card] = []
    for r, row in enumerate(rows):
        x, y = 40, 40 + r * ROW_H
        for item in row:
            if isinstance(item, tuple):
                top, under = item
                shift = round(0.3 * CARD_H)
                out.append(Card(under, quad_at(x, y, CARD_W, shift), 0.95, False, "band",
                                len(out) + 1))
                out.append(Card(top, quad_at(x, y + shift), 0.97, False))
            else:
                out.append(Card(item, quad_at(x, y), 0.97, False))
            x += CARD_W + 30
    return out


def table_photo(rows: Sequence[Sequence[str | tuple[str, str]]],
                size: tuple[int, int] = (1280, 720)) -> np.ndarray:
    """A photo of the cards of :func:`layout` on a wooden-brown table."""
    canvas = np.full((size[1], size[0], 3), (70, 110, 150), np.uint8)
    for c in layout(rows):
        x, y = (int(v) for v in c.quad[0])  # a band's card is drawn before the card on it
        _paste(canvas, render_card(DECK[c.label], CARD_W), x, y)
    ok, data = cv2.imencode(".jpg", canvas, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return np.asarray(cv2.imdecode(data, cv2.IMREAD_COLOR), np.uint8)


def row_zones(rows: int, size: tuple[int, int] = (1280, 720)) -> Zones:
    """Calibrated zones with one seat per row of :func:`table_photo` (zone seat n = row n-1)."""
    w = size[0]
    seats = {r + 1: Zone(f"seat {r + 1}", ((0.0, r * ROW_H + 10.0), (float(w), r * ROW_H + 10.0),
                                            (float(w), (r + 1) * ROW_H + 5.0),
                                            (0.0, (r + 1) * ROW_H + 5.0)), marker=11 + r)
             for r in range(rows)}
    tray = Zone("tray", ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)))
    return Zones(image_size=size, markers={}, tray=tray, seats=seats)


def quad_at(x: float, y: float, w: float = CARD_W, h: float = CARD_H) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


class ScriptedReader:
    """Answers every photo with the same cards (the desk's logic without the networks)."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = tuple(cards)

    def read(self, image: np.ndarray) -> Scan:
        return Scan(self.cards)


def card(label: str, x: float, y: float = 40, uncertain: bool = False,
         visible: str = "full", covered_by: int | None = None) -> Card:
    return Card(label, quad_at(x, y), 0.5 if uncertain else 0.97, uncertain, visible,
                covered_by)


# -- fixtures -------------------------------------------------------------------------------------



@pytest.fixture(scope="module")
def enrolled_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data dir with the set ``sushi-go-party``: the My First Meal cards, one drawn card
    each (enrolled once for the module; tests work on copies)."""
    from companion.vision.cards import Embedder

    cv2.setNumThreads(1)
    folder = tmp_path_factory.mktemp("enrolled")
    embedder = Embedder()
    card_set = CardSet(name="sushi-go-party", model=model_digest())
    for label in FIRST_MEAL:
        card_set.add(label, [render_card(DECK[label], 160)], embedder)
    save_set(folder, card_set)
    return folder


@pytest.fixture
def data_dir(tmp_path: Path, enrolled_dir: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(enrolled_dir, target)
    return target


def party(session: Session, players: Sequence[str] = ("Ann", "Ben"),
          menu: str = "my_first_meal") -> int:
    return session.create_game("sushi-go-party", [{"name": n} for n in players],
                               {"menu": menu}).game_pk


def scripted(session: Session, data_dir: Path, cards: Sequence[Card],
             frame: Callable[[], np.ndarray | None] | None = None,
             zones: Zones | None = None) -> ScanDesk:
    reader = ScriptedReader(cards)
    return ScanDesk(session, data_dir, frame=frame or (lambda: table_photo([["tempura"]])),
                    zones=lambda: zones, reader_factory=lambda card_set: reader)


def scanned(label: str, index: int, seat: int | None = 0, covered_by: int | None = None,
            ignored: bool = False) -> ScannedCard:
    return ScannedCard(index, label, ((0, 0), (1, 0), (1, 1), (0, 1)), 0.9, False,
                       "band" if covered_by is not None else "full", covered_by, seat,
                       ignored=ignored)


# -- the action a scan becomes -------------------------------------------------------------------


def test_a_nigiri_on_a_wasabi_goes_on_wasabi_and_the_wasabi_stays_in_the_cards() -> None:
    cards = [scanned("tempura", 0), scanned("wasabi", 1, covered_by=2),
             scanned("salmon_nigiri", 2), scanned("egg_nigiri", 3)]
    action = tableau_action("sushi-go-party", "Ann", cards, cards, TYPES)
    assert action == {"kind": "enter_tableau", "player": "Ann",
                      "cards": ["tempura", "wasabi", "egg_nigiri"],
                      "on_wasabi": ["salmon_nigiri"]}


def test_a_wasabi_under_another_card_than_a_nigiri_is_just_a_wasabi() -> None:
    cards = [scanned("wasabi", 0, covered_by=1), scanned("tempura", 1)]
    action = tableau_action("sushi-go", "Ann", cards, cards, TYPES)
    assert (action["cards"], action["on_wasabi"]) == (["wasabi", "tempura"], [])


def test_cards_left_out_are_not_entered_and_extras_pass_through() -> None:
    cards = [scanned("tempura", 0), scanned("tea", 1, ignored=True)]
    action = tableau_action("sushi-go", "Ann", [c for c in cards if not c.ignored], cards, TYPES,
                            {"lead_takes": 1, "holds_lead": True})
    assert action["cards"] == ["tempura"]
    assert (action["lead_takes"], action["holds_lead"]) == (1, True)
    with pytest.raises(UnreadableInput, match="cannot hold lead_takes"):
        tableau_action("sushi-go-party", "Ann", cards, cards, TYPES, {"lead_takes": 1})


def test_a_special_order_needs_what_it_copies_from_a_person() -> None:
    cards = [scanned("tempura", 0), scanned("special_order", 1)]
    with pytest.raises(UnreadableInput, match="1 special order: say what each copies"):
        tableau_action("sushi-go-party", "Ann", cards, cards, TYPES)
    action = tableau_action("sushi-go-party", "Ann", cards, cards, TYPES,
                            {"special_orders": ["tempura"]})
    assert (action["cards"], action["special_orders"]) == (["tempura"], ["tempura"])


def test_cards_go_to_the_seat_whose_zone_holds_them_at_any_resolution() -> None:
    zones = row_zones(2)
    assert seat_by_zone(tuple(map(tuple, quad_at(40, 40))), zones, (1280, 720)) == 0
    assert seat_by_zone(tuple(map(tuple, quad_at(40, 40 + ROW_H))), zones, (1280, 720)) == 1
    half = tuple((x / 2, y / 2) for x, y in quad_at(40, 40 + ROW_H))
    assert seat_by_zone(half, zones, (640, 360)) == 1  # the same card in a smaller frame
    assert seat_by_zone(tuple(map(tuple, quad_at(40, 700))), zones, (1280, 720)) is None
    assert seat_by_zone(tuple(map(tuple, quad_at(40, 40))), None, (1280, 720)) is None


# -- the desk with a scripted reader --------------------------------------------------------------


def test_a_camera_scan_assigns_seats_and_a_confirm_enters_every_tableau(
    session: Session, tmp_path: Path, data_dir: Path,
) -> None:
    game = party(session)
    rows: list[list[str | tuple[str, str]]] = [
        ["tempura", ("salmon_nigiri", "wasabi"), "sashimi", "sashimi", "maki_2", "egg_nigiri"],
        ["maki_2", "maki_3", "tempura", "tempura", "sashimi", "tea"]]
    photo = table_photo(rows)
    cards = [*layout(rows), card("tea", 900, 700)]  # the last one lies outside every seat
    desk = scripted(session, data_dir, cards, frame=lambda: photo, zones=row_zones(2))
    scan = desk.scan_camera(game, HOST)
    assert [c.seat for c in scan.cards] == [0] * 7 + [1] * 6 + [None]
    shown = desk.to_json(scan)
    assert shown["unassigned"] == 1
    assert [s["action"] for s in shown["seats"]] == [
        {"kind": "enter_tableau", "player": "Ann",
         "cards": ["tempura", "wasabi", "sashimi", "sashimi", "maki_2", "egg_nigiri"],
         "on_wasabi": ["salmon_nigiri"]},
        {"kind": "enter_tableau", "player": "Ben",
         "cards": ["maki_2", "maki_3", "tempura", "tempura", "sashimi", "tea"],
         "on_wasabi": []}]
    assert session.snapshot(game, HOST)["version"] == 0  # a scan applies nothing
    outcomes = desk.confirm(game, HOST)
    assert [o.version for o in outcomes] == [1, 2]
    view = session.snapshot(game, HOST)["view"]
    assert view["round"] == 2  # both tableaux in: the round was scored
    assert desk.pending(game) is None  # and the scan lapsed with its round


def test_a_phone_photo_is_the_uploaders_tableau(session: Session, data_dir: Path) -> None:
    game = party(session)
    cards = ["tempura", "tempura", *TABLEAU[1:]]
    desk = scripted(session, data_dir, layout([cards]))
    data = cv2.imencode(".jpg", table_photo([cards]))[1].tobytes()
    scan = desk.scan_photo(game, seat_viewer(1), data)
    assert {c.seat for c in scan.cards} == {1}
    assert scan.source == "phone"
    desk.confirm(game, seat_viewer(1), 1)
    ben = session.snapshot(game, HOST)["view"]["players"][1]
    assert ben["tableau"]["cards"] == cards


def test_uncertain_cards_wait_for_a_tap_and_a_correction_teaches_the_set(
    session: Session, data_dir: Path,
) -> None:
    game = party(session)
    photo = table_photo([TABLEAU])  # the second card is a sashimi
    read = layout([TABLEAU])
    read[1] = card("tempura", 180, uncertain=True)  # which the reader is unsure of
    desk = scripted(session, data_dir, read, frame=lambda: photo)
    desk.scan_camera(game, HOST, seat=0)
    with pytest.raises(Uncertain, match="card 2 is uncertain"):
        desk.confirm(game, HOST, 0)
    assert session.snapshot(game, HOST)["version"] == 0
    before = len(load_set(data_dir, "sushi-go-party").images["sashimi"])
    scan = desk.correct(game, HOST, 1, "sashimi")
    assert (scan.cards[1].label, scan.cards[1].corrected) == ("sashimi", True)
    assert len(load_set(data_dir, "sushi-go-party").images["sashimi"]) == before + 1
    desk.confirm(game, HOST, 0)
    ann = session.snapshot(game, HOST)["view"]["players"][0]
    assert ann["tableau"]["cards"] == TABLEAU


def test_a_card_the_menu_does_not_have_is_refused_with_the_engines_reason(
    session: Session, data_dir: Path,
) -> None:
    game = party(session)
    cards = ["tempura", "onigiri_circle", *TABLEAU[1:]]  # a legal tableau but for the onigiri
    desk = scripted(session, data_dir, layout([cards]), frame=lambda: table_photo([cards]))
    desk.scan_camera(game, HOST, seat=0)
    with pytest.raises(IllegalAction) as refused:
        desk.confirm(game, HOST, 0)
    assert "onigiri" in refused.value.reason.lower()
    shown = desk.to_json(desk.pending(game))  # type: ignore[arg-type]
    assert shown["seats"][0]["status"] == "refused"
    assert shown["seats"][0]["reason"] == refused.value.reason
    assert session.snapshot(game, HOST)["version"] == 0
    desk.correct(game, HOST, 1, ignore=True)  # a stray card from another game: left out
    desk.confirm(game, HOST, 0)
    assert session.snapshot(game, HOST)["version"] == 1
    ann = session.snapshot(game, HOST)["view"]["players"][0]
    assert ann["tableau"]["cards"] == TABLEAU


def test_too_many_copies_are_refused_by_the_engine(session: Session, data_dir: Path) -> None:
    game = party(session)
    desk = scripted(session, data_dir, [card("squid_nigiri", 40 + 140 * i) for i in range(4)])
    desk.scan_camera(game, HOST, seat=0)
    with pytest.raises(IllegalAction, match="3"):
        desk.confirm(game, HOST, 0)
    assert session.snapshot(game, HOST)["version"] == 0


def test_watchers_cannot_scan_and_a_game_without_scans_says_so(
    session: Session, data_dir: Path,
) -> None:
    game = party(session)
    desk = scripted(session, data_dir, [card("tempura", 40)])
    with pytest.raises(Forbidden):
        desk.scan_camera(game, WATCHER)
    express = session.create_game("sushi-express", ["Ann", "Ben", "Cat"]).game_pk
    with pytest.raises(IllegalAction, match="no card scan"):
        desk.scan_camera(express, HOST)
    with pytest.raises(NotFound):
        desk.confirm(game, HOST)


def test_turn_by_turn_a_scan_enters_the_cards_revealed_since_the_last_turn(
    session: Session, data_dir: Path,
) -> None:
    game = session.create_game("sushi-go-party", ["Ann", "Ben"],
                               {"mode": "turns", "menu": "my_first_meal"}).game_pk
    zones = row_zones(2)
    first = scripted(session, data_dir, [card("tempura", 40), card("sashimi", 40, 40 + ROW_H)],
                     zones=zones)
    first.scan_camera(game, HOST)
    assert [o.version for o in first.confirm(game, HOST)] == [1, 2]
    view = session.snapshot(game, HOST)["view"]
    assert (view["turn"], view["phase"]) == (2, "reveal")
    assert first.pending(game) is None  # the turn moved on
    second = scripted(session, data_dir, [card("tempura", 40), card("maki_2", 180),
                                          card("sashimi", 40, 40 + ROW_H),
                                          card("sashimi", 180, 40 + ROW_H)], zones=zones)
    scan = second.scan_camera(game, HOST)
    shown = second.to_json(scan)
    assert [s["action"] for s in shown["seats"]] == [
        {"kind": "reveal", "player": "Ann", "card": "maki_2"},
        {"kind": "reveal", "player": "Ben", "card": "sashimi"}]
    second.confirm(game, HOST)
    tables = [[p["card"] for p in q["table"]]
              for q in session.snapshot(game, HOST)["view"]["players"]]
    assert tables == [["tempura", "maki_2"], ["sashimi", "sashimi"]]
    same = scripted(session, data_dir, [card("tempura", 40), card("maki_2", 180)], zones=zones)
    same.scan_camera(game, HOST)
    with pytest.raises(UnreadableInput, match="no new card"):
        same.confirm(game, HOST, 0)


def test_a_turn_with_chopsticks_reveals_two_cards_in_the_order_the_engine_takes() -> None:
    def reveal(player: str, cards: list[ScannedCard], table: list[str]) -> list[dict]:
        need = RevealNeed(player, 0, "reveal", "", table=tuple(table))
        return reveal_actions("sushi-go-party", need, cards)

    cards = [scanned("tempura", 0), scanned("egg_nigiri", 1), scanned("tea", 2)]
    assert [a["card"] for a in reveal("Ann", cards, ["tempura"])] == ["egg_nigiri",
                                                                      "tea"]
    assert reveal("Ann", cards, ["tempura", "egg_nigiri"]) == [
        {"kind": "reveal", "player": "Ann", "card": "tea"}]
    with pytest.raises(UnreadableInput, match="3 new cards"):
        reveal("Ann", cards, [])


def test_the_set_is_chosen_per_game_and_a_missing_set_says_to_enroll(
    session: Session, tmp_path: Path,
) -> None:
    game = party(session)
    desk = scripted(session, tmp_path / "empty", [card("tempura", 40)])
    assert desk.set_for(game) == "sushi-go-party"
    with pytest.raises(UnreadableInput, match="the camera does not know these cards yet"):
        desk.scan_camera(game, HOST)
    desk.choose_set(game, HOST, "cafe-deck")
    assert ScanDesk(session, tmp_path / "empty").set_for(game) == "cafe-deck"  # stored
    with pytest.raises(Forbidden):
        desk.choose_set(game, seat_viewer(0), "x")
    with pytest.raises(UnreadableInput):
        desk.choose_set(game, HOST, "../etc")


def test_the_annotated_photo_outlines_every_card(session: Session, data_dir: Path) -> None:
    game = party(session)
    photo = table_photo([["tempura", "sashimi"]])
    desk = scripted(session, data_dir, [card("tempura", 40), card("sashimi", 180, uncertain=True)],
                    frame=lambda: photo)
    scan = desk.scan_camera(game, HOST, 0)
    drawn = annotate(scan)
    assert drawn.shape == photo.shape
    changed = np.abs(drawn.astype(int) - photo.astype(int)).sum(2) > 60
    x0, y0 = 180, 40
    assert changed[y0:y0 + CARD_H, x0 - 3:x0 + 4].mean() > 0.5  # the uncertain card's outline
    jpeg = desk.image_jpeg(game)
    assert jpeg[:2] == b"\xff\xd8"


def test_the_scan_button_scans_the_game_waiting_for_tableaux(
    session: Session, data_dir: Path,
) -> None:
    desk = scripted(session, data_dir, [card("tempura", 40), card("tea", 40, 40 + ROW_H)],
                    zones=row_zones(2))
    with pytest.raises(IllegalAction, match="no game waits for cards"):
        desk.button_scan()
    game = party(session)
    said = desk.button_scan()
    assert said == "Ann 1 card, Ben 1 card"
    assert desk.pending(game) is not None
    blind = ScanDesk(session, data_dir, frame=lambda: None)
    with pytest.raises(UnreadableInput, match="no picture"):
        blind.button_scan()



def test_the_camera_scans_only_for_the_game_holding_it(session: Session, data_dir: Path) -> None:
    """Issue 28 item 4: with the camera held by a game, the scan button scans for that game
    and no other, and another game's host cannot scan with it; with no holder the button
    says how to claim it (a free camera still scans for a host who asks on the tablet)."""
    from companion.table.holds import DeviceHeld, DeviceHolds

    holds = DeviceHolds()
    reader = ScriptedReader([card("tempura", 40), card("tea", 40, 40 + ROW_H)])
    desk = ScanDesk(session, data_dir, frame=lambda: table_photo([["tempura"]]),
                    zones=lambda: row_zones(2), reader_factory=lambda card_set: reader,
                    holds=holds)
    first, second = party(session), party(session)
    with pytest.raises(IllegalAction, match="no game holds the camera"):
        desk.button_scan()
    assert desk.scan_camera(second, HOST) is not None  # free: the tablet's scan goes through
    desk.dismiss(second, HOST)
    holds.claim("camera", first)
    assert desk.button_scan() == "Ann 1 card, Ben 1 card"
    assert desk.pending(first) is not None and desk.pending(second) is None
    with pytest.raises(DeviceHeld, match=f"game {first} holds the camera"):
        desk.scan_camera(second, HOST)

# -- the real reader on drawn photos ------------------------------------------------------------


def test_bad_photos_are_turned_away_and_the_pending_scan_stays(
    session: Session, data_dir: Path,
) -> None:
    game = party(session)
    good = scripted(session, data_dir, [card("tempura", 40)])
    kept = good.scan_camera(game, HOST, 0)
    desk = ScanDesk(session, data_dir, desk=good.desk)  # the same games' scans, the real reader
    dark = np.full((720, 1280, 3), 8, np.uint8)
    with pytest.raises(UnreadableInput, match="too dark"):
        desk.scan_photo(game, HOST, cv2.imencode(".png", dark)[1].tobytes(), 0)
    bare = cv2.imencode(".jpg", table_photo([]))[1].tobytes()
    with pytest.raises(UnreadableInput, match="no cards found"):
        desk.scan_photo(game, HOST, bare, 0)
    with pytest.raises(UnreadableInput, match="not a photo"):
        desk.scan_photo(game, HOST, b"%PDF-1.4 not a photo", 0)
    assert desk.pending(game) is kept
    assert session.snapshot(game, HOST)["version"] == 0


def tap_score(rounds: Sequence[Sequence[dict[str, Any]]]) -> Any:
    engine = find_game("sushi-go-party")
    state = engine.setup([PlayerSpec("Ann"), PlayerSpec("Ben")],
                         engine.info.resolve_options({"menu": "my_first_meal"}))
    for actions in rounds:
        for action in actions:
            state, _ = engine.apply(state, engine.actions.from_json(action))
    return engine.view(state, None)["score"]


def nearest_truth(quad: Sequence[tuple[float, float]], truth: Sequence[Card]) -> str:
    """The label of the drawn card whose visible part is centred nearest to ``quad``'s."""
    centre = np.mean(np.array(quad), 0)
    return min(truth, key=lambda t: float(np.linalg.norm(t.quad.mean(0) - centre))).label


@pytest.mark.parametrize("reader", ["scripted", "real"])
def test_a_scanned_round_scores_like_the_same_round_tapped_in(
    session: Session, data_dir: Path, reader: str,
) -> None:
    ann: list[str | tuple[str, str]] = [
        "tempura", "tempura", "maki_2", ("salmon_nigiri", "wasabi"), "egg_nigiri",
        "green_tea_ice_cream"]
    ben: list[str | tuple[str, str]] = [
        "sashimi", "sashimi", "sashimi", "maki_3", "miso_soup", "tea", "squid_nigiri"]
    photo = table_photo([ann, ben])
    game = party(session)
    if reader == "scripted":  # the truth, as a perfect reader would report it
        desk = scripted(session, data_dir, layout([ann, ben]), frame=lambda: photo,
                        zones=row_zones(2))
    else:
        desk = ScanDesk(session, data_dir, frame=lambda: photo, zones=lambda: row_zones(2))
    scan = desk.scan_camera(game, seat_viewer(0))
    truth = layout([ann, ben])
    for c in scan.cards:  # a person taps each card the reader was unsure of: what it is
        if c.uncertain:
            desk.correct(game, HOST, c.index, nearest_truth(c.quad, truth))
    shown = desk.to_json(desk.pending(game))  # type: ignore[arg-type]
    actions = [s["action"] for s in shown["seats"]]
    assert sorted(actions[0]["cards"]) == sorted(
        ["tempura", "tempura", "maki_2", "wasabi", "egg_nigiri", "green_tea_ice_cream"])
    assert actions[0]["on_wasabi"] == ["salmon_nigiri"]
    assert sorted(actions[1]["cards"]) == sorted(ben)
    desk.confirm(game, seat_viewer(0))
    tapped: list[dict[str, Any]] = [
        {"kind": "enter_tableau", "player": "Ann",
         "cards": ["tempura", "tempura", "maki_2", "wasabi", "egg_nigiri", "green_tea_ice_cream"],
         "on_wasabi": ["salmon_nigiri"]},
        {"kind": "enter_tableau", "player": "Ben", "cards": ben}]
    assert session.snapshot(game, HOST)["view"]["score"] == tap_score([tapped])


def test_enrolling_a_card_photo_adds_it_to_the_games_set(
    session: Session, tmp_path: Path,
) -> None:
    game = party(session)
    desk = ScanDesk(session, tmp_path)
    status = desk.enrollment(game)
    assert status["set"] == "sushi-go-party" and not status["stored"]
    assert "salmon_nigiri" in status["needed"]
    crop = render_card(DECK["salmon_nigiri"], 200)  # a photo that is the card
    data = cv2.imencode(".jpg", crop)[1].tobytes()
    assert desk.enroll(game, HOST, "salmon_nigiri", data)["photos"] == 1
    status = desk.enrollment(game)
    assert status["stored"] and "salmon_nigiri" not in status["needed"]
    assert list_sets(tmp_path) == ["sushi-go-party"]
    name, exported = desk.export_set(game)
    assert name == "sushi-go-party.zip" and exported[:2] == b"PK"
    other = ScanDesk(session, tmp_path / "other")
    assert other.import_set(game, HOST, exported)["labels"] == ["salmon_nigiri"]
    with pytest.raises(Forbidden):
        other.import_set(game, seat_viewer(0), exported)
    with pytest.raises(UnreadableInput, match="not a card set"):
        other.import_set(game, HOST, b"not a zip")


def test_a_scan_can_be_dismissed(session: Session, data_dir: Path) -> None:
    game = party(session)
    desk = scripted(session, data_dir, [card("tempura", 40)])
    desk.scan_camera(game, HOST, 0)
    desk.dismiss(game, seat_viewer(1))
    assert desk.pending(game) is None
    with pytest.raises(NotFound):
        desk.dismiss(game, HOST)


def test_a_scan_lapses_when_its_round_is_entered_by_taps(session: Session, data_dir: Path) -> None:
    game = party(session)
    desk = scripted(session, data_dir, layout([TABLEAU]), frame=lambda: table_photo([TABLEAU]))
    scan: PendingScan = desk.scan_camera(game, HOST, 0)
    assert desk.pending(game) is scan
    for name in ("Ann", "Ben"):
        session.submit(game, HOST, Act({"kind": "enter_tableau", "player": name,
                                        "cards": TABLEAU}))
    assert session.snapshot(game, HOST)["view"]["round"] == 2
    assert desk.pending(game) is None


def test_the_scan_button_gives_scan_done_or_rejected(session: Session, data_dir: Path) -> None:
    from companion.devices.buttons import TableButtons
    from companion.devices.feedback import Signal
    from companion.devices.presses import SHORT

    desk = scripted(session, data_dir, [card("tempura", 40)], zones=row_zones(2))
    buttons = TableButtons(session, None, desk.button_scan)
    refused = buttons.press("scan", SHORT)
    assert refused.signal is Signal.REJECTED and "no game waits" in refused.message
    game = party(session)
    done = buttons.press("scan", SHORT)
    assert done.signal is Signal.SCAN_DONE and done.message == "scan done: Ann 1 card"
    assert desk.pending(game) is not None


def test_the_service_wires_the_scan_button_and_the_endpoints(tmp_path: Path) -> None:
    from companion.app import build
    from companion.settings import load_settings

    service = build(load_settings(str(tmp_path), env={}, tower="off", gpio="mock",
                                  camera="off"))
    try:
        assert service.controls.controls is not None
        assert service.controls.controls.buttons.scanner == service.scans.button_scan
        client = service.app.test_client()
        assert client.get("/api/games/1/scan").status_code == 404  # no such game yet
        assert client.get("/games/1/enroll").status_code == 200
    finally:
        service.close()
