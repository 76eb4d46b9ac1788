"""Game ids in paths and query strings: ASCII digits that fit SQLite's signed 64 bits.

Every ``<int:...>`` in this app's routes is a row id, so :func:`install` replaces Flask's
``int`` converter with :class:`GameIdConverter` for the whole URL map (before any blueprint is
registered): ``/api/games/9223372036854775808`` is answered ``400 unreadable`` with its reason
instead of reaching SQLite, which cannot hold it (and ``int()`` of thousands of digits, which
Python refuses). :func:`game_id_arg` reads ``?game=`` the same way.
"""

from __future__ import annotations

from flask import Flask, request
from werkzeug.exceptions import BadRequest
from werkzeug.routing import IntegerConverter

from companion.games.base import UnreadableInput
from companion.i18n import Refusal, msg

#: The largest id SQLite's INTEGER holds.
ID_MAX = 2**63 - 1
_ID_DIGITS = len(str(ID_MAX))


class UnreadablePath(Refusal, BadRequest):
    """A path that names its route but whose id cannot be one; answered as ``400
    unreadable`` (``web/errors.py``). A :class:`~werkzeug.exceptions.HTTPException`, since
    anything else raised while routing would escape Flask's error handlers."""


class GameIdConverter(IntegerConverter):
    """``int`` for ids: ASCII digits only (``\\d`` would take other scripts' digits), refused
    with :class:`UnreadablePath` beyond :data:`ID_MAX`."""

    regex = r"[0-9]+"

    def to_python(self, value: str) -> int:
        return parse_game_id(value, UnreadablePath)


def parse_game_id(text: str, error: type[Exception] = UnreadableInput) -> int:
    """``text`` as a game id, or ``error(reason)``."""
    digits = text.lstrip("0") or "0"
    if not (text.isascii() and text.isdigit()):
        raise error(msg("a game id is a whole number written in digits 0-9, not {text}",
                        text=repr(text[:24])))
    if len(digits) > _ID_DIGITS or int(digits) > ID_MAX:
        shown = digits if len(digits) <= 24 else f"{digits[:12]}...({len(digits)} digits)"
        raise error(msg("there can be no game id {id}: game ids go up to {max}", id=shown,
                        max=ID_MAX))
    return int(digits)


def game_id_arg(name: str = "game") -> int | None:
    """The query string's ``name`` as a game id, ``None`` when absent; refused (``400
    unreadable``) when it is not one."""
    text = request.args.get(name)
    if text is None:
        return None
    try:
        return parse_game_id(text)
    except UnreadableInput as exc:
        raise UnreadableInput(msg("'{name}' must be a game id: {reason}", name=name,
                                  reason=exc.message or exc.reason)) from None


def install(app: Flask) -> None:
    """Use :class:`GameIdConverter` for every ``<int:...>`` of ``app`` (call before any
    route is added)."""
    app.url_map.converters["int"] = GameIdConverter
