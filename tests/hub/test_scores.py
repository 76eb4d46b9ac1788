"""The hub's scores: a game advanced entry by entry on the hub scores as the whole log
replayed does, and as the table itself scored it."""

from __future__ import annotations

from pathlib import Path

from companion.hub.scores import Row, ScoreCache, replay
from companion.session.log import GameLog
from companion.session.past import PastGames
from companion.session.session import Session
from tests.played_games import play


def test_scores_advanced_piece_by_piece_match_the_tables_own(tmp_path: Path) -> None:
    log = GameLog(tmp_path / "log.sqlite3")
    session = Session(log)
    game = play(session, "sushi-express", 1)
    session.close()
    row = log.game(game)
    rows: list[Row] = [(e.seq, e.type, e.payload) for e in log.entries(game)]
    header = {"title": row.game, "players": row.players, "options": row.options}
    cache = ScoreCache()
    held: list[Row] = []
    fetched: list[int] = []

    def fetch_after(seq: int) -> list[Row]:
        fetched.append(seq)
        return [r for r in held if r[0] > seq]

    for end in (10, 11, 100, len(rows)):
        held = rows[:end]
        scores = cache.scores((1, game), header, fetch_after)
    assert fetched == [0, 10, 11, 100]  # only what arrived since
    whole = replay(row.game, row.players, row.options, rows)
    assert scores == whole and whole.over
    assert whole.ranking == PastGames(log).game(game)["ranking"]


def test_a_gap_in_the_entries_starts_the_replay_again(tmp_path: Path) -> None:
    log = GameLog(tmp_path / "log.sqlite3")
    session = Session(log)
    game = play(session, "sushi-express", 2)
    session.close()
    row = log.game(game)
    rows: list[Row] = [(e.seq, e.type, e.payload) for e in log.entries(game)]
    header = {"title": row.game, "players": row.players, "options": row.options}
    cache = ScoreCache()
    cache.scores((1, game), header, lambda seq: [r for r in rows[:2] if r[0] > seq])

    def late_third(seq: int) -> list[Row]:  # entry 3 is missing after 2, there from 0
        return [r for r in rows if r[0] > seq and (seq == 0 or r[0] != 3)]

    scores = cache.scores((1, game), header, late_third)
    assert scores == replay(row.game, row.players, row.options, rows) and scores.over
    assert replay(row.game, row.players, row.options,
                  [r for r in rows if r[0] != 3]) != scores  # what no restart would give
