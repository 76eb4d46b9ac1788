"""Short human summaries of actions for the snapshot's history ("Ann guessed 7").

Every title offers ``describe(action)``: a catalogue message (:class:`~companion.i18n.Msg`,
issue 26) or a plain string. :func:`summary_message` keeps it unrendered (a snapshot renders it
in each reader's language), :func:`summarize` renders it (English by default: the CLI, logs).
A game without ``describe`` gets a generic line built from the action's fields.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import JSON, Game, Message
from companion.i18n import SOURCE, Msg, render


def _words(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_words(v) for v in value) or "nothing"
    return str(value).replace("_", " ")


def generic(data: JSON) -> str:
    """``Ann: kind field value, ...`` for any action JSON."""
    rest = {k: v for k, v in data.items() if k not in ("kind", "player")}
    what = _words(data.get("kind", "action"))
    if rest:
        what += " " + ", ".join(f"{_words(k)} {_words(v)}" for k, v in rest.items())
    player = data.get("player")
    return f"{player}: {what}" if isinstance(player, str) else what[:1].upper() + what[1:]


def summary_message(game: Game, action: Message) -> Msg | str:
    """One short line telling what ``action`` did, not yet rendered."""
    describe = getattr(game, "describe", None)
    if callable(describe):
        line = describe(action)
        return line if isinstance(line, Msg) else str(line)
    return generic(action.to_json())


def summarize(game: Game, action: Message, lang: str = SOURCE) -> str:
    """One short line telling what ``action`` did, in ``lang``."""
    return render(summary_message(game, action), lang)
