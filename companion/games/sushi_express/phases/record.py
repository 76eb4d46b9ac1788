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
from companion.games.sushi_express.cards import ActionCard
from companion.games.sushi_express.phases.common import Events, seat_of
from companion.games.sushi_express.state import GameState, Phase, evolve, replace_player
from companion.i18n import msg, nmsg

TIP = ActionCard.TIP


def record_draw(state: GameState, action: RecordDraw, events: Events) -> GameState:
    if state.phase is Phase.OVER:
        raise IllegalAction(msg("The game is over; drawn cards are no longer recorded"))
    seat = seat_of(state, action.player)
    player = state.players[seat]
    card = action.card
    if card is TIP and player.tips_declared is not None:
        raise IllegalAction(nmsg(
            "{who} declared {n} Tip cards; their other cards are not Tips",
            "{who} declared {n} Tip cards; their other cards are not Tips",
            player.tips_declared, who=player.name,
        ))
    hands.check_record(player.name, player.hand, card, hands.unaccounted(state.accounted, card))
    player = evolve(player, hand=hands.add_known(player.hand, card, from_unknown=True))
    return evolve(
        state,
        players=replace_player(state.players, seat, player),
        accounted=hands.account(state.accounted, card, 1),
    )
