"""Who may send what (``docs/INTERNALS.md``), as pure functions of the state and the action.

* A **watcher** (no or unknown credential) may send nothing.
* The **table** (a device reporting what lies on the table: the dice tower, the camera) may send
  table inputs only (actor ``None``), never a decision or a private action.
* A **seat** may send actions whose actor (``GAME.actor``) is its own seat, and table inputs
  (actor ``None``: dice values, customer cards turned up).
* The **host** may send any action except private ones.
* A **private** action (``GAME.private_to`` names a seat, e.g. ``record_draw``) may be sent only
  by that seat, and only that seat sees it in the history.
* Undo, redo and correct are the host's alone. The host role moves to another device with the
  game's host code (``Session.claim_host``); there is one host at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from companion.games.base import JSON, Game, IllegalAction, Message, PlayerSpec, UnreadableInput
from companion.i18n import Msg, msg
from companion.session.errors import Forbidden

Role = Literal["host", "seat", "watcher", "table"]


@dataclass(frozen=True)
class Viewer:
    """Who is looking or acting: the host, a seat (with its index), a watcher, or the table
    (a device such as the dice tower; it only acts, it has no screen)."""

    role: Role
    seat: int | None = None

    def __post_init__(self) -> None:
        if self.role not in ("host", "seat", "watcher", "table"):
            raise ValueError(f"unknown viewer role {self.role!r}")
        if (self.role == "seat") != (self.seat is not None):
            raise ValueError("a seat viewer needs a seat index, and only a seat viewer has one")

    def to_json(self) -> JSON:
        return {"role": self.role, "seat": self.seat}


HOST = Viewer("host")
WATCHER = Viewer("watcher")
TABLE = Viewer("table")


def seat_viewer(seat: int) -> Viewer:
    return Viewer("seat", seat)


def _name(players: Sequence[PlayerSpec], seat: int | None) -> str:
    if seat is not None and 0 <= seat < len(players):
        return players[seat].name
    return f"seat {seat}"


def private_seat(game: Game, action: Message, state: Any) -> int | None:
    """The seat ``action`` is private to (``None``: public). A private action whose seat is
    unknown gives a number that is no seat (e.g. -1): nobody may send or see it."""
    return game.private_to(state, action)


def authorize(
    game: Game, state: Any, players: Sequence[PlayerSpec], viewer: Viewer, action: Message
) -> None:
    """Raise :class:`Forbidden` unless ``viewer`` may send ``action`` in ``state``.

    ``GAME.actor`` may itself raise (an unknown player named in the action).
    """
    if viewer.role == "watcher":
        raise Forbidden(msg("watchers cannot act: claim a seat with the join code"))
    private = private_seat(game, action, state)
    if private is not None:
        if viewer.role == "seat" and viewer.seat == private:
            return
        raise Forbidden(msg("only {who} may send this: it is private to their seat",
                            who=_name(players, private)))
    if viewer.role == "host":
        return
    actor = game.actor(state, action)
    if viewer.role == "table":
        if actor is None:
            return
        raise Forbidden(msg("a table device enters only what lies on the table, not a "
                            "player's decision"))
    if actor is None or actor == viewer.seat:
        return
    raise Forbidden(msg("{who} cannot act for {other}", who=_name(players, viewer.seat),
                        other=_name(players, actor)))


def require_host(viewer: Viewer, what: str | Msg) -> None:
    """Raise :class:`Forbidden` unless ``viewer`` is the host (``what``: ``msg("undo")``)."""
    if viewer.role != "host":
        raise Forbidden(msg(
            "only the host (the device that created the game, or took over with the host "
            "code) may {what}", what=what))


def may_send(
    game: Game, state: Any, players: Sequence[PlayerSpec], viewer: Viewer, action: Message
) -> bool:
    """Whether :func:`authorize` lets ``viewer`` send ``action`` (never raises)."""
    try:
        authorize(game, state, players, viewer, action)
    except (Forbidden, IllegalAction, UnreadableInput):
        return False
    return True


def sees(viewer: Viewer, private_to: int | None) -> bool:
    """Whether ``viewer`` may see an action private to ``private_to`` (``None``: public)."""
    return private_to is None or (viewer.role == "seat" and viewer.seat == private_to)
