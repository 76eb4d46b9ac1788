"""Dice from a table device into a game: where each game's dice come from, and which action a
settled roll becomes in each title.

Pure functions of a game's view JSON (``GAME.view(state, None)``, as in the host's snapshot):
nothing here reads a device, the session or an engine's internals, so the engines stay as they
are and a title gets dice input by adding one entry to :data:`MAPPERS`.

* :data:`ROLL_SOURCES`: a game's *roll source*, chosen at setup and changeable by the host:
  ``tap`` (dice entered on a screen; every title), ``tower`` (the serial dice tower) and
  ``camera`` (the camera over the table; stored now, read once the camera work plugs in).
  Only titles with dice (:data:`DICE_TITLES`) take ``tower`` or ``camera``.
* :func:`request_for` says what a game waits for now, as a :class:`RollRequest` (or ``None``
  when it waits for no roll): the player, how many dice, a ``slot`` naming the decision (so a
  roll read for one decision is never applied to a later one) and a prompt for the tablet.
* :meth:`RollRequest.action` turns the values a device read into the title's action JSON; the
  engine validates it like any other input (two dice expected, faces 1 to 6, ...).

Icon dice (Sushi Roll) take a parallel path: :func:`face_request_for` says what a game waits
for from one seat's belt or tray (:class:`FaceRequest`), built from readings ``"kind:face"``
(:data:`FACE_MAPPERS`); ``companion/icon_camera.py`` routes the camera's settled belts with it.

Titles: Sushi Express (phase ``roll``, waiting for the roller's ``roll`` of two dice: try 1, or
try 2 after a miss), Sushi Go! (turn-by-turn mode with the mochi dessert, phase ``mochi``: the
first waiting player's ``mochi_roll`` of one die).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import JSON, IllegalAction, UnreadableInput

TAP, TOWER, CAMERA = "tap", "tower", "camera"
#: Every roll source, the default first.
ROLL_SOURCES = (TAP, TOWER, CAMERA)
DEFAULT_ROLL_SOURCE = TAP


@dataclass(frozen=True)
class RollRequest:
    """What a game waits for: ``player`` rolls ``dice`` dice for the decision ``slot``."""

    game: str
    player: str
    dice: int
    slot: str
    prompt: str
    #: Builds the action JSON from the values read (may raise :class:`IllegalAction`).
    build: Callable[[tuple[int, ...]], JSON]

    def action(self, values: Sequence[int]) -> JSON:
        """The title's action for a roll showing ``values`` (validated by the engine later)."""
        return self.build(tuple(values))

    def to_json(self) -> JSON:
        return {"player": self.player, "dice": self.dice, "prompt": self.prompt}


# -- titles ----------------------------------------------------------------------------------


def _sushi_express(view: JSON) -> RollRequest | None:
    """Phase 2: the table reports the roller's two dice for try 1, or for try 2 after a missed
    try 1 (a Re-roll card re-rolls one die: that stays a tap on the screen)."""
    roll = view.get("roll")
    if view.get("phase") != "roll" or not isinstance(roll, dict):
        return None
    awaiting = roll.get("awaiting")
    if awaiting not in ("roll", "reroll_or_next"):
        return None
    player = _name(view, roll.get("roller"))
    try_number = int(roll.get("try") or 1) + (1 if awaiting == "reroll_or_next" else 0)
    slot = "|".join(str(x) for x in ("roll", view.get("round"), roll.get("roller"), try_number))

    def build(values: tuple[int, ...]) -> JSON:
        return {"kind": "roll", "player": player, "dice": list(values)}

    prompt = f"{player}'s roll, try {try_number}, needing {roll.get('target')} or more"
    return RollRequest("sushi-express", player, 2, slot, prompt, build)


def _sushi_go(view: JSON) -> RollRequest | None:
    """Turn by turn with mochi: each player who took a mochi card rolls the mochi die, one roll
    (one die) at a time, in the order the engine lists them."""
    mochi = view.get("mochi")
    if view.get("phase") != "mochi" or not isinstance(mochi, dict):
        return None
    waiting = mochi.get("waiting") or []
    if not waiting or not isinstance(waiting[0], str):
        return None
    player = waiting[0]
    slot = "|".join(str(x) for x in ("mochi", view.get("round"), view.get("turn"), len(waiting)))

    def build(values: tuple[int, ...]) -> JSON:
        if len(values) != 1:
            raise IllegalAction(
                f"{player} rolls one mochi die, but {len(values)} dice were read "
                f"({', '.join(map(str, values))}); roll the mochi die alone"
            )
        return {"kind": "mochi_roll", "player": player, "value": values[0]}

    return RollRequest("sushi-go", player, 1, slot, f"{player}'s mochi die", build)


def _name(view: JSON, seat: Any) -> str:
    players = view.get("players") or []
    if isinstance(seat, int) and 0 <= seat < len(players):
        return str(players[seat].get("name"))
    return f"seat {seat}"


#: Game id -> the function reading what that title's view waits for.
MAPPERS: dict[str, Callable[[JSON], RollRequest | None]] = {
    "sushi-express": _sushi_express,
    "sushi-go": _sushi_go,
}
# -- icon dice (faces named by readings, not pip values) --------------------------------------


@dataclass(frozen=True)
class FaceRequest:
    """What a game played with icon dice waits for from one ``surface`` (``belt`` or ``tray``)
    of ``seat``: ``dice`` dice (``None``: any number) for the decision ``slot``. ``confirm``:
    a reading of it always waits for a person (the camera cannot see all the action needs)."""

    game: str
    player: str
    seat: int
    surface: str
    dice: int | None
    slot: str
    prompt: str
    #: Builds the action JSON from the readings of every die on the surface.
    build: Callable[[tuple[str, ...]], JSON]
    confirm: bool = False

    def action(self, readings: Sequence[str]) -> JSON:
        return self.build(tuple(readings))

    def to_json(self) -> JSON:
        return {"player": self.player, "seat": self.seat, "surface": self.surface,
                "dice": self.dice, "prompt": self.prompt, "confirm": self.confirm}


def _minus(held: Sequence[str], taken: Sequence[str]) -> list[str] | None:
    left = list(held)
    for r in taken:
        if r not in left:
            return None
        left.remove(r)
    return left


def _sushi_roll(view: JSON, seat: int, surface: str) -> FaceRequest | None:
    """Sushi Roll: a belt to roll this turn gives ``roll`` with all its dice; the belt of the
    player re-rolling after a Menu token gives ``roll`` with the dice that are not the ones
    kept (the belt read whole); in scoring mode a tray not yet entered gives ``enter_tray``,
    which always waits for a confirm (tokens and which nigiri lie on a wasabi are not read)."""
    players = view.get("players") or []
    if not 0 <= seat < len(players):
        return None
    me = players[seat]
    name = str(me.get("name"))
    phase, rnd, turn = view.get("phase"), view.get("round"), view.get("turn")
    if surface == "belt" and phase == "roll" and name in (view.get("to_roll") or []):
        count = int(view.get("turns") or 0) - int(turn or 1) + 1
        slot = f"roll|{rnd}|{turn}|{name}"

        def roll(readings: tuple[str, ...]) -> JSON:
            return {"kind": "roll", "player": name, "dice": list(readings)}

        return FaceRequest("sushi-roll", name, seat, surface, count or None, slot,
                           f"{name}'s belt, turn {turn}", roll)
    reroll = view.get("reroll")
    if surface == "belt" and phase == "reroll" and isinstance(reroll, dict) \
            and reroll.get("player") == name:
        chosen = [str(d.get("die")) for d in reroll.get("dice") or []]
        belt = [str(d.get("die")) for d in me.get("belt") or []]
        kept = _minus(belt, chosen) or []
        slot = f"reroll|{rnd}|{turn}|{name}|{','.join(sorted(belt))}|{','.join(sorted(chosen))}"

        def rerolled(readings: tuple[str, ...]) -> JSON:
            new = _minus(readings, kept)
            if new is None:
                raise IllegalAction(f"{name} keeps {', '.join(kept)}, but the belt read shows "
                                    f"{', '.join(readings) or 'no dice'}")
            return {"kind": "roll", "player": name, "dice": new}

        return FaceRequest("sushi-roll", name, seat, surface, len(belt), slot,
                           f"{name}'s re-rolled dice", rerolled)
    if surface == "tray" and phase == "entry" and not me.get("entered"):

        def tray(readings: tuple[str, ...]) -> JSON:
            return {"kind": "enter_tray", "player": name, "dice": list(readings)}

        return FaceRequest("sushi-roll", name, seat, surface, None, f"tray|{rnd}|{name}",
                           f"{name}'s tray, round {rnd}", tray, confirm=True)
    return None


#: Game id -> what that title's view waits for from a seat's belt or tray (icon dice).
FACE_MAPPERS: dict[str, Callable[[JSON, int, str], FaceRequest | None]] = {
    "sushi-roll": _sushi_roll,
}
#: Titles played with pip dice: they take any roll source.
DICE_TITLES = frozenset(MAPPERS)
#: Titles whose dice show icons: they take ``tap`` or ``camera`` (the tower cannot read them).
FACE_TITLES = frozenset(FACE_MAPPERS)


def face_request_for(game_id: str, view: JSON, seat: int, surface: str) -> FaceRequest | None:
    """What game ``game_id`` waits for from ``surface`` of ``seat`` now (``None``: nothing,
    or a title without icon dice)."""
    mapper = FACE_MAPPERS.get(game_id)
    return None if mapper is None else mapper(view, seat, surface)


def check_readings(values: Any, dice: int | None = None) -> tuple[str, ...]:
    """Icon die faces typed on a screen (a correction): a list of readings ``"kind:face"``,
    as many as ``dice`` when given; :class:`UnreadableInput` otherwise (the engine checks the
    faces against its table)."""
    if not isinstance(values, list) or not all(isinstance(v, str) and ":" in v for v in values):
        raise UnreadableInput("'values' must be a list of die readings 'kind:face'")
    if dice is not None and len(values) != dice:
        raise UnreadableInput(f"this roll is {dice} dice, not {len(values)}")
    return tuple(values)


# -- entry points ----------------------------------------------------------------------------


def request_for(game_id: str, view: JSON) -> RollRequest | None:
    """What game ``game_id`` (a title id), whose current view is ``view``, waits for from the
    dice now; ``None`` when it waits for no roll (or the title has no dice)."""
    mapper = MAPPERS.get(game_id)
    return None if mapper is None else mapper(view)


def check_roll_source(game_id: str, source: Any) -> str:
    """``source`` when game ``game_id`` may take it: :class:`UnreadableInput` for a value that
    is not a roll source, :class:`IllegalAction` for dice from a device in a title without."""
    if not isinstance(source, str) or source not in ROLL_SOURCES:
        raise UnreadableInput(
            f"'roll_source' must be one of {', '.join(ROLL_SOURCES)}, not {source!r}"
        )
    if source != TAP and game_id in FACE_TITLES and game_id not in DICE_TITLES:
        if source == CAMERA:
            return source
        raise IllegalAction(f"{game_id} is played with icon dice, which the dice tower cannot"
                            " read: its roll source can be tap or camera")
    if source != TAP and game_id not in DICE_TITLES:
        raise IllegalAction(f"{game_id} is played without dice: its roll source can only be tap")
    return source


def check_values(values: Any, dice: int | None = None) -> tuple[int, ...]:
    """Die faces typed on a screen (a correction): a list of whole numbers from 1 to 6, as
    many as ``dice`` when given; :class:`UnreadableInput` otherwise."""
    if not isinstance(values, list) or not values or not all(
        isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in values
    ):
        raise UnreadableInput("'values' must be a list of die faces, whole numbers from 1 to 6")
    if dice is not None and len(values) != dice:
        raise UnreadableInput(f"this roll is {dice} dice, not {len(values)}")
    return tuple(values)
