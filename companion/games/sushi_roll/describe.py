"""One short line per action for the history ("Ann took a Maki die showing 3 Maki").

The session uses ``GAME.describe(action)`` when a title offers it
(:mod:`companion.session.summary`).
"""

from __future__ import annotations

from companion.games.base import Message, UnreadableInput
from companion.games.common.wording import with_article
from companion.games.sushi_roll import actions as a
from companion.games.sushi_roll.dice import die, die_name


def _dice(readings: tuple[str, ...]) -> str:
    """The faces only ("Tempura, 3 Maki, Squid"): a belt's dice in one short line."""
    return ", ".join(_face(r) for r in readings)


def _face(reading: str) -> str:
    try:
        return die(reading).face.name
    except UnreadableInput:
        return reading


def describe(action: Message) -> str:
    if isinstance(action, a.Roll):
        return f"{action.player}'s belt rolled: {_dice(action.dice)}"
    if isinstance(action, a.UseMenu):
        return f"{action.player} used a Menu token to re-roll {_dice(action.dice)}"
    if isinstance(action, a.UseChopsticks):
        return (
            f"{action.player} used Chopsticks: gave {die_name(action.give)}, took "
            f"{die_name(action.take)} from {action.other}'s belt"
        )
    if isinstance(action, a.Pick):
        return f"{action.player} took {with_article(die_name(action.die))}"
    if isinstance(action, a.EnterTray):
        n = len(action.dice) + len(action.on_wasabi)
        return f"{action.player}'s tray: {n} {'die' if n == 1 else 'dice'}"
    return action.kind
