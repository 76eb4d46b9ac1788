"""Sushi Roll events: what happened, in order, as frozen messages.

:class:`RoundScored` and :class:`GameOver` (``totals`` with the game end) are the family's
(:mod:`companion.games.common.events`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.games.base import Message, MessageCodec
from companion.games.common.events import GameOver, RoundScored


@dataclass(frozen=True)
class RoundStarted(Message):
    """Round ``round`` begins: each player draws ``dice`` dice from the bag onto their belt;
    ``first``: who holds the red-bordered belt ("" in scoring mode)."""

    kind: ClassVar[str] = "round_started"
    round: int
    dice: int
    first: str = ""


@dataclass(frozen=True)
class BeltRolled(Message):
    """``player``'s belt shows ``dice`` (``rerolled``: the dice re-rolled with a Menu token)."""

    kind: ClassVar[str] = "belt_rolled"
    player: str
    dice: tuple[str, ...]
    rerolled: bool = False


@dataclass(frozen=True)
class TurnStarted(Message):
    """Every belt is rolled: ``first`` (the red belt's holder) plays first, then clockwise."""

    kind: ClassVar[str] = "turn_started"
    round: int
    turn: int
    first: str


@dataclass(frozen=True)
class MenuUsed(Message):
    """``player`` returned a Menu token and re-rolls ``dice``."""

    kind: ClassVar[str] = "menu_used"
    player: str
    dice: tuple[str, ...]


@dataclass(frozen=True)
class ChopsticksUsed(Message):
    """``player`` returned a Chopsticks token and swapped ``give`` for ``other``'s ``take``."""

    kind: ClassVar[str] = "chopsticks_used"
    player: str
    give: str
    other: str
    take: str


@dataclass(frozen=True)
class DiePicked(Message):
    """``player`` put ``die`` on their tray; ``on_wasabi``: a nigiri went on a free wasabi."""

    kind: ClassVar[str] = "die_picked"
    player: str
    die: str
    on_wasabi: bool = False


@dataclass(frozen=True)
class TokensTaken(Message):
    """``player`` took ``got`` ``token`` tokens (menu, chopsticks, dessert: by value) of the
    ``shown`` the die asked for (fewer when the supply ran short)."""

    kind: ClassVar[str] = "tokens_taken"
    player: str
    token: str
    shown: int
    got: int


@dataclass(frozen=True)
class BeltsPassed(Message):
    """Every belt moved to the left neighbour; ``red``: who holds the red-bordered belt now;
    ``round_end``: the 3-player move at round end (SEED4)."""

    kind: ClassVar[str] = "belts_passed"
    red: str
    round_end: bool = False


@dataclass(frozen=True)
class TrayEntered(Message):
    """Scoring mode: ``player``'s tray for the round was entered (or replaced)."""

    kind: ClassVar[str] = "tray_entered"
    player: str
    dice: int


EVENTS = MessageCodec(
    "event",
    (
        RoundStarted,
        BeltRolled,
        TurnStarted,
        MenuUsed,
        ChopsticksUsed,
        DiePicked,
        TokensTaken,
        BeltsPassed,
        TrayEntered,
        RoundScored,
        GameOver,
    ),
)
