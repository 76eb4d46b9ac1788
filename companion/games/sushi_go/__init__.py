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
from companion.games.common.dispatch import TABLEAU_MODE_OPTION, mode_from_option
from companion.games.common.engine import ModuleGame
from companion.games.sushi_go import describe, legal, needs, record, rounds, rules, view
from companion.games.sushi_go.actions import ACTIONS
from companion.games.sushi_go.events import EVENTS
from companion.games.sushi_go.options import (
    ANNIVERSARY,
    DESSERT_CHOICES,
    EDITIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    STANDARD_DESSERT,
    Variant,
    rules_from_options,
)
from companion.games.sushi_go.scoring import GAME_ID, score_game
from companion.games.sushi_go.state import GameState, Mode, Phase
from companion.i18n import N_

INFO = GameInfo(
    id=GAME_ID,
    name="Sushi Go!",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        OptionSpec(
            key="edition",
            label=N_("Edition"),
            default=ANNIVERSARY.id,
            choices=tuple(EDITIONS),
            doc=N_(
                "10th anniversary edition (2024: futomaki, gyoza, strawberry pudding with its lead "
                "token) or the original edition (2013: maki, dumplings, pudding). In both, tied "
                "players share the points (rounded down) and a tie for first leaves no second "
                "place."
            ),
        ),
        OptionSpec(
            key="dessert",
            label=N_("Dessert"),
            default=STANDARD_DESSERT,
            choices=DESSERT_CHOICES,
            doc=N_(
                "The edition's own dessert, or one of the 10th anniversary's other desserts, "
                "scored at game end: Frozen yogurt, Bubble tea, Old-fashioned pudding or Mochi (a "
                "player who takes a Mochi card rolls the mochi die)."
            ),
        ),
        OptionSpec(
            key="variant",
            label=N_("Variant"),
            default=Variant.NONE.value,
            choices=tuple(v.value for v in Variant),
            doc=N_(
                "One at a time: Two-way road (pass to the right in round 2), Sushi golf (the "
                "lowest total wins); for 2 players: Personal draw piles, Sushi battle, Dummy "
                "player."
            ),
        ),
        OptionSpec(
            key="must_have_futomaki",
            label=N_("Must have futomaki (2 players)"),
            default=False,
            choices=(False, True),
            doc=N_(
                "2 players: a player with no futomaki (maki) is left out of that scoring, so any "
                "futomaki gives the other 6."
            ),
        ),
        TABLEAU_MODE_OPTION,
    ),
    dice=Faces.PIPS,
    tableau=needs.EXTRAS,
)

#: How the registry lists this title: its menu place, its screens (``web/static/sg-*.js``),
#: its BoardGameGeek id and the contexts of its names the pages show.
TITLE = Title(id=INFO.id, order=30, screens="sg", bgg_id=133473, page_contexts=("sushi-go",))


class SushiGo(ModuleGame):
    """The Sushi Go! engine (implements :class:`companion.games.base.Game`)."""

    info: GameInfo = INFO
    actions: MessageCodec = ACTIONS
    events: MessageCodec = EVENTS

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any]) -> GameState:
        resolved = self.resolved(players, options)
        game_rules = rules_from_options(resolved, len(players))
        mode = mode_from_option(Mode, resolved["mode"])
        return rounds.setup([p.name for p in players], mode, game_rules)

    def score(self, state: GameState) -> ScoreSheet:
        """The completed rounds (and the desserts once the game is over)."""
        return score_game(state.rules, state.names, state.rounds)

    def score_final(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], final: JSON
    ) -> ScoreSheet:
        """Score a record's ``final`` object (shape in :mod:`.record`)."""
        game_rules = rules_from_options(self.resolved(players, options), len(players))
        names = rounds.seat_names([p.name for p in players], game_rules)
        played = record.rounds_from_final(final, names, game_rules)
        return score_game(game_rules, names, played)


GAME = SushiGo(
    legal=legal, rules=rules, view=view, record=record, describe=describe, over=Phase.OVER,
    needs=needs,
)

__all__ = ["GAME", "INFO", "TITLE", "IllegalAction", "SushiGo"]
