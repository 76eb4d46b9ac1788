"""The record's ``final`` object for Sushi Roll (``final_to_json`` / ``rounds_from_final``).

Shape::

    {"rounds": [[tray, ...one per player, seat order], ...up to 3 rounds]}

A tray is::

    {"dice": ["maki:maki_3", "special:wasabi", ...], "on_wasabi": ["nigiri:squid"],
     "desserts": 4, "menu": 2, "chopsticks": 1}

``dice``: every die on the tray at round end except nigiri lying on a wasabi (readings
``"kind:face"``, :mod:`.dice`); ``on_wasabi``: those nigiri; ``desserts``: the dessert tokens the
player holds at round end, by value (left out: the earlier rounds' plus what this round's
dessert dice show); ``menu``, ``chopsticks``: the tokens held at round end (left out: 0; only the
last round's score). Scoring it (``companion score sushi-roll FILE``) gives the same sheet as
the game.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import JSON, UnreadableInput
from companion.games.common.record import (
    final_rounds,
    json_object,
    rounds_to_json,
    string_list,
    whole_number,
)
from companion.games.sushi_roll.actions import EnterTray
from companion.games.sushi_roll.options import Rules
from companion.games.sushi_roll.rounds import resolve_tray
from companion.games.sushi_roll.tray import Tray, check_round

_KEYS = {"dice", "on_wasabi", "desserts", "menu", "chopsticks"}


def tray_to_json(t: Tray) -> JSON:
    return {
        "dice": list(t.dice),
        "on_wasabi": list(t.on_wasabi),
        "desserts": t.desserts,
        "menu": t.menu,
        "chopsticks": t.chopsticks,
    }


_READINGS = "die readings ('kind:face')"


def entry_from_json(data: Any, who: str, where: str) -> EnterTray:
    """The tray entry a ``final`` tray describes (not yet resolved or checked)."""
    data = json_object(data, _KEYS, where, "a tray")
    return EnterTray(
        player=who,
        dice=string_list(data, "dice", where, _READINGS),
        on_wasabi=string_list(data, "on_wasabi", where, _READINGS),
        desserts=whole_number(data, "desserts", where, -1),
        menu=whole_number(data, "menu", where),
        chopsticks=whole_number(data, "chopsticks", where),
    )


def final_to_json(rounds: tuple[tuple[Tray, ...], ...]) -> JSON:
    return rounds_to_json(rounds, tray_to_json)


def rounds_from_final(final: Any, names: tuple[str, ...], rules: Rules) -> list[tuple[Tray, ...]]:
    """Read ``final`` (one tray per player each round), resolve left-out desserts and check
    each round against the ones before."""
    rounds = final_rounds(final, "Sushi Roll", '{"rounds": [[tray, ...], ...]}')
    out: list[tuple[Tray, ...]] = []
    for r, trays in enumerate(rounds, start=1):
        if not isinstance(trays, list) or len(trays) != len(names):
            raise UnreadableInput(
                f"round {r}: one tray per player ({len(names)}: {', '.join(names)})"
            )
        entries = [
            entry_from_json(t, n, f"round {r}, {n}") for t, n in zip(trays, names, strict=True)
        ]
        resolved = tuple(resolve_tray(e, out, seat) for seat, e in enumerate(entries))
        check_round(resolved, rules, names, out)
        out.append(resolved)
    return out
