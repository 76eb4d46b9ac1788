"""Phase 3, move delivery vans (and the 1 tile further card).

Contract:

* Everyone whose marker is still on the board moves, highest number first, stacks top to
  bottom. ``Move(player, further=k)`` plays ``k`` "1 tile further" cards and drives the van
  ``number + k`` counted tiles (see :func:`companion.games.sushi_express.board.drive`).
* Reaching or passing Sushi Express (rulings D2, D3) lets the van take **one** customer card
  (even if it passed twice) when the display is not empty: the game then waits for
  ``TakeCustomer(player, card)`` before the next van moves.
* Ending on the park draws an action card if any are left.
* The marker leaves the board once the van has moved. After the last van: phase 4.
"""

from __future__ import annotations

from companion.games.base import IllegalAction
from companion.games.sushi_express import markers, words
from companion.games.sushi_express.actions import Move, TakeCustomer
from companion.games.sushi_express.board import drive
from companion.games.sushi_express.cards import ActionCard
from companion.games.sushi_express.events import CustomerTaken, DrawReason, VanMoved
from companion.games.sushi_express.phases.common import (
    Events,
    draw_card,
    play_cards,
    seat_of,
    wrong_phase,
)
from companion.games.sushi_express.state import GameState, Phase, evolve, replace_player
from companion.i18n import msg

ONE_TILE_FURTHER = ActionCard.ONE_TILE_FURTHER


def mover(state: GameState) -> int | None:
    """The seat to act in phase 3: the van taking a customer, else the next van to move."""
    if state.phase is not Phase.MOVE:
        return None
    if state.pending_take is not None:
        return state.pending_take
    return markers.roller(state)


def move(state: GameState, action: Move, events: Events) -> GameState:
    if state.phase is not Phase.MOVE:
        raise wrong_phase(state, action)
    who, further = action.player, action.further
    seat = seat_of(state, who)
    if state.pending_take is not None:
        raise IllegalAction(msg("{who} first takes a customer card from the display",
                                who=state.name(state.pending_take)))
    turn = markers.roller(state)
    if seat != turn:
        if turn is None:
            raise IllegalAction(msg("It is nobody's turn to move, not {who}'s", who=who))
        raise IllegalAction(msg("It is {mover}'s turn to move, not {who}'s",
                                mover=state.name(turn), who=who))
    if further < 0:
        raise IllegalAction(msg("{who} cannot move {further} tiles further",
                                who=who, further=further))
    new = play_cards(state, seat, ONE_TILE_FURTHER, further, events) if further else state
    player = new.players[seat]
    tiles = markers.number_of(state, seat) + further
    trip = drive(
        player.tile,
        tiles,
        [p.tile for other, p in enumerate(state.players) if other != seat],
        express_passed_when_occupied=state.rules.express_passed_when_occupied,
        first_departure_passes=state.rules.first_lap_from_start and not player.left_start,
    )
    events.append(
        VanMoved(who, trip.start, trip.end, tiles, further, trip.skipped, trip.passed_express)
    )
    gone = state.gone | {seat}
    pending = seat if trip.passed_express and state.display else None
    still_to_move = pending is not None or markers.live_order(state.board, gone)
    new = evolve(
        new,
        players=replace_player(new.players, seat, evolve(player, tile=trip.end, left_start=True)),
        gone=gone,
        pending_take=pending,
        phase=Phase.MOVE if still_to_move else Phase.DELIVER,
    )
    if trip.ends_on_park:
        new = draw_card(new, seat, DrawReason.PARK, events)
    return new


def take_customer(state: GameState, action: TakeCustomer, events: Events) -> GameState:
    if state.phase is not Phase.MOVE:
        raise wrong_phase(state, action)
    who = action.player
    seat = seat_of(state, who)
    pending = state.pending_take
    if pending is None:
        raise IllegalAction(msg("Nobody may take a customer card now"))
    if seat != pending:
        raise IllegalAction(msg("{taker} takes a customer card now, not {who}",
                                taker=state.name(pending), who=who))
    card = action.card
    display = list(state.display)
    if card not in display:
        raise IllegalAction(msg("There is no {colour} customer in the display",
                                colour=words.customer(card)))
    display.remove(card)
    player = state.players[seat]
    events.append(CustomerTaken(who, card))
    return evolve(
        state,
        players=replace_player(
            state.players, seat, evolve(player, customers=(*player.customers, card))
        ),
        display=tuple(display),
        pending_take=None,
        # MOVE while a van is still to move, else DELIVER
        phase=Phase.MOVE if markers.roller(state) is not None else Phase.DELIVER,
    )
