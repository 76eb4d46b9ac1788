"""The body of ``POST /api/push`` (pure): what a table forwards from its outbox.

```
{"games": [{"game", "title", "players", "options", "created", "status", "round", "seq"}],
 "events": [{"kind": "entry", "game", "seq", "type", "payload", "author", "time"}
            | {"kind": "finished", "game", "seq"}]}
```

``game`` is the table's own game number; with the table (known from its token) and ``seq`` it
is the idempotent key of an event: the hub stores each key once, whatever arrives twice.
A header is the game's row when the push was built; ``seq`` is the game's version then, and the
hub keeps the header with the highest ``seq`` (a table's sequence, never its clock). Every
event's game has a header in the same push. :func:`parse_push` refuses anything else with
:class:`~companion.games.base.UnreadableInput` (a 400); :meth:`Push.to_json` is its pair.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.base import JSON, UnreadableInput

#: Most events in one push (a table's pusher sends at most this many at a time).
MAX_EVENTS = 500
#: Most games in one push.
MAX_GAMES = 100
EVENT_KINDS = ("entry", "finished")
_MAX_INT = 2**63 - 1
#: The hub's game number of a table's game ``g`` in the link's epoch ``e`` is
#: ``e * EPOCH_SPAN + g`` (:func:`hub_game`; a restored table starts a new epoch,
#: ``companion/hub/outbox.py``). Epoch 0 is the table's own number.
EPOCH_SPAN = 1_000_000_000


def hub_game(epoch: int, game: int) -> int:
    """The hub's number of the table's game ``game`` in epoch ``epoch``."""
    return epoch * EPOCH_SPAN + game


def table_game(hub_number: int) -> tuple[int, int]:
    """``(epoch, the table's own game number)`` of a hub game number (:func:`hub_game`)."""
    return divmod(hub_number, EPOCH_SPAN)


@dataclass(frozen=True)
class Header:
    """A game as the table knew it at version ``seq``."""

    game: int
    title: str
    players: list[JSON]
    options: JSON
    created: str
    status: str
    round: int | None
    seq: int

    def to_json(self) -> JSON:
        return {"game": self.game, "title": self.title, "players": self.players,
                "options": self.options, "created": self.created, "status": self.status,
                "round": self.round, "seq": self.seq}


@dataclass(frozen=True)
class Event:
    """One outbox row: a log entry (``kind`` ``entry``) or a game's end (``finished``, with
    ``seq`` the game's version when it ended)."""

    kind: str
    game: int
    seq: int
    type: str = ""
    payload: JSON = field(default_factory=dict)
    author: str = ""
    time: str = ""

    def to_json(self) -> JSON:
        if self.kind == "finished":
            return {"kind": "finished", "game": self.game, "seq": self.seq}
        return {"kind": "entry", "game": self.game, "seq": self.seq, "type": self.type,
                "payload": self.payload, "author": self.author, "time": self.time}


@dataclass(frozen=True)
class Push:
    """One push: the headers of its games and its events, in the table's outbox order."""

    headers: dict[int, Header]
    events: list[Event]

    def to_json(self) -> JSON:
        return {"games": [h.to_json() for h in self.headers.values()],
                "events": [e.to_json() for e in self.events]}


def parse_push(obj: Any) -> Push:
    """The :class:`Push` in a decoded JSON body; :class:`UnreadableInput` naming the first
    field at fault otherwise."""
    if not isinstance(obj, dict):
        raise UnreadableInput("the push must be a JSON object")
    games, events = obj.get("games"), obj.get("events")
    if not isinstance(games, list) or len(games) > MAX_GAMES:
        raise UnreadableInput(f"games must be a list of at most {MAX_GAMES}")
    if not isinstance(events, list) or len(events) > MAX_EVENTS:
        raise UnreadableInput(f"events must be a list of at most {MAX_EVENTS}")
    headers = {}
    for i, item in enumerate(games):
        header = _header(item, f"games[{i}]")
        headers[header.game] = header
    parsed = [_event(item, f"events[{i}]") for i, item in enumerate(events)]
    for i, event in enumerate(parsed):
        if event.game not in headers:
            raise UnreadableInput(f"events[{i}]: game {event.game} has no header in this push")
    return Push(headers, parsed)


def _int(obj: dict[str, Any], key: str, where: str, low: int = 0) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= _MAX_INT:
        raise UnreadableInput(f"{where}.{key} must be a whole number from {low}")
    return value


def _text(obj: dict[str, Any], key: str, where: str, limit: int = 200) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise UnreadableInput(f"{where}.{key} must be text of at most {limit} characters")
    return value


def _header(item: Any, where: str) -> Header:
    if not isinstance(item, dict):
        raise UnreadableInput(f"{where} must be an object")
    players, options, rnd = item.get("players"), item.get("options"), item.get("round")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise UnreadableInput(f"{where}.players must be a list of objects")
    if not isinstance(options, dict):
        raise UnreadableInput(f"{where}.options must be an object")
    if rnd is not None and (not isinstance(rnd, int) or isinstance(rnd, bool)):
        raise UnreadableInput(f"{where}.round must be a whole number or null")
    return Header(game=_int(item, "game", where, 1), title=_text(item, "title", where),
                  players=players, options=options, created=_text(item, "created", where),
                  status=_text(item, "status", where), round=rnd,
                  seq=_int(item, "seq", where))


def _event(item: Any, where: str) -> Event:
    if not isinstance(item, dict) or item.get("kind") not in EVENT_KINDS:
        raise UnreadableInput(f"{where} must be an object with kind {' or '.join(EVENT_KINDS)}")
    game, seq = _int(item, "game", where, 1), _int(item, "seq", where)
    if item["kind"] == "finished":
        return Event("finished", game, seq)
    payload = item.get("payload")
    if not isinstance(payload, dict):
        raise UnreadableInput(f"{where}.payload must be an object")
    return Event("entry", game, _int(item, "seq", where, 1), type=_text(item, "type", where),
                 payload=payload, author=_text(item, "author", where),
                 time=_text(item, "time", where))
