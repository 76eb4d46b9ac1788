"""Helpers for the Sushi Express tests: a table of four, scripted play and crafted positions."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from companion.games.base import Message, PlayerSpec
from companion.games.sushi_express import GAME
from companion.games.sushi_express.actions import Deliver, Guess, Move, RevealCustomers, Roll
from companion.games.sushi_express.cards import ActionCard, Customer
from companion.games.sushi_express.hand import count_accounted
from companion.games.sushi_express.state import GameState, Hand, Phase, evolve

from ..table import Table

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
LB, DB, ROSE, VIOLET, GREEN, TIP = (
    Customer.LIGHT_BLUE,
    Customer.DARK_BLUE,
    Customer.ROSE,
    Customer.VIOLET,
    Customer.GREEN,
    Customer.TIP,
)
SAME, FURTHER, EXCHANGE, REROLL, TIPCARD = (
    ActionCard.SAME_GUESS,
    ActionCard.ONE_TILE_FURTHER,
    ActionCard.PLACE_EXCHANGE,
    ActionCard.RE_ROLL,
    ActionCard.TIP,
)
DISPLAY = (LB, DB, ROSE, TIP, VIOLET, GREEN)


_TABLE: Table[GameState] = Table(GAME)
play = _TABLE.play
refused = _TABLE.refused


def players(n: int = 4) -> list[PlayerSpec]:
    return [PlayerSpec(name) for name in NAMES[:n]]


def new_game(n: int = 4, **options: Any) -> GameState:
    """A fresh game (phase REVEAL) for ``n`` players."""
    state: GameState = GAME.setup(players(n), options)
    return state


def started(n: int = 4, display: Iterable[Customer] | None = None, **options: Any) -> GameState:
    """A game after the first reveal: round 1, phase GUESS."""
    cards = tuple(display) if display is not None else DISPLAY[:n]
    state, _ = GAME.apply(new_game(n, **options), RevealCustomers(cards))
    return state


def guessed(state: GameState, numbers: Mapping[str, int]) -> GameState:
    """Everyone guesses in turn order: ``numbers`` maps names to free numbers."""
    while state.phase is Phase.GUESS:
        turn = (state.start_player + state.guessed) % state.n
        name = state.players[turn].name
        state, _ = GAME.apply(state, Guess(name, numbers[name]))
    return state


def with_hand(state: GameState, name: str, *known: ActionCard, unknown: int = 0) -> GameState:
    """``state`` where ``name`` holds exactly ``known`` plus ``unknown`` face-down cards (the
    action supply shrinks or grows to keep 28 cards in the game)."""
    seat = state.seat_of(name)
    assert seat is not None
    order = list(ActionCard)
    hand = Hand(known=tuple(sorted(known, key=order.index)), unknown=unknown)
    old = state.players[seat].hand
    people = list(state.players)
    people[seat] = evolve(people[seat], hand=hand)
    supply = state.action_supply - (hand.size - old.size)
    assert supply >= 0
    return evolve(
        state,
        players=tuple(people),
        action_supply=supply,
        accounted=count_accounted(people, state.played),
    )


def with_vans(state: GameState, tiles: Mapping[str, int]) -> GameState:
    """``state`` with the named vans moved to ``tiles`` (as if they had moved before)."""
    people = list(state.players)
    for name, tile in tiles.items():
        seat = state.seat_of(name)
        assert seat is not None
        people[seat] = evolve(people[seat], tile=tile, left_start=True)
    return evolve(state, players=tuple(people))


def delivering(**options: Any) -> GameState:
    """Round 1 of four played to phase 4 (display light blue, dark blue, rose, tip): Ann 5,
    Ben 9, Cat 7, Dan 3; nobody passed Sushi Express."""
    state, _ = play(
        started(display=(LB, DB, ROSE, TIP), **options),
        Guess("Ann", 5),
        Guess("Ben", 9),
        Guess("Cat", 7),
        Guess("Dan", 3),
        Roll("Ben", (6, 6)),
        Move("Ben"),
        Move("Cat"),
        Move("Ann"),
        Move("Dan"),
    )
    assert state.phase is Phase.DELIVER
    return state


def ending(**hands: tuple[tuple[ActionCard, ...], int]) -> GameState:
    """A game of four whose first phase 4 ends it (the supply cannot refill the display):
    ``hands`` maps names to (known cards, unknown count) just before the delivery."""
    state = delivering()
    for name, (known, unknown) in hands.items():
        state = with_hand(state, name, *known, unknown=unknown)
    state = evolve(state, supply=(1, 0, 0, 0, 0, 0, 0, 0, 0))
    state, _ = GAME.apply(state, Deliver("Dan", keep=False))
    return state


def random_game(
    seed: int, n: int = 4, options: Mapping[str, Any] | None = None, limit: int = 5000
) -> tuple[GameState, list[Message], list[tuple[GameState, Message, tuple[Message, ...]]]]:
    """A random legal game: the table's inputs from ``chance_action`` (or, when a decision is
    also possible, either at random), decisions uniformly from ``legal_actions``."""
    rng = random.Random(seed)
    state = GAME.setup(players(n), dict(options or {}))
    actions: list[Message] = []
    steps: list[tuple[GameState, Message, tuple[Message, ...]]] = []
    while not GAME.is_over(state):
        assert len(actions) < limit, "the game did not end"
        chance = GAME.chance_action(state, rng)
        legal = GAME.legal_actions(state)
        if chance is not None and (not legal or rng.random() < 0.7):
            action = chance
        else:
            assert legal, f"nothing to do in {state.phase}"
            action = rng.choice(legal)
        new, events = GAME.apply(state, action)
        steps.append((state, action, events))
        actions.append(action)
        state = new
    return state, actions, steps
