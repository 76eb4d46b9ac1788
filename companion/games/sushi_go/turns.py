"""Turn-by-turn and simulation play: reveals, the lead token, mochi rolls, passing hands.

Our rulings (``docs/RULINGS.md``, Sushi Go!):

* Reveals are simultaneous, so they may be entered in any order (sushi battle: only the player
  whose turn it is). Each card is placed at once; with chopsticks the second card is placed
  right after the first, so a wasabi revealed first takes a nigiri revealed second.
* Chopsticks: on the table since an earlier turn, one per turn, with at least two cards to
  choose from; they go back into the hand at turn end and are passed on with it (sushi battle:
  face up into the pyramid, in the second card's place, :mod:`.battle`).
* After every reveal of the turn: the lead token (:func:`.lead.lead_taker`), then one mochi roll
  per mochi card taken (the table enters each roll; the last one is the die's face).
* Hands pass to the left (seat ``i``'s hand goes to seat ``i + 1``); to the right in round 2 of
  the two-way road. With personal draw piles each player then draws the top card of their pile;
  in the dummy-player variant the two hands are swapped and control of the dummy passes.
"""

from __future__ import annotations

from collections import Counter

from companion.games.base import IllegalAction
from companion.games.common.evolve import evolve
from companion.games.sushi_go import actions as a
from companion.games.sushi_go import battle
from companion.games.sushi_go import events as ev
from companion.games.sushi_go.cards import CHOPSTICKS_ID, MOCHI_ID, TYPE_OF, CardType
from companion.games.sushi_go.desserts import strawberry_symbols
from companion.games.sushi_go.lead import LEAD_POINTS, NOBODY, lead_taker
from companion.games.sushi_go.options import Variant
from companion.games.sushi_go.placing import (
    Events,
    check_supply,
    has_chopsticks,
    known_card,
    place,
    with_seat,
)
from companion.games.sushi_go.rounds import end_round, start_turn
from companion.games.sushi_go.scoring import kept_desserts
from companion.games.sushi_go.state import GameState, Mode, Phase
from companion.games.sushi_go.words import phase_label
from companion.i18n import N_, Msg, msg, nmsg

_STRAWBERRY = CardType.STRAWBERRY_PUDDING


def _need(state: GameState, phase: Phase, refusal: str) -> None:
    """Refuse unless the game waits for ``phase``; ``refusal`` is a message id with a
    ``{phase}`` placeholder (the phase the game waits for)."""
    if state.phase is not phase:
        raise IllegalAction(Msg(refusal, {"phase": phase_label(state.phase)}))


# ------------------------------------------------------------------------------ reveal


def reveal(state: GameState, action: a.Reveal, events: Events) -> GameState:
    _need(state, Phase.REVEAL, N_("a reveal is not expected now (the game waits for: {phase})"))
    who = action.player
    seat = state.seat_of(who)
    if seat == state.dummy_seat:
        raise IllegalAction(
            msg("the dummy does not reveal: the player controlling it names its card (dummy_card)")
        )
    if seat not in state.required():
        raise IllegalAction(
            msg("it is {who}'s turn to take a card", who=state.names[state.mover])
        )
    s = state.seats[seat]
    if s.revealed:
        raise IllegalAction(msg("{who} already revealed this turn (undo to change it)", who=who))
    cards = [action.card, *([action.second] if action.second else [])]
    controls = state.rules.dummy and seat == state.mover
    if controls and not action.dummy_card:
        raise IllegalAction(
            msg("{who} controls the dummy this turn: name the card played for it", who=who)
        )
    if action.dummy_card and not controls:
        raise IllegalAction(msg("{who} does not control the dummy this turn", who=who))
    taken = [*cards, *([action.dummy_card] if action.dummy_card else [])]
    for card_id in taken:
        known_card(state, card_id, who)
    chopsticks = -1
    if action.second:
        chopsticks = has_chopsticks(s, state.turn)
        if chopsticks < 0:
            raise IllegalAction(
                msg("{who}: two cards need chopsticks on the table from an earlier turn", who=who)
            )
    _check_hand(state, seat, taken, action, who)
    if state.rules.variant is Variant.SUSHI_BATTLE:
        state = battle.take(state, action, who, events)
    elif action.at or action.second_at:
        raise IllegalAction(msg("{who}: places are only for the sushi battle's pyramid", who=who))
    if chopsticks >= 0:
        s = evolve(
            s, table=(*s.table[:chopsticks], *s.table[chopsticks + 1 :]), chopsticks_used=True
        )
        events.append(ev.ChopsticksReturned(who, action.second_at))
    if state.mode is Mode.SIMULATION and state.rules.variant is not Variant.SUSHI_BATTLE:
        s = evolve(s, hand=_without(s.hand, taken))
    state = with_seat(state, seat, evolve(s, revealed=True))
    state = place(state, seat, action.card, "reveal", events)
    if action.second:
        state = place(state, seat, action.second, "chopsticks", events)
    if action.dummy_card:
        state = place(state, state.dummy_seat, action.dummy_card, "dummy", events)
    if all(state.seats[i].revealed for i in state.required()):
        state = end_turn(state, events)
    return state


def _check_hand(state: GameState, seat: int, taken: list[str], action: a.Reveal, who: str) -> None:
    """Simulation: the cards are in the hand (the pyramid: :func:`.battle.take` checks it).
    Turn-by-turn: no more cards than there are to choose from, each one not seen at its place
    (:func:`.battle.unseen`) one the deck can still hold."""
    if state.mode is Mode.SIMULATION:
        if state.rules.variant is Variant.SUSHI_BATTLE:
            return
        held = Counter(state.seats[seat].hand)
        held.subtract(taken)
        if min(held.values(), default=0) < 0:
            raise IllegalAction(msg("{who}: those cards are not all in hand", who=who))
        return
    size = state.hand_size(seat)
    if len(taken) > size:
        raise IllegalAction(
            nmsg(
                "{who}: {taken} cards taken but there is {n} to choose from",
                "{who}: {taken} cards taken but there are {n} to choose from",
                size, who=who, taken=len(taken),
            )
        )
    if state.rules.variant is Variant.SUSHI_BATTLE:
        taken = battle.unseen(state, action)
    for i, card_id in enumerate(taken):
        check_supply(state, card_id, who, taken[:i])


def _without(hand: tuple[str, ...], taken: list[str]) -> tuple[str, ...]:
    """Simulation: ``hand`` less the cards taken."""
    cards = list(hand)
    for card_id in taken:
        cards.remove(card_id)
    return tuple(cards)


# ------------------------------------------------------------------------------ turn end


def end_turn(state: GameState, events: Events) -> GameState:
    """Every reveal is in: the lead token, then the mochi rolls (or the turn's end)."""
    if state.rules.dessert is _STRAWBERRY:
        state = _lead(state, events)
    if state.rules.dessert is CardType.MOCHI:
        rolls: list[int] = []
        for seat, s in enumerate(state.seats):
            n = sum(1 for p in s.table if p.turn == state.turn and p.card == MOCHI_ID)
            if n:
                rolls.extend([seat] * n)
                events.append(ev.MochiRollNeeded(state.names[seat], n))
        if rolls:
            return evolve(state, rolls=tuple(rolls), phase=Phase.MOCHI)
    return finish_turn(state, events)


def symbols_now(state: GameState) -> list[int]:
    """Every table's strawberry symbols: kept from earlier rounds and on the table now."""
    return [
        strawberry_symbols(kept_desserts(state.rounds, i))
        + strawberry_symbols([p.card for p in s.table])
        for i, s in enumerate(state.seats)
    ]


def _lead(state: GameState, events: Events) -> GameState:
    played = [
        i
        for i, s in enumerate(state.seats)
        if any(p.turn == state.turn and TYPE_OF[p.card] is _STRAWBERRY for p in s.table)
    ]
    if not played:
        return state
    symbols = symbols_now(state)
    taker = lead_taker(symbols, played, state.lead)
    if taker == NOBODY:
        tied = [i for i in played if symbols[i] == max(symbols)]
        if len(tied) > 1:
            holder = state.names[state.lead] if state.lead != NOBODY else ""
            events.append(ev.LeadTied(tuple(state.names[i] for i in tied), holder))
        return state
    s = state.seats[taker]
    events.append(ev.LeadTaken(state.names[taker], symbols[taker], LEAD_POINTS))
    state = with_seat(state, taker, evolve(s, lead_takes=s.lead_takes + 1))
    return evolve(state, lead=taker)


def mochi_roll(state: GameState, action: a.MochiRoll, events: Events) -> GameState:
    _need(
        state, Phase.MOCHI, N_("a mochi roll is not expected now (the game waits for: {phase})")
    )
    seat = state.seat_of(action.player)
    if seat not in state.rolls:
        waiting = ", ".join(dict.fromkeys(state.names[i] for i in state.rolls))
        raise IllegalAction(
            msg(
                "{who} took no mochi card this turn (waiting for: {waiting})",
                who=action.player, waiting=waiting,
            )
        )
    if not 1 <= action.value <= 6:
        raise IllegalAction(msg("a mochi die shows 1 to 6, not {value}", value=action.value))
    rolls = list(state.rolls)
    rolls.remove(seat)
    dice = list(state.dice)
    dice[seat] = action.value
    events.append(ev.MochiRolled(action.player, action.value))
    state = evolve(state, rolls=tuple(rolls), dice=tuple(dice))
    if rolls:
        return state
    return finish_turn(evolve(state, phase=Phase.REVEAL), events)


def finish_turn(state: GameState, events: Events) -> GameState:
    """Chopsticks back, hands passed (and piles drawn), the next turn or the round's end."""
    rules = state.rules
    passed = "left"
    if rules.variant is Variant.SUSHI_BATTLE:
        passed = ""
    elif rules.players == 2 or rules.dummy:
        passed = "swap"
    elif rules.passes_right(state.round):
        passed = "right"
    if state.mode is Mode.SIMULATION:
        state = _pass_hands(state, passed)
    seats = tuple(evolve(s, revealed=False, chopsticks_used=False) for s in state.seats)
    events.append(ev.TurnEnded(state.round, state.turn, passed))
    state = evolve(state, seats=seats, turn=state.turn + 1, phase=Phase.REVEAL)
    if state.turn > rules.turns:
        return end_round(state, events)
    return start_turn(state)


def _pass_hands(state: GameState, passed: str) -> GameState:
    rules = state.rules
    if rules.variant is Variant.SUSHI_BATTLE:
        return state  # the chopsticks are back in the pyramid already (battle.take)
    back = [(CHOPSTICKS_ID,) if s.chopsticks_used else () for s in state.seats]
    n = rules.players
    hands = [(*state.seats[i].hand, *back[i]) for i in range(n)]
    step = -1 if passed == "right" else 1
    seats = list(state.seats)
    for i in range(n):
        seats[(i + step) % n] = evolve(seats[(i + step) % n], hand=hands[i])
    if rules.variant is Variant.PERSONAL_DRAW_PILES:
        seats = [
            evolve(s, hand=(*s.hand, s.pile[0]), pile=s.pile[1:]) if s.pile and i < n else s
            for i, s in enumerate(seats)
        ]
    return evolve(state, seats=tuple(seats))
