"""Helpers for the Sushi Go Party! engine tests: a table, scripted turns, refusals, tables read
back as card ids.

Turns are entered as the table would: every player's reveal (in any order; here seat order),
then the bonus actions the game waits for.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from companion.games.base import IllegalAction, Message, PlayerSpec
from companion.games.sushi_go_party import GAME
from companion.games.sushi_go_party.actions import Reveal
from companion.games.sushi_go_party.state import GameState, Phase, Placed

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


def play(state: GameState, *actions: Message) -> tuple[GameState, list[Message]]:
    """Apply ``actions`` in order; every event in one list."""
    events: list[Message] = []
    for action in actions:
        state, new = GAME.apply(state, action)
        events.extend(new)
    return state, events


def turn(state: GameState, *plays: str | Reveal) -> tuple[GameState, list[Message]]:
    """Every player reveals, seat order: a card id is a plain reveal by that seat."""
    assert len(plays) == state.players, "one reveal per player"
    reveals = [
        p if isinstance(p, Reveal) else Reveal(state.names[seat], p)
        for seat, p in enumerate(plays)
    ]
    return play(state, *reveals)


def refused(state: GameState, action: Message, *words: str) -> str:
    """Assert ``action`` is refused with a reason holding every one of ``words``, and that the
    state given is untouched."""
    before = state
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, action)
    reason = caught.value.reason
    for word in words:
        assert word in reason, reason
    assert state == before
    return reason


def placed(state: GameState, name: str) -> tuple[Placed, ...]:
    return state.seats[state.seat_of(name)].table


def table(state: GameState, name: str) -> list[str]:
    """What each face-up card on ``name``'s table counts as, in play order."""
    return [p.scores_as for p in placed(state, name) if not p.flipped]


def flipped(state: GameState, name: str) -> list[str]:
    return [p.card for p in placed(state, name) if p.flipped]


def of_kind(events: Iterable[Message], kind: type[Message]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


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


def points(sheet_json: Mapping[str, Any], name: str, rule: str) -> int:
    """The sum of ``name``'s breakdown lines whose rule starts with ``rule``."""
    player = next(p for p in sheet_json["players"] if p["name"] == name)
    return sum(line["points"] for line in player["breakdown"] if line["rule"].startswith(rule))
