"""Action-card hands when most cards are drawn face down.

In companion mode the engine knows only part of each hand: the two starting cards, and any draw
the player recorded privately (``RecordDraw``). The rest is a count of *unknown* cards.

Contract:

* A card is *accounted for* when it was played (cards leave the game) or is known in some hand.
  The deck holds ``ACTION_DECK[card]`` copies, so at most that many are ever accounted for.
  ``GameState.accounted`` caches these counts; every function here that changes what is known
  returns the updated counts, and :func:`count_accounted` recomputes them from scratch.
* Playing ``card`` uses a known copy when the hand has one; otherwise an unknown card, provided
  the player has one and the deck still has an unaccounted copy (the unknown card *could* be
  it); otherwise the play is refused with a reason naming the player and the card.
* Recording a draw turns one unknown card into a known one, and is refused when the player has
  no unrecorded card or the deck cannot hold another copy of that card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.games.base import IllegalAction
from companion.games.sushi_express.cards import ACTION_DECK, ActionCard
from companion.games.sushi_express.state import Hand, Player
from companion.games.sushi_express.words import ACTION_CARDS
from companion.i18n import msg, nmsg

CARDS: tuple[ActionCard, ...] = tuple(ActionCard)
CARD_INDEX: dict[ActionCard, int] = {c: i for i, c in enumerate(CARDS)}
_ORDER = CARD_INDEX.__getitem__


def count_accounted(players: Iterable[Player], played: Sequence[ActionCard]) -> tuple[int, ...]:
    """Copies of each card (in :data:`CARDS` order) played or known in some hand."""
    known = [c for p in players for c in p.hand.known]
    return tuple(played.count(c) + known.count(c) for c in CARDS)


def unaccounted(accounted: tuple[int, ...], card: ActionCard) -> int:
    """Copies of ``card`` that may still be face down (in the supply or an unknown card)."""
    return ACTION_DECK[card] - accounted[CARD_INDEX[card]]


def account(accounted: tuple[int, ...], card: ActionCard, more: int) -> tuple[int, ...]:
    """``accounted`` with ``more`` further copies of ``card`` accounted for."""
    if not more:
        return accounted
    counts = list(accounted)
    counts[CARD_INDEX[card]] += more
    return tuple(counts)


def playable(hand: Hand, card: ActionCard, free: int) -> int:
    """How many ``card`` the hand can play, given ``free`` unaccounted copies in the deck."""
    return hand.known.count(card) + min(hand.unknown, max(free, 0))


def take(hand: Hand, card: ActionCard, count: int = 1) -> tuple[Hand, int]:
    """``hand`` after playing ``count`` copies of ``card`` (known copies first), and how many
    of them were unknown cards. The caller has checked :func:`playable`."""
    known = list(hand.known)
    from_unknown = 0
    for _ in range(count):
        if card in known:
            known.remove(card)
        else:
            from_unknown += 1
    return Hand(tuple(known), hand.unknown - from_unknown), from_unknown


def add_known(hand: Hand, card: ActionCard, from_unknown: bool) -> Hand:
    """``hand`` with ``card`` known (turning an unknown card into it when ``from_unknown``)."""
    known = tuple(sorted((*hand.known, card), key=_ORDER))
    return Hand(known, hand.unknown - 1 if from_unknown else hand.unknown)


def drawn(hand: Hand) -> Hand:
    """``hand`` after drawing a face-down card."""
    return Hand(hand.known, hand.unknown + 1)


def refuse_play(name: str, card: ActionCard, count: int, can: int) -> IllegalAction:
    """The reason a player cannot play ``count`` copies of ``card`` (they can play ``can``)."""
    what = ACTION_CARDS[card]
    if count == 1 or can == 0:
        return IllegalAction(msg("{who} has no {card} card", who=name, card=what))
    return IllegalAction(nmsg(
        "{who} wants to play {count} \"{card}\" cards but has at most {n}",
        "{who} wants to play {count} \"{card}\" cards but has at most {n}",
        can, who=name, count=count, card=what,
    ))


def check_record(name: str, hand: Hand, card: ActionCard, free: int) -> None:
    """Refuse recording ``card`` as a draw when it cannot be one."""
    if hand.unknown == 0:
        raise IllegalAction(msg("{who} has no unrecorded action card", who=name))
    if free <= 0:
        raise IllegalAction(nmsg(
            "The deck has only {n} {card} cards and all are accounted for, "
            "so {who} cannot have drawn one",
            "The deck has only {n} {card} cards and all are accounted for, "
            "so {who} cannot have drawn one",
            ACTION_DECK[card], card=ACTION_CARDS[card], who=name,
        ))
