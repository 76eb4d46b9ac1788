"""Game-end dessert scoring, one rule per dessert (SEED2; the 2013 pudding from SG-2013).

:func:`dessert_lines` gives each table its lines from the dessert cards it kept over the game
(and, for mochi, its die). Every split is rounded down (D9), a penalty shared by ``k`` tables is
``-(6 // k)`` each. "With 2 players" means 2 tables: the dummy of the dummy-player variant is a
third table (ruling G13).

* Strawberry pudding: no bonus at the end; the fewest symbols (0 included) lose 6, split. With 2
  players the fewest lose 3, and nobody loses on a tie. When every table ties (3 or more), all
  share the loss (ruling G5: SEED2 gives the "nothing when all equal" exception only to the
  alternative desserts).
* Original pudding (2013) and old-fashioned pudding: most cards +6, fewest (0 included) -6,
  split; nothing when all are equal; with 2 players no loss.
* Frozen yogurt: the same on the total value of a player's yogurts.
* Mochi: the same on the die; the mochi cards score nothing.
* Bubble tea: the cards form runs of consecutive numbers scored by length 1 / 4 / 8 / 13 / 20;
  a player's cards are arranged into the runs that score the most (ruling G6).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from companion.games.base import ScoreLine
from companion.games.common.majority import AllTie, MostFewest, Share, most_fewest
from companion.games.sushi_go.cards import BUBBLE_TEA_PEARLS, TYPE_OF, VALUE_OF, CardType
from companion.i18n import Msg, msg, nmsg, ntmsg, tmsg

#: Most +6 / fewest -6, split rounded down, nothing when all equal, 2 players: no loss.
MOST_FEWEST = MostFewest(
    bonus=6, penalty=6, share=Share.SPLIT_ROUND_DOWN, all_tie=AllTie.NOTHING, penalty_with_two=False
)
STRAWBERRY_PENALTY = 6
STRAWBERRY_PENALTY_TWO = 3
#: Bubble tea points by run length (index = length).
BUBBLE_TEA_RUNS: tuple[int, ...] = (0, 1, 4, 8, 13, 20)

_WORDS: dict[CardType, str] = {  # rule name
    CardType.PUDDING: "pudding",
    CardType.OLD_FASHIONED_PUDDING: "old-fashioned pudding",
    CardType.FROZEN_YOGURT: "frozen yogurt",
    CardType.MOCHI: "mochi",
}


def _held(dessert: CardType, n: int) -> Msg:
    """What a table's dessert count reads ("3 pudding cards", "4 on the mochi die")."""
    if dessert is CardType.PUDDING:
        return nmsg("{n} pudding card", "{n} pudding cards", n)
    if dessert is CardType.OLD_FASHIONED_PUDDING:
        return nmsg("{n} old-fashioned pudding card", "{n} old-fashioned pudding cards", n)
    if dessert is CardType.FROZEN_YOGURT:
        return nmsg("{n} frozen yogurt value", "{n} frozen yogurt values", n)
    return msg("{n} on the mochi die", n=n)


def dessert_lines(
    dessert: CardType, kept: Sequence[Sequence[str]], dice: Sequence[int]
) -> list[list[ScoreLine]]:
    """Each table's game-end dessert lines (``kept``: its dessert cards over the game;
    ``dice``: its mochi die, used with mochi only). Tables are compared together, so the
    dummy-player variant passes the dummy's too."""
    out: list[list[ScoreLine]] = [[] for _ in kept]
    if dessert is CardType.STRAWBERRY_PUDDING:
        _strawberry(kept, out)
    elif dessert is CardType.BUBBLE_TEA:
        for cards, lines in zip(kept, out, strict=True):
            lines.extend(bubble_tea_lines(tuple(sorted(VALUE_OF[c] for c in cards))))
    elif dessert is CardType.MOCHI:
        for cards, lines in zip(kept, out, strict=True):
            if cards:
                lines.append(
                    ScoreLine(
                        "mochi",
                        0,
                        "mochi",
                        ntmsg("{n} mochi card: the cards score nothing, the die does",
                              "{n} mochi cards: the cards score nothing, the die does",
                              len(cards)),
                    )
                )
        _most_fewest(dessert, list(dice), out)
    elif dessert is CardType.FROZEN_YOGURT:
        _most_fewest(dessert, [sum(VALUE_OF[c] for c in cards) for cards in kept], out)
    else:
        _most_fewest(dessert, [len(cards) for cards in kept], out)
    return out


def strawberry_symbols(cards: Sequence[str]) -> int:
    """The strawberry symbols printed on ``cards`` (other cards count 0)."""
    return sum(VALUE_OF[c] for c in cards if TYPE_OF[c] is CardType.STRAWBERRY_PUDDING)


def _strawberry(kept: Sequence[Sequence[str]], out: list[list[ScoreLine]]) -> None:
    symbols = [strawberry_symbols(cards) for cards in kept]
    low = min(symbols)
    fewest = [i for i, n in enumerate(symbols) if n == low]
    two = len(kept) == 2
    if two:
        each = STRAWBERRY_PENALTY_TWO if len(fewest) == 1 else 0
    else:
        each = STRAWBERRY_PENALTY // len(fewest)
    for i, (n, lines) in enumerate(zip(symbols, out, strict=True)):
        held = nmsg("{n} strawberry symbol", "{n} strawberry symbols", n)
        if i in fewest and each:
            why = (tmsg("{held}, the fewest (0 included): -{each}, {penalty} split {n} ways",
                        held=held, each=each, penalty=STRAWBERRY_PENALTY, n=len(fewest))
                   if len(fewest) > 1 else
                   tmsg("{held}, the fewest (0 included): -{each}", held=held, each=each))
            lines.append(ScoreLine("strawberry pudding fewest", -each, "strawberry_pudding", why))
        elif i in fewest:
            lines.append(
                ScoreLine(
                    "strawberry pudding",
                    0,
                    "strawberry_pudding",
                    tmsg("{held}: tied for the fewest, and with 2 players a tie loses nothing",
                         held=held),
                )
            )
        elif n:
            lines.append(
                ScoreLine(
                    "strawberry pudding",
                    0,
                    "strawberry_pudding",
                    tmsg("{held}: not the fewest (no bonus for the most at game end)",
                         held=held),
                )
            )


def _most_fewest(dessert: CardType, counts: list[int], out: list[list[ScoreLine]]) -> None:
    awards = most_fewest(counts, MOST_FEWEST)
    name = _WORDS[dessert]
    high, low = max(counts), min(counts)
    most_n, low_n = counts.count(high), counts.count(low)
    card = dessert.value
    for award, n, lines in zip(awards, counts, out, strict=True):
        held = _held(dessert, n)
        if award.most:
            most = (tmsg("{held}, the most, 6 split {n} ways", held=held, n=most_n)
                    if most_n > 1 else tmsg("{held}, the most", held=held))
            lines.append(ScoreLine(f"{name} most", award.most, card, most))
        if award.fewest:
            least = (tmsg("{held}, the fewest, 6 split {n} ways", held=held, n=low_n)
                     if low_n > 1 else tmsg("{held}, the fewest", held=held))
            lines.append(ScoreLine(f"{name} fewest", award.fewest, card, least))
        if award.most or award.fewest:
            continue
        if high == low:
            why = msg("every player has the same, so nobody scores")
        elif n == low:
            why = msg("the fewest, but nobody loses points with 2 players")
        else:
            why = msg("neither the most nor the fewest")
        if n or n == low:
            lines.append(ScoreLine(name, 0, card, tmsg("{held}: {why}", held=held, why=why)))


@lru_cache(maxsize=1024)
def bubble_tea_lines(pearls: tuple[int, ...]) -> tuple[ScoreLine, ...]:
    """The runs a player's bubble teas (their pearl numbers, sorted) score, one line a run."""
    counts = Counter(pearls)
    _, runs = best_runs(tuple(counts.get(v, 0) for v in BUBBLE_TEA_PEARLS))
    lines = []
    for start, length in runs:
        numbers = "-".join(str(BUBBLE_TEA_PEARLS[start + k]) for k in range(length))
        lines.append(
            ScoreLine(
                "bubble tea",
                BUBBLE_TEA_RUNS[length],
                "bubble_tea",
                ntmsg("run {numbers} ({n} card; 1/4/8/13/20)",
                      "run {numbers} ({n} cards; 1/4/8/13/20)", length, numbers=numbers),
            )
        )
    return tuple(lines)


@lru_cache(maxsize=4096)
def best_runs(counts: tuple[int, ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The best arrangement of cards into runs: ``counts[i]`` cards of the ``i``-th number.

    Returns the points and the runs as (index of the first number, length). The lowest number
    left must start a run (nothing below it can come first), so trying every length for it and
    recursing finds the best arrangement; longer runs are tried first, so ties prefer them."""
    first = next((i for i, n in enumerate(counts) if n), -1)
    if first < 0:
        return 0, ()
    longest = 0
    while first + longest < len(counts) and counts[first + longest]:
        longest += 1
    best: tuple[int, tuple[tuple[int, int], ...]] = (-1, ())
    for length in range(longest, 0, -1):
        rest = tuple(n - 1 if first <= i < first + length else n for i, n in enumerate(counts))
        points, runs = best_runs(rest)
        points += BUBBLE_TEA_RUNS[length]
        if points > best[0]:
            best = (points, ((first, length), *runs))
    return best
