"""One short line per action for the history ("Ann revealed Wasabi + Salmon Nigiri (chopsticks)").

The session uses ``GAME.describe(action)`` when a title offers it
(:mod:`companion.session.summary`). The line is a catalogue message (issue 26): ``str(line)`` is
the English, the web renders it in each device's language with the cards' printed names.
"""

from __future__ import annotations

from companion.games.base import Message
from companion.games.sushi_go import actions as a
from companion.games.sushi_go.words import card_label
from companion.i18n import Msg, msg, nmsg


def _at(card: str, place: tuple[int, ...]) -> Msg | str:
    """A card and, in the sushi battle, its place ("Tempura from row 5, card 2")."""
    if len(place) == 2:
        return msg("{card} from row {row}, card {column}", card=card_label(card), row=place[0],
                   column=place[1])
    return card_label(card)


def _then(line: Msg | str, more: Msg | str) -> Msg:
    return msg("{line}, {more}", line=line, more=more)


def describe(action: Message) -> Msg | str:
    if isinstance(action, a.EnterTableau):
        n = len(action.cards) + len(action.on_wasabi)
        text: Msg | str = nmsg("{who}'s tableau: {n} card", "{who}'s tableau: {n} cards", n,
                               who=action.player)
        if action.lead_takes > 0:
            text = _then(text, nmsg("took the lead {n} time", "took the lead {n} times",
                                    action.lead_takes))
        if action.holds_lead:
            text = _then(text, msg("holds the lead token"))
        if action.mochi_die:
            text = _then(text, msg("mochi die {value}", value=action.mochi_die))
        return text
    if isinstance(action, a.Reveal):
        text = msg("{who} revealed {card}", who=action.player, card=_at(action.card, action.at))
        if action.second:
            text = msg("{line} + {card} (chopsticks)", line=text,
                       card=_at(action.second, action.second_at))
        if action.dummy_card:
            text = msg("{line}; the dummy took {card}", line=text,
                       card=card_label(action.dummy_card))
        return text
    if isinstance(action, a.MochiRoll):
        return msg("{who} rolled {value} on the mochi die", who=action.player, value=action.value)
    if isinstance(action, a.Deal):
        return nmsg("Dealt {n} card", "Dealt {n} cards", len(action.hands))
    return action.kind
