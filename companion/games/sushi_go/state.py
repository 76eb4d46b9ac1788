"""The frozen Sushi Go! game state, shared by the three modes (the modes of Sushi Go Party!).

* ``Mode.SCORING``: the table enters each tableau at round end (:attr:`Phase.ENTRY`).
* ``Mode.TURNS``: every turn is entered; hands stay hidden, so only their sizes are known.
* ``Mode.SIMULATION``: like turns, with a known deck and known hands (tests, benchmarks).

A table is a tuple of :class:`Placed` cards in play order; at round end it becomes a
:class:`~.tableau.Tableau` and completed rounds are kept (``rounds``), so the game score is
always :func:`.scoring.score_game` of them. Seats are the players in order, then the dummy in the
dummy-player variant (``names`` holds every seat's name).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.games.base import IllegalAction
from companion.games.sushi_go.lead import NOBODY
from companion.games.sushi_go.options import (
    PILE_SIZE,
    Rules,
    Variant,
)
from companion.games.sushi_go.tableau import Tableau
from companion.games.sushi_go_party.state import Mode
from companion.i18n import msg

__all__ = ["GameState", "Mode", "Phase", "Placed", "Seat", "tableau_of"]


class Phase(StrEnum):
    """What the game waits for."""

    ENTRY = "entry"  # scoring mode: tableaux
    DEAL = "deal"  # simulation: the deal
    REVEAL = "reveal"  # the cards of this turn
    MOCHI = "mochi"  # mochi dice to roll
    OVER = "over"


@dataclass(frozen=True)
class Placed:
    """A card on a table this round: its id, the turn it was played, whether it is a nigiri on
    a wasabi (``on_wasabi``) or a wasabi with a nigiri on it (``covered``)."""

    card: str
    turn: int
    on_wasabi: bool = False
    covered: bool = False


@dataclass(frozen=True)
class Seat:
    """One table's round: its cards, its known hand and draw pile (simulation: a personal pile,
    or the dummy's pile), whether it revealed this turn, whether it used chopsticks this turn
    (they go back at turn end) and how many times it took the lead token this round."""

    table: tuple[Placed, ...] = ()
    hand: tuple[str, ...] = ()
    pile: tuple[str, ...] = ()
    revealed: bool = False
    chopsticks_used: bool = False
    lead_takes: int = 0


@dataclass(frozen=True)
class GameState:
    """Everything the rules need.

    ``rounds``: the tableaux of completed rounds; ``out``: every card of those rounds (they are
    not reshuffled). ``entered``: scoring mode, this round's tableaux so far. ``lead``: the seat
    holding the lead token. ``dice``: the mochi dice; ``rolls``: seats whose die must be rolled
    now (one entry per mochi card taken). ``starter``: sushi battle, who takes first this round;
    dummy player, who controls the dummy on the round's first turn. Simulation: ``deck`` is the
    draw pile left. Sushi battle (turn modes): ``pool`` is the pyramid, one entry per place
    (:mod:`.pyramid`: a card id, ``""`` once taken, ``"?"`` for a card turn-by-turn mode was
    not told); ``unplaced``: this round's reveals came without places (ruling G22), so any card
    of the pyramid may be taken."""

    names: tuple[str, ...]
    mode: Mode
    rules: Rules
    phase: Phase
    round: int = 1
    turn: int = 1
    seats: tuple[Seat, ...] = ()
    rounds: tuple[tuple[Tableau, ...], ...] = ()
    out: tuple[str, ...] = ()
    entered: tuple[Tableau | None, ...] = ()
    lead: int = NOBODY
    dice: tuple[int, ...] = ()
    rolls: tuple[int, ...] = ()
    starter: int = 0
    deck: tuple[str, ...] = ()
    pool: tuple[str, ...] = ()
    unplaced: bool = False
    round_points: tuple[tuple[int, ...], ...] = ()

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def dummy_seat(self) -> int:
        """The dummy's seat (-1 without the dummy-player variant)."""
        return self.rules.players if self.rules.dummy else -1

    @property
    def mover(self) -> int:
        """Sushi battle: whose turn it is; dummy player: who controls the dummy this turn."""
        return (self.starter + self.turn - 1) % 2

    def required(self) -> tuple[int, ...]:
        """The seats that reveal this turn (sushi battle: one at a time)."""
        if self.rules.variant is Variant.SUSHI_BATTLE:
            return (self.mover,)
        return tuple(range(self.rules.players))

    def hand_size(self, seat: int) -> int:
        """Cards ``seat`` may play from this turn (the pyramid's cards in sushi battle)."""
        rules, t = self.rules, self.turn
        if rules.variant is Variant.PERSONAL_DRAW_PILES:
            return PILE_SIZE if t <= PILE_SIZE + 1 else rules.turns - t + 1
        size = rules.turns - t + 1
        if rules.dummy and seat == self.mover:
            size += 1  # the controller draws the dummy's top card first
        return size

    def seat_of(self, name: str) -> int:
        """The seat of ``name``; :class:`IllegalAction` for a name not at the table."""
        try:
            return self.names.index(name)
        except ValueError:
            raise IllegalAction(msg("{name} is not at this table", name=repr(name))) from None


def tableau_of(seat: Seat, holds_lead: bool, die: int) -> Tableau:
    """The :class:`Tableau` a table leaves at round end."""
    return Tableau(
        cards=tuple(p.card for p in seat.table if not p.on_wasabi),
        on_wasabi=tuple(p.card for p in seat.table if p.on_wasabi),
        lead_takes=seat.lead_takes,
        holds_lead=holds_lead,
        mochi_die=die,
    )
