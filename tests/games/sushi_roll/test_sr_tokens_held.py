"""Menu and Chopsticks tokens held (ruling R17, issue 23): at most the start tokens (3 Menu,
2 Chopsticks) plus the icons of that token on the player's trays of the rounds so far, and the
players together at most the box (18 Menu, 12 Chopsticks); checked at each tray's entry, at each
round end, on a record's ``final`` object, and never refused in a simulated game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import IllegalAction
from companion.games.sushi_roll import GAME
from companion.games.sushi_roll.actions import EnterTray
from companion.games.sushi_roll.dice import START_CHOPSTICKS, START_MENU, Symbol
from companion.games.sushi_roll.state import GameState, Phase
from companion.games.sushi_roll.tray import Tray, check_spent_tokens

from .helpers import (
    CHOP1,
    CHOP2,
    DUMPLING,
    EGG,
    MAKI1,
    MENU1,
    MENU2,
    SALMON,
    TEMPURA,
    new_game,
    play,
    players,
    points,
    random_game,
    refused,
)

# Two players: 8 dice a tray; together within the box's dice of each kind.
ANN_MENU = (MENU1,) + (DUMPLING,) * 4 + (TEMPURA,) * 3
BEN = (MAKI1,) * 4 + (EGG,) * 4


def to_round(state: GameState, rounds: int, ann: tuple[str, ...] = ANN_MENU) -> GameState:
    """``state`` after ``rounds`` whole rounds of Ann's tray ``ann`` and Ben's plain tray (no
    tokens held entered: scoring mode's default 0)."""
    for _ in range(rounds):
        state, _ = play(state, EnterTray("Ann", ann), EnterTray("Ben", BEN))
    return state


def final(ann_last: dict[str, Any]) -> dict[str, Any]:
    """A record's ``final``: Ann takes one Menu x1 die a round; ``ann_last`` her last tray."""
    ann = {"dice": list(ANN_MENU)}
    ben = {"dice": list(BEN)}
    return {"rounds": [[ann, ben], [ann, ben], [{"dice": list(ANN_MENU), **ann_last}, ben]]}


def test_the_held_out_case_15_menu_and_10_chopsticks_after_one_menu_x1_die_a_round_is_refused() -> (
    None
):
    state = to_round(new_game(2, "scoring"), 2)
    refused(
        state,
        EnterTray("Ann", ANN_MENU, menu=15, chopsticks=10),
        "Ann holds 15 Menu tokens, but 3 at the start and the Menu dice on Ann's trays give at "
        "most 6 (3 + 3 shown on the dice of rounds 1 to 3",
    )
    with pytest.raises(IllegalAction) as caught:
        GAME.score_final(players(2), {}, final({"menu": 15, "chopsticks": 10}))
    assert caught.value.reason.startswith("Ann holds 15 Menu tokens, but 3 at the start")


def test_a_tray_cannot_hold_more_menu_tokens_than_the_start_and_its_dice_give() -> None:
    state = new_game(2, "scoring")
    refused(
        state,
        EnterTray("Ann", ANN_MENU, menu=5),
        "Ann holds 5 Menu tokens",
        "3 at the start",
        "give at most 4 (3 + 1 shown on the dice of round 1;",
    )
    refused(state, EnterTray("Ben", BEN, menu=4), "Ben holds 4 Menu tokens", "at most 3 (3 + 0")


def test_a_tray_cannot_hold_more_chopsticks_tokens_than_the_start_and_its_dice_give() -> None:
    state = new_game(2, "scoring")
    chop = (CHOP1, *ANN_MENU[1:])
    refused(
        state,
        EnterTray("Ann", chop, chopsticks=4),
        "Ann holds 4 Chopsticks tokens, but 2 at the start and the Chopsticks dice on Ann's "
        "trays give at most 3 (2 + 1 shown on the dice of round 1",
    )
    refused(state, EnterTray("Ben", BEN, chopsticks=3), "Ben holds 3 Chopsticks", "at most 2")


def test_exactly_the_start_and_every_token_die_taken_so_far_is_accepted() -> None:
    state = to_round(new_game(2, "scoring"), 2)
    refused(state, EnterTray("Ann", ANN_MENU, menu=7, chopsticks=2), "7 Menu", "at most 6")
    refused(state, EnterTray("Ann", ANN_MENU, menu=6, chopsticks=3), "3 Chopsticks", "at most 2")
    state, _ = play(
        state, EnterTray("Ann", ANN_MENU, menu=6, chopsticks=2), EnterTray("Ben", BEN, menu=3)
    )
    assert state.phase is Phase.OVER
    sheet = GAME.score(state)
    assert points(sheet, "Ann", "leftover") == 4 and points(sheet, "Ben", "leftover") == 1
    again = GAME.score_final(players(2), {}, final({"menu": 6, "chopsticks": 2}))
    assert points(again, "Ann", "leftover") == 4


def test_a_menu_x2_or_chopsticks_x2_die_gives_two_tokens_and_raises_only_its_own_kind() -> None:
    state = new_game(2, "scoring")
    tray = (MENU2, CHOP2, *ANN_MENU[2:])
    state, _ = play(state, EnterTray("Ann", tray, menu=5, chopsticks=4))
    assert state.entered[0] is not None and state.entered[0].menu == 5
    refused(state, EnterTray("Ann", tray, menu=6), "6 Menu", "at most 5 (3 + 2")
    refused(state, EnterTray("Ann", tray, chopsticks=5), "5 Chopsticks", "at most 4 (2 + 2")
    only_menu = (MENU2, MENU2, *ANN_MENU[2:])
    refused(state, EnterTray("Ann", only_menu, chopsticks=3), "3 Chopsticks", "at most 2 (2 + 0")


def test_earlier_rounds_counts_are_not_a_bound_since_scoring_mode_lets_them_default_to_0() -> None:
    state = to_round(new_game(2, "scoring"), 1)  # round 1: Ann's Menu die, 0 Menu entered
    plain = (SALMON, *ANN_MENU[1:])
    state, _ = play(state, EnterTray("Ann", plain, menu=4))
    assert state.entered[0] is not None and state.entered[0].menu == 4
    refused(state, EnterTray("Ann", plain, menu=5), "5 Menu", "at most 4 (3 + 1", "rounds 1 to 2")


def test_the_players_together_never_hold_more_than_the_box_even_before_the_last_tray() -> None:
    state = new_game(3, "scoring")
    menus = (MENU2,) * 5 + (DUMPLING,) * 2
    plain = (TEMPURA,) * 4 + (MAKI1,) * 3
    other = (MAKI1,) * 3 + (EGG,) * 4
    state, _ = play(
        state, EnterTray("Ann", menus, menu=13), EnterTray("Ben", plain), EnterTray("Cat", other)
    )
    state, _ = play(state, EnterTray("Ann", plain, menu=13))
    refused(
        state,
        EnterTray("Ben", menus, menu=6),
        "the players hold 19 Menu tokens, but the box holds 18",
    )
    state, _ = play(state, EnterTray("Ben", menus, menu=5))
    assert state.round == 2 and state.entered[2] is None


def test_check_spent_tokens_counts_every_round_so_far() -> None:
    one = Tray(dice=(MENU1, CHOP1))
    check_spent_tokens(Tray(dice=(MENU2,), menu=6, chopsticks=3), [one], "Ann")
    with pytest.raises(IllegalAction) as caught:
        check_spent_tokens(Tray(dice=(MENU2,), menu=7), [one], "Ann")
    assert (
        "7 Menu tokens" in caught.value.reason and "at most 6 (3 + 3 shown" in caught.value.reason
    )
    with pytest.raises(IllegalAction) as caught:
        check_spent_tokens(Tray(dice=(MENU2,), chopsticks=4), [one, Tray()], "Ann")
    reason = caught.value.reason
    assert "4 Chopsticks tokens" in reason and "at most 3 (2 + 1 shown" in reason
    assert "rounds 1 to 3" in reason


@given(st.integers(2, 5), st.integers(0, 2**32 - 1))
@settings(max_examples=15, deadline=None, derandomize=True)
def test_no_simulated_game_holds_more_tokens_than_its_start_and_dice_give(
    n: int, seed: int
) -> None:
    state, _ = random_game({}, n, seed)
    for seat in range(n):
        trays = [r[seat] for r in state.rounds]
        for r, t in enumerate(trays):
            check_spent_tokens(t, trays[:r], "Ann")
            so_far = trays[: r + 1]
            assert t.menu <= START_MENU + sum(x.shown(Symbol.MENU) for x in so_far)
            assert t.chopsticks <= START_CHOPSTICKS + sum(
                x.shown(Symbol.CHOPSTICKS) for x in so_far
            )
