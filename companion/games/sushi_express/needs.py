"""What the table must supply next in Sushi Express, and the actions that supply it.

Read from the public view (:mod:`.view`), as a table input sees the game:

* Phase 2: the roller's two dice (:class:`~companion.games.base.DiceNeed`, pips) for try 1, or
  for try 2 after a missed try 1 (a Re-roll card re-rolls one die: that stays a tap on the
  screen). The reading becomes :class:`~.actions.Roll`.
* Phase 2 after a failed last try: the roller may play no Re-roll card and give up
  (:class:`~companion.games.base.StepNeed`, the box's ``next`` button): :class:`~.actions.GiveUp`.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import JSON, DiceNeed, Faces, IllegalAction, Message, Need, StepNeed
from companion.games.sushi_express.actions import GiveUp, Roll
from companion.i18n import tmsg


def needs(view: JSON) -> tuple[Need, ...]:
    """The roller's dice, or the roller's step after a failed last try (see the module)."""
    roll = view.get("roll")
    if view.get("phase") != "roll" or not isinstance(roll, dict):
        return ()
    awaiting, seat = roll.get("awaiting"), roll.get("roller")
    player = _name(view, seat)
    if awaiting == "reroll_or_give_up":
        if not isinstance(seat, int) or player is None:
            return ()
        slot = "|".join(str(x) for x in ("give_up", view.get("round"), seat, roll.get("try")))
        return (StepNeed(player, seat, slot, tmsg("{who} gives up", who=player)),)
    if awaiting not in ("roll", "reroll_or_next") or not isinstance(seat, int):
        return ()
    name = player if player is not None else f"seat {seat}"
    try_number = int(roll.get("try") or 1) + (1 if awaiting == "reroll_or_next" else 0)
    slot = "|".join(str(x) for x in ("roll", view.get("round"), seat, try_number))
    prompt = tmsg("{who}'s roll, try {n}, needing {target} or more", who=name, n=try_number,
                  target=roll.get("target"))
    return (DiceNeed(name, seat, slot, prompt, dice=2, faces=Faces.PIPS),)


def action_for(need: Need, reading: Any) -> Message:
    """:class:`~.actions.Roll` of the dice read for a :class:`DiceNeed`, :class:`~.actions.
    GiveUp` for a :class:`StepNeed` (the engine validates both)."""
    if isinstance(need, DiceNeed):
        return Roll(player=need.player, dice=tuple(reading))
    if isinstance(need, StepNeed):
        return GiveUp(player=need.player)
    raise IllegalAction(f"Sushi Express takes no {type(need).__name__} from the table")


def _name(view: JSON, seat: Any) -> str | None:
    players = view.get("players") or []
    if isinstance(seat, int) and 0 <= seat < len(players):
        return str(players[seat].get("name"))
    return None
