"""One short line per action for the history ("Ann guessed 7 (Same guess)").

The session uses ``GAME.describe(action)`` (:mod:`companion.session.summary`). The line is a
catalogue message (:class:`~companion.i18n.Msg`, issue 26): ``str(line)`` is the English, the
web renders it in each device's language. Customers read as their colours ("light blue"); an
action card by the name the edition prints ("a Re-roll card", "a 1 tile further card").
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.base import Message
from companion.games.sushi_express import actions as a
from companion.games.sushi_express import words
from companion.games.sushi_express.cards import ActionCard
from companion.i18n import Msg, msg, nmsg, pmsg


def _listed(items: Sequence[Msg | str]) -> Msg | str:
    """``light blue, tip`` (commas only, as the display lies); "nothing" when empty."""
    if not items:
        return pmsg("sushi-express", "nothing")
    if len(items) == 1:
        return items[0]
    return msg("{first}, {rest}", first=items[0], rest=_listed(items[1:]))


def describe(action: Message) -> Msg | str:
    """The line for ``action``; its kind for an action that is not Sushi Express's."""
    if isinstance(action, a.RevealCustomers):
        cards = _listed([words.customer(card) for card in action.cards])
        return msg("Customers turned up: {cards}", cards=cards)
    if isinstance(action, a.Guess):
        if action.same_guess:
            return msg("{who} guessed {number} ({card})", who=action.player,
                       number=action.number, card=words.ACTION_CARDS[ActionCard.SAME_GUESS])
        return msg("{who} guessed {number}", who=action.player, number=action.number)
    if isinstance(action, a.PlaceExchange):
        return msg("{who} swapped {first} and {second} ({card})", who=action.player,
                   first=action.first, second=action.second,
                   card=words.ACTION_CARDS[ActionCard.PLACE_EXCHANGE])
    if isinstance(action, a.Roll):
        dice = [int(d) for d in action.dice]
        return msg("{who} rolled {dice} = {total}", who=action.player,
                   dice=" + ".join(map(str, dice)), total=sum(dice))
    if isinstance(action, a.ReRoll):
        return msg("{who} re-rolled die {die} to {value}", who=action.player,
                   die=action.die + 1, value=action.value)
    if isinstance(action, a.GiveUp):
        return msg("{who} gave up", who=action.player)
    if isinstance(action, a.Move):
        if action.further:
            return nmsg("{who} moved, {n} tile further", "{who} moved, {n} tiles further",
                        action.further, who=action.player)
        return msg("{who} moved", who=action.player)
    return _describe_more(action)


def _describe_more(action: Message) -> Msg | str:
    if isinstance(action, a.TakeCustomer):
        colour = words.customer(action.card)
        if str(colour)[:1].lower() in tuple("aeiou"):  # English's article: "an orange"
            return msg("{who} took an {colour} customer", who=action.player, colour=colour)
        return msg("{who} took a {colour} customer", who=action.player, colour=colour)
    if isinstance(action, a.Deliver):
        if action.keep:
            return msg("{who} kept the customers left on display", who=action.player)
        return msg("{who} discarded the customers left on display", who=action.player)
    if isinstance(action, a.RecordDraw):
        # No printed name starts with a vowel ("a Re-roll card", "a 1 tile further card").
        return msg("{who} drew a {card} card", who=action.player,
                   card=words.action_card(action.card))
    if isinstance(action, a.DeclareTips):
        return nmsg("{who} showed {n} Tip card", "{who} showed {n} Tip cards", action.tips,
                    who=action.player)
    return action.kind
