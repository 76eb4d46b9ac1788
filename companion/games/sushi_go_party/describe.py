"""One short line per action for the history ("Ann revealed Squid Nigiri + Tempura (chopsticks)").

The session uses ``GAME.describe(action)`` when a title offers it
(:mod:`companion.session.summary`).
"""

from __future__ import annotations

from companion.games.base import Message
from companion.games.sushi_go_party import actions as a
from companion.games.sushi_go_party.cards import CARDS_BY_ID, TYPE_NAMES, CardType


def name(card_id: str) -> str:
    """A card's printed name, a type's name, or the id itself."""
    if card_id == a.FLIPPED:
        return "a flipped card"
    c = CARDS_BY_ID.get(card_id)
    if c is not None:
        return c.name
    try:
        return TYPE_NAMES[CardType(card_id)]
    except ValueError:
        return card_id


def _card(card: str, copies: str, on_wasabi: bool) -> str:
    text = name(card)
    if copies:
        text += f" copying {name(copies)}"
    if on_wasabi:
        text += " on a wasabi"
    return text


def _reveal(x: a.Reveal) -> str:
    text = f"{x.player} revealed {_card(x.card, x.copies, x.on_wasabi)}"
    if x.second:
        text += f" + {_card(x.second, x.second_copies, x.second_on_wasabi)} (chopsticks)"
    if x.ask:
        text += f", spoon asks for {name(x.ask)}"
    return text


def describe(action: Message) -> str:
    if isinstance(action, a.EnterTableau):
        n = len(action.cards) + len(action.on_wasabi) + len(action.special_orders)
        n += len(action.flipped)
        return f"{action.player}'s tableau: {n} card{'s' * (n != 1)}"
    if isinstance(action, a.Reveal):
        return _reveal(action)
    if isinstance(action, a.SpoonGive):
        if not action.giver:
            return "Nobody had what the spoon asked for"
        return f"{action.giver} gave {_card(action.card, action.copies, action.on_wasabi)}"
    if isinstance(action, a.MenuPick):
        if not action.card:
            return "The menu played nothing"
        return f"The menu played {_card(action.card, action.copies, action.on_wasabi)}"
    if isinstance(action, a.Flip):
        n = len(action.positions)
        return f"The take-out box flipped {n} card{'s' * (n != 1)}"
    if isinstance(action, a.MenuDraw):
        return f"The menu drew {', '.join(name(c) for c in action.cards)}"
    if isinstance(action, a.Deal):
        return f"Dealt {len(action.hands)} cards ({len(action.desserts)} desserts shuffled in)"
    return action.kind
