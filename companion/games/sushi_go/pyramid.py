"""The sushi battle's pyramid (SEED2, "Bitwa na sushi"): where its 20 cards lie and which may be
taken. Pure functions over a *pool*, one entry per place.

Layout (ruling G11; the rulebook's picture is lost in our text, so it is data here): 5 rows of
2, 3, 4, 5 and 6 cards, laid from the top row down ("Układaj karty, zaczynając od najwyższego
rzędu"), so each row overlaps the one above it. Card ``c`` of row ``r`` lies under cards ``c``
and ``c + 1`` of row ``r + 1``; the bottom row lies free. Rows 1, 3 and 5 are laid face up, rows
2 and 4 face down. Places are written ``(row, card)``, both counted from 1: rows from the top,
cards from the left; a pool lists the places row by row from the top, left to right.

Rules: a card may be taken only when no card lies on it ("Nie możesz wziąć karty, jeśli jest
zakryta ani jeśli znajduje się na niej inna karta"); a face-down card is turned up as soon as
nothing lies on it, so a card that may be taken is always face up. Used chopsticks go back face
up into the place of the second card taken ("na miejscu 2. wziętej karty"), where they cover
what that card covered.

A pool entry is a card id, :data:`EMPTY` (taken) or :data:`UNKNOWN` (turn-by-turn mode: a card
lies there but the engine was not told which).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from companion.games.base import IllegalAction
from companion.games.sushi_go.words import card_label
from companion.i18n import Msg, msg, nmsg

#: Cards in each row, from the top row (laid first) to the bottom row (laid last, free).
ROWS: tuple[int, ...] = (2, 3, 4, 5, 6)
#: Rows (counted from 1, from the top) laid face down.
FACE_DOWN_ROWS: frozenset[int] = frozenset({2, 4})
#: Places in the pyramid.
SIZE = sum(ROWS)
#: A place whose card was taken.
EMPTY = ""
#: A place holding a card the engine does not know (turn-by-turn mode).
UNKNOWN = "?"

Place = tuple[int, int]


@cache
def places() -> tuple[Place, ...]:
    """Every place, in pool order: row by row from the top, left to right."""
    return tuple((r, c) for r, n in enumerate(ROWS, start=1) for c in range(1, n + 1))


def place_of(slot: int) -> Place:
    """The ``(row, card)`` of pool index ``slot``."""
    return places()[slot]


def place_name(slot: int) -> str:
    """How a player reads a place: ``"row 3, card 2"`` (rows from the top, cards from the
    left)."""
    return str(place_label(slot))


def place_label(slot: int) -> Msg:
    """:func:`place_name` as a message, for a refusal in the reader's language."""
    row, card = place_of(slot)
    return msg("row {row}, card {card}", row=row, card=card)


def slot_of(at: Sequence[int]) -> int:
    """The pool index of place ``at`` = ``(row, card)``; :class:`IllegalAction` for a place
    the pyramid does not have."""
    if len(at) != 2:
        raise IllegalAction(
            msg("a place in the pyramid is [row, card], not {place}", place=str(list(at)))
        )
    row, card = at
    if not 1 <= row <= len(ROWS):
        raise IllegalAction(
            msg(
                "the pyramid has rows 1 (top, {top} cards) to {rows} (bottom, {bottom} cards), "
                "not row {row}",
                top=ROWS[0], rows=len(ROWS), bottom=ROWS[-1], row=row,
            )
        )
    if not 1 <= card <= ROWS[row - 1]:
        raise IllegalAction(
            msg(
                "row {row} of the pyramid has cards 1 to {cards}, not {card}",
                row=row, cards=ROWS[row - 1], card=card,
            )
        )
    return places().index((row, card))


@cache
def lying_on(slot: int) -> tuple[int, ...]:
    """The places of the row below whose cards lie on ``slot`` (none for the bottom row)."""
    row, card = place_of(slot)
    if row == len(ROWS):
        return ()
    return (slot_of((row + 1, card)), slot_of((row + 1, card + 1)))


def covering(pool: Sequence[str], slot: int) -> tuple[int, ...]:
    """The places whose cards still lie on ``slot``."""
    return tuple(s for s in lying_on(slot) if pool[s] != EMPTY)


def is_free(pool: Sequence[str], slot: int) -> bool:
    """A card lies at ``slot`` and nothing lies on it: it may be taken."""
    return pool[slot] != EMPTY and not covering(pool, slot)


def is_face_up(pool: Sequence[str], slot: int) -> bool:
    """The card at ``slot`` shows its face: laid face up, or turned up once uncovered (nothing
    covers a card again, since chopsticks go back only where a free card was taken)."""
    return place_of(slot)[0] not in FACE_DOWN_ROWS or not covering(pool, slot)


def free_places(pool: Sequence[str]) -> tuple[int, ...]:
    """Every place whose card may be taken now."""
    return tuple(s for s in range(len(pool)) if is_free(pool, s))


def hidden_pool() -> tuple[str, ...]:
    """Turn-by-turn mode: a pyramid just laid, its cards not known to the engine."""
    return (UNKNOWN,) * SIZE


def _card_at(pool: Sequence[str], slot: int) -> Msg:
    card = pool[slot]
    if card in (EMPTY, UNKNOWN) or not is_face_up(pool, slot):
        return msg("the card at {place}", place=place_label(slot))
    return msg("the {card} at {place}", card=card_label(card), place=place_label(slot))


def check_take(pool: Sequence[str], slot: int, card: str, who: str) -> None:
    """Refuse taking ``card`` from ``slot`` with the rule it breaks: the place is empty, cards
    still lie on it (naming them), or another card lies there."""
    where = place_label(slot)
    if pool[slot] == EMPTY:
        raise IllegalAction(
            msg("{who}: there is no card left at {place} of the pyramid", who=who, place=where)
        )
    over = covering(pool, slot)
    if over:
        by = [_card_at(pool, s) for s in over]
        if not is_face_up(pool, slot):
            raise IllegalAction(
                nmsg(
                    "{who} cannot take the card at {place}: it is face down and covered by {by} "
                    "(take it first)",
                    "{who} cannot take the card at {place}: it is face down and covered by {by} "
                    "(take them first)",
                    len(over), who=who, place=where, by=by,
                )
            )
        raise IllegalAction(
            nmsg(
                "{who} cannot take the card at {place}: it is covered by {by} (take it first)",
                "{who} cannot take the card at {place}: it is covered by {by} (take them first)",
                len(over), who=who, place=where, by=by,
            )
        )
    if pool[slot] not in (UNKNOWN, card):
        raise IllegalAction(
            msg(
                "{who}: the card at {place} is {card}, not {wanted}",
                who=who, place=where, card=card_label(pool[slot]), wanted=card_label(card),
            )
        )


def with_card(pool: Sequence[str], slot: int, card: str) -> tuple[str, ...]:
    """``pool`` with ``card`` (or :data:`EMPTY`) at ``slot``."""
    return (*pool[:slot], card, *pool[slot + 1 :])


def turned_up(before: Sequence[str], after: Sequence[str]) -> tuple[int, ...]:
    """The face-down places whose cards, still there, are turned up between ``before`` and
    ``after`` (a card turned up and taken at once is not listed)."""
    return tuple(
        s
        for s in range(len(after))
        if after[s] != EMPTY
        and after[s] == before[s]
        and not is_face_up(before, s)
        and is_face_up(after, s)
    )
