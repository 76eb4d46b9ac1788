"""The sushi battle's pyramid (SEED2, "Bitwa na sushi"; rulings G11 and G22): its layout, which
cards may be taken, face-down cards turned up, the chopsticks put back in the second card's
place, in simulation (known cards) and turn by turn (the table enters the places), and records
with and without places."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.base import IllegalAction
from companion.games.sushi_go import GAME
from companion.games.sushi_go import pyramid as p
from companion.games.sushi_go.actions import Deal, Reveal
from companion.games.sushi_go.events import CardTurnedUp, ChopsticksReturned
from companion.games.sushi_go.options import PYRAMID_SIZE
from companion.games.sushi_go.state import GameState, Phase

from .helpers import (
    finish_round,
    new_game,
    of_kind,
    play,
    players,
    pyramid,
    refused,
    replayed_from_json,
    table,
    take,
)

#: A deal, top row first: rows 1, 3 and 5 face up, rows 2 and 4 face down.
LAYOUT = pyramid(
    ["squid_nigiri", "egg_nigiri"],
    ["salmon_nigiri", "wasabi", "gyoza"],
    ["tempura", "sashimi", "gyoza", "futomaki_2"],
    ["sashimi", "tempura", "egg_nigiri", "gyoza", "futomaki_3"],
    ["chopsticks", "tempura", "sashimi", "gyoza", "salmon_nigiri", "futomaki_1"],
)


def battle(mode: str = "simulation") -> GameState:
    """A 2-player sushi battle: simulation with LAYOUT laid, or turn by turn (cards unknown)."""
    state = new_game(2, mode=mode, variant="sushi_battle")
    if mode == "simulation":
        state, _ = play(state, Deal(pool=LAYOUT))
    return state


def card_at(state: GameState, row: int, card: int) -> str:
    return state.pool[p.slot_of((row, card))]


def turned_up(events: list) -> list[tuple[tuple[int, ...], str]]:
    return [(e.at, e.card) for e in of_kind(events, CardTurnedUp)]


# ------------------------------------------------------------------------------ the layout


def test_the_pyramid_is_five_rows_of_2_to_6_cards_laid_from_the_top_row() -> None:
    assert p.ROWS == (2, 3, 4, 5, 6) and p.SIZE == PYRAMID_SIZE == 20
    assert p.places()[:2] == ((1, 1), (1, 2)) and p.places()[-1] == (5, 6)
    state = battle()
    assert state.pool == LAYOUT  # laid place by place, not sorted
    assert card_at(state, 3, 4) == "futomaki_2"


def test_each_card_lies_under_the_two_cards_of_the_row_below_that_overlap_it() -> None:
    assert p.lying_on(p.slot_of((1, 1))) == (p.slot_of((2, 1)), p.slot_of((2, 2)))
    assert p.lying_on(p.slot_of((4, 5))) == (p.slot_of((5, 5)), p.slot_of((5, 6)))
    assert p.lying_on(p.slot_of((5, 3))) == ()  # the bottom row lies free


def test_rows_2_and_4_are_laid_face_down_and_the_others_face_up() -> None:
    view = GAME.view(battle(), None)["pyramid"]
    face_up = [all(place["face_up"] for place in row) for row in view["rows"]]
    assert face_up == [True, False, True, False, True]
    assert [place["card"] for place in view["rows"][1]] == [None, None, None]  # never shown
    assert view["rows"][0][0]["card"] == "squid_nigiri"


def test_only_the_sushi_battle_in_the_turn_modes_shows_a_pyramid() -> None:
    assert GAME.view(new_game(2), None)["pyramid"] is None
    assert GAME.view(new_game(2, mode="scoring", variant="sushi_battle"), None)["pyramid"] is None
    shown = GAME.view(battle("turns"), 0)["pyramid"]
    assert shown["places_entered"] is True and [len(r) for r in shown["rows"]] == [2, 3, 4, 5, 6]


def test_only_the_bottom_row_may_be_taken_at_the_start() -> None:
    state = battle()
    legal = GAME.legal_actions(state)
    assert [r.at for r in legal] == [(5, c) for c in range(1, 7)]
    assert [r.card for r in legal] == list(LAYOUT[-6:])
    view = GAME.view(state, None)["pyramid"]
    assert [[place["free"] for place in row] for row in view["rows"]][-2:] == [
        [False] * 5,
        [True] * 6,
    ]


# ------------------------------------------------------------------------------ covered cards


def test_a_covered_card_cannot_be_taken() -> None:
    """ "Nie możesz wziąć karty, jeśli (...) znajduje się na niej inna karta." """
    state = battle()
    refused(
        state,
        take("Ann", "tempura", (3, 1)),
        "Ann cannot take the card at row 3, card 1",
        "covered by the card at row 4, card 1 and the card at row 4, card 2",
    )


def test_a_face_down_card_cannot_be_taken() -> None:
    """ "Nie możesz wziąć karty, jeśli jest zakryta": covered face-down cards; the face-up cards
    lying on one are named."""
    state = battle()
    refused(
        state,
        take("Ann", "sashimi", (4, 1)),
        "row 4, card 1",
        "face down and covered by the Chopsticks at row 5, card 1 and the Tempura at row 5, card 2",
    )


def test_a_card_stays_covered_while_one_card_still_lies_on_it() -> None:
    state = battle()
    state, _ = play(state, take("Ann", "chopsticks", (5, 1)))
    refused(state, take("Ben", "sashimi", (4, 1)), "covered by the Tempura at row 5, card 2")


def test_a_card_is_uncovered_once_the_cards_covering_it_are_taken() -> None:
    state = battle()
    state, _ = play(state, take("Ann", "chopsticks", (5, 1)), take("Ben", "tempura", (5, 2)))
    assert (4, 1) in [r.at for r in GAME.legal_actions(state)]
    state, _ = play(state, take("Ann", "sashimi", (4, 1)))
    assert table(state, "Ann") == ["chopsticks", "sashimi"]


def test_a_face_down_card_is_turned_up_when_nothing_lies_on_it_any_more() -> None:
    """ "Jeśli zakryta karta nie jest przykryta inną kartą, odkryj ją." """
    state = battle()
    state, events = play(state, take("Ann", "chopsticks", (5, 1)))
    assert turned_up(events) == []
    state, events = play(state, take("Ben", "tempura", (5, 2)))
    assert turned_up(events) == [((4, 1), "sashimi")]
    place = GAME.view(state, None)["pyramid"]["rows"][3][0]
    assert place == {"at": [4, 1], "card": "sashimi", "taken": False, "face_up": True, "free": True}


def test_an_empty_place_cannot_be_taken() -> None:
    state, _ = play(battle(), take("Ann", "chopsticks", (5, 1)))
    refused(state, take("Ben", "chopsticks", (5, 1)), "no card left at row 5, card 1")


def test_the_card_named_must_be_the_card_at_its_place() -> None:
    refused(battle(), take("Ann", "sashimi", (5, 2)), "row 5, card 2 is Tempura, not Sashimi")


@pytest.mark.parametrize(
    ("at", "words"),
    [
        ((6, 1), "rows 1 (top, 2 cards) to 5 (bottom, 6 cards), not row 6"),
        ((1, 3), "row 1 of the pyramid has cards 1 to 2, not 3"),
        ((5,), "a place in the pyramid is [row, card]"),
    ],
)
def test_a_place_outside_the_pyramid_is_refused(at: tuple[int, ...], words: str) -> None:
    refused(battle(), Reveal("Ann", "tempura", at=at), words)


# ------------------------------------------------------------------------------ chopsticks


def chopsticks_ready(mode: str = "simulation") -> GameState:
    """Ann took the chopsticks (5,1) and Ben the gyoza (5,4): Ann's turn 3 with chopsticks."""
    state = battle(mode)
    state, _ = play(state, take("Ann", "chopsticks", (5, 1)), take("Ben", "gyoza", (5, 4)))
    return state


def test_used_chopsticks_go_back_into_the_place_of_the_second_card_taken() -> None:
    """ "Musisz umieścić użytą kartę pałeczek odkrytą na miejscu 2. wziętej karty." """
    state = chopsticks_ready()
    state, events = play(state, take("Ann", "tempura", (5, 2), "sashimi", (5, 3)))
    assert table(state, "Ann") == ["tempura", "sashimi"]
    assert card_at(state, 5, 2) == p.EMPTY and card_at(state, 5, 3) == "chopsticks"
    assert of_kind(events, ChopsticksReturned) == [ChopsticksReturned("Ann", (5, 3))]
    assert GAME.view(state, None)["pyramid"]["rows"][4][2]["card"] == "chopsticks"


def test_the_chopsticks_put_back_cover_what_the_second_card_covered() -> None:
    state = chopsticks_ready()
    state, events = play(state, take("Ann", "tempura", (5, 2), "sashimi", (5, 3)))
    assert turned_up(events) == [((4, 1), "sashimi")]  # (4,2) and (4,3) stay face down
    refused(
        state,
        take("Ben", "egg_nigiri", (4, 3)),
        "face down and covered by the Chopsticks at row 5, card 3",
    )


def test_the_chopsticks_put_back_may_be_taken_again_from_their_place() -> None:
    state = chopsticks_ready()
    state, _ = play(state, take("Ann", "tempura", (5, 2), "sashimi", (5, 3)))
    state, events = play(state, take("Ben", "chopsticks", (5, 3)))
    assert table(state, "Ben") == ["gyoza", "chopsticks"]
    assert turned_up(events) == [((4, 2), "tempura"), ((4, 3), "egg_nigiri")]


def test_the_second_card_may_be_one_the_first_card_uncovered() -> None:
    """ "Jeśli po wzięciu 1. karty którejś z zakrytych kart nie przykrywają już inne karty,
    odkryj ją. Jeśli chcesz, możesz wziąć tę kartę jako 2." """
    state = chopsticks_ready()
    assert any(r.at == (5, 2) and r.second_at == (4, 1) for r in GAME.legal_actions(state))
    state, events = play(state, take("Ann", "tempura", (5, 2), "sashimi", (4, 1)))
    assert table(state, "Ann") == ["tempura", "sashimi"]
    assert card_at(state, 4, 1) == "chopsticks"
    assert turned_up(events) == []  # taken at once; the chopsticks lie there face up


def test_the_second_card_must_be_free_once_the_first_is_taken() -> None:
    state = chopsticks_ready()
    refused(
        state,
        take("Ann", "tempura", (5, 2), "tempura", (4, 2)),
        "covered by the Sashimi at row 5, card 3",
    )


def test_chopsticks_need_the_second_cards_place_and_a_second_place_needs_a_second_card() -> None:
    state = chopsticks_ready()
    refused(state, Reveal("Ann", "tempura", "sashimi", at=(5, 2)), "name the second card's place")
    refused(state, take("Ann", "tempura", (5, 2), "", (5, 3)), "a second place needs a second card")


# ------------------------------------------------------------------------------ companion mode


def test_turn_by_turn_the_places_entered_are_checked_without_knowing_the_cards() -> None:
    state = battle("turns")
    assert set(state.pool) == {p.UNKNOWN}
    refused(state, take("Ann", "tempura", (4, 1)), "face down and covered by the card at row 5")
    state, _ = play(state, take("Ann", "tempura", (5, 1)))
    state, events = play(state, take("Ben", "gyoza", (5, 2)))
    assert turned_up(events) == [((4, 1), "")]  # the table turns it up; the camera may read it
    state, _ = play(state, take("Ann", "salmon_nigiri", (4, 1)))
    refused(state, take("Ben", "tempura", (5, 1)), "no card left at row 5, card 1")


def test_turn_by_turn_the_chopsticks_put_back_are_known_at_their_place() -> None:
    state = chopsticks_ready("turns")
    state, _ = play(state, take("Ann", "tempura", (5, 2), "sashimi", (5, 3)))
    refused(state, take("Ben", "tempura", (5, 3)), "row 5, card 3 is Chopsticks, not Tempura")
    assert [(r.card, r.at) for r in GAME.legal_actions(state) if r.at == (5, 3)] == [
        ("chopsticks", (5, 3))
    ]
    state, _ = play(state, take("Ben", "chopsticks", (5, 3)))


def test_turn_by_turn_legal_reveals_are_at_free_places_only() -> None:
    state = chopsticks_ready("turns")
    legal = GAME.legal_actions(state)
    free = {p.place_of(s) for s in p.free_places(state.pool)}
    assert {r.at for r in legal} == free
    assert all(r.second_at != r.at for r in legal if r.second)


def test_every_reveal_of_a_round_begun_with_places_names_its_place() -> None:
    state, _ = play(battle("turns"), take("Ann", "tempura", (5, 1)))
    refused(state, Reveal("Ben", "gyoza"), "Ben: name the card's place in the pyramid")


def test_places_are_only_for_the_sushi_battle() -> None:
    state = new_game(2)
    refused(state, take("Ann", "tempura", (5, 1)), "places are only for the sushi battle")


# ------------------------------------------------------------------------------ old records


def test_a_round_begun_without_places_is_read_as_before_places_were_entered() -> None:
    """Ruling G22: records from before places were entered still replay; such a round lets
    any card of the pyramid be taken (it was not followed), and the next round may use
    places again."""
    state = battle("turns")
    state, _ = play(state, Reveal("Ann", "tempura"))
    assert state.unplaced and GAME.view(state, None)["pyramid"]["places_entered"] is False
    refused(state, take("Ben", "gyoza", (5, 2)), "entered without their places")
    state, _ = finish_round(state)
    assert state.round == 2 and not state.unplaced
    state, _ = play(state, take(state.names[state.mover], "tempura", (5, 1)))


def test_a_simulated_round_without_places_takes_any_card_and_puts_chopsticks_back() -> None:
    state = battle()
    state, _ = play(state, Reveal("Ann", "chopsticks"), Reveal("Ben", "squid_nigiri"))
    state, events = play(state, Reveal("Ann", "tempura", second="wasabi"))
    assert of_kind(events, ChopsticksReturned) == [ChopsticksReturned("Ann")]
    left = [c for c in state.pool if c != p.EMPTY]
    assert len(left) == 17 and card_at(state, 2, 2) == "chopsticks"  # where the wasabi was
    refused(state, Reveal("Ben", "squid_nigiri"), "not all in the pyramid")


def test_an_old_battle_record_without_places_still_reads_and_replays() -> None:
    old = [
        {"kind": "reveal", "player": "Ann", "card": "tempura", "second": "", "dummy_card": ""},
        {"kind": "reveal", "player": "Ben", "card": "sashimi"},
    ]
    options = {"variant": "sushi_battle", "mode": "turns"}
    state = replayed_from_json(players(2), options, [GAME.actions.from_json(a) for a in old])
    assert state.turn == 3 and state.unplaced


def test_a_battle_record_with_places_replays_from_its_json() -> None:
    state = chopsticks_ready()
    action = take("Ann", "tempura", (5, 2), "sashimi", (5, 3))
    data = json.loads(json.dumps(action.to_json()))
    assert data["at"] == [5, 2] and data["second_at"] == [5, 3]
    assert GAME.actions.from_json(data) == action
    options = {"variant": "sushi_battle", "mode": "simulation"}
    actions = [
        Deal(pool=LAYOUT),
        take("Ann", "chopsticks", (5, 1)),
        take("Ben", "gyoza", (5, 4)),
        action,
    ]
    again = replayed_from_json(players(2), options, actions)
    assert again.pool == play(state, action)[0].pool


def test_the_history_line_names_the_places() -> None:
    line = str(GAME.describe(take("Ann", "tempura", (5, 2), "sashimi", (4, 1))))
    assert (
        line == "Ann revealed Tempura from row 5, card 2 + Sashimi from row 4, card 1 (chopsticks)"
    )


# ------------------------------------------------------------------------------ random games


@pytest.mark.parametrize("seed", range(4))
def test_simulated_battles_take_only_free_cards_until_the_last_one(seed: int) -> None:
    """Simulation offers only free cards, and a round ends when its last card is taken."""
    rng = random.Random(seed)
    state = new_game(2, mode="simulation", variant="sushi_battle")
    while state.phase is not Phase.OVER:
        action = GAME.chance_action(state, rng)
        if action is None:
            legal = GAME.legal_actions(state)
            assert all(p.is_free(state.pool, p.slot_of(r.at)) for r in legal)
            left = [c for c in state.pool if c != p.EMPTY]
            assert len(left) == PYRAMID_SIZE - state.turn + 1
            action = rng.choice(legal)
        state, _ = play(state, action)
    assert all(len(t.physical()) == 10 for r in state.rounds for t in r)


def test_a_turn_by_turn_battle_plays_to_its_end_from_legal_actions() -> None:
    rng = random.Random(1)
    state = battle("turns")
    while state.phase is not Phase.OVER:
        action = GAME.chance_action(state, rng) or rng.choice(GAME.legal_actions(state))
        state, _ = play(state, action)
    assert all(len(t.physical()) == 10 for r in state.rounds for t in r)


def test_a_refused_take_changes_nothing() -> None:
    state = battle()
    with pytest.raises(IllegalAction):
        GAME.apply(state, take("Ann", "sashimi", (4, 1)))
    assert state.pool == LAYOUT and not state.unplaced


def test_a_reveal_names_its_places_in_json_only_when_it_has_them() -> None:
    """Records from before places existed export exactly as they were imported."""
    plain = Reveal("Ann", "tempura")
    assert plain.to_json() == {"kind": "reveal", "player": "Ann", "card": "tempura",
                               "second": "", "dummy_card": ""}
    placed = Reveal("Ann", "tempura", "sashimi", at=(5, 1), second_at=(5, 2))
    assert placed.to_json()["at"] == [5, 1] and placed.to_json()["second_at"] == [5, 2]
    assert GAME.actions.from_json(plain.to_json()) == plain
    assert GAME.actions.from_json(placed.to_json()) == placed
