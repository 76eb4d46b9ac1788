"""Fixtures of the session tests, and Tally: a tiny game keeping the ``Game`` contract.

Players take turns in seat order (the direction flips with ``swap``). On your turn you ``add``
1 to 3 to your total or ``swap`` the direction; the table may throw a ``bonus`` die (1-6) for
whoever is to act, without passing the turn; anyone may keep a private ``note`` (only its seat
sees it). The first total to reach the target (option ``target``, default 10) ends the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

from companion.games.base import (
    JSON,
    Game,
    GameInfo,
    IllegalAction,
    Message,
    MessageCodec,
    OptionSpec,
    PlayerScore,
    PlayerSpec,
    ScoreLine,
    ScoreSheet,
    UnreadableInput,
)
from companion.session.log import GameLog
from companion.session.session import HOST, Created, Session


@dataclass(frozen=True)
class Add(Message):
    kind: ClassVar[str] = "add"
    player: str
    amount: int


@dataclass(frozen=True)
class Swap(Message):
    kind: ClassVar[str] = "swap"
    player: str


@dataclass(frozen=True)
class Bonus(Message):
    kind: ClassVar[str] = "bonus"
    value: int


@dataclass(frozen=True)
class Note(Message):
    kind: ClassVar[str] = "note"
    seat: int
    text: str


@dataclass(frozen=True)
class Added(Message):
    kind: ClassVar[str] = "added"
    player: str
    total: int


@dataclass(frozen=True)
class TallyState:
    names: tuple[str, ...]
    totals: tuple[int, ...]
    target: int
    turn: int = 0
    direction: int = 1
    notes: tuple[tuple[str, ...], ...] = ()
    round: int = 1


class Tally:
    info = GameInfo(
        "tally", "Tally", 2, 4,
        (OptionSpec("target", "Target", 10, (5, 10, 20), "the total that wins"),),
    )
    actions = MessageCodec("action", (Add, Swap, Bonus, Note))
    events = MessageCodec("event", (Added,))

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any]) -> TallyState:
        n = len(players)
        return TallyState(tuple(p.name for p in players), (0,) * n, options["target"],
                          notes=((),) * n)

    def seat(self, state: TallyState, name: str) -> int:
        if name not in state.names:
            raise IllegalAction(f"there is no player called {name}")
        return state.names.index(name)

    def legal_actions(self, state: TallyState) -> list[Message]:
        if self.is_over(state):
            return []
        who = state.names[state.turn]
        return [*(Add(who, k) for k in (1, 2, 3)), Swap(who)]

    def chance_action(self, state: TallyState, rng: random.Random) -> Message | None:
        return None

    def apply(self, state: TallyState, action: Message) -> tuple[TallyState, tuple[Message, ...]]:
        if self.is_over(state):
            raise IllegalAction("the game is over")
        n = len(state.names)
        if isinstance(action, Note):
            if not 0 <= action.seat < n:
                raise IllegalAction(f"there is no seat {action.seat}")
            notes = list(state.notes)
            notes[action.seat] = (*notes[action.seat], action.text)
            return replace(state, notes=tuple(notes)), ()
        if isinstance(action, Bonus):
            if not 1 <= action.value <= 6:
                raise IllegalAction("a die shows 1 to 6")
            return self._add(state, state.turn, action.value, pass_turn=False)
        if isinstance(action, Add | Swap):
            seat = self.seat(state, action.player)
            if seat != state.turn:
                turn = state.names[state.turn]
                raise IllegalAction(f"it is {turn}'s turn, not {action.player}'s")
            if isinstance(action, Swap):
                direction = -state.direction
                return replace(state, direction=direction, turn=(seat + direction) % n), ()
            if not 1 <= action.amount <= 3:
                raise IllegalAction("you add 1, 2 or 3")
            return self._add(state, seat, action.amount, pass_turn=True)
        raise UnreadableInput(f"not a Tally action: {action!r}")

    def _add(
        self, state: TallyState, seat: int, amount: int, pass_turn: bool
    ) -> tuple[TallyState, tuple[Message, ...]]:
        totals = list(state.totals)
        totals[seat] += amount
        n = len(state.names)
        turn = (state.turn + state.direction) % n if pass_turn else state.turn
        new_round = state.round + (1 if pass_turn and turn == 0 else 0)
        new = replace(state, totals=tuple(totals), turn=turn, round=new_round)
        return new, (Added(state.names[seat], totals[seat]),)

    def is_over(self, state: TallyState) -> bool:
        return max(state.totals) >= state.target

    def score(self, state: TallyState) -> ScoreSheet:
        return self._sheet(state.names, state.totals)

    def score_final(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], final: JSON
    ) -> ScoreSheet:
        totals = final.get("totals")
        if not isinstance(totals, list) or len(totals) != len(players):
            raise UnreadableInput("'final' needs 'totals', one per player")
        return self._sheet(tuple(p.name for p in players), tuple(totals))

    def _sheet(self, names: Sequence[str], totals: Sequence[int]) -> ScoreSheet:
        pairs = zip(names, totals, strict=True)
        return ScoreSheet(
            "tally", tuple(PlayerScore(n, (ScoreLine("tally", t),)) for n, t in pairs)
        )

    def view(self, state: TallyState, seat: int | None) -> JSON:
        return {
            "totals": list(state.totals),
            "turn": state.turn,
            "notes": list(state.notes[seat]) if seat is not None else None,
            "legal": [a.to_json() for a in self.legal_actions(state)],
        }

    def actor(self, state: TallyState, action: Message) -> int | None:
        if isinstance(action, Bonus):
            return None
        if isinstance(action, Note):
            return action.seat
        return self.seat(state, getattr(action, "player", ""))

    def private_to(self, state: Any, action: Message) -> int | None:
        return action.seat if isinstance(action, Note) else None

    def final_json(self, state: TallyState) -> JSON:
        return {"totals": list(state.totals)}

    def facts(self, view: JSON) -> JSON:
        return {}


TALLY = Tally()


# -- fixtures -------------------------------------------------------------------------------------

PLAYERS = [PlayerSpec("Ann", "red"), PlayerSpec("Ben", "blue"), PlayerSpec("Cat", "green")]


def find(game_id: str) -> Game:
    """The registry, plus Tally."""
    if game_id == "tally":
        return TALLY
    from companion.games import find_game

    return find_game(game_id)


@pytest.fixture
def tally() -> Tally:
    return TALLY


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "companion.sqlite3"


@pytest.fixture
def log(db_path: Path) -> Iterator[GameLog]:
    log = GameLog(db_path)
    yield log
    log.close()


@pytest.fixture
def session(log: GameLog) -> Iterator[Session]:
    session = Session(log, find=find)
    yield session
    session.close()


@pytest.fixture
def created(session: Session) -> Created:
    """A Tally game for Ann, Ben and Cat (target 10)."""
    return session.create_game("tally", PLAYERS, {})


@pytest.fixture
def finder() -> Callable[[str], Game]:
    """Engine lookup for sessions and records: the registry, plus Tally."""
    return find


@pytest.fixture
def host_history(session: Session) -> Callable[[int], list[JSON]]:
    """``host_history(game_pk)``: the effective actions as the host sees them."""

    def history(game_pk: int) -> list[JSON]:
        return [h["action"] for h in session.snapshot(game_pk, HOST)["history"]]

    return history
