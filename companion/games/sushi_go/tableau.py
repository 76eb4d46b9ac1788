"""One table's end-of-round tableau, and the checks of a round and of a game.

A :class:`Tableau` is plain data, by card id (:mod:`.cards`):

* ``cards``: the face-up cards **except** nigiri lying on a wasabi (wasabi cards are here, with
  or without a nigiri on them; so are the desserts played this round);
* ``on_wasabi``: the nigiri lying on a wasabi, one per wasabi;
* ``lead_takes``: strawberry pudding only, how many times this player took the lead token this
  round (+2 each); ``holds_lead``: they hold the token at round end;
* ``mochi_die``: mochi only, the face of the player's mochi die at round end (1-6; 0 with any
  other dessert).

The cards of earlier rounds are never reshuffled (the deck is dealt down over the three rounds),
so copies are checked over the whole game.

:func:`check_tableau` checks one table (:func:`check_lead_stated`: an entry that left the lead
takes out), :func:`check_round` a round given the rounds before it,
:func:`check_game` every round; each raises :class:`IllegalAction` naming the card and the rule
(:class:`UnreadableInput` for an id that is no card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import chain

from companion.games.base import IllegalAction, UnreadableInput
from companion.games.sushi_go.cards import (
    CARDS_BY_ID,
    DESSERT_IDS,
    MOCHI_ID,
    NIGIRI_IDS,
    TYPE_OF,
    TYPE_TOTALS,
    WASABI_ID,
    CardType,
)
from companion.games.sushi_go.lead import NOBODY, takes_possible
from companion.games.sushi_go.options import ROUNDS, Rules
from companion.games.sushi_go.words import DESSERT_SETS, EDITIONS, TYPE_WORDS, card_label
from companion.i18n import msg, nmsg

DIE_FACES = range(1, 7)
#: Every mochi die starts on 1 (SEED2).
DIE_START = 1


@dataclass(frozen=True)
class Tableau:
    """What one table holds at round end (see the module docstring)."""

    cards: tuple[str, ...] = ()
    on_wasabi: tuple[str, ...] = ()
    lead_takes: int = 0
    holds_lead: bool = False
    mochi_die: int = 0

    def physical(self) -> tuple[str, ...]:
        """Every card on the table."""
        return self.cards + self.on_wasabi

    def desserts(self) -> tuple[str, ...]:
        """The dessert cards, kept to game end."""
        return tuple(c for c in self.cards if c in DESSERT_IDS)


def check_tableau(t: Tableau, rules: Rules, who: str) -> None:
    """Refuse a tableau no play of this game leaves in front of one table."""
    ids = rules.ids
    for card_id in t.physical():
        if card_id not in ids:
            if card_id not in CARDS_BY_ID:
                raise UnreadableInput(f"{who}: no Sushi Go! card {card_id!r}")
            raise IllegalAction(
                msg(
                    "{who}: {card} is not in this game's deck ({edition}, {dessert})",
                    who=who,
                    card=card_label(card_id),
                    edition=EDITIONS.get(rules.edition.id, rules.edition.name),
                    dessert=DESSERT_SETS.get(rules.dessert, rules.dessert.value.replace("_", " ")),
                )
            )
    for card_id in t.on_wasabi:
        if card_id not in NIGIRI_IDS:
            raise IllegalAction(
                msg(
                    "{who}: {card} cannot lie on a wasabi (only a nigiri)",
                    who=who, card=card_label(card_id),
                )
            )
    wasabi = t.cards.count(WASABI_ID)
    if len(t.on_wasabi) > wasabi:
        raise IllegalAction(
            msg(
                "{who}: {nigiri} nigiri on wasabi but {wasabi} wasabi (one nigiri per wasabi)",
                who=who, nigiri=len(t.on_wasabi), wasabi=wasabi,
            )
        )
    size = len(t.physical())
    if size != rules.table_size:
        raise IllegalAction(
            nmsg(
                "{who}: {n} card, but every table ends the round with {size} (one card a turn; "
                "used chopsticks go back)",
                "{who}: {n} cards, but every table ends the round with {size} (one card a turn; "
                "used chopsticks go back)",
                size, who=who, size=rules.table_size,
            )
        )
    _check_dessert_marks(t, rules, who)


def _check_dessert_marks(t: Tableau, rules: Rules, who: str) -> None:
    strawberry = rules.dessert is CardType.STRAWBERRY_PUDDING
    if not strawberry and (t.lead_takes or t.holds_lead):
        raise IllegalAction(
            msg("{who}: the lead token comes only with the strawberry pudding", who=who)
        )
    if t.lead_takes < 0:
        raise IllegalAction(
            msg("{who}: the lead cannot be taken {takes} times", who=who, takes=t.lead_takes)
        )
    played = strawberry_played(t)
    if t.lead_takes > played:
        raise IllegalAction(
            nmsg(
                "{who}: took the lead {takes} times with {n} strawberry pudding played this "
                "round (the lead is taken on playing one)",
                "{who}: took the lead {takes} times with {n} strawberry puddings played this "
                "round (the lead is taken on playing one)",
                played, who=who, takes=t.lead_takes,
            )
        )
    if rules.dessert is CardType.MOCHI:
        if not t.mochi_die and MOCHI_ID in t.cards:
            raise IllegalAction(
                msg("{who} took a mochi card this round: enter the face their die shows", who=who)
            )
        if t.mochi_die not in DIE_FACES:
            raise IllegalAction(
                msg("{who}: a mochi die shows 1 to 6, not {value}", who=who, value=t.mochi_die)
            )
    elif t.mochi_die:
        raise IllegalAction(
            msg("{who}: the mochi die comes only with the mochi dessert", who=who)
        )


def strawberry_played(t: Tableau) -> int:
    """The strawberry puddings among ``t``'s cards (played this round)."""
    return sum(1 for c in t.cards if TYPE_OF.get(c) is CardType.STRAWBERRY_PUDDING)


def check_lead_stated(t: Tableau, rules: Rules, who: str) -> None:
    """Refuse the tableau of a player who played a strawberry pudding this round when the entry
    did not say how many times they took the lead token (ruling G23: never assumed; ``0``,
    "never", is an answer). Call it only for an entry whose ``lead_takes`` was left out."""
    played = strawberry_played(t)
    if rules.dessert is not CardType.STRAWBERRY_PUDDING or not played:
        return
    raise IllegalAction(
        nmsg(
            "Strawberry puddings were played this round ({who} played a strawberry pudding): "
            'how many times did {who} take the lead token? Choose "Never" only if {who} did '
            "not take it",
            "Strawberry puddings were played this round ({who} played {n} strawberry "
            'puddings): how many times did {who} take the lead token? Choose "Never" only if '
            "{who} did not take it",
            played, who=who,
        )
    )


def lead_holder(rounds: Sequence[Sequence[Tableau]]) -> int:
    """Who holds the lead token after ``rounds`` (:data:`~.lead.NOBODY` before any take)."""
    for tableaux in reversed(rounds):
        for seat, t in enumerate(tableaux):
            if t.holds_lead:
                return seat
    return NOBODY


def mochi_dice(rounds: Sequence[Sequence[Tableau]], seats: int) -> tuple[int, ...]:
    """Every table's mochi die after ``rounds`` (all on 1 before the first round)."""
    if not rounds:
        return (DIE_START,) * seats
    return tuple(t.mochi_die or DIE_START for t in rounds[-1])


def settle_round(
    tableaux: Sequence[Tableau], before: Sequence[Sequence[Tableau]], rules: Rules
) -> tuple[Tableau, ...]:
    """Fill in what a round's entries may leave out: who holds the lead token when that is
    certain (nobody took it: it stays; one player took it: they hold it) and a mochi die left at
    0 when its player took no mochi card (unchanged since the round before). Anything else is
    left for :func:`check_round`."""
    out = list(tableaux)
    if len(out) != rules.seats:
        return tuple(out)
    if rules.dessert is CardType.STRAWBERRY_PUDDING and not any(t.holds_lead for t in out):
        takers = [i for i, t in enumerate(out) if t.lead_takes]
        holder = lead_holder(before) if not takers else takers[0] if len(takers) == 1 else NOBODY
        if 0 <= holder < len(out):
            out[holder] = replace(out[holder], holds_lead=True)
    if rules.dessert is CardType.MOCHI:
        dice = mochi_dice(before, len(out))
        out = [
            replace(t, mochi_die=die) if not t.mochi_die and MOCHI_ID not in t.cards else t
            for t, die in zip(out, dice, strict=False)
        ]
    return tuple(out)


def check_round(
    tableaux: Sequence[Tableau],
    rules: Rules,
    names: Sequence[str],
    before: Sequence[Sequence[Tableau]],
) -> None:
    """Refuse a round that cannot follow ``before`` (the earlier rounds, already checked).

    Checks every tableau, the copies over the game against the box, the lead token (at most one
    holder, reachable by the takes entered) and the mochi dice (a die changes only when its
    player takes a mochi card)."""
    if len(tableaux) != rules.seats:
        raise IllegalAction(
            msg("{seats} tables but {count} tableaux", seats=rules.seats, count=len(tableaux))
        )
    for t, who in zip(tableaux, names, strict=True):
        check_tableau(t, rules, who)
    check_copies([*chain.from_iterable(before), *tableaux], rules)
    if rules.dessert is CardType.STRAWBERRY_PUDDING:
        _check_lead(tableaux, names, lead_holder(before))
    if rules.dessert is CardType.MOCHI:
        dice = mochi_dice(before, rules.seats)
        for t, who, die in zip(tableaux, names, dice, strict=True):
            if MOCHI_ID not in t.cards and t.mochi_die != die:
                raise IllegalAction(
                    msg(
                        "{who}: the mochi die showed {die} and {who} took no mochi card this "
                        "round, so it still shows {die}, not {value} (it is rolled only on "
                        "taking one)",
                        who=who, die=die, value=t.mochi_die,
                    )
                )


def _check_lead(tableaux: Sequence[Tableau], names: Sequence[str], start: int) -> None:
    holders = [i for i, t in enumerate(tableaux) if t.holds_lead]
    if len(holders) > 1:
        raise IllegalAction(
            msg(
                "{holders} cannot both hold the lead token",
                holders=[names[i] for i in holders],
            )
        )
    end = holders[0] if holders else NOBODY
    takes = [t.lead_takes for t in tableaux]
    takers = [names[i] for i, k in enumerate(takes) if k]
    if end == NOBODY and len(takers) > 1:
        raise IllegalAction(
            msg("{takers} took the lead token this round: say who holds it now", takers=takers)
        )
    if takes_possible(takes, start, end):
        return
    held = msg("nobody held it") if start == NOBODY else msg("{who} held it", who=names[start])
    now = msg("nobody holds it") if end == NOBODY else msg("{who} holds it", who=names[end])
    raise IllegalAction(
        msg(
            "the lead token cannot go that way this round: {held} at the start, {now} at the "
            "end, takes {takes} (each take moves the token from another player; the last taker "
            "holds it)",
            held=held,
            now=now,
            takes=", ".join(f"{n} {k}" for n, k in zip(names, takes, strict=True)),
        )
    )


def check_copies(tableaux: Sequence[Tableau], rules: Rules) -> None:
    """Refuse more copies of a card (or of a dessert set whose total is known) than the box
    holds, over ``tableaux`` (every table of every round so far)."""
    used = Counter(chain.from_iterable(t.physical() for t in tableaux))
    by_type: Counter[CardType] = Counter()
    for card_id, n in used.items():
        c = CARDS_BY_ID[card_id]
        by_type[c.type] += n
        if c.count is not None and n > c.count:
            raise IllegalAction(
                msg(
                    "{n} x {card} played this game, but the deck holds {count} (the cards of "
                    "earlier rounds are not reshuffled)",
                    n=n, card=card_label(c.id), count=c.count,
                )
            )
    for card_type, total in TYPE_TOTALS.items():
        if by_type[card_type] > total:
            name = TYPE_WORDS.get(card_type, card_type.value.replace("_", " "))
            raise IllegalAction(
                nmsg(
                    "{n} {name} card played this game, but the deck holds {total}",
                    "{n} {name} cards played this game, but the deck holds {total}",
                    by_type[card_type], name=name, total=total,
                )
            )


def check_game(rounds: Sequence[Sequence[Tableau]], rules: Rules, names: Sequence[str]) -> None:
    """Refuse a game whose rounds (up to 3) cannot follow each other."""
    if len(rounds) > ROUNDS:
        raise IllegalAction(
            msg("Sushi Go! has {rounds} rounds, not {count}", rounds=ROUNDS, count=len(rounds))
        )
    for r in range(len(rounds)):
        check_round(rounds[r], rules, names, rounds[:r])
