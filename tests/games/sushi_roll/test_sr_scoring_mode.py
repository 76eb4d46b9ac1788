"""Scoring mode: each tray entered at round end, checked as a round, then scored."""

from __future__ import annotations

import pytest

from companion.games.base import UnreadableInput
from companion.games.sushi_roll import GAME
from companion.games.sushi_roll.actions import EnterTray, Pick
from companion.games.sushi_roll.events import GameOver, RoundScored, TrayEntered
from companion.games.sushi_roll.state import Phase

from .helpers import (
    DESSERT3,
    DUMPLING,
    EGG,
    MAKI2,
    MAKI3,
    SASHIMI,
    SQUID,
    TEMPURA,
    WASABI,
    new_game,
    of_kind,
    play,
    points,
    refused,
)

ANN = (TEMPURA,) * 4 + (SASHIMI,) * 2 + (MAKI3, DESSERT3)
BEN = (DUMPLING,) * 4 + (MAKI2, WASABI, EGG)


def test_trays_are_scored_when_the_last_one_is_entered() -> None:
    state = new_game(2, "scoring")
    state, events = play(state, EnterTray("Ann", ANN, menu=3, chopsticks=2))
    assert of_kind(events, TrayEntered) == [TrayEntered("Ann", 8)]
    assert state.phase is Phase.ENTRY and state.round == 1
    state, events = play(state, EnterTray("Ben", BEN, on_wasabi=(SQUID,)))
    (scored,) = of_kind(events, RoundScored)
    assert scored.points == (17 + 6, 8 + 2 + 3 + 1 + 9)
    assert state.round == 2 and state.rounds[0][0].desserts == 3


def test_a_tray_may_be_entered_again_until_the_round_is_complete() -> None:
    state = new_game(2, "scoring")
    state, _ = play(state, EnterTray("Ann", (*BEN, EGG)), EnterTray("Ann", ANN))
    assert state.entered[0] is not None and state.entered[0].dice == ANN


def test_a_whole_game_in_scoring_mode_gives_the_game_end() -> None:
    state = new_game(2, "scoring")
    for _ in range(3):
        state, events = play(
            state, EnterTray("Ann", ANN, menu=3, chopsticks=1), EnterTray("Ben", (*BEN, EGG))
        )
    assert state.phase is Phase.OVER and of_kind(events, GameOver)
    sheet = GAME.score(state)
    assert points(sheet, "Ann", "desserts most") == 6
    assert points(sheet, "Ben", "desserts") == 0  # 2 players: the fewest lose nothing
    assert points(sheet, "Ann", "leftover") == 2 and points(sheet, "Ben", "leftover") == 0
    assert sheet.to_json()["players"][0]["tiebreak"] == [9]


def test_tray_entries_are_checked_against_the_rules() -> None:
    state = new_game(2, "scoring")
    refused(state, EnterTray("Ann", ANN[:7]), "7 dice on the tray", "with 2 players")
    refused(state, EnterTray("Ann", (*ANN[:7], WASABI), on_wasabi=(SQUID,)), "9 dice")
    refused(state, EnterTray("Ann", ANN[:7], on_wasabi=(SQUID,)), "1 nigiri on a wasabi but 0")
    refused(state, EnterTray("Ann", (*ANN[:7], WASABI), on_wasabi=(MAKI3,)), "only a nigiri")
    refused(state, EnterTray("Ann", ANN, desserts=4), "4 desserts in tokens", "showing 3")
    refused(state, EnterTray("Ann", ANN, menu=19), "19 Menu tokens")
    refused(state, EnterTray("Zed", ANN), "'Zed' is not at this table")
    with pytest.raises(UnreadableInput, match="has no face"):
        GAME.apply(state, EnterTray("Ann", ("maki:squid", *ANN[1:])))


def test_a_round_over_the_box_is_refused_when_the_last_tray_comes_in() -> None:
    state = new_game(2, "scoring")
    state, _ = play(state, EnterTray("Ann", (SQUID,) * 4 + ANN[:4]))
    refused(state, EnterTray("Ben", (EGG,) * 2 + BEN[:6]), "6 Nigiri dice", "box holds 5")


def test_desserts_never_go_down_from_one_round_to_the_next() -> None:
    state = new_game(2, "scoring")
    state, _ = play(state, EnterTray("Ann", ANN), EnterTray("Ben", (*BEN, EGG)))
    refused(state, EnterTray("Ann", (*ANN[:7], EGG), desserts=2), "Ann: 2 desserts", "had 3")
    state, _ = play(state, EnterTray("Ann", (*ANN[:7], EGG)))
    assert state.entered[0] is not None and state.entered[0].desserts == 3


def test_turn_actions_are_not_used_in_scoring_mode() -> None:
    state = new_game(2, "scoring")
    refused(state, Pick("Ann", EGG), "not used in scoring mode")
    refused(new_game(2), EnterTray("Ann", ANN), "not used in turn-by-turn mode")
