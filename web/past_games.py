"""The app's :class:`~companion.session.past.PastGames`, shared by :mod:`web.history` and
:mod:`web.players` (one cache of summaries per app)."""

from __future__ import annotations

from flask import current_app

from companion.session.past import PastGames
from web.context import get_session

PAST_KEY = "companion.past"


def get_past() -> PastGames:
    """The app's :class:`PastGames` (made at the first request, on the session's log)."""
    past: PastGames | None = current_app.extensions.get(PAST_KEY)
    if past is None:
        past = current_app.extensions.setdefault(PAST_KEY, PastGames(get_session().log))
    return past
