"""Sushi Roll actions: what the table enters (the record's ``actions``).

Dice are readings ``"kind:face"`` (:mod:`.dice`); players are named by name.

*Table inputs* (anyone at the table may enter them; the camera will send the same):

* :class:`Roll`: the dice of ``player``'s belt after a roll. At the start of each turn every belt
  with dice is rolled: one ``Roll`` per belt, in any order, giving every die of that belt (at
  the start of a round these are the dice drawn from the bag). After a Menu token, the
  re-rolled dice only (the same kinds as the dice chosen, in any order).
* :class:`EnterTray` (scoring mode): a player's tray and tokens at round end.

*Decisions* of the player whose turn it is (their own seat or the host enters them):

* :class:`UseMenu`: spend a Menu token to re-roll ``dice`` of their own belt (then a ``Roll``).
* :class:`UseChopsticks`: spend a Chopsticks token to swap ``give`` (a die of their belt) with
  ``take`` (a die on ``other``'s belt), faces unchanged.
* :class:`Pick`: move ``die`` from their belt to their tray, which ends their turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.games.base import Message, MessageCodec


@dataclass(frozen=True)
class Roll(Message):
    """``player``'s belt was rolled and shows ``dice`` (all of them, or the re-rolled ones)."""

    kind: ClassVar[str] = "roll"
    player: str
    dice: tuple[str, ...]


@dataclass(frozen=True)
class UseMenu(Message):
    """``player`` returns a Menu token to re-roll ``dice`` of their own belt."""

    kind: ClassVar[str] = "use_menu"
    player: str
    dice: tuple[str, ...]


@dataclass(frozen=True)
class UseChopsticks(Message):
    """``player`` returns a Chopsticks token and swaps ``give`` from their belt with ``take``
    from ``other``'s belt (trays are never touched)."""

    kind: ClassVar[str] = "use_chopsticks"
    player: str
    give: str
    other: str
    take: str


@dataclass(frozen=True)
class Pick(Message):
    """``player`` moves ``die`` from their belt to their tray, face unchanged."""

    kind: ClassVar[str] = "pick"
    player: str
    die: str


@dataclass(frozen=True)
class EnterTray(Message):
    """Scoring mode: ``player``'s tray at round end.

    ``dice``: every die except nigiri lying on a wasabi; ``on_wasabi``: those nigiri.
    ``desserts``: dessert tokens held now, by value (-1: earlier rounds plus what this round's
    dessert dice show, the usual case). ``menu``, ``chopsticks``: tokens held now (they score
    at game end only, so only the last round's count), at most the start tokens plus what the
    Menu (Chopsticks) dice of the player's trays so far show (ruling R17)."""

    kind: ClassVar[str] = "enter_tray"
    player: str
    dice: tuple[str, ...] = ()
    on_wasabi: tuple[str, ...] = ()
    desserts: int = -1
    menu: int = 0
    chopsticks: int = 0


ACTIONS = MessageCodec("action", (Roll, UseMenu, UseChopsticks, Pick, EnterTray))
