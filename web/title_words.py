"""The new-game form's option texts in the request's language (issue 26; docs/I18N.md).

``GET /api/titles`` sends every title's options with their ``label`` and ``doc`` (the engines'
``OptionSpec``, English, each marked ``N_`` where the engine writes it, so extraction finds them
next to the rules they describe). :func:`localized_title` renders them through the catalogue;
``tests/web/test_title_options_api.py`` fails while a text of ``/api/titles`` is not marked or is
missing from a language. Title names are brand names and stay as printed. The values' own words
(the choice buttons) are the pages' (``t()`` in ``home.js`` and the titles' setup scripts).
"""

from __future__ import annotations

from typing import Any

from companion.games.registry import available_games
from companion.i18n import gettext


def option_texts() -> set[str]:
    """Every option label and note /api/titles sends (English, as the engines write them)."""
    return {text for game in available_games() for o in game.info.options
            for text in (o.label, o.doc)}


def localized_option(option: dict[str, Any], lang: str) -> dict[str, Any]:
    """``option`` (one of ``GameInfo.to_json()["options"]``) with its label and note in
    ``lang`` (the English text where the catalogue has none)."""
    return {**option, "label": gettext(option["label"], lang), "doc": gettext(option["doc"], lang)}


def localized_title(info: dict[str, Any], lang: str) -> dict[str, Any]:
    """A title's JSON (``GameInfo.to_json()``) with its options' words in ``lang``."""
    return {**info, "options": [localized_option(o, lang) for o in info.get("options", [])]}
