"""What every phase handler needs: finding the player, refusing a wrong phase, playing and
drawing action cards."""

from __future__ import annotations

from companion.games.base import IllegalAction, Message
from companion.games.sushi_express import hand as hands
from companion.games.sushi_express.cards import ActionCard
from companion.games.sushi_express.events import ActionCardDrawn, ActionCardPlayed, DrawReason
from companion.games.sushi_express.state import GameState, Phase, evolve, replace_player

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
        raise no_player(name)
    return seat


def no_player(name: str) -> IllegalAction:
    """The refusal of an action naming somebody not at the table."""
    return IllegalAction(f"There is no player called {name} in this game")


def playable_count(state: GameState, seat: int, card: ActionCard) -> int:
    """How many ``card`` the player at ``seat`` may play now (see :mod:`..hand`)."""
    return hands.playable(state.players[seat].hand, card, hands.unaccounted(state.accounted, card))


def play_cards(
    state: GameState,
    seat: int,
    card: ActionCard,
    count: int,
    events: Events,
) -> GameState:
    """``state`` once ``seat`` played ``count`` (at least 1) copies of ``card``: out of the
    hand, onto the cards played, accounted for. Refused if the hand cannot hold them."""
    can = playable_count(state, seat, card)
    player = state.players[seat]
    if can < count:
        raise hands.refuse_play(player.name, card, count, can)
    hand, from_unknown = hands.take(player.hand, card, count)
    events.extend(ActionCardPlayed(player.name, card) for _ in range(count))
    return evolve(
        state,
        players=replace_player(state.players, seat, evolve(player, hand=hand)),
        played=state.played + (card,) * count,
        accounted=hands.account(state.accounted, card, from_unknown),
    )


def draw_card(state: GameState, seat: int, reason: DrawReason, events: Events) -> GameState:
    """``state`` once ``seat`` drew the top action card face down; unchanged when the supply
    is empty."""
    supply = state.action_supply
    if supply == 0:
        return state
    player = state.players[seat]
    events.append(ActionCardDrawn(player.name, reason, supply - 1))
    return evolve(
        state,
        players=replace_player(state.players, seat, evolve(player, hand=hands.drawn(player.hand))),
        action_supply=supply - 1,
    )
