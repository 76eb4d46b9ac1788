"""The registry of titles: game id -> engine, found on first use (no work at import time).

A title is a package under ``companion/games/`` whose ``__init__`` declares ``TITLE`` (a
:class:`~companion.games.base.Title`: id, menu order, the prefix of its screens, its BGG id and
page contexts) next to ``GAME`` (its engine). Nothing lists the titles by hand: a fifth title is
its own package. A package that declares ``TITLE`` but no ``GAME`` yet is a planned title: asking
for it raises :class:`UnknownGame` with a reason a person can read.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from dataclasses import dataclass
from functools import cache

from companion.games.base import JSON, Game, Title

PACKAGE = "companion.games"


@dataclass(frozen=True)
class Entry:
    """One title package found: its declaration and its module's name."""

    title: Title
    module: str


class UnknownGame(LookupError):
    """No engine for that id (unknown, or planned but not built yet)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@cache
def entries() -> dict[str, Entry]:
    """Every title package under ``companion.games`` (each that declares ``TITLE``), by id, in
    menu order. Found once, on first use; :func:`forget` finds them again (tests)."""
    found: list[Entry] = []
    for module in pkgutil.iter_modules(importlib.import_module(PACKAGE).__path__, f"{PACKAGE}."):
        if not module.ispkg:
            continue
        title = getattr(importlib.import_module(module.name), "TITLE", None)
        if isinstance(title, Title):
            found.append(Entry(title, module.name))
    found.sort(key=lambda e: (e.title.order, e.title.id))
    by_id: dict[str, Entry] = {}
    for entry in found:
        if entry.title.id in by_id:
            raise RuntimeError(f"two title packages declare {entry.title.id!r}: "
                               f"{by_id[entry.title.id].module} and {entry.module}")
        by_id[entry.title.id] = entry
    return by_id


def titles() -> list[Title]:
    """Every title's declaration (planned ones too), in menu order."""
    return [e.title for e in entries().values()]


def title(game_id: str) -> Title:
    """The declaration of ``game_id``; raises :class:`UnknownGame` as :func:`find_game`."""
    entry = entries().get(game_id)
    if entry is None:
        known = ", ".join(entries())
        raise UnknownGame(f"unknown game {game_id!r} (known: {known})")
    return entry.title


@cache
def find_game(game_id: str) -> Game:
    """The engine for ``game_id``; raises :class:`UnknownGame` when there is none."""
    title(game_id)
    game: Game | None = getattr(importlib.import_module(entries()[game_id].module), "GAME", None)
    if game is None:
        raise UnknownGame(f"{game_id} is planned but its rules engine is not built yet")
    if game.info.id != game_id:
        raise RuntimeError(f"{entries()[game_id].module}: TITLE.id {game_id!r} is not "
                           f"GAME.info.id {game.info.id!r}")
    return game


def _built(game_id: str) -> bool:
    try:
        find_game(game_id)
    except UnknownGame:
        return False
    return True


def available_games() -> list[Game]:
    """Engines that are built, in menu order."""
    return [find_game(g) for g in entries() if _built(g)]


def page_contexts() -> frozenset[str]:
    """The message contexts of names the engines define and the pages show too (each title's
    ``page_contexts``)."""
    return frozenset(c for t in titles() for c in t.page_contexts)


def catalogue(game_id: str, name: str, lang: str) -> JSON | None:
    """A catalogue the title offers its pages (Sushi Go Party!'s ``menus`` for the menu
    picker), its words in ``lang``: ``CATALOGUES[name](lang)`` of the title's ``catalogue``
    module; ``None`` when the title has no such catalogue. Raises :class:`UnknownGame` as
    :func:`find_game`."""
    find_game(game_id)
    module = f"{entries()[game_id].module}.catalogue"
    if importlib.util.find_spec(module) is None:
        return None
    build = getattr(importlib.import_module(module), "CATALOGUES", {}).get(name)
    return None if build is None else build(lang)


def forget() -> None:
    """Find the title packages again on next use (a test that adds or hides one)."""
    entries.cache_clear()
    find_game.cache_clear()
