"""``apply``: the one path that changes a Sushi Roll state.

Each action type has a handler (:mod:`.turns` for play, :mod:`.rounds` for tray entry); a
refused action raises :class:`~companion.games.base.IllegalAction` (or
:class:`~companion.games.base.UnreadableInput` for a reading the dice table does not print) and
changes nothing: handlers build new frozen states and never mutate the one given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.base import IllegalAction, Message
from companion.games.sushi_roll import actions as a
from companion.games.sushi_roll import rounds, turns
from companion.games.sushi_roll.options import Mode
from companion.games.sushi_roll.state import GameState

Handler = Callable[[GameState, Any, list[Message]], GameState]

_PLAY = frozenset({Mode.TURNS, Mode.SIMULATION})
HANDLERS: dict[type[Message], tuple[Handler, frozenset[Mode]]] = {
    a.Roll: (turns.roll, _PLAY),
    a.UseMenu: (turns.use_menu, _PLAY),
    a.UseChopsticks: (turns.use_chopsticks, _PLAY),
    a.Pick: (turns.pick, _PLAY),
    a.EnterTray: (rounds.enter_tray, frozenset({Mode.SCORING})),
}

_MODE_WORDS = {
    Mode.SCORING: "scoring mode (trays at round end)",
    Mode.TURNS: "turn-by-turn mode",
    Mode.SIMULATION: "simulation mode",
}


def apply(state: GameState, action: Message) -> tuple[GameState, tuple[Message, ...]]:
    """Validate ``action`` and return the new state and what happened."""
    entry = HANDLERS.get(type(action))
    if entry is None:
        raise IllegalAction(f"{action.kind!r} is not a Sushi Roll action")
    handler, modes = entry
    if state.mode not in modes:
        raise IllegalAction(f"{action.kind!r} is not used in {_MODE_WORDS[state.mode]}")
    events: list[Message] = []
    new = handler(state, action, events)
    return new, tuple(events)
