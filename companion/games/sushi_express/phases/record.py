"""Recording a drawn action card (private to the player who drew it).

Contract: ``RecordDraw(player, card)`` turns one of the player's unknown cards into ``card``. It
is allowed in every phase but the end, and refused when the player has no unrecorded card, when
the deck cannot hold another ``card``, or (after the tip count) when the card is a Tip the
player did not declare. It emits no event: what a player drew stays on their own screen.
"""

from __future__ import annotations

from companion.games.base import IllegalAction
from companion.games.sushi_express import hand as hands
from companion.games.sushi_express.actions import RecordDraw
from companion.games.sushi_express.cards import ACTION_DECK, ActionCard
from companion.games.sushi_express.phases.common import Events, seat_of
from companion.games.sushi_express.state import (
    OVER,
    GameState,
    new_object,
    player_with_field,
    record_options,
    replace_player,
    set_attribute,
)

TIP = ActionCard.TIP


def record_draw(state: GameState, action: RecordDraw, events: Events) -> GameState:
    if state.phase is OVER:
        raise IllegalAction("The game is over; drawn cards are no longer recorded")
    seat = seat_of(state, action.player)
    player = state.players[seat]
    card = action.card
    if card is TIP and player.tips_declared is not None:
        raise IllegalAction(
            f"{player.name} declared {player.tips_declared} Tip cards; "
            "their other cards are not Tips"
        )
    accounted = state.accounted
    hand = player.hand
    index = hands.CARD_INDEX[card]
    free = ACTION_DECK[card] - accounted[index]  # hands.unaccounted(accounted, card)
    if not hand.unknown or free <= 0:
        hands.check_record(player.name, hand, card, free)  # refuses
    player = player_with_field(player, "hand", hands.add_known(hand, card, True))
    changed = state.__dict__.copy()
    changed["players"] = players = replace_player(state.players, seat, player)
    counts = list(accounted)  # hands.account(accounted, card, 1)
    counts[index] += 1
    changed["accounted"] = accounted = tuple(counts)
    changed["_record"] = record_options(players, accounted)
    new = new_object(GameState)  # rebuilt(changed), inlined
    set_attribute(new, "__dict__", changed)
    return new
