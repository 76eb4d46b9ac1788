"""What the table must supply next in Sushi Roll, and the actions that supply it.

Sushi Roll's dice show icons (readings ``"kind:face"``), read seat by seat on a belt or a tray
(:class:`~companion.games.base.DiceNeed` with ``faces`` ``icons``), from the public view:

* A belt to roll this turn: :class:`~.actions.Roll` with all its dice.
* The belt of the player re-rolling after a Menu token, read whole:
  :class:`~.actions.Roll` with the dice that are not the ones kept.
* Scoring mode, a tray not yet entered: :class:`~.actions.EnterTray`, which always waits for
  a confirm (``confirm``: tokens and which nigiri lie on a wasabi are not read).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.base import JSON, DiceNeed, Faces, IllegalAction, Message, Need
from companion.games.sushi_roll.actions import EnterTray, Roll
from companion.i18n import tmsg

BELT, TRAY = "belt", "tray"


def needs(view: JSON) -> tuple[Need, ...]:
    """Every seat's belt or tray the table must read now (see the module)."""
    return tuple(need for seat in range(len(view.get("players") or []))
                 for need in (_belt(view, seat), _tray(view, seat)) if need is not None)


def _belt(view: JSON, seat: int) -> DiceNeed | None:
    me = view["players"][seat]
    name = str(me.get("name"))
    phase, rnd, turn = view.get("phase"), view.get("round"), view.get("turn")
    if phase == "roll" and name in (view.get("to_roll") or []):
        count = int(view.get("turns") or 0) - int(turn or 1) + 1
        return DiceNeed(name, seat, f"roll|{rnd}|{turn}|{name}",
                        tmsg("{who}'s belt, turn {n}", who=name, n=turn),
                        dice=count or None, faces=Faces.ICONS, surface=BELT)
    reroll = view.get("reroll")
    if phase == "reroll" and isinstance(reroll, dict) and reroll.get("player") == name:
        chosen = [str(d.get("die")) for d in reroll.get("dice") or []]
        belt = [str(d.get("die")) for d in me.get("belt") or []]
        slot = f"reroll|{rnd}|{turn}|{name}|{','.join(sorted(belt))}|{','.join(sorted(chosen))}"
        return DiceNeed(name, seat, slot, tmsg("{who}'s re-rolled dice", who=name), dice=len(belt),
                        faces=Faces.ICONS, surface=BELT, kept=tuple(_minus(belt, chosen) or ()))
    return None


def _tray(view: JSON, seat: int) -> DiceNeed | None:
    me = view["players"][seat]
    name, rnd = str(me.get("name")), view.get("round")
    if view.get("phase") == "entry" and not me.get("entered"):
        return DiceNeed(name, seat, f"tray|{rnd}|{name}",
                        tmsg("{who}'s tray, round {n}", who=name, n=rnd),
                        dice=None, faces=Faces.ICONS, surface=TRAY, confirm=True)
    return None


def action_for(need: Need, reading: Any) -> Message:
    """The action of a belt or tray read whole (``reading``: the readings of every die)."""
    if not isinstance(need, DiceNeed):
        raise IllegalAction(f"Sushi Roll takes no {type(need).__name__} from the table")
    readings = tuple(str(r) for r in reading)
    if need.surface == TRAY:
        return EnterTray(player=need.player, dice=readings)
    new = _minus(readings, need.kept)
    if new is None:
        raise IllegalAction(f"{need.player} keeps {', '.join(need.kept)}, but the belt read shows "
                            f"{', '.join(readings) or 'no dice'}")
    return Roll(player=need.player, dice=tuple(new))


def _minus(held: Sequence[str], taken: Sequence[str]) -> list[str] | None:
    left = list(held)
    for r in taken:
        if r not in left:
            return None
        left.remove(r)
    return left
