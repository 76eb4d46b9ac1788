"""A player's tray at round end, and the checks of a round and of a game.

A :class:`Tray` is plain data, by die reading (:mod:`.dice`):

* ``dice``: the dice on the tray **except** nigiri dice lying on a wasabi (the wasabi dice are
  here, with or without a nigiri on them);
* ``on_wasabi``: the nigiri dice lying on a wasabi, one per wasabi;
* ``desserts``, ``menu``, ``chopsticks``: the tokens the player holds at round end (dessert
  tokens by value: a 3-token counts 3). Desserts and tokens score at game end only, from the last
  round's tray.

:func:`check_tray` checks one tray alone, :func:`check_held` the tokens a player holds given
their trays of the rounds before, :func:`check_round` a round given the rounds before it,
:func:`check_game` every round; each raises :class:`IllegalAction` naming the die or token and
the rule (:class:`UnreadableInput` for a reading the dice table does not print, ruling D7).

**Tokens held (ruling R17).** Tokens come only from the start (SEED4: 3 Menu, 2 Chopsticks) and
from the dice taken, which all stay on the trays until round end; spending (or an empty supply,
R6) only lowers the count. So at the end of round ``r`` a player holds at most the start tokens
plus the icons the Menu (Chopsticks) dice of their trays of rounds 1 to ``r`` show, and at most
the box (18 Menu, 12 Chopsticks, shared by all players). Desserts are never given back, so they
are at least the round before's and at most that plus this round's dessert dice. Earlier rounds'
Menu and Chopsticks counts are not used: scoring mode lets them default to 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.base import IllegalAction
from companion.games.sushi_roll import words
from companion.games.sushi_roll.dice import (
    CHOPSTICKS_TOKENS,
    DESSERT_TOTAL,
    DICE_IN_BOX,
    MENU_TOKENS,
    NIGIRI_VALUES,
    ROUNDS,
    START_CHOPSTICKS,
    START_MENU,
    Symbol,
    die,
    kinds_count,
)
from companion.games.sushi_roll.options import Rules
from companion.i18n import N_, Msg, msg, nmsg


@dataclass(frozen=True)
class Tray:
    """What one player has at round end (see the module docstring)."""

    dice: tuple[str, ...] = ()
    on_wasabi: tuple[str, ...] = ()
    desserts: int = 0
    menu: int = 0
    chopsticks: int = 0

    def physical(self) -> tuple[str, ...]:
        """Every die on the tray."""
        return self.dice + self.on_wasabi

    def shown(self, symbol: Symbol) -> int:
        """Icons of ``symbol`` on the tray's dice."""
        total = 0
        for reading in self.physical():
            face = die(reading).face
            if face.symbol is symbol:
                total += face.count
        return total

    def held(self, symbol: Symbol) -> int:
        """Tokens of ``symbol`` held (Menu, Chopsticks; desserts by value)."""
        return {
            Symbol.MENU: self.menu,
            Symbol.CHOPSTICKS: self.chopsticks,
            Symbol.DESSERT: self.desserts,
        }[symbol]


#: The tokens a player may spend, their name and how many each player takes at the start.
SPENT_TOKENS: tuple[tuple[Symbol, str, int], ...] = (
    (Symbol.MENU, "Menu", START_MENU),
    (Symbol.CHOPSTICKS, "Chopsticks", START_CHOPSTICKS),
)


def check_tray(t: Tray, rules: Rules, who: str) -> None:
    """Refuse a tray no play of this game leaves in front of one player."""
    for reading in t.physical():
        die(reading)  # UnreadableInput for a face the table does not print
    for reading in t.on_wasabi:
        if die(reading).face.symbol not in NIGIRI_VALUES:
            raise IllegalAction(
                msg("{who}: only a nigiri lies on a wasabi, not a {die}",
                    who=who, die=words.die_label(reading))
            )
    wasabi = sum(1 for r in t.dice if die(r).face.symbol is Symbol.WASABI)
    if len(t.on_wasabi) > wasabi:
        raise IllegalAction(
            msg("{who}: {nigiri} nigiri on a wasabi but {wasabi} wasabi on the tray (one nigiri "
                "per wasabi)", who=who, nigiri=len(t.on_wasabi), wasabi=wasabi)
        )
    size = len(t.physical())
    if size != rules.belt:
        raise IllegalAction(
            msg("{who}: {size} dice on the tray, but with {players} players every tray ends "
                "the round with {belt} (one die a turn)",
                who=who, size=size, players=rules.players, belt=rules.belt)
        )
    for what, n, most in (
        (words.TOKENS["dessert"], t.desserts, DESSERT_TOTAL),
        (words.TOKENS["menu"], t.menu, MENU_TOKENS),
        (words.TOKENS["chopsticks"], t.chopsticks, CHOPSTICKS_TOKENS),
    ):
        if not 0 <= n <= most:
            raise IllegalAction(
                msg("{who}: {n} {what} tokens, but the box holds {most}",
                    who=who, n=n, what=what, most=most)
            )


def check_round(
    trays: Sequence[Tray], rules: Rules, names: Sequence[str], before: Sequence[Sequence[Tray]]
) -> None:
    """Refuse a round whose trays do not fit together or with the rounds ``before`` it."""
    for t, who in zip(trays, names, strict=True):
        check_tray(t, rules, who)
    used = kinds_count(r for t in trays for r in t.physical())
    for kind, n in used.items():
        if n > DICE_IN_BOX[kind]:
            raise IllegalAction(
                msg("{n} {kind} dice on the trays, but the box holds {box}",
                    n=n, kind=words.KIND_NAMES[kind], box=DICE_IN_BOX[kind])
            )
    for seat, (t, who) in enumerate(zip(trays, names, strict=True)):
        check_held(t, [b[seat] for b in before], who)
    check_supply(trays)


def check_held(t: Tray, earlier: Sequence[Tray], who: str) -> None:
    """Refuse tokens ``who`` cannot hold at the end of this round given their trays of the
    rounds before (``earlier``, in order): desserts (:func:`check_desserts`), Menu and
    Chopsticks (:func:`check_spent_tokens`)."""
    check_desserts(t, earlier[-1].desserts if earlier else 0, who)
    check_spent_tokens(t, earlier, who)


def check_spent_tokens(t: Tray, earlier: Sequence[Tray], who: str) -> None:
    """Refuse more Menu or Chopsticks tokens than the start tokens plus every icon of that
    token on ``who``'s trays of the rounds so far (``earlier`` and ``t``): tokens come only
    from these, and spending only lowers the count (ruling R17). The most is at least the start
    tokens (2), so the count refused is always plural."""
    rounds = len(earlier) + 1
    for symbol, _word, start in SPENT_TOKENS:
        held = t.held(symbol)
        gained = t.shown(symbol) + sum(e.shown(symbol) for e in earlier)
        most = start + gained
        if held > most:
            span = msg("round 1") if rounds == 1 else msg("rounds 1 to {n}", n=rounds)
            raise IllegalAction(
                msg(
                    "{who} holds {held} {token} tokens, but {start} at the start and the {token} "
                    "dice on {who}'s trays give at most {most} ({start} + {gained} shown on the "
                    "dice of {span}; spent tokens only lower the count)",
                    who=who, held=held, token=words.TOKENS[symbol.value], start=start,
                    most=most, gained=gained, span=span,
                )
            )


def check_desserts(t: Tray, had: int, who: str) -> None:
    """Refuse dessert tokens that are not the ``had`` of the round before plus at most what
    this round's dessert dice show (tokens are never given back)."""
    shown = t.shown(Symbol.DESSERT)
    if not had <= t.desserts <= had + shown:
        raise IllegalAction(
            nmsg(
                "{who}: {n} dessert in tokens, but {who} had {had} and took dessert dice "
                "showing {shown} this round (dessert tokens are never given back)",
                "{who}: {n} desserts in tokens, but {who} had {had} and took dessert dice "
                "showing {shown} this round (dessert tokens are never given back)",
                t.desserts, who=who, had=had, shown=shown,
            )
        )


def check_supply(trays: Sequence[Tray]) -> None:
    """Refuse trays whose tokens, all players together, are more than the box holds."""
    for what, total, most in (
        (N_("the players hold {total} desserts in tokens, but the box holds {most}"),
         sum(t.desserts for t in trays), DESSERT_TOTAL),
        (N_("the players hold {total} Menu tokens, but the box holds {most}"),
         sum(t.menu for t in trays), MENU_TOKENS),
        (N_("the players hold {total} Chopsticks tokens, but the box holds {most}"),
         sum(t.chopsticks for t in trays), CHOPSTICKS_TOKENS),
    ):
        if total > most:
            raise IllegalAction(Msg(what, {"total": total, "most": most}))


def check_game(rounds: Sequence[Sequence[Tray]], rules: Rules, names: Sequence[str]) -> None:
    """Refuse a game whose rounds do not fit (at most three, each checked after the ones before)."""
    if len(rounds) > ROUNDS:
        raise IllegalAction(
            msg("Sushi Roll has {rounds} rounds, not {count}", rounds=ROUNDS, count=len(rounds))
        )
    for i, trays in enumerate(rounds):
        if len(trays) != rules.players:
            raise IllegalAction(
                msg("round {round}: one tray per player ({players})",
                    round=i + 1, players=", ".join(names))
            )
        check_round(trays, rules, names, rounds[:i])
