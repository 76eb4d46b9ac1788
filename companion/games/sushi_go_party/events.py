"""Sushi Go Party! events: what happened, in order, as frozen messages.

Events never carry a hidden hand: a deal is announced by round and size only.

:class:`TableauEntered` and :class:`RoundScored` (desserts wait for the game end) are the
family's (:mod:`companion.games.common.events`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.games.base import Message, MessageCodec
from companion.games.common.events import RoundScored, TableauEntered


@dataclass(frozen=True)
class RoundStarted(Message):
    """Round ``round`` begins: ``deal`` cards each, ``desserts`` dessert cards shuffled in."""

    kind: ClassVar[str] = "round_started"
    round: int
    deal: int
    desserts: int


@dataclass(frozen=True)
class CardPlayed(Message):
    """``player`` put ``card`` on the table (``scores_as``: what it counts as; ``via``: reveal,
    chopsticks, spoon or menu)."""

    kind: ClassVar[str] = "card_played"
    player: str
    card: str
    scores_as: str
    via: str


@dataclass(frozen=True)
class Discarded(Message):
    """``player``'s ``card`` left the table: ``why`` is a rule a player can read."""

    kind: ClassVar[str] = "discarded"
    player: str
    card: str
    why: str


@dataclass(frozen=True)
class SpoonGiven(Message):
    """``giver`` gave ``card`` to ``player`` for their spoon ("" when nobody held it)."""

    kind: ClassVar[str] = "spoon_given"
    player: str
    giver: str
    card: str


@dataclass(frozen=True)
class MenuUsed(Message):
    """``player``'s menu drew ``drawn`` cards; ``card`` was played ("" for none)."""

    kind: ClassVar[str] = "menu_used"
    player: str
    drawn: int
    card: str


@dataclass(frozen=True)
class CardsFlipped(Message):
    """``player``'s take-out box turned ``cards`` face down."""

    kind: ClassVar[str] = "cards_flipped"
    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class UramakiScored(Message):
    """``player`` reached ``icons`` uramaki icons: place ``place`` scores ``points`` now."""

    kind: ClassVar[str] = "uramaki_scored"
    player: str
    place: int
    points: int
    icons: int


@dataclass(frozen=True)
class TurnEnded(Message):
    """Turn ``turn`` of round ``round`` is over; hands were passed to the left."""

    kind: ClassVar[str] = "turn_ended"
    round: int
    turn: int


@dataclass(frozen=True)
class GameOver(Message):
    """The game is over: ``totals`` per seat, desserts included."""

    kind: ClassVar[str] = "game_over"
    totals: tuple[int, ...]


EVENTS = MessageCodec(
    "event",
    (
        RoundStarted,
        TableauEntered,
        CardPlayed,
        Discarded,
        SpoonGiven,
        MenuUsed,
        CardsFlipped,
        UramakiScored,
        TurnEnded,
        RoundScored,
        GameOver,
    ),
)
