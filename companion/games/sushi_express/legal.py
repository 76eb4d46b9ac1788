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
of numbers, lower number first (``apply`` also takes the pair the other way round). A player's
options are built by memoised pure functions of what they depend on (``lru_cache``): actions are
frozen values, so the same tuple serves every state that offers them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from companion.games.base import Message
from companion.games.sushi_express import hand as hands
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
from companion.games.sushi_express.cards import ACTION_DECK, ActionCard, Customer
from companion.games.sushi_express.phases import deliver, guess, move, roll, tips
from companion.games.sushi_express.phases.common import playable_count
from companion.games.sushi_express.state import CUSTOMER_ORDER, GameState, Phase

ONE_TILE_FURTHER = ActionCard.ONE_TILE_FURTHER


def legal_actions(state: GameState) -> list[Message]:
    """Every legal player decision in ``state`` (see the module docstring)."""
    out = _BY_PHASE[state.phase](state)
    if state.phase is not Phase.OVER:
        out.extend(record_draws(state))
    return out


def _nothing(state: GameState) -> list[Message]:
    return []


def _guesses(state: GameState) -> list[Message]:
    """The guesser's guesses (on a taken number only with a Same guess card), then the Place
    exchanges open once two markers are down."""
    seat = guess.guesser(state)
    assert seat is not None, "somebody guesses now"
    same = playable_count(state, seat, ActionCard.SAME_GUESS) > 0
    taken = tuple(map(bool, state.board))
    out: list[Message] = list(_guess_options(state.name(seat), taken, same))
    if state.guessed > 1:
        out.extend(exchanges(state))
    return out


@lru_cache(maxsize=4096)
def _guess_options(name: str, taken: tuple[bool, ...], same: bool) -> tuple[Guess, ...]:
    """``name``'s guesses when ``taken`` says which numbers hold a marker: each free number,
    and each taken one with a Same guess card when ``same``."""
    return tuple(
        Guess(name, number, is_taken)
        for number, is_taken in zip(markers.NUMBERS, taken, strict=True)
        if same or not is_taken
    )


def exchanges(state: GameState) -> list[Message]:
    """Place exchange options for every player who may play one now."""
    out: list[Message] = []
    for seat in guess.exchangers(state):
        if playable_count(state, seat, ActionCard.PLACE_EXCHANGE) > 0:
            name = state.name(seat)
            pairs = markers.exchangeable_pairs(state.board, state.gone)
            out.extend(PlaceExchange(name, low, high) for low, high in pairs)
    return out


def _rolls(state: GameState) -> list[Message]:
    """Place exchange before the first roll; after a failed try, the roller's Re-rolls (one
    die, every value) and, after the second, giving up."""
    out = exchanges(state)
    waiting = roll.awaiting(state)
    if waiting == "roll":
        return out
    roller = markers.roller(state)
    assert roller is not None
    name = state.name(roller)
    if roll.may_reroll(state):
        out.extend(_reroll_options(name))
    if waiting == "reroll_or_give_up":
        out.append(GiveUp(name))
    return out


@lru_cache(maxsize=4096)
def _reroll_options(name: str) -> tuple[ReRoll, ...]:
    """Every ``ReRoll`` of ``name``: die 0 or 1, new value 1-6."""
    return tuple(ReRoll(name, die, value) for die in (0, 1) for value in roll.FACES)


def _moves(state: GameState) -> list[Message]:
    """The customer cards to take (each kind in the display once, first seen first), or the
    mover's moves with every number of "1 tile further" cards the hand may hold."""
    seat = move.mover(state)
    assert seat is not None, "a van is waiting to move"
    name = state.name(seat)
    if state.pending_take is not None:
        return [TakeCustomer(name, card) for card in dict.fromkeys(state.display)]
    return list(_move_options(name, playable_count(state, seat, ONE_TILE_FURTHER)))


@lru_cache(maxsize=4096)
def _move_options(name: str, most: int) -> tuple[Move, ...]:
    """``Move(name, k)`` for k = 0 to ``most`` "1 tile further" cards (the deck has 6)."""
    return tuple(Move(name, k) for k in range(min(most, ACTION_DECK[ONE_TILE_FURTHER]) + 1))


def _deliveries(state: GameState) -> list[Message]:
    seat = deliver.decider(state)
    if seat is None:
        return []
    name = state.name(seat)
    return [Deliver(name, True), Deliver(name, False)]


def _tips(state: GameState) -> list[Message]:
    out: list[Message] = []
    for seat in tips.undeclared(state):
        low, high = tips.tip_range(state, seat)
        name = state.name(seat)
        out.extend(DeclareTips(name, n) for n in range(low, high + 1))
    return out


_BY_PHASE: dict[Phase, Callable[[GameState], list[Message]]] = {
    Phase.REVEAL: _nothing,
    Phase.GUESS: _guesses,
    Phase.ROLL: _rolls,
    Phase.MOVE: _moves,
    Phase.DELIVER: _deliveries,
    Phase.TIPS: _tips,
    Phase.OVER: _nothing,
}


def record_draws(state: GameState) -> list[Message]:
    """``RecordDraw`` for every player with unrecorded cards and every card such a card could
    be (a copy not accounted for); a Tip only while the player's tips are not declared. Listed
    in every phase but the end."""
    holders = [player for player in state.players if player.hand.unknown]
    if not holders:
        return []
    possible = _unaccounted_cards(state.accounted)
    out: list[Message] = []
    for player in holders:
        out.extend(_record_options(player.name, possible, player.tips_declared is None))
    return out


@lru_cache(maxsize=1024)
def _unaccounted_cards(accounted: tuple[int, ...]) -> tuple[ActionCard, ...]:
    """The cards with a copy not ``accounted`` for: what an unrecorded card may be."""
    return tuple(card for card in hands.CARDS if hands.unaccounted(accounted, card) > 0)


@lru_cache(maxsize=4096)
def _record_options(
    name: str, possible: tuple[ActionCard, ...], tips: bool
) -> tuple[RecordDraw, ...]:
    """``RecordDraw(name, card)`` for every card ``possible``; a Tip only when ``tips``."""
    return tuple(RecordDraw(name, card) for card in possible if tips or card is not ActionCard.TIP)


def chance_action(state: GameState, rng: random.Random) -> Message | None:
    """The table's next input drawn at random from what is left, or ``None``."""
    if state.phase is Phase.ROLL and roll.awaiting(state) in ("roll", "reroll_or_next"):
        roller = markers.roller(state)
        assert roller is not None, "a roller is waiting"
        first = rng.choice(roll.FACES)
        second = rng.choice(roll.FACES)
        return Roll(state.name(roller), (first, second))
    if state.phase is Phase.REVEAL:
        need = state.n - len(state.display)
        return RevealCustomers(tuple(rng.sample(_face_down(state.supply), need)))
    return None


def _face_down(supply: tuple[int, ...]) -> list[Customer]:
    """The face-down customer cards, kind by kind in :data:`CUSTOMER_ORDER`."""
    pool: list[Customer] = []
    for card, count in zip(CUSTOMER_ORDER, supply, strict=True):
        pool += [card] * count
    return pool
