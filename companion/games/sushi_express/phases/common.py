"""What every phase handler needs: finding the player, refusing a wrong phase, playing and
drawing action cards."""

from __future__ import annotations

from companion.games.base import IllegalAction, Message
from companion.games.sushi_express import hand as hands
from companion.games.sushi_express.cards import ActionCard
from companion.games.sushi_express.events import ActionCardDrawn, ActionCardPlayed, DrawReason
from companion.games.sushi_express.state import GameState, Phase, evolve, replace_player
from companion.i18n import Msg, msg, pmsg

Events = list[Message]

_PHASE_TEXT: dict[Phase, Msg] = {
    Phase.REVEAL: pmsg("sushi-express", "time to turn up customer cards"),
    Phase.GUESS: pmsg("sushi-express", "the guessing phase"),
    Phase.ROLL: pmsg("sushi-express", "the dice phase"),
    Phase.MOVE: pmsg("sushi-express", "the movement phase"),
    Phase.DELIVER: pmsg("sushi-express", "the delivery phase"),
    Phase.TIPS: pmsg("sushi-express", "the tip count at game end"),
    Phase.OVER: pmsg("sushi-express", "the end of the game"),
}
_ORDER: tuple[Phase, ...] = tuple(Phase)

#: The phase an action belongs to and how to say that nobody does it in a later phase ("yet")
#: or an earlier one ("now"): whole sentences, as a language orders "yet" its own way.
_HOME: dict[str, tuple[Phase, Msg, Msg]] = {
    "reveal_customers": (Phase.REVEAL, msg("no customer cards are turned up yet"),
                         msg("no customer cards are turned up now")),
    "guess": (Phase.GUESS, msg("nobody guesses yet"), msg("nobody guesses now")),
    "place_exchange": (Phase.GUESS, msg("nobody exchanges places yet"),
                       msg("nobody exchanges places now")),
    "roll": (Phase.ROLL, msg("nobody rolls yet"), msg("nobody rolls now")),
    "re_roll": (Phase.ROLL, msg("nobody re-rolls yet"), msg("nobody re-rolls now")),
    "give_up": (Phase.ROLL, msg("nobody gives up a roll yet"), msg("nobody gives up a roll now")),
    "move": (Phase.MOVE, msg("no van moves yet"), msg("no van moves now")),
    "take_customer": (Phase.MOVE, msg("nobody takes a customer card yet"),
                      msg("nobody takes a customer card now")),
    "deliver": (Phase.DELIVER, msg("nobody decides the delivery yet"),
                msg("nobody decides the delivery now")),
    "declare_tips": (Phase.TIPS, msg("nobody declares tips yet"),
                     msg("nobody declares tips now")),
}


def wrong_phase(state: GameState, action: Message) -> IllegalAction:
    """The refusal for ``action`` in the current phase, e.g. "It is the guessing phase; nobody
    rolls yet"."""
    if state.phase is Phase.OVER:
        return IllegalAction(msg("The game is over"))
    home = _HOME.get(action.kind)
    if home is None:
        nobody = msg("nobody sends {kind} now", kind=action.kind)
    else:
        nobody = home[1] if _ORDER.index(home[0]) > _ORDER.index(state.phase) else home[2]
    return IllegalAction(msg("It is {phase}; {nobody}", phase=_PHASE_TEXT[state.phase],
                             nobody=nobody))


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
    return IllegalAction(msg("There is no player called {who} in this game", who=name))


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
