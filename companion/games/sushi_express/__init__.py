"""Sushi Express (Michael Schacht, Abacus 2005): the pure rules engine, ``GAME``.

Companion mode: the table is the chance player. Customer cards turned up (``RevealCustomers``)
and dice (``Roll``) arrive as actions; action cards are drawn face down, so the engine knows only
how many each player holds, unless the drawing player records them (``RecordDraw``).

Modules: :mod:`.cards` (components), :mod:`.actions` (the action vocabulary), :mod:`.events`,
:mod:`.state`, :mod:`.board` (the ring), :mod:`.markers` (the guess board), :mod:`.hand`
(hidden hands), :mod:`.phases` (``apply`` by phase), :mod:`.rules` (setup, apply, settle),
:mod:`.legal`, :mod:`.odds`, :mod:`.scoring`, :mod:`.view`, :mod:`.describe`. ``GAME`` is a
:class:`~companion.games.common.engine.ModuleGame` like the other titles' engines.

Rulings (house rules as setup options, REFERENCE "Decisions" D2-D4; defaults ours):

* ``express_passed_when_occupied`` (D2, True): driving over Sushi Express while another van
  stands there still passes it (one customer card).
* ``first_lap_from_start`` (D3, False): leaving the start tile is not passing Sushi Express; a
  van passes on reaching or crossing tile 0 again. With True, a van's first departure from the
  start tile counts as passing (in whatever round it first moves).
* ``stack_lowest`` (D4, "bottom"): the bottom marker of the lowest stack is the round's lowest
  guess (starts the next round, decides phase 4); "top" picks the top marker.
* ``start_player`` (0): the seat that guesses first in round 1.

Decisions where the rulebook (or the brief) is silent; each is also stated in its module:

* Place exchange timing (:mod:`.phases.guess`): the player whose turn it is (before guessing),
  and the player who just guessed until the next player acts; the last guesser until the first
  roll. Both numbers must hold markers.
* Phase 2 (:mod:`.phases.roll`): ``GiveUp`` only after a failed second try; a failed second try
  concludes by itself when the roller cannot hold a Re-roll card. ``Roll`` is a table input
  (no actor) although it names the roller; ``ReRoll`` and ``GiveUp`` are the roller's.
* Phase 3 (:mod:`.phases.move`, :mod:`.board`): a van passing Sushi Express while the display is
  empty takes nothing. With D3 on, a van's *first departure* counts, in whatever round it is.
* Phase 4 (:mod:`.phases.deliver`): no decision when nobody moved (forced discard) or when the
  display is empty; when no place is empty the next round starts without a reveal.
* Game end (:mod:`.phases.tips`): Tip action cards are counted; certain counts are filled in,
  the others declared (at least the known Tips, at most what the hand and the deck allow).
* Scoring (:mod:`.scoring`): when every player ties on tips, all are "fewest" and lose the top
  count (0 when nobody has tips). Before the end the score is provisional and counts only known
  Tip action cards.
* Hidden information (:mod:`.view`, :mod:`.events`): ``RecordDraw`` emits no event; ``view``
  shows a hand only to its own seat; the host's ``legal`` list leaves out private actions.
  ``private_to(state, action)`` maps the player's name to a seat.
* ``actor`` raises :class:`~companion.games.base.IllegalAction` for a name not at the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import (
    JSON,
    Faces,
    GameInfo,
    Message,
    MessageCodec,
    OptionSpec,
    PlayerSpec,
    ScoreSheet,
    Title,
)
from companion.games.common.engine import ModuleGame
from companion.games.sushi_express import describe, legal, needs, rules, scoring, view
from companion.games.sushi_express.actions import ACTIONS
from companion.games.sushi_express.cards import MAX_PLAYERS, MIN_PLAYERS
from companion.games.sushi_express.events import EVENTS
from companion.games.sushi_express.state import GameState, Phase
from companion.i18n import N_

INFO = GameInfo(
    id=scoring.GAME_ID,
    name="Sushi Express",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        OptionSpec(
            key="express_passed_when_occupied",
            label=N_("A van passing an occupied Sushi Express takes a customer"),
            default=True,
            choices=(True, False),
            doc=N_(
                "Driving over the Sushi Express tile while another van stands on it still counts "
                "as passing it (one customer card)."
            ),
        ),
        OptionSpec(
            key="first_lap_from_start",
            label=N_("Leaving the start tile counts as passing Sushi Express"),
            default=False,
            choices=(False, True),
            doc=N_(
                "No (the default): a van passes Sushi Express only on reaching or crossing it "
                "again. Yes: its first departure from the start tile already counts."
            ),
        ),
        OptionSpec(
            key="stack_lowest",
            label=N_("Which marker of the lowest stack starts the next round"),
            default="bottom",
            choices=("bottom", "top"),
            doc=N_(
                "The bottom marker (who chose the number first) or the top one starts the next "
                "round and decides the delivery."
            ),
        ),
        OptionSpec(
            key="start_player",
            label=N_("Start player (seat)"),
            default=0,
            choices=tuple(range(MAX_PLAYERS)),
            doc=N_("The seat (0 = first player listed) that guesses first in round 1."),
        ),
    ),
    dice=Faces.PIPS,
)

#: How the registry lists this title. BG Stats gets no BGG id (0): none could be confirmed
#: from a source we trust, and a wrong one would file the play under another game.
TITLE = Title(id=INFO.id, order=10, screens="game")


class SushiExpress(ModuleGame):
    """The Sushi Express engine (implements :class:`companion.games.base.Game`)."""

    info: GameInfo = INFO
    actions: MessageCodec = ACTIONS
    events: MessageCodec = EVENTS

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any]) -> GameState:
        """A new game waiting for the first reveal; refuses 3 > players > 6, repeated names and
        a start player outside the table."""
        resolved = self.resolved(players, options)
        return rules.setup(players, rules.make_rules(resolved, len(players)))

    def score(self, state: GameState) -> ScoreSheet:
        """Final once over; provisional before (see :mod:`.scoring`)."""
        return scoring.score_tallies(scoring.tallies_from_state(state))

    def score_final(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], final: JSON
    ) -> ScoreSheet:
        """Score a record's ``final`` object; its shape is documented in :mod:`.scoring`."""
        self.info.resolve_options(options)
        return scoring.score_tallies(scoring.tallies_from_final(players, final))

    def final_json(self, state: GameState) -> JSON:
        """The record's ``final`` object for ``state`` (the pair of :meth:`score_final`)."""
        return scoring.final_json(state)

    def private_to(self, state: GameState, action: Message) -> int | None:
        """The seat a ``record_draw`` belongs to; ``None`` for other actions."""
        return view.private_to(state, action)

    def facts(self, view: JSON) -> JSON:
        """The customers each player served (the tips are not customers)."""
        served = {p["name"]: sum(n for kind, n in p["customers"].items() if kind != "tip")
                  for p in view["players"]}
        return {"customers": served}


GAME = SushiExpress(
    legal=legal, rules=rules, view=view, record=None, describe=describe, over=Phase.OVER,
    needs=needs,
)

__all__ = ["GAME", "INFO", "TITLE", "SushiExpress"]
