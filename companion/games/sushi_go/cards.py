"""Sushi Go! cards as data (REFERENCE 2.1): both editions, every dessert set.

Every printed variant is a :class:`Card` with a stable ``id``. Cards that differ only by a number
printed on them carry it in the id: ``futomaki_2`` (roll icons), ``strawberry_pudding_4``
(strawberry symbols), ``frozen_yogurt_3`` (the value warmth reveals), ``bubble_tea_5`` (pearls).

Counts and rulings:

* 10th anniversary (SEED2, 2024): tempura 14, sashimi 14, gyoza 14, futomaki 12 x 2 icons,
  8 x 3, 6 x 1, salmon nigiri 10, squid 5, egg 5, wasabi 6, chopsticks 4, and 10 strawberry
  puddings: 108 cards. The original (2013) has the same counts with maki, dumplings and puddings
  [confirmed].
* **Not known (D8):** how many symbols each strawberry pudding shows (the examples show 2 and 4),
  the frozen yogurt values, how many bubble teas show each number (1 to 5 pearls), and how many
  cards each alternative dessert set has. Such a card has ``count=None``; the engine checks only
  the totals it knows (:data:`TYPE_TOTALS`: the 10 strawberry puddings) and accepts any value in
  the ranges below, which are data (:data:`STRAWBERRY_SYMBOLS`, :data:`FROZEN_YOGURT_VALUES`,
  :data:`BUBBLE_TEA_PEARLS`); scoring uses what is printed on the cards.
* Simulation needs a concrete deck, so :attr:`Card.assumed` gives the copies it deals when the
  count is unknown (10 cards per dessert set, REFERENCE's "probably 10"). These are assumptions
  for tests and benchmarks, never used to refuse a table's input.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class CardType(StrEnum):
    """Every card type of both editions and every dessert set."""

    TEMPURA = "tempura"
    SASHIMI = "sashimi"
    GYOZA = "gyoza"  # 10th anniversary
    DUMPLING = "dumpling"  # 2013
    FUTOMAKI = "futomaki"  # 10th anniversary
    MAKI = "maki"  # 2013
    NIGIRI = "nigiri"
    WASABI = "wasabi"
    CHOPSTICKS = "chopsticks"
    STRAWBERRY_PUDDING = "strawberry_pudding"
    PUDDING = "pudding"  # 2013
    FROZEN_YOGURT = "frozen_yogurt"
    BUBBLE_TEA = "bubble_tea"
    OLD_FASHIONED_PUDDING = "old_fashioned_pudding"
    MOCHI = "mochi"


#: The dessert types: kept in front of their player to game end.
DESSERTS: frozenset[CardType] = frozenset(
    {
        CardType.STRAWBERRY_PUDDING,
        CardType.PUDDING,
        CardType.FROZEN_YOGURT,
        CardType.BUBBLE_TEA,
        CardType.OLD_FASHIONED_PUDDING,
        CardType.MOCHI,
    }
)
#: Numbers that may be printed on the cards whose split is not known (D8; data, edit freely).
STRAWBERRY_SYMBOLS: tuple[int, ...] = (1, 2, 3, 4, 5)
FROZEN_YOGURT_VALUES: tuple[int, ...] = tuple(range(11))
BUBBLE_TEA_PEARLS: tuple[int, ...] = (1, 2, 3, 4, 5)  # "od 1 do 5" (SEED2)

#: Cards of a type in the box where the total is known but not the split (D8).
TYPE_TOTALS: dict[CardType, int] = {CardType.STRAWBERRY_PUDDING: 10}


@dataclass(frozen=True)
class Card:
    """One printed variant.

    ``count``: copies in the box, ``None`` when not known (D8). ``assumed``: copies a simulated
    deck holds (``count`` when known). ``icons``: roll icons. ``nigiri_value``: 1/2/3 for egg,
    salmon, squid. ``value``: strawberry symbols, frozen yogurt value or bubble tea pearls.
    """

    id: str
    type: CardType
    name: str
    count: int | None
    assumed: int
    icons: int = 0
    nigiri_value: int = 0
    value: int = 0


def _plain(card_type: CardType, name: str, count: int) -> Card:
    return Card(card_type.value, card_type, name, count, count)


def _roll(card_type: CardType, name: str, icons: int, count: int) -> Card:
    return Card(f"{card_type.value}_{icons}", card_type, f"{name} ({icons})", count, count, icons)


def _valued(
    card_type: CardType, name: str, values: Iterable[int], assumed: dict[int, int]
) -> tuple[Card, ...]:
    return tuple(
        Card(f"{card_type.value}_{v}", card_type, f"{name} ({v})", None, assumed.get(v, 0), value=v)
        for v in values
    )


NIGIRI: tuple[Card, ...] = (
    Card("egg_nigiri", CardType.NIGIRI, "Egg Nigiri", 5, 5, nigiri_value=1),
    Card("salmon_nigiri", CardType.NIGIRI, "Salmon Nigiri", 10, 10, nigiri_value=2),
    Card("squid_nigiri", CardType.NIGIRI, "Squid Nigiri", 5, 5, nigiri_value=3),
)
SHARED: tuple[Card, ...] = (
    _plain(CardType.TEMPURA, "Tempura", 14),
    _plain(CardType.SASHIMI, "Sashimi", 14),
    *NIGIRI,
    _plain(CardType.WASABI, "Wasabi", 6),
    _plain(CardType.CHOPSTICKS, "Chopsticks", 4),
)
ANNIVERSARY_MAIN: tuple[Card, ...] = (
    *SHARED,
    _plain(CardType.GYOZA, "Gyoza", 14),
    _roll(CardType.FUTOMAKI, "Futomaki", 1, 6),
    _roll(CardType.FUTOMAKI, "Futomaki", 2, 12),
    _roll(CardType.FUTOMAKI, "Futomaki", 3, 8),
)
ORIGINAL_MAIN: tuple[Card, ...] = (
    *SHARED,
    _plain(CardType.DUMPLING, "Dumpling", 14),
    _roll(CardType.MAKI, "Maki", 1, 6),
    _roll(CardType.MAKI, "Maki", 2, 12),
    _roll(CardType.MAKI, "Maki", 3, 8),
)

#: Each dessert set by type (assumed splits: simulation only, D8).
DESSERT_SETS: dict[CardType, tuple[Card, ...]] = {
    CardType.STRAWBERRY_PUDDING: _valued(
        CardType.STRAWBERRY_PUDDING,
        "Strawberry Pudding",
        STRAWBERRY_SYMBOLS,
        {1: 2, 2: 4, 3: 2, 4: 2},
    ),
    CardType.PUDDING: (_plain(CardType.PUDDING, "Pudding", 10),),
    CardType.FROZEN_YOGURT: _valued(
        CardType.FROZEN_YOGURT,
        "Frozen Yogurt",
        FROZEN_YOGURT_VALUES,
        {0: 1, 1: 2, 2: 2, 3: 2, 4: 2, 5: 1},
    ),
    CardType.BUBBLE_TEA: _valued(
        CardType.BUBBLE_TEA, "Bubble Tea", BUBBLE_TEA_PEARLS, {v: 2 for v in BUBBLE_TEA_PEARLS}
    ),
    CardType.OLD_FASHIONED_PUDDING: (
        Card(
            "old_fashioned_pudding",
            CardType.OLD_FASHIONED_PUDDING,
            "Old-Fashioned Pudding",
            None,
            10,
        ),
    ),
    CardType.MOCHI: (Card("mochi", CardType.MOCHI, "Mochi", None, 10),),
}

CARDS: tuple[Card, ...] = (
    *ANNIVERSARY_MAIN,
    *(c for c in ORIGINAL_MAIN if c not in SHARED),
    *(c for cards in DESSERT_SETS.values() for c in cards),
)
CARDS_BY_ID: dict[str, Card] = {c.id: c for c in CARDS}
#: Per card id, what the rules look at (plain dicts for speed).
TYPE_OF: dict[str, CardType] = {c.id: c.type for c in CARDS}
ICONS_OF: dict[str, int] = {c.id: c.icons for c in CARDS}
VALUE_OF: dict[str, int] = {c.id: c.value for c in CARDS}
NIGIRI_IDS: frozenset[str] = frozenset(c.id for c in NIGIRI)
DESSERT_IDS: frozenset[str] = frozenset(c.id for c in CARDS if c.type in DESSERTS)
WASABI_ID = CardType.WASABI.value
CHOPSTICKS_ID = CardType.CHOPSTICKS.value
MOCHI_ID = CardType.MOCHI.value


def card_name(card_id: str) -> str:
    """The printed name of ``card_id`` (the id quoted when it is no card)."""
    c = CARDS_BY_ID.get(card_id)
    return c.name if c else repr(card_id)
