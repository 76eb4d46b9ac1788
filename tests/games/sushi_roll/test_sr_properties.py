"""Properties of simulated Sushi Roll games: hypothesis draws the seed, the player count and the
seat dealt the red-bordered belt.

The rolls come from ``GAME.chance_action`` (a seeded generator: the bag draw and each face);
every decision is drawn uniformly from ``GAME.legal_actions``. Examples are derandomized, so
every run plays the same games. Each game is then checked for conservation (dice, tokens),
replayed from its JSON actions (replay equals live), re-scored from its record ``final``, entered
in scoring mode from its round-end trays, and followed in turn-by-turn mode: all must agree.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import Message
from companion.games.sushi_roll import GAME
from companion.games.sushi_roll.dice import (
    CHOPSTICKS_TOKENS,
    DESSERT_TOTAL,
    DICE_IN_BOX,
    MENU_TOKENS,
    kinds_count,
)
from companion.games.sushi_roll.events import GameOver, RoundScored
from companion.games.sushi_roll.legal import entry_for
from companion.games.sushi_roll.state import GameState, Phase

from .helpers import (
    entered_at_round_ends,
    players,
    random_game,
    replayed_from_json,
    rescored,
)

GAMES = settings(max_examples=25, deadline=None, derandomize=True)


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    n = draw(st.integers(2, 5))
    return n, {"start_player": draw(st.integers(0, n - 1))}


SEEDS = st.integers(0, 2**32 - 1)


def states_and_events(
    n: int, options: dict[str, Any], actions: list[Message]
) -> tuple[list[GameState], list[Message]]:
    state = GAME.setup(players(n), {**options, "mode": "simulation"})
    states: list[GameState] = [state]
    events: list[Message] = []
    for action in actions:
        state, new = GAME.apply(state, action)
        states.append(state)
        events.extend(new)
    return states, events


def check_conservation(state: GameState) -> None:
    """Dice on belts and trays never exceed the box, and every belt and tray add up to the
    dice drawn; tokens held plus the supply are the box's."""
    rules = state.rules
    on_table = [r for s in state.seats for r in (*s.belt, *(p.die for p in s.tray))]
    for kind, n in kinds_count(on_table).items():
        assert n <= DICE_IN_BOX[kind]
    if state.phase in (Phase.PICK, Phase.REROLL) or (state.phase is Phase.ROLL and state.turn > 1):
        assert len(on_table) == rules.players * rules.belt
        sizes = {len(s.belt) + len(s.tray) for s in state.seats}
        assert len(sizes) == 1 or state.phase is not Phase.ROLL
    supply = state.supply
    assert supply.menu + sum(s.menu for s in state.seats) == MENU_TOKENS
    assert supply.chopsticks + sum(s.chopsticks for s in state.seats) == CHOPSTICKS_TOKENS
    desserts = supply.ones + 3 * supply.threes + sum(s.desserts for s in state.seats)
    assert desserts == DESSERT_TOTAL
    assert min(supply.menu, supply.chopsticks, supply.ones, supply.threes) >= 0


@given(tables(), SEEDS)
@GAMES
def test_simulated_games_keep_every_property(table: tuple[int, dict[str, Any]], seed: int) -> None:
    n, options = table
    final, actions = random_game(options, n, seed)
    states, events = states_and_events(n, options, actions)
    assert states[-1] == final and final.phase is Phase.OVER
    for state in states:
        check_conservation(state)

    # every tray ends a round with the dice per belt; the totals are their breakdown lines
    for trays in final.rounds:
        assert all(len(t.physical()) == final.rules.belt for t in trays)
    sheet = GAME.score(final)
    sheet_json = sheet.to_json()
    for p in sheet_json["players"]:
        assert p["total"] == sum(line["points"] for line in p["breakdown"])
    over = [e for e in events if isinstance(e, GameOver)]
    assert [o.totals for o in over] == [tuple(p.total for p in sheet.players)]
    rounds = [e.points for e in events if isinstance(e, RoundScored)]
    assert rounds == list(final.round_points) and len(rounds) == 3
    assert sum(map(sum, rounds)) <= sum(p.total for p in sheet.players) + 6 * n

    # replay from the JSON actions equals the live game
    assert replayed_from_json(players(n), {**options, "mode": "simulation"}, actions) == final

    # the record's final object scores the same
    assert rescored(players(n), options, final).to_json() == sheet_json

    # scoring mode, from the round-end trays, gives the same sheet
    scoring = entered_at_round_ends(players(n), {**options, "mode": "scoring"}, final, entry_for)
    assert scoring.phase is Phase.OVER
    assert GAME.score(scoring).to_json() == sheet_json

    # turn-by-turn mode takes the same actions and ends the same
    turns = GAME.setup(players(n), {**options, "mode": "turns"})
    for action in actions:
        turns, _ = GAME.apply(turns, action)
    assert turns.rounds == final.rounds
    assert GAME.score(turns).to_json() == sheet_json

    json.dumps(GAME.view(final, 0))
    json.dumps(GAME.view(states[len(states) // 2], None))


@given(st.integers(2, 5), SEEDS)
@settings(max_examples=20, deadline=None, derandomize=True)
def test_the_first_player_of_each_round_holds_the_red_belt(n: int, seed: int) -> None:
    final, actions = random_game({}, n, seed)
    states, _ = states_and_events(n, {}, actions)
    firsts = []
    for before, after in itertools.pairwise(states):
        if before.phase is Phase.ROLL and after.phase is Phase.PICK:
            assert after.current == after.red
            if after.turn == 1:
                firsts.append(after.red)
    assert len(firsts) == 3
    belt = final.rules.belt
    step = (belt - 1 + (n == 3)) % n
    assert firsts == [0, step % n, (2 * step) % n]
    assert len(set(firsts)) > 1  # the first player changes from round to round


def test_seeded_simulations_are_reproducible() -> None:
    a, actions_a = random_game({}, 4, 7)
    b, actions_b = random_game({}, 4, 7)
    assert actions_a == actions_b and a == b
    counts = Counter(type(x).__name__ for x in actions_a)
    assert {"Roll", "Pick"} <= set(counts)
