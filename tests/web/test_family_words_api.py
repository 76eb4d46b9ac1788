"""Words a family would use (issue 24 item 11): the new-game form's option notes, the history
of a played game, refusals, the status page's buttons line and the scan overlay say things in
words printed on the cards and in the rulebook, with the right article and plural; no internal
ids (``10th_anniversary``, ``frozen_yogurt``, ``'scoring'``), rulings (D1, D9) or device
internals (gpiozero's MockFactory, BCM numbers)."""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient

from companion.devices.controls import choose_factory
from companion.games.base import IllegalAction
from companion.games.sushi_express import GAME as SUSHI_EXPRESS
from companion.games.sushi_express.actions import TakeCustomer
from companion.games.sushi_express.cards import ActionCard, Customer
from companion.games.sushi_express.hand import refuse_play
from companion.games.sushi_roll import GAME as SUSHI_ROLL
from companion.games.sushi_roll.actions import Pick
from tests.web.web_support import create_game, post, snapshot

INTERNAL = re.compile(r"'scoring'|'turns'|simulation|10th_anniversary|frozen_yogurt|bubble_tea|"
                      r"two_way_road|\bD\d\b|MockFactory|gpiozero|\bBCM\b|companion cards")
FILL = ["tempura", "sashimi", "gyoza", "salmon_nigiri", "tempura", "sashimi", "gyoza",
        "egg_nigiri", "tempura", "sashimi"]


def test_the_new_game_form_notes_use_printed_names(client: FlaskClient) -> None:
    titles = client.get("/api/titles").get_json()["titles"]
    notes = {f"{t['id']}.{o['key']}": o["doc"] for t in titles for o in t["options"]}
    assert all(not INTERNAL.search(doc) for doc in notes.values()), {
        k: doc for k, doc in notes.items() if INTERNAL.search(doc)}
    assert "Frozen yogurt, Bubble tea, Old-fashioned pudding or Mochi" in notes["sushi-go.dessert"]
    assert notes["sushi-go.mode"].startswith("Tableaux at round end: ")


def test_a_played_game_says_nothing_internal(client: FlaskClient) -> None:
    game = create_game(client, game="sushi-go", players=[{"name": "Ann"}, {"name": "Ben"}],
                       options={"mode": "scoring", "dessert": "frozen_yogurt"})
    url = f"/api/games/{game.id}/actions"
    for player in ("Ann", "Ben"):
        answer = post(client, url, {"kind": "enter_tableau", "player": player,
                                    "cards": ["frozen_yogurt_3", *FILL[:9]]}, game.host)
        assert answer.status_code == 200, answer.get_json()
    snap = snapshot(client, game, game.host)
    shown = [e["summary"] for e in snap["history"]]
    assert shown and not any(INTERNAL.search(s) for s in shown), shown
    names = [c["name"] for c in snap["view"]["menu"]["cards"]]
    assert not any(INTERNAL.search(n) or "_" in n for n in names), names


def test_articles_plurals_and_quoted_card_names() -> None:
    assert str(SUSHI_ROLL.describe(Pick("Ann", "appetizer:dumpling"))) == (
        "Ann took an Appetizer die showing Dumpling")
    assert str(SUSHI_EXPRESS.describe(TakeCustomer("Ann", Customer.ORANGE))) == (
        "Ann took an orange customer")
    refusal = refuse_play("Ann", ActionCard.ONE_TILE_FURTHER, 2, 1)
    assert isinstance(refusal, IllegalAction)
    assert refusal.reason == 'Ann wants to play 2 "1 tile further" cards but has at most 1'


def test_the_status_line_and_the_scan_overlay_speak_plainly() -> None:
    choice = choose_factory("auto", model="", chips=[])
    assert choice is not None
    assert choice.detail.startswith("Test buttons (no real buttons connected")
    assert not INTERNAL.search(json.dumps(choice.detail))
    from companion.scans.desk import printed_names

    assert printed_names("sushi-go-party")["fruit_watermelon_orange"] == (
        "Fruit: watermelon and orange")
