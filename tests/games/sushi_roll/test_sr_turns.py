"""Every turn rule of seed 004 ("Déroulement d'une manche", "Nouvelle manche"): rolls, the
first player and the red belt, Menu and Chopsticks tokens, picks, wasabi, the token supply,
passing and the 3-player rotation at round end."""

from __future__ import annotations

import pytest

from companion.games.base import UnreadableInput
from companion.games.common.evolve import evolve
from companion.games.sushi_roll import GAME
from companion.games.sushi_roll.actions import Pick, Roll, UseChopsticks, UseMenu
from companion.games.sushi_roll.events import (
    BeltsPassed,
    DiePicked,
    RoundScored,
    RoundStarted,
    TokensTaken,
    TurnStarted,
)
from companion.games.sushi_roll.state import GameState, Phase

from .helpers import (
    CHOP1,
    DESSERT1,
    DESSERT2,
    DESSERT3,
    DUMPLING,
    EGG,
    MAKI1,
    MAKI2,
    MAKI3,
    MENU1,
    MENU2,
    SALMON,
    SQUID,
    TEMPURA,
    WASABI,
    fill_belts,
    new_game,
    of_kind,
    pick,
    play,
    refused,
    reroll_same,
    roll_belts,
    start,
)


def finish_round(state: GameState) -> tuple[GameState, list]:
    """Play to the round's end: belts roll the same dice, each player takes their first die."""
    events: list = []
    start_round = state.round
    while state.round == start_round and state.phase is not Phase.OVER:
        if state.phase is Phase.ROLL:
            state, new = roll_belts(state, [s.belt for s in state.seats])
        else:
            seat = state.current
            state, new = play(state, Pick(state.names[seat], state.seats[seat].belt[0]))
        events.extend(new)
    return state, events


# ------------------------------------------------------------------------------ rolls


def test_a_round_starts_with_every_belt_rolled_in_any_order() -> None:
    state = new_game(3)
    belts = fill_belts(3, [])
    state, events = play(state, Roll("Cat", belts[2]), Roll("Ann", belts[0]))
    assert state.phase is Phase.ROLL and state.to_roll() == (1,)
    assert of_kind(events, RoundStarted) == [RoundStarted(1, 7, "Ann")]
    state, events = play(state, Roll("Ben", belts[1]))
    assert state.phase is Phase.PICK
    assert of_kind(events, TurnStarted) == [TurnStarted(1, 1, "Ann")]


def test_each_belt_gets_8_7_6_5_dice_for_2_3_4_5_players() -> None:
    for n, size in ((2, 8), (3, 7), (4, 6), (5, 5)):
        state = new_game(n)
        refused(
            state, Roll("Ann", (DUMPLING,) * (size - 1)), f"gets {size} dice", f"shows {size - 1}"
        )


def test_the_dice_drawn_must_be_in_the_bag() -> None:
    state = new_game(2)
    state, _ = play(state, Roll("Ann", (DESSERT1, DESSERT2, DESSERT3, DESSERT1) + (DUMPLING,) * 4))
    refused(
        state,
        Roll("Ben", (DESSERT1, EGG) + (MAKI1,) * 6),
        "1 Dessert die",
        "only 0 of the 4 are left in the bag",
    )


def test_a_face_the_dice_table_does_not_print_is_unreadable() -> None:
    state = new_game(2)
    with pytest.raises(UnreadableInput, match="a Maki die has no face 'tempura'"):
        GAME.apply(state, Roll("Ann", ("maki:tempura",) + (DUMPLING,) * 7))
    with pytest.raises(UnreadableInput, match="not a die reading"):
        GAME.apply(state, Roll("Ann", ("pudding:3",) + (DUMPLING,) * 7))


def test_a_belt_is_rolled_once_a_turn() -> None:
    state = new_game(2)
    belts = fill_belts(2, [])
    state, _ = play(state, Roll("Ann", belts[0]))
    refused(state, Roll("Ann", belts[0]), "already rolled")


def test_after_passing_a_roll_shows_the_kinds_already_on_the_belt() -> None:
    state = start(2, [MAKI3, MAKI2], [EGG])
    state = pick(state, MAKI3)
    state = pick(state, EGG)
    assert state.phase is Phase.ROLL and state.turn == 2
    ben_belt = state.seats[1].belt  # Ann's belt, passed left to Ben
    assert MAKI2 in ben_belt and len(ben_belt) == 7
    wrong = tuple(r if r != MAKI2 else TEMPURA for r in ben_belt)
    refused(state, Roll("Ben", wrong), "Ben's belt holds", "but the roll shows")
    state, _ = play(state, Roll("Ben", tuple(r if r != MAKI2 else MAKI1 for r in ben_belt)))
    assert MAKI1 in state.seats[1].belt and MAKI2 not in state.seats[1].belt


def test_nobody_picks_before_every_belt_is_rolled_in_a_rounds_first_turn() -> None:
    # Later turns may skip the rolls: the red belt's holder's pick rolls the belts with faces
    # unread (issue 24 item 7, test_sr_unread_faces.py).
    state = new_game(2)
    belts = fill_belts(2, [])
    state, _ = play(state, Roll("Ann", belts[0]))
    refused(state, Pick("Ann", belts[0][0]), "a pick is not expected now", "to roll")


# ------------------------------------------------------------------------------ who plays


def test_the_red_belts_holder_plays_first_then_clockwise() -> None:
    state = start(4, start_player=2)
    assert state.names[state.current] == "Cat"
    order = []
    for _ in range(4):
        order.append(state.names[state.current])
        state = pick(state)
    assert order == ["Cat", "Dan", "Ann", "Ben"]


def test_only_the_player_whose_turn_it_is_may_act() -> None:
    state = start(3)
    belt = state.seats[1].belt
    refused(state, Pick("Ben", belt[0]), "it is Ann's turn, not Ben's", "red-bordered belt")
    refused(state, UseMenu("Ben", belt[:1]), "it is Ann's turn")


def test_the_red_belt_passes_with_the_dice_so_the_first_player_changes_every_turn() -> None:
    state = start(3)
    state, events = play(
        state, *(Pick(n, state.seats[i].belt[0]) for i, n in enumerate(state.names))
    )
    assert of_kind(events, BeltsPassed) == [BeltsPassed("Ben")]
    state = reroll_same(state)
    assert state.names[state.current] == "Ben" and state.turn == 2


def test_belts_pass_to_the_left_neighbour() -> None:
    state = start(3, [MAKI3, MAKI2], [SQUID, EGG], [TEMPURA, SALMON])
    state = pick(pick(pick(state, MAKI3), SQUID), TEMPURA)
    assert MAKI2 in state.seats[1].belt  # Ann's belt went to Ben
    assert EGG in state.seats[2].belt  # Ben's to Cat
    assert SALMON in state.seats[0].belt  # Cat's to Ann


def test_a_pick_must_be_a_die_on_ones_own_belt() -> None:
    state = start(2, [MAKI3], [SQUID])
    refused(state, Pick("Ann", SQUID), "Ann's belt has no Nigiri die showing Squid")


# ------------------------------------------------------------------------------ Menu tokens


def test_a_menu_token_rerolls_chosen_dice_of_ones_own_belt_and_returns_to_the_supply() -> None:
    state = start(2, [MAKI3, MAKI1, EGG])
    supply = state.supply.menu
    state, _ = play(state, UseMenu("Ann", (MAKI1, EGG)))
    assert state.phase is Phase.REROLL and state.reroll == (MAKI1, EGG)
    assert state.seats[0].menu == 2 and state.supply.menu == supply + 1
    refused(state, Pick("Ann", MAKI3), "a pick is not expected now", "re-rolled dice")
    refused(state, Roll("Ann", (MAKI2, MAKI2)), "re-rolls 1 Maki, 1 Nigiri dice")
    refused(state, Roll("Ben", (MAKI2, SQUID)), "Ann is re-rolling")
    before = state.seats[0].belt
    state, _ = play(state, Roll("Ann", (SQUID, MAKI2)))
    belt = state.seats[0].belt
    assert state.phase is Phase.PICK
    assert belt.count(EGG) == before.count(EGG) - 1 and belt.count(MAKI1) == before.count(MAKI1) - 1
    assert belt.count(SQUID) == before.count(SQUID) + 1 and MAKI3 in belt


def test_a_menu_token_is_needed_and_rerolls_only_own_dice() -> None:
    state = start(2, [MAKI3], [SQUID])
    refused(state, UseMenu("Ann", (SQUID,)), "only dice of Ann's own belt")
    refused(state, UseMenu("Ann", ()), "at least one die")
    broke = evolve(state, seats=(evolve(state.seats[0], menu=0), state.seats[1]))
    refused(broke, UseMenu("Ann", (MAKI3,)), "Ann has no Menu token left")


def test_tokens_may_be_used_several_times_in_any_order_while_the_player_has_them() -> None:
    state = start(2, [MAKI1, DUMPLING], [SQUID, MAKI3])
    state, _ = play(
        state,
        UseMenu("Ann", (MAKI1,)),
        Roll("Ann", (MAKI2,)),
        UseChopsticks("Ann", MAKI2, "Ben", SQUID),
        UseMenu("Ann", (DUMPLING,)),
        Roll("Ann", (TEMPURA,)),
        UseChopsticks("Ann", TEMPURA, "Ben", MAKI3),
        UseMenu("Ann", (SQUID,)),
        Roll("Ann", (SALMON,)),
    )
    ann = state.seats[0]
    assert (ann.menu, ann.chopsticks) == (0, 0)
    assert SALMON in ann.belt and MAKI3 in ann.belt
    refused(state, UseMenu("Ann", (SALMON,)), "no Menu token left")
    refused(state, UseChopsticks("Ann", SALMON, "Ben", MAKI2), "no Chopsticks token left")
    state = pick(state, MAKI3)
    assert state.names[state.current] == "Ben"


# ------------------------------------------------------------------------------ Chopsticks


def test_chopsticks_swap_one_die_with_another_belt_faces_unchanged() -> None:
    state = start(3, [MAKI1], [], [SQUID])
    supply = state.supply.chopsticks
    state, _ = play(state, UseChopsticks("Ann", MAKI1, "Cat", SQUID))
    assert SQUID in state.seats[0].belt and MAKI1 in state.seats[2].belt
    assert state.seats[0].chopsticks == 1 and state.supply.chopsticks == supply + 1
    assert state.phase is Phase.PICK and state.names[state.current] == "Ann"


def test_chopsticks_never_touch_a_tray_nor_ones_own_belt() -> None:
    state = start(2, [MAKI1, MAKI2], [SQUID])
    state = pick(state, MAKI2)
    state = pick(state, SQUID)
    state = reroll_same(state)  # Ben now holds Ann's old belt; Ann holds Ben's
    assert state.names[state.current] == "Ben"
    give = state.seats[1].belt[0]
    refused(state, UseChopsticks("Ben", give, "Ann", SQUID), "never swapped")
    refused(state, UseChopsticks("Ben", give, "Ben", give), "another player's belt")
    refused(state, UseChopsticks("Ben", TEMPURA, "Ann", state.seats[0].belt[0]), "no Appetizer")


def test_chopsticks_may_take_from_a_belt_whose_player_has_played_this_turn() -> None:
    state = start(2, [MAKI1, MAKI2], [SQUID])
    state = pick(state, MAKI1)
    state, _ = play(state, UseChopsticks("Ben", SQUID, "Ann", MAKI2))
    assert MAKI2 in state.seats[1].belt


# ------------------------------------------------------------------------------ wasabi


def test_a_nigiri_goes_on_a_free_wasabi_one_per_wasabi() -> None:
    state = start(2, [WASABI, SQUID, SALMON])
    state = pick(pick(state, WASABI))
    state = pick(pick(reroll_same(state)))  # Ben first this turn
    seat = state.seats[0]
    # Ann's own belt went to Ben: give her nigiri back with a fresh belt instead.
    state = evolve(
        state, seats=(evolve(seat, belt=(SQUID, SALMON, *seat.belt[2:])), state.seats[1])
    )
    state = reroll_same(state)
    assert state.names[state.current] == "Ann"
    state, events = play(state, Pick("Ann", SQUID))
    assert of_kind(events, DiePicked)[0].on_wasabi is True
    tray = state.seats[0].tray
    assert tray[0].covered and tray[-1].on_wasabi


def test_a_wasabi_taken_later_does_not_go_under_an_earlier_nigiri() -> None:
    state = start(2, [SQUID], [])
    state, events = play(state, Pick("Ann", SQUID))
    assert of_kind(events, DiePicked)[0].on_wasabi is False
    state = pick(state)
    state = reroll_same(state)
    state = pick(state)  # Ben
    ann = state.seats[0]
    state = evolve(state, seats=(evolve(ann, belt=(WASABI, *ann.belt[1:])), state.seats[1]))
    state, _ = play(state, Pick("Ann", WASABI))
    tray = state.seats[0].tray
    assert not tray[0].on_wasabi and not tray[-1].covered


def test_the_second_nigiri_on_one_wasabi_stays_plain_and_the_score_follows() -> None:
    state = start(2, [WASABI, SQUID, SALMON], [MAKI1])
    for reading in (WASABI, SQUID, SALMON):
        seat = state.seats[0]
        state = evolve(state, seats=(evolve(seat, belt=(reading, *seat.belt)), state.seats[1]))
        if state.names[state.current] == "Ben":
            state = pick(state)
        state = pick(state, reading)
        if state.phase is Phase.PICK:
            state = pick(state)
        state = reroll_same(state)
    flags = [(p.die, p.on_wasabi, p.covered) for p in state.seats[0].tray]
    assert flags == [(WASABI, False, True), (SQUID, True, False), (SALMON, False, False)]
    from companion.games.sushi_roll.view import live

    lines = live(state)
    assert lines is not None
    nigiri = sum(x["points"] for x in lines[0] if x["rule"].startswith("nigiri"))
    assert nigiri == 9 + 2


# ------------------------------------------------------------------------------ tokens


def test_a_menu_or_chopsticks_die_gives_that_many_tokens_at_once() -> None:
    state = start(2, [MENU2], [CHOP1])
    state, events = play(state, Pick("Ann", MENU2))
    assert state.seats[0].menu == 5
    assert of_kind(events, TokensTaken) == [TokensTaken("Ann", "menu", 2, 2)]
    state, _ = play(state, Pick("Ben", CHOP1))
    assert state.seats[1].chopsticks == 3


def test_a_dessert_die_gives_dessert_tokens_worth_its_desserts_in_1s_and_3s() -> None:
    state = start(2, [DESSERT3], [DESSERT2])
    state = pick(pick(state, DESSERT3), DESSERT2)
    assert (state.seats[0].desserts, state.seats[1].desserts) == (3, 2)
    assert (state.supply.threes, state.supply.ones) == (5, 12)


def test_when_the_supply_runs_out_the_player_takes_what_is_left_or_nothing() -> None:
    state = start(5, [MENU2], [MENU2], [MENU1])
    assert state.supply.menu == 3  # 18 - 5 x 3
    state, events = play(state, Pick("Ann", MENU2), Pick("Ben", MENU2))
    assert [(e.shown, e.got) for e in of_kind(events, TokensTaken)] == [(2, 2), (2, 1)]
    state, events = play(state, Pick("Cat", MENU1))
    assert of_kind(events, TokensTaken) == [TokensTaken("Cat", "menu", 1, 0)]
    assert state.seats[2].menu == 3 and state.supply.menu == 0


def test_desserts_are_never_overpaid_when_the_supply_runs_short() -> None:
    state = start(2, [DESSERT2], [DESSERT3])
    state = evolve(state, supply=evolve(state.supply, ones=0, threes=1))
    state, events = play(state, Pick("Ann", DESSERT2), Pick("Ben", DESSERT3))
    assert [(e.shown, e.got) for e in of_kind(events, TokensTaken)] == [(2, 0), (3, 3)]


def test_spent_tokens_return_to_the_supply_and_can_be_taken_again() -> None:
    state = start(5, [MAKI1], [], [MENU2])
    state, _ = play(state, UseMenu("Ann", (MAKI1,)), Roll("Ann", (MAKI3,)))
    assert state.supply.menu == 4
    state = pick(pick(state))
    state, events = play(state, Pick("Cat", MENU2))
    assert of_kind(events, TokensTaken)[0].got == 2


# ------------------------------------------------------------------------------ round end


def test_the_round_ends_when_the_belts_are_empty_and_is_scored() -> None:
    state = start(2, [MAKI3], [MAKI1])
    state, events = finish_round(state)
    (scored,) = of_kind(events, RoundScored)
    assert scored.round == 1 and state.round == 2 and state.phase is Phase.ROLL
    assert state.round_points == (scored.points,)
    assert all(not s.belt and not s.tray for s in state.seats)
    assert all(len(t.physical()) == 8 for t in state.rounds[0])


@pytest.mark.parametrize(("n", "first"), [(2, "Ben"), (3, "Ben"), (4, "Ben"), (5, "Eve")])
def test_only_with_3_players_the_belts_rotate_at_round_end(n: int, first: str) -> None:
    state = start(n)
    state, events = finish_round(state)
    rotations = [e for e in of_kind(events, BeltsPassed) if e.round_end]
    assert len(rotations) == (1 if n == 3 else 0)
    # The red belt moved with every pass (dice per belt - 1), plus the 3-player rotation: so
    # the first player changes for the next round at every player count.
    assert state.names[state.red] == first
    belts = fill_belts(n, [])
    state, events = roll_belts(state, belts)
    assert of_kind(events, TurnStarted)[0].first == first


def test_tokens_stay_with_their_players_across_rounds() -> None:
    state = start(2, [DESSERT3, MENU1])
    state = pick(state, DESSERT3)
    state, _ = finish_round(state)
    assert state.seats[0].desserts >= 3
    assert state.rounds[0][0].desserts == state.seats[0].desserts


def test_the_game_ends_after_three_rounds() -> None:
    state = start(2)
    for _ in range(3):
        state, _events = finish_round(state)
        if state.phase is Phase.ROLL:
            state, _ = roll_belts(state, fill_belts(2, []))
    assert state.phase is Phase.OVER and GAME.is_over(state)
    refused(state, Roll("Ann", fill_belts(2, [])[0]), "not expected now", "the game is over")
