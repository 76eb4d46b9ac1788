"""Whole games played through a real session, for the backup and history tests (issue 27)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games import find_game
from companion.games.base import Message, PlayerSpec
from companion.session.errors import Forbidden
from companion.session.session import HOST, Act, Session, seat_viewer
from tests.games.test_conformance import random_game


def planned(game_id: str, seed: int) -> tuple[list[PlayerSpec], list[Message]]:
    """The players and every action of a random legal game of ``game_id``."""
    _state, actions, players = random_game(find_game(game_id), seed)
    return players, actions


NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "pink", "black")


def _renamed(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {k: _renamed(v, names) for k, v in value.items()}
    return value


def play(session: Session, game_id: str, seed: int, stop: int | None = None,
         each: Callable[[int], None] | None = None) -> int:
    """Create a game of ``game_id`` for Ann, Ben, ... and submit the first ``stop`` actions
    (all when ``None``) of a random legal game, as the host or, where only a seat may, as that
    seat; ``each(n)`` runs after the ``n``-th action. The game's id."""
    game = find_game(game_id)
    planned_players, actions = planned(game_id, seed)
    names = {p.name: NAMES[i] for i, p in enumerate(planned_players)}
    players = [PlayerSpec(NAMES[i], COLOURS[i]) for i in range(len(planned_players))]
    created = session.create_game(game_id, [p.to_json() for p in players], {})
    state = game.setup(players, {})
    for number, planned_action in enumerate(actions[:stop], start=1):
        data = _renamed(planned_action.to_json(), names)
        action = game.actions.from_json(data)
        try:
            session.submit(created.game_pk, HOST, Act(data))
        except Forbidden:
            seat = game.actor(state, action)
            assert seat is not None
            session.submit(created.game_pk, seat_viewer(seat), Act(data))
        state, _events = game.apply(state, action)
        if each is not None:
            each(number)
    return created.game_pk
