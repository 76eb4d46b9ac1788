"""The registry of titles: game id -> engine, loaded on first use (no work at import time).

Every product title has an id here. A title whose engine is not built yet is listed as planned:
asking for it raises :class:`UnknownGame` with a reason a person can read.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from companion.games.base import JSON, Game

#: Every title the product supports, in menu order, with the module that provides ``GAME``.
GAME_IDS: dict[str, str | None] = {
    "sushi-express": "companion.games.sushi_express",
    "sushi-go-party": "companion.games.sushi_go_party",
    "sushi-go": "companion.games.sushi_go",
    "sushi-roll": "companion.games.sushi_roll",
}


class UnknownGame(LookupError):
    """No engine for that id (unknown, or planned but not built yet)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@cache
def find_game(game_id: str) -> Game:
    """The engine for ``game_id``; raises :class:`UnknownGame` when there is none."""
    if game_id not in GAME_IDS:
        known = ", ".join(GAME_IDS)
        raise UnknownGame(f"unknown game {game_id!r} (known: {known})")
    module = GAME_IDS[game_id]
    if module is None:
        raise UnknownGame(f"{game_id} is planned but its rules engine is not built yet")
    game: Game = importlib.import_module(module).GAME
    return game


def available_games() -> list[Game]:
    """Engines that are built, in menu order."""
    return [find_game(g) for g, module in GAME_IDS.items() if module is not None]


def catalogue(game_id: str, name: str, lang: str) -> JSON | None:
    """A catalogue the title offers its pages (Sushi Go Party!'s ``menus`` for the menu
    picker), its words in ``lang``: ``CATALOGUES[name](lang)`` of the title's ``catalogue``
    module; ``None`` when the title has no such catalogue. Raises :class:`UnknownGame` as
    :func:`find_game`."""
    find_game(game_id)
    module = f"{GAME_IDS[game_id]}.catalogue"
    if importlib.util.find_spec(module) is None:
        return None
    build = getattr(importlib.import_module(module), "CATALOGUES", {}).get(name)
    return None if build is None else build(lang)
