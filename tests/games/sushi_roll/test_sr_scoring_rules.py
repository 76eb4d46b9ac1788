"""Every scoring rule of :mod:`companion.games.sushi_roll.scoring`, pinned line by line: the
points, the words a player reads, the order of the lines, the boundaries (a set's size, the
leftover tokens' pairs, a wasabi with or without a nigiri) and the ties (maki places, desserts
most and fewest)."""

from __future__ import annotations

import pytest

from companion.games.base import IllegalAction, ScoreLine
from companion.games.sushi_roll.dice import Symbol
from companion.games.sushi_roll.options import Mode, Rules
from companion.games.sushi_roll.scoring import (
    end_lines,
    game_lines,
    maki_icons,
    round_lines,
    round_points,
    score_game,
    set_line,
    sheet_of,
)
from companion.games.sushi_roll.tray import Tray

from .helpers import (
    CHOP1,
    CHOP2,
    DESSERT1,
    DESSERT3,
    DUMPLING,
    EGG,
    MAKI1,
    MAKI2,
    MAKI3,
    MENU2,
    SALMON,
    SASHIMI,
    SQUID,
    TEMPURA,
    WASABI,
)

TWO = Rules(players=2, belt=8, red=0, mode=Mode.SCORING)


def line(rule: str, points: int, card: str, detail: str) -> ScoreLine:
    return ScoreLine(rule, points, card, detail)


def end_points(desserts: list[int]) -> list[int]:
    """Each player's dessert points at game end."""
    got = end_lines([Tray(desserts=d) for d in desserts])
    return [sum(x.points for x in lines if x.card == "dessert") for lines in got]


# -- a round ----------------------------------------------------------------------------------


def test_a_round_lists_nigiri_then_appetizers_then_token_dice_then_maki() -> None:
    tray = Tray(
        dice=(
            *(EGG, EGG, SALMON, WASABI, WASABI, WASABI, DUMPLING, TEMPURA, SASHIMI, SASHIMI),
            *(MENU2, CHOP1, DESSERT3, MAKI3),
        ),
        on_wasabi=(SQUID, SALMON),
    )
    (lines, _other) = round_lines([tray, Tray(dice=(MAKI1,))])
    assert lines == [
        line("nigiri", 2, "egg", "2 x egg nigiri, 1 each"),
        line("nigiri", 2, "salmon", "1 x salmon nigiri, 2 each"),
        line("nigiri on wasabi", 6, "salmon", "1 x salmon nigiri on a wasabi, 2 x 3 = 6 each"),
        line("nigiri on wasabi", 9, "squid", "1 x squid nigiri on a wasabi, 3 x 3 = 9 each"),
        line("wasabi", 0, "wasabi", "1 wasabi with no nigiri"),
        line("dumpling", 2, "dumpling", "1 dumpling (2/4/8): a set of 1 = 2"),
        line("tempura", 1, "tempura", "1 tempura (1/5/10): a set of 1 = 1"),
        line("sashimi", 6, "sashimi", "2 sashimi (0/6/13): a set of 2 = 6"),
        line(
            "menu", 0, "menu", "2 menu icons on the tray: the tokens score at game end, not the die"
        ),
        line(
            "chopsticks",
            0,
            "chopsticks",
            "1 chopsticks icon on the tray: the tokens score at game end, not the die",
        ),
        line(
            "dessert",
            0,
            "dessert",
            "3 dessert icons on the tray: the tokens score at game end, not the die",
        ),
        line("maki", 6, "maki", "3 maki icons: the most"),
    ]
    assert round_points([tray, Tray(dice=(MAKI1,))]) == (2 + 2 + 6 + 9 + 2 + 1 + 6 + 6, 3)


def test_an_empty_tray_scores_nothing_and_has_no_line() -> None:
    assert round_lines([Tray(), Tray()]) == [[], []]
    assert round_points([Tray(), Tray()]) == (0, 0)


def test_nigiri_score_egg_1_salmon_2_squid_3_each() -> None:
    (lines,) = round_lines([Tray(dice=(SQUID, SQUID, SALMON, SALMON, SALMON, EGG))])
    assert lines == [
        line("nigiri", 1, "egg", "1 x egg nigiri, 1 each"),
        line("nigiri", 6, "salmon", "3 x salmon nigiri, 2 each"),
        line("nigiri", 6, "squid", "2 x squid nigiri, 3 each"),
    ]


def test_a_nigiri_on_a_wasabi_scores_three_times_its_value() -> None:
    tray = Tray(dice=(WASABI, WASABI, WASABI), on_wasabi=(SQUID, SQUID, EGG))
    (lines,) = round_lines([tray])
    assert lines == [
        line("nigiri on wasabi", 3, "egg", "1 x egg nigiri on a wasabi, 1 x 3 = 3 each"),
        line("nigiri on wasabi", 18, "squid", "2 x squid nigiri on a wasabi, 3 x 3 = 9 each"),
    ]


def test_a_wasabi_without_a_nigiri_scores_0_and_says_so_only_when_there_is_one() -> None:
    (lines,) = round_lines([Tray(dice=(WASABI, WASABI, WASABI), on_wasabi=(SALMON,))])
    assert lines[-1] == line("wasabi", 0, "wasabi", "2 wasabis with no nigiri")
    (lines,) = round_lines([Tray(dice=(WASABI,), on_wasabi=(SALMON,))])
    assert [x.rule for x in lines] == ["nigiri on wasabi"]


@pytest.mark.parametrize(
    ("symbol", "reading", "by_count"),
    [
        (Symbol.DUMPLING, DUMPLING, (2, 4, 8, 10, 12, 16, 18)),
        (Symbol.TEMPURA, TEMPURA, (1, 5, 10, 11, 15, 20, 21)),
        (Symbol.SASHIMI, SASHIMI, (0, 6, 13, 13, 19, 26, 26)),
    ],
)
def test_appetizers_score_each_set_of_up_to_three_icons_again(
    symbol: Symbol, reading: str, by_count: tuple[int, ...]
) -> None:
    for n, points in enumerate(by_count, start=1):
        assert set_line(symbol, n).points == points, n
        (lines,) = round_lines([Tray(dice=(reading,) * n)])
        assert lines == [set_line(symbol, n)]


def test_an_appetizer_line_names_its_sets() -> None:
    assert set_line(Symbol.TEMPURA, 3) == line(
        "tempura", 10, "tempura", "3 tempura (1/5/10): 1 set of 3 x 10"
    )
    assert set_line(Symbol.DUMPLING, 8) == line(
        "dumpling", 20, "dumpling", "8 dumplings (2/4/8): 2 sets of 3 x 8 + a set of 2 = 4"
    )
    assert set_line(Symbol.SASHIMI, 1) == line(
        "sashimi", 0, "sashimi", "1 sashimi (0/6/13): a set of 1 = 0"
    )


def test_the_most_maki_icons_score_6_and_the_second_most_3() -> None:
    trays = [Tray(dice=(MAKI3,)), Tray(dice=(MAKI1, MAKI1)), Tray(dice=(MAKI1,)), Tray()]
    assert round_lines(trays) == [
        [line("maki", 6, "maki", "3 maki icons: the most")],
        [line("maki", 3, "maki", "2 maki icons: the second most")],
        [line("maki", 0, "maki", "1 maki icon: no place (6/3)")],
        [],
    ]


def test_a_player_with_no_maki_place_does_not_stop_the_places_after_them() -> None:
    trays = [Tray(dice=(MAKI1,)), Tray(dice=(MAKI3,)), Tray(dice=(MAKI2,))]
    assert round_points(trays) == (0, 6, 3)


def test_maki_count_icons_not_dice() -> None:
    assert maki_icons(Tray(dice=(MAKI3, MAKI2, MAKI1, EGG))) == 6
    trays = [Tray(dice=(MAKI1, MAKI1)), Tray(dice=(MAKI3,))]
    assert round_points(trays) == (3, 6)


def test_tied_maki_players_each_take_the_full_points_and_the_next_count_is_second() -> None:
    trays = [Tray(dice=(MAKI2,)), Tray(dice=(MAKI2,)), Tray(dice=(MAKI1,)), Tray(dice=(MAKI1,))]
    assert round_lines(trays) == [
        [line("maki", 6, "maki", "2 maki icons: the most, tied with 1 more (full points)")],
        [line("maki", 6, "maki", "2 maki icons: the most, tied with 1 more (full points)")],
        [line("maki", 3, "maki", "1 maki icon: the second most, tied with 1 more (full points)")],
        [line("maki", 3, "maki", "1 maki icon: the second most, tied with 1 more (full points)")],
    ]
    three = [Tray(dice=(MAKI1,))] * 3
    assert [ls[0].detail for ls in round_lines(three)] == [
        "1 maki icon: the most, tied with 2 more (full points)"
    ] * 3


# -- the game end -----------------------------------------------------------------------------


def test_the_most_desserts_gain_6_and_the_fewest_lose_6_with_a_line_each() -> None:
    got = end_lines([Tray(desserts=5), Tray(desserts=1), Tray(desserts=3)])
    assert [lines[0] for lines in got] == [
        line("desserts most", 6, "dessert", "5 desserts"),
        line("desserts fewest", -6, "dessert", "1 dessert"),
        line("desserts", 0, "dessert", "3 desserts: neither most nor fewest"),
    ]
    assert [len(lines) for lines in got] == [2, 2, 2]


def test_no_dessert_counts_as_the_fewest() -> None:
    assert end_points([0, 2, 4]) == [-6, 0, 6]


def test_with_two_players_the_fewest_desserts_lose_nothing_and_the_line_says_why() -> None:
    got = end_lines([Tray(desserts=0), Tray(desserts=2)])
    assert got[0][0] == line("desserts", 0, "dessert", "0 desserts: nobody loses with 2 players")
    assert got[1][0] == line("desserts most", 6, "dessert", "2 desserts")


def test_tied_dessert_players_all_take_the_full_points() -> None:
    assert end_points([4, 4, 1, 1, 2]) == [6, 6, -6, -6, 0]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_when_every_player_has_as_many_desserts_nobody_gains_or_loses(players: int) -> None:
    got = end_lines([Tray(desserts=2)] * players)
    assert [lines[0] for lines in got] == [
        line("desserts", 0, "dessert", "2 desserts: every player has as many")
    ] * players


@pytest.mark.parametrize(
    ("menu", "chopsticks", "points"),
    [(0, 0, 0), (1, 0, 0), (0, 2, 1), (1, 1, 1), (2, 1, 1), (3, 1, 2), (6, 5, 5)],
)
def test_every_two_leftover_menu_or_chopsticks_tokens_score_1(
    menu: int, chopsticks: int, points: int
) -> None:
    ((_desserts, leftover),) = end_lines([Tray(menu=menu, chopsticks=chopsticks)])
    total = menu + chopsticks
    assert leftover == line(
        "leftover tokens",
        points,
        "tokens",
        f"{menu} Menu + {chopsticks} Chopsticks = {total}, 1 point per 2",
    )


# -- a game -----------------------------------------------------------------------------------


ANN = Tray(dice=(MAKI3, DUMPLING, DUMPLING, TEMPURA, TEMPURA, SALMON, CHOP2, DESSERT1), desserts=1)
BEN = Tray(dice=(MAKI1, DUMPLING, DUMPLING, TEMPURA, TEMPURA, EGG, EGG, EGG), menu=3, chopsticks=2)


def test_round_lines_start_with_their_round_and_the_game_end_comes_after_three() -> None:
    two = game_lines([[ANN, BEN], [BEN, ANN]], 2)
    assert [x.detail.split(":")[0] for x in two[0]] == ["round 1"] * 6 + ["round 2"] * 4
    assert two[0][0] == line("nigiri", 2, "salmon", "round 1: 1 x salmon nigiri, 2 each")
    three = game_lines([[ANN, BEN]] * 3, 2)
    assert three[1][-2:] == [
        line("desserts", 0, "dessert", "game end: 0 desserts: nobody loses with 2 players"),
        line("leftover tokens", 2, "tokens", "game end: 3 Menu + 2 Chopsticks = 5, 1 point per 2"),
    ]
    assert three[0][-2] == line("desserts most", 6, "dessert", "game end: 1 dessert")


def test_game_lines_need_one_tray_per_player_each_round() -> None:
    with pytest.raises(ValueError):
        game_lines([[ANN, BEN, BEN]], 2)


def test_the_sheet_breaks_a_tie_by_the_desserts_of_the_last_round() -> None:
    sheet = score_game(TWO, ("Ann", "Ben"), [[ANN, BEN]] * 3)
    data = sheet.to_json()
    assert data["game"] == "sushi-roll"
    assert [(p["name"], p["total"], p["tiebreak"]) for p in data["players"]] == [
        ("Ann", 3 * (2 + 4 + 5 + 6) + 6 + 0, [1]),
        ("Ben", 3 * (3 + 4 + 5 + 3) + 0 + 2, [0]),
    ]
    assert all(p["tiebreak_label"] == "desserts" for p in data["players"])


def test_a_sheet_before_any_round_scores_0_with_0_desserts() -> None:
    sheet = sheet_of(("Ann", "Ben"), [[], []], [])
    assert [(p.total, p.tiebreak) for p in sheet.players] == [(0, (0,)), (0, (0,))]


def test_score_game_checks_the_rounds_before_scoring() -> None:
    with pytest.raises(IllegalAction, match="Sushi Roll has 3 rounds, not 4"):
        score_game(TWO, ("Ann", "Ben"), [[ANN, BEN]] * 4)
    with pytest.raises(IllegalAction, match="Ann: 7 dice on the tray"):
        score_game(TWO, ("Ann", "Ben"), [[Tray(dice=ANN.dice[:7]), BEN]])
