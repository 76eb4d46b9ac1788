"""Helpers for the Sushi Roll engine tests: a table, belts rolled to order, refusals, points
read back from a sheet, simulated games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import Message, PlayerSpec
from companion.games.sushi_roll import GAME
from companion.games.sushi_roll.actions import Pick, Roll
from companion.games.sushi_roll.dice import DICE_IN_BOX, DICE_PER_BELT, kind_of
from companion.games.sushi_roll.state import GameState, Phase

from ..table import Table
from ..table import of_kind as of_kind
from ..table import points as points

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")

# Short names for readings.
DUMPLING, TEMPURA, SASHIMI = "appetizer:dumpling", "appetizer:tempura", "appetizer:sashimi"
MAKI1, MAKI2, MAKI3 = "maki:maki_1", "maki:maki_2", "maki:maki_3"
EGG, SALMON, SQUID = "nigiri:egg", "nigiri:salmon", "nigiri:squid"
WASABI, MENU1, MENU2 = "special:wasabi", "special:menu_1", "special:menu_2"
CHOP1, CHOP2 = "special:chopsticks_1", "special:chopsticks_2"
DESSERT1, DESSERT2, DESSERT3 = "dessert:dessert_1", "dessert:dessert_2", "dessert:dessert_3"

#: One reading per kind, tried in order to complete a belt within the box's dice.
FILLERS = (DUMPLING, MAKI1, EGG, DESSERT1, WASABI)


_TABLE: Table[GameState] = Table(GAME)
play = _TABLE.play
refused = _TABLE.refused
replayed_from_json = _TABLE.replayed_from_json
rescored = _TABLE.rescored
entered_at_round_ends = _TABLE.entered_at_round_ends


def players(n: int) -> list[PlayerSpec]:
    return [PlayerSpec(name) for name in NAMES[:n]]


def new_game(n: int = 3, mode: str = "turns", **options: Any) -> GameState:
    """A fresh game for ``NAMES[:n]`` (turn by turn unless ``mode`` says otherwise)."""
    state: GameState = GAME.setup(players(n), {"mode": mode, **options})
    return state


def fill_belts(n: int, wanted: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    """Belts for ``n`` players: each player's ``wanted`` dice completed with fillers so that no
    kind exceeds the box."""
    size = DICE_PER_BELT[n]
    used = Counter(kind_of(r) for belt in wanted for r in belt)
    out = []
    for seat in range(n):
        belt = list(wanted[seat]) if seat < len(wanted) else []
        k = seat
        while len(belt) < size:
            filler = FILLERS[k % len(FILLERS)]
            k += 1
            if used[kind_of(filler)] < DICE_IN_BOX[kind_of(filler)]:
                used[kind_of(filler)] += 1
                belt.append(filler)
        out.append(tuple(belt))
    return out


def roll_belts(state: GameState, belts: Sequence[Sequence[str]]) -> tuple[GameState, list[Message]]:
    """Every belt still to roll rolls the given dice (seat order)."""
    actions = [Roll(state.names[i], tuple(belts[i])) for i in state.to_roll()]
    return play(state, *actions)


def start(n: int, *wanted: Sequence[str], **options: Any) -> GameState:
    """A game in the pick phase of round 1, turn 1: belts hold ``wanted`` (completed)."""
    state = new_game(n, **options)
    state, _ = roll_belts(state, fill_belts(n, wanted))
    assert state.phase is Phase.PICK
    return state


def pick(state: GameState, reading: str | None = None) -> GameState:
    """The player whose turn it is takes ``reading`` (default: their belt's first die)."""
    seat = state.current
    die = reading or state.seats[seat].belt[0]
    state, _ = play(state, Pick(state.names[seat], die))
    return state


def reroll_same(state: GameState) -> GameState:
    """In the roll phase, every belt shows the dice it already had (a roll giving the same)."""
    state, _ = roll_belts(state, [s.belt for s in state.seats])
    return state


def random_game(options: Mapping[str, Any], n: int, seed: int) -> tuple[GameState, list[Message]]:
    """A simulated game: rolls from ``chance_action``, decisions drawn from ``legal_actions``."""
    return _TABLE.random_game(players(n), {"mode": "simulation", **options}, seed)
