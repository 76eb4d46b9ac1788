"""Sushi Express actions: what a player decides and what the table reports.

Every action names the player it concerns by name. Table inputs (dice values, customer cards
turned up) come from the table; the engine never draws them itself in companion mode.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.games.base import Message, MessageCodec
from companion.games.sushi_express.cards import ActionCard, Customer


@dataclass(frozen=True)
class RevealCustomers(Message):
    """Table input: customer cards turned face up to fill the display (at setup and in phase 4).

    ``cards`` holds exactly as many cards as the display has empty places.
    """

    kind: ClassVar[str] = "reveal_customers"
    cards: tuple[Customer, ...]


@dataclass(frozen=True)
class Guess(Message):
    """Phase 1: ``player`` puts their marker on ``number`` (2-12).

    A number another player already chose needs ``same_guess`` (plays a Same guess card; the
    marker goes on top of the stack).
    """

    kind: ClassVar[str] = "guess"
    player: str
    number: int
    same_guess: bool = False


@dataclass(frozen=True)
class PlaceExchange(Message):
    """Phase 1: ``player`` plays Place exchange to swap the markers (or whole stacks) on two
    neighbouring numbers ``first`` and ``second``."""

    kind: ClassVar[str] = "place_exchange"
    player: str
    first: int
    second: int


@dataclass(frozen=True)
class Roll(Message):
    """Phase 2, table input: the roller's two dice for their current try."""

    kind: ClassVar[str] = "roll"
    player: str
    dice: tuple[int, ...]


@dataclass(frozen=True)
class ReRoll(Message):
    """Phase 2: after a failed try the roller plays a Re-roll card; die ``die`` (0 or 1) now
    shows ``value``."""

    kind: ClassVar[str] = "re_roll"
    player: str
    die: int
    value: int


@dataclass(frozen=True)
class GiveUp(Message):
    """Phase 2: the roller failed the last try and plays no (more) Re-roll cards."""

    kind: ClassVar[str] = "give_up"
    player: str


@dataclass(frozen=True)
class Move(Message):
    """Phase 3: ``player`` moves their van by their guess, plus ``further`` tiles by playing that
    many "1 tile further" cards."""

    kind: ClassVar[str] = "move"
    player: str
    further: int = 0


@dataclass(frozen=True)
class TakeCustomer(Message):
    """Phase 3: a van that reached or passed Sushi Express takes ``card`` from the display."""

    kind: ClassVar[str] = "take_customer"
    player: str
    card: Customer


@dataclass(frozen=True)
class Deliver(Message):
    """Phase 4: the lowest guess keeps (``keep``) or discards all cards left in the display."""

    kind: ClassVar[str] = "deliver"
    player: str
    keep: bool


@dataclass(frozen=True)
class RecordDraw(Message):
    """Private to ``player``: the action card they drew was ``card`` (optional bookkeeping that
    lets the engine check their later plays against their exact hand)."""

    kind: ClassVar[str] = "record_draw"
    player: str
    card: ActionCard


@dataclass(frozen=True)
class DeclareTips(Message):
    """At game end: how many Tip action cards ``player`` shows from their hand."""

    kind: ClassVar[str] = "declare_tips"
    player: str
    tips: int


ACTIONS = MessageCodec(
    "action",
    (
        RevealCustomers,
        Guess,
        PlaceExchange,
        Roll,
        ReRoll,
        GiveUp,
        Move,
        TakeCustomer,
        Deliver,
        RecordDraw,
        DeclareTips,
    ),
)
