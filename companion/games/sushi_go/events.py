"""Sushi Go! events: what happened, in order, as frozen messages (never a hidden hand).

:class:`TableauEntered`, :class:`RoundScored` (``points``: the players, then the dummy) and
:class:`GameOver` (``totals`` with the desserts; ``winners``: in sushi golf, the lowest) are
the family's (:mod:`companion.games.common.events`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.games.base import Message, MessageCodec
from companion.games.common.events import GameOver, RoundScored, TableauEntered


@dataclass(frozen=True)
class RoundStarted(Message):
    """Round ``round`` begins: every table will take ``cards`` cards; ``starts``: the player
    who starts (sushi battle) or controls the dummy first (dummy player), else ""."""

    kind: ClassVar[str] = "round_started"
    round: int
    cards: int
    starts: str = ""


@dataclass(frozen=True)
class CardPlayed(Message):
    """``player`` put ``card`` on their table (``via``: reveal, chopsticks, or dummy for the
    card the controller played for the dummy); ``on_wasabi``: a nigiri went on a wasabi."""

    kind: ClassVar[str] = "card_played"
    player: str
    card: str
    via: str
    on_wasabi: bool = False


@dataclass(frozen=True)
class ChopsticksReturned(Message):
    """``player`` used chopsticks: they go back into the hand; in the sushi battle face up
    into the pyramid, at ``at`` (the place of the second card taken; empty when the round's
    places are not entered)."""

    kind: ClassVar[str] = "chopsticks_returned"
    player: str
    at: tuple[int, ...] = ()


@dataclass(frozen=True)
class CardTurnedUp(Message):
    """Sushi battle: nothing lies any more on the face-down card at ``at`` (row, card) of the
    pyramid, so it is turned up; ``card`` is its id when the engine knows it (simulation),
    else ""."""

    kind: ClassVar[str] = "card_turned_up"
    at: tuple[int, ...]
    card: str = ""


@dataclass(frozen=True)
class LeadTaken(Message):
    """``player`` took the lead token with ``symbols`` strawberry symbols: ``points`` now."""

    kind: ClassVar[str] = "lead_taken"
    player: str
    symbols: int
    points: int


@dataclass(frozen=True)
class LeadTied(Message):
    """Several players tied for the most symbols and played a strawberry pudding this turn:
    nobody takes the token; ``holder`` keeps it ("" when nobody holds it)."""

    kind: ClassVar[str] = "lead_tied"
    players: tuple[str, ...]
    holder: str


@dataclass(frozen=True)
class MochiRollNeeded(Message):
    """``player`` took ``rolls`` mochi card(s): their die must be rolled that many times."""

    kind: ClassVar[str] = "mochi_roll_needed"
    player: str
    rolls: int


@dataclass(frozen=True)
class MochiRolled(Message):
    """``player``'s mochi die now shows ``value``."""

    kind: ClassVar[str] = "mochi_rolled"
    player: str
    value: int


@dataclass(frozen=True)
class TurnEnded(Message):
    """Turn ``turn`` of round ``round`` is over; ``passed``: left, right, swap (2 players,
    personal piles, dummy) or "" (sushi battle: nothing is passed)."""

    kind: ClassVar[str] = "turn_ended"
    round: int
    turn: int
    passed: str


EVENTS = MessageCodec(
    "event",
    (
        RoundStarted,
        TableauEntered,
        CardPlayed,
        ChopsticksReturned,
        CardTurnedUp,
        LeadTaken,
        LeadTied,
        MochiRollNeeded,
        MochiRolled,
        TurnEnded,
        RoundScored,
        GameOver,
    ),
)
