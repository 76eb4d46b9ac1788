"""The push body is parsed pure: what a table sends, and what the hub refuses (400)."""

from __future__ import annotations

import re

import pytest

from companion.games.base import UnreadableInput
from companion.hub.wire import Event, Header, Push, parse_push

HEADER = Header(3, "sushi-go", [{"name": "Ann"}], {}, "2026-01-01T00:00:00", "playing", 1, 2)


def test_a_push_survives_its_own_json() -> None:
    push = Push({3: HEADER}, [Event("entry", 3, 1, "act", {"kind": "x"}, "host", "t"),
                             Event("finished", 3, 2)])
    assert parse_push(push.to_json()) == push


@pytest.mark.parametrize("body, where", [
    ([], "JSON object"),
    ({"games": [], "events": {}}, "events"),
    ({"games": [HEADER.to_json()], "events": [{"kind": "entry", "game": 4, "seq": 1,
      "type": "act", "payload": {}, "author": "a", "time": "t"}]}, "no header"),
    ({"games": [HEADER.to_json() | {"seq": -1}], "events": []}, "games[0].seq"),
    ({"games": [HEADER.to_json()], "events": [{"kind": "entry", "game": 3, "seq": 0,
      "type": "act", "payload": {}, "author": "a", "time": "t"}]}, "events[0].seq"),
    ({"games": [HEADER.to_json()], "events": [{"kind": "gossip", "game": 3}]}, "kind"),
    ({"games": [HEADER.to_json() | {"round": True}], "events": []}, "round"),
])
def test_a_malformed_push_is_refused_naming_the_field(body: object, where: str) -> None:
    with pytest.raises(UnreadableInput, match=re.escape(where)):
        parse_push(body)
