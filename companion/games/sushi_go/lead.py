"""The strawberry pudding's lead token (the squishy), SEED2 "Pudding truskawkowy": pure rules.

During a turn, after the reveals (:func:`lead_taker`): compare every table's strawberry symbols
(puddings kept from earlier rounds count). Of the players who played a strawberry pudding this
turn, the one who now has the most symbols takes the lead, scoring :data:`LEAD_POINTS`, when

* they have strictly the most, or
* they tie for the most and are the only tied player who played one this turn.

When several tied players played one this turn nobody takes it and the token stays where it is.
A player who already holds the token gains nothing more (SEED2's hint), so a "take" always moves
the token from someone else (or from the middle of the table).

In scoring mode the table enters, per player and round, how many times they took the lead and
who holds the token at round end; :func:`takes_possible` checks those numbers can come from one
round of play. The number of takes is never assumed: a player who played a strawberry pudding
this round must be answered for (``0``, "never", is an answer; :data:`UNSTATED` is not).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache

LEAD_POINTS = 2
#: ``holder`` when nobody holds the token (before the first take of the game).
NOBODY = -1
#: Scoring mode, an entry's ``lead_takes`` when the table did not say how many times the player
#: took the lead (distinct from ``0``, the explicit "never"; ruling G23).
UNSTATED = -1


def lead_taker(symbols: Sequence[int], played: Collection[int], holder: int) -> int:
    """The seat that takes the token this turn, or :data:`NOBODY` (nobody takes it).

    ``symbols``: every seat's strawberry symbols after this turn's reveals; ``played``: the seats
    that played a strawberry pudding this turn; ``holder``: who holds the token now. The holder
    "taking" it again is no take (:data:`NOBODY` is returned)."""
    if not played:
        return NOBODY
    most = max(symbols)
    candidates = [s for s in played if symbols[s] == most]
    if len(candidates) != 1 or candidates[0] == holder:
        return NOBODY
    return candidates[0]


def takes_possible(takes: Sequence[int], start: int, end: int) -> bool:
    """Can one round give seat ``i`` ``takes[i]`` lead takes, starting with ``start`` holding
    the token and ending with ``end`` holding it (:data:`NOBODY` for nobody)?

    Each take moves the token to a seat that does not hold it, so the takers form a sequence in
    which no seat follows itself, the first is not ``start`` and the last is ``end``."""
    if any(t < 0 for t in takes):
        return False
    if not any(takes):
        return end == start
    if end == NOBODY or takes[end] == 0:
        return False
    return _arrangeable(tuple(takes), start, end)


@lru_cache(maxsize=1024)
def _arrangeable(counts: tuple[int, ...], last: int, end: int) -> bool:
    """Is there a sequence using ``counts`` where no seat follows itself, the first differs
    from ``last`` and the sequence ends with ``end``?"""
    left = sum(counts)
    if left == 0:
        return last == end
    for seat, n in enumerate(counts):
        if n and seat != last:
            if left == 1 and seat != end:
                continue
            rest = (*counts[:seat], n - 1, *counts[seat + 1 :])
            if _arrangeable(rest, seat, end):
                return True
    return False
