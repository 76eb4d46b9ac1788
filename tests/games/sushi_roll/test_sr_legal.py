"""What :mod:`companion.games.sushi_roll.legal` offers and draws: the decisions listed while a
player is to play (every distinct pick, every Menu re-roll as a multiset, every Chopsticks swap
with a belt holding dice, none without the token), and the table's inputs drawn in simulation
(a belt's roll from the bag or of its own kinds, a Menu re-roll, a scoring-mode tray)."""

from __future__ import annotations

import random
import zlib
from collections import Counter

from companion.games.common.evolve import evolve
from companion.games.sushi_roll import GAME
from companion.games.sushi_roll.actions import EnterTray, Pick, Roll, UseChopsticks, UseMenu
from companion.games.sushi_roll.dice import DICE_IN_BOX, KIND_FACES, DieKind, kind_of, readings
from companion.games.sushi_roll.legal import (
    chance_action,
    entry_for,
    legal_actions,
    roll_faces,
    simulated_rounds,
)
from companion.games.sushi_roll.scoring import score_game
from companion.games.sushi_roll.state import GameState, Phase, Seat
from companion.games.sushi_roll.tray import Tray

from .helpers import (
    DUMPLING,
    EGG,
    MAKI1,
    MAKI3,
    SQUID,
    TEMPURA,
    WASABI,
    fill_belts,
    new_game,
    pick,
    play,
    reroll_same,
    start,
)


def with_seats(state: GameState, *seats: Seat) -> GameState:
    return evolve(state, seats=seats)


def of_type(actions: list, kind: type) -> list:
    return [a for a in actions if isinstance(a, kind)]


# -- decisions ----------------------------------------------------------------------------------


def test_nothing_is_listed_while_the_game_waits_for_the_table() -> None:
    state = new_game(2)
    assert state.phase is Phase.ROLL and legal_actions(state) == []
    assert legal_actions(new_game(2, "scoring")) == []
    state = start(2, [MAKI1])
    state, _ = play(state, UseMenu("Ann", (MAKI1,)))
    assert state.phase is Phase.REROLL and legal_actions(state) == []


def test_the_player_to_play_may_take_each_distinct_die_of_their_belt() -> None:
    state = start(2, [MAKI1, MAKI1, EGG])
    ann = state.seats[0]
    ann = evolve(ann, belt=(MAKI1, MAKI1, EGG), menu=0, chopsticks=0)
    got = legal_actions(with_seats(state, ann, state.seats[1]))
    assert got == [Pick("Ann", MAKI1), Pick("Ann", EGG)]


def test_the_listed_decisions_are_those_of_the_player_whose_turn_it_is() -> None:
    state = pick(start(2, [MAKI1], [SQUID]), MAKI1)
    assert state.names[state.current] == "Ben"
    assert {a.player for a in legal_actions(state)} == {"Ben"}
    assert Pick("Ben", SQUID) in legal_actions(state)


def test_a_menu_token_offers_every_non_empty_choice_of_own_dice_identical_dice_once() -> None:
    state = start(2)
    ann = evolve(state.seats[0], belt=(MAKI1, MAKI1, EGG), chopsticks=0)
    menus = of_type(legal_actions(with_seats(state, ann, state.seats[1])), UseMenu)
    assert sorted(m.dice for m in menus) == sorted(
        [(MAKI1,), (MAKI1, MAKI1), (EGG,), (MAKI1, EGG), (MAKI1, MAKI1, EGG)]
    )
    assert all(m.player == "Ann" for m in menus)


def test_no_menu_re_roll_is_offered_without_a_menu_token() -> None:
    state = start(2)
    ann = evolve(state.seats[0], menu=0)
    assert of_type(legal_actions(with_seats(state, ann, state.seats[1])), UseMenu) == []
    ann = evolve(state.seats[0], menu=1)
    assert of_type(legal_actions(with_seats(state, ann, state.seats[1])), UseMenu)


def test_chopsticks_offer_every_swap_of_different_dice_with_every_other_belt_holding_dice() -> None:
    state = start(3)
    ann = evolve(state.seats[0], belt=(MAKI1, EGG), menu=0)
    ben = evolve(state.seats[1], belt=(EGG, SQUID))
    cat = evolve(state.seats[2], belt=())
    swaps = of_type(legal_actions(with_seats(state, ann, ben, cat)), UseChopsticks)
    assert swaps == [
        UseChopsticks("Ann", MAKI1, "Ben", EGG),
        UseChopsticks("Ann", MAKI1, "Ben", SQUID),
        UseChopsticks("Ann", EGG, "Ben", SQUID),
    ]
    cat = evolve(cat, belt=(TEMPURA,))
    swaps = of_type(legal_actions(with_seats(state, ann, ben, cat)), UseChopsticks)
    assert {s.other for s in swaps} == {"Ben", "Cat"} and len(swaps) == 5


def test_no_chopsticks_swap_is_offered_without_a_chopsticks_token() -> None:
    state = start(2)
    ann = evolve(state.seats[0], chopsticks=0)
    assert of_type(legal_actions(with_seats(state, ann, state.seats[1])), UseChopsticks) == []
    ann = evolve(state.seats[0], chopsticks=1, menu=0)
    assert of_type(legal_actions(with_seats(state, ann, state.seats[1])), UseChopsticks)


def test_every_listed_decision_is_accepted() -> None:
    state = start(3, [MAKI1, EGG], [SQUID])
    for action in legal_actions(state):
        GAME.apply(state, action)


# -- the table's inputs, drawn ----------------------------------------------------------------


def test_a_round_s_first_roll_is_the_next_belt_to_roll_drawn_from_the_bag() -> None:
    state = new_game(5)
    belts = fill_belts(5, [(EGG,) * 5, (DUMPLING,) * 5])  # every nigiri drawn
    state, _ = play(state, Roll("Ann", belts[0]), Roll("Ben", belts[1]), Roll("Dan", belts[3]))
    seen: Counter[DieKind] = Counter()
    for seed in range(40):
        action = chance_action(state, random.Random(seed))
        assert isinstance(action, Roll) and action.player == "Cat"
        assert len(action.dice) == 5
        GAME.apply(state, action)  # within the dice left in the bag
        seen.update(kind_of(r) for r in action.dice)
    assert seen[DieKind.NIGIRI] == 0
    assert set(seen) == {DieKind.APPETIZER, DieKind.MAKI, DieKind.SPECIAL, DieKind.DESSERT}


def test_the_bag_holds_only_the_dice_not_yet_drawn() -> None:
    state = new_game(5)
    belts = fill_belts(5, [(MAKI1,) * 5, (EGG,) * 5, (TEMPURA,) * 5, (DUMPLING,) * 5])
    state, _ = play(state, *(Roll(n, b) for n, b in zip(state.names[:4], belts, strict=False)))
    left = Counter(DICE_IN_BOX)
    left.subtract(kind_of(r) for b in belts[:4] for r in b)
    assert +left == {DieKind.MAKI: 1, DieKind.SPECIAL: 5, DieKind.DESSERT: 4}
    seen: set[DieKind] = set()
    for seed in range(30):
        action = chance_action(state, random.Random(seed))
        assert isinstance(action, Roll) and action.player == "Eve" and len(action.dice) == 5
        got = Counter(kind_of(r) for r in action.dice)
        assert all(n <= left[k] for k, n in got.items()), got
        seen.update(got)
    assert seen == set(+left)


def test_a_later_roll_shows_the_kinds_already_on_the_belt() -> None:
    state = start(2, [MAKI3, SQUID, WASABI])
    state = pick(pick(state, MAKI3))
    assert state.phase is Phase.ROLL and state.turn == 2
    for seed in range(10):
        action = chance_action(state, random.Random(seed))
        assert isinstance(action, Roll) and action.player == "Ann"
        assert sorted(map(kind_of, action.dice)) == sorted(map(kind_of, state.seats[0].belt))
    state = reroll_same(state)
    assert chance_action(state, random.Random(0)) is None  # a player's decision now


def test_a_menu_re_roll_rolls_the_kinds_chosen_for_the_player_re_rolling() -> None:
    state = start(2, [MAKI3, SQUID, WASABI])
    state, _ = play(state, UseMenu("Ann", (SQUID, WASABI)))
    for seed in range(10):
        action = chance_action(state, random.Random(seed))
        assert isinstance(action, Roll) and action.player == "Ann"
        assert sorted(map(kind_of, action.dice)) == [DieKind.NIGIRI, DieKind.SPECIAL]
        GAME.apply(state, action)


def test_a_roll_shows_each_face_of_a_die_as_often_as_the_die_prints_it() -> None:
    rng = random.Random(5)
    faces = Counter(roll_faces([DieKind.SPECIAL] * 6000, rng))
    assert set(faces) == set(readings(DieKind.SPECIAL))
    assert 1800 < faces["special:wasabi"] < 2200  # 2 faces of 6
    assert 800 < faces["special:menu_2"] < 1200  # 1 face of 6
    assert roll_faces([], rng) == ()
    maki = roll_faces([DieKind.MAKI, DieKind.NIGIRI], random.Random(0))
    assert [r.split(":")[0] for r in maki] == ["maki", "nigiri"]
    assert all(r.split(":")[1] in KIND_FACES[kind_of(r)] for r in maki)


def test_a_scoring_mode_tray_is_drawn_for_the_first_player_without_one() -> None:
    state = new_game(2, "scoring")
    seed = zlib.crc32(b"Ann|Ben")
    game = simulated_rounds(state.rules, state.names, seed)
    first = chance_action(state, random.Random(0))
    assert first == entry_for("Ann", game[0][0])
    state, _ = play(state, EnterTray("Ben", game[0][1].dice, game[0][1].on_wasabi))
    assert chance_action(state, random.Random(0)) == entry_for("Ann", game[0][0])
    state, _ = play(state, entry_for("Ann", game[0][0]))
    assert state.round == 2
    assert chance_action(state, random.Random(0)) == entry_for("Ann", game[1][0])


def test_a_simulated_game_has_three_legal_rounds_and_the_same_seed_gives_the_same_game() -> None:
    rules = new_game(3, "scoring").rules
    names = ("Ann", "Ben", "Cat")
    game = simulated_rounds(rules, names, 7)
    assert len(game) == 3 and all(len(r) == 3 for r in game)
    assert all(len(t.physical()) == rules.belt for r in game for t in r)
    assert simulated_rounds.__wrapped__(rules, names, 7) == game
    assert simulated_rounds.__wrapped__(rules, names, 8) != game
    score_game(rules, names, game)  # every round checked


def test_nothing_is_drawn_once_the_game_is_over() -> None:
    state = new_game(2, "scoring")
    game = simulated_rounds(state.rules, state.names, zlib.crc32(b"Ann|Ben"))
    for trays in game:
        for name, t in zip(state.names, trays, strict=True):
            state, _ = play(state, entry_for(name, t))
    assert state.phase is Phase.OVER and chance_action(state, random.Random(0)) is None


def test_a_tray_entry_gives_every_field_of_the_tray() -> None:
    t = Tray(dice=(WASABI, MAKI1), on_wasabi=(SQUID,), desserts=4, menu=2, chopsticks=1)
    assert entry_for("Cat", t) == EnterTray("Cat", (WASABI, MAKI1), (SQUID,), 4, 2, 1)
