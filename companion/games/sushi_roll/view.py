"""What a screen shows (``view``) and who an action belongs to (``actor``).

The view (nothing is hidden in Sushi Roll, so every seat sees the same): ``game``, ``mode``,
``phase``, ``over``, ``round``/``rounds``, ``turn``/``turns`` (a round has as many turns as a belt
has dice), ``red`` (who holds the red-bordered belt), ``order`` (this turn's order, red belt
first), ``current`` (whose turn it is, or ``null``), ``to_roll`` (the belts still to roll this
turn), ``reroll`` (the dice chosen with a Menu token, awaiting their roll), ``waiting`` (what
the game waits for, in words), ``players`` (per seat: the belt and the tray as dice, the tokens,
the round points, and in scoring mode the entered tray), ``supply`` (tokens in the middle),
``bag`` (dice of each kind still in the bag while a round's first rolls come in), ``dice`` (the
dice table: each kind with its faces, ruling D7), ``score`` (the sheet so far) and ``live``
(each player's breakdown if the round ended now).
"""

from __future__ import annotations

from companion.games.base import JSON, Message
from companion.games.common.view import progress
from companion.games.sushi_roll import actions as a
from companion.games.sushi_roll.dice import (
    DICE_IN_BOX,
    DICE_PER_BELT,
    FACES,
    KIND_FACES,
    KIND_NAMES,
    ROUNDS,
    UNREAD,
    DieKind,
    die,
    die_name,
    is_unread,
    kind_of,
    kinds_count,
)
from companion.games.sushi_roll.options import Mode
from companion.games.sushi_roll.record import tray_to_json
from companion.games.sushi_roll.scoring import GAME_ID, game_lines, round_lines, sheet_of
from companion.games.sushi_roll.state import GameState, Phase, Placed, tray_of
from companion.games.sushi_roll.tray import Tray
from companion.games.sushi_roll.turns import waiting


def die_json(reading: str) -> JSON:
    """A die as the screens show it; a die whose face was not entered (``"kind:?"``) has
    ``face`` ``"?"``, no symbol and ``unread`` true."""
    if is_unread(reading):
        kind = kind_of(reading)
        return {"die": reading, "kind": kind.value, "face": UNREAD, "name": die_name(reading),
                "symbol": "", "count": 0, "unread": True}
    d = die(reading)
    return {
        "die": reading,
        "kind": d.kind.value,
        "face": d.face.id,
        "name": d.name,
        "symbol": d.face.symbol.value,
        "count": d.face.count,
    }


def dice_table() -> list[JSON]:
    """Every die kind with its six faces (the editable table of ruling D7)."""
    return [
        {
            "kind": kind.value,
            "name": KIND_NAMES[kind],
            "in_box": DICE_IN_BOX[kind],
            "faces": [die_json(f"{kind.value}:{f}") for f in KIND_FACES[kind]],
        }
        for kind in DieKind
    ]


def _placed(p: Placed) -> JSON:
    return {**die_json(p.die), "turn": p.turn, "on_wasabi": p.on_wasabi, "covered": p.covered}


def _current_trays(state: GameState) -> list[Tray]:
    if state.mode is Mode.SCORING:
        return [t or Tray() for t in state.entered]
    return [tray_of(s) for s in state.seats]


def live(state: GameState) -> list[list[JSON]] | None:
    """Each player's breakdown if the round ended now (``None`` once the game is over)."""
    if state.phase is Phase.OVER:
        return None
    return [[line.to_json() for line in ls] for ls in round_lines(_current_trays(state))]


def _seat(state: GameState, seat: int) -> JSON:
    s = state.seats[seat]
    out: JSON = {
        "seat": seat,
        "name": state.names[seat],
        "menu": s.menu,
        "chopsticks": s.chopsticks,
        "desserts": s.desserts,
        "round_points": [r[seat] for r in state.round_points],
        "red": state.red == seat and state.mode is not Mode.SCORING,
    }
    if state.mode is Mode.SCORING:
        t = state.entered[seat]
        out["entered"] = t is not None
        out["entry"] = tray_to_json(t) if t is not None else None
        return out
    out["belt"] = [die_json(r) for r in s.belt]
    out["tray"] = [_placed(p) for p in s.tray]
    out["rolled"] = s.rolled
    out["picked"] = s.picked
    return out


def _bag(state: GameState) -> JSON | None:
    if state.phase is not Phase.ROLL or state.turn != 1:
        return None
    drawn = kinds_count(r for s in state.seats if s.rolled for r in s.belt)
    return {k.value: DICE_IN_BOX[k] - drawn[k] for k in DieKind}


def view(state: GameState, seat: int | None) -> JSON:
    names = state.names
    lines = game_lines(state.rounds, state.players)
    sheet = sheet_of(names, lines, state.rounds)
    current = state.current
    supply = state.supply
    return {
        **progress(GAME_ID, state, Phase.OVER, ROUNDS),
        "turns": DICE_PER_BELT[state.players],
        "red": names[state.red],
        "order": [names[i] for i in state.order()],
        "current": names[current] if current >= 0 else None,
        "to_roll": [names[i] for i in state.to_roll()],
        "reroll": {"player": names[current], "dice": [die_json(r) for r in state.reroll]}
        if state.reroll
        else None,
        "waiting": waiting(state),
        "players": [_seat(state, i) for i in range(state.players)],
        "supply": {
            "menu": supply.menu,
            "chopsticks": supply.chopsticks,
            "dessert_ones": supply.ones,
            "dessert_threes": supply.threes,
            "desserts": supply.ones + 3 * supply.threes,
        },
        "bag": _bag(state),
        "dice": dice_table(),
        "faces": sorted(FACES),
        "score": sheet.to_json(),
        "live": live(state),
        "seat": seat,
    }


def actor(state: GameState, action: Message) -> int | None:
    """Picks and token uses are the decisions of the player named (their seat; the host may
    enter them too). Rolls and trays report what the table shows: anyone seated may enter them
    (``None``). A player named in the action must be at the table
    (:class:`~companion.games.base.IllegalAction` otherwise)."""
    if isinstance(action, (a.Pick, a.UseMenu, a.UseChopsticks)):
        return state.seat_of(action.player)
    if isinstance(action, (a.Roll, a.EnterTray)):
        state.seat_of(action.player)
    return None
