"""Errors of the session, split by cause (docs/INTERNALS.md, docs/API.md).

* :class:`~companion.games.base.UnreadableInput` (HTTP 400): malformed data, a missing or bad
  field, a number out of range.
* :class:`~companion.games.base.IllegalAction` (HTTP 409): well-formed but against the rules
  (or nothing to undo/redo); the state is untouched.
* :class:`Forbidden` (HTTP 403): no or wrong credential for this write.
* :class:`NotFound` (HTTP 404): no such game.
* :class:`SeatTaken` (HTTP 409 ``seat_taken``): a join for a seat another device holds.
* :class:`TooManyAttempts` (HTTP 429): too many wrong join codes from one client lately.

Every error carries ``reason``: a sentence a player can read.
"""

from __future__ import annotations

import re

from companion.games.base import IllegalAction, UnreadableInput
from companion.i18n import Msg, Refusal, msg

__all__ = [
    "Forbidden",
    "IllegalAction",
    "NotFound",
    "SeatTaken",
    "SessionClosed",
    "TooManyAttempts",
    "UnreadableInput",
]


class Forbidden(Refusal, PermissionError):
    """The caller may not do this (a watcher writing, a seat acting for another seat, ...).

    ``code``: a stable machine code a page may act on (``"owner_required"``: the owner PIN
    would allow it), sent beside the reason; None for the others. Raised with a
    :class:`~companion.i18n.Msg`, ``reason`` is its English and :meth:`in_language` renders it
    for the reader (as :class:`IllegalAction`)."""

    def __init__(self, reason: str | Msg, code: str | None = None) -> None:
        super().__init__(reason)
        self.code = code


class NotFound(Refusal, LookupError):
    """There is no game with that id (or no such thing in it). ``reason``: as :class:`Forbidden`."""


class SeatTaken(IllegalAction):
    """The seat is held by another device: the host (or that device) must release it first."""


class TooManyAttempts(Refusal, PermissionError):
    """Too many wrong join codes from this client lately; try again after ``retry_after`` s."""

    def __init__(self, reason: str | Msg, retry_after: float) -> None:
        super().__init__(reason)
        self.retry_after = retry_after


class SessionClosed(RuntimeError):
    """The session was closed; its writer thread no longer takes intents."""


def unknown_game_reason(reason: str) -> Msg | str:
    """The registry's refusal (English, ``companion/games/registry.py``) as a message; a reason
    of another shape stays as it is."""
    unknown = re.fullmatch(r"unknown game (.+) \(known: (.*)\)", reason)
    if unknown:
        return msg("unknown game {title} (known: {known})", title=unknown[1], known=unknown[2])
    planned = re.fullmatch(r"(.+) is planned but its rules engine is not built yet", reason)
    if planned:
        return msg("{title} is planned but its rules engine is not built yet", title=planned[1])
    return reason
