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
from itertools import compress
from operator import getitem, not_

from companion.games.base import Message
from companion.games.sushi_express import markers
from companion.games.sushi_express.actions import (
    DeclareTips,
    Deliver,
    GiveUp,
    Guess,
    Move,
    PlaceExchange,
    RecordDraw,
    ReRoll,
    RevealCustomers,
    Roll,
    TakeCustomer,
)
from companion.games.sushi_express.cards import ACTION_DECK, ActionCard
from companion.games.sushi_express.phases import deliver, guess, move, roll, tips
from companion.games.sushi_express.phases.common import playable_count
from companion.games.sushi_express.state import CUSTOMER_ORDER, GameState, Phase

_exchange = lru_cache(maxsize=4096)(PlaceExchange)
_give_up = lru_cache(maxsize=512)(GiveUp)
_take = lru_cache(maxsize=4096)(TakeCustomer)
_deliver = lru_cache(maxsize=512)(Deliver)
_declare = lru_cache(maxsize=512)(DeclareTips)

_CARDS = tuple(ActionCard)
_DECK = tuple(ACTION_DECK[c] for c in _CARDS)
_INDICES = range(len(_CARDS))
_TIP_INDEX = _CARDS.index(ActionCard.TIP)


@lru_cache(maxsize=256)
def _guess_options(name: str) -> tuple[tuple[Guess, ...], tuple[tuple[Guess, Guess], ...]]:
    """Every ``Guess`` of ``name``: on each free number, and per number the pair (guess on a
    free number, guess with a Same guess card), to be indexed by "the number is taken"."""
    free = tuple(Guess(name, n) for n in markers.NUMBERS)
    return free, tuple((guess, Guess(name, guess.number, True)) for guess in free)


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
    out = _BY_PHASE[phase](state)
    if phase is not Phase.OVER:
        out.extend(record_draws(state))
    return out


def _reveal(state: GameState) -> list[Message]:
    return []


def _guesses(state: GameState) -> list[Message]:
    seat = guess.guesser(state)
    assert seat is not None
    name = state.players[seat].name
    free, both = _guess_options(name)
    out: list[Message]
    if playable_count(state, seat, ActionCard.SAME_GUESS):
        # every number, with the card where a marker stands: both[i][taken]
        out = list(map(getitem, both, map(bool, state.board)))
    else:
        out = list(compress(free, map(not_, state.board)))  # the free numbers
    if state.guessed > 1:
        out.extend(exchanges(state))
    return out


def exchanges(state: GameState) -> list[Message]:
    """Place exchange options for every player who may play one now."""
    seats = guess.exchangers(state)
    if not seats:
        return []
    able = [s for s in seats if playable_count(state, s, ActionCard.PLACE_EXCHANGE)]
    if not able:
        return []
    pairs = markers.neighbours_to_exchange(state)
    out: list[Message] = []
    for seat in able:
        name = state.players[seat].name
        out.extend(_exchange(name, lo, hi) for lo, hi in pairs)
    return out


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
    seat = move.mover(state)
    assert seat is not None
    name = state.players[seat].name
    if state.pending_take is not None:
        return [_take(name, card) for card in dict.fromkeys(state.display)]
    most = playable_count(state, seat, ActionCard.ONE_TILE_FURTHER)
    return list(_move_options(name)[: most + 1])


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
    """``RecordDraw`` for every unrecorded card and every card it could be."""
    holders = [p for p in state.players if p.hand.unknown]
    if not holders:
        return []
    possible = [
        i for i, deck, known in zip(_INDICES, _DECK, state.accounted, strict=True) if deck > known
    ]
    out: list[Message] = []
    for p in holders:
        options = _record_options(p.name)
        if p.tips_declared is None:
            out.extend(options[i] for i in possible)
        else:
            out.extend(options[i] for i in possible if i != _TIP_INDEX)
    return out


@lru_cache(maxsize=256)
def _record_options(name: str) -> tuple[RecordDraw, ...]:
    """``RecordDraw(name, card)`` for every card, in :class:`ActionCard` order."""
    return tuple(RecordDraw(name, card) for card in _CARDS)


def chance_action(state: GameState, rng: random.Random) -> Message | None:
    """The table's next input drawn at random from what is left, or ``None``."""
    phase = state.phase
    if phase is Phase.ROLL:
        if roll.awaiting(state) in ("roll", "reroll_or_next"):
            roller = markers.roller(state)
            assert roller is not None
            dice = (rng.randrange(1, 7), rng.randrange(1, 7))
            return Roll(player=state.players[roller].name, dice=dice)
        return None
    if phase is Phase.REVEAL:
        need = state.n - len(state.display)
        pool = [c for c, k in zip(CUSTOMER_ORDER, state.supply, strict=True) for _ in range(k)]
        return RevealCustomers(cards=tuple(rng.sample(pool, need)))
    return None
