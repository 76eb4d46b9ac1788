"""Cards whose rules act on the table during the round (seed 001 "Guide des cartes": Wasabi,
Soupe miso, California, Commande spéciale; REFERENCE 1.4 and ambiguities 1-10, 13, 21, 22)."""

from __future__ import annotations

from companion.games.sushi_go_party import GAME
from companion.games.sushi_go_party.actions import FLIPPED, Flip, MenuPick, Reveal, SpoonGive
from companion.games.sushi_go_party.events import (
    CardPlayed,
    Discarded,
    RoundScored,
    SpoonGiven,
    UramakiScored,
)
from companion.games.sushi_go_party.state import GameState

from .helpers import (
    FILLERS,
    carte,
    finish_round,
    flipped,
    new_game,
    of_kind,
    placed,
    play,
    points,
    refused,
    table,
    turn,
)

WASABI_ORDER = carte(roll="uramaki", specials=("wasabi", "special_order"))
CHOPSTICKS_ORDER = carte(specials=("chopsticks", "special_order"))
URAMAKI = carte(roll="uramaki", appetizers=("tempura", "sashimi", "dumpling"),
                specials=("wasabi", "special_order"))
NO_URAMAKI = [c for c in FILLERS if not c.startswith("uramaki")]


def so(name: str, copies: str, on_wasabi: bool = False) -> Reveal:
    return Reveal(name, "special_order", copies=copies, on_wasabi=on_wasabi)


def wasabi_layout(state: GameState, name: str) -> list[tuple[str, bool, bool]]:
    """(counts as, on a wasabi, a wasabi with a nigiri on it) for each card of the table."""
    return [(p.scores_as, p.on_wasabi, p.covered) for p in placed(state, name)]


# ------------------------------------------------------------------ miso soup


def test_a_miso_soup_alone_this_turn_stays() -> None:
    state, events = turn(new_game(3, "my_first_meal"), "miso_soup", "tempura", "tempura")
    assert table(state, "Ann") == ["miso_soup"] and not of_kind(events, Discarded)


def test_two_miso_soups_in_one_turn_are_all_discarded() -> None:
    state, events = turn(new_game(3, "my_first_meal"), "miso_soup", "miso_soup", "tempura")
    assert of_kind(events, Discarded) == [
        Discarded("Ann", "miso_soup", "2 miso soups were played this turn"),
        Discarded("Ben", "miso_soup", "2 miso soups were played this turn"),
    ]
    assert table(state, "Ann") == table(state, "Ben") == []
    assert state.discards == ("miso_soup", "miso_soup")


def test_a_miso_soup_from_an_earlier_turn_is_not_played_this_turn() -> None:
    state, _ = turn(new_game(3, "my_first_meal"), "miso_soup", "tempura", "tempura")
    state, events = turn(state, "tempura", "miso_soup", "tempura")
    assert table(state, "Ann") == ["miso_soup", "tempura"] and table(state, "Ben") == [
        "tempura",
        "miso_soup",
    ]
    assert not of_kind(events, Discarded)


def test_two_miso_soups_of_one_player_with_chopsticks_are_both_discarded() -> None:
    state, _ = turn(new_game(3, CHOPSTICKS_ORDER), "chopsticks_2", "tempura", "tempura")
    state, events = turn(state, Reveal("Ann", "miso_soup", second="miso_soup"), "tempura",
                         "tempura")
    assert [d.card for d in of_kind(events, Discarded)] == [
        "chopsticks_2",  # back into the hand
        "miso_soup",
        "miso_soup",
    ]
    assert table(state, "Ann") == []


def test_a_special_order_copying_a_miso_counts_as_a_miso_played_this_turn() -> None:
    state, _ = turn(new_game(3, CHOPSTICKS_ORDER), "tempura", "miso_soup", "tempura")
    state, events = turn(state, "tempura", so("Ben", "miso_soup"), "miso_soup")
    assert of_kind(events, Discarded) == [
        Discarded("Ben", "special_order", "2 miso soups were played this turn"),
        Discarded("Cat", "miso_soup", "2 miso soups were played this turn"),
    ]
    assert table(state, "Ben") == ["miso_soup"]  # the turn-1 miso stays


def test_a_special_order_copying_a_miso_alone_this_turn_stays() -> None:
    state, _ = turn(new_game(3, CHOPSTICKS_ORDER), "tempura", "miso_soup", "tempura")
    state, events = turn(state, "tempura", so("Ben", "miso_soup"), "tempura")
    assert table(state, "Ben") == ["miso_soup", "miso_soup"] and not of_kind(events, Discarded)


def test_a_miso_soup_picked_by_a_menu_counts_as_played_this_turn() -> None:
    menu = carte(specials=("menu", "wasabi"))
    state, _ = turn(new_game(3, menu), "menu_7", "miso_soup", "tempura")
    state, events = play(state, MenuPick("miso_soup"))
    assert len(of_kind(events, Discarded)) == 2
    assert table(state, "Ann") == table(state, "Ben") == []


# ------------------------------------------------------------------ wasabi


def test_a_nigiri_goes_on_an_empty_wasabi_by_itself() -> None:
    state, _ = turn(new_game(3, WASABI_ORDER), "wasabi", "salmon_nigiri", "tempura")
    state, _ = turn(state, "squid_nigiri", "wasabi", "tempura")
    assert wasabi_layout(state, "Ann") == [("wasabi", False, True), ("squid_nigiri", True, False)]
    assert wasabi_layout(state, "Ben") == [
        ("salmon_nigiri", False, False),  # before the wasabi: stays plain
        ("wasabi", False, False),
    ]


def test_one_nigiri_per_wasabi_the_next_nigiri_goes_on_the_next_empty_one() -> None:
    state, _ = turn(new_game(3, WASABI_ORDER), "wasabi", "tempura", "tempura")
    state, _ = turn(state, "wasabi", "tempura", "tempura")
    state, _ = turn(state, "egg_nigiri", "tempura", "tempura")
    state, _ = turn(state, "egg_nigiri", "sashimi", "sashimi")
    state, _ = turn(state, "egg_nigiri", "sashimi", "sashimi")
    assert wasabi_layout(state, "Ann") == [
        ("wasabi", False, True),
        ("wasabi", False, True),
        ("egg_nigiri", True, False),
        ("egg_nigiri", True, False),
        ("egg_nigiri", False, False),
    ]


def test_a_plain_nigiri_does_not_choose_to_go_on_a_wasabi() -> None:
    state, _ = turn(new_game(3, WASABI_ORDER), "wasabi", "tempura", "tempura")
    refused(state, Reveal("Ann", "egg_nigiri", on_wasabi=True),
            "only a special order copying a nigiri chooses to go on a wasabi")


def test_a_special_order_copying_an_uncovered_nigiri_may_go_on_an_empty_wasabi() -> None:
    state, _ = turn(new_game(3, WASABI_ORDER), "salmon_nigiri", "salmon_nigiri", "tempura")
    state, _ = turn(state, "wasabi", "wasabi", "tempura")
    state, _ = turn(state, so("Ann", "salmon_nigiri", on_wasabi=True), so("Ben", "salmon_nigiri"),
                    "tempura")
    assert wasabi_layout(state, "Ann")[1:] == [
        ("wasabi", False, True),
        ("salmon_nigiri", True, False),
    ]
    assert wasabi_layout(state, "Ben")[1:] == [
        ("wasabi", False, False),  # not on it: the copy chose not to
        ("salmon_nigiri", False, False),
    ]


def test_a_special_order_copying_a_nigiri_on_a_wasabi_is_not_on_a_wasabi() -> None:
    state, _ = turn(new_game(3, WASABI_ORDER), "wasabi", "tempura", "tempura")
    state, _ = turn(state, "squid_nigiri", "tempura", "tempura")
    state, _ = turn(state, "wasabi", "sashimi", "sashimi")
    refused(state, so("Ann", "squid_nigiri", on_wasabi=True),
            "a copy of a nigiri lying on a wasabi is not on a wasabi itself")
    state, _ = turn(state, so("Ann", "squid_nigiri"), "sashimi", "sashimi")
    assert wasabi_layout(state, "Ann")[-2:] == [("wasabi", False, False),
                                               ("squid_nigiri", False, False)]


def test_a_copy_on_a_wasabi_needs_an_empty_wasabi() -> None:
    state, _ = turn(new_game(3, WASABI_ORDER), "egg_nigiri", "tempura", "tempura")
    refused(state, so("Ann", "egg_nigiri", on_wasabi=True),
            "there is no empty wasabi for the copy to go on")


def test_only_a_copy_of_a_nigiri_goes_on_a_wasabi() -> None:
    state, _ = turn(new_game(3, WASABI_ORDER), "wasabi", "tempura", "tempura")
    state, _ = turn(state, "tempura", "tempura", "tempura")
    refused(state, so("Ann", "tempura", on_wasabi=True), "only a copy of a nigiri may go on")


# ------------------------------------------------------------------ special order


def test_a_special_order_copies_a_card_on_the_table() -> None:
    state, _ = turn(new_game(3, WASABI_ORDER), "tempura", "tempura", "tempura")
    state, events = turn(state, so("Ann", "tempura"), "sashimi", "sashimi")
    assert CardPlayed("Ann", "special_order", "tempura", "reveal") in events
    assert table(state, "Ann") == ["tempura", "tempura"]
    refused(state, so("Ann", "sashimi"), "the special order cannot copy Sashimi",
            "it copies a card the player already played this round")


def test_a_special_order_must_say_what_it_copies() -> None:
    state, _ = turn(new_game(3, WASABI_ORDER), "tempura", "tempura", "tempura")
    refused(state, Reveal("Ann", "special_order"), "say which card of the table")


def test_only_a_special_order_copies() -> None:
    state, _ = turn(new_game(3, WASABI_ORDER), "tempura", "tempura", "tempura")
    refused(state, Reveal("Ann", "sashimi", copies="tempura"), "only a special order copies")


def test_a_special_order_with_an_empty_table_is_discarded_at_once() -> None:
    state, events = turn(new_game(3, WASABI_ORDER), Reveal("Ann", "special_order"), "tempura",
                         "tempura")
    assert Discarded("Ann", "special_order", "a special order with nothing to copy") in events
    assert table(state, "Ann") == [] and state.discards == ("special_order",)
    refused(new_game(3, WASABI_ORDER), so("Ann", "tempura"),
            "a special order played with no card on the table copies nothing")


def test_a_special_order_copying_a_wasabi_is_an_empty_wasabi() -> None:
    state, _ = turn(new_game(3, WASABI_ORDER), "wasabi", "tempura", "tempura")
    state, _ = turn(state, "egg_nigiri", "tempura", "tempura")
    state, _ = turn(state, so("Ann", "wasabi"), "sashimi", "sashimi")
    assert wasabi_layout(state, "Ann")[-1] == ("wasabi", False, False)
    state, _ = turn(state, "squid_nigiri", "sashimi", "sashimi")
    assert wasabi_layout(state, "Ann")[-2:] == [("wasabi", False, True),
                                               ("squid_nigiri", True, False)]
    state, _ = finish_round(state, NO_URAMAKI)
    sheet = GAME.score(state).to_json()
    assert points(sheet, "Ann", "nigiri on wasabi") == 3 + 9


def test_a_copy_of_a_special_order_is_a_copy_of_the_same_card() -> None:
    state, _ = turn(new_game(3, WASABI_ORDER), "tempura", "tempura", "tempura")
    state, _ = turn(state, so("Ann", "tempura"), "sashimi", "sashimi")
    refused(state, so("Ann", "special_order"), "name the card the first special order copies")
    state, _ = turn(state, so("Ann", "tempura"), "sashimi", "sashimi")
    assert table(state, "Ann") == ["tempura"] * 3


def test_a_copy_of_chopsticks_is_usable_on_a_later_turn_and_goes_back_to_the_hand() -> None:
    state, _ = turn(new_game(3, CHOPSTICKS_ORDER), "chopsticks_3", "tempura", "tempura")
    state, _ = turn(state, so("Ann", "chopsticks_3"), "tempura", "tempura")
    refused(state, Reveal("Ann", "tempura", second="sashimi", chopsticks=2), "(corner 2)")
    state, events = turn(state, Reveal("Ann", "sashimi", second="sashimi"), "tempura", "tempura")
    # the lowest corner: both are corner 3, the first on the table goes back
    assert Discarded("Ann", "chopsticks_3", "chopsticks go back into the hand") in events
    state, events = turn(state, Reveal("Ann", "sashimi", second="sashimi"), "sashimi", "sashimi")
    assert Discarded("Ann", "special_order", "chopsticks go back into the hand") in events
    assert table(state, "Ann") == ["sashimi"] * 4


def test_a_copy_of_a_spoon_acts_with_the_spoons_corner() -> None:
    menu = carte(specials=("spoon", "special_order"))
    state, _ = turn(new_game(3, menu), "spoon_4", "tempura", "tempura")
    state, _ = turn(state, so("Ann", "spoon_4"), "tempura", "tempura")
    state, _ = turn(state, Reveal("Ann", "tempura", ask="nigiri"), "sashimi", "sashimi")
    state, _ = play(state, SpoonGive("Ben", "egg_nigiri"))  # the spoon itself goes to Ben
    assert table(state, "Ann") == ["spoon_4", "tempura", "egg_nigiri"]
    state, _ = turn(state, Reveal("Ann", "sashimi", ask="nigiri", spoon=4), "sashimi", "sashimi")
    assert [(p.corner, p.kind) for p in state.pending] == [(4, "spoon")]
    state, events = play(state, SpoonGive("Cat", "salmon_nigiri"))
    assert SpoonGiven("Ann", "Cat", "salmon_nigiri") in events
    assert table(state, "Ann") == ["tempura", "egg_nigiri", "sashimi", "salmon_nigiri"]


def test_a_copy_of_a_flipped_card_is_flipped_too() -> None:
    menu = carte(specials=("takeout_box", "special_order"))
    state, _ = turn(new_game(3, menu), "tempura", "tempura", "tempura")
    refused(state, so("Ann", FLIPPED), "there is no flipped card to copy")
    state, _ = turn(state, "takeout_box_10", "sashimi", "sashimi")
    state, _ = play(state, Flip((0,)))
    state, events = turn(state, so("Ann", FLIPPED), "sashimi", "sashimi")
    assert CardPlayed("Ann", "special_order", FLIPPED, "reveal") in events
    assert flipped(state, "Ann") == ["tempura", "special_order"]
    state, _ = finish_round(state, NO_URAMAKI)
    assert points(GAME.score(state).to_json(), "Ann", "take-out box") == 4


def test_a_special_order_copying_a_dessert_is_kept_to_the_game_end() -> None:
    state, _ = turn(new_game(3, WASABI_ORDER), "pudding", "tempura", "tempura")
    state, _ = turn(state, so("Ann", "pudding"), "tempura", "tempura")
    state, _ = finish_round(state, [c for c in NO_URAMAKI if c != "pudding"])
    assert points(GAME.score(state).to_json(), "Ann", "pudding most") == 6
    assert GAME.score(state).players[0].tiebreak == (2,)
    # round 2: one special order is kept, so only two are left in the deck
    state, _ = turn(state, "tempura", "tempura", "tempura")
    state, _ = turn(state, so("Ann", "tempura"), so("Ben", "tempura"), "sashimi")
    refused(state, so("Ann", "tempura"), "one more Special Order would make 4")


def test_a_special_order_copying_uramaki_reaching_10_scores_and_is_discarded() -> None:
    state, _ = turn(new_game(3, URAMAKI), "uramaki_5", "tempura", "tempura")
    state, events = turn(state, so("Ann", "uramaki_5"), "tempura", "tempura")
    assert of_kind(events, UramakiScored) == [UramakiScored("Ann", 1, 8, 10)]
    assert table(state, "Ann") == []
    assert state.discards == ("uramaki_5", "special_order")
    assert state.seats[0].uramaki_places == (1,)


def test_a_special_order_played_second_with_chopsticks_may_copy_the_first() -> None:
    state, _ = turn(new_game(3, CHOPSTICKS_ORDER), "chopsticks_1", "tempura", "tempura")
    state, _ = turn(state, Reveal("Ann", "sashimi", second="special_order",
                                  second_copies="sashimi"), "tempura", "tempura")
    assert table(state, "Ann") == ["sashimi", "sashimi"]


# ------------------------------------------------------------------ the uramaki race


def test_uramaki_reaching_10_icons_scores_the_moment_it_happens_and_is_discarded() -> None:
    state, _ = turn(new_game(3, URAMAKI), "uramaki_5", "uramaki_3", "tempura")
    state, events = turn(state, "uramaki_5", "uramaki_3", "tempura")
    assert of_kind(events, UramakiScored) == [UramakiScored("Ann", 1, 8, 10)]
    assert table(state, "Ann") == [] and state.discards == ("uramaki_5", "uramaki_5")


def test_two_players_reaching_10_on_one_turn_the_higher_total_takes_the_place_first() -> None:
    state, _ = turn(new_game(3, URAMAKI), "uramaki_5", "uramaki_4", "uramaki_3")
    state, _ = turn(state, "uramaki_4", "uramaki_4", "uramaki_3")
    state, events = turn(state, "uramaki_3", "uramaki_3", "tempura")
    assert of_kind(events, UramakiScored) == [
        UramakiScored("Ann", 1, 8, 12),
        UramakiScored("Ben", 2, 5, 11),
    ]


def test_an_exact_tie_shares_the_place_and_skips_the_next() -> None:
    state, _ = turn(new_game(3, URAMAKI), "uramaki_5", "uramaki_5", "uramaki_4")
    state, events = turn(state, "uramaki_5", "uramaki_5", "uramaki_4")
    assert of_kind(events, UramakiScored) == [
        UramakiScored("Ann", 1, 8, 10),
        UramakiScored("Ben", 1, 8, 10),
    ]
    state, events = turn(state, "tempura", "tempura", "uramaki_3")
    assert of_kind(events, UramakiScored) == [UramakiScored("Cat", 3, 2, 11)]


def test_at_round_end_the_most_icons_left_take_the_next_unclaimed_place() -> None:
    """EN example: A and B share 1st; 2nd is skipped; C, with the most left, scores 2 (3rd)."""
    state, _ = turn(new_game(3, URAMAKI), "uramaki_5", "uramaki_5", "uramaki_4")
    state, _ = turn(state, "uramaki_5", "uramaki_5", "tempura")
    state, _ = turn(state, "uramaki_3", "uramaki_4", "uramaki_3")
    state, events = finish_round(state, NO_URAMAKI)
    assert len(of_kind(events, RoundScored)) == 1
    sheet = GAME.score(state).to_json()
    assert [points(sheet, n, "uramaki") for n in ("Ann", "Ben", "Cat")] == [8, 8, 2]
    assert [t.uramaki_places for t in state.rounds[0]] == [(1,), (1,), ()]


def test_at_round_end_only_the_next_place_is_awarded() -> None:
    state, _ = turn(new_game(3, URAMAKI), "uramaki_5", "uramaki_4", "uramaki_3")
    state, _ = turn(state, "uramaki_5", "uramaki_3", "tempura")
    state, _ = finish_round(state, NO_URAMAKI)
    sheet = GAME.score(state).to_json()
    assert [points(sheet, n, "uramaki") for n in ("Ann", "Ben", "Cat")] == [8, 5, 0]


def test_once_every_place_is_claimed_uramaki_stay_on_the_table_and_score_nothing() -> None:
    state, _ = turn(new_game(3, URAMAKI), "uramaki_5", "uramaki_5", "uramaki_4")
    state, _ = turn(state, "uramaki_5", "uramaki_4", "uramaki_4")
    state, events = turn(state, "tempura", "uramaki_3", "uramaki_3")
    assert [(e.player, e.place) for e in of_kind(events, UramakiScored)] == [
        ("Ben", 2),
        ("Cat", 3),
    ]
    state, _ = turn(state, "uramaki_5", "tempura", "tempura")
    state, events = turn(state, so("Ann", "uramaki_5"), "tempura", "tempura")
    assert not of_kind(events, UramakiScored)
    assert table(state, "Ann") == ["tempura", "uramaki_5", "uramaki_5"]
    state, _ = finish_round(state, NO_URAMAKI)
    sheet = GAME.score(state).to_json()
    assert [points(sheet, n, "uramaki") for n in ("Ann", "Ben", "Cat")] == [8, 5, 2]
