"""Which action a settled roll becomes in each title, read from the game's view alone."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games import find_game
from companion.games.base import IllegalAction, PlayerSpec, UnreadableInput
from companion.table.dice_input import (
    DICE_TITLES,
    check_roll_source,
    check_values,
    request_for,
)

TRIO = [PlayerSpec("Ann"), PlayerSpec("Ben"), PlayerSpec("Cat")]


def express_at_roll() -> tuple[Any, Any]:
    """Sushi Express for three, everyone guessed: Cat (on 9) rolls try 1."""
    game = find_game("sushi-express")
    state = game.setup(TRIO, {})
    for action in ({"kind": "reveal_customers", "cards": ["light_blue", "rose", "tip"]},
                   {"kind": "guess", "player": "Ann", "number": 7},
                   {"kind": "guess", "player": "Ben", "number": 8},
                   {"kind": "guess", "player": "Cat", "number": 9}):
        state, _ = game.apply(state, game.actions.from_json(action))
    return game, state


def test_sushi_express_in_phase_roll_waits_for_the_rollers_two_dice() -> None:
    game, state = express_at_roll()
    request = request_for("sushi-express", game.view(state, None))
    assert request is not None
    assert (request.player, request.dice) == ("Cat", 2)
    assert request.prompt == "Cat's roll, try 1, needing 9 or more"
    action = request.action((3, 4))
    assert action == {"kind": "roll", "player": "Cat", "dice": [3, 4]}
    game.apply(state, game.actions.from_json(action))  # the engine takes it


def test_after_a_missed_first_try_the_next_roll_is_try_two_in_another_slot() -> None:
    game, state = express_at_roll()
    first = request_for("sushi-express", game.view(state, None))
    state, _ = game.apply(state, game.actions.from_json(
        {"kind": "roll", "player": "Cat", "dice": [1, 2]}))
    second = request_for("sushi-express", game.view(state, None))
    assert first is not None and second is not None
    assert "try 2" in second.prompt and second.slot != first.slot


def test_sushi_express_waits_for_no_roll_outside_phase_roll_or_after_both_tries() -> None:
    game = find_game("sushi-express")
    assert request_for("sushi-express", game.view(game.setup(TRIO, {}), None)) is None
    game, state = express_at_roll()
    for dice in ([1, 1], [1, 1]):  # Cat misses twice, holds no Re-roll: Ben rolls next
        state, _ = game.apply(state, game.actions.from_json(
            {"kind": "roll", "player": "Cat", "dice": dice}))
    request = request_for("sushi-express", game.view(state, None))
    assert request is not None and request.player == "Ben"


def test_sushi_go_mochi_waits_for_one_die_of_the_first_waiting_player() -> None:
    game = find_game("sushi-go")
    state = game.setup(TRIO, {"mode": "turns", "dessert": "mochi"})
    for name, card in (("Ann", "mochi"), ("Ben", "tempura"), ("Cat", "sashimi")):
        state, _ = game.apply(state, game.actions.from_json(
            {"kind": "reveal", "player": name, "card": card}))
    request = request_for("sushi-go", game.view(state, None))
    assert request is not None and (request.player, request.dice) == ("Ann", 1)
    action = request.action((5,))
    assert action == {"kind": "mochi_roll", "player": "Ann", "value": 5}
    state, _ = game.apply(state, game.actions.from_json(action))
    assert request_for("sushi-go", game.view(state, None)) is None
    with pytest.raises(IllegalAction, match="rolls one mochi die, but 2 dice were read"):
        request.action((5, 6))


def test_titles_without_dice_take_only_tap() -> None:
    assert {"sushi-express", "sushi-go"} == DICE_TITLES
    assert check_roll_source("sushi-go-party", "tap") == "tap"
    assert check_roll_source("sushi-express", "camera") == "camera"
    with pytest.raises(IllegalAction, match="without dice"):
        check_roll_source("sushi-go-party", "tower")
    with pytest.raises(UnreadableInput, match="must be one of tap, tower, camera"):
        check_roll_source("sushi-express", "carrier pigeon")
    assert request_for("sushi-go-party", {"phase": "reveal"}) is None


@pytest.mark.parametrize("values", [[], [0, 3], [7], ["3"], [True], "34", None])
def test_typed_dice_must_be_faces_one_to_six(values: Any) -> None:
    with pytest.raises(UnreadableInput):
        check_values(values)
    with pytest.raises(UnreadableInput, match="2 dice, not 1"):
        check_values([3], dice=2)
