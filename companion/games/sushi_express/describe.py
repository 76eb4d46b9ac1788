"""One short line per action for the history ("Ann guessed 7 (Same guess)").

The session uses ``GAME.describe(action)`` (:mod:`companion.session.summary`). Card and
customer names read as their values with spaces ("light blue"); an action card by the name the
rulebook prints ("a Re-roll card", "a 1 tile further card").
"""

from __future__ import annotations

from companion.games.base import Message
from companion.games.common.wording import with_article
from companion.games.sushi_express import actions as a
from companion.games.sushi_express.cards import ACTION_CARD_NAMES


def _words(value: str) -> str:
    return value.replace("_", " ")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def describe(action: Message) -> str:
    """The line for ``action``; its kind for an action that is not Sushi Express's."""
    if isinstance(action, a.RevealCustomers):
        cards = ", ".join(_words(card) for card in action.cards) or "nothing"
        return f"Customers turned up: {cards}"
    if isinstance(action, a.Guess):
        same = " (Same guess)" if action.same_guess else ""
        return f"{action.player} guessed {action.number}{same}"
    if isinstance(action, a.PlaceExchange):
        return f"{action.player} swapped {action.first} and {action.second} (Place exchange)"
    if isinstance(action, a.Roll):
        dice = [int(d) for d in action.dice]
        return f"{action.player} rolled {' + '.join(map(str, dice))} = {sum(dice)}"
    if isinstance(action, a.ReRoll):
        return f"{action.player} re-rolled die {action.die + 1} to {action.value}"
    if isinstance(action, a.GiveUp):
        return f"{action.player} gave up"
    if isinstance(action, a.Move):
        extra = f", {_plural(action.further, 'tile')} further" if action.further else ""
        return f"{action.player} moved{extra}"
    return _describe_more(action)


def _describe_more(action: Message) -> str:
    if isinstance(action, a.TakeCustomer):
        return f"{action.player} took {with_article(_words(action.card))} customer"
    if isinstance(action, a.Deliver):
        verb = "kept" if action.keep else "discarded"
        return f"{action.player} {verb} the customers left on display"
    if isinstance(action, a.RecordDraw):
        card = ACTION_CARD_NAMES[action.card]  # "a Re-roll card", "a 1 tile further card"
        return f"{action.player} drew {'an' if card[0] in 'AEIOU' else 'a'} {card} card"
    if isinstance(action, a.DeclareTips):
        return f"{action.player} showed {_plural(action.tips, 'Tip card')}"
    return action.kind
