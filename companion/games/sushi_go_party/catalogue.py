"""What the new-game menu picker needs of Sushi Go Party!: its menus, read from the engine's own
tables (so the page keeps no copy of the rules).

:func:`menus_json` is the title's ``menus`` catalogue, which the registry hands to the web
(:func:`companion.games.registry.catalogue`, ``GET /api/titles/sushi-go-party/menus``): the 8
preset menus (id, name, card types, player range), every card type (name, menu slot, player
limits, variants with box counts) and how many of each slot a menu has. The page uses it to
draw the preset tiles and to explain an à la carte menu's faults before it is sent; creating
the game still validates the menu.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.games.base import JSON
from companion.games.sushi_go_party.cards import CATEGORY, VARIANTS
from companion.games.sushi_go_party.menus import (
    APPETIZERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLAYER_LIMITS,
    PRESETS,
    SPECIALS,
    deal_size,
    dessert_schedule,
    menu_to_json,
    player_range,
)
from companion.games.sushi_go_party.words import card_label, preset_label, type_label
from companion.i18n import SOURCE, render


def menus_json(lang: str = SOURCE) -> JSON:
    """The menus catalogue (see the module docstring), its names in ``lang`` (the printed names
    of that language's edition, issue 26)."""
    players = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    return {
        "players": [MIN_PLAYERS, MAX_PLAYERS],
        # how many card types of each slot a menu has (nigiri is always there)
        "slots": {"roll": 1, "appetizer": APPETIZERS, "special": SPECIALS, "dessert": 1},
        "deal": {str(n): deal_size(n) for n in players},
        "schedule": {str(n): list(dessert_schedule(n)) for n in players},
        "presets": [
            {
                "id": p.id,
                "name": render(preset_label(p.id), lang),
                "menu": menu_to_json(p.menu),
                "types": [t.value for t in p.menu.types],
                "players": list(player_range(p.menu)),
            }
            for p in PRESETS.values()
        ],
        "types": [
            {
                "id": t.value,
                "name": render(type_label(t), lang),
                "slot": CATEGORY[t].value,
                "players": list(PLAYER_LIMITS.get(t, (MIN_PLAYERS, MAX_PLAYERS))),
                "variants": [
                    {"id": c.id, "name": render(card_label(c.id), lang), "count": c.count}
                    for c in VARIANTS[t]
                ],
            }
            for t in CATEGORY
        ],
    }


#: The catalogues this title offers the pages, by name (the registry's ``catalogue``): each
#: takes the reader's language.
CATALOGUES: dict[str, Callable[[str], JSON]] = {"menus": menus_json}
