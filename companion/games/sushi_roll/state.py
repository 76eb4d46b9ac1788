"""The frozen Sushi Roll game state, shared by the modes (:class:`~.options.Mode`).

Seats are the players in clockwise order. Each :class:`Seat` holds the belt in front of the
player (the dice on it, as readings), the tray (:class:`Placed` dice in the order taken) and the
player's tokens. ``red`` is the seat holding the red-bordered belt: it moves left with the belts
after every turn, and its holder plays first each turn, then clockwise (SEED4). Completed rounds
keep their :class:`~.tray.Tray` per player (``rounds``), so the score is always
:func:`.scoring.score_game` of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from companion.games.base import IllegalAction
from companion.games.sushi_roll.dice import (
    CHOPSTICKS_TOKENS,
    DESSERT_ONES,
    DESSERT_THREES,
    MENU_TOKENS,
    START_CHOPSTICKS,
    START_MENU,
)
from companion.games.sushi_roll.options import Mode, Rules
from companion.games.sushi_roll.tray import Tray
from companion.i18n import msg

__all__ = ["GameState", "Mode", "Phase", "Placed", "Seat", "Supply", "tray_of"]


class Phase(StrEnum):
    """What the game waits for."""

    ROLL = "roll"  # the belts to roll (start of every turn)
    PICK = "pick"  # the player whose turn it is: tokens, then a die to the tray
    REROLL = "reroll"  # the dice chosen with a Menu token, rolled
    ENTRY = "entry"  # scoring mode: trays at round end
    OVER = "over"


class Placed(NamedTuple):
    """A die on a tray this round: its reading, the turn it was taken, whether it is a nigiri
    on a wasabi (``on_wasabi``) or a wasabi with a nigiri on it (``covered``)."""

    die: str
    turn: int
    on_wasabi: bool = False
    covered: bool = False


@dataclass(frozen=True)
class Seat:
    """One player: the belt in front of them (sorted readings), their tray this round, their
    tokens (desserts by value), whether their belt was rolled this turn and whether they have
    taken their die this turn."""

    belt: tuple[str, ...] = ()
    tray: tuple[Placed, ...] = ()
    menu: int = START_MENU
    chopsticks: int = START_CHOPSTICKS
    desserts: int = 0
    rolled: bool = False
    picked: bool = False


@dataclass(frozen=True)
class Supply:
    """The tokens in the middle of the table (dessert tokens by kind: worth 1 and worth 3)."""

    menu: int
    chopsticks: int
    ones: int = DESSERT_ONES
    threes: int = DESSERT_THREES

    @classmethod
    def at_start(cls, players: int) -> Supply:
        """The supply once every player took 3 Menu and 2 Chopsticks tokens (SEED4)."""
        return cls(
            menu=MENU_TOKENS - START_MENU * players,
            chopsticks=CHOPSTICKS_TOKENS - START_CHOPSTICKS * players,
        )


@dataclass(frozen=True)
class GameState:
    """Everything the rules need.

    ``turn``: the turn of the round (1 to the dice per belt). ``reroll``: the dice the player
    whose turn it is chose to re-roll with a Menu token (still on the belt until their roll is
    entered). ``rounds``: the trays of completed rounds; ``round_points``: their points.
    ``entered``: scoring mode, this round's trays so far."""

    names: tuple[str, ...]
    rules: Rules
    phase: Phase
    supply: Supply
    round: int = 1
    turn: int = 1
    seats: tuple[Seat, ...] = ()
    red: int = 0
    reroll: tuple[str, ...] = ()
    rounds: tuple[tuple[Tray, ...], ...] = ()
    round_points: tuple[tuple[int, ...], ...] = ()
    entered: tuple[Tray | None, ...] = ()

    @property
    def mode(self) -> Mode:
        return self.rules.mode

    @property
    def players(self) -> int:
        return self.rules.players

    def order(self) -> tuple[int, ...]:
        """This turn's order: the red belt's holder, then clockwise."""
        n = self.rules.players
        return tuple((self.red + k) % n for k in range(n))

    @property
    def current(self) -> int:
        """The seat whose turn it is (-1 outside the pick phases)."""
        if self.phase not in (Phase.PICK, Phase.REROLL):
            return -1
        picked = sum(1 for s in self.seats if s.picked)
        return (self.red + picked) % self.rules.players

    def to_roll(self) -> tuple[int, ...]:
        """The seats whose belt must still be rolled this turn."""
        if self.phase is not Phase.ROLL:
            return ()
        return tuple(i for i, s in enumerate(self.seats) if not s.rolled)

    def seat_of(self, name: str) -> int:
        """The seat of ``name``; :class:`IllegalAction` for a name not at the table."""
        try:
            return self.names.index(name)
        except ValueError:
            raise IllegalAction(msg("{name} is not at this table", name=repr(name))) from None


def tray_of(seat: Seat) -> Tray:
    """The :class:`Tray` a player leaves at round end (with the tokens they hold)."""
    return Tray(
        dice=tuple(p.die for p in seat.tray if not p.on_wasabi),
        on_wasabi=tuple(p.die for p in seat.tray if p.on_wasabi),
        desserts=seat.desserts,
        menu=seat.menu,
        chopsticks=seat.chopsticks,
    )
