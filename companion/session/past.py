"""Past games from the log (issue 27 item A.1): the history page's list and one game's rounds.

A game is *past* when it is **finished** (the engine says it is over) or **abandoned**: not
over, at least one action entered, and nothing changed for :data:`ABANDONED_AFTER` seconds (a
game left on the table overnight). A game in progress is not listed, nor a game left before
its first action.

:class:`PastGames` reads the log itself (its own replay, :func:`companion.session.history.fold`,
on the calling thread): it never waits for the session's writer and keeps no game loaded. A
game's summary is cached until its ``updated`` stamp changes (an undo after the end changes
it). Everything here is what a watcher may see: actions private to a seat (a hand picked on a
phone) are shown as "a private choice", never their content.

Summary (``GET /api/history``): ``{"id", "game", "title", "status": "finished"|"abandoned",
"started", "ended", "duration_s", "players": [{"name", "colour"}], "winners": [names] (empty
when abandoned), "ranking": [{"rank", "name", "total"}], "actions", "round"}``. One game
(``GET /api/history/<id>``) adds ``"score"`` (the engine's score sheet: every player's total
and breakdown lines, the lines of round N starting "round N: ") and ``"steps"``:
``[{"index", "summary", "player", "totals": {name: total}}]``, the totals after each action.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.games import find_game
from companion.games.base import JSON, Game, PlayerSpec
from companion.session.access import private_seat
from companion.session.errors import NotFound
from companion.session.history import History, fold
from companion.session.log import GameLog, GameRow
from companion.session.session import _decode
from companion.session.summary import summarize

#: Seconds without a change after which a game not over counts as abandoned.
ABANDONED_AFTER = 12 * 3600.0


def _seconds(iso: str) -> float:
    return datetime.fromisoformat(iso).timestamp()


@dataclass
class PastGames:
    """The past games of ``log`` (module docstring); thread-safe."""

    log: GameLog
    find: Callable[[str], Game] = find_game
    clock: Callable[[], float] = time.time
    _cache: dict[int, tuple[str, JSON]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def games(self) -> list[JSON]:
        """Every past game's summary, the one that ended last first."""
        found = []
        for row in self.log.games():
            summary = self._summary(row)
            if summary is not None:
                found.append(summary)
        found.sort(key=lambda s: (s["ended"], s["id"]), reverse=True)
        return found

    def game(self, game_pk: int) -> JSON:
        """One past game with its score sheet and its steps; :class:`NotFound` when there is
        no such game or it is still being played."""
        row = self.log.game(game_pk)
        summary = self._summary(row)
        if summary is None:
            raise NotFound(f"game {game_pk} is still being played: it is not in the history yet")
        game, history = self._replay(row)
        steps = []
        for index, action in enumerate(history.actions):
            data = action.to_json()
            player = data.get("player") if isinstance(data.get("player"), str) else None
            hidden = private_seat(game, action, history.state_at(index)) is not None
            text = f"{player or 'A player'}: a private choice" if hidden else summarize(
                game, action)
            steps.append({"index": index, "summary": text, "player": player,
                          "totals": _totals(game, history.state_at(index + 1))})
        return {**summary, "score": game.score(history.state).to_json(), "steps": steps}

    # -- inside ---------------------------------------------------------------------------

    def _replay(self, row: GameRow) -> tuple[Game, History]:
        game = self.find(row.game)
        players = [PlayerSpec.from_json(p) for p in row.players]
        initial = game.setup(players, row.options)
        return game, fold(game, initial, _decode(game, row.id, self.log.entries(row.id)))

    def _summary(self, row: GameRow) -> JSON | None:
        idle = self.clock() - _seconds(row.updated)
        if row.status != "over" and idle < ABANDONED_AFTER:
            return None  # in progress
        with self._lock:
            cached = self._cache.get(row.id)
        if cached is not None and cached[0] == row.updated:
            return cached[1] if cached[1].get("actions") or row.status == "over" else None
        game, history = self._replay(row)
        over = game.is_over(history.state)
        sheet = game.score(history.state)
        ranking = sheet.ranking()
        summary: JSON = {
            "id": row.id,
            "game": row.game,
            "title": game.info.name,
            "status": "finished" if over else "abandoned",
            "started": row.created,
            "ended": row.updated,
            "duration_s": max(0, round(_seconds(row.updated) - _seconds(row.created))),
            "players": [{"name": p.get("name"), "colour": p.get("colour", "")}
                        for p in row.players],
            "winners": [r["name"] for r in ranking if r["rank"] == 1] if over else [],
            "ranking": ranking,
            "actions": len(history),
            "round": row.round,
        }
        with self._lock:
            self._cache[row.id] = (row.updated, summary)
        return summary if len(history) or over else None


def _totals(game: Game, state: Any) -> dict[str, int] | None:
    """Every player's total in ``state`` (``None`` when the engine cannot score it there)."""
    try:
        return {p.player: p.total for p in game.score(state).players}
    except Exception:
        return None
