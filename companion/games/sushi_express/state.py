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
* Speed (``bench/bench_engine.py``): a state also carries a few values derived from its
  fields (``_seats``, ``_live``, ``_taken``, ``_numbers``, ``_record``, ``_tiles``, see
  :class:`GameState`); they are not fields, so equality, ``repr`` and the constructor ignore
  them. The engine builds each new state from a copy of the previous one's ``__dict__``
  (:func:`rebuilt`), updating exactly the derived values whose fields it changed;
  :func:`evolve` and the constructor recompute them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from functools import lru_cache
from typing import Any, ClassVar, TypeVar

from companion.games.sushi_express.actions import RecordDraw
from companion.games.sushi_express.cards import (
    ACTION_DECK,
    CUSTOMER_DECK,
    LOWEST_GUESS,
    ActionCard,
    Customer,
)

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

    # Values derived from the fields, kept with each state (not fields: equality, repr and
    # the constructor ignore them). ``__post_init__`` computes them and :func:`evolve`
    # recomputes them when their fields change; the engine's handlers, which copy a state's
    # ``__dict__``, update them where they change ``players``, ``accounted``, ``board`` or
    # ``gone``.

    #: The seat of each player's name (the first seat should two share a name).
    _seats: ClassVar[Mapping[str, int]]
    #: :func:`live_markers` of ``board`` and ``gone``: who rolls or moves next, and after them.
    _live: ClassVar[tuple[int, ...]]
    #: :func:`taken_numbers` of ``board``: which numbers hold a marker (gone or not).
    _taken: ClassVar[int]
    #: :func:`numbers_on` ``board``: the number each seat's marker is on (do not change it).
    _numbers: ClassVar[Mapping[int, int]]
    #: :func:`record_options` of ``players`` and ``accounted``.
    _record: ClassVar[tuple[RecordDraw, ...]]
    #: Each seat's van tile (``players[seat].tile``).
    _tiles: ClassVar[tuple[int, ...]]

    def __post_init__(self) -> None:
        _set_attribute(self, "_seats", seat_index(self.players))
        _set_attribute(self, "_live", live_markers(self.board, self.gone))
        _set_attribute(self, "_taken", taken_numbers(self.board))
        _set_attribute(self, "_numbers", numbers_on(self.board))
        _set_attribute(self, "_record", record_options(self.players, self.accounted))
        _set_attribute(self, "_tiles", tuple(player.tile for player in self.players))

    def seat_of(self, name: str) -> int | None:
        """The seat of the player called ``name``, or ``None``."""
        return self._seats.get(name)

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def stack(self, number: int) -> tuple[int, ...]:
        """Live markers on ``number``, bottom to top."""
        gone = self.gone
        return tuple(s for s in self.board[number - LOWEST_GUESS] if s not in gone)

    def customers_left(self) -> int:
        """Customer cards still face down in the supply."""
        return sum(self.supply)


#: The phases as plain module constants: an ``Enum`` class attribute lookup costs several
#: times a global lookup, and the engine compares phases on every action.
REVEAL, GUESS, ROLL, MOVE, DELIVER, TIPS, OVER = (
    Phase.REVEAL,
    Phase.GUESS,
    Phase.ROLL,
    Phase.MOVE,
    Phase.DELIVER,
    Phase.TIPS,
    Phase.OVER,
)


def replace_player(players: tuple[Player, ...], seat: int, player: Player) -> tuple[Player, ...]:
    """``players`` with the one at ``seat`` replaced."""
    changed = list(players)
    changed[seat] = player
    return tuple(changed)


T = TypeVar("T", "GameState", "Player")
_FIELDS: dict[type, frozenset[str]] = {
    cls: frozenset(f.name for f in fields(cls)) for cls in (GameState, Player)
}
#: The two steps of :func:`rebuilt`, for the hottest handlers to do inline:
#: ``new = new_object(GameState)`` then ``set_attribute(new, "__dict__", fields)``.
new_object = _new_object = object.__new__
set_attribute = _set_attribute = object.__setattr__


def evolve(obj: T, **changes: Any) -> T:
    """A copy of the frozen ``obj`` with ``changes``: :func:`dataclasses.replace` for the two
    hot classes (:class:`GameState`, :class:`Player`), without its per-field Python loop.

    They are plain (not slotted) frozen dataclasses, so copying their ``__dict__`` is a
    complete copy; unknown field names are refused like ``replace`` does."""
    cls = type(obj)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = frozenset(f.name for f in fields(cls))
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(set(changes) - names)}")
    copied = dict(obj.__dict__)
    copied.update(changes)
    if cls is GameState:
        if "players" in changes:
            copied["_seats"] = seat_index(copied["players"])
            copied["_tiles"] = tuple(player.tile for player in copied["players"])
        if "players" in changes or "accounted" in changes:
            copied["_record"] = record_options(copied["players"], copied["accounted"])
        if "board" in changes or "gone" in changes:
            copied["_live"] = live_markers(copied["board"], copied["gone"])
            copied["_taken"] = taken_numbers(copied["board"])
            copied["_numbers"] = numbers_on(copied["board"])
    new = _new_object(cls)
    _set_attribute(new, "__dict__", copied)
    return new


def seat_index(players: tuple[Player, ...]) -> dict[str, int]:
    """The seat of each name in ``players`` (the first, should two players share a name)."""
    seats: dict[str, int] = {}
    for seat, player in enumerate(players):
        seats.setdefault(player.name, seat)
    return seats


@lru_cache(maxsize=1024)
def live_markers(board: tuple[tuple[int, ...], ...], gone: frozenset[int]) -> tuple[int, ...]:
    """The seats with a marker on ``board`` that is not ``gone``, in the order they roll and
    move: highest number first, each stack top to bottom."""
    return tuple(seat for stack in reversed(board) for seat in reversed(stack) if seat not in gone)


def record_options(
    players: tuple[Player, ...], accounted: tuple[int, ...]
) -> tuple[RecordDraw, ...]:
    """``RecordDraw`` for every unrecorded card and every card it could be: the private
    decisions :func:`~.legal.legal_actions` lists in every phase but the end."""
    options: tuple[RecordDraw, ...] = ()
    possible = -1
    for player in players:
        if player.hand.unknown:
            if possible < 0:
                possible = _not_all_accounted(accounted)
            options += _record_options(player.name, possible, player.tips_declared is None)
    return options


@lru_cache(maxsize=1024)
def _not_all_accounted(accounted: tuple[int, ...]) -> int:
    """A bit mask of the cards (bit ``i`` for the i-th :class:`ActionCard`) with a copy not
    ``accounted`` for: what an unrecorded card may be."""
    return sum(
        1 << i for i, (deck, known) in enumerate(zip(_DECK, accounted, strict=True)) if deck > known
    )


@lru_cache(maxsize=1024)
def _record_options(name: str, possible: int, tips: bool) -> tuple[RecordDraw, ...]:
    """``RecordDraw(name, card)`` for every card in the bit mask ``possible`` (in
    :class:`ActionCard` order); Tip cards only when ``tips``."""
    return tuple(
        RecordDraw(name, card)
        for i, card in enumerate(_CARDS)
        if possible >> i & 1 and (tips or card is not ActionCard.TIP)
    )


_CARDS = tuple(ActionCard)
_DECK = tuple(ACTION_DECK[card] for card in _CARDS)


@lru_cache(maxsize=256)
def numbers_on(board: tuple[tuple[int, ...], ...]) -> dict[int, int]:
    """The number each seat's marker is on (a shared dict: do not change it)."""
    return {
        seat: number for number, stack in enumerate(board, start=LOWEST_GUESS) for seat in stack
    }


def taken_numbers(board: tuple[tuple[int, ...], ...]) -> int:
    """A bit mask of the numbers that hold a marker: bit ``i`` for ``LOWEST_GUESS + i``."""
    return sum(1 << i for i, stack in enumerate(board) if stack)


def without(live: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """``live`` (see :func:`live_markers`) once ``seat``'s marker is gone too."""
    if live and live[0] == seat:  # the usual case: the roller or mover leaves
        return live[1:]
    return tuple(s for s in live if s != seat)


def plain_dict(obj: T) -> T:
    """``obj`` (just built by its class) with its attributes in a plain dict of its own.

    CPython 3.11 keeps a new object's attributes in a table shared by its class, and a copy of
    that ``__dict__`` is again such a dict. The engine copies states and players by their
    ``__dict__``; when those dicts are plain ones, CPython's specialised attribute reads keep
    working on them (measured: about 10% fewer instructions per game). Behaviour is the same
    either way."""
    _set_attribute(obj, "__dict__", dict(obj.__dict__))
    return obj


def rebuilt(fields_: dict[str, Any]) -> GameState:
    """The state whose ``__dict__`` is ``fields_``: a copy of another state's ``__dict__`` that
    the caller owns and changed (fields by name, and the derived values they affect). The
    engine builds each new state this way, once per action, instead of chaining
    :func:`evolve` calls (which check names and recompute every derived value)."""
    new: GameState = _new_object(GameState)
    _set_attribute(new, "__dict__", fields_)
    return new


def player_with(player: Player, **changes: Any) -> Player:
    """:func:`evolve` for a :class:`Player` without the field-name check (engine use only)."""
    new: Player = _new_object(Player)
    _set_attribute(new, "__dict__", player.__dict__ | changes)
    return new


def player_with_field(player: Player, field: str, value: Any) -> Player:
    """:func:`player_with` for one field (cheaper: no keyword arguments)."""
    copied = player.__dict__.copy()
    copied[field] = value
    new: Player = _new_object(Player)
    _set_attribute(new, "__dict__", copied)
    return new
