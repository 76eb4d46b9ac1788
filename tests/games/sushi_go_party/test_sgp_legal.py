"""The decisions ``legal_actions`` lists (``legal.py``): exactly what ``apply`` accepts, for the
first player still to reveal, a spoon's givers, a menu's picks and a take-out box's flips; what a
special order may copy; and the table's inputs ``chance_action`` draws in scoring mode.

"Exactly" is checked against every candidate: each card of the catalogue (a special order with
each copy, on a wasabi or not), tried with ``apply``; the accepted ones must be the listed ones.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable, Iterator
from itertools import combinations

from companion.games.base import IllegalAction, Message
from companion.games.sushi_go_party import GAME
from companion.games.sushi_go_party.actions import (
    FLIPPED,
    EnterTableau,
    Flip,
    MenuPick,
    Reveal,
    SpoonGive,
)
from companion.games.sushi_go_party.cards import CARDS_BY_ID
from companion.games.sushi_go_party.legal import (
    MAX_FLIP_SETS,
    chance_action,
    entry_for,
    simulated_rounds,
    so_choices,
)
from companion.games.sushi_go_party.state import GameState, Phase, Placed
from companion.games.sushi_go_party.tableau import SpecialOrder, Tableau

from .helpers import FILLERS, carte, new_game, play, turn

SO = "special_order"
SO_AND_WASABI = carte(specials=("wasabi", "special_order"))
CHOPSTICKS_AND_SO = carte(specials=("chopsticks", "special_order"))


def choices_of(card: str, cards: Iterable[str]) -> Iterator[tuple[str, str, bool]]:
    """(card, copies, on_wasabi) a player could name for ``card``."""
    if card != SO:
        yield card, "", False
        return
    yield card, "", False  # (apply ignores on_wasabi when nothing is copied: not listed)
    for copies in (FLIPPED, *cards):
        for on in (False, True):
            yield card, copies, on


def accepted(state: GameState, actions: Iterable[Message]) -> set[Message]:
    out = set()
    for action in actions:
        try:
            GAME.apply(state, action)
        except IllegalAction:
            continue
        out.add(action)
    return out


def single_reveals(state: GameState, name: str) -> list[Reveal]:
    return [
        Reveal(name, card, copies=copies, on_wasabi=on)
        for c in CARDS_BY_ID
        for card, copies, on in choices_of(c, CARDS_BY_ID)
    ]


def menu_cards(state: GameState) -> list[str]:
    return [c for c, card in CARDS_BY_ID.items() if card.type in state.menu.types]


def pair_reveals(state: GameState, name: str) -> list[Reveal]:
    cards = menu_cards(state)
    firsts = [x for c in cards for x in choices_of(c, cards)]
    return [
        Reveal(name, card, copies=copies, on_wasabi=on, second=s, second_copies=c2,
               second_on_wasabi=on2)
        for card, copies, on in firsts
        for s, c2, on2 in firsts
    ]


def filled(state: GameState, *plays: str | Reveal | None) -> GameState:
    """A turn: each seat's play, ``None`` for the first of FILLERS the engine accepts."""
    for name, p in zip(state.names, plays, strict=True):
        if p is not None:
            state, _ = play(state, p if isinstance(p, Reveal) else Reveal(name, p))
            continue
        for card in FILLERS:
            if card in ("temaki", "uramaki_3") or card.startswith(("spoon", "chopsticks")):
                continue
            try:
                state, _ = GAME.apply(state, Reveal(name, card))
            except IllegalAction:
                continue
            break
        else:  # pragma: no cover - the fillers ran out
            raise AssertionError(f"no filler left for {name}")
    return state


def listed(state: GameState, kind: type[Message]) -> list[Message]:
    return [m for m in GAME.legal_actions(state) if isinstance(m, kind)]


def assert_reveals_exact(state: GameState, name: str, pairs: bool = False) -> None:
    """The reveals without a spoon's ask listed for ``name`` are exactly those apply accepts."""
    mine = [r for r in listed(state, Reveal) if not r.ask]
    assert all(r.player == name for r in mine)
    assert len(mine) == len(set(mine))
    candidates = single_reveals(state, name) + (pair_reveals(state, name) if pairs else [])
    assert set(mine) == accepted(state, candidates)


# ------------------------------------------------------------------ special order choices


def test_a_special_order_on_an_empty_table_copies_nothing() -> None:
    assert so_choices(()) == [("", False)]


def test_a_special_order_copies_each_face_up_card_once_and_a_nigiri_onto_an_empty_wasabi() -> None:
    table_ = (
        Placed("tempura", 1, flipped=True),
        Placed("wasabi", 1),
        Placed("squid_nigiri", 2),
        Placed("squid_nigiri", 3),
        Placed(SO, 3, copies="tempura"),
        Placed("tempura", 4),
    )
    assert so_choices(table_) == [
        ("wasabi", False),
        ("squid_nigiri", False),
        ("squid_nigiri", True),
        ("tempura", False),
        (FLIPPED, False),
    ]


def test_a_special_order_copy_goes_on_a_wasabi_only_if_one_is_empty_and_face_up() -> None:
    covered = (Placed("wasabi", 1, covered=True), Placed("egg_nigiri", 2, on_wasabi=True))
    assert so_choices(covered) == [("wasabi", False), ("egg_nigiri", False)]
    face_down = (Placed("wasabi", 1, flipped=True), Placed("egg_nigiri", 2))
    assert so_choices(face_down) == [("egg_nigiri", False), (FLIPPED, False)]
    not_nigiri = (Placed("wasabi", 1), Placed("tempura", 2))
    assert so_choices(not_nigiri) == [("wasabi", False), ("tempura", False)]


def test_a_copy_of_a_nigiri_lying_on_a_wasabi_is_not_offered_onto_another_wasabi() -> None:
    """Ambiguity 2: only a copy of an uncovered nigiri may go on an empty wasabi."""
    table_ = (
        Placed("wasabi", 1, covered=True),
        Placed("salmon_nigiri", 2, on_wasabi=True),
        Placed("wasabi", 3),
    )
    assert so_choices(table_) == [("wasabi", False), ("salmon_nigiri", False)]


# ------------------------------------------------------------------ reveals


def test_the_reveals_listed_are_those_the_table_accepts_with_wasabi_and_special_order() -> None:
    state, _ = turn(new_game(3, SO_AND_WASABI), "wasabi", "tempura", "sashimi")
    state, _ = turn(state, "squid_nigiri", "tempura", "sashimi")
    state, _ = turn(state, "wasabi", "tempura", "sashimi")
    state, _ = turn(state, "egg_nigiri", "wasabi", "sashimi")
    assert_reveals_exact(state, "Ann")
    assert Reveal("Ann", SO, copies="egg_nigiri", on_wasabi=False) in listed(state, Reveal)


def test_a_first_reveal_with_an_empty_table_lists_a_special_order_copying_nothing() -> None:
    state = new_game(3, SO_AND_WASABI)
    assert_reveals_exact(state, "Ann")
    assert Reveal("Ann", SO) in listed(state, Reveal)


def test_chopsticks_list_every_pair_the_table_accepts_and_cannot_be_copied_by_their_pair() -> None:
    state, _ = turn(new_game(3, CHOPSTICKS_AND_SO), "tempura", "sashimi", "sashimi")
    state, _ = turn(state, "chopsticks_2", "sashimi", "sashimi")
    state, _ = turn(state, "maki_3", "sashimi", "sashimi")
    assert_reveals_exact(state, "Ann", pairs=True)
    reveals = listed(state, Reveal)
    assert Reveal("Ann", SO, copies="maki_3", second=SO, second_copies="maki_3") in reveals
    assert Reveal("Ann", "sashimi", second=SO, second_copies="sashimi") in reveals
    assert not [r for r in reveals if isinstance(r, Reveal) and r.second and "chop" in r.copies]


def test_chopsticks_are_listed_down_to_the_last_two_cards_in_hand() -> None:
    state, _ = turn(new_game(3, CHOPSTICKS_AND_SO), "chopsticks_1", "sashimi", "sashimi")
    while state.hand_size > 2:
        state = filled(state, None, None, None)
    assert any(isinstance(r, Reveal) and r.second for r in GAME.legal_actions(state))
    assert_reveals_exact(state, "Ann", pairs=True)


def test_chopsticks_played_first_on_the_table_are_found() -> None:
    """Chopsticks at position 0 of the table (find_bonus answers 0, not -1)."""
    state, _ = turn(new_game(3, CHOPSTICKS_AND_SO), "chopsticks_1", "sashimi", "sashimi")
    assert any(isinstance(r, Reveal) and r.second for r in GAME.legal_actions(state))


def test_a_spoon_is_listed_with_each_card_type_of_the_menu_as_its_ask() -> None:
    menu = carte(specials=("spoon", "special_order"))
    state, _ = turn(new_game(3, menu), "spoon_4", "tempura", "tempura")
    asks = [r for r in listed(state, Reveal) if isinstance(r, Reveal) and r.ask]
    types = [t.value for t in state.menu.types]
    assert {r.ask for r in asks} == set(types)
    assert Reveal("Ann", SO, copies="spoon_4", ask="nigiri") in asks
    assert all(a.copies == "spoon_4" and not a.on_wasabi for a in asks if a.card == SO)
    assert accepted(state, asks) == set(asks)


# ------------------------------------------------------------------ spoon answers


def spoon_state() -> GameState:
    menu = carte(specials=("spoon", "special_order"))
    state, _ = turn(new_game(3, menu), "tempura", "tempura", "sashimi")
    state, _ = turn(state, "spoon_4", "sashimi", "tempura")  # not the first card on the table
    state, _ = turn(state, Reveal("Ann", "sashimi", ask="special_order"), "tempura", "tempura")
    assert state.phase is Phase.SPOON
    return state


def test_a_spoon_answer_lists_nobody_then_every_other_player_with_each_matching_card() -> None:
    state = spoon_state()
    answers = listed(state, SpoonGive)
    assert answers[0] == SpoonGive()
    givers = {a.giver for a in answers if isinstance(a, SpoonGive) and a.giver}
    assert givers == {"Ben", "Cat"}
    assert SpoonGive("Ben", SO, "sashimi") in answers
    assert SpoonGive("Cat", SO, "tempura") in answers
    candidates = [SpoonGive()] + [
        SpoonGive(giver, card, copies, on)
        for giver in ("Ann", "Ben", "Cat")
        for card, copies, on in choices_of(SO, CARDS_BY_ID)
    ] + [SpoonGive(giver, "tempura") for giver in ("Ann", "Ben", "Cat")]
    assert set(answers) == accepted(state, candidates)


def test_a_spoon_of_the_last_turn_lists_only_nobody_gives() -> None:
    menu = carte(specials=("spoon", "special_order"))
    state, _ = turn(new_game(3, menu), "spoon_4", "tempura", "sashimi")
    while state.hand_size > 1:
        state = filled(state, None, None, None)
    state = filled(state, Reveal("Ann", "salmon_nigiri", ask="nigiri"), None, None)
    assert GAME.legal_actions(state) == [SpoonGive()]


def test_a_spoon_of_the_second_to_last_turn_skips_a_giver_who_used_chopsticks() -> None:
    menu = carte(specials=("spoon", "chopsticks"))
    state, _ = turn(new_game(3, menu), "spoon_4", "chopsticks_1", "tempura")
    while state.hand_size > 2:
        state, _ = turn(state, "maki_1" if state.turn < 6 else "egg_nigiri", "sashimi",
                        "salmon_nigiri" if state.turn < 7 else "maki_3")
    state, _ = turn(state, Reveal("Ann", "tempura", ask="nigiri"),
                    Reveal("Ben", "tempura", second="tempura"), "tempura")
    answers = listed(state, SpoonGive)
    assert answers[0] == SpoonGive()
    assert {a.giver for a in answers if isinstance(a, SpoonGive)} == {"", "Cat"}
    assert SpoonGive("Cat", "egg_nigiri") in answers


# ------------------------------------------------------------------ menu picks


def chopsticks_back_in_bens_hand() -> GameState:
    """Ann's chopsticks (the deck's only Chopsticks (1)) go back into the hand she holds on
    turn 2, which Ben holds on turn 3: the card is known to be there."""
    state, _ = turn(new_game(3, carte(specials=("chopsticks", "menu"))), "chopsticks_1",
                    "tempura", "tempura")
    state, _ = turn(state, Reveal("Ann", "sashimi", second="tempura"), "sashimi", "sashimi")
    return state


def test_a_card_known_to_be_back_in_a_hand_is_listed_for_whoever_holds_that_hand() -> None:
    state, _ = play(chopsticks_back_in_bens_hand(), Reveal("Ann", "tempura"))
    assert Reveal("Ben", "chopsticks_1") in listed(state, Reveal)
    assert_reveals_exact(state, "Ben")


def test_a_menu_does_not_pick_a_card_known_to_be_in_the_pickers_own_hand() -> None:
    """A menu draws from the deck; the only Chopsticks (1) is in the hand Ben holds."""
    state, _ = turn(chopsticks_back_in_bens_hand(), "tempura", "menu_8", "sashimi")
    assert state.phase is Phase.MENU
    picks = listed(state, MenuPick)
    assert MenuPick("chopsticks_1") not in picks and MenuPick("chopsticks_2") in picks
    candidates = [MenuPick(c) for c in CARDS_BY_ID]
    assert set(picks) == accepted(state, candidates)


def test_a_menu_in_turn_mode_lists_every_card_the_deck_can_still_hold_but_a_menu() -> None:
    menu = carte(specials=("menu", "special_order"))
    state, _ = turn(new_game(3, menu), "tempura", "sashimi", "sashimi")
    state, _ = turn(state, "menu_8", "sashimi", "sashimi")
    assert state.phase is Phase.MENU
    picks = listed(state, MenuPick)
    assert MenuPick(SO, "tempura") in picks and MenuPick("tempura") in picks
    assert not [p for p in picks if isinstance(p, MenuPick) and p.card.startswith("menu")]
    candidates = [
        MenuPick(card, copies, on)
        for c in CARDS_BY_ID
        for card, copies, on in choices_of(c, CARDS_BY_ID)
    ]
    assert set(picks) == accepted(state, candidates)


# ------------------------------------------------------------------ take-out box


def takeout_with(flippable: int) -> GameState:
    menu = carte(specials=("takeout_box", "special_order"))
    state = new_game(3, menu)
    for _ in range(flippable):
        state = filled(state, None, None, None)
    state = filled(state, "takeout_box_10", None, None)
    assert state.phase is Phase.TAKEOUT
    return state


def test_a_take_out_box_with_8_cards_lists_every_set_of_them() -> None:
    assert MAX_FLIP_SETS == 8
    state = takeout_with(8)
    flips = [f.positions for f in listed(state, Flip) if isinstance(f, Flip)]
    expected = [c for k in range(9) for c in combinations(range(8), k)]
    assert flips == expected and len(flips) == 256


def test_a_take_out_box_with_more_than_8_cards_lists_none_each_and_all() -> None:
    state = new_game(2, carte(specials=("takeout_box", "special_order")))
    for _ in range(9):
        state = filled(state, None, None)
    state = filled(state, "takeout_box_10", None)
    flips = [f.positions for f in listed(state, Flip) if isinstance(f, Flip)]
    assert flips == [(), *((p,) for p in range(9)), tuple(range(9))]


# ------------------------------------------------------------------ scoring mode's inputs


def test_a_tableau_is_entered_with_every_part_of_it() -> None:
    t = Tableau(
        cards=("wasabi", "squid_nigiri", "tempura", "uramaki_5"),
        on_wasabi=("egg_nigiri",),
        special_orders=(SpecialOrder("egg_nigiri", on_wasabi=True), SpecialOrder("tempura")),
        flipped=("sashimi",),
        uramaki_places=(2,),
    )
    assert entry_for("Ann", t) == EnterTableau(
        player="Ann",
        cards=("wasabi", "squid_nigiri", "tempura", "uramaki_5"),
        on_wasabi=("egg_nigiri",),
        special_orders=("egg_nigiri", "tempura"),
        special_orders_on_wasabi=("egg_nigiri",),
        flipped=("sashimi",),
        uramaki_places=(2,),
    )


def test_scoring_mode_enters_the_rounds_of_one_game_simulated_from_the_names() -> None:
    """The seed is fixed by the table (the names joined by "|"), so the tableaux of a round fit
    together and the rng given plays no part."""
    state = new_game(3, "sushi_go", mode="scoring")
    expected = simulated_rounds(state.menu, 3, zlib.crc32(b"Ann|Ben|Cat"))
    for number in (1, 2, 3):
        for seat, name in enumerate(state.names):
            assert state.phase is Phase.ENTRY and state.round == number
            action = chance_action(state, random.Random(seat))
            assert action == entry_for(name, expected[number - 1][seat])
            state, _ = play(state, action)
    assert chance_action(state, random.Random(0)) is None
