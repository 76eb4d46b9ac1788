"""The worked examples of the rulebook (seed 004, "Les points" and "Fin du jeu") and the scoring
tables around them."""

from __future__ import annotations

from companion.games.base import ScoreLine
from companion.games.sushi_roll import GAME
from companion.games.sushi_roll.dice import Symbol
from companion.games.sushi_roll.scoring import end_lines, round_lines, set_line
from companion.games.sushi_roll.tray import Tray

from .helpers import (
    CHOP1,
    DESSERT1,
    DUMPLING,
    EGG,
    MAKI1,
    MAKI2,
    MAKI3,
    MENU1,
    SALMON,
    SASHIMI,
    SQUID,
    TEMPURA,
    WASABI,
    players,
)


def total(lines: list[ScoreLine], rule: str = "") -> int:
    return sum(line.points for line in lines if line.rule.startswith(rule))


def test_four_tempura_and_two_sashimi_score_17() -> None:
    (lines,) = round_lines([Tray(dice=(TEMPURA,) * 4 + (SASHIMI,) * 2)])
    assert total(lines, "tempura") == 10 + 1
    assert total(lines, "sashimi") == 6
    assert total(lines) == 17


def test_maki_4_4_3_3_score_6_6_3_3_full_points_to_ties() -> None:
    trays = [
        Tray(dice=(MAKI3, MAKI1)),
        Tray(dice=(MAKI2, MAKI2)),
        Tray(dice=(MAKI3,)),
        Tray(dice=(MAKI1, MAKI1, MAKI1)),
    ]
    assert [total(lines, "maki") for lines in round_lines(trays)] == [6, 6, 3, 3]


def test_maki_second_place_needs_at_least_one_icon() -> None:
    trays = [Tray(dice=(MAKI3,)), Tray(dice=(TEMPURA,)), Tray(dice=(EGG,))]
    assert [total(lines, "maki") for lines in round_lines(trays)] == [6, 0, 0]


def test_maki_second_place_after_a_single_first() -> None:
    trays = [Tray(dice=(MAKI3,)), Tray(dice=(MAKI2,)), Tray(dice=(MAKI2,)), Tray(dice=(MAKI1,))]
    assert [total(lines, "maki") for lines in round_lines(trays)] == [6, 3, 3, 0]


def test_desserts_5_5_0_0_give_plus_6_plus_6_minus_6_minus_6() -> None:
    last = [Tray(desserts=5), Tray(desserts=0), Tray(desserts=5), Tray(desserts=0)]
    got = [total(lines, "desserts") for lines in end_lines(last)]
    assert got == [6, -6, 6, -6]


def test_desserts_with_two_players_the_fewest_lose_nothing() -> None:
    got = [total(lines, "desserts") for lines in end_lines([Tray(desserts=4), Tray(desserts=1)])]
    assert got == [6, 0]


def test_desserts_when_every_player_ties_nobody_gains_or_loses() -> None:
    got = [total(lines, "desserts") for lines in end_lines([Tray(desserts=3)] * 3)]
    assert got == [0, 0, 0]


def test_one_point_per_two_leftover_menu_or_chopsticks_tokens_in_any_mix() -> None:
    last = [Tray(menu=3, chopsticks=2), Tray(menu=0, chopsticks=3), Tray(menu=1, chopsticks=0)]
    assert [total(lines, "leftover") for lines in end_lines(last)] == [2, 1, 0]


def test_nigiri_score_1_2_3_and_triple_on_a_wasabi() -> None:
    (lines,) = round_lines([Tray(dice=(EGG, SALMON, WASABI, WASABI), on_wasabi=(SQUID,))])
    assert total(lines, "nigiri on wasabi") == 9
    assert total(lines, "nigiri") == 1 + 2 + 9
    wasabi = [line for line in lines if line.rule == "wasabi"]
    assert [(w.points, w.detail) for w in wasabi] == [(0, "1 wasabi with no nigiri")]


def test_appetizer_sets_repeat_for_every_further_set_of_up_to_three() -> None:
    assert set_line(Symbol.DUMPLING, 7).points == 8 + 8 + 2
    assert set_line(Symbol.DUMPLING, 5).points == 8 + 4
    assert set_line(Symbol.TEMPURA, 2).points == 5
    assert set_line(Symbol.SASHIMI, 1).points == 0
    assert set_line(Symbol.SASHIMI, 6).points == 26
    assert "2 sets of 3 x 8 + a set of 1 = 2" in set_line(Symbol.DUMPLING, 7).detail


def test_token_dice_score_nothing_on_the_tray() -> None:
    (lines,) = round_lines([Tray(dice=(MENU1, CHOP1, DESSERT1, DUMPLING))])
    assert total(lines) == 2
    assert {line.rule for line in lines if line.points == 0} == {"menu", "chopsticks", "dessert"}


def test_a_tie_for_the_win_goes_to_the_most_desserts() -> None:
    base = [DUMPLING] * 3 + [TEMPURA] * 2 + [MAKI3]
    plain = {"dice": [*base, EGG, EGG], "desserts": 0, "menu": 3, "chopsticks": 2}
    ann = {"dice": [*base, SQUID, SQUID], "desserts": 0, "menu": 3, "chopsticks": 2}
    ben = {"dice": [*base, DESSERT1, MENU1], "desserts": 1, "menu": 3, "chopsticks": 2}
    sheet = GAME.score_final(
        players(2), {}, {"rounds": [[plain, plain], [plain, plain], [ann, ben]]}
    )
    totals = {p.player: p.total for p in sheet.players}
    assert totals["Ann"] == totals["Ben"]  # Ann's two squid (6) against Ben's most desserts (6)
    assert [(r["rank"], r["name"]) for r in sheet.ranking()] == [(1, "Ben"), (2, "Ann")]
    tied = GAME.score_final(players(2), {}, {"rounds": [[plain, plain]] * 3})
    assert [r["rank"] for r in tied.ranking()] == [1, 1]
