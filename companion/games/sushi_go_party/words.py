"""Sushi Go Party!'s names in the message catalogue (issue 26, docs/I18N.md): card types and
variants, menu slots and phases as a player reads them in a refusal.

The names carry the context ``sushi-go-party``: the French ones are the French rulebook's
(SEED1: Makis saumon, California, Gyoza, Anguille, Soupe miso, Baguettes, Cuillère, Boîte à
emporter, Flan, Glace matcha, Fruits...). None of our rulebooks is a Polish Sushi Go Party!: the
cards Sushi Go! shares take the Polish 10th anniversary rulebook's names (SEED2: Nigiri z
łososiem, Pałeczki...), the others our wording, said in the catalogue's comments.
"""

from __future__ import annotations

from companion.i18n import Msg, msg, pmsg

from .cards import CARDS_BY_ID, CardType, Category, OnigiriShape

# The English text of each is the name cards.py prints (the refusals read the same as before).
TYPE_NAMES: dict[CardType, Msg] = {
    CardType.NIGIRI: pmsg("sushi-go-party", "Nigiri"),
    CardType.MAKI: pmsg("sushi-go-party", "Maki"),
    CardType.TEMAKI: pmsg("sushi-go-party", "Temaki"),
    CardType.URAMAKI: pmsg("sushi-go-party", "Uramaki"),
    CardType.TEMPURA: pmsg("sushi-go-party", "Tempura"),
    CardType.SASHIMI: pmsg("sushi-go-party", "Sashimi"),
    CardType.DUMPLING: pmsg("sushi-go-party", "Dumpling"),
    CardType.EEL: pmsg("sushi-go-party", "Eel"),
    CardType.TOFU: pmsg("sushi-go-party", "Tofu"),
    CardType.ONIGIRI: pmsg("sushi-go-party", "Onigiri"),
    CardType.EDAMAME: pmsg("sushi-go-party", "Edamame"),
    CardType.MISO_SOUP: pmsg("sushi-go-party", "Miso Soup"),
    CardType.CHOPSTICKS: pmsg("sushi-go-party", "Chopsticks"),
    CardType.SPOON: pmsg("sushi-go-party", "Spoon"),
    CardType.MENU: pmsg("sushi-go-party", "Menu"),
    CardType.TAKEOUT_BOX: pmsg("sushi-go-party", "Take-out Box"),
    CardType.WASABI: pmsg("sushi-go-party", "Wasabi"),
    CardType.SOY_SAUCE: pmsg("sushi-go-party", "Soy Sauce"),
    CardType.TEA: pmsg("sushi-go-party", "Tea"),
    CardType.SPECIAL_ORDER: pmsg("sushi-go-party", "Special Order"),
    CardType.PUDDING: pmsg("sushi-go-party", "Pudding"),
    CardType.GREEN_TEA_ICE_CREAM: pmsg("sushi-go-party", "Green Tea Ice Cream"),
    CardType.FRUIT: pmsg("sushi-go-party", "Fruit"),
}
NIGIRI_NAMES: dict[str, Msg] = {
    "egg_nigiri": pmsg("sushi-go-party", "Egg Nigiri"),
    "salmon_nigiri": pmsg("sushi-go-party", "Salmon Nigiri"),
    "squid_nigiri": pmsg("sushi-go-party", "Squid Nigiri"),
}
SHAPES: dict[OnigiriShape, Msg] = {
    OnigiriShape.CIRCLE: pmsg("sushi-go-party", "circle"),
    OnigiriShape.TRIANGLE: pmsg("sushi-go-party", "triangle"),
    OnigiriShape.SQUARE: pmsg("sushi-go-party", "square"),
    OnigiriShape.RECTANGLE: pmsg("sushi-go-party", "rectangle"),
}
FRUIT_NAMES: dict[str, Msg] = {
    "fruit_watermelon_watermelon": pmsg("sushi-go-party", "Fruit: 2 watermelons"),
    "fruit_orange_orange": pmsg("sushi-go-party", "Fruit: 2 oranges"),
    "fruit_pineapple_pineapple": pmsg("sushi-go-party", "Fruit: 2 pineapples"),
    "fruit_watermelon_orange": pmsg("sushi-go-party", "Fruit: watermelon and orange"),
    "fruit_watermelon_pineapple": pmsg("sushi-go-party", "Fruit: watermelon and pineapple"),
    "fruit_orange_pineapple": pmsg("sushi-go-party", "Fruit: orange and pineapple"),
}
#: A menu's slot, as "the {slot}" and "one {slot}" read it.
SLOTS: dict[Category, Msg] = {
    Category.ROLL: pmsg("sushi-go-party", "roll"),
    Category.APPETIZER: pmsg("sushi-go-party", "appetizer"),
    Category.SPECIAL: pmsg("sushi-go-party", "special"),
    Category.DESSERT: pmsg("sushi-go-party", "dessert"),
    Category.NIGIRI: pmsg("sushi-go-party", "nigiri"),
}
#: A menu's slots in the plural ("A menu has 3 appetizers").
SLOTS_PLURAL: dict[Category, Msg] = {
    Category.APPETIZER: pmsg("sushi-go-party", "appetizers"),
    Category.SPECIAL: pmsg("sushi-go-party", "specials"),
}
#: What a card type is ("Eel is an appetizer").
A_CATEGORY: dict[Category, Msg] = {
    Category.ROLL: pmsg("sushi-go-party", "a roll"),
    Category.APPETIZER: pmsg("sushi-go-party", "an appetizer"),
    Category.SPECIAL: pmsg("sushi-go-party", "a special"),
    Category.DESSERT: pmsg("sushi-go-party", "a dessert"),
    Category.NIGIRI: pmsg("sushi-go-party", "a nigiri"),
}
PHASES: dict[str, Msg] = {
    "entry": pmsg("sushi-go-party", "entry"),
    "deal": pmsg("sushi-go-party", "deal"),
    "reveal": pmsg("sushi-go-party", "reveal"),
    "spoon": pmsg("sushi-go-party", "spoon"),
    "menu_draw": pmsg("sushi-go-party", "menu_draw"),
    "menu": pmsg("sushi-go-party", "menu"),
    "takeout": pmsg("sushi-go-party", "takeout"),
    "over": pmsg("sushi-go-party", "over"),
}


def type_label(card_type: CardType) -> Msg:
    """The printed name of a card type ("Miso Soup")."""
    return TYPE_NAMES[card_type]


def card_label(card_id: str) -> Msg | str:
    """The printed name of ``card_id`` ("Maki (2)", "Onigiri (circle)", "Chopsticks (1)"); the
    id quoted when it is no card (the English reads as cards.py's ``Card.name``)."""
    c = CARDS_BY_ID.get(card_id)
    if c is None:
        return repr(card_id)
    if c.id in NIGIRI_NAMES:
        return NIGIRI_NAMES[c.id]
    if c.id in FRUIT_NAMES:
        return FRUIT_NAMES[c.id]
    if c.shape is not None:
        return msg("{card} ({number})", card=TYPE_NAMES[c.type], number=SHAPES[c.shape])
    number = c.icons or c.corner
    if number:
        return msg("{card} ({number})", card=TYPE_NAMES[c.type], number=number)
    return TYPE_NAMES[c.type]


def phase_label(phase: object) -> Msg | str:
    """The phase a game waits for, as a refusal names it (its value when none is known)."""
    return PHASES.get(str(phase), str(phase))


#: The 8 preset menus' names (REFERENCE 1.2; the French are SEED1's "Menu enfant"...).
PRESET_NAMES: dict[str, Msg] = {
    "my_first_meal": pmsg("sushi-go-party menu", "My First Meal"),
    "sushi_go": pmsg("sushi-go-party menu", "Sushi Go!"),
    "party_sampler": pmsg("sushi-go-party menu", "Party Sampler"),
    "master_menu": pmsg("sushi-go-party menu", "Master Menu"),
    "points_platter": pmsg("sushi-go-party menu", "Points Platter"),
    "cutthroat_combo": pmsg("sushi-go-party menu", "Cutthroat Combo"),
    "big_banquet": pmsg("sushi-go-party menu", "Big Banquet"),
    "dinner_for_two": pmsg("sushi-go-party menu", "Dinner for Two"),
}


def preset_label(preset_id: str) -> Msg | str:
    """A preset menu's name as a message (its id when it is no preset)."""
    return PRESET_NAMES.get(preset_id, preset_id)
