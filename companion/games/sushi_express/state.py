"""The Sushi Express game state: frozen dataclasses, nothing the table hides.

Contract:

* Every state is immutable; :func:`companion.games.sushi_express.rules.apply` returns a new one.
* Seats are indices into :attr:`GameState.players` in clockwise order; actions and events name
  players, states use seats.
* The guess board keeps every marker placed this round, including markers that already left the
  board (a failed roll or a finished move): :attr:`GameState.gone` says which. The *live* board is
  the board without the gone markers. Keeping the full board lets phase 4 find the lowest guess
  of the round even when that player failed their roll.
* Customer cards are conserved: ``sum(supply) + len(display) + len(discard) + customers taken by
  the players == 36``. Action cards are conserved: ``action_supply + cards in hands
  + len(played) == 28``.
* Hidden hands: a :class:`Hand` holds the cards we know (the two starting cards and any draw the
  player recorded) and a count of cards drawn but not recorded.
* ``accounted[i]`` counts the copies of the i-th :class:`ActionCard` that were played or are
  known in some hand (a cache kept by :mod:`.hand`; ``hand.count_accounted`` recomputes it).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.games.common.evolve import evolve
from companion.games.sushi_express.cards import (
    CUSTOMER_DECK,
    LOWEST_GUESS,
    ActionCard,
    Customer,
)

__all__ = [
    "CUSTOMER_INDEX",
    "CUSTOMER_ORDER",
    "FULL_CUSTOMER_SUPPLY",
    "GameState",
    "Hand",
    "Phase",
    "Player",
    "RollTry",
    "RoundSummary",
    "Rules",
    "StackLowest",
    "evolve",
    "replace_player",
]

#: Customer kinds in a fixed order; :attr:`GameState.supply` counts follow it.
CUSTOMER_ORDER: tuple[Customer, ...] = tuple(Customer)
CUSTOMER_INDEX: dict[Customer, int] = {c: i for i, c in enumerate(CUSTOMER_ORDER)}
FULL_CUSTOMER_SUPPLY: tuple[int, ...] = tuple(CUSTOMER_DECK[c] for c in CUSTOMER_ORDER)


class Phase(StrEnum):
    """Where the game stands. GUESS, ROLL, MOVE and DELIVER are the rulebook's phases 1-4;
    REVEAL is the table turning up customer cards (at setup and at the end of phase 4); TIPS is
    the end-of-game count of the hidden Tip action cards; OVER is the end."""

    REVEAL = "reveal"
    GUESS = "guess"
    ROLL = "roll"
    MOVE = "move"
    DELIVER = "deliver"
    TIPS = "tips"
    OVER = "over"


class StackLowest(StrEnum):
    """Ruling D4: which marker of the lowest stack starts the next round and decides phase 4."""

    BOTTOM = "bottom"
    TOP = "top"


@dataclass(frozen=True, slots=True)
class Rules:
    """The house rules chosen at setup (see ``GAME.info.options`` for their documentation)."""

    express_passed_when_occupied: bool = True
    first_lap_from_start: bool = False
    stack_lowest: StackLowest = StackLowest.BOTTOM
    start_player: int = 0


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's action cards: ``known`` ones (sorted, in :class:`ActionCard` order) and
    ``unknown``, the number of cards drawn face down and not recorded."""

    known: tuple[ActionCard, ...] = ()
    unknown: int = 0

    @property
    def size(self) -> int:
        return len(self.known) + self.unknown


@dataclass(frozen=True)
class Player:
    """One seat: the van's ``tile``, whether the van ever left the start tile, the hand, the
    customer cards taken (in the order taken) and, at game end, the Tip action cards declared
    (``None`` until settled)."""

    name: str
    colour: str
    hand: Hand
    tile: int = 0
    left_start: bool = False
    customers: tuple[Customer, ...] = ()
    tips_declared: int | None = None


@dataclass(frozen=True, slots=True)
class RollTry:
    """Phase 2 bookkeeping for the current roller.

    ``try_number`` is 1 or 2; ``dice`` is ``None`` before that try is rolled. A failed try 1
    keeps its dice (the roller may re-roll them); the next :class:`Roll` is then try 2. A
    successful roll never stays here: the phase ends at once.
    """

    try_number: int = 1
    dice: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """A finished round: the number each seat finally stood on, and who was the lowest guess
    (ruling D4), i.e. who started the next round."""

    round: int
    start_player: int
    guesses: tuple[int, ...]
    lowest: int


@dataclass(frozen=True)
class GameState:
    """Everything the rules need. See the module docstring for the invariants."""

    players: tuple[Player, ...]
    rules: Rules
    phase: Phase
    #: The current round (1 at setup; the refill at the end of round r still says r).
    round: int
    #: The seat that guesses first this round.
    start_player: int
    #: Customer cards still face down, counted per kind in :data:`CUSTOMER_ORDER`.
    supply: tuple[int, ...]
    #: Action cards still face down in the supply.
    action_supply: int
    #: Action cards played or known in a hand, per :class:`ActionCard` (a cache, see above).
    accounted: tuple[int, ...]
    display: tuple[Customer, ...] = ()
    discard: tuple[Customer, ...] = ()
    #: Action cards played so far (they left the game), in the order played.
    played: tuple[ActionCard, ...] = ()
    #: The guess board this round: 11 stacks (numbers 2-12), seats bottom to top.
    board: tuple[tuple[int, ...], ...] = ((),) * 11
    #: Seats whose markers left the board this round (failed roll or finished move).
    gone: frozenset[int] = frozenset()
    #: Seats that failed their roll this round.
    failed: frozenset[int] = frozenset()
    #: How many guesses were placed this round.
    guessed: int = 0
    #: The seat that just guessed and may still play Place exchange (until the next player
    #: acts, or after the last guess until the first roll).
    exchange_open: int | None = None
    #: Phase 2: the current roller's try and dice.
    rolling: RollTry | None = None
    #: Phase 3: the seat whose van passed Sushi Express and must take a customer card.
    pending_take: int | None = None
    #: Every finished round.
    rounds: tuple[RoundSummary, ...] = ()
    #: Why the game ended (empty until then).
    end_reason: str = ""

    @property
    def n(self) -> int:
        """The number of players (and of display places)."""
        return len(self.players)

    def seat_of(self, name: str) -> int | None:
        """The seat of the player called ``name`` (the first, should two share it), or
        ``None``."""
        for seat, player in enumerate(self.players):
            if player.name == name:
                return seat
        return None

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def stack(self, number: int) -> tuple[int, ...]:
        """Live markers on ``number``, bottom to top."""
        gone = self.gone
        return tuple(s for s in self.board[number - LOWEST_GUESS] if s not in gone)

    def customers_left(self) -> int:
        """Customer cards still face down in the supply."""
        return sum(self.supply)


def replace_player(players: tuple[Player, ...], seat: int, player: Player) -> tuple[Player, ...]:
    """``players`` with the one at ``seat`` replaced."""
    changed = list(players)
    changed[seat] = player
    return tuple(changed)
