"""One short line per action for the history ("Ann revealed Squid Nigiri + Tempura (chopsticks)").

The session uses ``GAME.describe(action)`` when a title offers it
(:mod:`companion.session.summary`). The line is a catalogue message (issue 26): ``str(line)`` is
the English, the web renders it in each device's language with the cards' printed names.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.base import Message
from companion.games.sushi_go_party import actions as a
from companion.games.sushi_go_party.cards import CARDS_BY_ID, CardType
from companion.games.sushi_go_party.words import card_label, type_label
from companion.i18n import Msg, msg, nmsg


def name(card_id: str) -> Msg | str:
    """A card's printed name, a type's name, or the id itself."""
    if card_id == a.FLIPPED:
        return msg("a flipped card")
    if card_id in CARDS_BY_ID:
        return card_label(card_id)
    try:
        return type_label(CardType(card_id))
    except ValueError:
        return card_id


def _card(card: str, copies: str, on_wasabi: bool) -> Msg | str:
    text = name(card)
    if copies:
        text = msg("{card} copying {other}", card=text, other=name(copies))
    if on_wasabi:
        text = msg("{card} on a wasabi", card=text)
    return text


def _listed(items: Sequence[Msg | str]) -> Msg | str:
    """``A, B, C`` (commas only, as the cards lie)."""
    if len(items) <= 1:
        return items[0] if items else ""
    return msg("{first}, {rest}", first=items[0], rest=_listed(items[1:]))


def _reveal(x: a.Reveal) -> Msg:
    text = msg("{who} revealed {card}", who=x.player, card=_card(x.card, x.copies, x.on_wasabi))
    if x.second:
        text = msg("{line} + {card} (chopsticks)", line=text,
                   card=_card(x.second, x.second_copies, x.second_on_wasabi))
    if x.ask:
        text = msg("{line}, spoon asks for {card}", line=text, card=name(x.ask))
    return text


def describe(action: Message) -> Msg | str:
    if isinstance(action, a.EnterTableau):
        n = len(action.cards) + len(action.on_wasabi) + len(action.special_orders)
        n += len(action.flipped)
        return nmsg("{who}'s tableau: {n} card", "{who}'s tableau: {n} cards", n,
                    who=action.player)
    if isinstance(action, a.Reveal):
        return _reveal(action)
    if isinstance(action, a.SpoonGive):
        if not action.giver:
            return msg("Nobody had what the spoon asked for")
        return msg("{who} gave {card}", who=action.giver,
                   card=_card(action.card, action.copies, action.on_wasabi))
    if isinstance(action, a.MenuPick):
        if not action.card:
            return msg("The menu played nothing")
        return msg("The menu played {card}", card=_card(action.card, action.copies,
                                                          action.on_wasabi))
    if isinstance(action, a.Flip):
        return nmsg("The take-out box flipped {n} card", "The take-out box flipped {n} cards",
                    len(action.positions))
    if isinstance(action, a.MenuDraw):
        return msg("The menu drew {cards}", cards=_listed([name(c) for c in action.cards]))
    if isinstance(action, a.Deal):
        # The English always says "cards": the count is the hands dealt, never one.
        return nmsg("Dealt {n} cards ({desserts} desserts shuffled in)",
                    "Dealt {n} cards ({desserts} desserts shuffled in)", len(action.hands),
                    desserts=len(action.desserts))
    return action.kind
