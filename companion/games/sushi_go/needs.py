"""What the table must supply next in Sushi Go!, and the actions that supply it.

Read from the public view (:mod:`.view`):

* Turn by turn with the mochi dessert (phase ``mochi``): each player who took a mochi card
  rolls the mochi die, one roll (one die) at a time, in the order the view lists them
  (:class:`~companion.games.base.DiceNeed`, one pip die): :class:`~.actions.MochiRoll`.
* Scoring mode at a round's end: each player's tableau not entered yet
  (:class:`~companion.games.base.TableauNeed`; extras: the lead token's takes and holder, the
  mochi die): :class:`~.actions.EnterTableau` (:mod:`companion.games.common.needs`).
* Turn by turn (phase ``reveal``): each player's reveal not entered yet
  (:class:`~companion.games.base.RevealNeed`): :class:`~.actions.Reveal` of the card, or two
  with chopsticks.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import (
    JSON,
    DiceNeed,
    Faces,
    IllegalAction,
    Message,
    Need,
    RevealNeed,
    Tableau,
    TableauNeed,
)
from companion.games.common.needs import (
    reveal_action,
    reveal_needs,
    tableau_action,
    tableau_extras,
    tableau_needs,
)
from companion.games.sushi_go.actions import ACTIONS, EnterTableau, MochiRoll
from companion.games.sushi_go.cards import CARDS_BY_ID
from companion.i18n import tmsg

#: What a tableau entry takes besides the cards (what a photo cannot show).
EXTRAS = tableau_extras(EnterTableau)


def needs(view: JSON) -> tuple[Need, ...]:
    """The first waiting player's mochi die, or the tableaux to enter (see the module)."""
    return (*_mochi(view), *tableau_needs(view, EXTRAS), *reveal_needs(view))


def _mochi(view: JSON) -> tuple[Need, ...]:
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
    prompt = tmsg("{who}'s mochi die", who=player)
    return (DiceNeed(player, seat, slot, prompt, dice=1, faces=Faces.PIPS),)


def action_for(need: Need, reading: Any) -> Message:
    """:class:`~.actions.MochiRoll` of the one die read for the mochi need;
    :class:`~.actions.EnterTableau` of a :class:`Tableau` read for a tableau need;
    :class:`~.actions.Reveal` of the cards read for a reveal need."""
    if isinstance(need, TableauNeed) and isinstance(reading, Tableau):
        return tableau_action(ACTIONS, need, reading)
    if isinstance(need, RevealNeed):
        return reveal_action(ACTIONS, need, tuple(reading))
    if not isinstance(need, DiceNeed):
        raise IllegalAction(f"Sushi Go! takes no {type(need).__name__} from the table")
    values = tuple(reading)
    if len(values) != 1:
        raise IllegalAction(
            f"{need.player} rolls one mochi die, but {len(values)} dice were read "
            f"({', '.join(map(str, values))}); roll the mochi die alone"
        )
    return MochiRoll(player=need.player, value=values[0])


def card_names() -> dict[str, str]:
    """Every card of the box by id, named as printed."""
    return {card_id: card.name for card_id, card in CARDS_BY_ID.items()}
