"""Hidden action-card hands (playing, recording draws) and the end-of-game tip count."""

from __future__ import annotations

from companion.games.sushi_express.actions import (
    DeclareTips,
    Guess,
    RecordDraw,
    ReRoll,
    Roll,
)
from companion.games.sushi_express.events import GameEnded, TipsDeclared
from companion.games.sushi_express.hand import count_accounted
from companion.games.sushi_express.legal import legal_actions
from companion.games.sushi_express.phases.tips import tip_range
from companion.games.sushi_express.state import Phase

from .helpers import (
    EXCHANGE,
    FURTHER,
    REROLL,
    SAME,
    TIPCARD,
    ending,
    guessed,
    play,
    refused,
    started,
    with_hand,
)

# -- hands ----------------------------------------------------------------------------------


def test_a_played_card_leaves_the_game() -> None:
    state, _ = play(started(), Guess("Ann", 7), Guess("Ben", 7, same_guess=True))
    assert state.players[1].hand.known == (FURTHER,)
    assert state.played == (SAME,)
    assert state.action_supply + sum(p.hand.size for p in state.players) + len(state.played) == 28


def test_a_known_card_is_played_before_an_unknown_one() -> None:
    state, _ = play(started(), Guess("Ann", 7))
    state = with_hand(state, "Ben", SAME, unknown=1)
    state, _ = play(state, Guess("Ben", 7, same_guess=True))
    assert state.players[1].hand.known == () and state.players[1].hand.unknown == 1


def test_an_unknown_card_cannot_be_a_card_whose_copies_are_all_accounted_for() -> None:
    state, _ = play(started(), Guess("Ann", 7))
    state = with_hand(state, "Ann", *([SAME] * 10))
    state = with_hand(state, "Ben", unknown=1)
    assert count_accounted(state.players, state.played)[0] == 12
    reason = refused(state, Guess("Ben", 7, same_guess=True))
    assert reason == "Ben guessed 7 but 7 is taken and Ben has no Same guess card"


def test_cat_has_no_re_roll_card() -> None:
    state = guessed(started(), {"Ann": 5, "Ben": 4, "Cat": 9, "Dan": 3})
    state, _ = play(state, Roll("Cat", (1, 1)))
    assert refused(state, ReRoll("Cat", 0, 6)) == "Cat has no Re-roll card"


def test_recording_a_draw_makes_the_card_known_and_tells_nobody() -> None:
    state = with_hand(started(), "Ann", SAME, unknown=2)
    state, events = play(state, RecordDraw("Ann", REROLL))
    assert events == []
    assert state.players[0].hand.known == (SAME, REROLL)
    assert state.players[0].hand.unknown == 1
    assert state.accounted == count_accounted(state.players, state.played)


def test_a_draw_cannot_be_recorded_without_an_unrecorded_card() -> None:
    refused(started(), RecordDraw("Ann", REROLL), "Ann has no unrecorded action card")


def test_a_draw_cannot_be_a_card_the_deck_no_longer_holds() -> None:
    state = with_hand(started(), "Ann", TIPCARD, TIPCARD)
    state = with_hand(state, "Ben", unknown=1)
    refused(state, RecordDraw("Ben", TIPCARD), "only 2 Tip cards", "Ben cannot have drawn one")


def test_recorded_cards_restrict_what_unknown_cards_may_be() -> None:
    state = with_hand(started(), "Ann", unknown=4)
    for _ in range(4):
        state, _ = play(state, RecordDraw("Ann", REROLL))
    state = with_hand(state, "Ben", unknown=1)
    assert RecordDraw("Ben", REROLL) not in legal_actions(state)
    assert RecordDraw("Ben", EXCHANGE) in legal_actions(state)


# -- tips -----------------------------------------------------------------------------------


def test_certain_tip_counts_are_filled_in_and_the_game_ends() -> None:
    state = ending(Ann=((TIPCARD,), 0), Ben=((TIPCARD, SAME), 0))
    assert state.phase is Phase.OVER
    assert [p.tips_declared for p in state.players] == [1, 1, 0, 0]


def test_unknown_cards_may_hide_tips_so_the_player_declares() -> None:
    state = ending(Ann=((), 2))
    assert state.phase is Phase.TIPS
    assert tip_range(state, 0) == (0, 2)
    assert [p.tips_declared for p in state.players] == [None, 0, 0, 0]
    assert legal_actions(state)[:3] == [
        DeclareTips("Ann", 0),
        DeclareTips("Ann", 1),
        DeclareTips("Ann", 2),
    ]
    state, events = play(state, DeclareTips("Ann", 1))
    assert events == [
        TipsDeclared(player="Ann", tips=1, automatic=False),
        GameEnded(reason=state.end_reason),
    ]
    assert state.players[0].hand.known == (TIPCARD,)
    assert state.phase is Phase.OVER


def test_a_declaration_cannot_exceed_what_the_hand_can_hold() -> None:
    state = ending(Ann=((), 1))
    refused(state, DeclareTips("Ann", 2), "Ann cannot hold 2 Tip cards: at most 1")
    refused(state, DeclareTips("Ann", -1), "cannot declare -1")


def test_a_declaration_cannot_be_below_the_known_tips() -> None:
    state = ending(Ann=((TIPCARD,), 1))
    refused(state, DeclareTips("Ann", 0), "Ann holds 1 known Tip card, so cannot declare 0")


def test_the_game_holds_only_two_tip_cards_in_all() -> None:
    state = ending(Ann=((TIPCARD,), 2), Ben=((), 3))
    assert tip_range(state, 1) == (0, 1)
    state, _ = play(state, DeclareTips("Ann", 2))
    assert state.phase is Phase.OVER
    assert state.players[1].tips_declared == 0


def test_a_declared_player_cannot_declare_again_or_record_a_tip() -> None:
    state = ending(Ann=((), 2), Ben=((), 2))
    state, _ = play(state, DeclareTips("Ann", 0))
    refused(state, DeclareTips("Ann", 1), "Ann already declared 0")
    refused(state, RecordDraw("Ann", TIPCARD), "Ann declared 0 Tip cards")
    state, _ = play(state, RecordDraw("Ann", SAME))
    assert state.phase is Phase.TIPS


def test_recording_the_last_tips_settles_the_count() -> None:
    state = ending(Ann=((), 2), Ben=((), 2))
    state, _ = play(state, RecordDraw("Ben", TIPCARD), RecordDraw("Ben", TIPCARD))
    assert state.phase is Phase.OVER
    assert [p.tips_declared for p in state.players] == [0, 2, 0, 0]


def test_nobody_declares_tips_before_the_end() -> None:
    assert refused(started(), DeclareTips("Ann", 0)) == (
        "It is the guessing phase; nobody declares tips yet"
    )


def test_nothing_is_accepted_once_the_game_is_over() -> None:
    state = ending()
    assert state.phase is Phase.OVER
    assert refused(state, Guess("Ann", 3)) == "The game is over"
    refused(state, RecordDraw("Ann", SAME), "The game is over")
    assert legal_actions(state) == []
