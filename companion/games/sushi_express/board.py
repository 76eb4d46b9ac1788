"""The ring of 12 tiles and how a van moves on it (phase 3).

Contract of :func:`drive`:

* The van moves clockwise and counts only tiles **not occupied by another van**; occupied tiles
  are skipped, so a van never ends on one (rulebook, REFERENCE ambiguity 24 and 27). Its own
  starting tile is free once it has left it.
* It *reaches or passes* Sushi Express (tile 0) when it steps onto or over tile 0 during the move.
  Ruling D2 (``express_passed_when_occupied``): when True (our default), driving over tile 0 while
  another van stands there still passes it; when False it does not.
* Ruling D3 (``first_lap_from_start``): when False (our default), leaving the start tile is not
  passing it; the van passes only on reaching or crossing tile 0 again. When True, a van's first
  departure from the start tile counts as passing Sushi Express (whatever the round: a van that
  failed every roll so far still stands on the start tile).
* Passing twice in one move still gives one customer card (official); :class:`Drive` only says
  whether it passed.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from companion.games.sushi_express.cards import PARK_TILE, SUSHI_EXPRESS_TILE, TILES

#: Tile names for screens: Sushi Express, houses 1-5, the park, houses 6-10 (clockwise).
TILE_NAMES: tuple[str, ...] = tuple(
    "Sushi Express"
    if t == SUSHI_EXPRESS_TILE
    else "Park"
    if t == PARK_TILE
    else f"House {t if t < PARK_TILE else t - 1}"
    for t in range(TILES)
)


class Drive(NamedTuple):
    """Where a move ends, what it passed, and the tiles it skipped because a van stood there."""

    start: int
    end: int
    passed_express: bool
    skipped: tuple[int, ...]

    @property
    def ends_on_park(self) -> bool:
        return self.end == PARK_TILE


def drive(
    start: int,
    tiles: int,
    occupied: Collection[int],
    *,
    express_passed_when_occupied: bool = True,
    first_departure_passes: bool = False,
) -> Drive:
    """Move a van ``tiles`` counted tiles clockwise from ``start``, skipping ``occupied`` tiles
    (the tiles of the *other* vans). ``first_departure_passes`` is ruling D3 already resolved for
    this van (True only when the option is on and the van has never left the start tile)."""
    if tiles < 1:
        raise ValueError("a van moves at least one tile")
    if len(set(occupied)) >= TILES:
        raise ValueError("every tile is occupied")
    passed = first_departure_passes and start == SUSHI_EXPRESS_TILE
    skipped: list[int] = []
    tile = start
    left = tiles
    while left:
        tile += 1
        if tile == TILES:
            tile = SUSHI_EXPRESS_TILE
            if express_passed_when_occupied or tile not in occupied:
                passed = True
        if tile in occupied:
            skipped.append(tile)
        else:
            left -= 1
    return Drive(start, tile, passed, tuple(skipped))
