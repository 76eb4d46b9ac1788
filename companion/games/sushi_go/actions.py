"""Sushi Go! actions: what the table enters, by mode (the record's ``actions``).

Every action names the player it concerns by name (the dummy of the dummy-player variant is
``"Dummy"``); cards are catalogue ids (:mod:`.cards`).

*Scoring mode* has one action, :class:`EnterTableau`: a table's cards at round end, with, for the
strawberry pudding, how many times the player took the lead token this round (always asked when
they played one: never assumed) and whether they hold it, and for mochi the die. A tableau may
be entered again (it replaces the earlier one) until the last table's arrives; then the round
is checked as a whole and scored.

*Turn-by-turn* and *simulation* modes follow every turn:

* :class:`Reveal`: the card a player revealed; ``second`` when they used chopsticks; in the
  dummy-player variant the player controlling the dummy also names the card played for it; in
  the sushi battle the places in the pyramid the cards were taken from (:mod:`.pyramid`).
* :class:`MochiRoll`: the face a mochi die showed after its player took a mochi card (one roll
  per mochi card; the camera or a tap enters it).
* :class:`Deal` (simulation only): the cards dealt for the round, from the deck left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.games.base import JSON, Message, MessageCodec
from companion.games.sushi_go.lead import UNSTATED


@dataclass(frozen=True)
class EnterTableau(Message):
    """Scoring mode: ``player``'s table at the end of the current round.

    ``cards``: face-up cards except nigiri on a wasabi (wasabi and this round's desserts
    included). ``on_wasabi``: nigiri lying on a wasabi. ``lead_takes``: strawberry pudding, how
    many times the player took the lead token this round, ``0`` for "never";
    :data:`~.lead.UNSTATED` (left out of the JSON) when not answered, which the rules refuse
    when the tableau holds a strawberry pudding (ruling G23: never assumed) and read as ``0``
    otherwise. ``holds_lead``: they hold it now (may be left out when it is certain: nobody took
    it, or only one player did). ``mochi_die``: mochi, the die's face now (0: unchanged since
    the last round, allowed only when the player took no mochi card this round)."""

    kind: ClassVar[str] = "enter_tableau"
    player: str
    cards: tuple[str, ...] = ()
    on_wasabi: tuple[str, ...] = ()
    lead_takes: int = UNSTATED
    holds_lead: bool = False
    mochi_die: int = 0

    def to_json(self) -> JSON:
        """As :meth:`Message.to_json`, without ``lead_takes`` when it was not answered (the JSON
        then reads back the same: a missing ``lead_takes`` is "not answered")."""
        out = super().to_json()
        if self.lead_takes == UNSTATED:
            del out["lead_takes"]
        return out


@dataclass(frozen=True)
class Reveal(Message):
    """``player`` revealed ``card`` this turn; ``second``: the second card, with chopsticks on
    the table from an earlier turn; ``dummy_card``: the card the dummy's controller played for
    it (dummy-player variant).

    Sushi battle: ``at`` is the place ``(row, card)`` in the pyramid ``card`` was taken from and
    ``second_at`` the place of ``second`` (rows from the top, cards from the left, both from 1;
    :mod:`.pyramid`). A round's first reveal decides: with a place, every reveal of the round
    names its places and they are checked; without (records from before places were entered),
    none does and the pyramid's covering is not checked (ruling G22). Empty in other variants."""

    kind: ClassVar[str] = "reveal"
    player: str
    card: str
    second: str = ""
    dummy_card: str = ""
    at: tuple[int, ...] = ()
    second_at: tuple[int, ...] = ()

    def to_json(self) -> JSON:
        """As :meth:`Message.to_json`, without the places when there are none: a reveal outside
        the battle's places is written as records were before places existed."""
        out = super().to_json()
        for name in ("at", "second_at"):
            if not out[name]:
                del out[name]
        return out


@dataclass(frozen=True)
class MochiRoll(Message):
    """``player``'s mochi die was rolled and shows ``value`` (1-6)."""

    kind: ClassVar[str] = "mochi_roll"
    player: str
    value: int


@dataclass(frozen=True)
class Deal(Message):
    """Simulation: the round's cards from the deck left. ``hands``: every player's hand, seat
    order, flattened; ``piles``: personal draw piles (2 x 5, top first) or the dummy's pile (9);
    ``pool``: the sushi battle's 20 cards as laid in the pyramid, place by place (row by row
    from the top, left to right: :func:`.pyramid.places`)."""

    kind: ClassVar[str] = "deal"
    hands: tuple[str, ...] = ()
    piles: tuple[str, ...] = ()
    pool: tuple[str, ...] = ()


ACTIONS = MessageCodec("action", (EnterTableau, Reveal, MochiRoll, Deal))
