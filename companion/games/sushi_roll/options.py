"""Setup options and :class:`Rules`, everything they fix for one game.

* ``mode``: ``turns`` (the default: every roll, token and pick is entered as it happens; the
  camera or a tap reports the dice), ``scoring`` (each tray is entered at round end) or
  ``simulation`` (the same rules as ``turns``; the name says the rolls come from a seeded
  random generator through ``chance_action``, for tests and benchmarks). Sushi Roll hides
  nothing (belts, trays and tokens are all in view), so turn-by-turn play knows everything a
  simulation knows.
* ``start_player``: the seat dealt the red-bordered belt (SEED4: belts are dealt at random);
  that player goes first in round 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.games.base import IllegalAction, UnreadableInput
from companion.games.common.dispatch import mode_from_option
from companion.games.sushi_roll.dice import DICE_PER_BELT
from companion.i18n import msg


class Mode(StrEnum):
    TURNS = "turns"
    SCORING = "scoring"
    SIMULATION = "simulation"


@dataclass(frozen=True)
class Rules:
    """``players``: how many; ``belt``: dice per belt (8/7/6/5); ``red``: the seat dealt the
    red-bordered belt; ``mode``: how the game is followed."""

    players: int
    belt: int
    red: int
    mode: Mode

    @property
    def rotates_at_round_end(self) -> bool:
        """SEED4 "Important : uniquement à 3 joueurs": belts move left at round end."""
        return self.players == 3

    @property
    def follows_turns(self) -> bool:
        return self.mode is not Mode.SCORING


def rules_from_options(options: Mapping[str, Any], players: int) -> Rules:
    """:class:`Rules` from resolved options; a bad mode or seat is refused with a reason."""
    mode = mode_from_option(Mode, options["mode"])
    red = options["start_player"]
    if isinstance(red, bool) or not isinstance(red, int):
        raise UnreadableInput("option 'start_player' must be a seat number")
    if not 0 <= red < players:
        raise IllegalAction(
            msg("the red-bordered belt goes to seat 0 to {last}, not {red} ({players} players)",
                last=players - 1, red=red, players=players)
        )
    return Rules(players=players, belt=DICE_PER_BELT[players], red=red, mode=mode)
