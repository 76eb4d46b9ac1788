"""Rules engines, one package per title, found through :func:`find_game` (each title package
declares its ``TITLE`` and ``GAME``; :mod:`companion.games.registry` finds them).

The pages' catalogue (:func:`companion.i18n.catalogue_json`) carries the names each title
declares for its pages (``Title.page_contexts``): handed to :mod:`companion.i18n` here, which
the engines import and which therefore cannot import them (nothing is discovered until a
catalogue is built)."""

from companion import i18n
from companion.games.registry import (
    UnknownGame,
    available_games,
    find_game,
    page_contexts,
    titles,
)

i18n.page_contexts_from(page_contexts)

__all__ = ["UnknownGame", "available_games", "find_game", "titles"]
