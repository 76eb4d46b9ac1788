"""Properties of random legal games (hypothesis draws the seed, table size and house rules).

Table inputs come from ``chance_action``; decisions uniformly from ``legal_actions``.
"""

from __future__ import annotations

import copy
import json
from itertools import pairwise
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import IllegalAction, Message
from companion.games.sushi_express import GAME
from companion.games.sushi_express.actions import (
    DeclareTips,
    Deliver,
    GiveUp,
    Guess,
    Move,
    PlaceExchange,
    RecordDraw,
    ReRoll,
    TakeCustomer,
)
from companion.games.sushi_express.cards import ActionCard, Customer
from companion.games.sushi_express.events import RoundStarted
from companion.games.sushi_express.hand import count_accounted
from companion.games.sushi_express.state import FULL_CUSTOMER_SUPPLY as FULL
from companion.games.sushi_express.state import GameState, Phase

from .helpers import random_game

OPTIONS = st.fixed_dictionaries(
    {
        "express_passed_when_occupied": st.booleans(),
        "first_lap_from_start": st.booleans(),
        "stack_lowest": st.sampled_from(["bottom", "top"]),
    }
)
GAMES = settings(max_examples=25, deadline=None)


def customers_in_game(state: GameState) -> int:
    taken = sum(len(p.customers) for p in state.players)
    return state.customers_left() + len(state.display) + len(state.discard) + taken


def action_cards_in_game(state: GameState) -> int:
    hands = sum(p.hand.size for p in state.players)
    return state.action_supply + hands + len(state.played)


@GAMES
@given(seed=st.integers(0, 2**32), n=st.integers(3, 6), options=OPTIONS)
def test_cards_are_conserved_at_every_step(seed: int, n: int, options: dict[str, Any]) -> None:
    final, _, steps = random_game(seed, n, options)
    for state in [*(s for s, _, _ in steps), final]:
        assert customers_in_game(state) == 36
        assert action_cards_in_game(state) == 28
        assert state.accounted == count_accounted(state.players, state.played)
        assert all(0 <= c <= d for c, d in zip(state.supply, FULL, strict=True))


@GAMES
@given(seed=st.integers(0, 2**32), n=st.integers(3, 6), options=OPTIONS)
def test_vans_never_share_a_tile_after_they_first_move(
    seed: int, n: int, options: dict[str, Any]
) -> None:
    final, _, steps = random_game(seed, n, options)
    for state in [*(s for s, _, _ in steps), final]:
        for seat, p in enumerate(state.players):
            if p.left_start:
                others = [q.tile for s, q in enumerate(state.players) if s != seat]
                assert p.tile not in others


@GAMES
@given(seed=st.integers(0, 2**32), n=st.integers(3, 6), options=OPTIONS)
def test_each_round_starts_with_the_previous_rounds_lowest_guess(
    seed: int, n: int, options: dict[str, Any]
) -> None:
    final, _, steps = random_game(seed, n, options)
    rounds = final.rounds
    assert rounds, "a game has at least one round"
    for summary in rounds:
        assert summary.guesses[summary.lowest] == min(summary.guesses)
    for before, after in pairwise(rounds):
        assert after.start_player == before.lowest
        assert after.round == before.round + 1
    started = [e for _, _, events in steps for e in events if isinstance(e, RoundStarted)]
    assert [e.round for e in started] == list(range(1, len(started) + 1))
    names = [p.name for p in final.players]
    assert len(started) == len(rounds)
    for event, summary in zip(started[1:], rounds[:-1], strict=True):
        assert event.start_player == names[summary.lowest]


@GAMES
@given(seed=st.integers(0, 2**32), n=st.integers(3, 6), options=OPTIONS)
def test_every_action_and_event_survives_a_json_round_trip(
    seed: int, n: int, options: dict[str, Any]
) -> None:
    _, _, steps = random_game(seed, n, options)
    for _, action, events in steps:
        assert GAME.actions.from_json(json.loads(json.dumps(action.to_json()))) == action
        for event in events:
            assert GAME.events.from_json(json.loads(json.dumps(event.to_json()))) == event


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(3, 6))
def test_apply_never_changes_the_state_it_is_given(seed: int, n: int) -> None:
    _, _, steps = random_game(seed, n)
    for state, action, _ in steps[::7]:
        before = copy.deepcopy(state)
        GAME.apply(state, action)
        assert state == before


def test_every_listed_action_is_accepted_and_the_game_ends_over() -> None:
    for seed in range(3):
        final, _, steps = random_game(seed, 3 + seed)
        assert final.phase is Phase.OVER
        for state, _, _ in steps[::5]:
            for action in GAME.legal_actions(state):
                try:
                    GAME.apply(state, action)
                except IllegalAction as refused:  # pragma: no cover - a failure explains it
                    raise AssertionError(f"{action} was listed but refused: {refused}") from None


def vocabulary(state: GameState) -> list[Message]:
    """Every decision anyone could send (well-formed), legal or not."""
    out: list[Message] = []
    for p in state.players:
        name = p.name
        out += [Guess(name, n, s) for n in range(1, 14) for s in (False, True)]
        out += [PlaceExchange(name, a, a + 1) for a in range(1, 13)]
        out += [ReRoll(name, d, v) for d in (0, 1, 2) for v in range(0, 8)]
        out += [GiveUp(name), Deliver(name, True), Deliver(name, False)]
        out += [Move(name, k) for k in range(-1, 4)]
        out += [TakeCustomer(name, c) for c in Customer]
        out += [RecordDraw(name, c) for c in ActionCard]
        out += [DeclareTips(name, t) for t in range(-1, 4)]
    return out


def test_apply_accepts_exactly_the_listed_decisions() -> None:
    for seed in range(3):
        _, _, steps = random_game(100 + seed, 3 + seed)
        for state, _, _ in steps[::6]:
            listed = set(GAME.legal_actions(state))
            accepted = set()
            for action in vocabulary(state):
                try:
                    GAME.apply(state, action)
                except IllegalAction:
                    continue
                accepted.add(action)
            assert accepted == listed, state.phase
