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
from companion.games.sushi_express.board import drive_unchecked
from companion.games.sushi_express.cards import CUSTOMER_NAMES, PARK_TILE, ActionCard
from companion.games.sushi_express.events import (
    DrawReason,
    VanMoved,
    customer_taken,
)
from companion.games.sushi_express.phases.common import (
    Events,
    draw_card,
    no_player,
    play_cards,
    seat_of,
    wrong_phase,
)
from companion.games.sushi_express.state import (
    DELIVER,
    MOVE,
    GameState,
    Player,
    new_object,
    player_with_field,
    replace_player,
    set_attribute,
)

ONE_TILE_FURTHER = ActionCard.ONE_TILE_FURTHER
PARK = DrawReason.PARK


def mover(state: GameState) -> int | None:
    """The seat to act in phase 3: the van taking a customer, else the next van to move."""
    if state.phase is not MOVE:
        return None
    if state.pending_take is not None:
        return state.pending_take
    return markers.roller(state)


def move(state: GameState, action: Move, events: Events) -> GameState:
    if state.phase is not MOVE:
        raise wrong_phase(state, action)
    who = action.player
    seat = state._seats.get(who)
    if seat is None:
        raise no_player(who)
    players = state.players
    if state.pending_take is not None:
        raise IllegalAction(
            f"{players[state.pending_take].name} first takes a customer card from the display"
        )
    live = state._live
    turn = live[0] if live else None  # markers.roller(state)
    if seat != turn:
        name = players[turn].name if turn is not None else "nobody"
        raise IllegalAction(f"It is {name}'s turn to move, not {who}'s")
    further = action.further
    if further < 0:
        raise IllegalAction(f"{who} cannot move {further} tiles further")
    changed = state.__dict__.copy()
    if further:
        play_cards(state, seat, ONE_TILE_FURTHER, further, events, changed)
        players = changed["players"]
    player = players[seat]
    number = state._numbers.get(seat)  # markers.number_of(state, seat)
    if number is None:
        raise markers.no_marker(seat)
    tiles = number + further
    tiles_now = state._tiles
    occupied = list(tiles_now)  # the other vans' tiles
    del occupied[seat]
    rules = state.rules
    # drive(), whose checks cannot fail here: tiles >= 2, at most 5 other vans
    trip = drive_unchecked(
        player.tile,
        tiles,
        occupied,
        rules.express_passed_when_occupied,
        rules.first_lap_from_start and not player.left_start,
    )
    start, end, passed, skipped = trip
    events.append(VanMoved(player.name, start, end, tiles, further, skipped, passed))
    # replace_player(players, seat, player_with(player, tile=end, left_start=True)), inlined
    moved = player.__dict__.copy()
    moved["tile"] = end
    moved["left_start"] = True
    player = new_object(Player)
    set_attribute(player, "__dict__", moved)
    seats = list(players)
    seats[seat] = player
    changed["players"] = tuple(seats)
    moved_tiles = list(tiles_now)
    moved_tiles[seat] = end
    changed["_tiles"] = tuple(moved_tiles)
    if end == PARK_TILE:
        draw_card(changed, seat, PARK, events)
    live = live[1:]  # without(live, seat): the mover is the first live marker
    pending = seat if passed and state.display else None
    changed["gone"] = state.gone | {seat}
    changed["_live"] = live
    changed["pending_take"] = pending
    changed["phase"] = MOVE if pending is not None or live else DELIVER
    new = new_object(GameState)  # rebuilt(changed), inlined
    set_attribute(new, "__dict__", changed)
    return new


def take_customer(state: GameState, action: TakeCustomer, events: Events) -> GameState:
    if state.phase is not MOVE:
        raise wrong_phase(state, action)
    who = action.player
    seat = seat_of(state, who)
    pending = state.pending_take
    if pending is None:
        raise IllegalAction("Nobody may take a customer card now")
    players = state.players
    if seat != pending:
        raise IllegalAction(f"{players[pending].name} takes a customer card now, not {who}")
    card = action.card
    display = list(state.display)
    if card not in display:
        raise IllegalAction(f"There is no {CUSTOMER_NAMES[card]} customer in the display")
    display.remove(card)
    player = players[seat]
    player = player_with_field(player, "customers", (*player.customers, card))
    events.append(customer_taken(who, card))
    changed = state.__dict__.copy()
    changed["players"] = replace_player(players, seat, player)
    changed["display"] = tuple(display)
    changed["pending_take"] = None
    # MOVE while a van is still to move, else DELIVER
    changed["phase"] = MOVE if state._live else DELIVER
    new = new_object(GameState)  # rebuilt(changed), inlined
    set_attribute(new, "__dict__", changed)
    return new
