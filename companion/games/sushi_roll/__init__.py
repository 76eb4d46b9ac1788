"""Sushi Roll (Phil Walker-Harding; FR edition Cocktail Games, seed 004): one rules engine,
``GAME``. The Sushi Go family with dice: each player's conveyor belt of dice is rolled, the
red-bordered belt's holder picks first, Menu tokens re-roll one's own belt, Chopsticks tokens
swap a die with another belt, and the dice kept on a tray score at round end.

Modules: :mod:`.dice` (the five die kinds and their faces as an editable table, ruling D7; the
tokens), :mod:`.options` (:class:`~.options.Rules`), :mod:`.tray` (a round-end tray and the
checks of a round and a game), :mod:`.tokens` (taking tokens from the supply), :mod:`.scoring`,
:mod:`.actions`, :mod:`.events`, :mod:`.state`, :mod:`.turns` (rolls, tokens, picks, passing),
:mod:`.rounds` (setup, tray entry, round end), :mod:`.rules` (``apply``), :mod:`.legal`,
:mod:`.view`, :mod:`.record` (the record's ``final`` shape), :mod:`.describe`.

Setup options: ``mode`` (``turns``: every roll, token and pick as it happens, the default;
``scoring``: each tray at round end; ``simulation``: ``turns`` driven by a seeded random
generator, for tests and benchmarks) and ``start_player`` (the seat dealt the red-bordered belt).
Rulings R1-R16 are in ``docs/RULINGS.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import (
    JSON,
    Faces,
    GameInfo,
    IllegalAction,
    MessageCodec,
    OptionSpec,
    PlayerSpec,
    ScoreSheet,
    Title,
)
from companion.games.common.engine import ModuleGame
from companion.games.sushi_roll import describe, legal, needs, record, rounds, rules, view
from companion.games.sushi_roll.actions import ACTIONS
from companion.games.sushi_roll.dice import MAX_PLAYERS, MIN_PLAYERS
from companion.games.sushi_roll.events import EVENTS
from companion.games.sushi_roll.options import Mode, Rules, rules_from_options
from companion.games.sushi_roll.scoring import GAME_ID, score_game
from companion.games.sushi_roll.state import GameState, Phase
from companion.i18n import N_

INFO = GameInfo(
    id=GAME_ID,
    name="Sushi Roll",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        OptionSpec(
            key="mode",
            label=N_("How the game is followed"),
            default=Mode.TURNS.value,
            choices=(Mode.TURNS.value, Mode.SCORING.value),
            doc=N_(
                "Trays at round end: tap each player's tray once the round is over, the quickest. "
                "Turn by turn: tap the first roll of each round, then the die each player takes; "
                "every step is checked at once."
            ),
            free=True,
        ),
        OptionSpec(
            key="start_player",
            label=N_("Red-bordered belt (seat)"),
            default=0,
            choices=tuple(range(MAX_PLAYERS)),
            doc=N_(
                "The seat (0 = first player listed) dealt the red-bordered belt: that player picks "
                "first in round 1."
            ),
        ),
    ),
    dice=Faces.ICONS,
)

#: How the registry lists this title: its menu place, its screens (``web/static/sr-*.js``),
#: its BoardGameGeek id and the contexts of its names the pages show.
TITLE = Title(id=INFO.id, order=40, screens="sr", bgg_id=247342, page_contexts=("sushi-roll",))


class SushiRoll(ModuleGame):
    """The Sushi Roll engine (implements :class:`companion.games.base.Game`)."""

    info: GameInfo = INFO
    actions: MessageCodec = ACTIONS
    events: MessageCodec = EVENTS

    def _rules(self, players: Sequence[PlayerSpec], options: Mapping[str, Any]) -> Rules:
        return rules_from_options(self.resolved(players, options), len(players))

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any]) -> GameState:
        return rounds.setup([p.name for p in players], self._rules(players, options))

    def score(self, state: GameState) -> ScoreSheet:
        """The completed rounds (and the game end once the game is over)."""
        return score_game(state.rules, state.names, state.rounds)

    def score_final(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], final: JSON
    ) -> ScoreSheet:
        """Score a record's ``final`` object (shape in :mod:`.record`)."""
        game_rules = self._rules(players, options)
        names = tuple(p.name for p in players)
        played = record.rounds_from_final(final, names, game_rules)
        return score_game(game_rules, names, played)


GAME = SushiRoll(
    legal=legal, rules=rules, view=view, record=record, describe=describe, over=Phase.OVER,
    needs=needs,
)

__all__ = ["GAME", "INFO", "TITLE", "IllegalAction", "SushiRoll"]
