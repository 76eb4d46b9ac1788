"""A pushed game's scores on the hub (pure): the table's log replayed with the same engines.

The hub keeps no game state of its own: a game's totals and ranking are what the rules engine
makes of the entries the table pushed (:func:`companion.session.history.fold`, as the table's
history page does). :class:`ScoreCache` keeps one answer per (table, game, newest seq), so a
wall screen asking every second costs one replay per change.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from companion.games import find_game
from companion.games.base import JSON, Game, PlayerSpec
from companion.session.history import fold
from companion.session.log import StoredEntry
from companion.session.session import _decode


@dataclass(frozen=True)
class Scores:
    """Every player's total (``None``: the engine cannot score this state), whether the game
    is over, and the ranking ``[{"rank", "name", "total"}]``."""

    totals: dict[str, int] | None
    over: bool
    ranking: list[JSON]


def replay(title: str, players: Sequence[JSON], options: JSON,
           entries: Sequence[tuple[int, str, JSON]],
           find: Callable[[str], Game] = find_game) -> Scores:
    """The scores of a game of ``title`` after ``entries`` (``(seq, type, payload)``)."""
    game = find(title)
    initial = game.setup([PlayerSpec.from_json(p) for p in players], options)
    rows = [StoredEntry(seq, kind, payload, "", "") for seq, kind, payload in entries]
    history = fold(game, initial, _decode(game, 0, rows))
    try:
        sheet = game.score(history.state)
    except Exception:
        return Scores(None, False, [])
    return Scores({p.player: p.total for p in sheet.players}, game.is_over(history.state),
                  sheet.ranking())


@dataclass
class ScoreCache:
    """:func:`replay` answers kept per ``(table, game)`` for the newest ``seq`` asked."""

    _kept: dict[tuple[int, int], tuple[int, Scores]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def get(self, key: tuple[int, int], seq: int, compute: Callable[[], Scores]) -> Scores:
        with self._lock:
            kept = self._kept.get(key)
        if kept is not None and kept[0] == seq:
            return kept[1]
        scores = compute()
        with self._lock:
            self._kept[key] = (seq, scores)
        return scores
