"""Taking tokens from the supply when a die goes to a tray (SEED4 "Étape obligatoire").

* A Menu or Chopsticks die gives as many of those tokens as it shows, all at once, as far as the
  supply has them ("dans le cas rare où la réserve est épuisée, ne prenez pas de jetons"):
  ruling R6, a supply with fewer than shown gives what it has.
* A dessert die gives dessert tokens worth the desserts it shows, paid with tokens of 3 first,
  then tokens of 1 (the fewest tokens). When the supply cannot pay the full amount it pays as
  much as it can without going over (ruling R7: 2 desserts with only 3-tokens left gives none).
* Spent Menu and Chopsticks tokens go back to the supply (:mod:`.turns`).
"""

from __future__ import annotations

from companion.games.common.evolve import evolve
from companion.games.sushi_roll.dice import Face, Symbol
from companion.games.sushi_roll.state import Seat, Supply


def pay_desserts(wanted: int, ones: int, threes: int) -> tuple[int, int]:
    """Tokens of 1 and of 3 paying at most ``wanted`` desserts from a supply of ``ones`` and
    ``threes`` (3s first; never more than ``wanted``)."""
    t = min(wanted // 3, threes)
    o = min(wanted - 3 * t, ones)
    return o, t


def take_tokens(seat: Seat, supply: Supply, face: Face) -> tuple[Seat, Supply, int]:
    """The player and supply after taking the tokens ``face`` gives, and how many (desserts by
    value) were taken. Faces that give no token change nothing."""
    if face.symbol is Symbol.MENU:
        got = min(face.count, supply.menu)
        return (
            evolve(seat, menu=seat.menu + got),
            evolve(supply, menu=supply.menu - got),
            got,
        )
    if face.symbol is Symbol.CHOPSTICKS:
        got = min(face.count, supply.chopsticks)
        return (
            evolve(seat, chopsticks=seat.chopsticks + got),
            evolve(supply, chopsticks=supply.chopsticks - got),
            got,
        )
    if face.symbol is Symbol.DESSERT:
        ones, threes = pay_desserts(face.count, supply.ones, supply.threes)
        got = ones + 3 * threes
        return (
            evolve(seat, desserts=seat.desserts + got),
            evolve(supply, ones=supply.ones - ones, threes=supply.threes - threes),
            got,
        )
    return seat, supply, 0
