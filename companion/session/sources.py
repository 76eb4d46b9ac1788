"""Where a game's dice come from (its *roll source*), chosen at setup and changeable by the host.

``tap`` (dice entered on a screen; every title), ``tower`` (the serial dice tower) and
``camera`` (the camera over the table). Which a title takes follows from what its dice show
(:attr:`companion.games.base.GameInfo.dice`): pips take any source, icons take ``tap`` or
``camera`` (the tower cannot read them), a title without dice takes only ``tap``.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import Faces, IllegalAction, UnreadableInput
from companion.games.registry import UnknownGame, find_game
from companion.i18n import msg

TAP, TOWER, CAMERA = "tap", "tower", "camera"
#: Every roll source, the default first.
ROLL_SOURCES = (TAP, TOWER, CAMERA)
DEFAULT_ROLL_SOURCE = TAP


def dice_of(game_id: str) -> Faces | None:
    """What the dice of title ``game_id`` show (``None``: no dice, or no such title)."""
    try:
        return find_game(game_id).info.dice
    except UnknownGame:
        return None


def check_roll_source(game_id: str, source: Any) -> str:
    """``source`` when game ``game_id`` may take it: :class:`UnreadableInput` for a value that
    is not a roll source, :class:`IllegalAction` for dice from a device in a title without."""
    if not isinstance(source, str) or source not in ROLL_SOURCES:
        raise UnreadableInput(msg("'{name}' must be one of {values}, not {value}",
                                  name="roll_source", values=", ".join(ROLL_SOURCES),
                                  value=repr(source)))
    dice = dice_of(game_id)
    if source != TAP and dice is Faces.ICONS:
        if source == CAMERA:
            return source
        raise IllegalAction(msg("{game} is played with icon dice, which the dice tower cannot "
                                "read: its roll source can be tap or camera", game=game_id))
    if source != TAP and dice is None:
        raise IllegalAction(msg("{game} is played without dice: its roll source can only be tap",
                                game=game_id))
    return source
