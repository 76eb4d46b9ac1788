"""How many cards a tableau can hold at round end (scoring mode; ``docs/RULINGS.md`` P12).

Contract: :func:`size_range` gives the fewest and the most cards (physical: wasabi under a
nigiri, flipped cards and special orders each count) that any play of the round can leave in
front of one player; :func:`check_size` refuses a tableau outside it with
:class:`~companion.games.base.IllegalAction` naming the player, the count and the range.

The rule, derived from the card rules (REFERENCE 1.3-1.6, :mod:`.turns`, :mod:`.placing`):

* **At most the deal.** Each of the ``deal`` turns adds exactly one card to every table: with
  chopsticks two cards are played and the chopsticks go back into the hand; a spoon brings one
  card and goes into the giver's hand; a menu is discarded for the card it picks; a special order
  stays as the card it copies. Nothing ever adds a card without one leaving.
* **At least the deal less what can leave the table.** Only these cards leave it during a round:
  a take-out box (discarded as it is played), a special order with nothing to copy, a spoon that
  finds nobody holding the card asked, misos discarded because two or more were played on one
  turn, and uramaki discarded when the player scores an uramaki place. Each is bounded by its
  copies in the deck, less those still on this table; misos, with neither chopsticks nor a spoon
  on the menu (one card a turn), by half the misos and special orders left (each discarded miso
  needs another played on that turn); uramaki by 6 cards a place the tableau claims (at most 9
  icons, so 3 cards, before the turn that reaches 10, and at most 3 cards on that turn: the card
  revealed, the chopsticks' second and the spoon's). A menu always plays a card: the deck keeps
  at least 4 cards with at most 2 menus in it (Menu is played only with 2-6 players).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import IllegalAction
from companion.games.sushi_go_party.cards import CardType
from companion.games.sushi_go_party.menus import Deck
from companion.games.sushi_go_party.tableau import TYPE_OF, Tableau
from companion.i18n import N_, Msg, msg, nmsg

#: Cards a player can take into a round's claiming turn besides the card revealed (the
#: chopsticks' second card and the spoon's), and uramaki cards held before it (9 icons at most,
#: 3 or more a card).
_CARDS_IN_A_TURN = 3
_URAMAKI_BEFORE_A_CLAIM = 3


@dataclass(frozen=True)
class SizeRange:
    """The fewest and the most cards a tableau may hold, and what may leave the table (words
    for a message, e.g. ``"take-out boxes (up to 3)"``)."""

    least: int
    most: int
    leave: tuple[Msg, ...]

    def words(self) -> Msg | str:
        """``"9"`` or ``"6 to 9"``."""
        if self.least == self.most:
            return str(self.most)
        return msg("{least} to {most}", least=self.least, most=self.most)


def _copies(deck: Deck, card_type: CardType) -> int:
    return sum(n for i, n in deck.main.items() if TYPE_OF[i] is card_type)


def _held(tableau: Tableau, card_type: CardType) -> int:
    return sum(1 for i in tableau.physical() if TYPE_OF[i] is card_type)


def _leaving(tableau: Tableau, deck: Deck) -> list[tuple[int, str]]:
    """The most cards of each kind that can leave this table in one round, with their words
    (a message id with an ``{n}`` placeholder)."""
    types = set(deck.menu.types)
    out: list[tuple[int, str]] = []

    def left(card_type: CardType) -> int:
        return max(0, _copies(deck, card_type) - _held(tableau, card_type))

    if CardType.TAKEOUT_BOX in types:
        out.append((left(CardType.TAKEOUT_BOX), N_("take-out boxes (up to {n})")))
    orders = left(CardType.SPECIAL_ORDER) if CardType.SPECIAL_ORDER in types else 0
    if orders:
        out.append((orders, N_("special orders discarded (up to {n})")))
    if CardType.SPOON in types:
        out.append((left(CardType.SPOON), N_("spoons that found nothing (up to {n})")))
    if CardType.MISO_SOUP in types:
        misos = left(CardType.MISO_SOUP)
        if not types & {CardType.CHOPSTICKS, CardType.SPOON}:
            misos = (misos + orders) // 2
        out.append((misos, N_("misos discarded (up to {n})")))
    claims = len(tableau.uramaki_places)
    if claims:
        per_claim = _URAMAKI_BEFORE_A_CLAIM + _CARDS_IN_A_TURN
        scored = min(per_claim * claims, left(CardType.URAMAKI))
        out.append((scored, N_("uramaki scored (up to {n})")))
    return [(n, what) for n, what in out if n]


def size_range(tableau: Tableau, deck: Deck) -> SizeRange:
    """The cards ``tableau`` may hold at round end with ``deck`` (see the module docstring)."""
    leaving = _leaving(tableau, deck)
    least = max(0, deck.deal - sum(n for n, _ in leaving))
    return SizeRange(least, deck.deal, tuple(Msg(what, {"n": n}) for n, what in leaving))


def check_size(tableau: Tableau, deck: Deck, who: str) -> None:
    """Refuse a tableau holding a number of cards no play of the round can leave."""
    size = len(tableau.physical())
    allowed = size_range(tableau, deck)
    if allowed.least <= size <= allowed.most:
        return
    why = (
        msg(
            "every turn adds one card to each table (used chopsticks and spoons go back into a "
            "hand), and only {leaving} leave it",
            leaving=allowed.leave,
        )
        if allowed.leave
        else msg(
            "every turn adds one card to each table (used chopsticks and spoons go back into a "
            "hand), and no card of this menu leaves it"
        )
    )
    raise IllegalAction(
        nmsg(
            "{who}'s tableau has {n} card; with {deal} cards dealt it holds {allowed}: {why}",
            "{who}'s tableau has {n} cards; with {deal} cards dealt it holds {allowed}: {why}",
            size, who=who, deal=deck.deal, allowed=allowed.words(), why=why,
        )
    )
