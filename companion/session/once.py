"""Idempotency keys: a change asked for twice with one key is applied once (docs/INTERNALS.md).

A client names each intent with a key (the web's ``Idempotency-Key`` header). The session looks
the key up on its writer thread before it reads the intent; when the key was answered before,
the intent is not applied again and the caller gets that first answer (:class:`Replayed`).
Otherwise the answer is computed inside the log transaction that commits the change and stored
there with it (:meth:`companion.session.log.GameLog.store_answer`): a retry after a cut
connection or a restart finds it, and no crash keeps the change without the key or the reverse.
Refusals are never stored (nothing was committed), so a corrected retry can go through.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.base import JSON
from companion.session.log import GameLog, StoredAnswer

__all__ = ["KeyReused", "Once", "Replayed", "check_once"]


@dataclass(frozen=True)
class Once:
    """One request's idempotency key.

    ``scope`` names who sent it (the web uses the credential's hash: one device cannot replay
    another's answer), ``fingerprint`` what was asked (a same key with another fingerprint is
    refused, :class:`KeyReused`), ``answer`` turns the session's result (:class:`Outcome` or
    :class:`Created`) into the ``(status, body)`` to store and send.
    """

    scope: str
    key: str
    fingerprint: str
    answer: Callable[[Any], tuple[int, JSON]]

    def stored(self, result: Any) -> StoredAnswer:
        status, body = self.answer(result)
        return StoredAnswer(self.fingerprint, status, body)


class Replayed(Exception):
    """The key was answered before: send ``status`` and ``body`` again, apply nothing."""

    def __init__(self, status: int, body: JSON) -> None:
        super().__init__(f"already answered {status}")
        self.status = status
        self.body = body


class KeyReused(ValueError):
    """The key was answered before for a different request (HTTP 422)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def check_once(log: GameLog, once: Once | None) -> None:
    """Raise :class:`Replayed` or :class:`KeyReused` when ``once``'s key was answered before
    (call on the writer thread, so that nothing can store it between this look and the
    commit)."""
    if once is None:
        return
    stored = log.answer_for(once.scope, once.key)
    if stored is None:
        return
    if stored.fingerprint != once.fingerprint:
        raise KeyReused(
            "this Idempotency-Key was already used for a different request; make a new key"
            " for each new request"
        )
    raise Replayed(stored.status, stored.body)
