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

from companion.games.base import IllegalAction, UnreadableInput

__all__ = [
    "Forbidden",
    "IllegalAction",
    "NotFound",
    "SeatTaken",
    "SessionClosed",
    "TooManyAttempts",
    "UnreadableInput",
]


class Forbidden(PermissionError):
    """The caller may not do this (a watcher writing, a seat acting for another seat, ...).

    ``code``: a stable machine code a page may act on (``"owner_required"``: the owner PIN
    would allow it), sent beside the reason; None for the others."""

    def __init__(self, reason: str, code: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class NotFound(LookupError):
    """There is no game with that id."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SeatTaken(IllegalAction):
    """The seat is held by another device: the host (or that device) must release it first."""


class TooManyAttempts(PermissionError):
    """Too many wrong join codes from this client lately; try again after ``retry_after`` s."""

    def __init__(self, reason: str, retry_after: float) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after


class SessionClosed(RuntimeError):
    """The session was closed; its writer thread no longer takes intents."""
