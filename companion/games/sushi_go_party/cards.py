"""Sushi Go Party! cards as data (REFERENCE 1.1): 181 cards, 23 types, 45 variants.

Every variant is a :class:`Card` with a stable ``id`` (``egg_nigiri``, ``maki_2``,
``fruit_watermelon_orange``, ...), its :class:`CardType`, :class:`Category`, count in the box,
background colour, icons and, for specials that act in order, the corner number.

Sources and rulings:

* Totals per type and the 181-card total are [confirmed] in REFERENCE 1.1; so are the splits of
  nigiri (4/5/3), maki (4/5/3 cards of 1/2/3 icons), onigiri (2 of each shape) and fruit.
* Uramaki is **open** in REFERENCE (7.1): we follow Decision D5, 4 cards each of 3, 4 and 5
  icons (the only split giving 12 cards and 48 icons). Check against a physical deck.
* Corner numbers: chopsticks 1-3, spoon 4-6, menu 7-9, takeout box 10-12 [confirmed]; they order
  the resolution of several such cards in one turn (REFERENCE 1.6, ambiguity 14).
* Background colours: every type has its own colour, **except wasabi, which shares nigiri's
  yellow** (REFERENCE 1.1, ambiguity 20; open point 7.5 on whether the printed deck shares any
  other colour). Only yellow is named by our sources, so :class:`Background` names each colour
  after the type that owns it; :data:`COLOUR_NAMES` gives the printed name where known. Tea and
  soy sauce compare colours, never names.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum


class Category(StrEnum):
    """The menu slots a type fills (REFERENCE 1.2)."""

    NIGIRI = "nigiri"
    ROLL = "roll"
    APPETIZER = "appetizer"
    SPECIAL = "special"
    DESSERT = "dessert"


class CardType(StrEnum):
    """The 23 card types (a menu picks types, not variants)."""

    NIGIRI = "nigiri"
    MAKI = "maki"
    TEMAKI = "temaki"
    URAMAKI = "uramaki"
    TEMPURA = "tempura"
    SASHIMI = "sashimi"
    DUMPLING = "dumpling"
    EEL = "eel"
    TOFU = "tofu"
    ONIGIRI = "onigiri"
    EDAMAME = "edamame"
    MISO_SOUP = "miso_soup"
    CHOPSTICKS = "chopsticks"
    SPOON = "spoon"
    MENU = "menu"
    TAKEOUT_BOX = "takeout_box"
    WASABI = "wasabi"
    SOY_SAUCE = "soy_sauce"
    TEA = "tea"
    SPECIAL_ORDER = "special_order"
    PUDDING = "pudding"
    GREEN_TEA_ICE_CREAM = "green_tea_ice_cream"
    FRUIT = "fruit"


CATEGORY: dict[CardType, Category] = {
    CardType.NIGIRI: Category.NIGIRI,
    **{t: Category.ROLL for t in (CardType.MAKI, CardType.TEMAKI, CardType.URAMAKI)},
    **{
        t: Category.APPETIZER
        for t in (
            CardType.TEMPURA,
            CardType.SASHIMI,
            CardType.DUMPLING,
            CardType.EEL,
            CardType.TOFU,
            CardType.ONIGIRI,
            CardType.EDAMAME,
            CardType.MISO_SOUP,
        )
    },
    **{
        t: Category.SPECIAL
        for t in (
            CardType.CHOPSTICKS,
            CardType.SPOON,
            CardType.MENU,
            CardType.TAKEOUT_BOX,
            CardType.WASABI,
            CardType.SOY_SAUCE,
            CardType.TEA,
            CardType.SPECIAL_ORDER,
        )
    },
    **{
        t: Category.DESSERT
        for t in (CardType.PUDDING, CardType.GREEN_TEA_ICE_CREAM, CardType.FRUIT)
    },
}


#: How a type is called in a sentence for a player (English rulebook names).
TYPE_NAMES: dict[CardType, str] = {
    t: t.value.replace("_", " ").title().replace("Takeout", "Take-out") for t in CardType
}


class Background(StrEnum):
    """Card background colours, named after the type that owns each (wasabi uses NIGIRI's)."""

    NIGIRI = "nigiri"
    MAKI = "maki"
    TEMAKI = "temaki"
    URAMAKI = "uramaki"
    TEMPURA = "tempura"
    SASHIMI = "sashimi"
    DUMPLING = "dumpling"
    EEL = "eel"
    TOFU = "tofu"
    ONIGIRI = "onigiri"
    EDAMAME = "edamame"
    MISO_SOUP = "miso_soup"
    CHOPSTICKS = "chopsticks"
    SPOON = "spoon"
    MENU = "menu"
    TAKEOUT_BOX = "takeout_box"
    SOY_SAUCE = "soy_sauce"
    TEA = "tea"
    SPECIAL_ORDER = "special_order"
    PUDDING = "pudding"
    GREEN_TEA_ICE_CREAM = "green_tea_ice_cream"
    FRUIT = "fruit"


#: Printed colour names our sources give ("4 yellow cards" in the EN tea example).
COLOUR_NAMES: dict[Background, str] = {Background.NIGIRI: "yellow"}


def background_of(card_type: CardType) -> Background:
    """The background colour of ``card_type``: its own, but wasabi shares nigiri's yellow."""
    if card_type is CardType.WASABI:
        return Background.NIGIRI
    return Background(card_type.value)


class Fruit(StrEnum):
    """The fruit icons (two per fruit card)."""

    WATERMELON = "watermelon"
    ORANGE = "orange"
    PINEAPPLE = "pineapple"


class OnigiriShape(StrEnum):
    CIRCLE = "circle"
    TRIANGLE = "triangle"
    SQUARE = "square"
    RECTANGLE = "rectangle"


@dataclass(frozen=True)
class Card:
    """One card variant: its stable ``id`` and what is printed on it.

    ``icons``: maki/uramaki roll icons (0 for other cards). ``fruits``: the two fruit icons of a
    fruit card. ``shape``: an onigiri's shape. ``corner``: the corner number of chopsticks,
    spoon, menu and takeout box (resolution order), else ``None``. ``nigiri_value``: 1/2/3
    printed on egg/salmon/squid, else 0.
    """

    id: str
    type: CardType
    name: str
    count: int
    icons: int = 0
    fruits: tuple[Fruit, ...] = ()
    shape: OnigiriShape | None = None
    corner: int | None = None
    nigiri_value: int = 0

    @property
    def category(self) -> Category:
        return CATEGORY[self.type]

    @property
    def background(self) -> Background:
        return background_of(self.type)


def _single(card_type: CardType, name: str, count: int) -> Card:
    return Card(id=card_type.value, type=card_type, name=name, count=count)


def _cornered(card_type: CardType, name: str, corners: range) -> tuple[Card, ...]:
    return tuple(
        Card(id=f"{card_type.value}_{n}", type=card_type, name=f"{name} ({n})", count=1, corner=n)
        for n in corners
    )


def _fruit(a: Fruit, b: Fruit, count: int) -> Card:
    name = f"Fruit: 2 {a.value}s" if a is b else f"Fruit: {a.value} and {b.value}"
    return Card(
        id=f"fruit_{a.value}_{b.value}", type=CardType.FRUIT, name=name, count=count, fruits=(a, b)
    )


_W, _O, _P = Fruit.WATERMELON, Fruit.ORANGE, Fruit.PINEAPPLE

#: Every variant in the box, in menu order (nigiri, rolls, appetizers, specials, desserts).
CARDS: tuple[Card, ...] = (
    Card("egg_nigiri", CardType.NIGIRI, "Egg Nigiri", 4, nigiri_value=1),
    Card("salmon_nigiri", CardType.NIGIRI, "Salmon Nigiri", 5, nigiri_value=2),
    Card("squid_nigiri", CardType.NIGIRI, "Squid Nigiri", 3, nigiri_value=3),
    Card("maki_1", CardType.MAKI, "Maki (1)", 4, icons=1),
    Card("maki_2", CardType.MAKI, "Maki (2)", 5, icons=2),
    Card("maki_3", CardType.MAKI, "Maki (3)", 3, icons=3),
    _single(CardType.TEMAKI, "Temaki", 12),
    Card("uramaki_3", CardType.URAMAKI, "Uramaki (3)", 4, icons=3),  # D5
    Card("uramaki_4", CardType.URAMAKI, "Uramaki (4)", 4, icons=4),  # D5
    Card("uramaki_5", CardType.URAMAKI, "Uramaki (5)", 4, icons=5),  # D5
    _single(CardType.TEMPURA, "Tempura", 8),
    _single(CardType.SASHIMI, "Sashimi", 8),
    _single(CardType.DUMPLING, "Dumpling", 8),
    _single(CardType.EEL, "Eel", 8),
    _single(CardType.TOFU, "Tofu", 8),
    *(
        Card(f"onigiri_{s.value}", CardType.ONIGIRI, f"Onigiri ({s.value})", 2, shape=s)
        for s in OnigiriShape
    ),
    _single(CardType.EDAMAME, "Edamame", 8),
    _single(CardType.MISO_SOUP, "Miso Soup", 8),
    *_cornered(CardType.CHOPSTICKS, "Chopsticks", range(1, 4)),
    *_cornered(CardType.SPOON, "Spoon", range(4, 7)),
    *_cornered(CardType.MENU, "Menu", range(7, 10)),
    *_cornered(CardType.TAKEOUT_BOX, "Take-out Box", range(10, 13)),
    _single(CardType.WASABI, "Wasabi", 3),
    _single(CardType.SOY_SAUCE, "Soy Sauce", 3),
    _single(CardType.TEA, "Tea", 3),
    _single(CardType.SPECIAL_ORDER, "Special Order", 3),
    _single(CardType.PUDDING, "Pudding", 15),
    _single(CardType.GREEN_TEA_ICE_CREAM, "Green Tea Ice Cream", 15),
    _fruit(_W, _W, 2),
    _fruit(_O, _O, 2),
    _fruit(_P, _P, 2),
    _fruit(_W, _O, 3),
    _fruit(_W, _P, 3),
    _fruit(_O, _P, 3),
)

CARDS_BY_ID: dict[str, Card] = {c.id: c for c in CARDS}

#: The variants of each type, in catalogue order.
VARIANTS: dict[CardType, tuple[Card, ...]] = {
    t: tuple(c for c in CARDS if c.type is t) for t in CardType
}

#: Cards of each type in the box (REFERENCE 1.1).
TYPE_COUNTS: dict[CardType, int] = {t: sum(c.count for c in VARIANTS[t]) for t in CardType}

BOX_TOTAL = 181


def card(card_id: str) -> Card:
    """The card with ``card_id``; ``KeyError`` naming the id when there is none."""
    try:
        return CARDS_BY_ID[card_id]
    except KeyError:
        raise KeyError(f"no Sushi Go Party! card {card_id!r}") from None


def types_in(category: Category) -> tuple[CardType, ...]:
    """The card types of ``category``, in catalogue order."""
    return tuple(t for t in CardType if CATEGORY[t] is category)


def box_counts() -> Counter[str]:
    """Card id -> copies in the box."""
    return Counter({c.id: c.count for c in CARDS})
