"""Setup: players, house-rule options, the starting position and the first reveal."""

from __future__ import annotations

import pytest

from companion.games.base import IllegalAction, PlayerSpec, UnreadableInput
from companion.games.sushi_express import GAME
from companion.games.sushi_express.actions import RevealCustomers
from companion.games.sushi_express.cards import ActionCard, Customer
from companion.games.sushi_express.events import DisplayRevealed, RoundStarted
from companion.games.sushi_express.state import Phase, StackLowest, evolve

from .helpers import DB, LB, NAMES, ROSE, TIP, new_game, play, players, refused, started


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_three_to_six_players_may_play(n: int) -> None:
    state = new_game(n)
    assert state.n == n
    assert [p.name for p in state.players] == list(NAMES[:n])


@pytest.mark.parametrize("n", [2, 7])
def test_fewer_than_three_or_more_than_six_players_are_refused(n: int) -> None:
    names = [PlayerSpec(f"P{i}") for i in range(n)]
    with pytest.raises(IllegalAction, match="3 to 6 players"):
        GAME.setup(names, {})


def test_two_players_cannot_share_a_name() -> None:
    with pytest.raises(IllegalAction, match="share a name"):
        GAME.setup([PlayerSpec("Ann"), PlayerSpec("Ann"), PlayerSpec("Ben")], {})


def test_options_default_to_our_rulings() -> None:
    rules = new_game().rules
    assert rules.express_passed_when_occupied is True
    assert rules.first_lap_from_start is False
    assert rules.stack_lowest is StackLowest.BOTTOM
    assert rules.start_player == 0
    assert {o.key for o in GAME.info.options} == {
        "express_passed_when_occupied",
        "first_lap_from_start",
        "stack_lowest",
        "start_player",
    }


def test_every_option_can_be_switched() -> None:
    rules = new_game(
        express_passed_when_occupied=False,
        first_lap_from_start=True,
        stack_lowest="top",
        start_player=3,
    ).rules
    assert rules.express_passed_when_occupied is False
    assert rules.first_lap_from_start is True
    assert rules.stack_lowest is StackLowest.TOP
    assert rules.start_player == 3


def test_an_unknown_option_or_value_is_unreadable() -> None:
    with pytest.raises(UnreadableInput):
        GAME.setup(players(), {"turbo": True})
    with pytest.raises(UnreadableInput):
        GAME.setup(players(), {"stack_lowest": "middle"})


def test_the_start_player_must_sit_at_the_table() -> None:
    with pytest.raises(IllegalAction, match="start player"):
        GAME.setup(players(3), {"start_player": 3})
    assert new_game(3, start_player=2).start_player == 2


def test_all_vans_start_on_sushi_express() -> None:
    assert all(p.tile == 0 and not p.left_start for p in new_game(5).players)


@pytest.mark.parametrize("n", [3, 6])
def test_each_player_starts_with_same_guess_and_one_tile_further(n: int) -> None:
    state = new_game(n)
    for p in state.players:
        assert p.hand.known == (ActionCard.SAME_GUESS, ActionCard.ONE_TILE_FURTHER)
        assert p.hand.unknown == 0
    assert state.action_supply == 28 - 2 * n


def test_the_customer_supply_holds_36_cards() -> None:
    state = new_game()
    assert state.customers_left() == 36
    assert state.display == ()


def test_the_game_begins_by_revealing_one_customer_per_player() -> None:
    state = new_game(3)
    assert state.phase is Phase.REVEAL
    state, events = play(state, RevealCustomers((LB, DB, TIP)))
    assert state.display == (LB, DB, TIP)
    assert state.customers_left() == 33
    assert state.phase is Phase.GUESS and state.round == 1
    assert events == [
        DisplayRevealed(cards=(LB, DB, TIP), display=(LB, DB, TIP)),
        RoundStarted(round=1, start_player="Ann"),
    ]


def test_the_first_reveal_must_hold_exactly_one_card_per_player() -> None:
    refused(new_game(4), RevealCustomers((LB, DB, TIP)), "exactly 4", "not 3")
    refused(new_game(3), RevealCustomers((LB, DB, TIP, ROSE)), "exactly 3", "not 4")


def test_a_reveal_cannot_exceed_the_deck_composition() -> None:
    state = new_game(3)
    refused(state, RevealCustomers((ROSE, ROSE, ROSE)), "Only 2 of the 2 rose")


def test_a_ninth_light_blue_cannot_be_revealed() -> None:
    state = new_game(4)
    state = evolve(state, supply=(0, *state.supply[1:]))
    refused(state, RevealCustomers((LB, DB, TIP, ROSE)), "All 8 light blue")


def test_round_one_starts_with_the_chosen_start_player() -> None:
    state = started(4, start_player=2)
    assert state.start_player == 2
    assert state.players[2].name == "Cat"


def test_customer_cards_have_the_rulebook_composition() -> None:
    from companion.games.sushi_express.cards import CUSTOMER_DECK

    assert sum(CUSTOMER_DECK.values()) == 36
    assert CUSTOMER_DECK[Customer.LIGHT_BLUE] == CUSTOMER_DECK[Customer.DARK_BLUE] == 8
    assert CUSTOMER_DECK[Customer.TIP] == 8


def test_an_action_naming_nobody_at_the_table_is_refused() -> None:
    from companion.games.sushi_express.actions import Guess

    refused(started(), Guess("Zed", 7), "There is no player called Zed")
    with pytest.raises(IllegalAction, match="Zed"):
        GAME.actor(started(), Guess("Zed", 7))


def test_actions_of_another_game_are_refused() -> None:
    from dataclasses import dataclass
    from typing import ClassVar

    from companion.games.base import Message

    @dataclass(frozen=True)
    class Pass(Message):
        kind: ClassVar[str] = "pass"

    refused(started(), Pass(), "no 'pass' action")


def test_malformed_action_json_is_unreadable() -> None:
    for bad in (
        {"kind": "roll", "player": "Ann", "dice": "six"},
        {"kind": "guess", "player": "Ann"},
        {"kind": "guess", "player": "Ann", "number": 7, "colour": "red"},
        {"kind": "take_customer", "player": "Ann", "card": "purple"},
        {"kind": "teleport"},
    ):
        with pytest.raises(UnreadableInput):
            GAME.actions.from_json(bad)


def test_table_inputs_have_no_actor_and_record_draw_is_private() -> None:
    from companion.games.sushi_express.actions import RecordDraw, Roll

    state = started()
    assert GAME.actor(state, RevealCustomers((LB,))) is None
    assert GAME.actor(state, Roll("Ben", (1, 2))) is None
    assert GAME.actor(state, RecordDraw("Cat", ActionCard.TIP)) == 2
    assert GAME.private_to(state, RecordDraw("Cat", ActionCard.TIP)) == 2
    assert GAME.private_to(state, RecordDraw("Zed", ActionCard.TIP)) == -1
    assert GAME.private_to(state, Roll("Ben", (1, 2))) is None
