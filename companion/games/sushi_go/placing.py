"""Putting one card on a table, with the checks that need no hidden hand.

:func:`check_supply` refuses a card the deck can no longer hold: the cards of earlier rounds are
not reshuffled, so every copy played this game counts (known counts only, D8).
:func:`place` puts a card on a table; a nigiri goes on the first empty wasabi by itself (SEED2:
"musisz umieścić tę kartę nigiri na karcie wasabi").
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.base import IllegalAction, Message, UnreadableInput
from companion.games.common.evolve import evolve
from companion.games.sushi_go import events as ev
from companion.games.sushi_go.cards import (
    CARDS_BY_ID,
    NIGIRI_IDS,
    TYPE_OF,
    TYPE_TOTALS,
    WASABI_ID,
)
from companion.games.sushi_go.state import GameState, Placed, Seat
from companion.games.sushi_go.words import TYPE_WORDS, card_label
from companion.i18n import msg

Events = list[Message]


def known_card(state: GameState, card_id: str, who: str) -> None:
    """Refuse an id that is no card (:class:`UnreadableInput`) or not in this game's deck."""
    if card_id not in CARDS_BY_ID:
        raise UnreadableInput(f"{who}: no Sushi Go! card {card_id!r}")
    if card_id not in state.rules.ids:
        raise IllegalAction(
            msg("{who}: {card} is not in this game's deck", who=who, card=card_label(card_id))
        )


def _on_tables(state: GameState, wanted: str) -> int:
    return sum(1 for s in state.seats for p in s.table if p.card == wanted)


def check_supply(state: GameState, card_id: str, who: str, extra: Iterable[str] = ()) -> None:
    """Refuse one more ``card_id`` (``extra``: cards placed with it) beyond the box. Cards the
    engine knows lie in the sushi battle's pyramid (chopsticks put back) count too."""
    c = CARDS_BY_ID[card_id]
    extra = tuple(extra)
    if c.count is not None:
        n = state.out.count(card_id) + _on_tables(state, card_id) + extra.count(card_id) + 1
        n += state.pool.count(card_id)
        if n > c.count:
            raise IllegalAction(
                msg(
                    "{who}: one more {card} would make {n} this game, but the deck holds "
                    "{count} (cards of earlier rounds are not reshuffled)",
                    who=who, card=card_label(c.id), n=n, count=c.count,
                )
            )
    total = TYPE_TOTALS.get(c.type)
    if total is not None:
        same = c.type
        n = sum(1 for x in state.out if TYPE_OF[x] is same)
        n += sum(1 for s in state.seats for p in s.table if TYPE_OF[p.card] is same)
        n += sum(1 for x in extra if TYPE_OF[x] is same) + 1
        if n > total:
            name = TYPE_WORDS.get(same, same.value.replace("_", " "))
            raise IllegalAction(
                msg(
                    "{who}: one more {name} would make {n} this game, but the deck holds {total}",
                    who=who, name=name, n=n, total=total,
                )
            )


def place(state: GameState, seat: int, card_id: str, via: str, events: Events) -> GameState:
    """``seat`` puts ``card_id`` on its table (a nigiri on its first empty wasabi)."""
    s = state.seats[seat]
    table = s.table
    placed = Placed(card_id, state.turn)
    if card_id in NIGIRI_IDS:
        for i, p in enumerate(table):
            if p.card == WASABI_ID and not p.covered:
                table = (*table[:i], evolve(p, covered=True), *table[i + 1 :])
                placed = evolve(placed, on_wasabi=True)
                break
    events.append(ev.CardPlayed(state.names[seat], card_id, via, placed.on_wasabi))
    return with_seat(state, seat, evolve(s, table=(*table, placed)))


def with_seat(state: GameState, seat: int, new: Seat) -> GameState:
    seats = list(state.seats)
    seats[seat] = new
    return evolve(state, seats=tuple(seats))


def has_chopsticks(seat: Seat, turn: int) -> int:
    """Index of chopsticks on the table from an earlier turn (-1 when there are none)."""
    for i, p in enumerate(seat.table):
        if p.card == "chopsticks" and p.turn < turn:
            return i
    return -1
