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
from companion.games.sushi_express import markers
from companion.games.sushi_express.actions import Move, TakeCustomer
from companion.games.sushi_express.board import drive
from companion.games.sushi_express.cards import CUSTOMER_NAMES, ActionCard
from companion.games.sushi_express.events import CustomerTaken, DrawReason, VanMoved
from companion.games.sushi_express.phases.common import (
    Events,
    draw_card,
    play_cards,
    require_phase,
    seat_of,
)
from companion.games.sushi_express.state import GameState, Phase, evolve, replace_player


def mover(state: GameState) -> int | None:
    """The seat to act in phase 3: the van taking a customer, else the next van to move."""
    if state.phase is not Phase.MOVE:
        return None
    if state.pending_take is not None:
        return state.pending_take
    return markers.roller(state)


def move(state: GameState, action: Move, events: Events) -> GameState:
    require_phase(state, Phase.MOVE, action)
    seat = seat_of(state, action.player)
    if state.pending_take is not None:
        raise IllegalAction(
            f"{state.name(state.pending_take)} first takes a customer card from the display"
        )
    turn = markers.roller(state)
    if seat != turn:
        who = state.name(turn) if turn is not None else "nobody"
        raise IllegalAction(f"It is {who}'s turn to move, not {action.player}'s")
    if action.further < 0:
        raise IllegalAction(f"{action.player} cannot move {action.further} tiles further")
    state = play_cards(state, seat, ActionCard.ONE_TILE_FURTHER, action.further, events)
    player = state.players[seat]
    number = markers.number_of(state, seat)
    occupied = {p.tile for s, p in enumerate(state.players) if s != seat}
    rules = state.rules
    trip = drive(
        player.tile,
        number + action.further,
        occupied,
        express_passed_when_occupied=rules.express_passed_when_occupied,
        first_departure_passes=rules.first_lap_from_start and not player.left_start,
    )
    events.append(
        VanMoved(
            player=player.name,
            from_tile=trip.start,
            to_tile=trip.end,
            tiles=number + action.further,
            further=action.further,
            skipped=trip.skipped,
            passed_express=trip.passed_express,
        )
    )
    players = replace_player(state.players, seat, evolve(player, tile=trip.end, left_start=True))
    supply = state.action_supply
    if trip.ends_on_park:
        players, supply = draw_card(players, supply, seat, DrawReason.PARK, events)
    gone = state.gone | {seat}
    pending = seat if trip.passed_express and state.display else None
    return evolve(
        state,
        players=players,
        action_supply=supply,
        gone=gone,
        pending_take=pending,
        phase=_phase_after(state.board, gone, pending),
    )


def take_customer(state: GameState, action: TakeCustomer, events: Events) -> GameState:
    require_phase(state, Phase.MOVE, action)
    seat = seat_of(state, action.player)
    pending = state.pending_take
    if pending is None:
        raise IllegalAction("Nobody may take a customer card now")
    if seat != pending:
        raise IllegalAction(f"{state.name(pending)} takes a customer card now, not {action.player}")
    if action.card not in state.display:
        raise IllegalAction(f"There is no {CUSTOMER_NAMES[action.card]} customer in the display")
    display = list(state.display)
    display.remove(action.card)
    player = state.players[seat]
    player = evolve(player, customers=(*player.customers, action.card))
    events.append(CustomerTaken(player=action.player, card=action.card))
    return evolve(
        state,
        players=replace_player(state.players, seat, player),
        display=tuple(display),
        pending_take=None,
        phase=_phase_after(state.board, state.gone, None),
    )


def _phase_after(board: markers.Board, gone: frozenset[int], pending: int | None) -> Phase:
    """MOVE while a customer is to be taken or a van is still to move, else DELIVER."""
    if pending is not None or markers.top_live(board, gone) is not None:
        return Phase.MOVE
    return Phase.DELIVER
