"""What the table must supply next in Sushi Go Party!, and the actions that supply it.

* Scoring mode at a round's end: each player's tableau not entered yet
  (:class:`~companion.games.base.TableauNeed`; extras: what each special order copies, which
  of them lie on a wasabi, the flipped cards, the uramaki places): :class:`~.actions.
  EnterTableau` (:mod:`companion.games.common.needs`). A special order read among the cards
  is named by what it copies (``special_orders``): a photo cannot tell.
* Turn by turn: each player's reveal not entered yet (:class:`~companion.games.base.
  RevealNeed`): :class:`~.actions.Reveal` of the card, or two with chopsticks; a special
  order is tapped (what it copies cannot be read off the cards).
"""

from __future__ import annotations

from typing import Any

from companion.games.base import (
    JSON,
    IllegalAction,
    Message,
    Need,
    RevealNeed,
    Tableau,
    TableauNeed,
    UnreadableInput,
)
from companion.games.common.needs import (
    reveal_action,
    reveal_needs,
    tableau_action,
    tableau_extras,
    tableau_needs,
)
from companion.games.sushi_go_party.actions import ACTIONS, EnterTableau
from companion.games.sushi_go_party.cards import CARDS_BY_ID

#: What a tableau entry takes besides the cards (what a photo cannot show).
EXTRAS = tableau_extras(EnterTableau)
SPECIAL_ORDER = "special_order"


def needs(view: JSON) -> tuple[Need, ...]:
    """The tableaux or the reveals to enter (see the module)."""
    return (*tableau_needs(view, EXTRAS), *reveal_needs(view))


def action_for(need: Need, reading: Any) -> Message:
    """:class:`~.actions.EnterTableau` of a :class:`Tableau` read for a tableau need; the
    special orders among its cards must be named in ``extra["special_orders"]``
    (:class:`UnreadableInput` otherwise); :class:`~.actions.Reveal` of the cards read for a
    reveal need (a special order among them: :class:`UnreadableInput`, it is tapped)."""
    if isinstance(need, RevealNeed):
        if SPECIAL_ORDER in reading:
            raise UnreadableInput(f"{need.player} revealed a special order: tap the reveal to "
                                  "say what it copies")
        return reveal_action(ACTIONS, need, tuple(reading))
    if not isinstance(need, TableauNeed) or not isinstance(reading, Tableau):
        raise IllegalAction(f"Sushi Go Party! takes no {type(need).__name__} from the table")
    orders = reading.cards.count(SPECIAL_ORDER)
    named = reading.extra.get("special_orders", [])
    if orders and (not isinstance(named, list) or len(named) != orders):
        raise UnreadableInput(
            f"{need.player}'s scan shows {orders} special order{'s' if orders > 1 else ''}: "
            "say what each copies (Adjust with taps)")
    cards = tuple(c for c in reading.cards if c != SPECIAL_ORDER)
    return tableau_action(ACTIONS, need, Tableau(cards, reading.on_wasabi, reading.extra))


def card_names() -> dict[str, str]:
    """Every card of the box by id, named as printed."""
    return {card_id: card.name for card_id, card in CARDS_BY_ID.items()}
