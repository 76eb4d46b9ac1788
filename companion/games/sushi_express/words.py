"""Sushi Express's names in the message catalogue (issue 26, docs/I18N.md): action cards,
customer colours and phases as a player reads them in a refusal or a history line.

The names carry the context ``sushi-express`` so that each edition's printed names stay its own:
the English ones are the English rulebook's (SEED3), the French ones the French rulebook's
(SEED0: "Même pari", "1 tuile plus loin", "Changer de place", "Nouveau jet de dés",
"Pourboire", "bleu clair"...). There is no Polish Sushi Express rulebook among ours: the Polish
words follow the Polish Sushi Go! rulebook's style (SEED2), as the catalogue's comments say.
"""

from __future__ import annotations

from companion.i18n import Msg, pmsg

from .cards import ActionCard, Customer

#: An action card's printed name (the English rulebook's: "Same guess", "Re-roll").
ACTION_CARDS: dict[ActionCard, Msg] = {
    ActionCard.SAME_GUESS: pmsg("sushi-express", "Same guess"),
    ActionCard.ONE_TILE_FURTHER: pmsg("sushi-express", "1 tile further"),
    ActionCard.PLACE_EXCHANGE: pmsg("sushi-express", "Place exchange"),
    ActionCard.RE_ROLL: pmsg("sushi-express", "Re-roll"),
    ActionCard.TIP: pmsg("sushi-express", "Tip"),
}

#: A customer card's colour ("light blue"; the tip cards: "tip").
CUSTOMERS: dict[Customer, Msg] = {
    Customer.LIGHT_BLUE: pmsg("sushi-express", "light blue"),
    Customer.DARK_BLUE: pmsg("sushi-express", "dark blue"),
    Customer.ROSE: pmsg("sushi-express", "rose"),
    Customer.VIOLET: pmsg("sushi-express", "violet"),
    Customer.GREEN: pmsg("sushi-express", "green"),
    Customer.YELLOW: pmsg("sushi-express", "yellow"),
    Customer.ORANGE: pmsg("sushi-express", "orange"),
    Customer.RED: pmsg("sushi-express", "red"),
    Customer.TIP: pmsg("sushi-express", "tip"),
}


def customer(value: str) -> Msg | str:
    """The colour of customer card ``value`` (its words when it is no colour)."""
    try:
        return CUSTOMERS[Customer(value)]
    except ValueError:
        return value.replace("_", " ")


def action_card(value: str) -> Msg | str:
    """The printed name of action card ``value`` (its words when it is no card)."""
    try:
        return ACTION_CARDS[ActionCard(value)]
    except ValueError:
        return value.replace("_", " ")
