"""Exact roll odds for phase 2 (shown on every number of the guess board).

:func:`success_chance` is the exact probability (a :class:`~fractions.Fraction`) that a roller
who needs ``target`` or more on two dice succeeds within their two tries while holding
``rerolls`` Re-roll cards and using them optimally:

* a try rolls both dice; a total of ``target`` or more ends the phase at once (success);
* after a failed roll (on either try) the roller may play a Re-roll card to re-roll one die of
  their choice, and may do so again while cards remain, each time seeing the new total first;
* or stop and go on to the second try (keeping the remaining cards); after the second try there
  is nothing left to save the cards for.

Computed by a memoised dynamic programme over (try, cards left, dice shown); the dice are kept
sorted because the two dice are interchangeable.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from companion.games.sushi_express.cards import HIGHEST_GUESS, LOWEST_GUESS, TRIES

FACES = range(1, 7)
MAX_REROLLS = 4
_ONE = Fraction(1)
_ZERO = Fraction(0)


def success_chance(target: int, rerolls: int = 0) -> Fraction:
    """P(success within two tries) for ``target`` 2-12 and ``rerolls`` 0-4 Re-roll cards."""
    if not LOWEST_GUESS <= target <= HIGHEST_GUESS:
        raise ValueError(f"a target is {LOWEST_GUESS} to {HIGHEST_GUESS}, not {target}")
    if not 0 <= rerolls <= MAX_REROLLS:
        raise ValueError(f"a player holds 0 to {MAX_REROLLS} Re-roll cards, not {rerolls}")
    return _before_try(target, 1, rerolls)


@cache
def _before_try(target: int, try_number: int, cards: int) -> Fraction:
    """Value of rolling try ``try_number`` with ``cards`` Re-roll cards in hand."""
    rolls = ((min(a, b), max(a, b)) for a in FACES for b in FACES)
    total = sum((_after_roll(target, try_number, cards, lo, hi) for lo, hi in rolls), _ZERO)
    return total / 36


@cache
def _after_roll(target: int, try_number: int, cards: int, low: int, high: int) -> Fraction:
    """Value once the dice show ``low`` and ``high`` and the roller plays optimally."""
    if low + high >= target:
        return _ONE
    best = _before_try(target, try_number + 1, cards) if try_number < TRIES else _ZERO
    if cards:
        for keep in {low, high}:
            value = (
                sum(
                    (
                        _ONE
                        if keep + face >= target
                        else _after_roll(
                            target, try_number, cards - 1, min(keep, face), max(keep, face)
                        )
                        for face in FACES
                    ),
                    _ZERO,
                )
                / 6
            )
            best = max(best, value)
    return best


@cache
def odds_table() -> tuple[tuple[Fraction, ...], ...]:
    """``odds_table()[target - 2][k]`` = :func:`success_chance` (target, k), k = 0..4."""
    return tuple(
        tuple(success_chance(t, k) for k in range(MAX_REROLLS + 1))
        for t in range(LOWEST_GUESS, HIGHEST_GUESS + 1)
    )
