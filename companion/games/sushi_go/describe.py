"""One short line per action for the history ("Ann revealed Wasabi + Salmon Nigiri (chopsticks)").

The session uses ``GAME.describe(action)`` when a title offers it
(:mod:`companion.session.summary`).
"""

from __future__ import annotations

from companion.games.base import Message
from companion.games.sushi_go import actions as a
from companion.games.sushi_go.cards import CARDS_BY_ID


def _name(card_id: str) -> str:
    c = CARDS_BY_ID.get(card_id)
    return c.name if c else card_id


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _at(place: tuple[int, ...]) -> str:
    """A sushi battle place as a player reads it (" from row 5, card 2"), "" when not given."""
    return f" from row {place[0]}, card {place[1]}" if len(place) == 2 else ""


def describe(action: Message) -> str:
    if isinstance(action, a.EnterTableau):
        n = len(action.cards) + len(action.on_wasabi)
        text = f"{action.player}'s tableau: {_plural(n, 'card')}"
        if action.lead_takes > 0:
            text += f", took the lead {_plural(action.lead_takes, 'time')}"
        if action.holds_lead:
            text += ", holds the lead token"
        if action.mochi_die:
            text += f", mochi die {action.mochi_die}"
        return text
    if isinstance(action, a.Reveal):
        text = f"{action.player} revealed {_name(action.card)}{_at(action.at)}"
        if action.second:
            text += f" + {_name(action.second)}{_at(action.second_at)} (chopsticks)"
        if action.dummy_card:
            text += f"; the dummy took {_name(action.dummy_card)}"
        return text
    if isinstance(action, a.MochiRoll):
        return f"{action.player} rolled {action.value} on the mochi die"
    if isinstance(action, a.Deal):
        return f"Dealt {_plural(len(action.hands), 'card')}"
    return action.kind
