"""Sushi Go! (Phil Walker-Harding): the 10th anniversary edition (2024) and the original (2013),
one rules engine, ``GAME``. The same family as Sushi Go Party!: the same three modes, the same
scoring tables and tie policies (:mod:`companion.games.common.majority`), editions and variants
as data.

Modules: :mod:`.cards` (every card of both editions and every dessert set), :mod:`.options`
(editions, desserts, variants: :class:`~.options.Rules`), :mod:`.tableau` (a round-end
tableau and the checks of a round and a game), :mod:`.lead` (the strawberry pudding's lead
token), :mod:`.desserts` (game-end desserts), :mod:`.scoring`, :mod:`.actions`, :mod:`.events`,
:mod:`.state`, :mod:`.placing`, :mod:`.turns`, :mod:`.rounds`, :mod:`.rules` (``apply``),
:mod:`.legal`, :mod:`.view`, :mod:`.record` (the record's ``final`` shape).

Setup options: ``edition``, ``dessert``, ``variant``, ``must_have_futomaki`` (see
:mod:`.options`) and ``mode`` (``scoring``: tableaux at round end, the default; ``turns``: every
turn with hidden hands; ``simulation``: known deck and hands, for tests and benchmarks).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import (
    JSON,
    GameInfo,
    IllegalAction,
    Message,
    MessageCodec,
    OptionSpec,
    PlayerSpec,
    ScoreSheet,
    UnreadableInput,
    check_players,
)
from companion.games.sushi_go import describe, legal, record, rounds, rules, view
from companion.games.sushi_go.actions import ACTIONS
from companion.games.sushi_go.events import EVENTS
from companion.games.sushi_go.options import (
    ANNIVERSARY,
    DESSERT_CHOICES,
    EDITIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    STANDARD_DESSERT,
    Rules,
    Variant,
    rules_from_options,
)
from companion.games.sushi_go.scoring import GAME_ID, score_game
from companion.games.sushi_go.state import GameState, Mode, Phase

INFO = GameInfo(
    id=GAME_ID,
    name="Sushi Go!",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        OptionSpec(
            key="edition",
            label="Edition",
            default=ANNIVERSARY.id,
            choices=tuple(EDITIONS),
            doc="'10th_anniversary' (2024: futomaki, gyoza, strawberry pudding with its lead "
            "token) or '2013' (the original: maki, dumplings, pudding). Ties split rounded down "
            "and a tie for first leaves no second place in both (D9).",
        ),
        OptionSpec(
            key="dessert",
            label="Dessert",
            default=STANDARD_DESSERT,
            choices=DESSERT_CHOICES,
            doc="'standard': the edition's own; or a 10th anniversary alternative dessert, "
            "scored at game end: frozen_yogurt, bubble_tea, old_fashioned_pudding, mochi (each "
            "player rolls a mochi die on taking a mochi card).",
        ),
        OptionSpec(
            key="variant",
            label="Variant",
            default=Variant.NONE.value,
            choices=tuple(v.value for v in Variant),
            doc="One at a time: two_way_road (pass right in round 2), sushi_golf (lowest total "
            "wins); for 2 players: personal_draw_piles, sushi_battle, dummy_player.",
        ),
        OptionSpec(
            key="must_have_futomaki",
            label="Must have futomaki (2 players)",
            default=False,
            choices=(False, True),
            doc="2 players: a player with no futomaki (maki) is left out of that scoring, so "
            "any futomaki gives the other 6.",
        ),
        OptionSpec(
            key="mode",
            label="How the game is followed",
            default=Mode.SCORING.value,
            choices=(Mode.SCORING.value, Mode.TURNS.value),
            doc="'scoring': enter each tableau at round end; 'turns': enter every turn, checked "
            "as it happens ('simulation', with known hands, is for tests and benchmarks).",
            free=True,
        ),
    ),
)


def _mode(raw: Any) -> Mode:
    try:
        return Mode(raw)
    except ValueError:
        allowed = ", ".join(m.value for m in Mode)
        raise UnreadableInput(f"option 'mode' cannot be {raw!r} (allowed: {allowed})") from None


def _rules(info: GameInfo, players: Sequence[PlayerSpec], options: Mapping[str, Any]) -> Rules:
    check_players(info, players)
    return rules_from_options(info.resolve_options(options), len(players))


class SushiGo:
    """The Sushi Go! engine (implements :class:`companion.games.base.Game`)."""

    info: GameInfo = INFO
    actions: MessageCodec = ACTIONS
    events: MessageCodec = EVENTS

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any]) -> GameState:
        game_rules = _rules(self.info, players, options)
        mode = _mode(self.info.resolve_options(options)["mode"])
        return rounds.setup([p.name for p in players], mode, game_rules)

    def legal_actions(self, state: GameState) -> list[Message]:
        return legal.legal_actions(state)

    def chance_action(self, state: GameState, rng: random.Random) -> Message | None:
        return legal.chance_action(state, rng)

    def apply(self, state: GameState, action: Message) -> tuple[GameState, tuple[Message, ...]]:
        return rules.apply(state, action)

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.OVER

    def score(self, state: GameState) -> ScoreSheet:
        """The completed rounds (and the desserts once the game is over)."""
        return score_game(state.rules, state.names, state.rounds)

    def score_final(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], final: JSON
    ) -> ScoreSheet:
        """Score a record's ``final`` object (shape in :mod:`.record`)."""
        game_rules = _rules(self.info, players, options)
        names = rounds.seat_names([p.name for p in players], game_rules)
        played = record.rounds_from_final(final, names, game_rules)
        return score_game(game_rules, names, played)

    def final_json(self, state: GameState) -> JSON:
        return record.final_to_json(state.rounds)

    def view(self, state: GameState, seat: int | None) -> JSON:
        return view.view(state, seat)

    def actor(self, state: GameState, action: Message) -> int | None:
        return view.actor(state, action)

    def private_to(self, state: GameState, action: Message) -> int | None:
        return None

    def describe(self, action: Message) -> str:
        """One short line for the history (:mod:`.describe`)."""
        return describe.describe(action)


GAME = SushiGo()

__all__ = ["GAME", "INFO", "IllegalAction", "SushiGo"]
