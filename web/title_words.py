"""The new-game form's option texts in the request's language (issue 26; docs/I18N.md).

``GET /api/titles`` sends every title's options with their ``label`` and ``doc`` (the engines'
``OptionSpec``, English). :func:`localized_titles` renders them through the catalogue. The texts
are marked here with ``N_`` because extraction reads literals only and the option specs live in
several packages (some shared by titles): when an engine changes an option's words, copy them
here (``tests/i18n/test_title_options.py`` fails while a text of ``/api/titles`` is missing from
a language). Title names are brand names and stay as printed. The values' own words (the
choice buttons) are the pages' (``t()`` in ``home.js`` and the titles' setup scripts).
"""

from __future__ import annotations

from typing import Any

from companion.i18n import N_, gettext

#: Every option label and note /api/titles sends (English, as the engines write them).
OPTION_TEXTS: tuple[str, ...] = (
    N_("A van passing an occupied Sushi Express takes a customer"),
    N_(
        "Driving over the Sushi Express tile while another van stands on it still counts as "
        "passing it (one customer card)."
    ),
    N_("Leaving the start tile counts as passing Sushi Express"),
    N_(
        "No (the default): a van passes Sushi Express only on reaching or crossing it again. "
        "Yes: its first departure from the start tile already counts."
    ),
    N_("Which marker of the lowest stack starts the next round"),
    N_(
        "The bottom marker (who chose the number first) or the top one starts the next round "
        "and decides the delivery."
    ),
    N_("Start player (seat)"),
    N_("The seat (0 = first player listed) that guesses first in round 1."),
    N_("Menu"),
    N_(
        "One of the 8 preset menus, or an à la carte menu as an object: nigiri plus 1 roll, 3"
        " appetizers, 2 specials and 1 dessert."
    ),
    N_("How the game is followed"),
    N_(
        "Tableaux at round end: enter each player's cards once the round is over, the "
        "quickest. Turn by turn: enter every turn, each one checked as it happens."
    ),
    N_("Temaki and pudding when every player ties"),
    N_(
        "Nobody scores (the default): nobody gains or loses points. Everyone is most and "
        "fewest: every player scores as having both the most and the fewest."
    ),
    N_("Edition"),
    N_(
        "10th anniversary edition (2024: futomaki, gyoza, strawberry pudding with its lead "
        "token) or the original edition (2013: maki, dumplings, pudding). In both, tied "
        "players share the points (rounded down) and a tie for first leaves no second place."
    ),
    N_("Dessert"),
    N_(
        "The edition's own dessert, or one of the 10th anniversary's other desserts, scored "
        "at game end: Frozen yogurt, Bubble tea, Old-fashioned pudding or Mochi (a player who"
        " takes a Mochi card rolls the mochi die)."
    ),
    N_("Variant"),
    N_(
        "One at a time: Two-way road (pass to the right in round 2), Sushi golf (the lowest "
        "total wins); for 2 players: Personal draw piles, Sushi battle, Dummy player."
    ),
    N_("Must have futomaki (2 players)"),
    N_(
        "2 players: a player with no futomaki (maki) is left out of that scoring, so any "
        "futomaki gives the other 6."
    ),
    N_(
        "Trays at round end: tap each player's tray once the round is over, the quickest. "
        "Turn by turn: tap the first roll of each round, then the die each player takes; "
        "every step is checked at once."
    ),
    N_("Red-bordered belt (seat)"),
    N_(
        "The seat (0 = first player listed) dealt the red-bordered belt: that player picks "
        "first in round 1."
    ),
)


def localized_option(option: dict[str, Any], lang: str) -> dict[str, Any]:
    """``option`` (one of ``GameInfo.to_json()["options"]``) with its label and note in
    ``lang`` (the English text where the catalogue has none)."""
    return {**option, "label": gettext(option["label"], lang), "doc": gettext(option["doc"], lang)}


def localized_title(info: dict[str, Any], lang: str) -> dict[str, Any]:
    """A title's JSON (``GameInfo.to_json()``) with its options' words in ``lang``."""
    return {**info, "options": [localized_option(o, lang) for o in info.get("options", [])]}
