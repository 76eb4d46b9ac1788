"""The strawberry pudding's lead token (SEED2 "Pudding truskawkowy"): the rule, turn by turn,
and what scoring mode asks and checks."""

from __future__ import annotations

import pytest

from companion.games.base import PlayerSpec
from companion.games.sushi_go import GAME
from companion.games.sushi_go.actions import EnterTableau, Reveal
from companion.games.sushi_go.events import LeadTaken
from companion.games.sushi_go.lead import NOBODY, UNSTATED, lead_taker, takes_possible

from .helpers import enter, finish_round, new_game, of_kind, pad, points, refused, turn

SP = "strawberry_pudding_"


# ------------------------------------------------------------------------------ the rule


def test_playing_one_and_having_strictly_the_most_takes_the_lead() -> None:
    assert lead_taker([3, 5, 1], played=[1], holder=0) == 1


def test_a_tie_for_the_most_goes_to_the_only_tied_player_who_played_one_this_turn() -> None:
    assert lead_taker([4, 4, 1], played=[1], holder=0) == 1


def test_tied_players_who_all_played_one_this_turn_take_nothing_and_the_token_stays() -> None:
    assert lead_taker([4, 4, 1], played=[0, 1], holder=2) == NOBODY
    assert lead_taker([4, 4, 4], played=[0, 1], holder=NOBODY) == NOBODY


def test_playing_one_without_reaching_the_most_takes_nothing() -> None:
    assert lead_taker([6, 4], played=[1], holder=0) == NOBODY


def test_the_holder_gains_nothing_by_leading_again() -> None:
    """SEED2: "Nie zdobywasz punktów, jeśli już masz gniotka"."""
    assert lead_taker([6, 4], played=[0], holder=0) == NOBODY


def test_a_player_with_strictly_the_most_takes_it_even_when_others_played_one() -> None:
    assert lead_taker([7, 4, 2], played=[0, 1, 2], holder=1) == 0


@pytest.mark.parametrize(
    ("takes", "start", "end", "possible"),
    [
        ((0, 0, 0), NOBODY, NOBODY, True),
        ((0, 0, 0), 1, 1, True),  # nobody took it: it stays
        ((0, 0, 0), 1, NOBODY, False),
        ((1, 0, 0), NOBODY, 0, True),
        ((1, 0, 0), 0, 0, False),  # the holder cannot take it from themselves
        ((2, 0, 0), NOBODY, 0, False),  # two takes in a row by one player
        ((2, 1, 0), NOBODY, 0, True),  # A, B, A
        ((2, 1, 0), NOBODY, 1, False),  # the last taker must hold it
        ((1, 1, 0), 2, 1, True),
        ((1, 1, 0), 2, 2, False),
    ],
)
def test_takes_entered_must_be_a_sequence_where_each_take_moves_the_token(
    takes: tuple[int, ...], start: int, end: int, possible: bool
) -> None:
    assert takes_possible(takes, start, end) is possible


# ------------------------------------------------------------------------------ turn by turn


def test_two_puddings_with_chopsticks_are_one_play_and_at_most_one_take() -> None:
    state = new_game(2)
    state, _ = turn(state, "chopsticks", "tempura")
    state, events = turn(state, Reveal("Ann", SP + "1", second=SP + "2"), "sashimi")
    assert [(e.player, e.symbols) for e in of_kind(events, LeadTaken)] == [("Ann", 3)]
    assert state.seats[0].lead_takes == 1


def test_puddings_kept_from_earlier_rounds_count_for_the_lead() -> None:
    state = new_game(2)
    state, _ = turn(state, SP + "4", "tempura")
    state, _ = finish_round(state)
    assert state.round == 2 and state.names[state.lead] == "Ann"  # the token stays with Ann
    state, events = turn(state, "tempura", SP + "3")
    assert of_kind(events, LeadTaken) == []  # Ben 3 < Ann 4
    state, events = turn(state, "tempura", SP + "1")
    assert [e.player for e in of_kind(events, LeadTaken)] == ["Ben"]  # 4 = 4, Ben played


def test_the_lead_can_change_hands_several_times_in_a_round_and_scores_2_each_time() -> None:
    state = new_game(2)
    state, _ = turn(state, SP + "1", "tempura")  # Ann
    state, _ = turn(state, "tempura", SP + "2")  # Ben
    state, _ = turn(state, SP + "1", "sashimi")  # Ann ties and played alone
    state, _ = finish_round(state)
    sheet = GAME.score(state)
    assert points(sheet, "Ann", "strawberry pudding lead") == 4
    assert points(sheet, "Ben", "strawberry pudding lead") == 2
    assert state.rounds[0][0].lead_takes == 2 and state.rounds[0][0].holds_lead


def test_lead_events_and_points_need_the_strawberry_pudding_dessert() -> None:
    state = new_game(2, dessert="old_fashioned_pudding")
    state, events = turn(state, "old_fashioned_pudding", "tempura")
    assert of_kind(events, LeadTaken) == []


# ------------------------------------------------------------------------------ scoring mode


def test_scoring_mode_asks_how_many_times_each_player_took_the_lead_and_scores_2_each() -> None:
    state = new_game(2, mode="scoring")
    state = enter(state, "Ann", *pad([SP + "1", SP + "2"], 10), lead_takes=2, holds_lead=True)
    state = enter(state, "Ben", *pad([SP + "3"], 10), lead_takes=1)
    sheet = GAME.score(state)
    assert points(sheet, "Ann", "strawberry pudding lead") == 4
    assert points(sheet, "Ben", "strawberry pudding lead") == 2
    assert state.names[state.lead] == "Ann"


def test_scoring_mode_fills_in_the_holder_when_only_one_player_took_the_lead() -> None:
    state = new_game(2, mode="scoring")
    state = enter(state, "Ann", *pad([SP + "4"], 10), lead_takes=1)
    state = enter(state, "Ben", *pad([], 10))
    assert state.names[state.lead] == "Ann" and state.rounds[0][0].holds_lead
    state = enter(state, "Ann", *pad(["gyoza"], 10))
    state = enter(state, "Ben", *pad(["gyoza"], 10))
    assert state.names[state.lead] == "Ann"  # nobody took it in round 2: it stays


def test_scoring_mode_refuses_more_takes_than_puddings_played_this_round() -> None:
    state = new_game(2, mode="scoring")
    refused(
        state,
        EnterTableau("Ann", pad([SP + "4"], 10), lead_takes=2),
        "took the lead 2 times with 1 strawberry pudding played",
    )


def test_scoring_mode_refuses_takes_that_cannot_follow_each_other() -> None:
    state = new_game(2, mode="scoring")
    state = enter(state, "Ann", *pad([SP + "1", SP + "2"], 10), lead_takes=2)
    reason = refused(state, EnterTableau("Ben", pad([], 10)), "lead token cannot go that way")
    assert "Ann 2" in reason


def test_scoring_mode_asks_who_holds_the_token_when_several_took_it() -> None:
    state = new_game(3, mode="scoring")
    state = enter(state, "Ann", *pad([SP + "1"], 9), lead_takes=1)
    state = enter(state, "Ben", *pad([SP + "2"], 9), lead_takes=1)
    refused(state, EnterTableau("Cat", pad([], 9)), "Ann and Ben took the lead", "who holds it")
    state = enter(state, "Ben", *pad([SP + "2"], 9), lead_takes=1, holds_lead=True)  # again
    state = enter(state, "Cat", *pad([], 9))
    assert state.names[state.lead] == "Ben"


def test_the_lead_token_is_only_for_the_strawberry_pudding() -> None:
    state = new_game(2, mode="scoring", dessert="mochi")
    refused(
        state, EnterTableau("Ann", pad([], 10), holds_lead=True), "only with the strawberry pudding"
    )


# ------------------------------------------------------------------------------ never assumed (G23)


def test_a_player_who_played_a_strawberry_pudding_must_be_asked_how_often_they_took_the_lead() -> (
    None
):
    """Issue 24: "nobody took the lead" was accepted silently and a player lost 2 points."""
    state = new_game(2, mode="scoring")
    reason = refused(
        state,
        EnterTableau("Ann", pad([SP + "1", SP + "2"], 10)),
        "Strawberry puddings were played this round (Ann played 2 strawberry puddings)",
        "how many times did Ann take the lead token?",
        'Choose "Never" only if Ann did not take it',
    )
    assert "1 strawberry puddings" not in reason
    single = refused(state, EnterTableau("Ben", pad([SP + "3"], 10), holds_lead=True), "lead")
    assert "Ben played a strawberry pudding)" in single


def test_never_is_an_answer_the_entry_states_and_scores_no_lead() -> None:
    state = new_game(2, mode="scoring")
    state = enter(state, "Ann", *pad([SP + "1"], 10), lead_takes=1)
    refused(state, EnterTableau("Ben", pad([SP + "2"], 10)), "how many times did Ben take")
    state = enter(state, "Ben", *pad([SP + "2"], 10), lead_takes=0)  # never: Ann had more
    sheet = GAME.score(state)
    assert points(sheet, "Ann", "strawberry pudding lead") == 2
    assert points(sheet, "Ben", "strawberry pudding lead") == 0
    assert state.rounds[0][1].lead_takes == 0


def test_the_lead_takes_are_left_unasked_only_without_a_strawberry_pudding_played() -> None:
    state = new_game(2, mode="scoring")
    unasked = EnterTableau("Ann", pad([], 10))
    assert unasked.lead_takes == UNSTATED and "lead_takes" not in unasked.to_json()
    state = enter(state, "Ann", *pad([], 10))  # no pudding: no take possible, nothing to ask
    assert state.entered[0] is not None and state.entered[0].lead_takes == 0
    refused(state, EnterTableau("Ben", pad([SP + "5"], 10)), "how many times did Ben take")


def test_an_entry_without_lead_takes_reads_as_not_answered_and_0_as_never() -> None:
    """The engine writes every field, so old logs and exported records carry ``lead_takes`` and
    read as before; only an entry that leaves it out is a question (ruling G23)."""
    cards = list(pad([SP + "4"], 10))
    old = GAME.actions.from_json(
        {"kind": "enter_tableau", "player": "Ann", "cards": cards, "lead_takes": 0}
    )
    left_out = GAME.actions.from_json({"kind": "enter_tableau", "player": "Ann", "cards": cards})
    assert isinstance(old, EnterTableau) and old.lead_takes == 0
    assert isinstance(left_out, EnterTableau) and left_out.lead_takes == UNSTATED
    assert GAME.actions.from_json(left_out.to_json()) == left_out
    state = new_game(2, mode="scoring")
    GAME.apply(state, old)
    refused(state, left_out, "how many times did Ann take the lead token?")


def test_a_final_record_without_lead_takes_keeps_its_old_meaning_never() -> None:
    """``final`` tableaux are read as before: a missing ``lead_takes`` is 0 (ruling G23)."""
    players = [PlayerSpec("Ann"), PlayerSpec("Ben")]
    final = {"rounds": [[{"cards": list(pad([SP + "4"], 10))}, {"cards": list(pad([], 10))}]]}
    sheet = GAME.score_final(players, {}, final)
    assert points(sheet, "Ann", "strawberry pudding lead") == 0
    unasked = EnterTableau("Ann", pad([SP + "4"], 10))
    refused(new_game(2, mode="scoring"), unasked, "Choose \"Never\"")
