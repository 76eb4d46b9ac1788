"""Properties of simulated Sushi Go Party! games (hypothesis draws the seed, the table size
from 2 to 8 and a menu: a preset allowed for that many players or a random valid à la carte
menu).

The table's inputs (the deal, a menu's four cards) come from ``GAME.chance_action``; every
decision is drawn uniformly from ``GAME.legal_actions``. Examples are derandomized, so every run
plays the same games.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import Message, PlayerSpec
from companion.games.sushi_go_party import GAME
from companion.games.sushi_go_party.cards import VARIANTS, CardType, Category, types_in
from companion.games.sushi_go_party.events import (
    CardPlayed,
    CardsFlipped,
    Discarded,
    MenuUsed,
    RoundScored,
    SpoonGiven,
    UramakiScored,
)
from companion.games.sushi_go_party.legal import entry_for
from companion.games.sushi_go_party.menus import PLAYER_LIMITS, PRESETS, player_range
from companion.games.sushi_go_party.placing import kept_physical
from companion.games.sushi_go_party.rounds import round_deck
from companion.games.sushi_go_party.state import GameState, Phase
from companion.games.sushi_go_party.tableau import SPECIAL_ORDER_ID, kept_desserts

from .helpers import entered_at_round_ends, players, replayed_from_json, rescored

GAMES = settings(max_examples=240, deadline=None, derandomize=True)
MANY_GAMES = settings(max_examples=800, deadline=None, derandomize=True)


def allowed(card_type: CardType, n: int) -> bool:
    low, high = PLAYER_LIMITS.get(card_type, (2, 8))
    return low <= n <= high


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, Any]:
    """A player count and a menu for it: a preset id, or an à la carte menu as JSON."""
    n = draw(st.integers(2, 8))
    presets = [p.id for p in PRESETS.values() if player_range(p.menu)[0] <= n
               <= player_range(p.menu)[1]]
    if draw(st.booleans()):
        return n, draw(st.sampled_from(presets))

    def some(category: Category, k: int) -> list[str]:
        choices = [t.value for t in types_in(category) if t is not CardType.NIGIRI
                   and allowed(t, n)]
        picked: list[str] = draw(st.lists(st.sampled_from(choices), min_size=k, max_size=k,
                                          unique=True))
        return picked

    return n, {
        "roll": some(Category.ROLL, 1)[0],
        "appetizers": some(Category.APPETIZER, 3),
        "specials": some(Category.SPECIAL, 2),
        "dessert": some(Category.DESSERT, 1)[0],
    }


SEEDS = st.integers(0, 2**32 - 1)


@dataclass
class Played:
    """A simulated game: its setup, every action and every state after one (``states[0]`` is
    the setup), and every event."""

    specs: list[PlayerSpec]
    options: dict[str, Any]
    actions: list[Message] = field(default_factory=list)
    states: list[GameState] = field(default_factory=list)
    events: list[Message] = field(default_factory=list)

    @property
    def final(self) -> GameState:
        return self.states[-1]


def simulate(seed: int, n: int, menu: Any, keep_states: bool = True) -> Played:
    rng = random.Random(seed)
    specs = players(n)
    options = {"mode": "simulation", "menu": menu}
    state: GameState = GAME.setup(specs, options)
    game = Played(specs, options, states=[state])
    while not GAME.is_over(state):
        assert len(game.actions) < 2_000, "the game did not end"
        action = GAME.chance_action(state, rng) or rng.choice(GAME.legal_actions(state))
        state, events = GAME.apply(state, action)
        game.actions.append(action)
        game.events.extend(events)
        if keep_states:
            game.states.append(state)
    if not keep_states:
        game.states.append(state)
    return game


# ------------------------------------------------------------------ cards are conserved


def box(state: GameState) -> Counter[str]:
    """Every card of the game: the menu's main cards and all 15 of its dessert."""
    out = Counter(state.deck_info.main)
    out.update({c.id: c.count for c in VARIANTS[state.menu.dessert]})
    return out


def kept(state: GameState) -> Counter[str]:
    """Cards kept with the desserts in completed rounds, read from the round tableaux."""
    out: Counter[str] = Counter()
    for tableaux in state.rounds:
        for t in tableaux:
            k = kept_desserts(t)
            out.update(k.cards)
            out[SPECIAL_ORDER_ID] += len(k.special_orders)
    return +out


def accounted(state: GameState, kept_now: Counter[str]) -> Counter[str]:
    """Where every card is now: deck, hands, tables, chopsticks going back to a hand, a menu's
    draw, discards, the dessert pile and the kept desserts ``kept_now`` (between rounds, the
    cards gathered for the next deal stand for the deck)."""
    out = Counter(state.pile)
    out.update(kept_now)
    if state.phase in (Phase.DEAL, Phase.OVER):
        out.update(round_deck(state))
        return out
    out.update(state.deck)
    out.update(state.drawn)
    out.update(state.discards)
    for s in state.seats:
        out.update(s.hand)
        out.update(p.card for p in s.table)
        out.update(s.chopsticks_used)
    return out


@pytest.mark.slow
@MANY_GAMES
@given(seed=SEEDS, table=tables())
def test_every_card_is_conserved_after_every_action(seed: int, table: tuple[int, Any]) -> None:
    game = simulate(seed, *table)
    everything = box(game.final)
    kept_by_round: dict[int, Counter[str]] = {}
    for state in game.states:
        rounds = len(state.rounds)
        if rounds not in kept_by_round:
            kept_by_round[rounds] = kept(state)
            assert kept_physical(state) == kept_by_round[rounds]
        assert accounted(state, kept_by_round[rounds]) == everything, state.phase
        on_tables = Counter(p.card for s in state.seats for p in s.table)
        assert Counter(state.out_round) == on_tables + Counter(state.discards)


@pytest.mark.slow
@GAMES
@given(seed=SEEDS, table=tables())
def test_hands_stay_equal_in_size_and_shrink_one_card_a_turn(
    seed: int, table: tuple[int, Any]
) -> None:
    game = simulate(seed, *table)
    turn_starts = [
        s for s in game.states
        if s.phase is Phase.REVEAL and not any(seat.revealed for seat in s.seats)
    ]
    deal = game.final.deck_info.deal
    assert len(turn_starts) == 3 * deal
    for state in turn_starts:
        assert [len(seat.hand) for seat in state.seats] == [state.hand_size] * state.players
        assert state.hand_size == deal - state.turn + 1


# ------------------------------------------------------------------ scores


@pytest.mark.slow
@GAMES
@given(seed=SEEDS, table=tables())
def test_every_total_is_the_sum_of_its_breakdown_lines(seed: int, table: tuple[int, Any]) -> None:
    game = simulate(seed, *table)
    round_ends = [s for s in game.states if s.phase in (Phase.DEAL, Phase.OVER)]
    for state in round_ends:
        for player in GAME.score(state).players:
            assert player.total == sum(line.points for line in player.breakdown)
    scored = [e.points for e in game.events if isinstance(e, RoundScored)]
    assert tuple(scored) == game.final.round_points and len(scored) == 3


@pytest.mark.slow
@GAMES
@given(seed=SEEDS, table=tables())
def test_scoring_mode_gives_the_same_score_from_the_round_tableaux(
    seed: int, table: tuple[int, Any]
) -> None:
    game = simulate(seed, *table, keep_states=False)
    final = game.final
    options = {"mode": "scoring", "menu": game.options["menu"]}
    entered: GameState = entered_at_round_ends(game.specs, options, final, entry_for)
    assert GAME.is_over(entered)
    assert entered.round_points == final.round_points
    assert GAME.score(entered).to_json() == GAME.score(final).to_json()


@pytest.mark.slow
@GAMES
@given(seed=SEEDS, table=tables())
def test_the_records_final_object_scores_like_the_game(seed: int, table: tuple[int, Any]) -> None:
    game = simulate(seed, *table, keep_states=False)
    sheet = rescored(game.specs, game.options, game.final)
    assert sheet.to_json() == GAME.score(game.final).to_json()


@pytest.mark.slow
@GAMES
@given(seed=SEEDS, table=tables())
def test_replaying_the_action_list_gives_the_live_state(seed: int, table: tuple[int, Any]) -> None:
    game = simulate(seed, *table, keep_states=False)
    assert replayed_from_json(game.specs, game.options, game.actions) == game.final


def test_the_simulated_games_reach_every_bonus_and_table_rule() -> None:
    """The properties above mean something only if random play reaches the rules that move
    cards around: each preset with such cards, a few seeds, 3 and 5 players."""
    seen: set[str] = set()
    for menu in ("points_platter", "master_menu", "big_banquet", "dinner_for_two", "sushi_go",
                 "cutthroat_combo", "party_sampler"):
        for seed in range(4):
            n = 3 if menu != "big_banquet" else 6
            for event in simulate(seed, n, menu, keep_states=False).events:
                if isinstance(event, CardPlayed) and event.via != "reveal":
                    seen.add(f"via {event.via}")
                if isinstance(event, CardPlayed) and event.card == SPECIAL_ORDER_ID:
                    seen.add("special order")
                if isinstance(event, SpoonGiven):
                    seen.add("spoon given" if event.giver else "spoon unanswered")
                if isinstance(event, CardsFlipped) and event.cards:
                    seen.add("flipped")
                if isinstance(event, MenuUsed):
                    seen.add("menu")
                if isinstance(event, UramakiScored):
                    seen.add("uramaki")
                if isinstance(event, Discarded):
                    seen.add(event.why.split()[-1])
    assert seen >= {
        "via chopsticks",
        "via spoon",
        "via menu",
        "special order",
        "spoon given",
        "spoon unanswered",
        "flipped",
        "menu",
        "uramaki",
        "turn",  # misos played this turn
        "hand",  # chopsticks back into the hand
        "copy",  # a special order with nothing to copy
    }, seen
