"""``apply``: the one path that changes a Sushi Roll state.

Each action type has a handler (:mod:`.turns` for play, :mod:`.rounds` for tray entry) and the modes
that use it; :func:`~companion.games.common.dispatch.make_apply` makes ``apply`` of them. A refused
action raises :class:`~companion.games.base.IllegalAction` (or
:class:`~companion.games.base.UnreadableInput` for a reading the dice table does not print) and
changes nothing.
"""

from __future__ import annotations

from companion.games.base import Message
from companion.games.common.dispatch import Handler, make_apply
from companion.games.sushi_roll import actions as a
from companion.games.sushi_roll import rounds, turns
from companion.games.sushi_roll.options import Mode
from companion.games.sushi_roll.state import GameState

_PLAY = frozenset({Mode.TURNS, Mode.SIMULATION})
HANDLERS: dict[type[Message], tuple[Handler[GameState], frozenset[Mode]]] = {
    a.Roll: (turns.roll, _PLAY),
    a.UseMenu: (turns.use_menu, _PLAY),
    a.UseChopsticks: (turns.use_chopsticks, _PLAY),
    a.Pick: (turns.pick, _PLAY),
    a.EnterTray: (rounds.enter_tray, frozenset({Mode.SCORING})),
}

apply = make_apply("Sushi Roll", HANDLERS, entries="trays")
