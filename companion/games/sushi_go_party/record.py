"""The record's ``final`` object for Sushi Go Party! (``docs/RECORD_FORMAT.md``).

``{"rounds": [[tableau, ...one per seat], ...up to 3 rounds]}`` where a tableau is
``{"cards": [ids], "on_wasabi": [ids], "special_orders": [{"copies": id, "on_wasabi": bool}],
"flipped": [ids], "uramaki_places": [1-3]}`` (every key but ``cards`` may be left out). The menu
and house rules come from the record's ``options``. Scoring it gives the same sheet as the game.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import JSON, UnreadableInput
from companion.games.common.record import final_rounds, json_object, rounds_to_json, string_list
from companion.games.sushi_go_party.tableau import SpecialOrder, Tableau

_KEYS = {"cards", "on_wasabi", "special_orders", "flipped", "uramaki_places"}


def tableau_to_json(t: Tableau) -> JSON:
    return {
        "cards": list(t.cards),
        "on_wasabi": list(t.on_wasabi),
        "special_orders": [
            {"copies": so.copies, "on_wasabi": so.on_wasabi} for so in t.special_orders
        ],
        "flipped": list(t.flipped),
        "uramaki_places": list(t.uramaki_places),
    }


def tableau_from_json(data: Any, where: str) -> Tableau:
    data = json_object(data, _KEYS, where, "a tableau")
    orders = []
    raw_orders = data.get("special_orders", [])
    if not isinstance(raw_orders, list):
        raise UnreadableInput(f"{where}: 'special_orders' must be a list")
    for so in raw_orders:
        if isinstance(so, str):
            so = {"copies": so}
        if (
            not isinstance(so, dict)
            or not isinstance(so.get("copies"), str)
            or not isinstance(so.get("on_wasabi", False), bool)
        ):
            raise UnreadableInput(
                f'{where}: a special order is {{"copies": id, "on_wasabi": true/false}}'
            )
        orders.append(SpecialOrder(so["copies"], so.get("on_wasabi", False)))
    places = data.get("uramaki_places", [])
    if not isinstance(places, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in places
    ):
        raise UnreadableInput(f"{where}: 'uramaki_places' must be a list of 1, 2 or 3")
    return Tableau(
        cards=string_list(data, "cards", where, "card ids"),
        on_wasabi=string_list(data, "on_wasabi", where, "card ids"),
        special_orders=tuple(orders),
        flipped=string_list(data, "flipped", where, "card ids"),
        uramaki_places=tuple(places),
    )


def final_to_json(rounds: tuple[tuple[Tableau, ...], ...]) -> JSON:
    return rounds_to_json(rounds, tableau_to_json)


def rounds_from_final(final: Any, names: list[str]) -> list[list[Tableau]]:
    """Read ``final``; each round must have one tableau per player."""
    rounds = final_rounds(final, "Sushi Go Party!", '{"rounds": [[tableau, ...]]}')
    out = []
    for r, tableaux in enumerate(rounds, start=1):
        if not isinstance(tableaux, list) or len(tableaux) != len(names):
            raise UnreadableInput(f"round {r}: one tableau per player ({len(names)})")
        out.append(
            [tableau_from_json(t, f"round {r}, {n}") for t, n in zip(tableaux, names, strict=True)]
        )
    return out
