"""Every worked example of REFERENCE 2.3 (SEED2, the Polish 10th anniversary rulebook).

Each test quotes the rule it checks; the examples are scored both by the scoring functions and,
where the example is about play, by the engine turn by turn.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import PlayerSpec
from companion.games.sushi_go import GAME
from companion.games.sushi_go.cards import CardType
from companion.games.sushi_go.desserts import bubble_tea_lines, dessert_lines
from companion.games.sushi_go.events import LeadTaken, LeadTied
from companion.games.sushi_go.options import Rules, rules_from_options
from companion.games.sushi_go.scoring import round_lines
from companion.games.sushi_go.state import GameState
from companion.games.sushi_go.tableau import Tableau

from .helpers import enter, finish_round, of_kind, points, turn


def rules_for(n: int, **options: Any) -> Rules:
    return rules_from_options(GAME.info.resolve_options(options), n)


def totals(lines: list[list[Any]], rule: str = "") -> list[int]:
    """Each table's points (only lines whose rule starts with ``rule``)."""
    return [sum(x.points for x in ls if x.rule.startswith(rule)) for ls in lines]


def kasia_and_olek() -> GameState:
    state: GameState = GAME.setup([PlayerSpec("Kasia"), PlayerSpec("Olek")], {"mode": "turns"})
    return state


# ------------------------------------------------------------------------------ futomaki


def test_futomaki_5_3_3_2_scores_6_1_1_0_the_3_for_second_split_and_the_remainder_dropped() -> None:
    rules = rules_for(4)
    tables = [
        Tableau(("futomaki_3", "futomaki_2")),
        Tableau(("futomaki_3",)),
        Tableau(("futomaki_2", "futomaki_1")),
        Tableau(("futomaki_2",)),
    ]
    assert totals(round_lines(rules, tables)) == [6, 1, 1, 0]


def test_futomaki_example_through_scoring_mode_entries() -> None:
    state: GameState = GAME.setup(
        [PlayerSpec(n) for n in ("Krzysiek", "Filip", "Martyna", "Agnieszka")], {}
    )
    state = enter(
        state,
        "Krzysiek",
        "futomaki_3",
        "futomaki_2",
        "tempura",
        "sashimi",
        "sashimi",
        "chopsticks",
        "wasabi",
        "gyoza",
    )
    state = enter(
        state,
        "Filip",
        "futomaki_3",
        "tempura",
        "sashimi",
        "sashimi",
        "chopsticks",
        "wasabi",
        "gyoza",
        "gyoza",
    )
    state = enter(
        state,
        "Martyna",
        "futomaki_2",
        "futomaki_1",
        "tempura",
        "sashimi",
        "sashimi",
        "chopsticks",
        "wasabi",
        "salmon_nigiri",
        on_wasabi=(),
    )
    state = enter(
        state,
        "Agnieszka",
        "futomaki_2",
        "tempura",
        "sashimi",
        "sashimi",
        "chopsticks",
        "wasabi",
        "egg_nigiri",
        "gyoza",
    )
    sheet = GAME.score(state)
    got = [points(sheet, n, "futomaki") for n in ("Krzysiek", "Filip", "Martyna", "Agnieszka")]
    assert got == [6, 1, 1, 0]


# ------------------------------------------------------------------------------ strawberry


def test_strawberry_end_8_5_3_3_the_last_two_split_the_6_lost_and_lose_3_each() -> None:
    kept = [
        ("strawberry_pudding_4", "strawberry_pudding_4"),
        ("strawberry_pudding_5",),
        ("strawberry_pudding_3",),
        ("strawberry_pudding_2", "strawberry_pudding_1"),
    ]
    lines = dessert_lines(CardType.STRAWBERRY_PUDDING, kept, (1, 1, 1, 1))
    assert totals(lines) == [0, 0, -3, -3]
    assert "no bonus for the most" in lines[0][0].detail


def test_lead_example_1_olek_ties_kasia_and_only_olek_played_so_he_takes_the_token_and_2() -> None:
    state = kasia_and_olek()
    state, events = turn(state, "strawberry_pudding_4", "tempura")
    assert [e.player for e in of_kind(events, LeadTaken)] == ["Kasia"]
    state, _ = turn(state, "tempura", "strawberry_pudding_2")
    assert state.names[state.lead] == "Kasia"  # 2 < 4: Olek does not lead
    state, events = turn(state, "sashimi", "strawberry_pudding_2")
    assert [(e.player, e.symbols, e.points) for e in of_kind(events, LeadTaken)] == [("Olek", 4, 2)]
    assert state.names[state.lead] == "Olek"
    state, _ = finish_round(state)
    sheet = GAME.score(state)
    assert points(sheet, "Olek", "strawberry pudding lead") == 2
    assert points(sheet, "Kasia", "strawberry pudding lead") == 2


def test_lead_example_2_both_tied_players_played_this_turn_so_nobody_scores_kasia_keeps_it() -> (
    None
):
    state = kasia_and_olek()
    state, _ = turn(state, "strawberry_pudding_2", "tempura")
    assert state.names[state.lead] == "Kasia"
    state, events = turn(state, "strawberry_pudding_2", "strawberry_pudding_4")
    assert of_kind(events, LeadTaken) == []
    assert [(e.players, e.holder) for e in of_kind(events, LeadTied)] == [
        (("Kasia", "Olek"), "Kasia")
    ]
    assert state.names[state.lead] == "Kasia"
    state, _ = finish_round(state)
    sheet = GAME.score(state)
    assert points(sheet, "Kasia", "strawberry pudding lead") == 2  # the first take only
    assert points(sheet, "Olek", "strawberry pudding lead") == 0


# ------------------------------------------------------------------------- alternative desserts


def test_frozen_yogurt_7_4_0_0_scores_plus_6_0_minus_3_minus_3() -> None:
    kept = [("frozen_yogurt_3", "frozen_yogurt_4"), ("frozen_yogurt_4",), (), ()]
    assert totals(dessert_lines(CardType.FROZEN_YOGURT, kept, (1,) * 4)) == [6, 0, -3, -3]


def test_bubble_tea_2_3_4_4_is_a_run_of_three_8_and_a_single_1_so_9() -> None:
    lines = bubble_tea_lines((2, 3, 4, 4))
    assert [(x.points, x.detail.split(" (")[0]) for x in lines] == [(8, "run 2-3-4"), (1, "run 4")]
    assert sum(x.points for x in lines) == 9


def test_old_fashioned_pudding_4_3_0_0_scores_plus_6_0_minus_3_minus_3() -> None:
    kept = [("old_fashioned_pudding",) * 4, ("old_fashioned_pudding",) * 3, (), ()]
    lines = dessert_lines(CardType.OLD_FASHIONED_PUDDING, kept, (1,) * 4)
    assert totals(lines) == [6, 0, -3, -3]


# ------------------------------------------------------------------------------ round cards


def test_gyoza_1_2_3_4_5_and_more_score_1_3_6_10_15() -> None:
    rules = rules_for(2)
    got = [
        totals(round_lines(rules, [Tableau(("gyoza",) * n), Tableau()]), "gyoza")[0]
        for n in range(7)
    ]
    assert got == [0, 1, 3, 6, 10, 15, 15]


def test_tempura_pair_scores_5_and_sashimi_three_scores_10_and_less_nothing() -> None:
    rules = rules_for(2)
    tempura = [
        totals(round_lines(rules, [Tableau(("tempura",) * n), Tableau()]), "tempura")[0]
        for n in range(6)
    ]
    sashimi = [
        totals(round_lines(rules, [Tableau(("sashimi",) * n), Tableau()]), "sashimi")[0]
        for n in range(7)
    ]
    assert tempura == [0, 0, 5, 5, 10, 10]
    assert sashimi == [0, 0, 0, 10, 10, 10, 20]


def test_nigiri_egg_salmon_squid_score_1_2_3_and_triple_on_a_wasabi() -> None:
    rules = rules_for(2)
    plain = Tableau(("egg_nigiri", "salmon_nigiri", "squid_nigiri"))
    dipped = Tableau(
        ("wasabi", "wasabi", "wasabi"), ("egg_nigiri", "salmon_nigiri", "squid_nigiri")
    )
    assert totals(round_lines(rules, [plain, dipped]), "nigiri") == [6, 18]
