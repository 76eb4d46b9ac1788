"""Turning up customer cards (setup and the refill in phase 4), and starting a round.

Contract: ``RevealCustomers`` carries exactly as many cards as the display has empty places, and
each card must still be face down in the supply (the composition is known: 8 light blue, 8 dark
blue, 2 of each other colour, 8 tips). A refill that cannot be complete ends the game instead
(see :mod:`.deliver`), so a reveal is never partial. Once the display is full a round starts:
round 1 with the ``start_player`` option, every later round with the previous round's lowest
guess (ruling D4).
"""

from __future__ import annotations

from collections import Counter

from companion.games.base import IllegalAction
from companion.games.sushi_express import words
from companion.games.sushi_express.actions import RevealCustomers
from companion.games.sushi_express.cards import CUSTOMER_DECK, Customer
from companion.games.sushi_express.events import DisplayRevealed, RoundStarted
from companion.games.sushi_express.markers import EMPTY_BOARD
from companion.games.sushi_express.phases.common import Events, wrong_phase
from companion.games.sushi_express.state import CUSTOMER_INDEX, GameState, Phase, evolve
from companion.i18n import Msg, msg, nmsg


def need_reveal(state: GameState) -> int:
    """How many cards the table must turn up now (0 outside the reveal)."""
    return len(state.players) - len(state.display) if state.phase is Phase.REVEAL else 0


def reveal(state: GameState, action: RevealCustomers, events: Events) -> GameState:
    if state.phase is not Phase.REVEAL:
        raise wrong_phase(state, action)
    need = need_reveal(state)
    cards = action.cards
    if len(cards) != need:
        raise IllegalAction(nmsg(
            "The display needs exactly {n} customer card, not {count}",
            "The display needs exactly {n} customer cards, not {count}",
            need, count=len(cards),
        ))
    supply = list(state.supply)
    for card in cards:
        supply[CUSTOMER_INDEX[card]] -= 1
    if min(supply) < 0:
        raise IllegalAction(_too_many(state.supply, cards))
    display = state.display + cards
    events.append(DisplayRevealed(cards, display))
    return start_round(evolve(state, supply=tuple(supply), display=display), events)


def _too_many(supply: tuple[int, ...], cards: tuple[Customer, ...]) -> Msg:
    """The refusal for the first card (in the order turned up) with too few copies left."""
    card, count, left = next(
        (card, count, supply[CUSTOMER_INDEX[card]])
        for card, count in Counter(cards).items()
        if count > supply[CUSTOMER_INDEX[card]]
    )
    name = words.CUSTOMERS[card]
    deck = CUSTOMER_DECK[card]
    if left == 0:
        return msg("All {deck} {colour} customer cards are already out; none is left to turn up",
                   deck=deck, colour=name)
    return nmsg(
        "Only {n} of the {deck} {colour} customer cards are still face down, not {count}",
        "Only {n} of the {deck} {colour} customer cards are still face down, not {count}",
        left, deck=deck, colour=name, count=count,
    )


def start_round(state: GameState, events: Events) -> GameState:
    """A new round in phase 1: round 1 after the first reveal, else the next round number with
    the previous round's lowest guess as start player."""
    if state.rounds:
        number, start = state.round + 1, state.rounds[-1].lowest
    else:
        number, start = state.round, state.start_player
    events.append(RoundStarted(number, state.name(start)))
    return evolve(
        state,
        phase=Phase.GUESS,
        round=number,
        start_player=start,
        board=EMPTY_BOARD,
        gone=frozenset(),
        failed=frozenset(),
        guessed=0,
        exchange_open=None,
        rolling=None,
        pending_take=None,
    )
