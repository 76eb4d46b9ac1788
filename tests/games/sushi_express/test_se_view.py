"""The game view (docs/API.md, "The game view (Sushi Express)")."""

from __future__ import annotations

import json

from companion.games.sushi_express import GAME
from companion.games.sushi_express.actions import Guess, Move, RecordDraw, Roll
from companion.games.sushi_express.odds import success_chance

from .helpers import REROLL, SAME, guessed, new_game, play, started, with_hand

DOCUMENTED = {
    "game",
    "round",
    "phase",
    "start_player",
    "to_act",
    "players",
    "board",
    "odds",
    "roll",
    "move",
    "ring",
    "display",
    "display_slots",
    "need_reveal",
    "supply",
    "discarded",
    "legal",
    "score",
}
PLAYER_KEYS = {
    "seat",
    "name",
    "colour",
    "tile",
    "customers",
    "tips",
    "action_cards",
    "hand",
    "guess",
    "marker",
    "moved",
}


def test_the_view_has_every_documented_key() -> None:
    view = GAME.view(started(), 0)
    assert set(view) >= DOCUMENTED
    assert view["game"] == "sushi-express" and view["phase"] == "guess" and view["round"] == 1
    assert all(set(p) >= PLAYER_KEYS for p in view["players"])
    assert [b["number"] for b in view["board"]] == list(range(2, 13))
    assert [t["tile"] for t in view["ring"]] == list(range(12))
    assert view["ring"][0] == {"tile": 0, "name": "Sushi Express", "vans": [0, 1, 2, 3]}
    assert view["ring"][6]["name"] == "Park"
    assert view["display"] == ["light_blue", "dark_blue", "rose", "tip"]
    assert view["display_slots"] == 4 and view["need_reveal"] == 0
    assert view["supply"] == {"customers": 32, "action_cards": 20}
    assert view["discarded"] == 0 and view["score"] is None
    assert view["to_act"] == {"seat": 0, "what": "guess", "prompt": "Ann places a guess"}
    json.dumps(view)


def test_the_table_is_asked_to_reveal_at_the_start() -> None:
    view = GAME.view(new_game(3), None)
    assert view["phase"] == "reveal" and view["need_reveal"] == 3
    assert view["to_act"] == {"seat": None, "what": "reveal", "prompt": "Turn up 3 customer cards"}
    assert view["legal"] == []


def test_a_hand_is_shown_only_to_its_own_seat() -> None:
    state = with_hand(started(), "Ben", SAME, unknown=2)
    own = GAME.view(state, 1)["players"]
    assert own[1]["hand"] == {"known": ["same_guess"], "unknown": 2}
    assert own[1]["action_cards"] == 3
    assert all(p["hand"] is None for i, p in enumerate(own) if i != 1)
    assert GAME.view(state, 0)["players"][1]["hand"] is None
    assert all(p["hand"] is None for p in GAME.view(state, None)["players"])


def test_legal_lists_only_the_viewers_own_decisions() -> None:
    state = with_hand(started(), "Ben", unknown=1)
    ann = GAME.view(state, 0)["legal"]
    assert {a["kind"] for a in ann} == {"guess"}
    ben = GAME.view(state, 1)["legal"]
    assert {a["kind"] for a in ben} == {"record_draw"}
    assert RecordDraw("Ben", REROLL).to_json() in ben
    host = GAME.view(state, None)["legal"]
    assert Guess("Ann", 7).to_json() in host
    assert all(a["kind"] != "record_draw" for a in host)


def test_the_board_and_the_players_show_the_guesses() -> None:
    state, _ = play(started(), Guess("Ann", 7), Guess("Ben", 7, same_guess=True))
    view = GAME.view(state, None)
    assert view["board"][5] == {"number": 7, "stack": [0, 1], "out": []}
    assert [p["guess"] for p in view["players"]] == [7, 7, None, None]
    assert [p["marker"] for p in view["players"]] == ["board", "board", None, None]
    assert [o["free"] for o in view["odds"]][5] is False
    assert view["odds"][0]["free"] is True


def test_the_odds_show_exact_and_decimal_chances_for_every_number() -> None:
    odds = GAME.view(started(), None)["odds"]
    assert [o["number"] for o in odds] == list(range(2, 13))
    nine = odds[7]
    assert nine["exact"][0] == "155/324"
    assert nine["chance"] == [float(success_chance(9, k)) for k in range(5)]


def test_the_roll_shows_the_roller_target_try_and_dice() -> None:
    state = guessed(started(), {"Ann": 5, "Ben": 9, "Cat": 7, "Dan": 3})
    view = GAME.view(state, None)
    assert view["roll"] == {
        "roller": 1,
        "target": 9,
        "try": 1,
        "dice": None,
        "total": None,
        "success": False,
        "awaiting": "roll",
        "can_reroll": False,
    }
    assert view["to_act"]["what"] == "roll" and view["to_act"]["seat"] == 1
    state, _ = play(state, Roll("Ben", (2, 3)))
    view = GAME.view(state, None)
    assert view["roll"]["dice"] == [2, 3] and view["roll"]["total"] == 5
    assert view["roll"]["awaiting"] == "reroll_or_next"


def test_the_move_shows_the_mover_and_markers_go_out() -> None:
    state = guessed(started(), {"Ann": 5, "Ben": 9, "Cat": 7, "Dan": 3})
    state, _ = play(state, Roll("Ben", (6, 6)), Move("Ben"))
    view = GAME.view(state, None)
    assert view["move"] == {"mover": 2, "pending_take": False}
    assert view["players"][1]["marker"] == "out" and view["players"][1]["moved"] is True
    assert view["players"][1]["tile"] == 9
    assert view["board"][7] == {"number": 9, "stack": [], "out": [1]}
    assert view["roll"] is None


def test_after_a_failed_first_try_without_re_rolls_the_table_rolls_again() -> None:
    state = guessed(started(), {"Ann": 5, "Ben": 9, "Cat": 7, "Dan": 3})
    state, _ = play(state, Roll("Ben", (1, 1)))
    assert GAME.view(state, None)["to_act"] == {
        "seat": 1,
        "what": "roll",
        "prompt": "Ben rolls try 2, needing 9 or more",
    }
    state = with_hand(state, "Ben", REROLL)
    assert GAME.view(state, None)["to_act"]["what"] == "reroll_or_next"
    assert len(GAME.view(state, 1)["legal"]) == 12


def test_the_view_of_a_finished_game_has_the_score_and_nobody_to_act() -> None:
    from .helpers import random_game

    final, _, _ = random_game(5, 3)
    view = GAME.view(final, None)
    assert view["phase"] == "over" and view["to_act"] is None
    assert view["score"] == GAME.score(final).to_json()
    assert view["end_reason"]
