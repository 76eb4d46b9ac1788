"""The card needs of the titles entered from their cards (Sushi Go!, Sushi Go Party!).

In scoring mode, at a round's end (phase ``entry``), the table supplies each player's tableau
not entered yet (:class:`~companion.games.base.TableauNeed`), read from the public view. The
action that supplies it is the title's ``enter_tableau``: the cards, the nigiri lying on a
wasabi, and the extras the photo cannot show (every other field of the title's action).

Turn by turn (phase ``reveal``), each player who has not revealed yet supplies the card(s) new
on their table (:class:`~companion.games.base.RevealNeed`); the action is the title's
``reveal`` of one card, or two with chopsticks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from companion.games.base import (
    JSON,
    Message,
    MessageCodec,
    Need,
    RevealNeed,
    Tableau,
    TableauNeed,
    UnreadableInput,
)
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


def reveal_needs(view: JSON) -> tuple[Need, ...]:
    """Each player who has not revealed yet this turn, turn by turn (phase ``reveal``), with
    the cards face up on their table."""
    if view.get("mode") != "turns" or view.get("phase") != "reveal" or view.get("over"):
        return ()
    rnd, turn = view.get("round"), view.get("turn")
    out: list[Need] = []
    for seat, p in enumerate(view.get("players") or []):
        if p.get("revealed"):
            continue
        name = str(p.get("name"))
        table = tuple(str(c["card"]) for c in p.get("table") or [] if not c.get("flipped"))
        out.append(RevealNeed(name, seat, f"reveal|{rnd}|{turn}|{name}",
                              tmsg("{who}'s {what}", who=name, what=tmsg("cards revealed")),
                              table=table))
    return tuple(out)


def reveal_action(actions: MessageCodec, need: RevealNeed, cards: Sequence[str]) -> Message:
    """The ``reveal`` of ``cards`` (one, or two with chopsticks) for ``need``'s player, read by
    the title's codec (:class:`~companion.games.base.UnreadableInput` for no card or more
    than two)."""
    if not cards:
        raise UnreadableInput(f"{need.player} revealed no card")
    if len(cards) > 2:
        raise UnreadableInput(f"{need.player} revealed {len(cards)} cards, but a turn adds one "
                              "(two with chopsticks)")
    data: JSON = {"kind": "reveal", "player": need.player, "card": cards[0]}
    if len(cards) == 2:
        data["second"] = cards[1]
    return actions.from_json(data)
