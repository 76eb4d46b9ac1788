"""What every phase handler needs: finding the player, refusing a wrong phase, playing and
drawing action cards."""

from __future__ import annotations

from typing import Any

from companion.games.base import IllegalAction, Message
from companion.games.sushi_express import hand as hands
from companion.games.sushi_express.cards import ACTION_DECK, ActionCard
from companion.games.sushi_express.events import DrawReason, card_drawn, card_played
from companion.games.sushi_express.state import (
    OVER,
    GameState,
    Phase,
    player_with_field,
    record_options,
    replace_player,
)

Events = list[Message]

_PHASE_TEXT: dict[Phase, str] = {
    Phase.REVEAL: "time to turn up customer cards",
    Phase.GUESS: "the guessing phase",
    Phase.ROLL: "the dice phase",
    Phase.MOVE: "the movement phase",
    Phase.DELIVER: "the delivery phase",
    Phase.TIPS: "the tip count at game end",
    Phase.OVER: "the end of the game",
}
_ORDER: tuple[Phase, ...] = tuple(Phase)

#: The phase an action belongs to and how to say that nobody does it in another phase.
_HOME: dict[str, tuple[Phase, str]] = {
    "reveal_customers": (Phase.REVEAL, "no customer cards are turned up"),
    "guess": (Phase.GUESS, "nobody guesses"),
    "place_exchange": (Phase.GUESS, "nobody exchanges places"),
    "roll": (Phase.ROLL, "nobody rolls"),
    "re_roll": (Phase.ROLL, "nobody re-rolls"),
    "give_up": (Phase.ROLL, "nobody gives up a roll"),
    "move": (Phase.MOVE, "no van moves"),
    "take_customer": (Phase.MOVE, "nobody takes a customer card"),
    "deliver": (Phase.DELIVER, "nobody decides the delivery"),
    "declare_tips": (Phase.TIPS, "nobody declares tips"),
}


def wrong_phase(state: GameState, action: Message) -> IllegalAction:
    """The refusal for ``action`` in the current phase, e.g. "It is the guessing phase; nobody
    rolls yet"."""
    if state.phase is OVER:
        return IllegalAction("The game is over")
    home, nobody = _HOME.get(action.kind, (state.phase, f"nobody sends {action.kind}"))
    when = "yet" if _ORDER.index(home) > _ORDER.index(state.phase) else "now"
    return IllegalAction(f"It is {_PHASE_TEXT[state.phase]}; {nobody} {when}")


def require_phase(state: GameState, phase: Phase, action: Message) -> None:
    if state.phase is not phase:
        raise wrong_phase(state, action)


def seat_of(state: GameState, name: str) -> int:
    """The seat of ``name``; refused when nobody at the table has that name."""
    seat = state._seats.get(name)
    if seat is None:
        raise no_player(name)
    return seat


def no_player(name: str) -> IllegalAction:
    """The refusal of an action naming somebody not at the table."""
    return IllegalAction(f"There is no player called {name} in this game")


def can_play(state: GameState, seat: int, card: ActionCard, count: int = 1) -> bool:
    return playable_count(state, seat, card) >= count


def playable_count(state: GameState, seat: int, card: ActionCard) -> int:
    """How many ``card`` the player at ``seat`` may play now (see :mod:`..hand`)."""
    hand = state.players[seat].hand
    playable = hand.known.count(card)
    unknown = hand.unknown
    if unknown:
        # hands.playable, inlined (this runs for nearly every decision)
        free = _DECK[card] - state.accounted[_INDEX[card]]
        if free > 0:
            playable += unknown if unknown < free else free
    return playable


_DECK = ACTION_DECK
_INDEX = hands.CARD_INDEX

#: The fields of a state being built: a copy of another state's ``__dict__`` (see
#: :func:`~.state.rebuilt`).
Fields = dict[str, Any]


def play_cards(
    state: GameState,
    seat: int,
    card: ActionCard,
    count: int,
    events: Events,
    changed: Fields,
    refusal: str = "",
) -> None:
    """``seat`` plays ``count`` (at least 1) copies of ``card``: their effect (players, cards
    played, accounted counts) goes into ``changed``, the fields of the state being built from
    ``state``. Refused (with ``refusal`` when given) if the hand cannot hold them."""
    can = playable_count(state, seat, card)
    player = state.players[seat]
    if can < count:
        if refusal:
            raise IllegalAction(refusal)
        raise hands.refuse_play(player.name, card, count, can)
    new_hand, from_unknown = hands.take(player.hand, card, count)
    name = player.name
    for _ in range(count):
        events.append(card_played(name, card))
    changed["players"] = players = replace_player(
        state.players, seat, player_with_field(player, "hand", new_hand)
    )
    changed["played"] = state.played + (card,) * count
    changed["accounted"] = accounted = hands.account(state.accounted, card, from_unknown)
    changed["_record"] = record_options(players, accounted)


def draw_card(changed: Fields, seat: int, reason: DrawReason, events: Events) -> None:
    """``seat`` draws the top action card face down, in ``changed`` (the fields of the state
    being built); nothing happens when the supply is empty."""
    supply = changed["action_supply"]
    if supply == 0:
        return
    players = changed["players"]
    player = players[seat]
    events.append(card_drawn(player.name, reason, supply - 1))
    player = player_with_field(player, "hand", hands.drawn(player.hand))
    changed["players"] = players = replace_player(players, seat, player)
    changed["action_supply"] = supply - 1
    changed["_record"] = record_options(players, changed["accounted"])
