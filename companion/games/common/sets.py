"""Set tables: points for sets of cards or icons, the way the Sushi Go titles count them (part
of the scoring kit with :mod:`.nigiri` and :mod:`.majority`).

* :func:`complete_set_lines`: only complete sets score (tempura pairs, sashimi threes, green
  tea ice cream fours); the cards left over get a 0-point line saying so.
* :func:`count_points`: points looked up by how many a player has, the last entry for that
  many or more (dumplings 1/3/6/10/15, fruit -2/0/1/3/6/10).
* :func:`graded_set_points`: sets of up to ``size`` scored by a table, repeated for each
  further set, the last one possibly partial (Sushi Roll's appetizers).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from companion.games.base import ScoreLine
from companion.i18n import Msg, msg, ntmsg

#: How a 0-point line names the cards left out of a set.
SET_CARDS: dict[str, Msg] = {
    "tempura": msg("tempura"),
    "sashimi": msg("sashimi"),
    "green_tea_ice_cream": msg("green tea ice cream"),
}


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


@lru_cache(maxsize=1024)
def complete_set_lines(
    card_id: str, n: int, size: int, value: int, word: str
) -> tuple[ScoreLine, ...]:
    """The lines of ``n`` cards of ``card_id`` scoring ``value`` per complete set of ``size``
    (``word``: "pair", "set"): one for the sets, one (0 points) for the cards left over; no
    line for 0 cards. A line's rule is the card id with spaces ("green tea ice cream")."""
    if not n:
        return ()
    sets, left = divmod(n, size)
    name = card_id.replace("_", " ")
    out: list[ScoreLine] = []
    if sets:
        detail = (ntmsg("{n} pair of {size} x {value}", "{n} pairs of {size} x {value}", sets,
                        size=size, value=value) if word == "pair" else
                  ntmsg("{n} set of {size} x {value}", "{n} sets of {size} x {value}", sets,
                        size=size, value=value))
        out.append(ScoreLine(name, sets * value, card_id, detail))
    if left:
        card = SET_CARDS.get(card_id, name)
        detail = (ntmsg("{n} {card} left out of a pair of {size}",
                        "{n} {card} left out of a pair of {size}", left, card=card, size=size)
                  if word == "pair" else
                  ntmsg("{n} {card} left out of a set of {size}",
                        "{n} {card} left out of a set of {size}", left, card=card, size=size))
        out.append(ScoreLine(name, 0, card_id, detail))
    return tuple(out)


def count_points(table: Sequence[int], n: int) -> int:
    """``table[n]``, or its last entry when ``n`` is beyond it ("5 or more")."""
    return table[min(n, len(table) - 1)]


def graded_set_points(table: Sequence[int], n: int) -> int:
    """Points of ``n`` icons in sets of up to ``size = len(table) - 1``: ``table[k]`` for a set
    of ``k`` (``table[0]`` is 0), every complete set, then the rest as one set."""
    size = len(table) - 1
    full, rest = divmod(n, size)
    return full * table[size] + table[rest]
