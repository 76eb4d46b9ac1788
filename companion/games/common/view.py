"""The head of a Sushi Go family title's view: where the game stands, in the same keys for every
title (the screens read them alike)."""

from __future__ import annotations

from enum import Enum
from typing import Any

from companion.games.base import JSON


def progress(game_id: str, state: Any, over: Enum, rounds: int) -> JSON:
    """``game``, ``mode``, ``phase``, ``over`` (the state's phase is ``over``), ``round`` of
    ``rounds`` and ``turn``, in that order; the title's own keys follow them."""
    return {
        "game": game_id,
        "mode": state.mode.value,
        "phase": state.phase.value,
        "over": state.phase is over,
        "round": state.round,
        "rounds": rounds,
        "turn": state.turn,
    }
