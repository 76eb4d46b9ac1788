"""What the engine tests of every title share: actions played on a state, refusals, events of a
kind, points read back from a score sheet, random legal games, a game replayed from JSON or
entered round by round in scoring mode, a record's final object scored again.

Each title's ``helpers`` module binds a :class:`Table` to its ``GAME`` and re-exports the
functions its tests use.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import pytest

from companion.games.base import Game, IllegalAction, Message, PlayerSpec, ScoreSheet

S = TypeVar("S")


def untouched_snapshot(game: Game, state: Any) -> tuple[Any, str]:
    """A deep copy of ``state`` and its full view's JSON text, taken before a call that must
    leave ``state`` as it was."""
    return copy.deepcopy(state), json.dumps(game.view(state, None), sort_keys=True)


def assert_untouched(game: Game, state: Any, before: Any, seen: str) -> None:
    """Assert ``state`` still equals the snapshot ``(before, seen)`` of
    :func:`untouched_snapshot`: field by field and in its view."""
    assert state == before, "the refused action changed the state in place"
    now = json.dumps(game.view(state, None), sort_keys=True)
    assert now == seen, "the refused action changed what the state shows"


class Table(Generic[S]):
    """One title's engine, as its tests drive it."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def play(self, state: S, *actions: Message) -> tuple[S, list[Message]]:
        """Apply ``actions`` in order; every event in one list."""
        events: list[Message] = []
        for action in actions:
            state, new = self.game.apply(state, action)
            events.extend(new)
        return state, events

    def refused(self, state: S, action: Message, *words: str) -> str:
        """Assert ``action`` is refused with a reason holding every one of ``words`` and that
        the state given is untouched: equal to a deep copy taken before the call, and to the
        same JSON view, so an engine that changed the state in place before refusing fails."""
        before, seen = untouched_snapshot(self.game, state)
        with pytest.raises(IllegalAction) as caught:
            self.game.apply(state, action)
        reason = caught.value.reason
        for word in words:
            assert word in reason, reason
        assert_untouched(self.game, state, before, seen)
        return reason

    def random_game(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], seed: int
    ) -> tuple[S, list[Message]]:
        """A game set up with ``options``: the table's inputs from ``chance_action``, decisions
        drawn from ``legal_actions``, until it is over."""
        rng = random.Random(seed)
        state: S = self.game.setup(players, options)
        actions: list[Message] = []
        while not self.game.is_over(state):
            action = self.game.chance_action(state, rng) or rng.choice(
                self.game.legal_actions(state)
            )
            state, _ = self.game.apply(state, action)
            actions.append(action)
        return state, actions


    def replayed_from_json(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], actions: Iterable[Message]
    ) -> S:
        """A game set up with ``options`` and played with ``actions`` read back from their JSON
        text (the pair ``to_json``/``from_json``)."""
        state: S = self.game.setup(players, options)
        for action in actions:
            again = self.game.actions.from_json(json.loads(json.dumps(action.to_json())))
            state, _ = self.game.apply(state, again)
        return state

    def rescored(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], state: S
    ) -> ScoreSheet:
        """The score of ``state``'s record ``final`` object, read back from its JSON text (the
        pair ``final_json``/``score_final``)."""
        final = json.loads(json.dumps(self.game.final_json(state)))
        return self.game.score_final(players, options, final)

    def entered_at_round_ends(
        self,
        players: Sequence[PlayerSpec],
        options: Mapping[str, Any],
        final: Any,
        entry_for: Callable[[str, Any], Message],
    ) -> S:
        """A scoring-mode game (set up with ``options``) given, round by round, the entry of
        every player's round end in the state ``final`` (its ``names`` and ``rounds``)."""
        state: S = self.game.setup(players, options)
        for ends in final.rounds:
            for name, end in zip(final.names, ends, strict=True):
                state, _ = self.game.apply(state, entry_for(name, end))
        return state


def of_kind(events: Iterable[Message], kind: type[Message]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def points(sheet: ScoreSheet | Mapping[str, Any], name: str, rule: str) -> int:
    """The sum of ``name``'s breakdown lines whose rule starts with ``rule``."""
    data = sheet.to_json() if isinstance(sheet, ScoreSheet) else sheet
    player = next(p for p in data["players"] if p["name"] == name)
    return sum(line["points"] for line in player["breakdown"] if line["rule"].startswith(rule))
