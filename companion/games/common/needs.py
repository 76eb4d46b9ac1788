"""The tableau needs of the titles entered from their cards (Sushi Go!, Sushi Go Party!).

In scoring mode, at a round's end (phase ``entry``), the table supplies each player's tableau
not entered yet (:class:`~companion.games.base.TableauNeed`), read from the public view. The
action that supplies it is the title's ``enter_tableau``: the cards, the nigiri lying on a
wasabi, and the extras the photo cannot show (every other field of the title's action).
"""

from __future__ import annotations

import dataclasses

from companion.games.base import JSON, Message, MessageCodec, Need, Tableau, TableauNeed
from companion.i18n import tmsg

#: The fields of an ``enter_tableau`` action that a reading of the cards supplies.
CARD_FIELDS = frozenset({"player", "cards", "on_wasabi"})


def tableau_extras(action: type[Message]) -> frozenset[str]:
    """What an ``enter_tableau`` of class ``action`` takes besides the cards: its other
    fields."""
    return frozenset(f.name for f in dataclasses.fields(action)) - CARD_FIELDS  # type: ignore[arg-type]


def tableau_needs(view: JSON, extras: frozenset[str]) -> tuple[Need, ...]:
    """Each player's tableau not entered yet, in scoring mode at a round's end."""
    if view.get("mode") != "scoring" or view.get("phase") != "entry" or view.get("over"):
        return ()
    rnd = view.get("round")
    return tuple(
        TableauNeed(str(p.get("name")), seat, f"tableau|{rnd}|{p.get('name')}",
                    tmsg("{who}'s tableau, round {n}", who=str(p.get("name")), n=rnd),
                    extras=extras)
        for seat, p in enumerate(view.get("players") or []) if not p.get("entered")
    )


def tableau_action(actions: MessageCodec, need: TableauNeed, reading: Tableau) -> Message:
    """The ``enter_tableau`` of ``reading`` for ``need``'s player, read by the title's codec
    (:class:`~companion.games.base.UnreadableInput` for a bad extra)."""
    data: JSON = {"kind": "enter_tableau", "player": need.player, "cards": list(reading.cards),
                  "on_wasabi": list(reading.on_wasabi), **reading.extra}
    return actions.from_json(data)
