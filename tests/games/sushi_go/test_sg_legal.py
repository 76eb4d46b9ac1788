"""Every condition of Sushi Go!'s ``legal_actions`` and ``chance_action`` (companion/games/
sushi_go/legal.py): who is asked, which cards a hidden or a known hand may reveal, the
chopsticks pairs (an earlier turn's chopsticks, both orders, not on the last card), the dummy's
controller, the deck's limits, and the table's inputs drawn in simulation and scoring mode.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from dataclasses import replace

from companion.games.base import PlayerSpec
from companion.games.sushi_go import GAME
from companion.games.sushi_go.actions import Deal, EnterTableau, MochiRoll, Reveal
from companion.games.sushi_go.legal import (
    chance_action,
    entry_for,
    legal_actions,
    random_deal,
    simulated_rounds,
)
from companion.games.sushi_go.state import GameState, Phase
from companion.games.sushi_go.tableau import Tableau

from .helpers import new_game, play, random_game, turn


def reveals(state: GameState) -> list[Reveal]:
    """``legal_actions``, every one a :class:`Reveal`."""
    out = legal_actions(state)
    assert all(isinstance(r, Reveal) for r in out)
    return [r for r in out if isinstance(r, Reveal)]


def cards_of(state: GameState) -> list[str]:
    return [r.card for r in reveals(state)]


def in_deck_order(state: GameState, leave_out: frozenset[str] = frozenset()) -> list[str]:
    return [c.id for c in state.rules.cards if c.id not in leave_out]


# ------------------------------------------------------------------------------ who is asked


def test_nothing_is_listed_outside_the_reveals() -> None:
    assert legal_actions(new_game(2, mode="scoring")) == []
    assert legal_actions(new_game(2, mode="simulation")) == []  # the deal comes first
    state = new_game(2)
    for phase in (Phase.MOCHI, Phase.DEAL, Phase.ENTRY, Phase.OVER):
        assert legal_actions(replace(state, phase=phase)) == []
    over, _ = random_game({}, 2, seed=3)
    assert over.phase is Phase.OVER and legal_actions(over) == []


def test_the_first_seat_still_to_reveal_is_asked() -> None:
    state = new_game(3)
    assert {r.player for r in reveals(state)} == {"Ann"}
    state, _ = play(state, Reveal("Ann", "tempura"))
    assert {r.player for r in reveals(state)} == {"Ben"}
    state, _ = play(state, Reveal("Cat", "tempura"))
    assert {r.player for r in reveals(state)} == {"Ben"}
    state, _ = play(state, Reveal("Ben", "tempura"))
    assert state.turn == 2 and {r.player for r in reveals(state)} == {"Ann"}


# ------------------------------------------------------------------------------ hidden hands


def test_a_hidden_hand_may_reveal_every_card_of_the_games_deck_once_each() -> None:
    state = new_game(2)
    assert reveals(state) == [Reveal("Ann", c) for c in in_deck_order(state)]


def test_a_card_whose_every_copy_is_out_is_no_longer_listed() -> None:
    state = new_game(2)
    state, _ = turn(state, "chopsticks", "chopsticks")
    assert "chopsticks" in cards_of(state)  # 2 of the 4 left
    state, _ = turn(state, "chopsticks", "chopsticks")
    singles = [r.card for r in reveals(state) if not r.second]
    assert singles == in_deck_order(state, frozenset({"chopsticks"}))


def test_a_hidden_hand_with_no_chopsticks_reveals_one_card_only() -> None:
    state = new_game(2)
    state, _ = turn(state, "tempura", "tempura")
    assert all(r.second == "" for r in reveals(state))


def test_chopsticks_played_this_turn_give_no_pair_yet() -> None:
    state = new_game(2)
    state, _ = play(state, Reveal("Ann", "chopsticks"))
    assert all(r.second == "" for r in reveals(state))  # Ben has none
    state, _ = play(state, Reveal("Ben", "tempura"))
    pairs = [r for r in reveals(state) if r.second]
    assert pairs, "chopsticks from turn 1 are usable on turn 2"


def test_chopsticks_pairs_come_in_both_orders_after_each_single_card() -> None:
    state = new_game(2)
    state, _ = turn(state, "chopsticks", "tempura")
    legal = reveals(state)
    assert Reveal("Ann", "wasabi", "egg_nigiri") in legal
    assert Reveal("Ann", "egg_nigiri", "wasabi") in legal
    assert Reveal("Ann", "tempura", "tempura") in legal
    ids = in_deck_order(state)
    # each single card, then that card with every second card the deck can still hold
    assert legal[0] == Reveal("Ann", ids[0])
    assert legal[1 : 1 + len(ids)] == [Reveal("Ann", ids[0], c) for c in ids]


def test_a_pair_is_refused_when_the_second_copy_would_exceed_the_deck() -> None:
    state = new_game(2)
    state, _ = turn(state, "chopsticks", "chopsticks")
    state, _ = turn(state, "chopsticks", "tempura")
    # 3 chopsticks on the tables, 1 left: one more is listed, never two
    legal = reveals(state)
    assert Reveal("Ann", "chopsticks") in legal
    assert Reveal("Ann", "tempura", "chopsticks") in legal
    assert Reveal("Ann", "chopsticks", "chopsticks") not in legal
    assert [r.second for r in legal if r.card == "chopsticks"] == [
        "",
        *in_deck_order(state, frozenset({"chopsticks"})),
    ]


def play_to_turn(state: GameState, last: int) -> GameState:
    while state.turn < last:
        state, _ = turn(state, "tempura", "sashimi")
    return state


def test_chopsticks_pairs_need_two_cards_left_in_the_hand() -> None:
    state = new_game(2)  # 10 cards each
    state, _ = turn(state, "chopsticks", "tempura")
    state = play_to_turn(state, 9)
    assert state.hand_size(0) == 2
    assert any(r.second for r in reveals(state)), "2 cards left: a pair is possible"
    state, _ = turn(state, "sashimi", "sashimi")
    assert state.turn == 10 and state.hand_size(0) == 1
    assert reveals(state) == [Reveal("Ann", c) for c in in_deck_order(state)]


# ------------------------------------------------------------------------------ the dummy


def test_the_dummys_controller_gives_it_a_card_with_every_card_of_their_own() -> None:
    state = new_game(2, variant="dummy_player")
    assert state.mover == 0
    legal = reveals(state)
    ids = in_deck_order(state)
    assert legal == [Reveal("Ann", c, "", d) for c in ids for d in ids]
    state, _ = play(state, legal[0])
    assert reveals(state) == [Reveal("Ben", c) for c in ids]


def test_the_other_player_controls_the_dummy_on_the_next_turn() -> None:
    state = new_game(2, variant="dummy_player")
    state, _ = play(state, Reveal("Ann", "tempura", dummy_card="sashimi"), Reveal("Ben", "gyoza"))
    assert state.mover == 1
    assert all(r.dummy_card == "" for r in reveals(state))
    state, _ = play(state, Reveal("Ann", "tempura"))
    assert {r.dummy_card for r in reveals(state)} == set(in_deck_order(state))


def test_the_dummys_controller_with_chopsticks_gives_it_a_card_with_each_pair() -> None:
    state = new_game(2, variant="dummy_player")
    state, _ = play(
        state, Reveal("Ann", "chopsticks", dummy_card="sashimi"), Reveal("Ben", "gyoza")
    )
    state, _ = play(state, Reveal("Ann", "tempura"), Reveal("Ben", "gyoza", dummy_card="sashimi"))
    assert state.mover == 0
    legal = reveals(state)
    assert Reveal("Ann", "wasabi", "egg_nigiri", "squid_nigiri") in legal
    assert all(r.dummy_card for r in legal)


# ------------------------------------------------------------------------------ known hands


HANDS = (
    # Ann's 10, then Ben's 10
    (
        *("tempura", "tempura", "sashimi", "chopsticks", "wasabi"),
        *("egg_nigiri", "gyoza", "futomaki_1", "futomaki_2", "squid_nigiri"),
    ),
    ("sashimi",) * 3 + ("tempura",) * 3 + ("gyoza",) * 4,
)


def dealt() -> GameState:
    state = new_game(2, mode="simulation")
    state, _ = play(state, Deal(hands=HANDS[0] + HANDS[1]))
    return state


def test_a_known_hand_reveals_each_card_it_holds_once_in_name_order() -> None:
    state = dealt()
    assert cards_of(state) == sorted(set(HANDS[0]))
    state, _ = play(state, Reveal("Ann", "tempura"))
    assert cards_of(state) == ["gyoza", "sashimi", "tempura"]


def test_a_known_hand_pairs_only_cards_it_holds_and_a_card_with_itself_when_held_twice() -> None:
    state = dealt()
    state, _ = turn(state, "chopsticks", "gyoza")
    # Ann now holds Ben's hand less a gyoza: 3 sashimi, 3 tempura, 3 gyoza
    legal = reveals(state)
    assert [r for r in legal if not r.second] == [
        Reveal("Ann", c) for c in ("gyoza", "sashimi", "tempura")
    ]
    assert Reveal("Ann", "tempura", "tempura") in legal
    assert Reveal("Ann", "gyoza", "sashimi") in legal and Reveal("Ann", "sashimi", "gyoza") in legal
    assert len(legal) == 3 + 3 * 3
    state, _ = turn(state, "gyoza", "tempura")
    # Ann has her own hand back less the chopsticks and Ben's tempura: each card once
    held = ["egg_nigiri", "futomaki_1", "futomaki_2", "gyoza", "sashimi", "squid_nigiri"]
    held += ["tempura", "wasabi"]
    assert sorted(state.seats[0].hand) == held
    legal = reveals(state)
    assert Reveal("Ann", "tempura", "tempura") not in legal
    assert [r for r in legal if r.card == "tempura"] == [
        Reveal("Ann", "tempura", c) for c in ("", *held) if c != "tempura"
    ]
    assert len(legal) == 8 + 8 * 7


# ------------------------------------------------------------------------------ chance


def test_a_simulated_deal_deals_every_hand_from_the_deck_left() -> None:
    state = new_game(3, mode="simulation")
    action = chance_action(state, random.Random(5))
    assert isinstance(action, Deal)
    assert len(action.hands) == 27 and action.piles == () and action.pool == ()
    assert not Counter(action.hands) - Counter(state.deck)
    assert action == random_deal(state, random.Random(5))
    assert action != random_deal(state, random.Random(6))
    played, _ = play(state, action)
    assert played.phase is Phase.REVEAL


def test_personal_draw_piles_deal_hands_and_piles_of_five() -> None:
    state = new_game(2, mode="simulation", variant="personal_draw_piles")
    deal = random_deal(state, random.Random(1))
    assert (len(deal.hands), len(deal.piles), len(deal.pool)) == (10, 10, 0)
    assert not Counter(deal.hands + deal.piles) - Counter(state.deck)


def test_the_dummy_deal_gives_the_dummy_a_pile_and_sushi_battle_a_pyramid() -> None:
    dummy = new_game(2, mode="simulation", variant="dummy_player")
    deal = random_deal(dummy, random.Random(1))
    assert (len(deal.hands), len(deal.piles), len(deal.pool)) == (18, 9, 0)
    battle = new_game(2, mode="simulation", variant="sushi_battle")
    deal = random_deal(battle, random.Random(1))
    assert (len(deal.hands), len(deal.piles), len(deal.pool)) == (0, 0, 20)
    assert not Counter(deal.pool) - Counter(battle.deck)


def test_the_cards_dealt_are_the_decks_next_cards_after_a_shuffle() -> None:
    state = new_game(2, mode="simulation", variant="personal_draw_piles")
    deck = list(state.deck)
    random.Random(9).shuffle(deck)
    deal = random_deal(state, random.Random(9))
    assert deal.hands == tuple(deck[:10]) and deal.piles == tuple(deck[10:20])


def test_nothing_is_drawn_while_a_player_decides_or_after_the_game() -> None:
    assert chance_action(new_game(2), random.Random(1)) is None
    over, _ = random_game({}, 2, seed=3)
    assert chance_action(over, random.Random(1)) is None


def test_a_mochi_roll_is_a_fair_die_of_the_first_player_to_roll() -> None:
    state = replace(new_game(3, dessert="mochi"), phase=Phase.MOCHI, rolls=(2, 0))
    faces = set()
    for seed in range(60):
        roll = chance_action(state, random.Random(seed))
        assert isinstance(roll, MochiRoll) and roll.player == "Cat"
        faces.add(roll.value)
    assert faces == {1, 2, 3, 4, 5, 6}


def test_scoring_mode_draws_each_tables_entry_in_seat_order_from_one_simulated_game() -> None:
    state = new_game(2, mode="scoring")
    first = chance_action(state, random.Random(1))
    again = chance_action(state, random.Random(2))  # the seed comes from the table, not rng
    assert isinstance(first, EnterTableau) and first == again and first.player == "Ann"
    state, _ = play(state, first)
    second = chance_action(state, random.Random(1))
    assert isinstance(second, EnterTableau) and second.player == "Ben"
    game = simulated_rounds(state.rules, state.names, _seed(state.names))
    assert first == entry_for("Ann", game[0][0]) and second == entry_for("Ben", game[0][1])
    state, _ = play(state, second)
    assert state.round == 2
    third = chance_action(state, random.Random(1))
    assert third == entry_for("Ann", game[1][0])


def _seed(names: tuple[str, ...]) -> int:
    return zlib.crc32("|".join(names).encode())


def test_other_names_give_another_simulated_game() -> None:
    a = chance_action(GAME.setup(*_players("Ann", "Ben")), random.Random(1))
    b = chance_action(GAME.setup(*_players("Ann", "Bob")), random.Random(1))
    assert isinstance(a, EnterTableau) and isinstance(b, EnterTableau)
    assert a.cards != b.cards


def _players(*names: str) -> tuple[list[PlayerSpec], dict[str, str]]:
    return [PlayerSpec(n) for n in names], {"mode": "scoring"}


def test_entry_for_carries_every_field_of_the_tableau() -> None:
    t = Tableau(("wasabi", "mochi"), ("squid_nigiri",), lead_takes=2, holds_lead=True, mochi_die=5)
    assert entry_for("Ann", t) == EnterTableau(
        "Ann", ("wasabi", "mochi"), ("squid_nigiri",), 2, True, 5
    )


def test_a_simulated_game_is_three_rounds_of_full_tables_and_the_same_for_one_seed() -> None:
    state = new_game(3, mode="scoring")
    rounds = simulated_rounds(state.rules, state.names, 7)
    assert len(rounds) == 3
    assert all(len(r) == 3 and all(len(t.physical()) == 9 for t in r) for r in rounds)
    simulated_rounds.cache_clear()
    assert simulated_rounds(state.rules, state.names, 7) == rounds
    assert simulated_rounds(state.rules, state.names, 8) != rounds


def test_the_dummys_controller_on_the_last_turn_plays_one_card_and_gives_the_dummy_the_other() -> (
    None
):
    state = new_game(2, variant="dummy_player")  # 9 turns, as for 3 players
    state, _ = play(
        state, Reveal("Ann", "chopsticks", dummy_card="sashimi"), Reveal("Ben", "gyoza")
    )
    while state.turn < 9:
        mover = state.names[state.mover]
        other = state.names[1 - state.mover]
        state, _ = play(
            state, Reveal(mover, "tempura", dummy_card="sashimi"), Reveal(other, "gyoza")
        )
    assert state.mover == 0 and state.hand_size(0) == 2  # the hand's last card and the dummy's
    legal = reveals(state)
    ids = in_deck_order(state)
    # chopsticks cannot be used: two cards for Ann leave none for the dummy
    assert legal and all(r.second == "" and r.dummy_card for r in legal)
    assert [r.card for r in legal if r.dummy_card == "tempura"] == ids


# ------------------------------------------------------------------------------ sushi battle


def battle(mode: str = "simulation") -> GameState:
    """A 2-player sushi battle: simulation with LAYOUT laid, or turn by turn (cards unknown)."""
    state = new_game(2, mode=mode, variant="sushi_battle")
    if mode == "simulation":
        state, _ = play(state, Deal(pool=LAYOUT))
    return state


#: A deal, top row first (rows 1, 3 and 5 face up).
LAYOUT = (
    *("squid_nigiri", "egg_nigiri"),
    *("salmon_nigiri", "wasabi", "gyoza"),
    *("tempura", "sashimi", "gyoza", "futomaki_2"),
    *("sashimi", "tempura", "egg_nigiri", "gyoza", "futomaki_3"),
    *("chopsticks", "tempura", "sashimi", "gyoza", "salmon_nigiri", "futomaki_1"),
)
BOTTOM = LAYOUT[-6:]


def test_a_known_pyramid_offers_each_free_card_at_its_place() -> None:
    state = battle()
    assert reveals(state) == [Reveal("Ann", c, at=(5, k + 1)) for k, c in enumerate(BOTTOM)]


def test_an_unknown_pyramid_offers_every_card_the_deck_can_hold_at_each_free_place() -> None:
    state = battle("turns")
    legal = reveals(state)
    ids = in_deck_order(state)
    assert legal == [Reveal("Ann", c, at=(5, k)) for k in range(1, 7) for c in ids]


def test_battle_chopsticks_pair_a_free_card_with_one_free_once_it_is_taken() -> None:
    state = battle()
    state, _ = play(state, Reveal("Ann", "chopsticks", at=(5, 1)))
    state, _ = play(state, Reveal("Ben", "gyoza", at=(5, 4)))
    legal = reveals(state)
    singles = [r for r in legal if not r.second]
    assert [(r.card, r.at) for r in singles] == [
        ("tempura", (5, 2)),
        ("sashimi", (5, 3)),
        ("salmon_nigiri", (5, 5)),
        ("futomaki_1", (5, 6)),
    ]
    assert Reveal("Ann", "tempura", "sashimi", at=(5, 2), second_at=(5, 3)) in legal
    assert Reveal("Ann", "sashimi", "tempura", at=(5, 3), second_at=(5, 2)) in legal
    # (4,1) lies on (5,1) and (5,2): free once the tempura at (5,2) is taken
    assert Reveal("Ann", "tempura", "sashimi", at=(5, 2), second_at=(4, 1)) in legal
    assert not any(r.second_at == (4, 1) and r.at != (5, 2) for r in legal)


def test_a_round_entered_without_places_offers_the_pyramids_cards_without_places() -> None:
    state = battle()
    state, _ = play(state, Reveal("Ann", "chopsticks"))
    assert state.unplaced and state.turn == 2
    left = sorted(set(LAYOUT) - {"chopsticks"})
    assert reveals(state) == [Reveal("Ben", c) for c in left]


def test_turn_by_turn_the_card_taken_from_an_unknown_place_counts_against_the_deck() -> None:
    """4 chopsticks in the deck: Ann's second chopsticks go back into the pyramid (5,4), so
    Ann and Ben hold one each and one lies known in the pyramid: one more may still be taken,
    never two."""
    state = battle("turns")
    state, _ = play(state, Reveal("Ann", "chopsticks", at=(5, 1)))
    state, _ = play(state, Reveal("Ben", "chopsticks", at=(5, 2)))
    state, _ = play(state, Reveal("Ann", "chopsticks", "tempura", at=(5, 3), second_at=(5, 4)))
    state, _ = play(state, Reveal("Ben", "sashimi", at=(5, 5)))
    assert state.pool[-3] == "chopsticks" and state.turn == 5
    legal = reveals(state)
    # the known chopsticks, then a chopsticks from an unknown place: 4 in all
    assert Reveal("Ann", "chopsticks", "chopsticks", at=(5, 4), second_at=(5, 6)) in legal
    # a chopsticks from an unknown place, then another from an unknown place: 5
    assert Reveal("Ann", "chopsticks", at=(5, 6)) in legal
    assert not any(
        r.card == r.second == "chopsticks" and (5, 4) not in (r.at, r.second_at) for r in legal
    )
