"""What every phase handler needs: finding the player, refusing a wrong phase, playing and
drawing action cards."""

from __future__ import annotations

from companion.games.base import IllegalAction, Message
from companion.games.sushi_express import hand as hands
from companion.games.sushi_express.cards import ACTION_DECK, ActionCard
from companion.games.sushi_express.events import ActionCardDrawn, ActionCardPlayed, DrawReason
from companion.games.sushi_express.state import (
    GameState,
    Phase,
    Player,
    evolve,
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
    if state.phase is Phase.OVER:
        return IllegalAction("The game is over")
    home, nobody = _HOME.get(action.kind, (state.phase, f"nobody sends {action.kind}"))
    when = "yet" if _ORDER.index(home) > _ORDER.index(state.phase) else "now"
    return IllegalAction(f"It is {_PHASE_TEXT[state.phase]}; {nobody} {when}")


def require_phase(state: GameState, phase: Phase, action: Message) -> None:
    if state.phase is not phase:
        raise wrong_phase(state, action)


def seat_of(state: GameState, name: str) -> int:
    """The seat of ``name``; refused when nobody at the table has that name."""
    seat = state.seat_of(name)
    if seat is None:
        raise IllegalAction(f"There is no player called {name} in this game")
    return seat


def can_play(state: GameState, seat: int, card: ActionCard, count: int = 1) -> bool:
    return playable_count(state, seat, card) >= count


def playable_count(state: GameState, seat: int, card: ActionCard) -> int:
    """How many ``card`` the player at ``seat`` may play now (see :mod:`..hand`)."""
    hand = state.players[seat].hand
    playable = hand.known.count(card)
    if hand.unknown:
        # hands.playable, inlined (this runs for nearly every decision)
        free = ACTION_DECK[card] - state.accounted[hands.CARD_INDEX[card]]
        if free > 0:
            playable += min(hand.unknown, free)
    return playable


def play_cards(
    state: GameState,
    seat: int,
    card: ActionCard,
    count: int,
    events: Events,
    refusal: str = "",
) -> GameState:
    """``state`` after ``seat`` plays ``count`` copies of ``card``; refused (with ``refusal``
    when given) if the hand cannot hold them."""
    if count == 0:
        return state
    can = playable_count(state, seat, card)
    player = state.players[seat]
    if can < count:
        if refusal:
            raise IllegalAction(refusal)
        raise hands.refuse_play(player.name, card, count, can)
    new_hand, from_unknown = hands.take(player.hand, card, count)
    events.extend(ActionCardPlayed(player=player.name, card=card) for _ in range(count))
    return evolve(
        state,
        players=replace_player(state.players, seat, evolve(player, hand=new_hand)),
        played=state.played + (card,) * count,
        accounted=hands.account(state.accounted, card, from_unknown),
    )


def draw_card(
    players: tuple[Player, ...], supply: int, seat: int, reason: DrawReason, events: Events
) -> tuple[tuple[Player, ...], int]:
    """The players and the action supply after ``seat`` draws the top action card face down
    (nothing changes when the supply is empty)."""
    if supply == 0:
        return players, supply
    player = players[seat]
    events.append(ActionCardDrawn(player=player.name, reason=reason, left=supply - 1))
    player = evolve(player, hand=hands.drawn(player.hand))
    return replace_player(players, seat, player), supply - 1
