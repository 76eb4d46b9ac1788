"""One short line per action for the history ("Ann took a Maki die showing 3 Maki").

The session uses ``GAME.describe(action)`` when a title offers it
(:mod:`companion.session.summary`). The line is a catalogue message (issue 26): ``str(line)`` is
the English, the web renders it in each device's language with the dice's printed names.
"""

from __future__ import annotations

from companion.games.base import Message, UnreadableInput
from companion.games.sushi_roll import actions as a
from companion.games.sushi_roll.dice import die
from companion.games.sushi_roll.words import comma_list, die_label, face_label
from companion.i18n import Msg, msg, nmsg


def _dice(readings: tuple[str, ...]) -> Msg | str:
    """The faces only ("Tempura, 3 Maki, Squid"): a belt's dice in one short line."""
    return comma_list([_face(r) for r in readings])


def _face(reading: str) -> Msg | str:
    try:
        return face_label(die(reading).face)
    except UnreadableInput:
        return reading


def describe(action: Message) -> Msg | str:
    if isinstance(action, a.Roll):
        return msg("{who}'s belt rolled: {dice}", who=action.player, dice=_dice(action.dice))
    if isinstance(action, a.UseMenu):
        return msg("{who} used a Menu token to re-roll {dice}", who=action.player,
                   dice=_dice(action.dice))
    if isinstance(action, a.UseChopsticks):
        return msg("{who} used Chopsticks: gave {give}, took {take} from {other}'s belt",
                   who=action.player, give=die_label(action.give), take=die_label(action.take),
                   other=action.other)
    if isinstance(action, a.Pick):
        took = die_label(action.die)
        if str(took)[:1].lower() in tuple("aeiou"):  # English's article: "an Appetizer die"
            return msg("{who} took an {die}", who=action.player, die=took)
        return msg("{who} took a {die}", who=action.player, die=took)
    if isinstance(action, a.EnterTray):
        n = len(action.dice) + len(action.on_wasabi)
        return nmsg("{who}'s tray: {n} die", "{who}'s tray: {n} dice", n, who=action.player)
    return action.kind
