"""Roll odds: the exact chance to reach a number within two tries with k Re-roll cards.

The golden table was produced by ``odds.py`` and is checked here against two independent
computations: the closed form ``1 - (1 - q)^2`` for k = 0 (q = chance of one roll), and a
separately written expectimax over *ordered* dice for k > 0. The exact value of a simple fixed
policy (always re-roll the lower die) must never beat the optimum.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from companion.games.sushi_express.odds import odds_table, success_chance

GOLDEN = {
    2: ("1/1", "1/1", "1/1", "1/1", "1/1"),
    3: ("1295/1296", "7775/7776", "46655/46656", "279935/279936", "1679615/1679616"),
    4: ("143/144", "3883/3888", "46645/46656", "23327/23328", "1679603/1679616"),
    5: ("35/36", "965/972", "11641/11664", "8743/8748", "419831/419904"),
    6: ("299/324", "79/81", "11567/11664", "34891/34992", "419477/419904"),
    7: ("119/144", "151/162", "1679/1728", "46079/46656", "185587/186624"),
    8: ("95/144", "2189/2592", "1597/1728", "89741/93312", "182951/186624"),
    9: ("155/324", "1363/1944", "9625/11664", "62687/69984", "43705/46656"),
    10: ("11/36", "1013/1944", "7819/11664", "18031/23328", "354107/419904"),
    11: ("23/144", "2467/7776", "20911/46656", "155435/279936", "1078103/1679616"),
    12: ("71/1296", "19/144", "9781/46656", "1249/4374", "200497/559872"),
}
CASES = [(t, k) for t in GOLDEN for k in range(5)]
DICE = list(product(range(1, 7), repeat=2))


def one_roll(target: int) -> Fraction:
    return Fraction(sum(1 for a, b in DICE if a + b >= target), 36)


@cache
def expectimax(target: int, tries_left: int, cards: int, shown: tuple[int, int] | None) -> Fraction:
    """Independent brute force: ordered dice, explicit choice of die index or stopping."""
    if shown is None:
        if tries_left == 0:
            return Fraction(0)
        return sum((expectimax(target, tries_left - 1, cards, d) for d in DICE), Fraction(0)) / 36
    if sum(shown) >= target:
        return Fraction(1)
    options = [expectimax(target, tries_left, cards, None)]  # stop: next try (if any)
    for index in (0, 1):
        if cards == 0:
            break
        outcomes = []
        for face in range(1, 7):
            dice = list(shown)
            dice[index] = face
            outcomes.append(expectimax(target, tries_left, cards - 1, (dice[0], dice[1])))
        options.append(sum(outcomes, Fraction(0)) / 6)
    return max(options)


@cache
def lower_die_policy(
    target: int, tries_left: int, cards: int, shown: tuple[int, int] | None
) -> Fraction:
    """A fixed policy: after any failed roll, re-roll the lower die while cards remain."""
    if shown is None:
        if tries_left == 0:
            return Fraction(0)
        return (
            sum((lower_die_policy(target, tries_left - 1, cards, d) for d in DICE), Fraction(0))
            / 36
        )
    if sum(shown) >= target:
        return Fraction(1)
    if cards == 0:
        return lower_die_policy(target, tries_left, cards, None)
    keep = max(shown)
    return (
        sum(
            (lower_die_policy(target, tries_left, cards - 1, (keep, f)) for f in range(1, 7)),
            Fraction(0),
        )
        / 6
    )


@pytest.mark.parametrize(("target", "k"), CASES)
def test_the_odds_match_the_golden_table(target: int, k: int) -> None:
    assert success_chance(target, k) == Fraction(GOLDEN[target][k])


@pytest.mark.parametrize("target", list(GOLDEN))
def test_without_re_rolls_the_odds_are_one_minus_two_misses(target: int) -> None:
    q = one_roll(target)
    assert Fraction(GOLDEN[target][0]) == 1 - (1 - q) ** 2


@pytest.mark.parametrize(("target", "k"), [(t, k) for t, k in CASES if k > 0])
def test_the_golden_table_matches_an_independent_brute_force(target: int, k: int) -> None:
    assert Fraction(GOLDEN[target][k]) == expectimax(target, 2, k, None)


@pytest.mark.parametrize(("target", "k"), CASES)
def test_no_fixed_policy_beats_the_optimum(target: int, k: int) -> None:
    assert lower_die_policy(target, 2, k, None) <= success_chance(target, k)


def test_more_re_roll_cards_never_hurt_and_higher_targets_never_help() -> None:
    table = odds_table()
    for row in table:
        assert list(row) == sorted(row)
    for k in range(5):
        column = [row[k] for row in table]
        assert column == sorted(column, reverse=True)
    assert all(p == 1 for p in table[0])


def test_odds_refuse_impossible_inputs() -> None:
    with pytest.raises(ValueError):
        success_chance(13, 0)
    with pytest.raises(ValueError):
        success_chance(7, 5)
