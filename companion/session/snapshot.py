"""Per-viewer snapshots (``docs/API.md``, "The snapshot") built from an immutable
:class:`Published` state.

The writer thread publishes a new :class:`Published` after every committed change; any thread
may then build snapshots from it (the engine is pure and nothing here mutates shared data), so
readers never wait for the writer. Snapshots are cached per viewer on the :class:`Published`;
callers get a fresh top-level dict whose nested values are shared: treat them as read-only.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from companion.games.base import JSON, Game, Message, PlayerSpec, UnreadableInput
from companion.i18n import SOURCE, Msg, localize, render
from companion.session.access import Viewer, may_send, private_seat, sees
from companion.session.history import Conflict
from companion.session.log import GameRow


@dataclass(frozen=True)
class Item:
    """An effective action with what every snapshot shows of it."""

    action: Message
    json: JSON
    #: The history line, rendered in each reader's language (issue 26).
    summary: Msg | str
    private_to: int | None


@dataclass(frozen=True)
class Published:
    """One committed version of a game, shared read-only with every thread."""

    row: GameRow
    game: Game
    players: tuple[PlayerSpec, ...]
    version: int
    status: str
    state: Any
    items: tuple[Item, ...]
    can_undo: bool
    can_redo: bool
    conflicts: tuple[Conflict, ...]
    #: Numbers the publications of the session (a settings change publishes without a new
    #: version); subscriptions wake on it.
    revision: int = 0
    #: Seats a device holds (a seat token): a join for one of them is refused.
    claimed: frozenset[int] = frozenset()
    _cache: dict[tuple[Viewer, str], JSON] = field(default_factory=dict, compare=False,
                                                   repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, compare=False, repr=False)


def snapshot(pub: Published, viewer: Viewer, lang: str = SOURCE) -> JSON:
    """The snapshot of ``pub`` for ``viewer``, its history lines in ``lang`` (cached per viewer
    and language)."""
    key = (viewer, lang)
    cached = pub._cache.get(key)
    if cached is None:
        cached = _build(pub, viewer, lang)
        with pub._lock:
            pub._cache.setdefault(key, cached)
    return dict(cached)


def conflict_json(game: Game, state: Any, conflict: Conflict) -> JSON:
    """A conflict as the host sees it: a private action shows only its kind and player."""
    if private_seat(game, conflict.action, state) is None:
        return conflict.to_json()
    data = conflict.action.to_json()
    hidden = {k: v for k, v in data.items() if k in ("kind", "player")}
    return {"index": conflict.index, "action": hidden, "reason": conflict.reason,
            "private": True}


def _build(pub: Published, viewer: Viewer, lang: str) -> JSON:
    host = viewer.role == "host"
    out: JSON = {
        "id": pub.row.id,
        "game": pub.game.info.id,
        "version": pub.version,
        "status": pub.status,
        "viewer": viewer.to_json(),
    }
    if host:
        out["join_code"] = pub.row.join_code
        out["host_code"] = pub.row.host_code
    out["history"] = [
        {"index": i, "action": item.json, "summary": render(item.summary, lang)}
        for i, item in enumerate(pub.items)
        if sees(viewer, item.private_to)
    ]
    out["can_undo"] = pub.can_undo
    out["can_redo"] = pub.can_redo
    if host:
        out["conflicts"] = [conflict_json(pub.game, pub.state, c) for c in pub.conflicts]
    out["roll_source"] = pub.row.roll_source
    out["claimed_seats"] = sorted(pub.claimed)
    out["view"] = _view(pub, viewer, lang)
    return out


def _view(pub: Published, viewer: Viewer, lang: str) -> JSON:
    """``GAME.view`` for the viewer's seat, with ``legal`` cut to what this viewer may send,
    its engine's words (turn prompts, score lines) in ``lang``."""
    view = dict(pub.game.view(pub.state, viewer.seat if viewer.role == "seat" else None))
    legal = view.get("legal")
    if isinstance(legal, list):
        view["legal"] = [a for a in legal if _may_send_json(pub, viewer, a)]
    return dict(localize(view, lang))


def _may_send_json(pub: Published, viewer: Viewer, data: Any) -> bool:
    if viewer.role == "watcher":
        return False
    try:
        action = pub.game.actions.from_json(data)
    except UnreadableInput:
        return False
    return may_send(pub.game, pub.state, pub.players, viewer, action)
