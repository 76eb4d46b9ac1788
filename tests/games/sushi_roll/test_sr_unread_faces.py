"""Faces not entered (issue 24 item 7): after a round's first turn the table may skip the rolls;
the red belt's holder's decision rolls every belt left with its faces unread ("kind:?"), and a
pick names the face taken. Scores are those of the same game with every face entered."""

from __future__ import annotations

import pytest

from companion.games.base import IllegalAction, UnreadableInput
from companion.games.sushi_roll import GAME
from companion.games.sushi_roll.actions import Pick, Roll, UseChopsticks, UseMenu
from companion.games.sushi_roll.dice import DieKind, die_name, is_unread, kinds_count, unread
from companion.games.sushi_roll.events import BeltRolled, TurnStarted
from companion.games.sushi_roll.state import GameState, Phase

from .helpers import (
    DUMPLING,
    MAKI1,
    SALMON,
    SQUID,
    TEMPURA,
    WASABI,
    new_game,
    pick,
    play,
    refused,
    roll_belts,
    start,
)


def after_turn_one(n: int = 3) -> GameState:
    """Round 1, turn 2, belts passed and waiting for their roll."""
    state = start(n, [WASABI, DUMPLING], [SALMON, MAKI1], [TEMPURA])
    for _ in range(n):
        seat = state.current
        state, _ = play(state, Pick(state.names[seat], state.seats[seat].belt[0]))
    assert (state.phase, state.turn) == (Phase.ROLL, 2)
    return state


def test_a_pick_by_the_red_belt_rolls_every_belt_with_faces_unread() -> None:
    state = after_turn_one()
    first = state.names[state.red]
    belt = state.seats[state.red].belt
    kinds = kinds_count(belt)
    face = next(r for r in belt if r.startswith("nigiri:") or r.startswith("appetizer:"))
    other_face = "nigiri:squid" if face.startswith("nigiri:") else "appetizer:sashimi"
    state2, events = play(state, Pick(first, other_face))
    assert sum(isinstance(e, BeltRolled) for e in events) == 3
    assert any(isinstance(e, TurnStarted) for e in events)
    assert state2.phase is Phase.PICK
    tray = state2.seats[state.red].tray
    assert tray[-1].die == other_face  # the face named, whatever the belt showed before
    left = state2.seats[state.red].belt
    assert all(is_unread(r) for r in left)
    kinds[DieKind(other_face.split(":")[0])] -= 1
    assert kinds_count(left) == kinds
    # the next player names a face of a kind on their belt
    nxt = state2.current
    kind = state2.seats[nxt].belt[0].split(":")[0]
    reading = {"appetizer": DUMPLING, "maki": MAKI1, "nigiri": SALMON, "special": WASABI,
               "dessert": "dessert:dessert_3"}[kind]
    state3, _ = play(state2, Pick(state2.names[nxt], reading))
    assert state3.seats[nxt].tray[-1].die == reading


def test_only_the_red_belts_holder_may_decide_before_the_rolls() -> None:
    state = after_turn_one()
    other = state.names[(state.red + 1) % 3]
    die = state.seats[(state.red + 1) % 3].belt[0]
    refused(state, Pick(other, die), f"it is {state.names[state.red]}'s turn")


def test_a_pick_must_name_a_face_and_a_kind_on_the_belt() -> None:
    state = new_game(3)
    belts = [[TEMPURA] * 7, [MAKI1] * 6 + [SALMON], [SALMON] * 4 + [WASABI] * 3]
    state, _ = roll_belts(state, belts)
    for _ in range(3):
        state = pick(state)
    first = state.names[state.red]  # Ben, holding Ann's belt of tempura
    assert first == "Ben"
    refused(state, Pick(first, unread(DieKind.APPETIZER)), "say which face")
    refused(state, Pick(first, SQUID), "Ben's belt has no Nigiri die showing Squid")
    state, _ = play(state, Pick(first, "appetizer:sashimi"))
    assert state.seats[1].tray[-1].die == "appetizer:sashimi"


def test_no_unread_rolls_in_a_rounds_first_turn() -> None:
    state = new_game(3)
    with pytest.raises(IllegalAction, match="not expected now"):
        GAME.apply(state, Pick("Ann", DUMPLING))


def test_menu_and_chopsticks_with_unread_dice() -> None:
    state = after_turn_one()
    first = state.names[state.red]
    mine = state.seats[state.red].belt
    kind = mine[0].split(":")[0]
    state, _ = play(state, UseMenu(first, (f"{kind}:?",)))
    assert state.phase is Phase.REROLL
    state, _ = play(state, Roll(first, (f"{kind}:?",)))  # the new face left unentered
    assert state.phase is Phase.PICK and all(is_unread(r) for r in state.seats[state.red].belt)
    other = (state.red + 1) % 3
    give = state.seats[state.red].belt[0]
    take = state.seats[other].belt[0]
    state, _ = play(state, UseChopsticks(first, give, state.names[other], take))
    assert take in state.seats[state.red].belt and give in state.seats[other].belt
    assert GAME.legal_actions(state)  # picks of every face of the kinds held
    assert all(not is_unread(p.die) for p in GAME.legal_actions(state) if isinstance(p, Pick))


def test_unread_readings_are_named_by_kind_and_shown_without_a_face() -> None:
    assert die_name("maki:?") == "Maki die"
    state = after_turn_one()
    with pytest.raises(UnreadableInput):
        GAME.apply(state, Roll("Ann", ("sushi:?",)))
    first = state.names[state.red]
    state, _ = play(state, Pick(first, TEMPURA if "appetizer" in str(
        state.seats[state.red].belt) else state.seats[state.red].belt[0]))
    dice = [d for p in GAME.view(state, None)["players"] for d in p["belt"]]
    assert dice and all(d["unread"] and d["face"] == "?" and d["name"].endswith(" die")
                        for d in dice)


def test_a_whole_round_with_only_the_first_rolls_entered_scores_like_the_faces_taken() -> None:
    state = start(3, [WASABI, DUMPLING], [SALMON, MAKI1], [TEMPURA])
    taken: dict[str, list[str]] = {n: [] for n in state.names}
    while state.round == 1:
        seat = state.current if state.phase is Phase.PICK else state.red
        belt = state.seats[seat].belt
        kind = belt[0].split(":")[0]
        face = belt[0] if not is_unread(belt[0]) and state.phase is Phase.PICK else {
            "appetizer": TEMPURA, "maki": "maki:maki_3", "nigiri": SQUID, "special": WASABI,
            "dessert": "dessert:dessert_2"}[kind]
        taken[state.names[seat]].append(face)
        state, _ = play(state, Pick(state.names[seat], face))
    assert len(state.rounds) == 1
    for i, name in enumerate(state.names):
        t = state.rounds[0][i]
        assert sorted((*t.dice, *t.on_wasabi)) == sorted(taken[name])
