"""What may happen next: the players' legal decisions, and the table's inputs in simulation.

``legal_actions(state)`` lists every legal *player decision*: guesses (same-guess ones when the
player may hold a Same guess card), Place exchange options, Re-roll with every die value
(2 dice x 6 values) and Give up, moves with every playable number of "1 tile further" cards,
customer cards to take, the delivery choice, tip declarations, and ``RecordDraw`` for every
card a player's unrecorded draws could be (all phases but the end). Table inputs (customer
cards turned up, dice rolled) are not decisions: ``chance_action(state, rng)`` draws one fairly
from what is left, and returns ``None`` when the state does not wait for the table.

Every listed action is accepted by ``apply``; every decision ``apply`` accepts is listed
(``RevealCustomers`` and ``Roll`` aside), except that a Place exchange is listed once per pair
of numbers, lower number first (``apply`` also takes the pair the other way round). Listed
actions are shared, cached value objects: they are frozen, so sharing them is safe.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from companion.games.base import Message
from companion.games.sushi_express import markers
from companion.games.sushi_express.actions import (
    DeclareTips,
    Deliver,
    GiveUp,
    Guess,
    Move,
    PlaceExchange,
    ReRoll,
    RevealCustomers,
    Roll,
    TakeCustomer,
)
from companion.games.sushi_express.cards import ACTION_DECK, TRIES, ActionCard, Customer
from companion.games.sushi_express.phases import deliver, roll, tips
from companion.games.sushi_express.state import (
    CUSTOMER_ORDER,
    GUESS,
    MOVE,
    OVER,
    REVEAL,
    ROLL,
    GameState,
    Phase,
)

_exchange = lru_cache(maxsize=4096)(PlaceExchange)
_give_up = lru_cache(maxsize=512)(GiveUp)
_take = lru_cache(maxsize=4096)(TakeCustomer)
_deliver = lru_cache(maxsize=512)(Deliver)
_declare = lru_cache(maxsize=512)(DeclareTips)

_CARDS = tuple(ActionCard)
_DECK = tuple(ACTION_DECK[c] for c in _CARDS)
SAME_GUESS = ActionCard.SAME_GUESS
PLACE_EXCHANGE = ActionCard.PLACE_EXCHANGE
ONE_TILE_FURTHER = ActionCard.ONE_TILE_FURTHER
_SAME_INDEX = _CARDS.index(SAME_GUESS)
_SAME_DECK = ACTION_DECK[SAME_GUESS]
_EXCHANGE_INDEX = _CARDS.index(PLACE_EXCHANGE)
_EXCHANGE_DECK = ACTION_DECK[PLACE_EXCHANGE]
_FURTHER_INDEX = _CARDS.index(ONE_TILE_FURTHER)
_FURTHER_DECK = ACTION_DECK[ONE_TILE_FURTHER]


@lru_cache(maxsize=8192)
def _guess_options(name: str, taken: int, same_guess: bool) -> tuple[Guess, ...]:
    """Every ``Guess`` of ``name`` when the numbers in the bit mask ``taken`` hold markers
    (see :func:`~.state.taken_numbers`): the free numbers, and with ``same_guess`` (the player
    may hold a Same guess card) the taken ones too, with the card."""
    return tuple(map(_all_guesses(name).__getitem__, _guess_indices(taken, same_guess)))


@lru_cache(maxsize=256)
def _all_guesses(name: str) -> tuple[Guess, ...]:
    """``Guess(name, n, same_guess)`` for n = 2..12, without then with the card for each."""
    return tuple(Guess(name, n, same) for n in markers.NUMBERS for same in (False, True))


@lru_cache(maxsize=4096)
def _guess_indices(taken: int, same_guess: bool) -> tuple[int, ...]:
    """Where the guesses of :func:`_guess_options` are in :func:`_all_guesses`."""
    return tuple(
        2 * i + (taken >> i & 1)
        for i in range(len(markers.NUMBERS))
        if same_guess or not taken >> i & 1
    )


@lru_cache(maxsize=256)
def _reroll_options(name: str) -> tuple[ReRoll, ...]:
    """Every ``ReRoll`` of ``name``: die 0 or 1, new value 1-6."""
    return tuple(ReRoll(name, die, value) for die in (0, 1) for value in roll.FACES)


@lru_cache(maxsize=256)
def _move_options(name: str) -> tuple[Move, ...]:
    """``Move(name, k)`` for every k a hand could play (the deck has 6 "1 tile further")."""
    return tuple(Move(name, k) for k in range(ACTION_DECK[ActionCard.ONE_TILE_FURTHER] + 1))


def legal_actions(state: GameState) -> list[Message]:
    """Every legal player decision in ``state`` (see the module docstring)."""
    phase = state.phase
    if phase is GUESS:
        out = _guesses(state)
    elif phase is MOVE:
        out = _moves(state)
    else:
        out = _BY_PHASE[phase](state)
    if phase is not OVER:
        out.extend(state._record)  # record_draws(state), kept with the state
    return out


def _reveal(state: GameState) -> list[Message]:
    return []


def _guesses(state: GameState) -> list[Message]:
    players = state.players
    guessed = state.guessed
    player = players[(state.start_player + guessed) % len(players)]  # guess.guesser
    hand = player.hand
    # playable_count(state, seat, SAME_GUESS) > 0, inlined
    same = SAME_GUESS in hand.known or (
        hand.unknown > 0 and state.accounted[_SAME_INDEX] < _SAME_DECK
    )
    out: list[Message] = list(_guess_options(player.name, state._taken, same))
    if guessed > 1:
        out.extend(exchanges(state))
    return out


def exchanges(state: GameState) -> list[Message]:
    """Place exchange options for every player who may play one now."""
    # guess.exchangers(state), inlined
    phase = state.phase
    if phase is GUESS:
        turn = (state.start_player + state.guessed) % len(state.players)
        seats: tuple[int, ...] = (
            (turn,) if state.exchange_open is None else (turn, state.exchange_open)
        )
    elif phase is ROLL and state.exchange_open is not None:
        seats = (state.exchange_open,)
    else:
        return []
    players = state.players
    free = state.accounted[_EXCHANGE_INDEX] < _EXCHANGE_DECK
    out: list[Message] = []
    pairs = None
    for seat in seats:
        hand = players[seat].hand
        # playable_count(state, seat, PLACE_EXCHANGE) > 0, inlined
        if PLACE_EXCHANGE in hand.known or (free and hand.unknown > 0):
            if pairs is None:
                gone = state.gone
                pairs = (
                    markers.exchangeable_pairs(state.board, gone)
                    if gone
                    else _pairs_of(state._taken)  # no marker gone: held = taken
                )
            out.extend(_exchanges(players[seat].name, pairs))
    return out


@lru_cache(maxsize=2048)
def _pairs_of(taken: int) -> tuple[tuple[int, int], ...]:
    """The neighbouring numbers (low, high) that both hold a marker, for the bit mask ``taken``
    (see :func:`~.state.taken_numbers`)."""
    both = taken & taken >> 1
    return tuple((n, n + 1) for i, n in enumerate(markers.NUMBERS) if both >> i & 1)


@lru_cache(maxsize=1024)
def _exchanges(name: str, pairs: tuple[tuple[int, int], ...]) -> tuple[PlaceExchange, ...]:
    """``PlaceExchange(name, lo, hi)`` for each pair."""
    return tuple(_exchange(name, lo, hi) for lo, hi in pairs)


def _rolls(state: GameState) -> list[Message]:
    out = exchanges(state)
    waiting = roll.awaiting(state)
    if waiting == "roll":
        return out
    roller = markers.roller(state)
    assert roller is not None
    name = state.players[roller].name
    if roll.may_reroll(state):
        out.extend(_reroll_options(name))
    if waiting == "reroll_or_give_up":
        out.append(_give_up(name))
    return out


def _moves(state: GameState) -> list[Message]:
    players = state.players
    seat = state.pending_take  # move.mover, inlined
    if seat is not None:
        return list(_takes(players[seat].name, state.display))
    live = state._live  # markers.roller(state)
    assert live, "a van is waiting to move"
    player = players[live[0]]
    hand = player.hand
    # playable_count(state, seat, ONE_TILE_FURTHER), inlined
    most = hand.known.count(ONE_TILE_FURTHER)
    if hand.unknown:
        free = _FURTHER_DECK - state.accounted[_FURTHER_INDEX]
        if free > 0:
            most += hand.unknown if hand.unknown < free else free
    return list(_move_options(player.name)[: most + 1])


@lru_cache(maxsize=4096)
def _takes(name: str, display: tuple[Customer, ...]) -> tuple[TakeCustomer, ...]:
    """``TakeCustomer(name, card)`` for each kind of card in ``display`` (first seen first)."""
    return tuple(_take(name, card) for card in dict.fromkeys(display))


def _deliveries(state: GameState) -> list[Message]:
    seat = deliver.decider(state)
    if seat is None:
        return []
    name = state.players[seat].name
    return [_deliver(name, True), _deliver(name, False)]


def _tips(state: GameState) -> list[Message]:
    out: list[Message] = []
    for seat in tips.undeclared(state):
        low, high = tips.tip_range(state, seat)
        name = state.players[seat].name
        out.extend(_declare(name, n) for n in range(low, high + 1))
    return out


def _over(state: GameState) -> list[Message]:
    return []


_BY_PHASE: dict[Phase, Callable[[GameState], list[Message]]] = {
    Phase.REVEAL: _reveal,
    Phase.GUESS: _guesses,
    Phase.ROLL: _rolls,
    Phase.MOVE: _moves,
    Phase.DELIVER: _deliveries,
    Phase.TIPS: _tips,
    Phase.OVER: _over,
}


def record_draws(state: GameState) -> list[Message]:
    """``RecordDraw`` for every unrecorded card and every card it could be (see
    :func:`~.state.record_options`)."""
    return list(state._record)


def chance_action(state: GameState, rng: random.Random) -> Message | None:
    """The table's next input drawn at random from what is left, or ``None``."""
    phase = state.phase
    if phase is ROLL:
        rt = state.rolling
        # roll.awaiting(state) is "roll" or "reroll_or_next"
        if rt is not None and (rt.dice is None or rt.try_number < TRIES):
            live = state._live  # markers.roller(state), inlined
            assert live, "a roller is waiting"
            roller = live[0]
            # rng.choice(FACES) draws exactly as rng.randrange(1, 7) does
            first = rng.choice(_FACES)
            return _roll_actions(state.players[roller].name)[first][rng.choice(_FACES)]
        return None
    if phase is REVEAL:
        need = len(state.players) - len(state.display)
        return RevealCustomers(tuple(rng.sample(_pool(state.supply), need)))
    return None


_FACES = tuple(roll.FACES)


@lru_cache(maxsize=256)
def _roll_actions(name: str) -> tuple[tuple[Roll, ...], ...]:
    """``_roll_actions(name)[first][second]`` is ``Roll(name, (first, second))`` for dice 1-6."""
    return tuple(tuple(Roll(name, (first, second)) for second in range(7)) for first in range(7))


def _pool(supply: tuple[int, ...]) -> list[Customer]:
    """The face-down customer cards, kind by kind in :data:`CUSTOMER_ORDER`."""
    pool: list[Customer] = []
    for card, count in zip(_SINGLE_CARDS, supply, strict=True):
        pool += card * count
    return pool


_SINGLE_CARDS = tuple((card,) for card in CUSTOMER_ORDER)
