"""Majority awards ("most maki", "most puddings") with the tie policies of every title, as data.

Pure functions over per-player counts (one ``int`` per seat, in seat order); they return one
result per seat in the same order. No title knowledge lives here: a title picks the awards table
and the :class:`TiePolicy` (REFERENCE "Decisions" D1 and D9, section 2.2, ambiguities 16-18,
21, 22 and 30).

**Places** (:func:`place_players`, :func:`majority_points`). Players are ranked by count,
highest first; ``awards[i]`` is the award of place ``i + 1``. A group of tied players shares a
place. A :class:`TiePolicy` says

* ``ranking``: after a tied group, does the next distinct count take the *next* place
  (:attr:`Ranking.DENSE`: 5, 5, 3, 1 -> places 1, 1, 2, 3) or is one place used up per tied
  player (:attr:`Ranking.COMPETITION`: 5, 5, 3, 1 -> places 1, 1, 3, 4)?
* ``share``: does every tied player take the place's full award (:attr:`Share.FULL`) or do
  they split that one award, rounded down (:attr:`Share.SPLIT_ROUND_DOWN`: 3 between two
  players is 1 each, the remainder is lost)? A split never adds the awards of the places the
  group uses up: those places are simply not awarded.
* ``zero_can_place``: may a player with a count of 0 take a place? When not, such a player is
  left out of the ranking altogether (gets ``None``/0) and takes no place from anybody.

The named policies:

* :data:`DENSE_FULL`: Sushi Go Party! maki (D9, ambiguities 17 and 18). Ties take the full
  award, the next distinct count still takes the next place; a player needs at least one maki.
  EN example: 5, 5, 3, 1 with (6, 3) -> 6, 6, 3, 0.
* :data:`SPLIT_ROUND_DOWN`: Sushi Go! original (LEWIS) and 10th anniversary (SEED2). Tied
  players split the place's award rounded down; when first place is tied there is no second
  place. Example (SEED2): 5, 3, 3, 2 with (6, 3) -> 6, 1, 1, 0. The 10th anniversary lets a
  player with 0 place "in the rare case" (ambiguity 30): use
  ``SPLIT_ROUND_DOWN.with_zero_placing()``; the 2013 rules do not say, and this default does
  not let a 0 place.
* :data:`COMPETITION_FULL`: Sushi Go Party! uramaki reached on the same turn (ambiguity 21):
  exact ties all take the place's full points and the next place is skipped.

**Most and fewest** (:func:`most_fewest`): puddings, temaki, desserts. The players with the most
gain ``bonus``, those with the fewest (0 included) lose ``penalty``; a :class:`MostFewest` rule
says whether ties take the full amount or split it rounded down (a split penalty of 6 between 4
players is -1 each), what happens when every player ties (:class:`AllTie`, D1), and whether the
penalty applies with 2 players.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class Ranking(StrEnum):
    """How places are counted after a tied group."""

    DENSE = "dense"  # the next distinct count takes the next place
    COMPETITION = "competition"  # a tied group uses up one place per player


class Share(StrEnum):
    """What tied players take of a place's award."""

    FULL = "full"  # each takes the full award
    SPLIT_ROUND_DOWN = "split_round_down"  # they split it, rounded down


@dataclass(frozen=True)
class TiePolicy:
    """How a title awards places when counts tie (see the module docstring)."""

    ranking: Ranking
    share: Share
    zero_can_place: bool = False

    def with_zero_placing(self, allowed: bool = True) -> TiePolicy:
        """This policy with ``zero_can_place`` set to ``allowed``."""
        return dataclasses.replace(self, zero_can_place=allowed)


#: Sushi Go Party!: full award to every tied player, dense ranking, a 0 never places (D9).
DENSE_FULL = TiePolicy(Ranking.DENSE, Share.FULL)
#: Sushi Go! (2013, 10th anniversary): split rounded down, no 2nd place if 1st is tied (D9).
SPLIT_ROUND_DOWN = TiePolicy(Ranking.COMPETITION, Share.SPLIT_ROUND_DOWN)
#: Sushi Go Party! uramaki on one turn: full award to ties, the next place skipped (amb. 21).
COMPETITION_FULL = TiePolicy(Ranking.COMPETITION, Share.FULL)


@dataclass(frozen=True)
class Placing:
    """A player's place (1 = most), how many players share it, and the points it gives them."""

    place: int
    tied: int
    points: int


def place_players(
    counts: Sequence[int], awards: Sequence[int], policy: TiePolicy
) -> tuple[Placing | None, ...]:
    """Each player's :class:`Placing`, or ``None`` when the player takes no awarded place.

    ``counts`` are per player (0 or more), ``awards`` the points of places 1, 2, ... (e.g.
    ``(6, 3)`` or ``(6, 4, 2)``). A negative count raises ``ValueError``.
    """
    if any(c < 0 for c in counts):
        raise ValueError(f"counts cannot be negative: {list(counts)}")
    eligible = sorted({c for c in counts if c > 0 or policy.zero_can_place}, reverse=True)
    place_of: dict[int, Placing] = {}
    index = 0  # 0-based place of the next group
    for count in eligible:
        if index >= len(awards):
            break
        tied = sum(1 for c in counts if c == count)
        award = awards[index]
        points = award if policy.share is Share.FULL else award // tied
        place_of[count] = Placing(place=index + 1, tied=tied, points=points)
        index += 1 if policy.ranking is Ranking.DENSE else tied
    return tuple(place_of.get(c) for c in counts)


def majority_points(
    counts: Sequence[int], awards: Sequence[int], policy: TiePolicy
) -> tuple[int, ...]:
    """Points per player for ``counts`` under ``awards`` and ``policy`` (0 without a place)."""
    return tuple(p.points if p else 0 for p in place_players(counts, awards, policy))


class AllTie(StrEnum):
    """What :func:`most_fewest` does when every player has the same count."""

    NOTHING = "nothing"  # D1: nobody gains or loses
    LITERAL = "literal"  # everyone is both most and fewest: +bonus and -penalty


@dataclass(frozen=True)
class MostFewest:
    """A most/fewest rule: +``bonus`` to the most, -``penalty`` to the fewest (0 included).

    ``share``: ties take the full amount, or split it rounded down (the split penalty is
    rounded toward 0: 6 between 4 players is -1 each). ``all_tie``: see :class:`AllTie`.
    ``penalty_with_two``: False when "2 players: no penalty" (SGP temaki and pudding).
    """

    bonus: int
    penalty: int
    share: Share = Share.FULL
    all_tie: AllTie = AllTie.NOTHING
    penalty_with_two: bool = False


@dataclass(frozen=True)
class MostFewestAward:
    """One player's result: the bonus for most (0 or more) and the penalty for fewest (0 or
    less), kept apart so a score breakdown can show both."""

    most: int = 0
    fewest: int = 0

    @property
    def points(self) -> int:
        return self.most + self.fewest


def most_fewest(counts: Sequence[int], rule: MostFewest) -> tuple[MostFewestAward, ...]:
    """Each player's :class:`MostFewestAward` under ``rule`` (see the module docstring)."""
    if any(c < 0 for c in counts):
        raise ValueError(f"counts cannot be negative: {list(counts)}")
    if not counts:
        return ()
    high, low = max(counts), min(counts)
    if high == low and rule.all_tie is AllTie.NOTHING:
        return tuple(MostFewestAward() for _ in counts)
    penalised = rule.penalty_with_two or len(counts) != 2
    bonus = _shared(rule.bonus, counts.count(high), rule.share)
    penalty = _shared(rule.penalty, counts.count(low), rule.share) if penalised else 0
    return tuple(
        MostFewestAward(most=bonus if c == high else 0, fewest=-penalty if c == low else 0)
        for c in counts
    )


def _shared(amount: int, tied: int, share: Share) -> int:
    return amount if share is Share.FULL else amount // tied
