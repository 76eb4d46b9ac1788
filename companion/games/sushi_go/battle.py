"""Sushi battle: a reveal's cards taken from the pyramid (:mod:`.pyramid` holds the layout).

:func:`take` checks the places a reveal names and lays the pyramid after it: the first card
leaves its place (face-down cards it uncovers are turned up), the second card (chopsticks) may be
any card free after that, one just turned up included ("Jeśli chcesz, możesz wziąć tę kartę jako
2."), and the used chopsticks go face up into the second card's place, so the cards under it stay
covered (and face down).

A round's first reveal decides whether the round's places are entered (ruling G22). A round
entered without places (records from before places were entered) keeps the old reading: any card
of the pyramid may be taken, simulation checks only that the cards are in it.
"""

from __future__ import annotations

from collections import Counter

from companion.games.base import IllegalAction
from companion.games.common.evolve import evolve
from companion.games.sushi_go import actions as a
from companion.games.sushi_go import events as ev
from companion.games.sushi_go import pyramid as p
from companion.games.sushi_go.cards import CHOPSTICKS_ID
from companion.games.sushi_go.placing import Events
from companion.games.sushi_go.state import GameState, Mode
from companion.i18n import msg

_HOW = msg("[row, card]: rows from the top, cards from the left")


def take(state: GameState, action: a.Reveal, who: str, events: Events) -> GameState:
    """The state after ``who`` takes ``action``'s cards from the pyramid; :class:`IllegalAction`
    (state untouched) for a place missing, out of the pyramid, empty, covered, or holding
    another card."""
    if action.second_at and not action.second:
        raise IllegalAction(msg("{who}: a second place needs a second card (chopsticks)", who=who))
    if state.turn == 1:
        state = evolve(state, unplaced=not action.at)
    elif state.unplaced and action.at:
        raise IllegalAction(
            msg(
                "{who}: this round's cards were entered without their places in the pyramid; "
                "enter this one without a place too",
                who=who,
            )
        )
    elif not state.unplaced and not action.at:
        raise IllegalAction(
            msg("{who}: name the card's place in the pyramid ({how})", who=who, how=_HOW)
        )
    if state.unplaced:
        return _take_unplaced(state, action, who)
    if action.second and not action.second_at:
        raise IllegalAction(
            msg("{who}: name the second card's place in the pyramid ({how})", who=who, how=_HOW)
        )
    return _take_placed(state, action, who, events)


def unseen(state: GameState, action: a.Reveal) -> list[str]:
    """The cards of ``action`` the engine does not see at the places named (the supply check
    counts only these): every card but one lying known at its place (turn-by-turn mode: the
    chopsticks put back)."""
    pairs = [(action.card, action.at)]
    if action.second:
        pairs.append((action.second, action.second_at))
    return [card for card, at in pairs if not _seen(state, card, at)]


def _seen(state: GameState, card: str, at: tuple[int, ...]) -> bool:
    if state.unplaced and state.turn > 1:
        return False
    try:
        return state.pool[p.slot_of(at)] == card
    except IllegalAction:
        return False  # no place, or none in the pyramid: take() refuses it


def _take_placed(state: GameState, action: a.Reveal, who: str, events: Events) -> GameState:
    before = state.pool
    first = p.slot_of(action.at)
    p.check_take(before, first, action.card, who)
    after = p.with_card(before, first, p.EMPTY)
    if action.second:
        second = p.slot_of(action.second_at)
        p.check_take(after, second, action.second, who)
        after = p.with_card(after, second, CHOPSTICKS_ID)
    for slot in p.turned_up(before, after):
        known = after[slot] if after[slot] != p.UNKNOWN else ""
        events.append(ev.CardTurnedUp(p.place_of(slot), known))
    return evolve(state, pool=after)


def _take_unplaced(state: GameState, action: a.Reveal, who: str) -> GameState:
    if state.mode is not Mode.SIMULATION:
        return state  # the cards are not known: nothing to check or to lay
    taken = [action.card, *([action.second] if action.second else [])]
    left = Counter(c for c in state.pool if c != p.EMPTY)
    left.subtract(taken)
    if min(left.values(), default=0) < 0:
        raise IllegalAction(msg("{who}: those cards are not all in the pyramid", who=who))
    pool = list(state.pool)
    for i, card in enumerate(taken):
        pool[pool.index(card)] = CHOPSTICKS_ID if i else p.EMPTY
    return evolve(state, pool=tuple(pool))
