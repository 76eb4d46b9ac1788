"""Real hub and table processes on loopback for the fault tests, and what they hold.

:class:`HubProc` runs ``companion hub serve`` (the real command) on a fixed port so that a
restarted hub is found where the tables push; :class:`TableProc` runs ``tests/hub/table_proc``
(the real table service). Waits are functional (a line printed, a count reached) with generous
bounds, never timings.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from companion.settings import DB_FILE

ROOT = Path(__file__).resolve().parents[2]
COMPANION = str(Path(sys.executable).with_name("companion"))


def wait_for(check: Callable[[], Any], what: str, timeout: float = 60.0) -> Any:
    """``check()``'s first truthy value, polled; AssertionError naming ``what`` after
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


def _line(stream: IO[str], prefix: str, proc: subprocess.Popen[str]) -> str:
    """The next line of ``stream`` starting with ``prefix`` (the process's output before it
    in the error when it ends first)."""
    seen = []
    for line in stream:
        if line.startswith(prefix):
            return line.strip()
        seen.append(line)
    raise AssertionError(f"process ended (status {proc.wait()}) before {prefix!r}: "
                         + "".join(seen)[-2000:])


def http(method: str, url: str, body: Any = None, headers: dict[str, str] | None = None,
         ) -> tuple[int, Any]:
    """``(status, JSON answer)`` of one request (errors are answers too)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json",
                                              **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


class HubProc:
    """``companion hub serve --db DSN`` on 127.0.0.1:``port``."""

    def __init__(self, dsn: str, port: int) -> None:
        self.dsn, self.port = dsn, port
        self.proc: subprocess.Popen[str] | None = None
        self.first_code = ""
        self.output = Path(os.devnull)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> HubProc:
        """Start the hub; its output goes to a file (a pipe nobody reads would fill up and
        stop the hub at its next log line)."""
        self.output = Path(tempfile.mkstemp(prefix="hub-", suffix=".log")[1])
        with self.output.open("w") as out:
            self.proc = subprocess.Popen(
                [COMPANION, "hub", "serve", "--db", self.dsn, "--host", "127.0.0.1",
                 "--port", str(self.port)], stdout=out, stderr=subprocess.STDOUT,
                text=True, cwd=ROOT)
        proc = self.proc

        def code() -> str | None:
            for line in self.output.read_text().splitlines():
                if line.startswith("hub: pairing code"):
                    return line.split()[3]
            if proc.poll() is not None:
                raise AssertionError(f"the hub ended: {self.output.read_text()[-2000:]}")
            return None

        self.first_code = wait_for(code, "the hub's start-up lines")
        return self

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, connections cut mid-request."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(timeout=30)
            self.proc = None
            self.output.unlink(missing_ok=True)

    def pause(self) -> None:
        """SIGSTOP: the hub takes connections (the kernel does) but answers nothing."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGCONT)

    def pairing_code(self) -> str:
        status, answer = http("GET", f"{self.url}/pairing")
        assert status == 200, answer
        return str(answer["code"])

    def wall(self) -> Any:
        status, answer = http("GET", f"{self.url}/api/wall")
        assert status == 200, answer
        return answer


class TableProc:
    """The table service (``tests/hub/table_proc.py``) on its own data directory."""

    def __init__(self, data_dir: Path, clock_offset: float = 0.0, batch: int = 5) -> None:
        self.data_dir, self.clock_offset, self.batch = data_dir, clock_offset, batch
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0
        self.pin: str | None = None

    def start(self) -> TableProc:
        """Start the process (its output read later by :meth:`ready`)."""
        argv = [sys.executable, "-m", "tests.hub.table_proc", str(self.data_dir)]
        if self.clock_offset:
            argv += ["--clock-offset", str(self.clock_offset)]
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, cwd=ROOT,
                                     env={**os.environ, "COMPANION_HUB_BATCH": str(self.batch)})
        return self

    def ready(self) -> TableProc:
        assert self.proc is not None and self.proc.stdout is not None
        self.port = int(_line(self.proc.stdout, "PORT", self.proc).split()[1])
        if self.pin is None:
            self.pin = _line(self.proc.stdout, "PIN", self.proc).split()[1]
        return self

    def pair(self, hub: HubProc, name: str, code: str | None = None) -> Any:
        """Pair through the table's own owner API, as its owner would."""
        base = f"http://127.0.0.1:{self.port}"
        status, answer = http("POST", f"{base}/api/owner/session", {"pin": self.pin})
        assert status == 200, answer
        owner = {"X-Companion-Owner": answer["owner_token"]}
        status, answer = http("POST", f"{base}/api/owner/hub",
                              {"url": hub.url, "code": code or hub.pairing_code(),
                               "name": name}, owner)
        assert status == 200, answer
        return answer

    def play(self, game: str, seed: int, delay: float = 0.0) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(f"play {game} {seed} {delay}\n")
        self.proc.stdin.flush()

    def played(self) -> tuple[int, int]:
        """``(game id, actions)`` once the game asked for is played."""
        assert self.proc is not None and self.proc.stdout is not None
        words = _line(self.proc.stdout, "PLAYED", self.proc).split()
        return int(words[1]), int(words[2])

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(timeout=30)
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None

    # -- what its log holds -----------------------------------------------------------------

    def _db(self) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{self.data_dir / DB_FILE}?mode=ro", uri=True)

    def entry_keys(self) -> list[tuple[int, int]]:
        with self._db() as db:
            rows = db.execute("SELECT game, seq FROM entries ORDER BY game, seq").fetchall()
        return [(int(g), int(s)) for g, s in rows]

    def pending(self) -> int:
        with self._db() as db:
            return int(db.execute("SELECT COUNT(*) FROM hub_outbox").fetchone()[0])

    def acknowledged(self) -> list[tuple[int, int]]:
        """Entries the hub acknowledged: in the log and no longer in the outbox."""
        with self._db() as db:
            rows = db.execute("SELECT game, seq FROM entries e WHERE NOT EXISTS (SELECT 1"
                              " FROM hub_outbox o WHERE o.game = e.game AND o.seq = e.seq"
                              " AND o.kind = 'entry') ORDER BY game, seq").fetchall()
        return [(int(g), int(s)) for g, s in rows]
