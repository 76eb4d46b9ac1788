"""A pending scan told: as the API's JSON (``GET /api/games/<id>/scan``, ``docs/API.md``) and
in words (the log and the scan button's status). Pure functions of the scan and the game's
host view.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.base import JSON, UnreadableInput
from companion.scans.actions import menu_types, nigiri_on_wasabi, seat_actions, table_names
from companion.scans.model import SPECIAL_ORDER, PendingScan


def scan_json(scan: PendingScan, title: str, view: JSON) -> JSON:
    """``scan`` of a game of ``title`` with host ``view`` (``""`` and ``{}`` for a game that no
    longer takes scans): the photo's cards, and per seat its cards, status, tableau and the
    action a confirm would try (``None`` when it cannot be built yet)."""
    types = menu_types(view)
    paired = nigiri_on_wasabi(scan.cards, scan.cards, types)
    return {"game": scan.game, "scan": scan.number, "source": scan.source,
            "taken": scan.taken, "set": scan.card_set, "round": scan.round,
            "width": int(scan.image.shape[1]), "height": int(scan.image.shape[0]),
            "notes": list(scan.notes),
            "cards": [{**c.to_json(), "on_wasabi": c.index in paired,
                       "in_menu": c.label in types} for c in scan.cards],
            "seats": [_seat_json(scan, title, view, seat) for seat in scan.seats()],
            "unassigned": sum(c.seat is None and not c.ignored for c in scan.cards)}


def _seat_json(scan: PendingScan, title: str, view: JSON, seat: int) -> JSON:
    names, types = table_names(view), menu_types(view)
    mine = scan.seat_cards(seat)
    result = scan.results.get(seat)
    unsure = sum(c.uncertain and not c.corrected for c in mine)
    paired_here = nigiri_on_wasabi(mine, scan.cards, types)
    tableau = {"cards": [c.label for c in mine if c.index not in paired_here
                         and c.label != SPECIAL_ORDER],
               "on_wasabi": [c.label for c in mine if c.index in paired_here],
               "special_orders": sum(c.label == SPECIAL_ORDER for c in mine)}
    try:
        action: JSON | None = seat_actions(title, view, seat, scan, None)[0]
    except (UnreadableInput, IndexError):
        action = None
    status = result.status if result else ("uncertain" if unsure else "ready")
    return {"seat": seat, "player": names[seat] if seat < len(names) else None,
            "cards": len(mine), "uncertain": unsure, "status": status,
            "reason": result.reason if result else None,
            "version": result.version if result else None, "action": action,
            "tableau": tableau}


def describe(scan: PendingScan, names: Sequence[str]) -> str:
    """A scan in words, for the log and the button's status."""
    parts = []
    for seat in scan.seats():
        mine = scan.seat_cards(seat)
        who = names[seat] if seat < len(names) else f"seat {seat}"
        unsure = sum(c.uncertain for c in mine)
        parts.append(f"{who} {_cards(len(mine))}" + (f" ({unsure} uncertain)" if unsure else ""))
    loose = sum(c.seat is None for c in scan.cards)
    if loose:
        parts.append(f"{_cards(loose)} outside every seat")
    return ", ".join(parts) or "no cards"


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"
