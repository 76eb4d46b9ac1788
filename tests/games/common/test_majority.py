"""Majority awards and most/fewest, table-driven; each case quotes the rule it checks."""

from __future__ import annotations

import pytest

from companion.games.common.majority import (
    COMPETITION_FULL,
    DENSE_FULL,
    SPLIT_ROUND_DOWN,
    AllTie,
    MostFewest,
    Placing,
    Ranking,
    Share,
    TiePolicy,
    majority_points,
    most_fewest,
    place_players,
)

SGP_MAKI_2_5 = (6, 3)
SGP_MAKI_6_8 = (6, 4, 2)

DENSE_FULL_CASES = [
    pytest.param(
        (5, 5, 3, 1), SGP_MAKI_2_5, (6, 6, 3, 0), id="EN example: 5, 5, 3, 1 gives 6, 6, 3, 0"
    ),
    pytest.param(
        (4, 4, 3, 3), SGP_MAKI_2_5, (6, 6, 3, 3), id="FR example: 4, 4, 3, 3 gives 6, 6, 3, 3"
    ),
    pytest.param(
        (7, 2, 0), SGP_MAKI_2_5, (6, 3, 0), id="a player needs at least 1 maki card to score"
    ),
    pytest.param(
        (3, 0, 0), SGP_MAKI_2_5, (6, 0, 0), id="players with 0 maki do not take 2nd place"
    ),
    pytest.param((0, 0, 0), SGP_MAKI_2_5, (0, 0, 0), id="nobody has maki: nobody scores"),
    pytest.param(
        (2, 2, 2), SGP_MAKI_2_5, (6, 6, 6), id="ties: every tied player gets the full points"
    ),
    pytest.param(
        (9, 6, 6, 3, 1, 1),
        SGP_MAKI_6_8,
        (6, 4, 4, 2, 0, 0),
        id="6-8p: most 6, 2nd 4, 3rd 2, ties get full points",
    ),
    pytest.param(
        (5, 5, 4, 2, 2, 1),
        SGP_MAKI_6_8,
        (6, 6, 4, 2, 2, 0),
        id="6-8p: dense ranking, third most still awarded after a tie for 1st",
    ),
]


@pytest.mark.parametrize(("counts", "awards", "points"), DENSE_FULL_CASES)
def test_sushi_go_party_dense_full(
    counts: tuple[int, ...], awards: tuple[int, ...], points: tuple[int, ...]
) -> None:
    assert majority_points(counts, awards, DENSE_FULL) == points


SPLIT_CASES = [
    pytest.param(
        (5, 3, 3, 2),
        (6, 1, 1, 0),
        id="10th example: 5, 3, 3, 2 gives 6, 1, 1, 0 (3 split, remainder dropped)",
    ),
    pytest.param((4, 4, 2), (3, 3, 0), id="tie for 1st: split 6 evenly; no 2nd place"),
    pytest.param(
        (4, 4, 4, 1), (2, 2, 2, 0), id="three tied for 1st split 6 as 2 each; no 2nd place"
    ),
    pytest.param((5, 5, 5, 5, 1), (1, 1, 1, 1, 0), id="split rounded down: 6 between 4 is 1 each"),
    pytest.param((5, 2, 2, 2), (6, 1, 1, 1), id="tie for 2nd: split 3, rounded down"),
    pytest.param(
        (5, 2, 2, 2, 2), (6, 0, 0, 0, 0), id="tie for 2nd: 3 split four ways rounds down to 0"
    ),
    pytest.param((5, 0, 0), (6, 0, 0), id="by default a player with 0 does not place"),
]


@pytest.mark.parametrize(("counts", "points"), SPLIT_CASES)
def test_sushi_go_split_round_down(counts: tuple[int, ...], points: tuple[int, ...]) -> None:
    assert majority_points(counts, (6, 3), SPLIT_ROUND_DOWN) == points


ZERO_CASES = [
    pytest.param(DENSE_FULL, (5, 0, 0), (6, 0, 0), id="SGP: needs at least 1 maki card"),
    pytest.param(
        SPLIT_ROUND_DOWN.with_zero_placing(),
        (5, 0, 0),
        (6, 1, 1),
        id="10th: no points can put you 2nd (3 split between two, rounded down)",
    ),
    pytest.param(
        SPLIT_ROUND_DOWN.with_zero_placing(),
        (0, 0),
        (3, 3),
        id="10th: nobody has futomaki, both tie for 1st with 0 and split 6",
    ),
    pytest.param(
        DENSE_FULL.with_zero_placing(),
        (3, 0, 0),
        (6, 3, 3),
        id="dense with zero placing: 0 takes 2nd place in full",
    ),
    pytest.param(
        DENSE_FULL.with_zero_placing(False),
        (3, 0, 0),
        (6, 0, 0),
        id="with_zero_placing(False) restores the need for at least one",
    ),
]


@pytest.mark.parametrize(("policy", "counts", "points"), ZERO_CASES)
def test_zero_count_option(
    policy: TiePolicy, counts: tuple[int, ...], points: tuple[int, ...]
) -> None:
    assert majority_points(counts, (6, 3), policy) == points


def test_uramaki_same_turn_exact_tie_shares_the_place_and_skips_the_next() -> None:
    # Ambiguity 21: A and B both reach 12, C reaches 11 on the same turn: 8, 8, then 2.
    assert majority_points((12, 12, 11), (8, 5, 2), COMPETITION_FULL) == (8, 8, 2)


def test_uramaki_same_turn_higher_total_wins_the_tie() -> None:
    assert majority_points((13, 11), (8, 5, 2), COMPETITION_FULL) == (8, 5)


def test_uramaki_end_of_round_zero_icons_score_nothing() -> None:
    # Ambiguity 22: at round end the most icons take the next unclaimed place; 0 icons get 0.
    assert majority_points((4, 4, 0), (2,), COMPETITION_FULL) == (2, 2, 0)
    assert majority_points((0, 0), (2,), COMPETITION_FULL) == (0, 0)


def test_no_awards_left_means_no_points() -> None:
    assert majority_points((4, 3), (), DENSE_FULL) == (0, 0)


def test_placing_explains_place_and_tie() -> None:
    assert place_players((5, 5, 3, 1), (6, 3), DENSE_FULL) == (
        Placing(place=1, tied=2, points=6),
        Placing(place=1, tied=2, points=6),
        Placing(place=2, tied=1, points=3),
        None,
    )
    assert place_players((4, 4, 2), (6, 3), SPLIT_ROUND_DOWN)[2] is None


def test_policies_are_data() -> None:
    assert TiePolicy(Ranking.DENSE, Share.FULL, zero_can_place=False) == DENSE_FULL
    assert TiePolicy(Ranking.COMPETITION, Share.SPLIT_ROUND_DOWN) == SPLIT_ROUND_DOWN


def test_negative_counts_are_refused() -> None:
    with pytest.raises(ValueError):
        majority_points((1, -1), (6, 3), DENSE_FULL)
    with pytest.raises(ValueError):
        most_fewest((1, -1), MostFewest(6, 6))


SGP_PUDDING = MostFewest(bonus=6, penalty=6)
SGP_TEMAKI = MostFewest(bonus=4, penalty=4)
SG_PUDDING = MostFewest(bonus=6, penalty=6, share=Share.SPLIT_ROUND_DOWN)

MOST_FEWEST_CASES = [
    pytest.param(
        SGP_PUDDING,
        (4, 2, 1, 1),
        (6, 0, -6, -6),
        id="SGP pudding EN: 4, 2, 1, 1 gives +6, 0, -6, -6",
    ),
    pytest.param(
        SGP_PUDDING,
        (4, 2, 0, 0),
        (6, 0, -6, -6),
        id="SGP pudding FR: fewest (0 included) 4, 2, 0, 0 gives +6, 0, -6, -6",
    ),
    pytest.param(
        SGP_TEMAKI, (3, 2, 0, 0), (4, 0, -4, -4), id="SGP temaki: 3, 2, 0, 0 gives +4, 0, -4, -4"
    ),
    pytest.param(SGP_TEMAKI, (3, 3, 1), (4, 4, -4), id="temaki ties: full points"),
    pytest.param(SGP_TEMAKI, (3, 1), (4, 0), id="temaki 2 players: no penalty"),
    pytest.param(
        SGP_PUDDING,
        (2, 2, 2),
        (0, 0, 0),
        id="D1: all players tie on puddings, nobody scores or loses",
    ),
    pytest.param(SGP_PUDDING, (0, 0), (0, 0), id="D1 at 2 players: nobody scores"),
    pytest.param(
        MostFewest(6, 6, all_tie=AllTie.LITERAL),
        (2, 2, 2),
        (0, 0, 0),
        id="literal all-tie: everyone takes +6 and -6",
    ),
    pytest.param(
        MostFewest(6, 6, all_tie=AllTie.LITERAL),
        (1, 1),
        (6, 6),
        id="literal all-tie at 2 players: +6 each and no penalty",
    ),
    pytest.param(
        SG_PUDDING,
        (4, 4, 1, 1, 1, 1),
        (3, 3, -1, -1, -1, -1),
        id="Sushi Go! pudding: most +6 and fewest -6, split rounded down",
    ),
    pytest.param(
        MostFewest(6, 6, share=Share.SPLIT_ROUND_DOWN),
        (7, 4, 0, 0),
        (6, 0, -3, -3),
        id="frozen yogurt: 7, 4, 0, 0 gives +6, 0, -3, -3",
    ),
    pytest.param(
        MostFewest(0, 6, share=Share.SPLIT_ROUND_DOWN),
        (8, 5, 3, 3),
        (0, 0, -3, -3),
        id="strawberry pudding end: no bonus for most, fewest -6 split",
    ),
    pytest.param(
        MostFewest(0, 3, share=Share.SPLIT_ROUND_DOWN, penalty_with_two=True),
        (4, 2),
        (0, -3),
        id="strawberry pudding 2p: -3",
    ),
    pytest.param(
        MostFewest(0, 3, share=Share.SPLIT_ROUND_DOWN, penalty_with_two=True),
        (2, 2),
        (0, 0),
        id="strawberry pudding 2p: no penalty if tied",
    ),
]


@pytest.mark.parametrize(("rule", "counts", "points"), MOST_FEWEST_CASES)
def test_most_fewest(rule: MostFewest, counts: tuple[int, ...], points: tuple[int, ...]) -> None:
    assert tuple(a.points for a in most_fewest(counts, rule)) == points


def test_most_fewest_keeps_bonus_and_penalty_apart() -> None:
    awards = most_fewest((1, 1), MostFewest(6, 6, all_tie=AllTie.LITERAL, penalty_with_two=True))
    assert [(a.most, a.fewest) for a in awards] == [(6, -6), (6, -6)]
    assert most_fewest((), SGP_PUDDING) == ()
