"""Read-only catalogue of the Sushi Go Party! menus for the new-game menu picker.

``GET /api/titles/sushi-go-party/menus`` answers, from the engine's own tables (so the page keeps
no copy of the rules): the 8 preset menus (id, name, card types, player range), every card type
(name, menu slot, player limits, variants with box counts) and how many of each slot a menu
has. The page uses it to draw the preset tiles and to explain an à la carte menu's faults before
it is sent; creating the game still validates the menu (``409`` with the engine's reason).
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from companion.games.base import JSON
from companion.i18n import SOURCE, render
from web.i18n import request_language

bp = Blueprint("sgp", __name__, url_prefix="/api/titles/sushi-go-party")


def menus_json(lang: str = SOURCE) -> JSON:
    """The catalogue answered by :func:`menus` (see the module docstring), its names in ``lang``
    (the printed names of that language's edition, issue 26). The engine's modules are imported
    here, on first use, like the registry loads engines."""
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


@bp.get("/menus")
def menus() -> Response:
    return jsonify(menus_json(request_language()))
