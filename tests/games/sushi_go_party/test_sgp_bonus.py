"""Bonus actions (seed 001 "Cuillère", "Menu", "Boite à emporter", "Précisions pour utiliser
les baguettes, la cuillère ou le menu"; REFERENCE 1.6 and ambiguities 11-15): they resolve after
every reveal, from the lowest corner number to the highest."""

from __future__ import annotations

from companion.games.sushi_go_party import GAME
from companion.games.sushi_go_party.actions import Deal, Flip, MenuPick, Reveal, SpoonGive
from companion.games.sushi_go_party.events import (
    CardPlayed,
    CardsFlipped,
    Discarded,
    MenuUsed,
    SpoonGiven,
    TurnEnded,
)
from companion.games.sushi_go_party.state import GameState, Pending, Phase

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

MENU_AND_TAKEOUT = carte(specials=("menu", "takeout_box"))
SPOON_AND_MENU = carte(specials=("spoon", "menu"))


def queue(state: GameState) -> list[tuple[int, str, str]]:
    """The bonus actions waiting: (corner, owner, kind)."""
    return [(p.corner, state.names[p.seat], p.kind) for p in state.pending]


# ------------------------------------------------------------------ corner order


def test_two_menus_and_a_take_out_box_resolve_from_the_lowest_corner_number() -> None:
    state, _ = turn(new_game(3, MENU_AND_TAKEOUT), "tempura", "tempura", "sashimi")
    state, events = turn(state, "takeout_box_10", "menu_9", "menu_7")
    assert not of_kind(events, TurnEnded)
    assert state.phase is Phase.MENU
    assert queue(state) == [(7, "Cat", "menu"), (9, "Ben", "menu"), (10, "Ann", "takeout")]
    state, events = play(state, MenuPick("sashimi"))
    assert events[0] == MenuUsed("Cat", 0, "sashimi")
    assert table(state, "Cat") == ["sashimi", "sashimi"]
    state, _ = play(state, MenuPick("tempura"))
    assert table(state, "Ben") == ["tempura", "tempura"]
    assert (state.phase, queue(state)) == (Phase.TAKEOUT, [(10, "Ann", "takeout")])
    state, events = play(state, Flip((0,)))
    assert events == [CardsFlipped("Ann", ("tempura",)), TurnEnded(round=1, turn=2)]


def test_a_spoon_resolves_before_a_menu_by_corner_number() -> None:
    state, _ = turn(new_game(3, SPOON_AND_MENU), "spoon_6", "tempura", "tempura")
    state, _ = turn(state, Reveal("Ann", "tempura", ask="sashimi"), "menu_7", "tempura")
    assert queue(state) == [(6, "Ann", "spoon"), (7, "Ben", "menu")]
    assert state.phase is Phase.SPOON
    state, _ = play(state, SpoonGive("Ben", "sashimi"))
    assert state.phase is Phase.MENU
    state, events = play(state, MenuPick("miso_soup"))
    assert of_kind(events, TurnEnded)


def test_spoons_resolve_lowest_corner_first_whoever_revealed_first() -> None:
    state, _ = turn(new_game(3, SPOON_AND_MENU), "spoon_6", "spoon_4", "tempura")
    state, _ = turn(
        state,
        Reveal("Ann", "tempura", ask="sashimi"),
        Reveal("Ben", "tempura", ask="nigiri"),
        "tempura",
    )
    assert queue(state) == [(4, "Ben", "spoon"), (6, "Ann", "spoon")]


def test_menus_and_take_out_boxes_leave_the_table_at_once() -> None:
    state, _ = turn(new_game(3, MENU_AND_TAKEOUT), "tempura", "tempura", "sashimi")
    state, _ = turn(state, "takeout_box_10", "menu_9", "tempura")
    assert "takeout_box_10" not in table(state, "Ann") and "menu_9" not in table(state, "Ben")
    assert {"takeout_box_10", "menu_9"} <= set(state.discards)


# ------------------------------------------------------------------ menu


def test_a_menu_plays_one_of_the_four_cards_drawn_at_once() -> None:
    state, _ = turn(new_game(3, MENU_AND_TAKEOUT), "menu_8", "tempura", "tempura")
    assert state.phase is Phase.MENU
    drawn = ("squid_nigiri", "tempura", "maki_3", "menu_9")
    refused(state, MenuPick("sashimi", drawn=drawn), "Sashimi is not among the cards drawn")
    state, events = play(state, MenuPick("squid_nigiri", drawn=drawn))
    assert events[:2] == [
        MenuUsed("Ann", 4, "squid_nigiri"),
        CardPlayed("Ann", "squid_nigiri", "squid_nigiri", "menu"),
    ]
    assert table(state, "Ann") == ["squid_nigiri"] and "menu_8" in state.discards


def test_a_menu_cannot_pick_another_menu() -> None:
    state, _ = turn(new_game(3, MENU_AND_TAKEOUT), "menu_8", "tempura", "tempura")
    refused(state, MenuPick("menu_9"), "a menu cannot pick another menu")
    assert all(m.card != "menu_9" for m in GAME.legal_actions(state) if isinstance(m, MenuPick))


def test_a_menu_drawing_only_menus_plays_nothing() -> None:
    state, _ = turn(new_game(3, MENU_AND_TAKEOUT), "menu_8", "tempura", "tempura")
    refused(state, MenuPick(), "the menu plays one of the cards drawn (not a menu)")
    state, events = play(state, MenuPick("", drawn=("menu_7", "menu_9")))
    assert events[0] == MenuUsed("Ann", 2, "") and table(state, "Ann") == []


def test_a_menu_picking_a_take_out_box_resolves_it_the_same_turn_in_corner_order() -> None:
    state, _ = turn(new_game(3, MENU_AND_TAKEOUT), "tempura", "tempura", "tempura")
    state, _ = turn(state, "menu_9", "takeout_box_10", "sashimi")
    state, events = play(state, MenuPick("takeout_box_12"))
    assert CardPlayed("Ann", "takeout_box_12", "takeout_box_12", "menu") in events
    assert queue(state) == [(10, "Ben", "takeout"), (12, "Ann", "takeout")]
    state, _ = play(state, Flip(()))
    state, events = play(state, Flip((0,)))
    assert events[0] == CardsFlipped("Ann", ("tempura",))
    assert flipped(state, "Ann") == ["tempura"] and state.turn == 3


def test_a_menu_picking_a_take_out_box_can_flip_nothing_played_this_turn() -> None:
    """Ann's first turn: nothing on her table from an earlier turn, so the box resolves alone."""
    state, _ = turn(new_game(3, MENU_AND_TAKEOUT), "menu_9", "tempura", "tempura")
    state, events = play(state, MenuPick("takeout_box_11"))
    assert CardsFlipped("Ann", ()) in events and state.turn == 2


# ------------------------------------------------------------------ take-out box


def test_a_take_out_box_flips_only_cards_played_on_earlier_turns() -> None:
    state, _ = turn(new_game(3, MENU_AND_TAKEOUT), "tempura", "sashimi", "sashimi")
    state, _ = turn(state, "sashimi", "tempura", "tempura")
    state, _ = turn(state, "takeout_box_11", "tempura", "tempura")
    assert state.phase is Phase.TAKEOUT
    refused(state, Flip((2,)), "position 2 is not a face-up card played on an earlier turn")
    refused(state, Flip((0, 0)), "a card is flipped once")
    flips = [f.positions for f in GAME.legal_actions(state) if isinstance(f, Flip)]
    assert flips == [(), (0,), (1,), (0, 1)]
    state, events = play(state, Flip((0, 1)))
    assert events[0] == CardsFlipped("Ann", ("tempura", "sashimi"))
    assert flipped(state, "Ann") == ["tempura", "sashimi"]


def test_a_card_played_with_the_take_out_box_cannot_be_flipped() -> None:
    menu = carte(specials=("chopsticks", "takeout_box"))
    state, _ = turn(new_game(3, menu), "tempura", "tempura", "tempura")
    state, _ = turn(state, "chopsticks_1", "sashimi", "sashimi")
    state, _ = turn(state, Reveal("Ann", "takeout_box_10", second="sashimi"), "sashimi",
                    "sashimi")
    assert state.phase is Phase.TAKEOUT and table(state, "Ann") == ["tempura", "sashimi"]
    refused(state, Flip((1,)), "position 1 is not a face-up card played on an earlier turn")
    assert [f.positions for f in GAME.legal_actions(state) if isinstance(f, Flip)] == [(), (0,)]


def test_flipped_cards_are_worth_2_each_and_lose_what_they_were() -> None:
    state, _ = turn(new_game(3, MENU_AND_TAKEOUT), "tempura", "sashimi", "sashimi")
    state, _ = turn(state, "tempura", "tempura", "tempura")
    state, _ = turn(state, "takeout_box_10", "sashimi", "sashimi")
    state, _ = play(state, Flip((0, 1)))
    state, _ = finish_round(state, ("maki_1", "maki_2", "maki_3", "egg_nigiri", "salmon_nigiri",
                                    "miso_soup", "squid_nigiri", "pudding"))
    sheet = GAME.score(state).to_json()
    assert points(sheet, "Ann", "take-out box") == 4
    assert points(sheet, "Ann", "tempura") == 0  # the pair was flipped


# ------------------------------------------------------------------ spoon


def spoon_turn(ask: str) -> GameState:
    """Ann's spoon (played turn 1) asks for ``ask`` on turn 2; Ben and Cat reveal tempura."""
    state, _ = turn(new_game(4, SPOON_AND_MENU), "spoon_5", "tempura", "tempura", "tempura")
    state, _ = turn(state, Reveal("Ann", "sashimi", ask=ask), "tempura", "sashimi", "sashimi")
    assert state.phase is Phase.SPOON
    return state


def test_a_spoon_brings_the_card_asked_for_and_goes_to_the_giver() -> None:
    state, events = play(spoon_turn("squid_nigiri"), SpoonGive("Cat", "squid_nigiri"))
    assert events[:2] == [
        SpoonGiven("Ann", "Cat", "squid_nigiri"),
        CardPlayed("Ann", "squid_nigiri", "squid_nigiri", "spoon"),
    ]
    assert table(state, "Ann") == ["sashimi", "squid_nigiri"]
    assert "spoon_5" not in state.discards  # into Cat's hand, still in play
    assert state.turn == 3


def test_a_spoon_asking_for_a_type_takes_any_variant() -> None:
    state, _ = play(spoon_turn("nigiri"), SpoonGive("Ben", "egg_nigiri"))
    assert table(state, "Ann")[-1] == "egg_nigiri"


def test_a_spoon_asking_for_an_exact_variant_takes_only_that_card() -> None:
    refused(spoon_turn("squid_nigiri"), SpoonGive("Ben", "egg_nigiri"),
            "Egg Nigiri does not answer a spoon asking for Squid Nigiri")


def test_the_asker_cannot_give_to_their_own_spoon() -> None:
    refused(spoon_turn("nigiri"), SpoonGive("Ann", "egg_nigiri"),
            "Ann cannot give a card to their own spoon")


def test_nobody_holding_the_card_discards_the_spoon() -> None:
    state, events = play(spoon_turn("maki_3"), SpoonGive())
    assert events[:2] == [
        SpoonGiven("Ann", "", ""),
        Discarded("Ann", "spoon_5", "nobody held the card the spoon asked for"),
    ]
    assert "spoon_5" in state.discards and table(state, "Ann") == ["sashimi"]


def test_a_card_given_needs_its_giver() -> None:
    refused(spoon_turn("nigiri"), SpoonGive("", "egg_nigiri"),
            "a card given needs the player who gave it")


def test_a_spoon_asks_for_a_card_on_the_menu() -> None:
    state, _ = turn(new_game(4, SPOON_AND_MENU), "spoon_5", "tempura", "tempura", "tempura")
    refused(state, Reveal("Ann", "sashimi", ask="tofu"), "the spoon asks for Tofu",
            "not on this menu")
    refused(state, Reveal("Ann", "sashimi", ask="sushi"), "which is no card type or card")


def test_a_spoon_acts_from_a_later_turn_only() -> None:
    refused(new_game(4, SPOON_AND_MENU), Reveal("Ann", "spoon_5", ask="nigiri"),
            "asking for a card needs a spoon on the table from an earlier turn")


def test_the_giver_must_have_a_card_left_in_hand() -> None:
    """On the last turn everyone has revealed their only card: no one can give."""
    state, _ = turn(new_game(4, SPOON_AND_MENU), "spoon_5", "tempura", "tempura", "tempura")
    for k in range(7):
        state, _ = turn(state, "maki_1" if k < 4 else "egg_nigiri", "sashimi",
                        "maki_2" if k < 5 else "salmon_nigiri", "maki_3" if k < 3 else "tempura")
    assert state.hand_size == 1
    state, _ = turn(state, Reveal("Ann", "egg_nigiri", ask="sashimi"), "sashimi", "tempura",
                    "salmon_nigiri")
    refused(state, SpoonGive("Ben", "sashimi"), "Ben has no card left in hand to give this turn")
    assert GAME.legal_actions(state) == [SpoonGive()]
    state, _ = play(state, SpoonGive())
    assert state.round == 2


def test_a_giver_who_used_chopsticks_on_the_second_to_last_turn_has_no_card_left() -> None:
    menu = carte(specials=("spoon", "chopsticks"))
    state, _ = turn(new_game(3, menu), "spoon_4", "chopsticks_1", "tempura")
    for _ in range(7):
        state, _ = turn(state, "maki_1" if state.turn < 6 else "egg_nigiri", "sashimi",
                        "salmon_nigiri" if state.turn < 7 else "maki_3")
    assert state.hand_size == 2
    state, _ = turn(state, Reveal("Ann", "tempura", ask="nigiri"),
                    Reveal("Ben", "tempura", second="tempura"), "tempura")
    refused(state, SpoonGive("Ben", "egg_nigiri"), "Ben has no card left in hand")
    state, _ = play(state, SpoonGive("Cat", "egg_nigiri"))
    assert table(state, "Ann")[-1] == "egg_nigiri"


def test_a_spoon_can_bring_a_special_order_that_copies_at_once() -> None:
    menu = carte(specials=("spoon", "special_order"))
    state, _ = turn(new_game(3, menu), "spoon_4", "tempura", "tempura")
    state, _ = turn(state, Reveal("Ann", "sashimi", ask="special_order"), "tempura", "tempura")
    refused(state, SpoonGive("Ben", "special_order"), "say which card of the table")
    state, events = play(state, SpoonGive("Ben", "special_order", copies="sashimi"))
    assert CardPlayed("Ann", "special_order", "sashimi", "spoon") in events
    assert table(state, "Ann") == ["sashimi", "sashimi"]


def test_simulation_knows_who_must_give_first_clockwise_from_the_left() -> None:
    state = new_game(4, SPOON_AND_MENU, mode="simulation")
    hands = (
        ("spoon_4",) + ("tempura",) * 4 + ("maki_1",) * 4,
        ("tempura",) * 4 + ("sashimi",) * 5,
        ("squid_nigiri",) + ("sashimi",) * 3 + ("egg_nigiri",) * 4 + ("maki_3",),
        ("squid_nigiri",) + ("maki_2",) * 5 + ("salmon_nigiri",) * 3,
    )
    state, _ = play(state, Deal(("pudding",) * 5, tuple(c for h in hands for c in h)))
    state, _ = turn(state, "spoon_4", "tempura", "sashimi", "maki_2")
    # hands passed left: Ann holds Dan's, Ben Ann's, Cat Ben's, Dan Cat's (with a squid)
    state, _ = turn(state, Reveal("Ann", "maki_2", ask="squid_nigiri"), "tempura", "tempura",
                    "sashimi")
    assert state.phase is Phase.SPOON
    assert GAME.legal_actions(state) == [SpoonGive("Dan", "squid_nigiri")]
    refused(state, SpoonGive(), "Dan holds what the spoon asks for")
    state, _ = play(state, SpoonGive("Dan", "squid_nigiri"))
    assert "spoon_4" in state.seats[0].hand  # Dan's hand, passed on to Ann
    assert all(len(s.hand) == state.hand_size for s in state.seats)


def test_simulation_discards_a_spoon_nobody_can_answer_by_itself() -> None:
    state = new_game(3, SPOON_AND_MENU, mode="simulation")
    hands = (
        ("spoon_4",) + ("tempura",) * 8 + ("sashimi",),
        ("sashimi",) * 7 + ("maki_1",) * 3,
        ("maki_1",) + ("maki_2",) * 5 + ("maki_3",) * 3 + ("egg_nigiri",),
    )
    state, _ = play(state, Deal(("pudding",) * 5, tuple(c for h in hands for c in h)))
    state, _ = turn(state, "spoon_4", "sashimi", "maki_1")
    state, events = turn(state, Reveal("Ann", "maki_2", ask="squid_nigiri"), "tempura",
                         "sashimi")
    assert Discarded("Ann", "spoon_4", "nobody held the card the spoon asked for") in events
    assert state.turn == 3 and "spoon_4" in state.discards


def test_the_pending_queue_is_empty_between_turns() -> None:
    state, _ = turn(new_game(3, MENU_AND_TAKEOUT), "menu_7", "tempura", "tempura")
    assert state.pending == (Pending(7, 0, "menu"),)
    state, _ = play(state, MenuPick("tempura"))
    assert state.pending == () and state.phase is Phase.REVEAL


def test_spoons_of_equal_corner_resolve_in_seat_order() -> None:
    """A copy of a spoon has the spoon's corner; Ann's copy and Cat's spoon are both 4."""
    menu = carte(specials=("spoon", "special_order"))
    state, _ = turn(new_game(3, menu), "spoon_4", "tempura", "tempura")
    state, _ = turn(state, Reveal("Ann", "special_order", copies="spoon_4"), "tempura", "tempura")
    state, _ = turn(state, Reveal("Ann", "sashimi", ask="nigiri", spoon=4), "sashimi", "sashimi")
    state, _ = play(state, SpoonGive("Ben", "egg_nigiri"))  # Ben's hand, spoon included, to Cat
    state, _ = turn(state, "sashimi", "sashimi", "spoon_4")
    state, _ = turn(state, Reveal("Ann", "maki_1", ask="maki"), "maki_1",
                    Reveal("Cat", "maki_2", ask="nigiri"))
    assert queue(state) == [(4, "Ann", "spoon"), (4, "Cat", "spoon")]


# ------------------------------------------------------------------ take-out box and wasabi


WASABI_TAKEOUT = carte(specials=("wasabi", "takeout_box"))


def wasabi_turns() -> GameState:
    """Ann: a wasabi, a squid nigiri on it, then a take-out box waiting to flip."""
    state, _ = turn(new_game(3, WASABI_TAKEOUT), "wasabi", "tempura", "tempura")
    state, _ = turn(state, "squid_nigiri", "tempura", "tempura")
    state, _ = turn(state, "takeout_box_10", "sashimi", "sashimi")
    assert state.phase is Phase.TAKEOUT
    return state


def test_flipping_a_nigiri_on_a_wasabi_leaves_the_wasabi_covered() -> None:
    state, _ = play(wasabi_turns(), Flip((1,)))
    state, _ = turn(state, "egg_nigiri", "sashimi", "sashimi")
    assert [(p.scores_as, p.on_wasabi, p.covered, p.flipped) for p in placed(state, "Ann")] == [
        ("wasabi", False, True, False),
        ("squid_nigiri", False, False, True),
        ("egg_nigiri", False, False, False),  # the wasabi is taken
    ]
    state, _ = finish_round(state, [c for c in FILLERS if "nigiri" not in c])
    sheet = GAME.score(state).to_json()
    assert points(sheet, "Ann", "take-out box") == 2
    assert points(sheet, "Ann", "nigiri") == 1


def test_flipping_a_covered_wasabi_drops_its_nigiri_to_the_plain_value() -> None:
    state, _ = play(wasabi_turns(), Flip((0,)))
    assert [(p.scores_as, p.on_wasabi, p.flipped) for p in placed(state, "Ann")] == [
        ("wasabi", False, True),
        ("squid_nigiri", False, False),
    ]
    state, _ = finish_round(state, [c for c in FILLERS if "nigiri" not in c])
    sheet = GAME.score(state).to_json()
    assert points(sheet, "Ann", "take-out box") == 2
    assert points(sheet, "Ann", "nigiri") == 3


def test_the_cards_a_menu_draws_come_from_the_deck() -> None:
    """Seed 001: the menu draws from the rest of the deck, so a card that is on the table or
    discarded (here the menu itself) cannot be among the cards drawn."""
    state, _ = turn(new_game(3, MENU_AND_TAKEOUT), "menu_8", "tempura", "tempura")
    refused(state, MenuPick("tempura", drawn=("menu_8", "tempura", "sashimi", "maki_1")),
            "Menu (8)", "holds 1")
