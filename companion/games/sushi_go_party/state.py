"""The frozen Sushi Go Party! game state, shared by the three modes.

* ``Mode.SCORING``: the table enters each player's tableau at round end (:class:`Phase.ENTRY`).
* ``Mode.TURNS``: every turn is entered; hands stay hidden, so only their sizes are known.
* ``Mode.SIMULATION``: like turns, with a known deck and known hands (tests, benchmarks).

A player's table is a tuple of :class:`Placed` cards in the order they were played; at round end
it becomes a :class:`~.tableau.Tableau` and is scored by :mod:`.scoring`. Completed rounds keep
their tableaux (``rounds``), so the game score is always :func:`.scoring.score_game` of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from companion.games.base import IllegalAction
from companion.games.sushi_go_party.menus import Deck, Menu
from companion.games.sushi_go_party.scoring import ScoringOptions
from companion.games.sushi_go_party.tableau import (
    SPECIAL_ORDER_ID,
    SpecialOrder,
    Tableau,
)
from companion.i18n import msg


class Mode(StrEnum):
    SCORING = "scoring"
    TURNS = "turns"
    SIMULATION = "simulation"


class Phase(StrEnum):
    """What the game waits for."""

    ENTRY = "entry"  # scoring mode: tableaux
    DEAL = "deal"  # simulation: the deal
    REVEAL = "reveal"  # every player's card(s)
    SPOON = "spoon"  # the spoon resolving now: who gave what
    MENU_DRAW = "menu_draw"  # simulation: the menu's four cards
    MENU = "menu"  # the menu resolving now: the card picked
    TAKEOUT = "takeout"  # the take-out box resolving now: the cards flipped
    OVER = "over"


class Placed(NamedTuple):
    """A card on a player's table this round (a named tuple: made many times a turn, and
    cheap to make; change one with ``_replace``).

    ``card``: the physical card id; ``copies``: for a special order, the id it scores as.
    ``on_wasabi``: a nigiri (or a copy of one) lying on a wasabi; ``covered``: a wasabi (or a copy
    of one) with a nigiri on it. ``flipped``: turned face down by a take-out box. ``turn``: when
    it was played.
    """

    card: str
    turn: int
    copies: str = ""
    on_wasabi: bool = False
    covered: bool = False
    flipped: bool = False

    @property
    def scores_as(self) -> str:
        return self.copies or self.card


@dataclass(frozen=True)
class Pending:
    """A bonus action waiting to resolve this turn: ``kind`` spoon, menu or takeout, owned by
    ``seat``, in corner order; a spoon carries what it asks for."""

    corner: int
    seat: int
    kind: str
    ask: str = ""


@dataclass(frozen=True)
class Seat:
    """One player's round: their table, known hand (simulation), uramaki places scored this
    round, whether they revealed this turn, and the chopsticks used this turn (back to hand at
    turn end)."""

    table: tuple[Placed, ...] = ()
    hand: tuple[str, ...] = ()
    uramaki_places: tuple[int, ...] = ()
    revealed: bool = False
    chopsticks_used: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameState:
    """Everything the rules need. ``rounds``: the tableaux of completed rounds. ``entered``:
    scoring mode, this round's tableaux so far. ``discards``: physical cards that left play this
    round (misos, used menus and take-out boxes, scored uramaki, discarded spoons and special
    orders). Simulation: ``deck`` holds the cards left to draw this round, ``pile`` the dessert
    cards not shuffled in yet, ``drawn`` the menu's cards being looked at. ``kept_out``: the
    physical cards kept with the desserts in completed rounds (special orders included).
    ``known`` (turn-by-turn mode): per hand (see :meth:`hand_of`), the cards known to be in it:
    chopsticks that went back into it and spoons given to its holder. ``out_round``: every
    physical card out of the deck and the hands this round, that is on a table or in
    ``discards`` (kept in step with them, so supply checks count it at C speed)."""

    names: tuple[str, ...]
    mode: Mode
    menu: Menu
    menu_id: str
    deck_info: Deck
    options: ScoringOptions
    phase: Phase
    round: int = 1
    turn: int = 1
    seats: tuple[Seat, ...] = ()
    pending: tuple[Pending, ...] = ()
    rounds: tuple[tuple[Tableau, ...], ...] = ()
    entered: tuple[Tableau | None, ...] = ()
    discards: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    pile: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()
    round_points: tuple[tuple[int, ...], ...] = field(default=())
    kept_out: tuple[str, ...] = ()
    known: tuple[tuple[str, ...], ...] = ()
    out_round: tuple[str, ...] = ()

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def hand_size(self) -> int:
        """Cards in every hand at the start of the current turn (hands stay equal in size)."""
        return self.deck_info.deal - self.turn + 1

    def hand_of(self, seat: int) -> int:
        """The index of the hand ``seat`` holds this turn (hands pass left: hand h is held by
        seat h + turn - 1)."""
        return (seat - self.turn + 1) % len(self.names)

    def holder_of(self, hand: int) -> int:
        """The seat holding hand ``hand`` this turn."""
        return (hand + self.turn - 1) % len(self.names)

    def seat_of(self, name: str) -> int:
        """The seat of ``name``; :class:`IllegalAction` for a name not at the table."""
        try:
            return self.names.index(name)
        except ValueError:
            raise IllegalAction(msg("{name} is not at this table", name=repr(name))) from None


def tableau_of(table: tuple[Placed, ...], uramaki_places: tuple[int, ...]) -> Tableau:
    """The :class:`Tableau` a table leaves at round end (the pair of :mod:`.tableau`)."""
    cards: list[str] = []
    on_wasabi: list[str] = []
    orders: list[SpecialOrder] = []
    flipped: list[str] = []
    for p in table:
        if p.flipped:
            flipped.append(p.card)
        elif p.card == SPECIAL_ORDER_ID:
            orders.append(SpecialOrder(p.copies, on_wasabi=p.on_wasabi))
        elif p.on_wasabi:
            on_wasabi.append(p.card)
        else:
            cards.append(p.card)
    return Tableau(
        cards=tuple(cards),
        on_wasabi=tuple(on_wasabi),
        special_orders=tuple(orders),
        flipped=tuple(flipped),
        uramaki_places=uramaki_places,
    )
