"""A whole Sushi Express game sent to a live server as its host would (the tests of the engine's
words on the pages): the engine, run here from the same setup, picks each action (the table's
reveals and rolls too), and the server is sent the same, one POST an action."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.games.base import PlayerSpec
from companion.games.registry import find_game


def play_express(names: list[str], send: Callable[[dict[str, Any]], Any], seed: int = 1,
                 stop: Callable[[dict[str, Any]], bool] | None = None) -> int:
    """Play until the game is over (or ``stop(view)`` says so); the number of actions sent."""
    game = find_game("sushi-express")
    state = game.setup([PlayerSpec(n) for n in names], {})
    rng = random.Random(seed)
    sent = 0
    while not game.is_over(state):
        if stop is not None and stop(game.view(state, None)):
            break
        action = game.chance_action(state, rng)
        if action is None:
            legal = game.legal_actions(state)
            public = [a for a in legal if a.kind != "record_draw"] or legal
            action = rng.choice(public)
        state, _ = game.apply(state, action)
        send(action.to_json())
        sent += 1
    return sent
