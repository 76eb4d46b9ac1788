"""Helpers for the Sushi Go Party! engine tests: a table, scripted turns, refusals, tables read
back as card ids.

Turns are entered as the table would: every player's reveal (in any order; here seat order),
then the bonus actions the game waits for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import IllegalAction, Message, PlayerSpec
from companion.games.sushi_go_party import GAME
from companion.games.sushi_go_party.actions import Reveal
from companion.games.sushi_go_party.state import GameState, Phase, Placed

from ..table import Table
from ..table import of_kind as of_kind
from ..table import points as points

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")

#: Cards tried, in order, to fill the turns of a round nobody cares about (see finish_round).
FILLERS = (
    "tempura",
    "sashimi",
    "dumpling",
    "eel",
    "tofu",
    "edamame",
    "onigiri_circle",
    "onigiri_square",
    "onigiri_triangle",
    "onigiri_rectangle",
    "temaki",
    "maki_1",
    "maki_2",
    "maki_3",
    "egg_nigiri",
    "salmon_nigiri",
    "squid_nigiri",
    "uramaki_3",
    "uramaki_4",
    "uramaki_5",
    "tea",
    "soy_sauce",
    "wasabi",
    "chopsticks_1",
    "chopsticks_2",
    "chopsticks_3",
    "spoon_4",
    "spoon_5",
    "spoon_6",
    "miso_soup",
    "pudding",
    "green_tea_ice_cream",
    "fruit_watermelon_orange",
)


_TABLE: Table[GameState] = Table(GAME)
play = _TABLE.play
refused = _TABLE.refused
replayed_from_json = _TABLE.replayed_from_json
rescored = _TABLE.rescored
entered_at_round_ends = _TABLE.entered_at_round_ends


def players(n: int) -> list[PlayerSpec]:
    return [PlayerSpec(name) for name in NAMES[:n]]


def carte(
    roll: str = "maki",
    appetizers: Sequence[str] = ("tempura", "sashimi", "miso_soup"),
    specials: Sequence[str] = ("chopsticks", "special_order"),
    dessert: str = "pudding",
) -> dict[str, Any]:
    """An à la carte menu (nigiri is always on it)."""
    return {
        "roll": roll,
        "appetizers": list(appetizers),
        "specials": list(specials),
        "dessert": dessert,
    }


def new_game(n: int = 3, menu: str | Mapping[str, Any] = "sushi_go", mode: str = "turns",
             **options: Any) -> GameState:
    """A fresh game for ``NAMES[:n]`` (turn-by-turn unless ``mode`` says otherwise)."""
    state: GameState = GAME.setup(players(n), {"mode": mode, "menu": menu, **options})
    return state


def turn(state: GameState, *plays: str | Reveal) -> tuple[GameState, list[Message]]:
    """Every player reveals, seat order: a card id is a plain reveal by that seat."""
    assert len(plays) == state.players, "one reveal per player"
    reveals = [
        p if isinstance(p, Reveal) else Reveal(state.names[seat], p)
        for seat, p in enumerate(plays)
    ]
    return play(state, *reveals)


def placed(state: GameState, name: str) -> tuple[Placed, ...]:
    return state.seats[state.seat_of(name)].table


def table(state: GameState, name: str) -> list[str]:
    """What each face-up card on ``name``'s table counts as, in play order."""
    return [p.scores_as for p in placed(state, name) if not p.flipped]


def flipped(state: GameState, name: str) -> list[str]:
    return [p.card for p in placed(state, name) if p.flipped]


def finish_round(state: GameState, fillers: Sequence[str] = FILLERS) -> tuple[GameState,
                                                                                list[Message]]:
    """Play the rest of the round: each player reveals the first card of ``fillers`` the deck
    can still hold. Returns the state of the next round (or the game end) and the events."""
    events: list[Message] = []
    start = state.round
    while state.round == start and state.phase is not Phase.OVER:
        assert state.phase is Phase.REVEAL, state.phase
        for name, seat in zip(state.names, state.seats, strict=True):
            if seat.revealed:
                continue
            for card in fillers:
                try:
                    state, new = GAME.apply(state, Reveal(name, card))
                except IllegalAction:
                    continue
                events.extend(new)
                break
            else:  # pragma: no cover - the fillers ran out
                raise AssertionError(f"no filler left for {name}")
    return state, events
