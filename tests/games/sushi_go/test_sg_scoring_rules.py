"""Every scoring rule of Sushi Go! line by line (REFERENCE 2, SEED2; the 2013 edition where it
differs): the exact points, card and sentence of each line, the set boundaries, the futomaki
places with their ties and splits, the lead token, the desserts kept, a whole game's lines and
the sheet (tie-break, sushi golf).
"""

from __future__ import annotations

from typing import Any

from companion.games.base import ScoreLine
from companion.games.sushi_go import GAME
from companion.games.sushi_go.options import Rules, rules_from_options
from companion.games.sushi_go.scoring import (
    GolfScoreSheet,
    game_lines,
    kept_desserts,
    roll_icons,
    round_lines,
    round_points,
    score_game,
    sheet_of,
)
from companion.games.sushi_go.tableau import Tableau

from .helpers import fill_rounds


def rules_for(n: int, **options: Any) -> Rules:
    return rules_from_options(GAME.info.resolve_options(options), n)


def lines_of(*cards: str, **fields: Any) -> list[ScoreLine]:
    """The lines of one table holding ``cards`` beside an empty table, less the futomaki line
    when it holds no futomaki (two tables with no icons share the 6: see the futomaki tests)."""
    got = round_lines(rules_for(2), [Tableau(tuple(cards), **fields), Tableau()])[0]
    if any(c.startswith("futomaki") for c in cards):
        return got
    return [x for x in got if x.rule != "futomaki"]


def line(rule: str, points: int, card: str, detail: str) -> ScoreLine:
    return ScoreLine(rule, points, card, detail)


# ------------------------------------------------------------------------------ nigiri, wasabi


def test_each_nigiri_scores_its_face_egg_one_salmon_two_squid_three() -> None:
    assert lines_of("squid_nigiri", "egg_nigiri", "salmon_nigiri", "egg_nigiri") == [
        line("nigiri", 2, "egg_nigiri", "2 x Egg Nigiri, 1 each"),
        line("nigiri", 2, "salmon_nigiri", "1 x Salmon Nigiri, 2 each"),
        line("nigiri", 3, "squid_nigiri", "1 x Squid Nigiri, 3 each"),
    ]


def test_a_nigiri_on_a_wasabi_scores_triple_and_its_line_follows_the_plain_ones() -> None:
    got = lines_of(
        "egg_nigiri",
        "wasabi",
        "wasabi",
        "wasabi",
        on_wasabi=("squid_nigiri", "egg_nigiri", "squid_nigiri"),
    )
    assert got == [
        line("nigiri", 1, "egg_nigiri", "1 x Egg Nigiri, 1 each"),
        line("nigiri on wasabi", 3, "egg_nigiri", "1 x Egg Nigiri on wasabi, 1 x 3 = 3 each"),
        line("nigiri on wasabi", 18, "squid_nigiri", "2 x Squid Nigiri on wasabi, 3 x 3 = 9 each"),
    ]


def test_a_salmon_on_a_wasabi_scores_six() -> None:
    assert lines_of("wasabi", on_wasabi=("salmon_nigiri",)) == [
        line("nigiri on wasabi", 6, "salmon_nigiri", "1 x Salmon Nigiri on wasabi, 2 x 3 = 6 each")
    ]


def test_a_wasabi_with_no_nigiri_scores_nothing_and_says_so_singular_and_plural() -> None:
    assert lines_of("wasabi") == [line("wasabi", 0, "wasabi", "1 wasabi with no nigiri")]
    assert lines_of("wasabi", "wasabi", "wasabi", on_wasabi=("egg_nigiri",))[1:] == [
        line("wasabi", 0, "wasabi", "2 wasabis with no nigiri")
    ]


def test_every_wasabi_holding_a_nigiri_leaves_no_empty_wasabi_line() -> None:
    got = lines_of("wasabi", "wasabi", on_wasabi=("egg_nigiri", "egg_nigiri"))
    assert [x.rule for x in got] == ["nigiri on wasabi"]


# ------------------------------------------------------------------------------ sets


def test_one_tempura_scores_nothing_and_a_pair_scores_five() -> None:
    assert lines_of("tempura") == [
        line("tempura", 0, "tempura", "1 tempura left out of a pair of 2")
    ]
    assert lines_of("tempura", "tempura") == [line("tempura", 5, "tempura", "1 pair of 2 x 5")]


def test_five_tempura_are_two_pairs_for_ten_and_one_left_out() -> None:
    assert lines_of(*["tempura"] * 5) == [
        line("tempura", 10, "tempura", "2 pairs of 2 x 5"),
        line("tempura", 0, "tempura", "1 tempura left out of a pair of 2"),
    ]


def test_two_sashimi_score_nothing() -> None:
    assert lines_of("sashimi", "sashimi") == [
        line("sashimi", 0, "sashimi", "2 sashimi left out of a set of 3")
    ]


def test_three_sashimi_score_ten_and_a_fourth_starts_a_new_set() -> None:
    assert lines_of(*["sashimi"] * 3) == [line("sashimi", 10, "sashimi", "1 set of 3 x 10")]
    assert lines_of(*["sashimi"] * 4) == [
        line("sashimi", 10, "sashimi", "1 set of 3 x 10"),
        line("sashimi", 0, "sashimi", "1 sashimi left out of a set of 3"),
    ]


def test_six_sashimi_are_two_sets_for_twenty() -> None:
    assert lines_of(*["sashimi"] * 6) == [line("sashimi", 20, "sashimi", "2 sets of 3 x 10")]


def test_a_table_with_nothing_scores_no_line_at_all() -> None:
    assert lines_of() == []


# ------------------------------------------------------------------------------ gyoza, chopsticks


def test_gyoza_score_1_3_6_10_15_and_no_more_after_five() -> None:
    for n, pts in [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 15), (7, 15)]:
        assert lines_of(*["gyoza"] * n) == [
            line("gyoza", pts, "gyoza", f"{n} gyoza (1/3/6/10/15)")
        ], n


def test_2013_dumplings_score_like_gyoza() -> None:
    rules = rules_for(2, edition="2013")
    got = round_lines(rules, [Tableau(("dumpling",) * 4), Tableau()])
    assert got[0] == [line("dumpling", 10, "dumpling", "4 dumpling (1/3/6/10/15)")]


def test_gyoza_are_not_counted_as_dumplings_in_the_10th_anniversary() -> None:
    assert [x.rule for x in lines_of("gyoza", "tempura")] == ["tempura", "gyoza"]


def test_chopsticks_score_nothing_singular_and_plural() -> None:
    assert lines_of("chopsticks") == [
        line("chopsticks", 0, "chopsticks", "1 chopsticks card scores nothing")
    ]
    assert lines_of("chopsticks", "chopsticks") == [
        line("chopsticks", 0, "chopsticks", "2 chopsticks cards score nothing")
    ]


def test_lines_come_nigiri_tempura_sashimi_gyoza_chopsticks_futomaki_lead_desserts() -> None:
    got = lines_of(
        "strawberry_pudding_1",
        "chopsticks",
        "futomaki_1",
        "gyoza",
        "sashimi",
        "tempura",
        "egg_nigiri",
        lead_takes=1,
    )
    assert [x.rule for x in got] == [
        "nigiri",
        "tempura",
        "sashimi",
        "gyoza",
        "chopsticks",
        "futomaki",
        "strawberry pudding lead",
        "strawberry pudding",
    ]


# ------------------------------------------------------------------------------ futomaki


def futomaki(rules: Rules, *tables: tuple[str, ...]) -> list[list[ScoreLine]]:
    return [
        [x for x in ls if x.rule == rules.roll_name]
        for ls in round_lines(rules, [Tableau(t) for t in tables])
    ]


def test_roll_icons_count_every_futomaki_icon() -> None:
    assert roll_icons(Tableau(("futomaki_3", "futomaki_2", "futomaki_1", "tempura"))) == 6
    assert roll_icons(Tableau(())) == 0


def test_most_futomaki_icons_score_six_and_second_most_three() -> None:
    got = futomaki(rules_for(3), ("futomaki_1",), ("futomaki_3",), ("futomaki_2",))
    assert got == [
        [line("futomaki", 0, "futomaki", "1 futomaki icon: no place (6/3)")],
        [line("futomaki", 6, "futomaki", "3 futomaki icons: the most")],
        [line("futomaki", 3, "futomaki", "2 futomaki icons: the second most")],
    ]


def test_one_icon_is_one_futomaki_icon_in_the_sentence() -> None:
    got = futomaki(rules_for(2), ("futomaki_1",), ())
    assert got[0] == [line("futomaki", 6, "futomaki", "1 futomaki icon: the most")]


def test_a_tie_for_most_splits_six_three_each_and_leaves_no_second_place() -> None:
    got = futomaki(rules_for(3), ("futomaki_2",), ("futomaki_2",), ("futomaki_1",))
    tied = "2 futomaki icons: the most, 6 split 2 ways rounded down (no second place)"
    assert got[0] == got[1] == [line("futomaki", 3, "futomaki", tied)]
    assert got[2] == [line("futomaki", 0, "futomaki", "1 futomaki icon: no place (6/3)")]


def test_three_tied_for_most_take_two_each() -> None:
    got = futomaki(rules_for(3), ("futomaki_1",), ("futomaki_1",), ("futomaki_1",))
    tied = "1 futomaki icon: the most, 6 split 3 ways rounded down (no second place)"
    assert got == [[line("futomaki", 2, "futomaki", tied)]] * 3


def test_a_tie_for_second_splits_three_rounded_down() -> None:
    got = futomaki(rules_for(3), ("futomaki_3",), ("futomaki_1",), ("futomaki_1",))
    tied = "1 futomaki icon: the second most, 3 split 2 ways rounded down"
    assert got[1] == got[2] == [line("futomaki", 1, "futomaki", tied)]


def test_10th_anniversary_a_table_with_no_icons_may_take_second_place() -> None:
    got = futomaki(rules_for(2), ("futomaki_2",), ())
    assert got[1] == [
        line(
            "futomaki",
            3,
            "futomaki",
            "0 futomaki icons: the second most (no icons can still place when nobody has more)",
        )
    ]


def test_10th_anniversary_two_tables_with_no_icons_split_second_place() -> None:
    got = futomaki(rules_for(3), ("futomaki_2",), (), ())
    rare = (
        "0 futomaki icons: the second most, 3 split 2 ways rounded down "
        "(no icons can still place when nobody has more)"
    )
    assert got[1] == got[2] == [line("futomaki", 1, "futomaki", rare)]


def test_2013_maki_a_table_with_no_icons_takes_no_place_and_gets_no_line() -> None:
    got = futomaki(rules_for(3, edition="2013"), ("maki_2",), (), ("maki_1",))
    assert got == [
        [line("maki", 6, "maki", "2 maki icons: the most")],
        [],
        [line("maki", 3, "maki", "1 maki icon: the second most")],
    ]


def test_must_have_futomaki_leaves_a_table_with_none_out_and_says_why() -> None:
    rules = rules_for(2, must_have_futomaki=True)
    got = futomaki(rules, ("futomaki_1",), ("tempura",))
    assert got == [
        [line("futomaki", 6, "futomaki", "1 futomaki icon: the most")],
        [
            line(
                "futomaki",
                0,
                "futomaki",
                "no futomaki: left out of the futomaki scoring (must have futomaki)",
            )
        ],
    ]


def test_2013_nobody_with_maki_gives_no_maki_lines() -> None:
    assert futomaki(rules_for(2, edition="2013"), (), ()) == [[], []]


def test_10th_anniversary_nobody_with_futomaki_all_tie_for_most_and_split_the_six() -> None:
    """Ambiguity 30 read as written: no icons can still place when nobody has more."""
    rare = (
        "0 futomaki icons: the most, 6 split 2 ways rounded down (no second place)"
        " (no icons can still place when nobody has more)"
    )
    assert futomaki(rules_for(2), (), ()) == [[line("futomaki", 3, "futomaki", rare)]] * 2


# ------------------------------------------------------------------------------ lead, desserts


def test_each_lead_token_take_scores_two_singular_and_plural() -> None:
    assert lines_of(lead_takes=1) == [
        line(
            "strawberry pudding lead",
            2,
            "strawberry_pudding",
            "took the lead token 1 time this round, 2 each",
        )
    ]
    assert lines_of(lead_takes=3) == [
        line(
            "strawberry pudding lead",
            6,
            "strawberry_pudding",
            "took the lead token 3 times this round, 2 each",
        )
    ]


def test_dessert_cards_are_kept_to_game_end_and_score_nothing_in_the_round() -> None:
    assert lines_of("strawberry_pudding_2") == [
        line(
            "strawberry pudding",
            0,
            "strawberry_pudding",
            "1 strawberry pudding card kept to game end",
        )
    ]
    assert lines_of("strawberry_pudding_2", "strawberry_pudding_3") == [
        line(
            "strawberry pudding",
            0,
            "strawberry_pudding",
            "2 strawberry pudding cards kept to game end",
        )
    ]


def test_an_alternative_dessert_is_named_by_its_type() -> None:
    rules = rules_for(2, dessert="old_fashioned_pudding")
    got = round_lines(rules, [Tableau(("old_fashioned_pudding",)), Tableau()])
    assert got[0][1:] == [
        line(
            "old fashioned pudding",
            0,
            "old_fashioned_pudding",
            "1 old fashioned pudding card kept to game end",
        )
    ]


def test_round_points_sum_each_tables_lines() -> None:
    rules = rules_for(3)
    tables = [
        Tableau(("sashimi",) * 3 + ("futomaki_3",), lead_takes=1),
        Tableau(("tempura", "tempura", "futomaki_1")),
        Tableau(("wasabi",), on_wasabi=("squid_nigiri",)),
    ]
    assert round_points(rules, tables) == (10 + 6 + 2, 5 + 3, 9)


# ------------------------------------------------------------------------------ the game


def ann_ben_game(**options: Any) -> tuple[Rules, list[tuple[Tableau, ...]]]:
    """Three rounds of 2 players (10 cards each): Ann keeps 2 old-fashioned puddings and makes
    a sashimi set in round 1; Ben keeps one pudding."""
    rules = rules_for(2, **options)
    d = "old_fashioned_pudding"
    wanted: list[list[tuple[str, ...]]] = [
        [("sashimi", "sashimi", "sashimi", d, d), (d,)],
        [(), ()],
        [(), ()],
    ]
    rounds = [tuple(Tableau(t) for t in r) for r in fill_rounds(wanted, 10)]
    return rules, rounds


def test_game_lines_start_with_the_round_and_the_desserts_come_at_game_end() -> None:
    rules, rounds = ann_ben_game(dessert="old_fashioned_pudding")
    ann, ben = game_lines(rules, rounds)
    assert all(x.detail.startswith("round ") for x in ann[:-1])
    assert line("sashimi", 10, "sashimi", "round 1: 1 set of 3 x 10") in ann
    assert [x.detail.split(":")[0] for x in ann if x.card == "old_fashioned_pudding"] == [
        "round 1",
        "game end",
    ]
    assert ann[-1] == line(
        "old-fashioned pudding most",
        6,
        "old_fashioned_pudding",
        "game end: 2 old-fashioned pudding cards, the most",
    )
    assert ben[-1].detail.startswith("game end: ")
    # per round the lines of round_lines, renamed
    for number, tableaux in enumerate(rounds, start=1):
        mine = [x for x in ann if x.detail.startswith(f"round {number}: ")]
        raw = round_lines(rules, tableaux)[0]
        assert [(x.rule, x.points, x.card) for x in mine] == [
            (x.rule, x.points, x.card) for x in raw
        ]
        assert [x.detail for x in mine] == [f"round {number}: {x.detail}" for x in raw]


def test_the_desserts_are_scored_only_once_the_third_round_is_in() -> None:
    rules, rounds = ann_ben_game(dessert="old_fashioned_pudding")
    two = game_lines(rules, rounds[:2])
    assert not any(x.detail.startswith("game end") for ls in two for x in ls)
    three = game_lines(rules, rounds)
    assert any(x.detail.startswith("game end") for x in three[0])


def test_kept_desserts_gathers_a_seats_desserts_over_the_rounds() -> None:
    _, rounds = ann_ben_game(dessert="old_fashioned_pudding")
    assert kept_desserts(rounds, 0) == ("old_fashioned_pudding",) * 2
    assert kept_desserts(rounds, 1) == ("old_fashioned_pudding",)
    assert kept_desserts(rounds[1:], 0) == ()


def test_score_game_ranks_the_players_on_their_totals() -> None:
    rules, rounds = ann_ben_game(dessert="old_fashioned_pudding")
    sheet = score_game(rules, ("Ann", "Ben"), rounds)
    assert type(sheet) is not GolfScoreSheet
    data = sheet.to_json()
    assert data["game"] == "sushi-go"
    totals = {p["name"]: p["total"] for p in data["players"]}
    expected = {
        name: sum(x.points for x in ls)
        for name, ls in zip(("Ann", "Ben"), game_lines(rules, rounds), strict=True)
    }
    assert totals == expected
    assert [p["tiebreak"] for p in data["players"]] == [[], []]
    assert [p["tiebreak_label"] for p in data["players"]] == ["", ""]
    assert "lowest_wins" not in data


def test_2013_the_tie_break_counts_only_pudding_cards_kept() -> None:
    rules = rules_for(2, edition="2013")
    rounds = [(Tableau(("pudding", "pudding", "tempura")), Tableau(("pudding",)))] * 3
    sheet = sheet_of(rules, ("Ann", "Ben"), [[], []], rounds)
    assert [p.tiebreak for p in sheet.players] == [(6,), (3,)]
    assert [p.tiebreak_label for p in sheet.players] == ["pudding cards"] * 2


def test_the_dummy_is_no_player_on_the_sheet() -> None:
    rules = rules_for(2, variant="dummy_player")
    rounds: list[tuple[Tableau, ...]] = [(Tableau(), Tableau(), Tableau())]
    three = [[line("x", 1, "", "")], [line("x", 2, "", "")], [line("x", 30, "", "")]]
    sheet = sheet_of(rules, ("Ann", "Ben", "Dummy"), three, rounds)
    assert [(p.player, p.total) for p in sheet.players] == [("Ann", 1), ("Ben", 2)]


def test_sushi_golf_ranks_the_lowest_total_first_and_says_so() -> None:
    rules = rules_for(3, variant="sushi_golf")
    rounds: list[tuple[Tableau, ...]] = [(Tableau(), Tableau(), Tableau())]
    lines = [[line("x", 7, "", "")], [line("x", 2, "", "")], [line("x", 5, "", "")]]
    sheet = sheet_of(rules, ("Ann", "Ben", "Cat"), lines, rounds)
    assert isinstance(sheet, GolfScoreSheet)
    assert [p.player for p in sheet.ordered()] == ["Ben", "Cat", "Ann"]
    assert sheet.to_json()["lowest_wins"] is True


def test_sushi_golf_2013_a_tie_goes_to_the_most_puddings_even_lowest_first() -> None:
    rules = rules_for(3, edition="2013", variant="sushi_golf")
    rounds = [(Tableau(("pudding",)), Tableau(("pudding", "pudding")), Tableau())]
    lines = [[line("x", 4, "", "")], [line("x", 4, "", "")], [line("x", 4, "", "")]]
    sheet = sheet_of(rules, ("Ann", "Ben", "Cat"), lines, rounds)
    assert [p.player for p in sheet.ordered()] == ["Ben", "Ann", "Cat"]
    lines[2] = [line("x", 3, "", "")]
    sheet = sheet_of(rules, ("Ann", "Ben", "Cat"), lines, rounds)
    assert [p.player for p in sheet.ordered()] == ["Cat", "Ben", "Ann"]
