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

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import (
    JSON,
    GameInfo,
    IllegalAction,
    MessageCodec,
    OptionSpec,
    PlayerSpec,
    ScoreSheet,
    Title,
    UnreadableInput,
)
from companion.games.common.dispatch import TABLEAU_MODE_OPTION, mode_from_option
from companion.games.common.engine import ModuleGame
from companion.games.sushi_go_party import describe, legal, needs, record, rounds, rules, view
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
from companion.i18n import N_

DEFAULT_MENU = "my_first_meal"

INFO = GameInfo(
    id=view.GAME_ID,
    name="Sushi Go Party!",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        OptionSpec(
            key="menu",
            label=N_("Menu"),
            default=DEFAULT_MENU,
            choices=tuple(PRESETS),
            doc=N_(
                "One of the 8 preset menus, or an à la carte menu as an object: nigiri plus 1 "
                "roll, 3 appetizers, 2 specials and 1 dessert."
            ),
            free=True,
        ),
        TABLEAU_MODE_OPTION,
        ALL_TIE_OPTION,
    ),
    tableau=needs.EXTRAS,
)

#: How the registry lists this title: its menu place, its screens (``web/static/sgp-*.js``),
#: its BoardGameGeek id and the contexts of its names the pages show.
TITLE = Title(
    id=INFO.id, order=20, screens="sgp", bgg_id=192291,
    page_contexts=("sushi-go-party", "sushi-go-party menu"),
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


class SushiGoParty(ModuleGame):
    """The Sushi Go Party! engine (implements :class:`companion.games.base.Game`)."""

    info: GameInfo = INFO
    actions: MessageCodec = ACTIONS
    events: MessageCodec = EVENTS

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any]) -> GameState:
        resolved = self.resolved(players, options)
        menu, menu_id = resolve_menu(resolved["menu"], len(players))
        return rounds.setup(
            [p.name for p in players],
            mode_from_option(Mode, resolved["mode"]),
            menu,
            menu_id,
            ScoringOptions.from_options(resolved),
        )

    def score(self, state: GameState) -> ScoreSheet:
        """The completed rounds and the desserts kept so far (final once over)."""
        return score_game(state.names, state.rounds, state.menu, state.options)

    def score_final(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], final: JSON
    ) -> ScoreSheet:
        """Score a record's ``final`` object (:mod:`.record`)."""
        resolved = self.resolved(players, options)
        menu, _ = resolve_menu(resolved["menu"], len(players))
        names = [p.name for p in players]
        played = record.rounds_from_final(final, names)
        return score_game(names, played, menu, ScoringOptions.from_options(resolved))

    def facts(self, view: JSON) -> JSON:
        """The menu played (``{"id", "name"}``: the statistics and BG Stats' comment name it)."""
        menu = view.get("menu")
        return {"menu": {"id": menu["id"], "name": menu["name"]}} if isinstance(menu, dict) else {}


GAME = SushiGoParty(
    legal=legal, rules=rules, view=view, record=record, describe=describe, over=Phase.OVER,
    needs=needs,
)

__all__ = ["GAME", "INFO", "TITLE", "IllegalAction", "SushiGoParty"]
