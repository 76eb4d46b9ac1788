"""Simulation mode: random legal games from a seed, for tests, benchmarks and recorded examples.

The table's inputs (dice, cards turned up) come from ``GAME.chance_action`` with a seeded
``random.Random``; every decision is drawn uniformly from ``GAME.legal_actions``. With
``public_only`` the private decisions (a seat recording its drawn card) are left out, which is
what a host-driven script can send.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.games.base import Game, Message, PlayerSpec


def random_action(game: Game, state: Any, rng: random.Random, public_only: bool = False) -> Message:
    """The next action of a random legal game: the table's input if it waits for one, else a
    decision drawn uniformly from the legal ones (public ones only with ``public_only``)."""
    action = game.chance_action(state, rng)
    if action is not None:
        return action
    legal = game.legal_actions(state)
    if public_only:
        legal = [a for a in legal if game.private_to(state, a) is None]
    if not legal:
        raise RuntimeError(f"{game.info.id}: nothing to do and no table input")
    return rng.choice(legal)


def random_game(
    game: Game,
    players: Sequence[PlayerSpec],
    seed: int,
    *,
    public_only: bool = False,
    limit: int | None = None,
) -> tuple[list[Message], Any]:
    """Play from setup (default options) until the game is over or ``limit`` actions; returns
    the actions and the last state."""
    rng = random.Random(seed)
    state = game.setup(players, {})
    actions: list[Message] = []
    while not game.is_over(state) and (limit is None or len(actions) < limit):
        action = random_action(game, state, rng, public_only)
        state, _events = game.apply(state, action)
        actions.append(action)
    return actions, state
