"""Sushi Express events: what happened, as typed frozen messages (names from the rulebook).

Every event names players by name. ``GAME.apply`` returns them in the order they happened; the
session logs and publishes them. Events never carry hidden information: a drawn action card is
announced without its face (recording it, ``RecordDraw``, emits no event at all).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from companion.games.base import Message, MessageCodec
from companion.games.sushi_express.cards import ActionCard, Customer


class DrawReason(StrEnum):
    """Why a player drew an action card."""

    FAILED_ROLL = "failed_roll"
    PARK = "park"


@dataclass(frozen=True)
class DisplayRevealed(Message):
    """The table turned up ``cards``; the display now shows ``display``."""

    kind: ClassVar[str] = "display_revealed"
    cards: tuple[Customer, ...]
    display: tuple[Customer, ...]


@dataclass(frozen=True)
class RoundStarted(Message):
    """Round ``round`` begins; ``start_player`` guesses first."""

    kind: ClassVar[str] = "round_started"
    round: int
    start_player: str


@dataclass(frozen=True)
class ActionCardPlayed(Message):
    """``player`` played ``card`` (it leaves the game)."""

    kind: ClassVar[str] = "action_card_played"
    player: str
    card: ActionCard


@dataclass(frozen=True)
class GuessPlaced(Message):
    """``player`` put their marker on ``number`` (on top of a stack when ``same_guess``)."""

    kind: ClassVar[str] = "guess_placed"
    player: str
    number: int
    same_guess: bool


@dataclass(frozen=True)
class MarkersExchanged(Message):
    """``player`` swapped the markers (whole stacks) on numbers ``first`` and ``second``."""

    kind: ClassVar[str] = "markers_exchanged"
    player: str
    first: int
    second: int


@dataclass(frozen=True)
class DiceRolled(Message):
    """``player`` rolled ``dice`` on try ``try_number`` needing ``target``."""

    kind: ClassVar[str] = "dice_rolled"
    player: str
    try_number: int
    dice: tuple[int, ...]
    total: int
    target: int
    success: bool


@dataclass(frozen=True)
class DieReRolled(Message):
    """``player`` played Re-roll: die ``die`` now shows ``value``; the dice are ``dice``."""

    kind: ClassVar[str] = "die_re_rolled"
    player: str
    try_number: int
    die: int
    value: int
    dice: tuple[int, ...]
    total: int
    target: int
    success: bool


@dataclass(frozen=True)
class RollFailed(Message):
    """``player`` did not reach ``number``: their van stays and their marker leaves the board."""

    kind: ClassVar[str] = "roll_failed"
    player: str
    number: int


@dataclass(frozen=True)
class ActionCardDrawn(Message):
    """``player`` drew a face-down action card; ``left`` cards remain in the supply."""

    kind: ClassVar[str] = "action_card_drawn"
    player: str
    reason: DrawReason
    left: int


@dataclass(frozen=True)
class VanMoved(Message):
    """``player``'s van drove ``tiles`` counted tiles (``further`` of them from cards) from
    ``from_tile`` to ``to_tile``, skipping the occupied tiles ``skipped``."""

    kind: ClassVar[str] = "van_moved"
    player: str
    from_tile: int
    to_tile: int
    tiles: int
    further: int
    skipped: tuple[int, ...]
    passed_express: bool


@dataclass(frozen=True)
class CustomerTaken(Message):
    """``player`` took ``card`` from the display."""

    kind: ClassVar[str] = "customer_taken"
    player: str
    card: Customer


@dataclass(frozen=True)
class DisplayKept(Message):
    """The lowest guess ``player`` kept ``cards`` in the display for the next round."""

    kind: ClassVar[str] = "display_kept"
    player: str
    cards: tuple[Customer, ...]


@dataclass(frozen=True)
class DisplayDiscarded(Message):
    """``cards`` left the display for the discard pile: chosen by ``player``, or ``forced``
    (nobody moved this round; ``player`` is then empty)."""

    kind: ClassVar[str] = "display_discarded"
    player: str
    cards: tuple[Customer, ...]
    forced: bool


@dataclass(frozen=True)
class TipsDeclared(Message):
    """At game end ``player`` holds ``tips`` Tip action cards (``automatic`` when the engine
    knew it for certain)."""

    kind: ClassVar[str] = "tips_declared"
    player: str
    tips: int
    automatic: bool


@dataclass(frozen=True)
class GameEnded(Message):
    """The game is over (``reason`` says why); the score is final."""

    kind: ClassVar[str] = "game_ended"
    reason: str


EVENTS = MessageCodec(
    "event",
    (
        DisplayRevealed,
        RoundStarted,
        ActionCardPlayed,
        GuessPlaced,
        MarkersExchanged,
        DiceRolled,
        DieReRolled,
        RollFailed,
        ActionCardDrawn,
        VanMoved,
        CustomerTaken,
        DisplayKept,
        DisplayDiscarded,
        TipsDeclared,
        GameEnded,
    ),
)
