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
when abandoned), "ranking": [{"rank", "name", "total"}], "actions", "round", "start_player":
name | null, "highest_wins": bool, "menu": {"id", "name"} | null, "customers": {name: n} |
null}``: ``start_player`` for the titles with a start player option (Sushi Express, Sushi
Roll), ``highest_wins`` false in sushi golf, ``menu`` the Sushi Go Party! menu played,
``customers`` the customer cards each Sushi Express player delivered (tips not counted). One game
(``GET /api/history/<id>``) adds ``"score"`` (the engine's score sheet: every player's total
and breakdown lines, the lines of round N starting "round N: ") and ``"steps"``:
``[{"index", "summary", "player", "totals": {name: total}}]``, the totals after each action.

Replay (:meth:`PastGames.board`): the watcher's view of the game after its first ``step``
actions, rebuilt from the setup and the log (``GAME.view(state, None)``, what a watcher of the
live game was sent then, with no decisions in ``legal``).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.games import find_game
from companion.games.base import JSON, Game, PlayerSpec, UnreadableInput
from companion.games.registry import UnknownGame, title
from companion.i18n import SOURCE, Refusal, localize, msg, nmsg
from companion.session.access import private_seat
from companion.session.errors import NotFound
from companion.session.history import History, fold
from companion.session.log import GameLog, GameRow
from companion.session.session import _decode
from companion.session.summary import summarize

#: Seconds without a change after which a game not over counts as abandoned.
ABANDONED_AFTER = 12 * 3600.0
#: How many replayed games :meth:`PastGames.board` keeps (their states, for the next step).
BOARDS_KEPT = 4


class NotFinished(Refusal):
    """A past game that did not finish (abandoned, or still being played) was asked for what
    only a finished game has (an export); ``reason`` says which game and why."""


def _seconds(iso: str) -> float:
    return datetime.fromisoformat(iso).timestamp()


@dataclass
class PastGames:
    """The past games of ``log`` (module docstring); thread-safe."""

    log: GameLog
    find: Callable[[str], Game] = find_game
    clock: Callable[[], float] = time.time
    _cache: dict[int, tuple[str, JSON]] = field(default_factory=dict)
    #: The last few games replayed for their boards (the stepper asks one step after another).
    _boards: OrderedDict[int, tuple[str, Game, History]] = field(default_factory=OrderedDict)
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

    def game(self, game_pk: int, lang: str = SOURCE) -> JSON:
        """One past game with its score sheet and its steps (their lines in ``lang``);
        :class:`NotFound` when there is no such game or it is still being played."""
        row = self.log.game(game_pk)
        summary = self._summary(row)
        if summary is None:
            raise NotFound(msg("game {id} is still being played: it is not in the history yet",
                               id=game_pk))
        game, history = self._replay(row)
        return {**summary, **score_and_steps(game, history, lang)}

    def finished(self, game_pk: int) -> JSON:
        """The summary of finished game ``game_pk``: :class:`NotFound` when there is no such
        game, :class:`NotFinished` when it is still being played or was abandoned."""
        row = self.log.game(game_pk)
        summary = self._summary(row)
        if summary is None:
            raise NotFinished(msg("game {id} is still being played: only a finished game can be "
                                  "exported", id=game_pk))
        if summary["status"] != "finished":
            raise NotFinished(nmsg("game {id} was abandoned after {n} move: only a finished game "
                                   "can be exported", "game {id} was abandoned after {n} moves: "
                                   "only a finished game can be exported", summary["actions"],
                                   id=game_pk))
        return summary

    def board(self, game_pk: int, step: int, lang: str = SOURCE) -> JSON:
        """The board of past game ``game_pk`` after its first ``step`` actions:
        ``{"id", "game", "step", "steps", "summary" (the action just taken, "" at step 0),
        "view", "screens"}`` (:func:`board_at`). :class:`NotFound` as :meth:`game`;
        :class:`UnreadableInput` for a step outside 0..the number of actions. ``summary`` is in
        ``lang``."""
        row = self.log.game(game_pk)
        if self._summary(row) is None:
            raise NotFound(msg("game {id} is still being played: it is not in the history yet",
                               id=game_pk))
        game, history = self._replayed(row)
        if not 0 <= step <= len(history):
            raise UnreadableInput(msg("step {step} is not in game {id}: its steps go from 0 (the "
                                      "setup) to {last}", step=step, id=game_pk,
                                      last=len(history)))
        return {"id": row.id, "game": row.game, **board_at(game, history, step, lang)}

    # -- inside ---------------------------------------------------------------------------

    def _replayed(self, row: GameRow) -> tuple[Game, History]:
        """:meth:`_replay`, kept for the :data:`BOARDS_KEPT` games asked last (until their
        ``updated`` stamp changes)."""
        with self._lock:
            kept = self._boards.get(row.id)
            if kept is not None and kept[0] == row.updated:
                self._boards.move_to_end(row.id)
                return kept[1], kept[2]
        game, history = self._replay(row)
        with self._lock:
            self._boards[row.id] = (row.updated, game, history)
            while len(self._boards) > BOARDS_KEPT:
                self._boards.popitem(last=False)
        return game, history

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
            **_extras(game, row, history.state),
        }
        with self._lock:
            self._cache[row.id] = (row.updated, summary)
        return summary if len(history) or over else None


def _private_text(action: Any, lang: str = SOURCE) -> str:
    player = action.to_json().get("player")
    if isinstance(player, str):
        return msg("{who}: a private choice", who=player).render(lang)
    return msg("A player: a private choice").render(lang)


def score_and_steps(game: Game, history: History, lang: str = SOURCE) -> JSON:
    """``{"score", "steps"}`` of a replayed game (module docstring; the café's hub shows its
    games with it too, ``companion/hub/history.py``)."""
    steps = []
    for index, action in enumerate(history.actions):
        data = action.to_json()
        player = data.get("player") if isinstance(data.get("player"), str) else None
        hidden = private_seat(game, action, history.state_at(index)) is not None
        text = _private_text(action, lang) if hidden else summarize(game, action, lang)
        steps.append({"index": index, "summary": text, "player": player,
                      "totals": _totals(game, history.state_at(index + 1))})
    return {"score": localize(game.score(history.state).to_json(), lang), "steps": steps}


def board_at(game: Game, history: History, step: int, lang: str = SOURCE) -> JSON:
    """``{"step", "steps", "summary", "view", "screens"}``: the watcher's view after the first
    ``step`` actions of a replayed game (``step`` already checked to be in 0..``len(history)``),
    and the prefix of the title's page scripts (``TITLE.screens``: the replay draws the view
    with ``<screens>-game.js``, on the table and on the café's hub alike; "" for a game the
    registry does not list)."""
    view = dict(game.view(history.state_at(step), None))
    view["legal"] = []
    said = ""
    if step:
        action = history.action_at(step - 1)
        hidden = private_seat(game, action, history.state_at(step - 1)) is not None
        said = _private_text(action, lang) if hidden else summarize(game, action, lang)
    return {"step": step, "steps": len(history), "summary": said, "view": localize(view, lang),
            "screens": _screens(game)}


def _screens(game: Game) -> str:
    try:
        return title(game.info.id).screens
    except UnknownGame:
        return ""


def _extras(game: Game, row: GameRow, state: Any) -> JSON:
    """What the statistics and exports read beyond the ranking (module docstring)."""
    return extras(game, row.game, row.players, row.options, state)


def extras(game: Game, title: str, players: list[JSON], options: JSON, state: Any) -> JSON:
    """``start_player``, ``highest_wins``, ``menu`` and ``customers`` of a game of ``title``
    in ``state`` (module docstring; the hub's summaries add them too): the menu and the
    customers are the engine's ``facts``, the title's own."""
    view = game.view(state, None)
    start = None
    spec = next((o for o in game.info.options if o.key == "start_player"), None)
    if spec is not None:
        seat = options.get("start_player", spec.default)
        if isinstance(seat, int) and 0 <= seat < len(players):
            start = players[seat].get("name")
    facts = game.facts(view)  # the title's own: its menu, its customers
    return {
        "start_player": start,
        "highest_wins": not view.get("lowest_wins", False),
        "menu": facts.get("menu"),
        "customers": facts.get("customers"),
    }


def _totals(game: Game, state: Any) -> dict[str, int] | None:
    """Every player's total in ``state`` (``None`` when the engine cannot score it there)."""
    try:
        return {p.player: p.total for p in game.score(state).players}
    except Exception:
        return None
