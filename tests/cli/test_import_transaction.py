"""`companion import` is one transaction and never stores a record twice (issue 28 item 10).

A bundle killed while it is being stored leaves no game and printed no host token; running the
same file again stores only what is missing (after a kill: everything), and a third time
nothing; a host token is printed only once the game it opens is committed. No test waits on
time: the kill comes from a hook on the SQL the import runs.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.session.log import GameLog, hash_token

from .records import last_json, run, write

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "data" / "sushi-express-short-game.json"
TOKEN_LINE = re.compile(r"imported game (\d+) \(.*\); host token (\S+)")

#: Runs the command line in its argv, SIGKILLed the moment the import starts to store game
#: number KILL_AT (counting the ``INSERT INTO games`` statements of the process).
KILLED_AT_A_GAME = """
import os, signal, sqlite3, sys
real_connect, games = sqlite3.connect, []
def traced(*args, **kwargs):
    db = real_connect(*args, **kwargs)
    def trace(sql):
        if sql.lstrip().upper().startswith("INSERT INTO GAMES"):
            games.append(sql)
            if len(games) == int(os.environ["KILL_AT"]):
                os.kill(os.getpid(), signal.SIGKILL)
    db.set_trace_callback(trace)
    return db
sqlite3.connect = traced
from companion.cli import main
sys.exit(main(sys.argv[1:]))
"""


def example(**meta: Any) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    if meta:
        record["meta"] = meta
    return record


def bundle(tmp_path: Path, *records: dict[str, Any]) -> str:
    return write(tmp_path / "bundle.json", {"records": list(records)})


def stored_games(data: Path) -> int:
    path = data / "companion.sqlite3"
    if not path.exists():
        return 0
    with sqlite3.connect(path) as db:
        (n,) = db.execute("SELECT COUNT(*) FROM games").fetchone()
    db.close()
    return int(n)


def test_a_kill_in_the_middle_of_a_bundle_leaves_no_game_and_no_token(tmp_path: Path) -> None:
    data = tmp_path / "data"
    path = bundle(tmp_path, example(), example(note="second"), example(note="third"))
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_AT_A_GAME, "--data-dir", str(data), "import", path],
        capture_output=True, text=True, cwd=ROOT, timeout=120, env={**os.environ, "KILL_AT": "2"},
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert "host token" not in killed.stdout
    assert stored_games(data) == 0  # game 1 was written, but never committed
    # Running it again stores the whole bundle, the games numbered as if nothing happened.
    code, out, _err = run("--data-dir", str(data), "import", path, "--json")
    assert code == 0
    result = last_json(out)
    assert [i["id"] for i in result["imported"]] == [1, 2, 3]
    assert result["already_imported"] == [] and stored_games(data) == 3


def test_a_failure_while_storing_a_bundle_stores_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    path = bundle(tmp_path, example(), example(note="second"))
    real_insert = GameLog._insert_entry

    def failing(db: sqlite3.Connection, game_pk: int, *rest: Any) -> None:
        if game_pk == 2:
            raise OSError("disk full")
        real_insert(db, game_pk, *rest)

    monkeypatch.setattr(GameLog, "_insert_entry", staticmethod(failing))
    code, out, err = run("--data-dir", str(data), "import", path)
    assert code == 3 and "disk full" in err
    assert "host token" not in out and stored_games(data) == 0


def test_running_the_same_import_again_stores_nothing_new(tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    path = bundle(tmp_path, example(), example(note="second"))
    code, out, _err = run("--data-dir", data, "import", path, "--json")
    assert code == 0 and [i["id"] for i in last_json(out)["imported"]] == [1, 2]
    for _ in range(2):
        code, out, err = run("--data-dir", data, "import", path, "--json")
        assert (code, err) == (0, "")
        result = last_json(out)
        assert result["imported"] == []
        assert result["already_imported"] == [
            {"id": 1, "game": "sushi-express", "actions": 135},
            {"id": 2, "game": "sushi-express", "actions": 135},
        ]
        assert "host token" not in out
        assert "already imported as game 1 (sushi-express, 135 actions)" in out
    # A bundle holding one more record stores that one only; the single file is game 1 too.
    grown = bundle(tmp_path, example(), example(note="second"), example(note="new"))
    code, out, _err = run("--data-dir", data, "import", grown, "--json")
    assert [i["id"] for i in last_json(out)["imported"]] == [3]
    code, out, _err = run("--data-dir", data, "import", str(EXAMPLE), "--json")
    assert last_json(out)["already_imported"][0]["id"] == 1
    assert stored_games(tmp_path / "data") == 3


def test_the_same_record_twice_in_one_bundle_is_one_game(tmp_path: Path) -> None:
    data = tmp_path / "data"
    code, out, _err = run("--data-dir", str(data), "import",
                          bundle(tmp_path, example(), example()))
    assert code == 0 and stored_games(data) == 1
    lines = out.strip().splitlines()
    assert TOKEN_LINE.match(lines[0]) and lines[1].startswith("already imported as game 1 ")


class CommitChecker(io.StringIO):
    """stdout that checks, as each host token line is written, that a second connection
    already sees the game it names holding that very token (committed, not just written)."""

    def __init__(self, db_path: Path) -> None:
        super().__init__()
        self.db_path = db_path
        self.checked: list[int] = []

    def write(self, text: str) -> int:
        for pk, token in TOKEN_LINE.findall(text):
            with sqlite3.connect(self.db_path) as other:
                row = other.execute("SELECT host_token_hash FROM games WHERE id = ?",
                                    (int(pk),)).fetchone()
            other.close()
            assert row == (hash_token(token),), f"game {pk} was not committed with its token"
            self.checked.append(int(pk))
        return super().write(text)


def test_each_host_token_is_printed_after_its_game_is_committed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    path = bundle(tmp_path, example(), example(note="second"))
    out = CommitChecker(data / "companion.sqlite3")
    code = main(["--data-dir", str(data), "import", path], out=out, err=io.StringIO())
    assert code == 0 and out.checked == [1, 2]
    lines = out.getvalue().strip().splitlines()
    assert [TOKEN_LINE.match(line) is not None for line in lines] == [True, True]


def test_ctrl_c_while_the_games_are_stored_still_prints_their_tokens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer thread commits whatever the main thread does: a Ctrl-C then must not lose
    the tokens of the games it stored."""
    data = tmp_path / "data"
    real_create = GameLog.create_games

    def interrupted(self: GameLog, games: Any) -> Any:
        stored = real_create(self, games)
        signal.raise_signal(signal.SIGINT)  # Ctrl-C just after the commit
        return stored

    monkeypatch.setattr(GameLog, "create_games", interrupted)
    before = signal.getsignal(signal.SIGINT)  # Python's own, or SIG_IGN in a background job
    code, out, err = run("--data-dir", str(data), "import", str(EXAMPLE))
    assert code == 0 and stored_games(data) == 1
    assert TOKEN_LINE.match(out.strip().splitlines()[0])
    assert "interrupted too late" in err
    assert signal.getsignal(signal.SIGINT) is before  # the handler it found is back
