"""The variants of SEED2 ("Inne opcje rozgrywki": one at a time), the 2-player rule and the
original edition: each changes only what it says."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import IllegalAction, PlayerSpec, UnreadableInput
from companion.games.sushi_go import GAME
from companion.games.sushi_go.actions import Deal, Reveal
from companion.games.sushi_go.events import GameOver, RoundStarted, TurnEnded
from companion.games.sushi_go.options import rules_from_options
from companion.games.sushi_go.scoring import game_lines, sheet_of
from companion.games.sushi_go.tableau import Tableau

from .helpers import (
    enter,
    fill_rounds,
    finish_round,
    new_game,
    of_kind,
    play,
    players,
    points,
    random_game,
    refused,
    rescored,
    take,
    turn,
)

# ------------------------------------------------------------------------------ setup


@pytest.mark.parametrize("variant", ["personal_draw_piles", "sushi_battle", "dummy_player"])
def test_the_two_player_variants_are_for_two_players(variant: str) -> None:
    with pytest.raises(IllegalAction, match="is for 2 players, not 3"):
        GAME.setup(players(3), {"variant": variant})


def test_must_have_futomaki_is_a_two_player_rule() -> None:
    with pytest.raises(IllegalAction, match="for 2 players"):
        GAME.setup(players(3), {"must_have_futomaki": True})
    GAME.setup(players(2), {"must_have_futomaki": True, "variant": "dummy_player"})


def test_the_alternative_desserts_come_with_the_10th_anniversary_edition() -> None:
    with pytest.raises(IllegalAction, match="come with the 10th anniversary"):
        GAME.setup(players(3), {"edition": "2013", "dessert": "mochi"})


def test_variants_cannot_be_combined_one_option_holds_one_variant() -> None:
    with pytest.raises(UnreadableInput):
        GAME.setup(players(2), {"variant": ["sushi_golf", "two_way_road"]})


# ------------------------------------------------------------------------------ sushi golf


def test_sushi_golf_the_lowest_total_wins_and_only_the_ranking_changes() -> None:
    normal, _ = random_game({}, 4, seed=7)
    golf, _ = random_game({"variant": "sushi_golf"}, 4, seed=7)
    assert golf.rounds == normal.rounds  # the same play, the same points
    a, b = GAME.score(normal).to_json(), GAME.score(golf).to_json()
    assert a["players"] == b["players"] and b["lowest_wins"] is True
    assert [r["total"] for r in a["ranking"]] == sorted(p["total"] for p in a["players"])[::-1]
    assert [r["total"] for r in b["ranking"]] == sorted(p["total"] for p in b["players"])


def test_sushi_golf_game_over_names_the_lowest_as_winner() -> None:
    _, actions = random_game({"variant": "sushi_golf"}, 3, seed=11)
    start = GAME.setup(players(3), {"variant": "sushi_golf", "mode": "simulation"})
    state, events = play(start, *actions)
    over = of_kind(events, GameOver)[0]
    low = min(over.totals)
    assert over.winners == tuple(
        n for n, t in zip(state.names, over.totals, strict=False) if t == low
    )


# ------------------------------------------------------------------------------ tie for the win


def tied_sheet(**options: Any) -> dict[str, Any]:
    """A 2-player game where Ann (2 puddings: +6) and Ben (1 pudding, 6 in nigiri) tie on 6."""
    rules = rules_from_options(GAME.info.resolve_options(options), 2)
    dessert = "pudding" if rules.edition.id == "2013" else "old_fashioned_pudding"
    rounds = [
        (Tableau((dessert, dessert)), Tableau((dessert, "salmon_nigiri"))),
        (Tableau(), Tableau(("squid_nigiri", "egg_nigiri"))),
        (Tableau(), Tableau()),
    ]
    return sheet_of(rules, ("Ann", "Ben"), game_lines(rules, rounds), rounds).to_json()


def test_2013_a_tie_for_the_win_goes_to_the_most_pudding_cards() -> None:
    sheet = tied_sheet(edition="2013")
    assert [p["total"] for p in sheet["players"]] == [6, 6]
    assert [p["tiebreak"] for p in sheet["players"]] == [[2], [1]]
    assert sheet["players"][0]["tiebreak_label"] == "pudding cards"
    assert [(r["name"], r["rank"]) for r in sheet["ranking"]] == [("Ann", 1), ("Ben", 2)]


def test_2013_golf_the_lowest_total_first_and_the_pudding_tie_break_keeps_its_direction() -> None:
    sheet = tied_sheet(edition="2013", variant="sushi_golf")
    assert [(r["name"], r["rank"]) for r in sheet["ranking"]] == [("Ann", 1), ("Ben", 2)]


def test_10th_anniversary_has_no_tie_break_so_tied_players_share_the_place() -> None:
    sheet = tied_sheet(dessert="old_fashioned_pudding")
    assert sheet["players"][0]["total"] == sheet["players"][1]["total"]
    assert sheet["players"][0]["tiebreak"] == []
    assert [r["rank"] for r in sheet["ranking"]] == [1, 1]


# ------------------------------------------------------------------------------ personal draw piles


def test_personal_draw_piles_deal_a_hand_and_a_pile_of_5_each_and_draw_after_passing() -> None:
    state = new_game(2, mode="simulation", variant="personal_draw_piles")
    hands = (*["tempura"] * 5, *["sashimi"] * 5)
    piles = (*["gyoza"] * 5, *["salmon_nigiri"] * 5)
    refused(state, Deal(hands=hands + piles), "10 in piles")
    state, _ = play(state, Deal(hands=hands, piles=piles))
    assert state.seats[0].hand == ("tempura",) * 5 and state.seats[0].pile == ("gyoza",) * 5
    state, events = turn(state, "tempura", "sashimi")
    assert of_kind(events, TurnEnded)[0].passed == "swap"
    assert sorted(state.seats[0].hand) == ["gyoza", *["sashimi"] * 4]  # Ben's 4, then her pile
    assert sorted(state.seats[1].hand) == ["salmon_nigiri", *["tempura"] * 4]


def test_personal_draw_piles_ten_turns_with_5_cards_to_choose_from_then_fewer() -> None:
    state = new_game(2, variant="personal_draw_piles")
    sizes = []
    while state.round == 1:
        sizes.append(state.hand_size(0))
        state, _ = turn(
            state,
            "tempura" if state.turn < 8 else "gyoza",
            "sashimi" if state.turn < 8 else "salmon_nigiri",
        )
    assert sizes == [5, 5, 5, 5, 5, 5, 4, 3, 2, 1]
    assert all(len(t.physical()) == 10 for t in state.rounds[0])


# ------------------------------------------------------------------------------ sushi battle


def test_sushi_battle_players_take_one_card_in_turn_from_the_pyramid_of_20() -> None:
    state = new_game(2, variant="sushi_battle")
    refused(state, Reveal("Ben", "tempura"), "it is Ann's turn")
    state, events = play(state, Reveal("Ann", "tempura"))
    assert of_kind(events, TurnEnded)[0].passed == ""
    refused(state, Reveal("Ann", "tempura"), "it is Ben's turn")
    state, _ = finish_round(state)
    assert all(len(t.physical()) == 10 for t in state.rounds[0])


def test_sushi_battle_the_player_with_fewer_points_starts_the_next_round() -> None:
    state = new_game(2, variant="sushi_battle")
    state, _ = play(state, Reveal("Ann", "wasabi"), Reveal("Ben", "tempura"))
    state, events = finish_round(state, ("squid_nigiri", "egg_nigiri", "chopsticks", "sashimi"))
    ann, ben = state.round_points[0]
    assert ann != ben
    starts = of_kind(events, RoundStarted)[0].starts
    assert starts == ("Ann" if ann < ben else "Ben")
    assert state.names[state.mover] == starts


def test_sushi_battle_on_a_tie_the_player_who_did_not_start_starts_the_next_round() -> None:
    state = new_game(2, variant="sushi_battle")
    state, events = finish_round(state, ("tempura", "sashimi"))  # 5 x 2 pairs... equal
    assert state.round_points[0][0] == state.round_points[0][1]
    assert of_kind(events, RoundStarted)[0].starts == "Ben"


def test_sushi_battle_used_chopsticks_go_back_into_the_pyramid() -> None:
    state = new_game(2, mode="simulation", variant="sushi_battle")
    pool = (*["gyoza"] * 9, *["sashimi"] * 5, "chopsticks", "tempura", "tempura", *["sashimi"] * 3)
    state, _ = play(state, Deal(pool=pool))
    # the bottom row (places 15-20): chopsticks, tempura, tempura, sashimi x 3
    state, _ = play(state, take("Ann", "chopsticks", (5, 1)), take("Ben", "sashimi", (5, 4)))
    state, _ = play(state, take("Ann", "tempura", (5, 2), "tempura", (5, 3)))
    assert len([c for c in state.pool if c]) == 17
    assert state.pool[14:17] == ("", "", "chopsticks")  # the second card's place (see pyramid)


# ------------------------------------------------------------------------------ dummy player


def test_dummy_the_controller_plays_one_card_for_themselves_and_one_for_the_dummy() -> None:
    state = new_game(2, variant="dummy_player")
    assert state.names == ("Ann", "Ben", "Dummy")
    refused(state, Reveal("Ann", "tempura"), "controls the dummy this turn")
    refused(state, Reveal("Ben", "tempura", dummy_card="gyoza"), "does not control the dummy")
    refused(state, Reveal("Dummy", "tempura"), "the dummy does not reveal")
    state, _ = play(state, Reveal("Ann", "tempura", dummy_card="gyoza"), Reveal("Ben", "sashimi"))
    assert [p.card for p in state.seats[2].table] == ["gyoza"]
    assert state.names[state.mover] == "Ben"  # control passes every turn
    state, _ = finish_round(state)
    assert [len(t.physical()) for t in state.rounds[0]] == [9, 9, 9]
    assert state.names[state.mover] == "Ben"  # 9 turns: Ben starts round 2


def test_dummy_simulation_the_controller_draws_the_dummy_pile_top_card() -> None:
    state = new_game(2, mode="simulation", variant="dummy_player")
    hands = (*["tempura"] * 9, *["sashimi"] * 9)
    state, _ = play(state, Deal(hands=hands, piles=("squid_nigiri", *["gyoza"] * 8)))
    assert state.seats[0].hand.count("squid_nigiri") == 1 and len(state.seats[0].hand) == 10
    assert len(state.seats[2].pile) == 8


def test_dummy_is_a_third_table_for_desserts_so_the_two_player_clauses_do_not_apply() -> None:
    """The variant says "licząc punkty zgodnie ze standardowymi zasadami" (ruling G13)."""
    state = new_game(2, mode="scoring", variant="dummy_player", dessert="old_fashioned_pudding")
    ofp = "old_fashioned_pudding"
    wanted = [[[ofp], [], [ofp]], [[ofp], [], []], [[], [], []]]
    for tables in fill_rounds(wanted, 9):
        for name, cards in zip(state.names, tables, strict=True):
            state = enter(state, name, *cards)
    sheet = GAME.score(state)
    assert points(sheet, "Ann", "old-fashioned pudding") == 6
    assert points(sheet, "Ben", "old-fashioned pudding") == -6  # lost with 3 tables
    assert [p.player for p in sheet.players] == ["Ann", "Ben"]  # the dummy is not ranked
    view = GAME.view(state, None)
    assert view["dummy"]["name"] == "Dummy" and view["dummy"]["total"] == sum(
        line["points"] for line in view["dummy"]["breakdown"]
    )


def test_a_player_cannot_be_called_dummy_in_the_dummy_variant() -> None:
    with pytest.raises(IllegalAction, match="called Dummy"):
        GAME.setup([PlayerSpec("Dummy"), PlayerSpec("Ann")], {"variant": "dummy_player"})


def test_every_variant_scores_the_same_from_its_record() -> None:
    for variant in ("two_way_road", "personal_draw_piles", "sushi_battle", "dummy_player"):
        state, _ = random_game({"variant": variant}, 2, seed=3)
        again = rescored(players(2), {"variant": variant}, state)
        assert again.to_json() == GAME.score(state).to_json()
