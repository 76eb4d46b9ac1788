"""Phase 1, place guesses (and the Same guess and Place exchange cards).

Contract:

* Clockwise from the round's start player, each player places one ``Guess`` on 2-12.
* A number that holds a marker needs ``same_guess=True``, which plays a Same guess card and puts
  the marker on top of the stack; ``same_guess=True`` on a free number is refused.
* ``PlaceExchange`` swaps the contents of two neighbouring numbers that both hold markers
  (stacks move whole, order kept). It may be played by the player whose turn it is (before
  their guess), and by the player who just guessed until the next player acts; after the last
  guess, by the last guesser until the first roll (then the phase is already ROLL). Several
  cards may be played in one turn.
* After the last guess the phase is ROLL.
"""

from __future__ import annotations

from companion.games.base import IllegalAction
from companion.games.sushi_express import markers, words
from companion.games.sushi_express.actions import Guess, PlaceExchange
from companion.games.sushi_express.cards import HIGHEST_GUESS, LOWEST_GUESS, ActionCard
from companion.games.sushi_express.events import GuessPlaced, MarkersExchanged
from companion.games.sushi_express.phases.common import (
    Events,
    play_cards,
    playable_count,
    seat_of,
    wrong_phase,
)
from companion.games.sushi_express.state import GameState, Phase, RollTry, evolve
from companion.i18n import Msg, msg

SAME_GUESS = ActionCard.SAME_GUESS
PLACE_EXCHANGE = ActionCard.PLACE_EXCHANGE


def guesser(state: GameState) -> int | None:
    """The seat whose turn it is to guess (``None`` outside phase 1)."""
    if state.phase is not Phase.GUESS:
        return None
    return (state.start_player + state.guessed) % state.n


def exchangers(state: GameState) -> tuple[int, ...]:
    """Seats that may play Place exchange now."""
    turn = guesser(state)
    if turn is not None:
        if state.exchange_open is None:
            return (turn,)
        return (turn, state.exchange_open)
    if state.phase is Phase.ROLL and state.exchange_open is not None:
        return (state.exchange_open,)
    return ()


def guess(state: GameState, action: Guess, events: Events) -> GameState:
    if state.phase is not Phase.GUESS:
        raise wrong_phase(state, action)
    who, number = action.player, action.number
    seat = seat_of(state, who)
    turn = guesser(state)
    assert turn is not None, "somebody guesses in phase 1"
    if seat != turn:
        raise IllegalAction(msg("It is {guesser}'s turn to guess, not {who}'s",
                                guesser=state.name(turn), who=who))
    if not LOWEST_GUESS <= number <= HIGHEST_GUESS:
        raise IllegalAction(msg(
            "{who} guessed {number}, but guesses go from {low} to {high}",
            who=who, number=number, low=LOWEST_GUESS, high=HIGHEST_GUESS,
        ))
    taken = bool(state.board[number - LOWEST_GUESS])
    if taken:
        if not playable_count(state, seat, SAME_GUESS):
            raise IllegalAction(msg(
                "{who} guessed {number} but {number} is taken and {who} has no {card} card",
                who=who, number=number, card=words.ACTION_CARDS[SAME_GUESS],
            ))
        if not action.same_guess:
            raise IllegalAction(msg(
                "{number} is taken: {who} must play a {card} card to stack on it",
                number=number, who=who, card=words.ACTION_CARDS[SAME_GUESS],
            ))
        state = play_cards(state, seat, SAME_GUESS, 1, events)
    elif action.same_guess:
        raise IllegalAction(msg("{number} is free: {who} needs no {card} card to guess it",
                                number=number, who=who, card=words.ACTION_CARDS[SAME_GUESS]))
    events.append(GuessPlaced(who, number, taken))
    guessed = state.guessed + 1
    last = guessed == state.n
    return evolve(
        state,
        board=markers.place(state.board, seat, number),
        guessed=guessed,
        exchange_open=seat,
        phase=Phase.ROLL if last else Phase.GUESS,
        rolling=RollTry() if last else None,
    )


def place_exchange(state: GameState, action: PlaceExchange, events: Events) -> GameState:
    allowed = exchangers(state)
    if not allowed:
        if state.phase is Phase.ROLL:
            raise IllegalAction(msg("The dice are rolling; places can no longer be exchanged"))
        raise wrong_phase(state, action)
    seat = seat_of(state, action.player)
    if seat not in allowed:
        raise IllegalAction(_who_may_exchange(state, allowed))
    first, second = action.first, action.second
    if first not in markers.NUMBERS or second not in markers.NUMBERS or abs(first - second) != 1:
        raise IllegalAction(msg(
            "{card} swaps two neighbouring numbers; {first} and {second} are not",
            card=words.ACTION_CARDS[PLACE_EXCHANGE], first=first, second=second,
        ))
    empty = [n for n in (first, second) if not state.stack(n)]
    if empty:
        raise IllegalAction(msg(
            "{card} needs markers on both {first} and {second}; {empty} is empty",
            card=words.ACTION_CARDS[PLACE_EXCHANGE], first=first, second=second, empty=empty[0],
        ))
    closes = seat == guesser(state) and state.exchange_open != seat
    new = play_cards(state, seat, PLACE_EXCHANGE, 1, events)
    events.append(MarkersExchanged(player=action.player, first=first, second=second))
    return evolve(
        new,
        board=markers.exchange(state.board, first, second),
        exchange_open=None if closes else state.exchange_open,
    )


def _who_may_exchange(state: GameState, allowed: tuple[int, ...]) -> Msg:
    if state.phase is Phase.ROLL:
        return msg("Only {who} (who guessed last) may still exchange places before the first roll",
                   who=state.name(allowed[0]))
    if len(allowed) > 1:
        return msg("Only {who} (whose turn it is) or {other} (who just guessed) may exchange "
                   "places now", who=state.name(allowed[0]), other=state.name(allowed[1]))
    return msg("Only {who} (whose turn it is) may exchange places now",
               who=state.name(allowed[0]))
