"""``apply``: the one path that changes a Sushi Go! state.

Each action type has a handler (:mod:`.rounds` for the deal and tableau entry, :mod:`.turns`
for play); a refused action raises :class:`~companion.games.base.IllegalAction` (or
:class:`~companion.games.base.UnreadableInput` for an id that is no card) and changes nothing:
handlers build new frozen states and never mutate the one given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.base import IllegalAction, Message
from companion.games.sushi_go import actions as a
from companion.games.sushi_go import rounds, turns
from companion.games.sushi_go.placing import Events
from companion.games.sushi_go.state import GameState, Mode

Handler = Callable[[GameState, Any, Events], GameState]

HANDLERS: dict[type[Message], tuple[Handler, frozenset[Mode]]] = {
    a.EnterTableau: (rounds.enter_tableau, frozenset({Mode.SCORING})),
    a.Deal: (rounds.deal, frozenset({Mode.SIMULATION})),
    a.Reveal: (turns.reveal, frozenset({Mode.TURNS, Mode.SIMULATION})),
    a.MochiRoll: (turns.mochi_roll, frozenset({Mode.TURNS, Mode.SIMULATION})),
}

_MODE_WORDS = {
    Mode.SCORING: "scoring mode (tableaux at round end)",
    Mode.TURNS: "turn-by-turn mode",
    Mode.SIMULATION: "simulation mode",
}


def apply(state: GameState, action: Message) -> tuple[GameState, tuple[Message, ...]]:
    """Validate ``action`` and return the new state and what happened."""
    entry = HANDLERS.get(type(action))
    if entry is None:
        raise IllegalAction(f"{action.kind!r} is not a Sushi Go! action")
    handler, modes = entry
    if state.mode not in modes:
        raise IllegalAction(f"{action.kind!r} is not used in {_MODE_WORDS[state.mode]}")
    events: Events = []
    new = handler(state, action, events)
    return new, tuple(events)
