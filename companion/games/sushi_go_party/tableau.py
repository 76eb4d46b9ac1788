"""One player's end-of-round tableau (the cards in front of them), and its validation.

A :class:`Tableau` is plain data, by catalogue id (:mod:`.cards`):

* ``cards``: face-up cards, **except** special orders and nigiri sitting on a wasabi. Wasabi
  cards are here (with or without a nigiri on them). Desserts played this round are here too
  (they score at game end but count for soy sauce and tea this round).
* ``on_wasabi``: the nigiri cards lying on a wasabi, one per wasabi used.
* ``special_orders``: the face-up special orders, each a :class:`SpecialOrder` with the card it
  copies. A copy of a special order is given as the card finally copied (ambiguity 3). A copy of
  a wasabi is a wasabi with no nigiri on it (ambiguity 1) and may take a later nigiri; a copy of
  an uncovered nigiri may sit on an empty wasabi (``on_wasabi=True``, ambiguity 2).
* ``flipped``: cards turned face down by a take-out box (any id, ``"special_order"`` for a
  flipped special order; ambiguities 5 and 6). They are worth 2 each and have no colour.
* ``uramaki_places``: the uramaki places (1, 2, 3) this player claimed *during* the round on
  reaching 10 icons; those uramaki (and special orders copying them) were discarded and are not
  in the tableau (ambiguity 8).

Misos discarded because two were played on one turn, used chopsticks and spoons that went back
into a hand, and used menus and take-out boxes are not on the table, so they are not in the
tableau.

:func:`check_tableau` (one player) and :func:`check_round` (the whole table) refuse a tableau
that cannot exist for the menu and player count with :class:`IllegalAction` naming the card and
the rule; an unknown card id is :class:`UnreadableInput`. Scoring (:mod:`.scoring`) validates
first and builds no line before every check passed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain

from companion.games.base import IllegalAction, UnreadableInput
from companion.games.sushi_go_party.cards import (
    CARDS_BY_ID,
    TYPE_NAMES,
    Background,
    Card,
    CardType,
    Category,
)
from companion.games.sushi_go_party.menus import Deck, Menu, deck_for
from companion.games.sushi_go_party.words import card_label
from companion.i18n import Msg, msg

SPECIAL_ORDER_ID = CardType.SPECIAL_ORDER.value
#: Points of the uramaki places 1, 2, 3 (D6: the English 8 / 5 / 2).
URAMAKI_AWARDS: tuple[int, int, int] = (8, 5, 2)
#: Uramaki icons that score a place at once during the round.
URAMAKI_TARGET = 10
#: Cards that leave the table on the turn they are played (menu, take-out box): never in a
#: tableau at round end, and nothing can copy or flip them.
DISCARDED_ON_USE: frozenset[CardType] = frozenset({CardType.MENU, CardType.TAKEOUT_BOX})
#: Cards that may leave the table after a special order copied them (used chopsticks and spoons
#: go back into a hand), so a copy of one needs no original on the table.
MAY_LEAVE: frozenset[CardType] = frozenset({CardType.CHOPSTICKS, CardType.SPOON})

#: Per card id, what the rules look at (plain dicts: enum attribute access is slow in a loop).
TYPE_OF: dict[str, CardType] = {i: c.type for i, c in CARDS_BY_ID.items()}
BACKGROUND_OF: dict[str, Background] = {i: c.background for i, c in CARDS_BY_ID.items()}
ICONS_OF: dict[str, int] = {i: c.icons for i, c in CARDS_BY_ID.items()}
NIGIRI_IDS: frozenset[str] = frozenset(i for i, t in TYPE_OF.items() if t is CardType.NIGIRI)
WASABI_ID = CardType.WASABI.value


@dataclass(frozen=True)
class SpecialOrder:
    """A face-up special order: the card id it copies (the final one for a copy of a copy) and
    whether it sits on a wasabi (only a copy of an uncovered nigiri may)."""

    copies: str
    on_wasabi: bool = False


@dataclass(frozen=True)
class Tableau:
    """What one player has in front of them at round end (see the module docstring)."""

    cards: tuple[str, ...] = ()
    on_wasabi: tuple[str, ...] = ()
    special_orders: tuple[SpecialOrder, ...] = ()
    flipped: tuple[str, ...] = ()
    uramaki_places: tuple[int, ...] = ()

    @classmethod
    def of(
        cls,
        *cards: str,
        on_wasabi: Iterable[str] = (),
        special_orders: Iterable[SpecialOrder | str] = (),
        flipped: Iterable[str] = (),
        uramaki_places: Iterable[int] = (),
    ) -> Tableau:
        """A tableau from loose arguments; a special order may be given as the id it copies."""
        return cls(
            cards=tuple(cards),
            on_wasabi=tuple(on_wasabi),
            special_orders=tuple(
                so if isinstance(so, SpecialOrder) else SpecialOrder(so) for so in special_orders
            ),
            flipped=tuple(flipped),
            uramaki_places=tuple(uramaki_places),
        )

    def physical(self) -> tuple[str, ...]:
        """The ids of the cards physically in this tableau (special orders as
        ``special_order``)."""
        out = self.cards + self.on_wasabi + self.flipped
        if self.special_orders:
            out += (SPECIAL_ORDER_ID,) * len(self.special_orders)
        return out

    def face_up(self) -> list[str]:
        """The ids every face-up card scores as (a special order as the card it copies)."""
        return [*self.cards, *self.on_wasabi, *(so.copies for so in self.special_orders)]


def _card(card_id: str, where: str) -> Card:
    found = CARDS_BY_ID.get(card_id)
    if found is None:
        raise UnreadableInput(f"{where}: no Sushi Go Party! card {card_id!r}")
    return found


def _name(c: Card) -> Msg | str:
    return card_label(c.id)


@lru_cache(maxsize=64)
def _menu_types(menu: Menu) -> frozenset[CardType]:
    return frozenset(menu.types)


@lru_cache(maxsize=64)
def _plain_ids(menu: Menu) -> frozenset[str]:
    """Ids that may lie face up or flipped on their own with ``menu``: on the menu, not a
    special order (it needs a target), not discarded on use."""
    types = _menu_types(menu)
    return frozenset(
        i
        for i, t in TYPE_OF.items()
        if t in types and t is not CardType.SPECIAL_ORDER and t not in DISCARDED_ON_USE
    )


@lru_cache(maxsize=64)
def cached_deck(menu: Menu, players: int) -> Deck:
    """:func:`~.menus.deck_for`, cached (menus and decks are frozen)."""
    return deck_for(menu, players)


def check_tableau(tableau: Tableau, menu: Menu, who: str = "a player") -> None:
    """Refuse a tableau that no play of ``menu`` can leave in front of one player."""
    _check_tableau(tableau, _menu_types(menu), _plain_ids(menu), who)


def _check_tableau(
    tableau: Tableau, types: frozenset[CardType], plain: frozenset[str], who: str
) -> None:
    if (
        plain.issuperset(tableau.cards)
        and NIGIRI_IDS.issuperset(tableau.on_wasabi)
        and (not tableau.flipped or plain.issuperset(tableau.flipped))
    ):
        _check_rest(tableau, types, who)
        return

    def on_menu(c: Card) -> None:
        if c.type not in types:
            raise IllegalAction(
                msg(
                    "{who}: {card} is not on this menu (a card type not on the menu is not in "
                    "the deck)",
                    who=who, card=_name(c),
                )
            )

    for card_id in tableau.cards:
        c = _card(card_id, who)
        on_menu(c)
        if c.type is CardType.SPECIAL_ORDER:
            raise IllegalAction(
                msg(
                    "{who}: a face-up Special Order must say which card it copies (a special "
                    "order with nothing to copy is discarded at once)",
                    who=who,
                )
            )
        if c.type in DISCARDED_ON_USE:
            raise IllegalAction(
                msg(
                    "{who}: {card} cannot be on the table at round end (it is discarded on the "
                    "turn it is played)",
                    who=who, card=_name(c),
                )
            )
    for card_id in tableau.flipped:
        c = _card(card_id, who)
        on_menu(c)
        if c.type in DISCARDED_ON_USE:
            raise IllegalAction(
                msg(
                    "{who}: {card} cannot be flipped by a take-out box (it is discarded on the "
                    "turn it is played)",
                    who=who, card=_name(c),
                )
            )
    for card_id in tableau.on_wasabi:
        c = _card(card_id, who)
        on_menu(c)
        if c.type is not CardType.NIGIRI:
            raise IllegalAction(
                msg("{who}: {card} cannot lie on a wasabi (only a nigiri can)",
                    who=who, card=_name(c))
            )
    _check_rest(tableau, types, who)


def _check_rest(tableau: Tableau, types: frozenset[CardType], who: str) -> None:
    """Special orders, wasabi and uramaki places (card ids already checked)."""
    if tableau.special_orders:
        _check_special_orders(tableau, types, who)
    covered = len(tableau.on_wasabi)
    wasabi = tableau.cards.count(WASABI_ID)
    if tableau.special_orders:
        covered += sum(1 for so in tableau.special_orders if so.on_wasabi)
        wasabi += sum(1 for so in tableau.special_orders if so.copies == WASABI_ID)
    if covered > wasabi:
        nigiri = [*tableau.on_wasabi, *(so.copies for so in tableau.special_orders if so.on_wasabi)]
        raise IllegalAction(
            msg(
                "{who}: {card} is on a wasabi that isn't there ({covered} nigiri on wasabi, "
                "{wasabi} wasabi; one nigiri per wasabi)",
                who=who, card=_name(CARDS_BY_ID[nigiri[-1]]), covered=covered, wasabi=wasabi,
            )
        )
    places = tableau.uramaki_places
    if not places:
        return
    for place in places:
        if place not in (1, 2, 3) or isinstance(place, bool):
            raise IllegalAction(
                msg("{who}: uramaki place {place} does not exist (1, 2 or 3)",
                    who=who, place=repr(place))
            )
    if places and CardType.URAMAKI not in types:
        raise IllegalAction(
            msg("{who}: Uramaki is not on this menu, so no uramaki place is scored", who=who)
        )
    if len(set(places)) != len(places):
        raise IllegalAction(msg("{who}: an uramaki place is scored once per round", who=who))


def _check_special_orders(tableau: Tableau, types: frozenset[CardType], who: str) -> None:
    if CardType.SPECIAL_ORDER not in types:
        raise IllegalAction(msg("{who}: Special Order is not on this menu", who=who))
    present = set(tableau.cards) | set(tableau.on_wasabi) | set(tableau.flipped)
    uncovered = set(tableau.cards) | set(tableau.flipped)
    for so in tableau.special_orders:
        target = _card(so.copies, who)
        card = _name(target)
        if target.type is CardType.SPECIAL_ORDER:
            raise IllegalAction(
                msg(
                    "{who}: the Special Order copying {card}: give the card the first special "
                    "order copies (a copy of a special order copies the same card)",
                    who=who, card=card,
                )
            )
        if target.type not in types:
            raise IllegalAction(
                msg("{who}: the Special Order copying {card}: {card} is not on this menu",
                    who=who, card=card)
            )
        if target.type in DISCARDED_ON_USE:
            raise IllegalAction(
                msg(
                    "{who}: the Special Order copying {card}: {card} is discarded on the turn "
                    "it is played, so a special order cannot copy it",
                    who=who, card=card,
                )
            )
        if so.copies not in present and target.type not in MAY_LEAVE:
            raise IllegalAction(
                msg(
                    "{who}: the Special Order copying {card}: there is no {card} in the "
                    "tableau to copy (a special order copies a card the player already has)",
                    who=who, card=card,
                )
            )
        if so.on_wasabi:
            if target.type is not CardType.NIGIRI:
                raise IllegalAction(
                    msg(
                        "{who}: the Special Order copying {card} cannot lie on a wasabi (only "
                        "a nigiri can)",
                        who=who, card=card,
                    )
                )
            if so.copies not in uncovered:
                raise IllegalAction(
                    msg(
                        "{who}: the Special Order copying {card} cannot lie on a wasabi: only a "
                        "copy of a nigiri that is not on a wasabi may go on one",
                        who=who, card=card,
                    )
                )


def check_round(tableaux: Sequence[Tableau], menu: Menu, names: Sequence[str]) -> Deck:
    """Refuse a table of tableaux that cannot exist together; return the game's deck.

    Checks each tableau (:func:`check_tableau`), the menu for the player count, that the table
    holds no more copies of a card than the deck, that the uramaki places claimed during the
    round follow each other (a place shared by k players skips the next k - 1, ambiguity 21),
    and that nobody has 10 uramaki icons left while a place is still open (they would have
    scored it at once).
    """
    deck = cached_deck(menu, len(tableaux))
    types, plain = _menu_types(menu), _plain_ids(menu)
    for tableau, who in zip(tableaux, names, strict=True):
        _check_tableau(tableau, types, plain, who)
    check_copies([t.physical() for t in tableaux], deck, msg("on the table this round"), names)
    if menu.roll is not CardType.URAMAKI:
        return deck
    next_place = uramaki_next_place(tableaux, names)
    if next_place <= len(URAMAKI_AWARDS):
        for tableau, who in zip(tableaux, names, strict=True):
            icons = uramaki_icons(tableau)
            if icons >= URAMAKI_TARGET:
                raise IllegalAction(
                    msg(
                        "{who}: {icons} uramaki icons on the table at round end while uramaki "
                        "place {place} is open (reaching {target} scores at once and discards "
                        "the uramaki)",
                        who=who, icons=icons, place=next_place, target=URAMAKI_TARGET,
                    )
                )
    return deck


def check_copies(
    per_player: Sequence[Iterable[str]],
    deck: Deck,
    where: str | Msg,
    names: Sequence[str] = (),
) -> None:
    """Refuse more copies of a card than ``deck`` can hold (``per_player``: physical ids).

    With ``names`` (one per entry of ``per_player``) the refusal names every player holding the
    card and how many they hold ("...: Ann 2, Ben 2"), so the one at fault can be found.
    """
    tables = [list(cards) for cards in per_player]
    total = Counter(chain.from_iterable(tables))
    main = deck.main
    for card_id, n in total.items():
        if n <= main.get(card_id, 0):
            continue
        most = deck.most(card_id)
        if n > most:
            c = CARDS_BY_ID[card_id]
            held = ", ".join(
                f"{who} {cards.count(card_id)}"
                for who, cards in zip(names, tables, strict=False)
                if card_id in cards
            )
            said = {"n": n, "card": _name(c), "where": where, "players": deck.players,
                    "most": most}
            raise IllegalAction(
                msg("{n} x {card} {where}, but the deck for {players} players holds {most}: "
                    "{held}", held=held, **said)
                if held
                else msg("{n} x {card} {where}, but the deck for {players} players holds "
                         "{most}", **said)
            )


def uramaki_icons(tableau: Tableau) -> int:
    """Uramaki icons on the table (special orders copy every icon, ambiguity 10)."""
    return sum(ICONS_OF[i] for i in tableau.face_up() if TYPE_OF[i] is CardType.URAMAKI)


def uramaki_next_place(tableaux: Sequence[Tableau], names: Sequence[str]) -> int:
    """The first uramaki place nobody claimed during the round (4 when all are gone).

    Claims must follow each other: place 1 first; a place shared by k players skips the next
    k - 1 places (ambiguity 21). Anything else raises :class:`IllegalAction`.
    """
    claims: Counter[int] = Counter()
    for tableau in tableaux:
        claims.update(tableau.uramaki_places)
    place = 1
    while claims.get(place, 0):
        tied = claims[place]
        for skipped in range(place + 1, place + tied):
            if claims.get(skipped, 0):
                who = next(
                    n for t, n in zip(tableaux, names, strict=True) if skipped in t.uramaki_places
                )
                raise IllegalAction(
                    msg(
                        "{who}: uramaki place {skipped} was skipped because {tied} players "
                        "shared place {place}",
                        who=who, skipped=skipped, tied=tied, place=place,
                    )
                )
        place += tied
    for claimed in claims:
        if claimed >= place:
            who = next(
                n for t, n in zip(tableaux, names, strict=True) if claimed in t.uramaki_places
            )
            raise IllegalAction(
                msg("{who}: uramaki place {claimed} cannot be scored before place {place}",
                    who=who, claimed=claimed, place=place)
            )
    return place


def is_dessert(card_id: str) -> bool:
    return CARDS_BY_ID[card_id].category is Category.DESSERT


def kept_desserts(tableau: Tableau) -> Tableau:
    """The desserts this tableau keeps to game end: face-up dessert cards and special orders
    copying one (ambiguity 7). Flipped desserts are not kept (they scored 2 as flipped cards)."""
    return Tableau(
        cards=tuple(i for i in tableau.cards if is_dessert(i)),
        special_orders=tuple(so for so in tableau.special_orders if is_dessert(so.copies)),
    )


def type_name(card_type: CardType) -> str:
    return TYPE_NAMES[card_type]
