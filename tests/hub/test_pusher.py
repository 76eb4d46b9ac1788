"""The table's pusher against a real hub on loopback: a token the hub does not know is
refused and nothing is dropped; the hub coming back later gets everything once."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from companion.hub.outbox import Link, Outbox
from companion.hub.pusher import HubPusher, PushRefused
from companion.session.log import GameLog
from companion.session.session import Session
from tests.hub.live import LiveHub
from tests.hub.procs import http
from tests.played_games import play


def logged_game(path: Path) -> tuple[GameLog, int]:
    log = GameLog(path)
    session = Session(log)
    game = play(session, "sushi-go", 4)
    session.close()
    return log, game


def test_a_token_the_hub_does_not_know_keeps_every_row(hub: LiveHub, tmp_path: Path) -> None:
    log, _game = logged_game(tmp_path / "t.sqlite3")
    outbox = Outbox(log.path)
    queued = outbox.pair_with(Link(hub.url, 1, "forged-token", "t", "now"))
    with pytest.raises(PushRefused) as refused:
        HubPusher(outbox).push_once()
    assert refused.value.status == 401 and outbox.pending() == queued


def test_a_hub_that_was_down_gets_everything_once_it_answers(
        hub: LiveHub, tmp_path: Path) -> None:
    log, game = logged_game(tmp_path / "t.sqlite3")
    status, paired = http("POST", f"{hub.url}/api/pair",
                          {"code": hub.store.new_pairing_code(), "name": "t"})
    assert status == 200
    with socket.socket() as closed:  # a port nobody listens on: the hub is down
        closed.bind(("127.0.0.1", 0))
        down = f"http://127.0.0.1:{closed.getsockname()[1]}"
    outbox = Outbox(log.path)
    queued = outbox.pair_with(Link(down, paired["table"], paired["token"], "t", "now"))
    pusher = HubPusher(outbox, batch_size=4)
    with pytest.raises(OSError):
        pusher.push_once()
    assert outbox.pending() == queued
    outbox.pair_with(Link(hub.url, paired["table"], paired["token"], "t", "now"))
    while pusher.push_once():
        pass
    assert outbox.pending() == 0
    assert hub.store.entry_keys(paired["table"]) == [(game, e.seq) for e in log.entries(game)]
