"""The scoring kit the Sushi Go titles share: nigiri on wasabi and set tables (majorities are in
``test_majority.py``)."""

from __future__ import annotations

from companion.games.base import ScoreLine
from companion.games.common.nigiri import Nigiri, nigiri_line, nigiri_lines
from companion.games.common.sets import complete_set_lines, count_points, graded_set_points

EGG = Nigiri("egg_nigiri", "Egg Nigiri", 1)
SALMON = Nigiri("salmon_nigiri", "Salmon Nigiri", 2)
SQUID = Nigiri("squid_nigiri", "Squid Nigiri", 3)
KINDS = (EGG, SALMON, SQUID)


def test_a_nigiri_scores_its_value_and_three_times_it_on_a_wasabi() -> None:
    assert nigiri_line(SQUID, 2, False) == ScoreLine(
        "nigiri", 6, "squid_nigiri", "2 x Squid Nigiri, 3 each"
    )
    assert nigiri_line(SQUID, 2, True) == ScoreLine(
        "nigiri on wasabi", 18, "squid_nigiri", "2 x Squid Nigiri on wasabi, 3 x 3 = 9 each"
    )


def test_the_words_of_a_title_go_into_the_detail() -> None:
    salmon = Nigiri("salmon", "salmon nigiri", 2)
    line = nigiri_line(salmon, 1, True, wasabi="a wasabi")
    assert line.detail == "1 x salmon nigiri on a wasabi, 2 x 3 = 6 each"
    copied = nigiri_line(EGG, 1, False, as_what="special order as ")
    assert copied.detail == "1 x special order as Egg Nigiri, 1 each"


def test_nigiri_lines_go_kind_by_kind_plain_first_then_the_empty_wasabi() -> None:
    lines = nigiri_lines(KINDS, {"squid_nigiri": 1, "egg_nigiri": 2}, {"egg_nigiri": 1}, 1)
    assert [(x.rule, x.points, x.card) for x in lines] == [
        ("nigiri", 2, "egg_nigiri"),
        ("nigiri on wasabi", 3, "egg_nigiri"),
        ("nigiri", 3, "squid_nigiri"),
        ("wasabi", 0, "wasabi"),
    ]
    assert lines[-1].detail == "1 wasabi with no nigiri"


def test_a_wasabi_with_no_nigiri_scores_nothing_and_no_line_when_all_are_covered() -> None:
    assert nigiri_lines(KINDS, {}, {}, 2)[0].detail == "2 wasabis with no nigiri"
    assert nigiri_lines(KINDS, {}, {"salmon_nigiri": 1}, 0) == [nigiri_line(SALMON, 1, True)]


def test_only_complete_sets_score_and_the_rest_is_said_to_score_nothing() -> None:
    assert complete_set_lines("sashimi", 7, 3, 10, "set") == (
        ScoreLine("sashimi", 20, "sashimi", "2 sets of 3 x 10"),
        ScoreLine("sashimi", 0, "sashimi", "1 sashimi left out of a set of 3"),
    )
    assert complete_set_lines("tempura", 0, 2, 5, "pair") == ()
    (line,) = complete_set_lines("green_tea_ice_cream", 4, 4, 12, "set")
    assert (line.rule, line.points) == ("green tea ice cream", 12)


def test_a_count_table_gives_its_last_entry_for_that_many_or_more() -> None:
    dumplings = (0, 1, 3, 6, 10, 15)
    assert [count_points(dumplings, n) for n in (0, 1, 4, 5, 9)] == [0, 1, 10, 15, 15]


def test_graded_sets_repeat_for_each_further_set_the_last_one_partial() -> None:
    tempura = (0, 1, 5, 10)  # Sushi Roll: a set of 1, 2 or 3 icons
    assert graded_set_points(tempura, 4) == 10 + 1
    assert graded_set_points(tempura, 6) == 20
    assert graded_set_points(tempura, 2) == 5
