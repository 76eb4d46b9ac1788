"""Events the Sushi Go family's titles share: the same kind, fields and meaning in each title
that lists them in its ``EVENTS`` codec (each title's ``events`` module re-exports them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.games.base import Message


@dataclass(frozen=True)
class TableauEntered(Message):
    """Scoring mode: ``player``'s tableau for the round was entered (or replaced)."""

    kind: ClassVar[str] = "tableau_entered"
    player: str
    cards: int


@dataclass(frozen=True)
class RoundScored(Message):
    """Round ``round`` was scored: ``points`` per seat, in the order of the title's seats (what
    waits for the game end, such as desserts, is not in them)."""

    kind: ClassVar[str] = "round_scored"
    round: int
    points: tuple[int, ...]


@dataclass(frozen=True)
class GameOver(Message):
    """The game is over: ``totals`` per seat (everything scored at the game end included) and
    the ``winners`` by the title's rule."""

    kind: ClassVar[str] = "game_over"
    totals: tuple[int, ...]
    winners: tuple[str, ...]
