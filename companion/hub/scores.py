"""A pushed game's scores on the hub: the table's log replayed with the same engines.

The hub keeps no game state of its own: a game's totals and ranking are what the rules engine
makes of the entries the table pushed (the same fold as the table's history,
:mod:`companion.session.history`). :class:`ScoreCache` keeps each game's replay and applies
only the entries that arrived since (``fetch_after(seq)``), so a wall screen refreshed after
every push costs one action per table that changed, not a whole game. An entry the rules
refuse on replay is skipped, as :func:`companion.session.history.fold` does.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games import find_game
from companion.games.base import JSON, Game, IllegalAction, PlayerSpec, UnreadableInput
from companion.session.history import History, entry_from_json
from companion.session.past import extras

#: ``(seq, type, payload)`` of a stored entry.
Row = tuple[int, str, JSON]


@dataclass(frozen=True)
class Scores:
    """Every player's total (``None``: the engine cannot score this state), whether the game
    is over, the ranking ``[{"rank", "name", "total"}]``, and the customer cards each player
    delivered (Sushi Express; ``None`` for the other titles): the table's past games' own
    ``customers`` (:func:`companion.session.past.extras`)."""

    totals: dict[str, int] | None
    over: bool
    ranking: list[JSON]
    customers: dict[str, int] | None = None


@dataclass
class Replay:
    """One game's history, advanced entry by entry; ``seq`` is the last entry applied."""

    game: Game
    history: History
    seq: int = 0

    @classmethod
    def start(cls, title: str, players: Sequence[JSON], options: JSON,
              find: Callable[[str], Game] = find_game) -> Replay:
        game = find(title)
        initial = game.setup([PlayerSpec.from_json(p) for p in players], options)
        return cls(game, History(game, initial))

    def advance(self, rows: Sequence[Row]) -> None:
        """Apply ``rows`` (the entries after :attr:`seq`, in order)."""
        for seq, kind, payload in rows:
            self.seq = seq
            try:
                self.history.apply(entry_from_json(self.game, kind, payload))
            except (IllegalAction, UnreadableInput):
                continue  # refused on replay: skipped, as fold() does

    def scores(self) -> Scores:
        state = self.history.state
        try:
            sheet = self.game.score(state)
        except Exception:
            return Scores(None, False, [])
        try:
            customers = extras(self.game, self.game.info.id, [], {}, state)["customers"]
        except Exception:  # the extras of a state the engine cannot view: none shown
            customers = None
        return Scores({p.player: p.total for p in sheet.players}, self.game.is_over(state),
                      sheet.ranking(), customers)


def replay(title: str, players: Sequence[JSON], options: JSON, rows: Sequence[Row],
           find: Callable[[str], Game] = find_game) -> Scores:
    """The scores of a game of ``title`` after ``rows``."""
    game = Replay.start(title, players, options, find)
    game.advance(rows)
    return game.scores()


@dataclass
class ScoreCache:
    """Each ``(table, game)``'s :class:`Replay`, advanced on demand (thread-safe: one game is
    advanced at a time)."""

    find: Callable[[str], Game] = find_game
    _kept: dict[tuple[int, int], tuple[Replay, Scores]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def applied(self, key: tuple[int, int]) -> int:
        """The last entry applied to game ``key`` (0: none, or not replayed yet)."""
        with self._lock:
            kept = self._kept.get(key)
            return 0 if kept is None else kept[0].seq

    def scores(self, key: tuple[int, int], header: dict[str, Any],
               fetch_after: Callable[[int], list[Row]]) -> Scores:
        """The scores of game ``key`` (its stored ``header``: title, players, options) with
        every entry the hub holds; ``fetch_after(seq)`` reads the entries after ``seq``."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is None:
                live = Replay.start(header["title"], header["players"], header["options"],
                                    self.find)
            else:
                live = kept[0]
            rows = fetch_after(live.seq)
            if kept is not None and not rows:
                return kept[1]
            if rows and rows[0][0] != live.seq + 1:  # a gap: start again from the first entry
                live = Replay.start(header["title"], header["players"], header["options"],
                                    self.find)
                rows = fetch_after(0)
            live.advance(rows)
            scores = live.scores()
            self._kept[key] = (live, scores)
            return scores
