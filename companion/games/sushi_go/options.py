"""Editions, desserts and variants as data, and :class:`Rules`: everything a game's options fix.

Setup options (``GameInfo`` in :mod:`companion.games.sushi_go`):

* ``edition``: ``10th_anniversary`` (SEED2, the default) or ``2013`` (the original). They
  differ only in data (:class:`Edition`): futomaki or maki, gyoza or dumplings, the strawberry
  pudding with its lead token or the original pudding, whether a player with no roll icons may
  place (REFERENCE ambiguity 30), and the tie-break for the win (2013: most pudding cards).
  Ties always split rounded down, with no second place when first is tied (D9).
* ``dessert``: ``standard`` (the edition's own) or one of the 10th anniversary's alternative
  desserts: ``frozen_yogurt``, ``bubble_tea``, ``old_fashioned_pudding``, ``mochi``.
* ``variant`` (one at a time, SEED2 "Inne opcje rozgrywki"): ``none``, ``two_way_road``,
  ``sushi_golf``, and the 2-player ``personal_draw_piles``, ``sushi_battle``,
  ``dummy_player``.
* ``must_have_futomaki``: the 2-player rule (any 2-player version): a player with no roll icons
  is left out of the roll scoring.

:func:`rules_from_options` refuses a combination the rulebook does not allow with
:class:`~companion.games.base.IllegalAction` naming the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any

from companion.games.base import IllegalAction
from companion.games.sushi_go import words
from companion.games.sushi_go.cards import (
    ANNIVERSARY_MAIN,
    DESSERT_SETS,
    ORIGINAL_MAIN,
    Card,
    CardType,
)
from companion.i18n import msg

MIN_PLAYERS = 2
MAX_PLAYERS = 5
ROUNDS = 3
#: Cards dealt to each player (every edition): 2/3/4/5 players -> 10/9/8/7.
DEAL_SIZES: dict[int, int] = {2: 10, 3: 9, 4: 8, 5: 7}
#: The name of the third seat in the dummy-player variant.
DUMMY_NAME = "Dummy"


@dataclass(frozen=True)
class Edition:
    """What an edition prints and how it breaks ties.

    ``roll``: futomaki or maki (6 for most, 3 for second, split rounded down, no second place
    when first is tied). ``zero_can_place``: may a player with no roll icons place (10th
    anniversary: "in the rare case"; 2013: "a player must have at least 1 sushi roll card").
    ``standard_dessert``: the dessert in the box. ``alternative_desserts``: the dessert sets
    that may replace it. ``pudding_tiebreak``: 2013 breaks a tie for the win on pudding cards.
    """

    id: str
    name: str
    main: tuple[Card, ...]
    roll: CardType
    gyoza: CardType
    zero_can_place: bool
    standard_dessert: CardType
    alternative_desserts: tuple[CardType, ...]
    pudding_tiebreak: bool


ANNIVERSARY = Edition(
    id="10th_anniversary",
    name="10th anniversary edition (2024)",
    main=ANNIVERSARY_MAIN,
    roll=CardType.FUTOMAKI,
    gyoza=CardType.GYOZA,
    zero_can_place=True,
    standard_dessert=CardType.STRAWBERRY_PUDDING,
    alternative_desserts=(
        CardType.FROZEN_YOGURT,
        CardType.BUBBLE_TEA,
        CardType.OLD_FASHIONED_PUDDING,
        CardType.MOCHI,
    ),
    pudding_tiebreak=False,
)
ORIGINAL = Edition(
    id="2013",
    name="original edition (2013)",
    main=ORIGINAL_MAIN,
    roll=CardType.MAKI,
    gyoza=CardType.DUMPLING,
    zero_can_place=False,
    standard_dessert=CardType.PUDDING,
    alternative_desserts=(),
    pudding_tiebreak=True,
)
EDITIONS: dict[str, Edition] = {e.id: e for e in (ANNIVERSARY, ORIGINAL)}
STANDARD_DESSERT = "standard"
DESSERT_CHOICES: tuple[str, ...] = (
    STANDARD_DESSERT,
    *(d.value for d in ANNIVERSARY.alternative_desserts),
)


class Variant(StrEnum):
    """The variants of SEED2 (they cannot be combined)."""

    NONE = "none"
    TWO_WAY_ROAD = "two_way_road"  # pass left in rounds 1 and 3, right in round 2
    SUSHI_GOLF = "sushi_golf"  # the lowest score wins
    PERSONAL_DRAW_PILES = "personal_draw_piles"  # 2p: a hand of 5 and a pile of 5 each
    SUSHI_BATTLE = "sushi_battle"  # 2p: turns in turn from an open pyramid of 20
    DUMMY_PLAYER = "dummy_player"  # 2p: a third seat the players control in turn


TWO_PLAYER_VARIANTS: frozenset[Variant] = frozenset(
    {Variant.PERSONAL_DRAW_PILES, Variant.SUSHI_BATTLE, Variant.DUMMY_PLAYER}
)
#: Personal draw piles: 4 face-down piles of 5 (a hand and a pile each).
PILE_SIZE = 5
#: Sushi battle: the pyramid replaces dealing 10 cards each (ruling G11).
PYRAMID_SIZE = 20
#: Dummy player: deal as for 3 players.
DUMMY_DEAL = DEAL_SIZES[3]


@dataclass(frozen=True)
class Rules:
    """The rules of one game: edition, dessert, variant and the player count (hashable)."""

    edition: Edition
    dessert: CardType
    variant: Variant
    must_have_futomaki: bool
    players: int

    @property
    def dummy(self) -> bool:
        return self.variant is Variant.DUMMY_PLAYER

    @property
    def seats(self) -> int:
        """Tables at the table: the players, and the dummy in the dummy-player variant."""
        return self.players + (1 if self.dummy else 0)

    @property
    def golf(self) -> bool:
        return self.variant is Variant.SUSHI_GOLF

    @property
    def turns(self) -> int:
        """Turns in a round: the cards each table ends the round with."""
        if self.variant is Variant.SUSHI_BATTLE:
            return PYRAMID_SIZE
        return self.table_size

    @property
    def table_size(self) -> int:
        """Cards every table holds at round end (used chopsticks go back, so it is exact)."""
        if self.variant in (Variant.PERSONAL_DRAW_PILES, Variant.SUSHI_BATTLE):
            return 2 * PILE_SIZE
        if self.dummy:
            return DUMMY_DEAL
        return DEAL_SIZES[self.players]

    def passes_right(self, round_no: int) -> bool:
        """Two-way road: hands go right in round 2 (to the left otherwise)."""
        return self.variant is Variant.TWO_WAY_ROAD and round_no == 2

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        """Every card in this game's deck (the edition's main cards and the dessert set)."""
        return (*self.edition.main, *DESSERT_SETS[self.dessert])

    @cached_property
    def ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.cards)

    @property
    def roll_name(self) -> str:
        return self.edition.roll.value


def rules_from_options(options: Mapping[str, Any], players: int) -> Rules:
    """The :class:`Rules` for resolved ``options`` and ``players``; refused with the rule."""
    edition = EDITIONS[options.get("edition", ANNIVERSARY.id)]
    raw_dessert = options.get("dessert", STANDARD_DESSERT)
    if raw_dessert == STANDARD_DESSERT:
        dessert = edition.standard_dessert
    else:
        dessert = CardType(raw_dessert)
        if dessert not in edition.alternative_desserts:
            raise IllegalAction(
                msg(
                    "the alternative desserts come with the 10th anniversary edition, not the "
                    "{edition}",
                    edition=words.EDITIONS.get(edition.id, edition.name),
                )
            )
    variant = Variant(options.get("variant", Variant.NONE.value))
    if variant in TWO_PLAYER_VARIANTS and players != 2:
        raise IllegalAction(
            msg(
                "the {variant} variant is for 2 players, not {players}",
                variant=words.variant_label(variant.value),
                players=players,
            )
        )
    must = bool(options.get("must_have_futomaki", False))
    if must and players != 2:
        raise IllegalAction(
            msg("the 'must have futomaki' rule is for 2 players, not {players}", players=players)
        )
    return Rules(edition, dessert, variant, must, players)
