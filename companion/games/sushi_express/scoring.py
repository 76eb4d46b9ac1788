"""Scoring (rulebook, "Scoring"), from a live state or from a record's final state.

Contract:

* Per customer colour: 3 points for the first card, 1 for each further card.
* Tips = customer tip cards + Tip action cards. The player(s) with the fewest tips lose as many
  points as the highest tip count; every tied player takes the full penalty. Literal reading,
  kept on purpose: when **all** players tie, all of them are "the fewest" and all lose that
  count (so when nobody has any tip, everyone loses 0).
* Tie-break (``PlayerScore.tiebreak``): the action cards left in hand, Tip cards not counted.
* Every point is a :class:`ScoreLine`; a 0-point "tips" line explains each player's tip count.
* ``score(state)`` works at any point: before the end-of-game tip count it is provisional and
  counts only the Tip action cards the engine knows (recorded draws), and every other unknown
  card as a non-Tip.

The **final JSON** (a game record's ``final``; ``score_final`` reads it, :func:`final_json`
writes it)::

    {"players": [
        {"name": "Claus",
         "customers": {"light_blue": 3, "dark_blue": 2, "rose": 1, "violet": 1, "tip": 1},
         "tip_cards": 0,
         "action_cards": 2}
    ]}

``customers`` maps :class:`Customer` values (colours and ``"tip"`` for customer tip cards) to
the cards the player took; absent keys are 0. ``tip_cards`` counts the Tip **action** cards the
player holds, ``action_cards`` the other action cards left in hand (the tie-break). One entry
per player, every player once, in any order (the sheet follows the setup's seat order).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import (
    JSON,
    IllegalAction,
    PlayerScore,
    PlayerSpec,
    ScoreLine,
    ScoreSheet,
    UnreadableInput,
)
from companion.games.sushi_express import words
from companion.games.sushi_express.cards import (
    ACTION_DECK,
    CUSTOMER_DECK,
    ActionCard,
    Customer,
)
from companion.games.sushi_express.state import GameState
from companion.i18n import msg, nmsg, ntmsg, tmsg

GAME_ID = "sushi-express"
FIRST_CUSTOMER = 3
FURTHER_CUSTOMER = 1
TIEBREAK_LABEL = tmsg("action cards left (Tip cards not counted)")
COLOURS: tuple[Customer, ...] = tuple(c for c in Customer if c is not Customer.TIP)


@dataclass(frozen=True)
class Tally:
    """What a player ends with: customer cards by kind, Tip action cards, other action cards."""

    name: str
    customers: Mapping[Customer, int]
    tip_cards: int
    action_cards: int

    @property
    def tips(self) -> int:
        return self.customers.get(Customer.TIP, 0) + self.tip_cards


def score_tallies(tallies: Sequence[Tally]) -> ScoreSheet:
    """The score sheet for ``tallies`` (see the module docstring for the rules)."""
    most = max((t.tips for t in tallies), default=0)
    fewest = min((t.tips for t in tallies), default=0)
    leaders = [t.name for t in tallies if t.tips == most]
    scores = tuple(
        PlayerScore(
            player=t.name,
            breakdown=_customer_lines(t) + _tip_lines(t, most, fewest, leaders),
            tiebreak=(t.action_cards,),
            tiebreak_label=TIEBREAK_LABEL,
        )
        for t in tallies
    )
    return ScoreSheet(game=GAME_ID, players=scores)


def _customer_lines(t: Tally) -> tuple[ScoreLine, ...]:
    lines: list[ScoreLine] = []
    for colour in COLOURS:
        count = t.customers.get(colour, 0)
        if count <= 0:
            continue
        name = words.CUSTOMERS[colour]
        lines.append(
            ScoreLine(tmsg("first customer"), FIRST_CUSTOMER, colour.value,
                      tmsg("first {colour} customer", colour=name))
        )
        if count > 1:
            more = count - 1
            lines.append(
                ScoreLine(
                    tmsg("further customers"),
                    more * FURTHER_CUSTOMER,
                    colour.value,
                    ntmsg("{n} more {colour} customer, 1 point each",
                          "{n} more {colour} customers, 1 point each", more, colour=name),
                )
            )
    return tuple(lines)


def _tip_lines(t: Tally, most: int, fewest: int, leaders: list[str]) -> tuple[ScoreLine, ...]:
    customer_tips = t.customers.get(Customer.TIP, 0)
    count = ScoreLine(
        tmsg("tips"),
        0,
        "tip",
        tmsg("{customer_tips} + {tip_cards} = {tips}",
             customer_tips=nmsg("{n} customer tip card", "{n} customer tip cards", customer_tips),
             tip_cards=nmsg("{n} Tip action card", "{n} Tip action cards", t.tip_cards),
             tips=nmsg("{n} tip", "{n} tips", t.tips)),
    )
    if t.tips != fewest:
        return (count,)
    if most == fewest:
        detail = ntmsg("everyone has {n} tip, so everyone is fewest",
                       "everyone has {n} tips, so everyone is fewest", most)
    else:
        detail = tmsg("fewest tips ({fewest}); the most is {most} ({leaders})",
                      fewest=fewest, most=most, leaders=", ".join(leaders))
    return (count, ScoreLine(tmsg("fewest tips"), -most, "tip", detail))


def tallies_from_state(state: GameState) -> list[Tally]:
    """Each player's tally now (provisional before the tip count; see the module docstring)."""
    out = []
    for p in state.players:
        tip_cards = (
            p.tips_declared if p.tips_declared is not None else p.hand.known.count(ActionCard.TIP)
        )
        out.append(
            Tally(
                name=p.name,
                customers=Counter(p.customers),
                tip_cards=tip_cards,
                action_cards=p.hand.size - tip_cards,
            )
        )
    return out


def final_json(state: GameState) -> JSON:
    """The record's ``final`` object for ``state`` (shape in the module docstring)."""
    return {
        "players": [
            {
                "name": t.name,
                "customers": {c.value: n for c, n in _in_order(t.customers) if n},
                "tip_cards": t.tip_cards,
                "action_cards": t.action_cards,
            }
            for t in tallies_from_state(state)
        ]
    }


def _in_order(counts: Mapping[Customer, int]) -> list[tuple[Customer, int]]:
    return [(c, counts.get(c, 0)) for c in Customer]


def tallies_from_final(players: Sequence[PlayerSpec], final: Any) -> list[Tally]:
    """Read a record's ``final`` (see the module docstring); malformed data raises
    :class:`UnreadableInput`, impossible counts :class:`IllegalAction`."""
    if not isinstance(final, dict) or not isinstance(final.get("players"), list):
        raise UnreadableInput("the final state needs a 'players' list")
    by_name: dict[str, Tally] = {}
    for entry in final["players"]:
        tally = _read_tally(entry)
        if tally.name in by_name:
            raise UnreadableInput(f"the final state lists {tally.name} twice")
        by_name[tally.name] = tally
    names = [p.name for p in players]
    if set(by_name) != set(names):
        missing = sorted(set(names) - set(by_name))
        extra = sorted(set(by_name) - set(names))
        raise UnreadableInput(
            f"the final state's players do not match the game (missing: {missing}, "
            f"unknown: {extra})"
        )
    tallies = [by_name[n] for n in names]
    _check_composition(tallies)
    return tallies


def _read_tally(entry: Any) -> Tally:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise UnreadableInput("each final player needs a 'name' (text)")
    name = entry["name"]
    raw = entry.get("customers", {})
    if not isinstance(raw, dict):
        raise UnreadableInput(f"{name}: 'customers' must be an object")
    customers: dict[Customer, int] = {}
    for key, value in raw.items():
        try:
            kind = Customer(key)
        except ValueError:
            allowed = ", ".join(c.value for c in Customer)
            raise UnreadableInput(f"{name}: unknown customer {key!r} (one of: {allowed})") from None
        customers[kind] = _count(name, f"customers.{key}", value)
    return Tally(
        name=name,
        customers=customers,
        tip_cards=_count(name, "tip_cards", entry.get("tip_cards", 0)),
        action_cards=_count(name, "action_cards", entry.get("action_cards", 0)),
    )


def _count(name: str, field: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise UnreadableInput(f"{name}: '{field}' must be a whole number, 0 or more")
    return value


def _check_composition(tallies: Sequence[Tally]) -> None:
    for kind, deck in CUSTOMER_DECK.items():
        total = sum(t.customers.get(kind, 0) for t in tallies)
        if total > deck:
            raise IllegalAction(msg(
                "The players hold {total} {colour} customer cards; the game has only {deck}",
                total=total, colour=words.CUSTOMERS[kind], deck=deck,
            ))
    tips = sum(t.tip_cards for t in tallies)
    if tips > ACTION_DECK[ActionCard.TIP]:
        raise IllegalAction(msg(
            "The players hold {tips} Tip action cards; the game has only {deck}",
            tips=tips, deck=ACTION_DECK[ActionCard.TIP],
        ))
    others = sum(n for c, n in ACTION_DECK.items() if c is not ActionCard.TIP)
    if sum(t.action_cards for t in tallies) > others:
        raise IllegalAction(msg(
            "The players hold more than the {others} action cards that are not Tips",
            others=others,
        ))
