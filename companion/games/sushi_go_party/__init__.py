"""Sushi Go Party! (Phil Walker-Harding, Gamewright 2016): the rules engine, ``GAME``.

Modules: :mod:`.cards` (the 181-card catalogue), :mod:`.menus` (presets, à la carte, deal and
dessert tables), :mod:`.tableau` (a round-end tableau and its validation), :mod:`.scoring`,
:mod:`.actions`, :mod:`.events`, :mod:`.state`, :mod:`.placing` (one card onto a table),
:mod:`.turns` (reveals, bonus actions, turn end), :mod:`.rounds` (setup, deal, tableau entry,
round end), :mod:`.rules` (``apply``), :mod:`.legal`, :mod:`.view`, :mod:`.record`.

Setup options: ``menu`` (a preset id such as ``"my_first_meal"``, or an à la carte menu
``{"roll": ..., "appetizers": [3], "specials": [2], "dessert": ...}``; refused with the rule it
breaks, including the player-count limits), ``mode`` (``scoring``: tableaux at round end, the
default; ``turns``: every turn with hidden hands; ``simulation``: known deck and hands, for tests
and benchmarks) and ``all_tie`` (D1).
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
from companion.games.sushi_go_party import describe, legal, record, rounds, rules, view
from companion.games.sushi_go_party.actions import ACTIONS
from companion.games.sushi_go_party.events import EVENTS
from companion.games.sushi_go_party.menus import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    Menu,
    check_menu_for,
    menu_from_json,
)
from companion.games.sushi_go_party.scoring import ALL_TIE_OPTION, ScoringOptions, score_game
from companion.games.sushi_go_party.state import GameState, Mode, Phase

DEFAULT_MENU = "my_first_meal"

INFO = GameInfo(
    id=view.GAME_ID,
    name="Sushi Go Party!",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        OptionSpec(
            key="menu",
            label="Menu",
            default=DEFAULT_MENU,
            choices=tuple(PRESETS),
            doc="One of the 8 preset menus, or an à la carte menu as an object: nigiri plus 1 "
            "roll, 3 appetizers, 2 specials and 1 dessert.",
            free=True,
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
        ALL_TIE_OPTION,
    ),
)


def resolve_menu(raw: Any, players: int) -> tuple[Menu, str]:
    """The menu and its preset id ("" for à la carte); refused with the rule it breaks."""
    if isinstance(raw, str):
        if raw not in PRESETS:
            raise UnreadableInput(f"unknown menu {raw!r} (presets: {', '.join(PRESETS)})")
        menu, menu_id = PRESETS[raw].menu, raw
    else:
        menu = menu_from_json(raw)
        menu_id = next((p.id for p in PRESETS.values() if p.menu == menu), "")
    check_menu_for(menu, players)
    return menu, menu_id


def _mode(raw: Any) -> Mode:
    try:
        return Mode(raw)
    except ValueError:
        allowed = ", ".join(m.value for m in Mode)
        raise UnreadableInput(f"option 'mode' cannot be {raw!r} (allowed: {allowed})") from None


class SushiGoParty:
    """The Sushi Go Party! engine (implements :class:`companion.games.base.Game`)."""

    info: GameInfo = INFO
    actions: MessageCodec = ACTIONS
    events: MessageCodec = EVENTS

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any]) -> GameState:
        check_players(self.info, players)
        resolved = self.info.resolve_options(options)
        menu, menu_id = resolve_menu(resolved["menu"], len(players))
        return rounds.setup(
            [p.name for p in players],
            _mode(resolved["mode"]),
            menu,
            menu_id,
            ScoringOptions.from_options(resolved),
        )

    def legal_actions(self, state: GameState) -> list[Message]:
        return legal.legal_actions(state)

    def chance_action(self, state: GameState, rng: random.Random) -> Message | None:
        return legal.chance_action(state, rng)

    def apply(self, state: GameState, action: Message) -> tuple[GameState, tuple[Message, ...]]:
        return rules.apply(state, action)

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.OVER

    def score(self, state: GameState) -> ScoreSheet:
        """The completed rounds and the desserts kept so far (final once over)."""
        return score_game(state.names, state.rounds, state.menu, state.options)

    def score_final(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], final: JSON
    ) -> ScoreSheet:
        """Score a record's ``final`` object (:mod:`.record`)."""
        check_players(self.info, players)
        resolved = self.info.resolve_options(options)
        menu, _ = resolve_menu(resolved["menu"], len(players))
        names = [p.name for p in players]
        played = record.rounds_from_final(final, names)
        return score_game(names, played, menu, ScoringOptions.from_options(resolved))

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


GAME = SushiGoParty()

__all__ = ["GAME", "INFO", "IllegalAction", "SushiGoParty"]
