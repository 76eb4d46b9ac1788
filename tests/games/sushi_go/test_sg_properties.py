"""Properties of simulated Sushi Go! games: hypothesis draws the seed, the edition, the dessert,
the variant, the 2-player rule and a table size they allow.

The table's inputs (the deal, mochi rolls) come from ``GAME.chance_action``; every decision is
drawn uniformly from ``GAME.legal_actions``. Examples are derandomized, so every run plays the
same games. Each game is then played again three ways: replayed from its JSON actions (replay
equals live), entered in scoring mode from its round-end tableaux, and followed turn by turn
with hidden hands; all must give the same score.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from itertools import chain
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import Message
from companion.games.sushi_go import GAME
from companion.games.sushi_go.actions import Deal
from companion.games.sushi_go.events import GameOver, LeadTaken, RoundScored
from companion.games.sushi_go.legal import entry_for
from companion.games.sushi_go.options import TWO_PLAYER_VARIANTS, Variant
from companion.games.sushi_go.pyramid import EMPTY
from companion.games.sushi_go.rounds import full_deck
from companion.games.sushi_go.state import GameState, Phase

from .helpers import (
    entered_at_round_ends,
    players,
    random_game,
    replayed_from_json,
    rescored,
)

GAMES = settings(max_examples=150, deadline=None, derandomize=True)

DESSERTS = ("standard", "frozen_yogurt", "bubble_tea", "old_fashioned_pudding", "mochi")


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    """A player count and setup options it allows."""
    edition = draw(st.sampled_from(["10th_anniversary", "2013"]))
    dessert = draw(st.sampled_from(DESSERTS)) if edition == "10th_anniversary" else "standard"
    variant = draw(st.sampled_from(list(Variant)))
    n = 2 if variant in TWO_PLAYER_VARIANTS else draw(st.integers(2, 5))
    options: dict[str, Any] = {"edition": edition, "dessert": dessert, "variant": variant.value}
    if n == 2:
        options["must_have_futomaki"] = draw(st.booleans())
    return n, options


SEEDS = st.integers(0, 2**32 - 1)


@dataclass
class Played:
    n: int
    options: dict[str, Any]
    actions: list[Message]
    states: list[GameState]
    events: list[Message]

    @property
    def final(self) -> GameState:
        return self.states[-1]


def simulate(n: int, options: dict[str, Any], seed: int) -> Played:
    final, actions = random_game(options, n, seed)
    state = GAME.setup(players(n), {**options, "mode": "simulation"})
    states, events = [state], []
    for action in actions:
        state, new = GAME.apply(state, action)
        states.append(state)
        events.extend(new)
    assert state == final
    return Played(n, options, actions, states, events)


@given(tables(), SEEDS)
@GAMES
def test_simulated_games_keep_every_property(table: tuple[int, dict[str, Any]], seed: int) -> None:
    n, options = table
    game = simulate(n, options, seed)
    final = game.final
    assert final.phase is Phase.OVER
    sheet = GAME.score(final)
    sheet_json = sheet.to_json()

    # scores are the sum of their breakdown lines, and the events agree with the sheet
    for p in sheet_json["players"]:
        assert p["total"] == sum(line["points"] for line in p["breakdown"])
    over = [e for e in game.events if isinstance(e, GameOver)]
    assert [tuple(p.total for p in sheet.players)] == [o.totals for o in over]
    rounds = [e.points for e in game.events if isinstance(e, RoundScored)]
    assert rounds == list(final.round_points) and len(rounds) == 3
    ranked = [r["total"] for r in sheet_json["ranking"]]
    assert ranked == sorted(ranked, reverse=not final.rules.golf)

    # every table ends each round with the cards dealt; lead takes match the events
    for tableaux in final.rounds:
        assert all(len(t.physical()) == final.rules.table_size for t in tableaux)
        assert sum(t.holds_lead for t in tableaux) <= 1
    takes = Counter(e.player for e in game.events if isinstance(e, LeadTaken))
    for seat, name in enumerate(final.names):
        assert takes[name] == sum(r[seat].lead_takes for r in final.rounds)

    # no card is created or lost in simulation
    whole = Counter(full_deck(final.rules))
    for state in game.states[1:]:
        pyramid = [c for c in state.pool if c != EMPTY]  # battle: chopsticks are back at once
        held = Counter(state.deck) + Counter(state.out) + Counter(pyramid)
        back = state.rules.variant is not Variant.SUSHI_BATTLE
        for s in state.seats:
            held.update(chain(s.hand, s.pile, (p.card for p in s.table)))
            held.update(["chopsticks"] * (s.chopsticks_used and back))  # on their way back
        assert held == whole

    # replay from the JSON actions equals the live game
    simulation = {**options, "mode": "simulation"}
    assert replayed_from_json(players(n), simulation, game.actions) == final

    # the record's final object scores the same
    assert rescored(players(n), options, final).to_json() == sheet_json

    # scoring mode, from the round-end tableaux, gives the same totals
    scoring = entered_at_round_ends(players(n), {**options, "mode": "scoring"}, final, entry_for)
    assert scoring.phase is Phase.OVER
    assert GAME.score(scoring).to_json() == sheet_json

    # turn by turn with hidden hands: the same reveals and rolls, the same game
    turns = GAME.setup(players(n), {**options, "mode": "turns"})
    for action in game.actions:
        if not isinstance(action, Deal):
            turns, _ = GAME.apply(turns, action)
    assert turns.phase is Phase.OVER and turns.rounds == final.rounds
    assert GAME.score(turns).to_json() == sheet_json

    json.dumps(GAME.view(final, 0))
    json.dumps(GAME.view(game.states[len(game.states) // 2], None))
