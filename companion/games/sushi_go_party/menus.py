"""Menus and setup tables (REFERENCE 1.2 and 1.3): what goes in the deck for a game.

Contract:

* A :class:`Menu` is Nigiri (always) + 1 roll + 3 appetizers + 2 specials + 1 dessert, as card
  *types*. :data:`PRESETS` holds the 8 menus printed in the rulebook; à la carte menus are any
  other :class:`Menu`. Building a ``Menu`` checks nothing; :func:`check_menu` (composition) and
  :func:`check_menu_for` (composition and player count) refuse an invalid one with
  :class:`~companion.games.base.IllegalAction` naming the rule it breaks.
* Player counts: 2 to 8. Menu and Special Order only with 2-6 players; Spoon and Edamame only
  with 3-8 (:data:`PLAYER_LIMITS`).
* :func:`deal_size`: 2-3 players 10 cards, 4-5 9, 6-7 8, 8 7.
* :func:`dessert_schedule`: desserts shuffled into the deck in rounds 1/2/3: 2-5 players
  5/3/2 (10 of the 15 dessert cards; the other 5 stay in the box), 6-8 players 7/5/3 (all 15).
* :func:`deck_for`: the cards of a menu for a player count (a :class:`Deck`). Which 5 dessert
  cards stay out with 2-5 players is not known to the companion (they are not looked at), so the
  dessert variants are listed with their box counts and :attr:`Deck.dessert_cards` says how
  many are used; :meth:`Deck.most` bounds what may appear.
* :func:`menu_from_json` / :func:`menu_to_json` are a converter pair: ``{"preset": id}`` or
  ``{"roll": ..., "appetizers": [...], "specials": [...], "dessert": ...}`` with
  :class:`~companion.games.sushi_go_party.cards.CardType` values. They read shapes and names
  only (:class:`~companion.games.base.UnreadableInput`); the rules are :func:`check_menu`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.base import JSON, IllegalAction, UnreadableInput
from companion.games.sushi_go_party import words
from companion.games.sushi_go_party.cards import (
    CATEGORY,
    VARIANTS,
    CardType,
    Category,
    types_in,
)
from companion.i18n import Msg, msg

MIN_PLAYERS = 2
MAX_PLAYERS = 8
APPETIZERS = 3
SPECIALS = 2

#: Card types allowed only within a player range (inclusive), REFERENCE 1.2.
PLAYER_LIMITS: dict[CardType, tuple[int, int]] = {
    CardType.MENU: (2, 6),
    CardType.SPECIAL_ORDER: (2, 6),
    CardType.SPOON: (3, 8),
    CardType.EDAMAME: (3, 8),
}

DEAL_SIZES: dict[int, int] = {2: 10, 3: 10, 4: 9, 5: 9, 6: 8, 7: 8, 8: 7}
DESSERTS_SMALL_TABLE: tuple[int, int, int] = (5, 3, 2)  # 2-5 players
DESSERTS_LARGE_TABLE: tuple[int, int, int] = (7, 5, 3)  # 6-8 players
ROUNDS = 3


@dataclass(frozen=True)
class Menu:
    """The card types in play besides Nigiri (which every menu has)."""

    roll: CardType
    appetizers: tuple[CardType, ...]
    specials: tuple[CardType, ...]
    dessert: CardType

    @property
    def types(self) -> tuple[CardType, ...]:
        """Every type on the menu, Nigiri first."""
        return (CardType.NIGIRI, self.roll, *self.appetizers, *self.specials, self.dessert)


@dataclass(frozen=True)
class PresetMenu:
    """A menu printed in the rulebook: stable id, English and French names, the menu."""

    id: str
    name: str
    name_fr: str
    menu: Menu


def _preset(
    id: str, name: str, name_fr: str, roll: CardType, apps: str, specials: str, dessert: CardType
) -> PresetMenu:
    menu = Menu(
        roll=roll,
        appetizers=tuple(CardType(a) for a in apps.split()),
        specials=tuple(CardType(s) for s in specials.split()),
        dessert=dessert,
    )
    return PresetMenu(id=id, name=name, name_fr=name_fr, menu=menu)


_M, _T, _U = CardType.MAKI, CardType.TEMAKI, CardType.URAMAKI
_GTIC, _PUD, _FRUIT = CardType.GREEN_TEA_ICE_CREAM, CardType.PUDDING, CardType.FRUIT

#: The 8 preset menus (REFERENCE 1.2), in rulebook order.
PRESETS: dict[str, PresetMenu] = {
    p.id: p
    for p in (
        _preset(
            "my_first_meal",
            "My First Meal",
            "Menu enfant",
            _M,
            "tempura sashimi miso_soup",
            "wasabi tea",
            _GTIC,
        ),
        _preset(
            "sushi_go",
            "Sushi Go!",
            "Menu classique",
            _M,
            "tempura sashimi dumpling",
            "chopsticks wasabi",
            _PUD,
        ),
        _preset(
            "party_sampler",
            "Party Sampler",
            "Menu découverte",
            _T,
            "tempura dumpling tofu",
            "wasabi menu",
            _GTIC,
        ),
        _preset(
            "master_menu",
            "Master Menu",
            "Menu gourmet",
            _T,
            "onigiri tofu sashimi",
            "spoon takeout_box",
            _FRUIT,
        ),
        _preset(
            "points_platter",
            "Points Platter",
            "Menu à volonté",
            _U,
            "onigiri dumpling edamame",
            "special_order tea",
            _GTIC,
        ),
        _preset(
            "cutthroat_combo",
            "Cutthroat Combo",
            "Surprise du chef",
            _T,
            "eel tofu miso_soup",
            "spoon soy_sauce",
            _PUD,
        ),
        _preset(
            "big_banquet",
            "Big Banquet",
            "Menu de groupe",
            _M,
            "tempura dumpling eel",
            "spoon chopsticks",
            _GTIC,
        ),
        _preset(
            "dinner_for_two",
            "Dinner for Two",
            "Menu d'amour",
            _U,
            "onigiri tofu miso_soup",
            "menu special_order",
            _FRUIT,
        ),
    )
}


def check_menu(menu: Menu) -> None:
    """Refuse a menu that is not Nigiri + 1 roll + 3 appetizers + 2 specials + 1 dessert."""
    _check_slot(menu.roll, Category.ROLL, "roll")
    _check_slots(menu.appetizers, Category.APPETIZER, "appetizer", APPETIZERS)
    _check_slots(menu.specials, Category.SPECIAL, "special", SPECIALS)
    _check_slot(menu.dessert, Category.DESSERT, "dessert")


def _check_slot(card_type: CardType, category: Category, slot: str) -> None:
    if card_type is CardType.NIGIRI:
        raise IllegalAction(
            msg("Nigiri is on every menu already; it cannot be the {slot}",
                slot=words.SLOTS[category])
        )
    if CATEGORY[card_type] is not category:
        allowed = _comma_list([words.type_label(t) for t in types_in(category)])
        raise IllegalAction(
            msg(
                "A menu's {slot} must be one of {allowed}; {card} is {category}",
                slot=words.SLOTS[category], allowed=allowed, card=words.type_label(card_type),
                category=words.A_CATEGORY[CATEGORY[card_type]],
            )
        )


def _comma_list(items: list[Msg]) -> Msg:
    """``A, B, C`` (commas only: a list to choose from, not an "and")."""
    out = items[0]
    for item in items[1:]:
        out = msg("{first}, {next}", first=out, next=item)
    return out


def _check_slots(types: tuple[CardType, ...], category: Category, slot: str, wanted: int) -> None:
    if len(types) != wanted:
        raise IllegalAction(
            msg("A menu has {wanted} {slots}, not {count}",
                wanted=wanted, slots=words.SLOTS_PLURAL[category], count=len(types))
        )
    for card_type in types:
        _check_slot(card_type, category, slot)
    for card_type in types:
        if types.count(card_type) > 1:
            raise IllegalAction(
                msg("A menu has {wanted} different {slots}; {card} is there twice",
                    wanted=wanted, slots=words.SLOTS_PLURAL[category],
                    card=words.type_label(card_type))
            )


def check_players(players: int) -> None:
    """Refuse a player count outside 2-8."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(
            msg("Sushi Go Party! is played by {low} to {high} players, not {players}",
                low=MIN_PLAYERS, high=MAX_PLAYERS, players=players)
        )


def check_menu_for(menu: Menu, players: int) -> None:
    """Refuse ``menu`` if its composition is wrong or a card on it is not for ``players``."""
    check_players(players)
    check_menu(menu)
    for card_type in menu.types:
        low, high = PLAYER_LIMITS.get(card_type, (MIN_PLAYERS, MAX_PLAYERS))
        if not low <= players <= high:
            raise IllegalAction(
                msg("{card} is played only with {low} to {high} players, not {players}",
                    card=words.type_label(card_type), low=low, high=high, players=players)
            )


def player_range(menu: Menu) -> tuple[int, int]:
    """The player counts ``menu`` may be played with (inclusive)."""
    limits = [PLAYER_LIMITS.get(t, (MIN_PLAYERS, MAX_PLAYERS)) for t in menu.types]
    return max(low for low, _ in limits), min(high for _, high in limits)


def deal_size(players: int) -> int:
    """Cards dealt to each player at the start of a round."""
    check_players(players)
    return DEAL_SIZES[players]


def dessert_schedule(players: int) -> tuple[int, int, int]:
    """Dessert cards shuffled into the deck for rounds 1, 2 and 3."""
    check_players(players)
    return DESSERTS_SMALL_TABLE if players <= 5 else DESSERTS_LARGE_TABLE


@dataclass(frozen=True)
class Deck:
    """The cards of a menu for a player count.

    ``main``: card id -> copies, every non-dessert card of the menu. ``desserts``: the dessert
    variants with their box counts, of which ``dessert_cards`` are used (``schedule`` per round).
    """

    menu: Menu
    players: int
    deal: int
    main: Mapping[str, int]
    desserts: Mapping[str, int]
    dessert_cards: int
    schedule: tuple[int, int, int]

    def most(self, card_id: str) -> int:
        """The most copies of ``card_id`` this game can hold (0 for a card not on the menu)."""
        if card_id in self.main:
            return self.main[card_id]
        return min(self.desserts.get(card_id, 0), self.dessert_cards)

    @property
    def main_size(self) -> int:
        return sum(self.main.values())


def deck_for(menu: Menu, players: int) -> Deck:
    """The :class:`Deck` of a valid ``menu`` for ``players`` (refused like
    :func:`check_menu_for`)."""
    check_menu_for(menu, players)
    schedule = dessert_schedule(players)
    main = {c.id: c.count for t in menu.types if t is not menu.dessert for c in VARIANTS[t]}
    return Deck(
        menu=menu,
        players=players,
        deal=deal_size(players),
        main=main,
        desserts={c.id: c.count for c in VARIANTS[menu.dessert]},
        dessert_cards=sum(schedule),
        schedule=schedule,
    )


def menu_to_json(menu: Menu) -> JSON:
    """The explicit JSON form of ``menu`` (the pair of :func:`menu_from_json`)."""
    return {
        "roll": menu.roll.value,
        "appetizers": [t.value for t in menu.appetizers],
        "specials": [t.value for t in menu.specials],
        "dessert": menu.dessert.value,
    }


def menu_from_json(data: Any) -> Menu:
    """Read ``{"preset": id}`` or the explicit form; does not check the rules."""
    if not isinstance(data, dict):
        raise UnreadableInput("a menu must be a JSON object")
    if "preset" in data:
        if set(data) != {"preset"}:
            raise UnreadableInput("a preset menu is given by 'preset' alone")
        preset = PRESETS.get(data["preset"]) if isinstance(data["preset"], str) else None
        if preset is None:
            raise UnreadableInput(
                f"unknown menu {data['preset']!r} (presets: {', '.join(PRESETS)})"
            )
        return preset.menu
    fields = {"roll", "appetizers", "specials", "dessert"}
    if set(data) != fields:
        raise UnreadableInput(f"a menu needs exactly: preset, or {', '.join(sorted(fields))}")
    for key in ("appetizers", "specials"):
        if not isinstance(data[key], list):
            raise UnreadableInput(f"a menu's '{key}' must be a list")
    return Menu(
        roll=_type(data["roll"]),
        appetizers=tuple(_type(t) for t in data["appetizers"]),
        specials=tuple(_type(t) for t in data["specials"]),
        dessert=_type(data["dessert"]),
    )


def _type(raw: Any) -> CardType:
    try:
        return CardType(raw)
    except ValueError:
        allowed = ", ".join(t.value for t in CardType)
        raise UnreadableInput(f"unknown card type {raw!r} (one of: {allowed})") from None
