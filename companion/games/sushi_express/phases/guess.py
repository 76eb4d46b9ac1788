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

from functools import lru_cache

from companion.games.base import IllegalAction
from companion.games.sushi_express import markers
from companion.games.sushi_express.actions import Guess, PlaceExchange
from companion.games.sushi_express.cards import HIGHEST_GUESS, LOWEST_GUESS, ActionCard
from companion.games.sushi_express.events import GuessPlaced, MarkersExchanged
from companion.games.sushi_express.phases.common import (
    Events,
    no_player,
    play_cards,
    playable_count,
    seat_of,
    wrong_phase,
)
from companion.games.sushi_express.state import (
    GUESS,
    ROLL,
    GameState,
    RollTry,
    live_markers,
    new_object,
    numbers_on,
    rebuilt,
    set_attribute,
)


@lru_cache(maxsize=256, typed=True)
def _guess_events(player: str) -> tuple[tuple[GuessPlaced, GuessPlaced], ...]:
    """``_guess_events(player)[number - 2][same_guess]``: the shared ``GuessPlaced`` events."""
    return tuple(
        (GuessPlaced(player, number, False), GuessPlaced(player, number, True))
        for number in range(LOWEST_GUESS, HIGHEST_GUESS + 1)
    )


SAME_GUESS = ActionCard.SAME_GUESS
PLACE_EXCHANGE = ActionCard.PLACE_EXCHANGE
#: The roller's bookkeeping at the start of phase 2 (frozen, so one object serves every game).
FIRST_TRY = RollTry()


def guesser(state: GameState) -> int | None:
    """The seat whose turn it is to guess (``None`` outside phase 1)."""
    if state.phase is not GUESS:
        return None
    return (state.start_player + state.guessed) % len(state.players)


def exchangers(state: GameState) -> tuple[int, ...]:
    """Seats that may play Place exchange now."""
    phase = state.phase
    if phase is GUESS:
        turn = (state.start_player + state.guessed) % len(state.players)
        if state.exchange_open is None:
            return (turn,)
        return (turn, state.exchange_open)
    if phase is ROLL and state.exchange_open is not None:
        return (state.exchange_open,)
    return ()


def guess(state: GameState, action: Guess, events: Events) -> GameState:
    if state.phase is not GUESS:
        raise wrong_phase(state, action)
    who = action.player
    seat = state._seats.get(who)
    if seat is None:
        raise no_player(who)
    players = state.players
    guessed = state.guessed
    turn = (state.start_player + guessed) % len(players)
    if seat != turn:
        raise IllegalAction(f"It is {players[turn].name}'s turn to guess, not {who}'s")
    number = action.number
    if not LOWEST_GUESS <= number <= HIGHEST_GUESS:
        raise IllegalAction(
            f"{who} guessed {number}, but guesses go from {LOWEST_GUESS} to {HIGHEST_GUESS}"
        )
    board = state.board
    changed = state.__dict__.copy()
    i = number - LOWEST_GUESS
    taken = bool(board[i])  # the number holds a marker
    if taken:
        if not playable_count(state, seat, SAME_GUESS):
            raise IllegalAction(
                f"{who} guessed {number} but {number} is taken and {who} has no Same guess card"
            )
        if not action.same_guess:
            raise IllegalAction(
                f"{number} is taken: {who} must play a Same guess card to stack on it"
            )
        play_cards(state, seat, SAME_GUESS, 1, events, changed)
    elif action.same_guess:
        raise IllegalAction(f"{number} is free: {who} needs no Same guess card to guess it")
    events.append(
        _guess_events(who)[i][taken]  # shared events, for plain int numbers
        if type(number) is int
        else GuessPlaced(who, number, taken)
    )
    guessed += 1
    stacks = list(board)  # markers.place(board, seat, number), inlined
    stacks[i] = (*stacks[i], seat)
    changed["board"] = tuple(stacks)
    changed["_taken"] = state._taken | 1 << i
    numbers = state._numbers
    changed["_numbers"] = (
        {**numbers, seat: number} if seat not in numbers else numbers_on(changed["board"])
    )
    if state.gone:
        changed["_live"] = live_markers(changed["board"], state.gone)
    else:  # the new marker comes after those on higher numbers (all live)
        live = state._live
        above = sum(map(len, board[i + 1 :]))
        changed["_live"] = (*live[:above], seat, *live[above:])
    changed["guessed"] = guessed
    changed["exchange_open"] = seat
    if guessed == len(players):  # the last guess
        changed["phase"] = ROLL
        changed["rolling"] = FIRST_TRY
    else:
        changed["phase"] = GUESS
        changed["rolling"] = None
    new = new_object(GameState)  # rebuilt(changed), inlined
    set_attribute(new, "__dict__", changed)
    return new


def place_exchange(state: GameState, action: PlaceExchange, events: Events) -> GameState:
    allowed = exchangers(state)
    if not allowed:
        if state.phase is ROLL:
            raise IllegalAction("The dice are rolling; places can no longer be exchanged")
        raise wrong_phase(state, action)
    seat = seat_of(state, action.player)
    if seat not in allowed:
        raise IllegalAction(_who_may_exchange(state, allowed))
    first, second = action.first, action.second
    numbers = range(LOWEST_GUESS, HIGHEST_GUESS + 1)
    if first not in numbers or second not in numbers or abs(first - second) != 1:
        raise IllegalAction(
            f"Place exchange swaps two neighbouring numbers; {first} and {second} are not"
        )
    empty = [n for n in (first, second) if not state.stack(n)]
    if empty:
        raise IllegalAction(
            f"Place exchange needs markers on both {first} and {second}; {empty[0]} is empty"
        )
    changed = state.__dict__.copy()
    play_cards(state, seat, PLACE_EXCHANGE, 1, events, changed)
    events.append(MarkersExchanged(player=action.player, first=first, second=second))
    turn = guesser(state)
    closes = seat == turn and state.exchange_open != seat
    changed["board"] = board = markers.exchange(state.board, first, second)
    changed["_live"] = live_markers(board, state.gone)
    changed["_numbers"] = numbers_on(board)
    changed["exchange_open"] = None if closes else state.exchange_open
    return rebuilt(changed)


def _who_may_exchange(state: GameState, allowed: tuple[int, ...]) -> str:
    if state.phase is ROLL:
        return (
            f"Only {state.name(allowed[0])} (who guessed last) may still exchange places "
            "before the first roll"
        )
    text = f"Only {state.name(allowed[0])} (whose turn it is)"
    if len(allowed) > 1:
        text += f" or {state.name(allowed[1])} (who just guessed)"
    return text + " may exchange places now"
