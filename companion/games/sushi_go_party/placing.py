"""Putting one card on a player's table, with every check that needs no hidden hand.

:func:`place` is used for a revealed card, the second card of chopsticks, the card a spoon
brings and the card a menu picks. It refuses (:class:`IllegalAction`) a card not on the menu, a
copy beyond the deck (counting every card out of the deck this round and the desserts kept in
earlier rounds), more dessert cards than were shuffled in so far, and a special order that copies
nothing it may copy. A nigiri goes on an empty wasabi by itself; a menu or a take-out box is
discarded at once and queued as a bonus action (:class:`~.state.Pending`) in corner order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from itertools import chain

from companion.games.base import IllegalAction, Message, UnreadableInput
from companion.games.common.evolve import evolve
from companion.games.sushi_go_party import events as ev
from companion.games.sushi_go_party.actions import FLIPPED
from companion.games.sushi_go_party.cards import CARDS_BY_ID, CardType, Category
from companion.games.sushi_go_party.menus import Menu
from companion.games.sushi_go_party.state import GameState, Pending, Placed, Seat
from companion.games.sushi_go_party.tableau import (
    SPECIAL_ORDER_ID,
    TYPE_OF,
    WASABI_ID,
    Tableau,
    kept_desserts,
)
from companion.games.sushi_go_party.words import card_label
from companion.i18n import Msg, msg

Events = list[Message]

_QUEUED = {CardType.MENU: "menu", CardType.TAKEOUT_BOX: "takeout"}
CORNER_OF: dict[str, int] = {i: c.corner for i, c in CARDS_BY_ID.items() if c.corner is not None}
DESSERT_IDS = frozenset(i for i, c in CARDS_BY_ID.items() if c.category is Category.DESSERT)


def card_name(card_id: str) -> Msg | str:
    """The printed name of ``card_id`` as a message (the id quoted when it is no card)."""
    return card_label(card_id)


def known_card(card_id: str, what: str) -> CardType:
    """The type of ``card_id``; :class:`UnreadableInput` for an id that is no card."""
    t = TYPE_OF.get(card_id)
    if t is None:
        raise UnreadableInput(f"{what}: no Sushi Go Party! card {card_id!r}")
    return t


def kept_physical(state: GameState) -> Counter[str]:
    """Physical cards kept with the desserts in completed rounds (special orders included)."""
    return Counter(state.kept_out)


def kept_of(tableaux: Iterable[Tableau]) -> tuple[str, ...]:
    """The physical cards ``tableaux`` keep with the desserts (special orders as such)."""
    out: list[str] = []
    for t in tableaux:
        k = kept_desserts(t)
        out.extend(k.cards)
        out.extend(SPECIAL_ORDER_ID for _ in k.special_orders)
    return tuple(out)


def out_of_deck(state: GameState) -> Counter[str]:
    """Physical cards out of the deck now: on the tables, discarded this round, kept desserts."""
    out = kept_physical(state)
    out.update(p.card for p in chain.from_iterable(s.table for s in state.seats))
    out.update(state.discards)
    return out


def _count_out(state: GameState, card_id: str, extra: tuple[str, ...]) -> int:
    return state.kept_out.count(card_id) + state.out_round.count(card_id) + extra.count(card_id)


def _desserts_out(state: GameState, extra: tuple[str, ...]) -> int:
    cards = (*state.kept_out, *state.out_round, *extra)
    return sum(1 for c in cards if c in DESSERT_IDS)


def check_supply(
    state: GameState,
    card_id: str,
    who: str | Msg,
    extra: Iterable[str] = (),
    from_hand: int | None = None,
) -> None:
    """Refuse ``card_id`` if the deck cannot hold one more copy (``extra``: cards about to be
    placed with it), or a dessert card beyond those shuffled in so far. In turn-by-turn mode a
    copy known to be in another hand (``state.known``; ``from_hand``: the hand the card comes
    from, ``None`` for the deck) is not available either."""
    extra = tuple(extra)
    deck = state.deck_info
    most = deck.most(card_id)
    out = _count_out(state, card_id, extra)
    if out + 1 > most:
        raise IllegalAction(
            msg(
                "{who}: one more {card} would make {count}, but the deck for {players} players "
                "holds {most}",
                who=who, card=card_name(card_id), count=out + 1, players=state.players,
                most=most,
            )
        )
    if state.known:
        _check_known(state, card_id, who, out, from_hand)
    if card_id in DESSERT_IDS:
        shuffled = sum(deck.schedule[: state.round])
        held = _desserts_out(state, extra)
        if held + 1 > shuffled:
            raise IllegalAction(
                msg(
                    "{who}: one more dessert card would make {count}, but only {shuffled} were "
                    "shuffled in by round {round}",
                    who=who, count=held + 1, shuffled=shuffled, round=state.round,
                )
            )


def _check_known(
    state: GameState, card_id: str, who: str | Msg, out: int, from_hand: int | None
) -> None:
    elsewhere = [h for h, cards in enumerate(state.known) if h != from_hand and card_id in cards]
    held = sum(state.known[h].count(card_id) for h in elsewhere)
    if held and out + held + 1 > state.deck_info.most(card_id):
        holder = state.names[state.holder_of(elsewhere[0])]
        raise IllegalAction(
            msg(
                "{who}: no {card} can be played from here: {held} went back into a hand "
                "({holder} holds it now) and the others are out",
                who=who, card=card_name(card_id), held=held, holder=holder,
            )
        )


def take_known(state: GameState, hand: int, card_id: str) -> GameState:
    """Forget ``card_id`` in hand ``hand`` (it was played from there), if it was known."""
    if not state.known or card_id not in state.known[hand]:
        return state
    cards = list(state.known[hand])
    cards.remove(card_id)
    known = list(state.known)
    known[hand] = tuple(cards)
    return evolve(state, known=tuple(known))


def add_known(state: GameState, seat: int, cards: Iterable[str]) -> GameState:
    """Turn-by-turn mode: ``cards`` went into the hand ``seat`` holds this turn."""
    if not state.known:
        return state
    h = state.hand_of(seat)
    known = list(state.known)
    known[h] = (*known[h], *cards)
    return evolve(state, known=tuple(known))


def place(
    state: GameState,
    seat: int,
    card_id: str,
    copies: str,
    on_wasabi: bool,
    via: str,
    events: Events,
    from_hand: int | None = None,
) -> GameState:
    """``seat`` plays ``card_id`` onto their table (see the module docstring); ``from_hand``:
    the hand it comes from (``None``: the deck)."""
    who = state.names[seat]
    card_type = known_card(card_id, who)
    if card_type not in menu_types(state.menu):
        raise IllegalAction(
            msg(
                "{who}: {card} is not on this menu (a card type not on the menu is not in "
                "the deck)",
                who=who, card=card_name(card_id),
            )
        )
    check_supply(state, card_id, who, from_hand=from_hand)
    if from_hand is not None:
        state = take_known(state, from_hand, card_id)
    if on_wasabi and card_type is not CardType.SPECIAL_ORDER:
        raise IllegalAction(
            msg(
                "{who}: only a special order copying a nigiri chooses to go on a wasabi (a "
                "nigiri goes on an empty wasabi by itself)",
                who=who,
            )
        )
    if copies and card_type is not CardType.SPECIAL_ORDER:
        raise IllegalAction(msg("{who}: only a special order copies a card", who=who))
    out_round = (*state.out_round, card_id)
    s = state.seats[seat]
    table = s.table
    if card_type in _QUEUED:
        if via == "menu" and card_type is CardType.MENU:
            raise IllegalAction(msg("{who}: a menu cannot pick another menu", who=who))
        pending = Pending(CORNER_OF[card_id], seat, _QUEUED[card_type])
        events.append(ev.CardPlayed(who, card_id, card_id, via))
        return evolve(
            state,
            pending=tuple(sorted((*state.pending, pending), key=_order)),
            discards=(*state.discards, card_id),
            out_round=out_round,
        )
    if card_type is CardType.SPECIAL_ORDER:
        return _special_order(state, seat, copies, on_wasabi, via, events, out_round)
    placed = Placed(card_id, state.turn)
    if card_type is CardType.NIGIRI:
        table, placed = _onto_wasabi(table, placed)
    events.append(ev.CardPlayed(who, card_id, card_id, via))
    return _put(state, seat, (*table, placed), out_round)


def _put(
    state: GameState, seat: int, table: tuple[Placed, ...], out_round: tuple[str, ...]
) -> GameState:
    """``state`` with ``seat``'s new table and the cards out this round, in one copy."""
    seats = list(state.seats)
    seats[seat] = evolve(seats[seat], table=table)
    return evolve(state, seats=tuple(seats), out_round=out_round)


@lru_cache(maxsize=64)
def menu_types(menu: Menu) -> frozenset[CardType]:
    """The card types of ``menu`` (a frozenset, cached: ``Menu.types`` builds a tuple)."""
    return frozenset(menu.types)


def return_to_hand(state: GameState, card_id: str) -> GameState:
    """``card_id`` left the table for a hand (used chopsticks, a spoon given away)."""
    out = list(state.out_round)
    out.remove(card_id)
    return evolve(state, out_round=tuple(out))


def _order(p: Pending) -> tuple[int, int]:
    return (p.corner, p.seat)


def with_table(state: GameState, seat: int, table: tuple[Placed, ...]) -> GameState:
    seats = list(state.seats)
    seats[seat] = evolve(seats[seat], table=table)
    return evolve(state, seats=tuple(seats))


def with_seat(state: GameState, seat: int, new: Seat) -> GameState:
    seats = list(state.seats)
    seats[seat] = new
    return evolve(state, seats=tuple(seats))


def _empty_wasabi(table: tuple[Placed, ...]) -> int:
    for i, p in enumerate(table):
        if p.scores_as == WASABI_ID and not p.covered and not p.flipped:
            return i
    return -1


def _onto_wasabi(table: tuple[Placed, ...], placed: Placed) -> tuple[tuple[Placed, ...], Placed]:
    """Put ``placed`` (a nigiri) on the first empty wasabi, if there is one."""
    i = _empty_wasabi(table)
    if i < 0:
        return table, placed
    covered = (*table[:i], table[i]._replace(covered=True), *table[i + 1 :])
    return covered, placed._replace(on_wasabi=True)


def _special_order(
    state: GameState,
    seat: int,
    copies: str,
    on_wasabi: bool,
    via: str,
    events: Events,
    out_round: tuple[str, ...],
) -> GameState:
    who = state.names[seat]
    table = state.seats[seat].table
    if not table:
        if copies:
            raise IllegalAction(
                msg(
                    "{who}: a special order played with no card on the table copies nothing (it "
                    "is discarded at once)",
                    who=who,
                )
            )
        events.append(ev.CardPlayed(who, SPECIAL_ORDER_ID, "", via))
        events.append(ev.Discarded(who, SPECIAL_ORDER_ID, "a special order with nothing to copy"))
        return evolve(state, discards=(*state.discards, SPECIAL_ORDER_ID), out_round=out_round)
    if not copies:
        raise IllegalAction(
            msg("{who}: say which card of the table the special order copies", who=who)
        )
    if copies == FLIPPED:
        if not any(p.flipped for p in table):
            raise IllegalAction(msg("{who}: there is no flipped card to copy", who=who))
        if on_wasabi:
            raise IllegalAction(msg("{who}: a flipped copy cannot lie on a wasabi", who=who))
        placed = Placed(SPECIAL_ORDER_ID, state.turn, flipped=True)
        events.append(ev.CardPlayed(who, SPECIAL_ORDER_ID, FLIPPED, via))
        return _put(state, seat, (*table, placed), out_round)
    target_type = known_card(copies, f"{who}'s special order")
    if target_type is CardType.SPECIAL_ORDER:
        raise IllegalAction(
            msg(
                "{who}: name the card the first special order copies (a copy of a special "
                "order copies the same card)",
                who=who,
            )
        )
    if not any(p.scores_as == copies and not p.flipped for p in table):
        raise IllegalAction(
            msg(
                "{who}: the special order cannot copy {card}: there is none face up on the "
                "table (it copies a card the player already played this round)",
                who=who, card=card_name(copies),
            )
        )
    placed = Placed(SPECIAL_ORDER_ID, state.turn, copies=copies)
    if on_wasabi:
        if target_type is not CardType.NIGIRI:
            raise IllegalAction(msg("{who}: only a copy of a nigiri may go on a wasabi", who=who))
        if not any(p.scores_as == copies and not p.flipped and not p.on_wasabi for p in table):
            raise IllegalAction(
                msg(
                    "{who}: a copy of a nigiri lying on a wasabi is not on a wasabi itself "
                    "(ambiguity 2: only a copy of an uncovered nigiri may go on an empty wasabi)",
                    who=who,
                )
            )
        table, placed = _onto_wasabi(table, placed)
        if not placed.on_wasabi:
            raise IllegalAction(
                msg("{who}: there is no empty wasabi for the copy to go on", who=who)
            )
    events.append(ev.CardPlayed(who, SPECIAL_ORDER_ID, copies, via))
    return _put(state, seat, (*table, placed), out_round)
