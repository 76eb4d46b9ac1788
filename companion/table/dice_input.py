"""Dice from a table device into a game: which dice a game waits for, and the action a
settled roll becomes, both asked of the game's engine.

Nothing here knows a title: each engine says what the table must supply next
(``GAME.needs(view)``, typed :class:`~companion.games.base.DiceNeed` values read from its
public view ``GAME.view(state, None)``, as in the host's snapshot) and builds the action that
supplies it (``GAME.action_for(need, reading)``). This module wraps those for the desks:

* :func:`request_for` says what a game waits for from pip dice now, as a :class:`RollRequest`
  (or ``None`` when it waits for no roll): the player, how many dice, a ``slot`` naming the
  decision (so a roll read for one decision is never applied to a later one) and a prompt.
* :meth:`RollRequest.action` turns the values a device read into the title's action JSON; the
  engine validates it like any other input (two dice expected, faces 1 to 6, ...).
* Icon dice (Sushi Roll) take a parallel path: :func:`face_request_for` says what a game waits
  for from one seat's belt or tray (:class:`FaceRequest`), built from readings ``"kind:face"``;
  ``companion/table/icon_camera.py`` routes the camera's settled belts with it.
* A game's *roll source* (``tap``, ``tower``, ``camera``): :mod:`companion.session.sources`
  (re-exported here); :data:`DICE_TITLES` and :data:`FACE_TITLES` follow from each engine's
  ``info.dice``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import JSON, DiceNeed, Faces, Game, UnreadableInput
from companion.games.registry import UnknownGame, available_games, find_game
from companion.session.sources import (
    CAMERA,
    DEFAULT_ROLL_SOURCE,
    ROLL_SOURCES,
    TAP,
    TOWER,
    check_roll_source,
)

__all__ = [
    "CAMERA", "DEFAULT_ROLL_SOURCE", "ROLL_SOURCES", "TAP",
    "TOWER", "FaceRequest", "RollRequest", "check_readings", "check_roll_source",
    "check_values", "face_request_for", "request_for",
]


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


def _dice_needs(game_id: str, view: JSON, faces: Faces) -> list[tuple[Game, DiceNeed]]:
    try:
        game = find_game(game_id)
    except UnknownGame:
        return []
    return [(game, n) for n in game.needs(view) if isinstance(n, DiceNeed) and n.faces is faces]


def request_for(game_id: str, view: JSON) -> RollRequest | None:
    """What game ``game_id`` (a title id), whose current view is ``view``, waits for from the
    dice now; ``None`` when it waits for no roll (or the title has no pip dice)."""
    for game, need in _dice_needs(game_id, view, Faces.PIPS):
        count = need.dice if need.dice is not None else 0

        def build(values: tuple[int, ...], game: Game = game, need: DiceNeed = need) -> JSON:
            return game.action_for(need, values).to_json()

        return RollRequest(game_id, need.player, count, need.slot, need.prompt, build)
    return None


def face_request_for(game_id: str, view: JSON, seat: int, surface: str) -> FaceRequest | None:
    """What game ``game_id`` waits for from ``surface`` of ``seat`` now (``None``: nothing,
    or a title without icon dice)."""
    for game, need in _dice_needs(game_id, view, Faces.ICONS):
        if need.seat != seat or need.surface != surface:
            continue

        def build(readings: tuple[str, ...], game: Game = game, need: DiceNeed = need) -> JSON:
            return game.action_for(need, readings).to_json()

        return FaceRequest(game_id, need.player, seat, surface, need.dice, need.slot,
                           need.prompt, build, confirm=need.confirm)
    return None


def titles_with(faces: Faces) -> frozenset[str]:
    """The titles whose dice show ``faces`` (read from each engine's ``info.dice``)."""
    return frozenset(g.info.id for g in available_games() if g.info.dice is faces)


def __getattr__(name: str) -> frozenset[str]:
    """``DICE_TITLES`` (titles played with pip dice: they take any roll source) and
    ``FACE_TITLES`` (titles whose dice show icons: ``tap`` or ``camera``), asked of the engines
    when first read (no engine loads at import time)."""
    if name == "DICE_TITLES":
        return titles_with(Faces.PIPS)
    if name == "FACE_TITLES":
        return titles_with(Faces.ICONS)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def check_readings(values: Any, dice: int | None = None) -> tuple[str, ...]:
    """Icon die faces typed on a screen (a correction): a list of readings ``"kind:face"``,
    as many as ``dice`` when given; :class:`UnreadableInput` otherwise (the engine checks the
    faces against its table)."""
    if not isinstance(values, list) or not all(isinstance(v, str) and ":" in v for v in values):
        raise UnreadableInput("'values' must be a list of die readings 'kind:face'")
    if dice is not None and len(values) != dice:
        raise UnreadableInput(f"this roll is {dice} dice, not {len(values)}")
    return tuple(values)


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
