"""Short human summaries of actions for the snapshot's history ("Ann guessed 7").

If an engine offers ``describe(action) -> str`` the session uses it; otherwise the phrases here
(per title, per action kind) or, for a kind without a phrase, a generic one built from the
action's fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.base import JSON, Game, Message
from companion.games.common.wording import with_article

Phrase = Callable[[JSON], str]


def _words(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_words(v) for v in value) or "nothing"
    return str(value).replace("_", " ")


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _guess(a: JSON) -> str:
    same = " (Same guess)" if a.get("same_guess") else ""
    return f"{a['player']} guessed {a['number']}{same}"


def _roll(a: JSON) -> str:
    dice = [int(d) for d in a["dice"]]
    return f"{a['player']} rolled {' + '.join(map(str, dice))} = {sum(dice)}"


def _move(a: JSON) -> str:
    further = int(a.get("further", 0))
    extra = f", {_plural(further, 'tile')} further" if further else ""
    return f"{a['player']} moved{extra}"


SUSHI_EXPRESS: dict[str, Phrase] = {
    "reveal_customers": lambda a: f"Customers turned up: {_words(a['cards'])}",
    "guess": _guess,
    "place_exchange": lambda a: (
        f"{a['player']} swapped {a['first']} and {a['second']} (Place exchange)"
    ),
    "roll": _roll,
    "re_roll": lambda a: f"{a['player']} re-rolled die {int(a['die']) + 1} to {a['value']}",
    "give_up": lambda a: f"{a['player']} gave up",
    "move": _move,
    "take_customer": lambda a: f"{a['player']} took {with_article(_words(a['card']))} customer",
    "deliver": lambda a: (
        f"{a['player']} {'kept' if a['keep'] else 'discarded'} the customers left on display"
    ),
    "record_draw": lambda a: f"{a['player']} drew {_words(a['card'])}",
    "declare_tips": lambda a: f"{a['player']} showed {_plural(int(a['tips']), 'Tip card')}",
}

PHRASES: dict[str, dict[str, Phrase]] = {"sushi-express": SUSHI_EXPRESS}


def generic(data: JSON) -> str:
    """``Ann: kind field value, ...`` for any action JSON."""
    rest = {k: v for k, v in data.items() if k not in ("kind", "player")}
    what = _words(data.get("kind", "action"))
    if rest:
        what += " " + ", ".join(f"{_words(k)} {_words(v)}" for k, v in rest.items())
    player = data.get("player")
    return f"{player}: {what}" if isinstance(player, str) else what[:1].upper() + what[1:]


def summarize(game: Game, action: Message) -> str:
    """One short line telling what ``action`` did."""
    describe = getattr(game, "describe", None)
    if callable(describe):
        return str(describe(action))
    data = action.to_json()
    phrase = PHRASES.get(game.info.id, {}).get(action.kind)
    if phrase is None:
        return generic(data)
    try:
        return phrase(data)
    except (KeyError, TypeError, ValueError):
        return generic(data)
