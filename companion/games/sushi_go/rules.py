"""``apply``: the one path that changes a Sushi Go! state.

Each action type has a handler (:mod:`.rounds` for the deal and tableau entry, :mod:`.turns` for
play) and the modes that use it; :func:`~companion.games.common.dispatch.make_apply` makes ``apply``
of them. A refused action raises :class:`~companion.games.base.IllegalAction` (or
:class:`~companion.games.base.UnreadableInput` for an id that is no card) and changes nothing.
"""

from __future__ import annotations

from companion.games.base import Message
from companion.games.common.dispatch import Handler, make_apply
from companion.games.sushi_go import actions as a
from companion.games.sushi_go import rounds, turns
from companion.games.sushi_go.state import GameState, Mode

HANDLERS: dict[type[Message], tuple[Handler[GameState], frozenset[Mode]]] = {
    a.EnterTableau: (rounds.enter_tableau, frozenset({Mode.SCORING})),
    a.Deal: (rounds.deal, frozenset({Mode.SIMULATION})),
    a.Reveal: (turns.reveal, frozenset({Mode.TURNS, Mode.SIMULATION})),
    a.MochiRoll: (turns.mochi_roll, frozenset({Mode.TURNS, Mode.SIMULATION})),
}

apply = make_apply("Sushi Go!", HANDLERS, entries="tableaux")
