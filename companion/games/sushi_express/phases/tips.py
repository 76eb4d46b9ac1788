"""Game end: counting the hidden Tip action cards.

Contract:

* A player's Tip cards are certain when their hand holds no unknown card that could be a Tip
  (no unknown cards, or both Tip cards are accounted for elsewhere); the engine then fills the
  count itself (``TipsDeclared(automatic=True)``).
* Everyone else sends ``DeclareTips(tips)``: at least their known Tip cards, at most what their
  hand can hold (known Tips plus unknown cards, never more than the deck's 2 in all). Declared
  Tips become known cards, so a later declaration is checked against them.
* When every player's count is settled the game is over (``GameEnded``).
"""

from __future__ import annotations

from companion.games.base import IllegalAction
from companion.games.sushi_express import hand as hands
from companion.games.sushi_express.actions import DeclareTips
from companion.games.sushi_express.cards import ACTION_DECK, ActionCard
from companion.games.sushi_express.events import GameEnded, TipsDeclared
from companion.games.sushi_express.phases.common import Events, require_phase, seat_of
from companion.games.sushi_express.state import GameState, Phase, evolve, replace_player
from companion.i18n import msg, nmsg

TIP = ActionCard.TIP


def tip_range(state: GameState, seat: int) -> tuple[int, int]:
    """The fewest and the most Tip action cards the hand at ``seat`` may hold."""
    player = state.players[seat]
    known = player.hand.known.count(TIP)
    if player.tips_declared is not None:
        return known, known
    free = hands.unaccounted(state.accounted, TIP)
    return known, known + min(player.hand.unknown, max(free, 0))


def undeclared(state: GameState) -> list[int]:
    """Seats that still have to declare (in the TIPS phase)."""
    if state.phase is not Phase.TIPS:
        return []
    return [s for s, p in enumerate(state.players) if p.tips_declared is None]


def declare_tips(state: GameState, action: DeclareTips, events: Events) -> GameState:
    require_phase(state, Phase.TIPS, action)
    seat = seat_of(state, action.player)
    player = state.players[seat]
    if player.tips_declared is not None:
        raise IllegalAction(nmsg(
            "{who} already declared {n} Tip cards", "{who} already declared {n} Tip cards",
            player.tips_declared, who=player.name,
        ))
    low, high = tip_range(state, seat)
    if action.tips < low:
        raise IllegalAction(nmsg(
            "{who} holds {n} known Tip card, so cannot declare {tips}",
            "{who} holds {n} known Tip cards, so cannot declare {tips}",
            low, who=player.name, tips=action.tips,
        ))
    if action.tips > high:
        raise IllegalAction(msg(
            "{who} cannot hold {tips} Tip cards: at most {high} "
            "({size} action cards in hand, {deck} Tip cards in the game)",
            who=player.name, tips=action.tips, high=high, size=player.hand.size,
            deck=ACTION_DECK[TIP],
        ))
    events.append(TipsDeclared(player=player.name, tips=action.tips, automatic=False))
    return _settle_player(state, seat, action.tips)


def _settle_player(state: GameState, seat: int, tips: int) -> GameState:
    player = state.players[seat]
    hand = player.hand
    more = tips - hand.known.count(TIP)
    for _ in range(more):
        hand = hands.add_known(hand, TIP, from_unknown=True)
    player = evolve(player, hand=hand, tips_declared=tips)
    return evolve(
        state,
        players=replace_player(state.players, seat, player),
        accounted=hands.account(state.accounted, TIP, more),
    )


def auto_step(state: GameState, events: Events) -> GameState | None:
    """Fill one certain count, or end the game when every count is settled."""
    waiting = undeclared(state)
    for seat in waiting:
        low, high = tip_range(state, seat)
        if low == high:
            events.append(TipsDeclared(player=state.name(seat), tips=low, automatic=True))
            return _settle_player(state, seat, low)
    if not waiting:
        events.append(GameEnded(reason=state.end_reason))
        return evolve(state, phase=Phase.OVER)
    return None
