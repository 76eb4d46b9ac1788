"""What the table must supply next in Sushi Go!, and the actions that supply it.

Read from the public view (:mod:`.view`):

* Turn by turn with the mochi dessert (phase ``mochi``): each player who took a mochi card
  rolls the mochi die, one roll (one die) at a time, in the order the view lists them
  (:class:`~companion.games.base.DiceNeed`, one pip die): :class:`~.actions.MochiRoll`.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import JSON, DiceNeed, Faces, IllegalAction, Message, Need
from companion.games.sushi_go.actions import MochiRoll


def needs(view: JSON) -> tuple[Need, ...]:
    """The first waiting player's mochi die (see the module)."""
    mochi = view.get("mochi")
    if view.get("phase") != "mochi" or not isinstance(mochi, dict):
        return ()
    waiting = mochi.get("waiting") or []
    if not waiting or not isinstance(waiting[0], str):
        return ()
    player = waiting[0]
    names = [str(p.get("name")) for p in view.get("players") or []]
    seat = names.index(player) if player in names else -1
    slot = "|".join(str(x) for x in ("mochi", view.get("round"), view.get("turn"), len(waiting)))
    return (DiceNeed(player, seat, slot, f"{player}'s mochi die", dice=1, faces=Faces.PIPS),)


def action_for(need: Need, reading: Any) -> Message:
    """:class:`~.actions.MochiRoll` of the one die read for the mochi need."""
    if not isinstance(need, DiceNeed):
        raise IllegalAction(f"Sushi Go! takes no {type(need).__name__} from the table")
    values = tuple(reading)
    if len(values) != 1:
        raise IllegalAction(
            f"{need.player} rolls one mochi die, but {len(values)} dice were read "
            f"({', '.join(map(str, values))}); roll the mochi die alone"
        )
    return MochiRoll(player=need.player, value=values[0])
