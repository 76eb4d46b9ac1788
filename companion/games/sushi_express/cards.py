"""Sushi Express components as data (REFERENCE section 4, seeds 000 and 003).

Customer colours: the rulebooks name light blue and dark blue (8 cards each) and show rose and
violet in the scoring example; the other four colours (2 cards each) are not named in our text,
so we call them green, yellow, orange and red. Players pick the matching colour on the screen.
"""

from __future__ import annotations

from enum import StrEnum


class ActionCard(StrEnum):
    """The five action cards (28 in the deck)."""

    SAME_GUESS = "same_guess"
    ONE_TILE_FURTHER = "one_tile_further"
    PLACE_EXCHANGE = "place_exchange"
    RE_ROLL = "re_roll"
    TIP = "tip"


class Customer(StrEnum):
    """Customer cards by colour, and the customer tip cards (36 in the deck)."""

    LIGHT_BLUE = "light_blue"
    DARK_BLUE = "dark_blue"
    ROSE = "rose"
    VIOLET = "violet"
    GREEN = "green"
    YELLOW = "yellow"
    ORANGE = "orange"
    RED = "red"
    TIP = "tip"


ACTION_DECK: dict[ActionCard, int] = {
    ActionCard.SAME_GUESS: 12,
    ActionCard.ONE_TILE_FURTHER: 6,
    ActionCard.PLACE_EXCHANGE: 4,
    ActionCard.RE_ROLL: 4,
    ActionCard.TIP: 2,
}

#: Every player starts with these two (taken out of the 28 before shuffling).
STARTING_HAND: tuple[ActionCard, ...] = (ActionCard.SAME_GUESS, ActionCard.ONE_TILE_FURTHER)

CUSTOMER_DECK: dict[Customer, int] = {
    Customer.LIGHT_BLUE: 8,
    Customer.DARK_BLUE: 8,
    Customer.ROSE: 2,
    Customer.VIOLET: 2,
    Customer.GREEN: 2,
    Customer.YELLOW: 2,
    Customer.ORANGE: 2,
    Customer.RED: 2,
    Customer.TIP: 8,
}

#: The guess board's numbers.
LOWEST_GUESS = 2
HIGHEST_GUESS = 12

#: The ring: 12 tiles clockwise, Sushi Express at 0, the park opposite at 6, houses between.
TILES = 12
SUSHI_EXPRESS_TILE = 0
PARK_TILE = 6

MIN_PLAYERS = 3
MAX_PLAYERS = 6
TRIES = 2

#: Action cards' printed names, in every language: :data:`.words.ACTION_CARDS`.

CUSTOMER_NAMES: dict[Customer, str] = {c: c.value.replace("_", " ") for c in Customer}
