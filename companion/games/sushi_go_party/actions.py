"""Sushi Go Party! actions: what the table enters, by mode (``docs/RECORD_FORMAT.md``).

Every action names the player it concerns by name; cards are catalogue ids (:mod:`.cards`).

*Scoring mode* has one action, :class:`EnterTableau`: a player's tableau at round end. A player's
tableau may be entered again (it replaces the earlier one) until the last player's arrives; then
the round is validated as a whole and scored.

*Turn-by-turn* and *simulation* modes follow every turn:

* :class:`Reveal`: the card(s) a player revealed, with the choices made at once (what a special
  order copies, chopsticks and the second card, a spoon and what it asks for).
* Bonus actions then resolve from the lowest corner number to the highest (REFERENCE 1.6), each
  waiting for its input: :class:`SpoonGive` (who gave what, or nobody), :class:`MenuDraw`
  (simulation: the four cards drawn), :class:`MenuPick` (the card played from them) and
  :class:`Flip` (the cards a take-out box turns face down, by table position).
* :class:`Deal` (simulation only): the dessert cards shuffled in and every hand dealt.

A special order names what it copies in ``copies``: a card id present in the player's tableau
(a copy of a special order names the card that one copies), ``"flipped"`` to copy a flipped card
(the copy is flipped too), or ``""`` when the tableau is empty (it is discarded at once).
``on_wasabi`` lets a copy of an uncovered nigiri go on an empty wasabi; a nigiri goes on an empty
wasabi by itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.games.base import Message, MessageCodec

#: ``copies`` value for a special order copying a card a take-out box flipped.
FLIPPED = "flipped"


@dataclass(frozen=True)
class EnterTableau(Message):
    """Scoring mode: ``player``'s tableau at the end of the current round.

    ``cards``: face-up cards except special orders and nigiri on a wasabi (wasabi cards and this
    round's desserts included). ``on_wasabi``: nigiri lying on a wasabi. ``special_orders``: what
    each face-up special order copies; ``special_orders_on_wasabi``: copies of a nigiri lying on
    a wasabi. ``flipped``: cards turned face down by a take-out box (``special_order`` for a
    flipped special order). ``uramaki_places``: places (1-3) scored during the round.
    """

    kind: ClassVar[str] = "enter_tableau"
    player: str
    cards: tuple[str, ...] = ()
    on_wasabi: tuple[str, ...] = ()
    special_orders: tuple[str, ...] = ()
    special_orders_on_wasabi: tuple[str, ...] = ()
    flipped: tuple[str, ...] = ()
    uramaki_places: tuple[int, ...] = ()


@dataclass(frozen=True)
class Deal(Message):
    """Simulation: the round's dessert cards shuffled in, then every hand (seat order,
    ``deal`` cards each, flattened)."""

    kind: ClassVar[str] = "deal"
    desserts: tuple[str, ...]
    hands: tuple[str, ...]


@dataclass(frozen=True)
class Reveal(Message):
    """``player`` revealed ``card`` this turn.

    ``copies``/``on_wasabi``: the special order's choice (see the module docstring).
    ``second``: with chopsticks on the table from an earlier turn, the second card played
    (``second_copies``/``second_on_wasabi`` as for the first); ``chopsticks`` names the corner
    number used (0: the lowest the player has). ``ask``: with a spoon on the table from an earlier
    turn, the card type (``nigiri``) or exact card (``squid_nigiri``) asked for; ``spoon`` names
    the corner number of the spoon used (0: the lowest the player has).
    """

    kind: ClassVar[str] = "reveal"
    player: str
    card: str
    copies: str = ""
    on_wasabi: bool = False
    second: str = ""
    second_copies: str = ""
    second_on_wasabi: bool = False
    chopsticks: int = 0
    spoon: int = 0
    ask: str = ""


@dataclass(frozen=True)
class SpoonGive(Message):
    """The spoon resolving now: ``giver`` handed ``card`` to the spoon's owner (``giver`` ""
    and ``card`` "": nobody held it, the spoon is discarded). ``copies``/``on_wasabi`` as in
    :class:`Reveal` when the card given is a special order or a nigiri copy."""

    kind: ClassVar[str] = "spoon_give"
    giver: str = ""
    card: str = ""
    copies: str = ""
    on_wasabi: bool = False


@dataclass(frozen=True)
class MenuDraw(Message):
    """Simulation: the (up to) four cards the menu resolving now drew from the deck."""

    kind: ClassVar[str] = "menu_draw"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class MenuPick(Message):
    """The menu resolving now: ``card`` was played from the cards drawn (``drawn``, when known,
    in turn-by-turn mode). ``card`` "" only when nothing drawn may be played (all menus, or an
    empty deck)."""

    kind: ClassVar[str] = "menu_pick"
    card: str = ""
    copies: str = ""
    on_wasabi: bool = False
    drawn: tuple[str, ...] = ()


@dataclass(frozen=True)
class Flip(Message):
    """The take-out box resolving now turned face down the cards at ``positions`` of its
    owner's table (cards played on earlier turns of this round; none is allowed)."""

    kind: ClassVar[str] = "flip"
    positions: tuple[int, ...] = ()


ACTIONS = MessageCodec("action", (EnterTableau, Deal, Reveal, SpoonGive, MenuDraw, MenuPick, Flip))
