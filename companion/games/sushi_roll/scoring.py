"""Sushi Roll scoring (SEED4 "Les points" and "Fin du jeu"): a round from every player's
:class:`~.tray.Tray`, and a whole game.

* Maki: the most maki icons score 6, the second most (at least one) 3; every tied player takes
  the full points and the next count still takes the next place (SEED4 example: 4, 4, 3, 3 ->
  6, 6, 3, 3; :data:`~companion.games.common.majority.DENSE_FULL`).
* Nigiri: egg 1, salmon 2, squid 3; tripled on a wasabi. A wasabi with no nigiri scores 0.
* Appetizers, per set of up to three icons of one kind, repeated for each further set:
  dumplings 2/4/8, tempura 1/5/10, sashimi 0/6/13 (SEED4 example: 4 tempura + 2 sashimi =
  10 + 1 + 6 = 17).
* Menu, chopsticks and dessert dice score nothing on the tray (their tokens do, at game end).
* Game end: the most desserts (in tokens) +6, the fewest (0 included) -6; ties take the full
  points; with 2 players nobody loses (SEED4); when every player ties nobody gains or loses
  (ruling R9). Each pair of leftover Menu and/or Chopsticks tokens, in any mix, is 1 point.
* A tie for the win goes to the most desserts (the sheet's tie-break).

Nigiri on wasabi and the set tables come from the scoring kit (:mod:`companion.games.common.nigiri`,
:mod:`companion.games.common.sets`), the maki and dessert awards from
:mod:`companion.games.common.majority`.

:func:`round_lines` does not validate (callers check the round first); :func:`score_game`
checks every round (:func:`.tray.check_game`) and scores them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from companion.games.base import PlayerScore, ScoreLine, ScoreSheet
from companion.games.common.majority import (
    DENSE_FULL,
    AllTie,
    MostFewest,
    Share,
    most_fewest,
    place_players,
)
from companion.games.common.nigiri import Nigiri, nigiri_lines
from companion.games.common.sets import graded_set_points
from companion.games.sushi_roll.dice import (
    APPETIZERS,
    NIGIRI_VALUES,
    ROUNDS,
    Symbol,
    die,
)
from companion.games.sushi_roll.options import Rules
from companion.games.sushi_roll.tray import Tray, check_game
from companion.i18n import Msg, Text, msg, nmsg, ntmsg, pmsg, tmsg

GAME_ID = "sushi-roll"
MAKI_AWARDS = (6, 3)
#: Points for a set of 1, 2 and 3 icons (index 0 unused).
SET_POINTS: dict[Symbol, tuple[int, int, int, int]] = {
    Symbol.DUMPLING: (0, 2, 4, 8),
    Symbol.TEMPURA: (0, 1, 5, 10),
    Symbol.SASHIMI: (0, 0, 6, 13),
}
SET_SIZE = 3
DESSERTS = MostFewest(bonus=6, penalty=6, share=Share.FULL, all_tie=AllTie.NOTHING)
TOKENS_PER_POINT = 2
TIEBREAK_LABEL = tmsg("desserts")


#: How a line names the nigiri, the rolls and the token dice (lower case, as a count reads them).
_NIGIRI_NAMES: dict[str, Msg] = {
    "egg": pmsg("sushi-roll", "egg nigiri"),
    "salmon": pmsg("sushi-roll", "salmon nigiri"),
    "squid": pmsg("sushi-roll", "squid nigiri"),
}
_MAKI = pmsg("sushi-roll", "maki")
_TOKEN_WORDS: dict[str, Msg] = {
    "menu": pmsg("sushi-roll", "menu"),
    "chopsticks": pmsg("sushi-roll", "chopsticks"),
    "dessert": pmsg("sushi-roll", "dessert"),
}


def _appetizer(symbol: Symbol, n: int) -> Msg:
    """``"3 dumplings"``, ``"1 tempura"``, ``"2 sashimi"``."""
    if symbol is Symbol.DUMPLING:
        return nmsg("{n} dumpling", "{n} dumplings", n)
    if symbol is Symbol.TEMPURA:
        return nmsg("{n} tempura", "{n} tempura", n)
    return nmsg("{n} sashimi", "{n} sashimi", n)


# --------------------------------------------------------------------------------- a round


def round_lines(trays: Sequence[Tray]) -> list[list[ScoreLine]]:
    """Each player's lines for one round, in seat order (the round is assumed checked)."""
    out: list[list[ScoreLine]] = []
    for t in trays:
        icons = _icons(t.dice)
        lines: list[ScoreLine] = []
        lines.extend(_nigiri_lines(t))
        for symbol in APPETIZERS:
            if icons.get(symbol):
                lines.append(set_line(symbol, icons[symbol]))
        for symbol in (Symbol.MENU, Symbol.CHOPSTICKS, Symbol.DESSERT):
            if icons.get(symbol):
                lines.append(_token_die_line(symbol, icons[symbol]))
        out.append(lines)
    _maki(trays, out)
    return out


def _icons(dice: Sequence[str]) -> dict[Symbol, int]:
    out: dict[Symbol, int] = {}
    for reading in dice:
        face = die(reading).face
        out[face.symbol] = out.get(face.symbol, 0) + face.count
    return out


#: The nigiri (egg, salmon, squid); a line names the symbol ("salmon").
NIGIRI: tuple[Nigiri, ...] = tuple(
    Nigiri(symbol.value, Text(_NIGIRI_NAMES[symbol.value]), value)
    for symbol, value in NIGIRI_VALUES.items()
)


def _nigiri_lines(t: Tray) -> list[ScoreLine]:
    """Per nigiri kind, the plain ones then those on a wasabi; then the empty wasabi, if any."""
    plain = _icons([r for r in t.dice if die(r).face.symbol in NIGIRI_VALUES])
    covered = _icons(t.on_wasabi)
    wasabi = sum(1 for r in t.dice if die(r).face.symbol is Symbol.WASABI)
    return nigiri_lines(
        NIGIRI,
        {symbol.value: n for symbol, n in plain.items()},
        {symbol.value: n for symbol, n in covered.items()},
        wasabi - len(t.on_wasabi),
        wasabi="a wasabi",
    )


@lru_cache(maxsize=128)
def set_line(symbol: Symbol, n: int) -> ScoreLine:
    """The line for ``n`` icons of an appetizer: sets of three, then the rest as one set."""
    table = SET_POINTS[symbol]
    full, rest = divmod(n, SET_SIZE)
    parts: list[Msg] = []
    if full:
        parts.append(nmsg("{n} set of {size} x {value}", "{n} sets of {size} x {value}", full,
                          size=SET_SIZE, value=table[3]))
    if rest:
        parts.append(msg("a set of {size} = {points}", size=rest, points=table[rest]))
    points = graded_set_points(table, n)
    sizes = "/".join(str(p) for p in table[1:])
    both = msg("{first} + {second}", first=parts[0], second=parts[-1])
    detail = tmsg("{icons} ({sizes}): {parts}", icons=_appetizer(symbol, n), sizes=sizes,
                  parts=both if len(parts) == 2 else parts[0])
    return ScoreLine(symbol.value, points, symbol.value, detail)


@lru_cache(maxsize=32)
def _token_die_line(symbol: Symbol, n: int) -> ScoreLine:
    word = symbol.value
    icons = nmsg("{n} {symbol} icon", "{n} {symbol} icons", n, symbol=_TOKEN_WORDS[word])
    return ScoreLine(
        word,
        0,
        word,
        tmsg("{icons} on the tray: the tokens score at game end, not the die", icons=icons),
    )


def maki_icons(t: Tray) -> int:
    return t.shown(Symbol.MAKI)


def _maki(trays: Sequence[Tray], out: list[list[ScoreLine]]) -> None:
    icons = [maki_icons(t) for t in trays]
    for placing, n, lines in zip(
        place_players(icons, MAKI_AWARDS, DENSE_FULL), icons, out, strict=True
    ):
        if placing is None:
            if n:
                lines.append(ScoreLine("maki", 0, "maki", ntmsg(
                    "{n} {roll} icon: no place (6/3)", "{n} {roll} icons: no place (6/3)", n,
                    roll=_MAKI)))
            continue
        held = nmsg("{n} {roll} icon", "{n} {roll} icons", n, roll=_MAKI)
        tie: Msg | str = ""
        if placing.tied > 1:
            tie = msg(", tied with {n} more (full points)", n=placing.tied - 1)
        detail = (tmsg("{icons}: the most{tie}{rare}", icons=held, tie=tie, rare="")
                  if placing.place == 1 else
                  tmsg("{icons}: the second most{tie}{rare}", icons=held, tie=tie, rare=""))
        lines.append(ScoreLine("maki", placing.points, "maki", detail))


def round_points(trays: Sequence[Tray]) -> tuple[int, ...]:
    """Each player's points for one round."""
    return tuple(sum(x.points for x in ls) for ls in round_lines(trays))


# --------------------------------------------------------------------------------- the game


def end_lines(last: Sequence[Tray]) -> list[list[ScoreLine]]:
    """Each player's game-end lines from the last round's trays: desserts and leftover tokens."""
    desserts = [t.desserts for t in last]
    out: list[list[ScoreLine]] = []
    for t, award in zip(last, most_fewest(desserts, DESSERTS), strict=True):
        lines = []
        held = ntmsg("{n} dessert", "{n} desserts", t.desserts)
        if award.most:
            lines.append(ScoreLine("desserts most", award.most, "dessert", held))
        if award.fewest:
            lines.append(ScoreLine("desserts fewest", award.fewest, "dessert", held))
        if not award.points:
            why = (msg("nobody loses with 2 players") if len(last) == 2 else
                   msg("neither most nor fewest"))
            if len(set(desserts)) == 1:
                why = msg("every player has as many")
            lines.append(ScoreLine("desserts", 0, "dessert",
                                   tmsg("{held}: {why}", held=held, why=why)))
        left = t.menu + t.chopsticks
        lines.append(
            ScoreLine(
                "leftover tokens",
                left // TOKENS_PER_POINT,
                "tokens",
                tmsg("{menu} Menu + {chopsticks} Chopsticks = {left}, 1 point per 2",
                     menu=t.menu, chopsticks=t.chopsticks, left=left),
            )
        )
        out.append(lines)
    return out


def game_lines(rounds: Sequence[Sequence[Tray]], players: int) -> list[list[ScoreLine]]:
    """Every player's lines over ``rounds`` (``detail`` starts with the round), then, once the
    three rounds are in, the game end. Not checked: see :func:`score_game`."""
    per_seat: list[list[ScoreLine]] = [[] for _ in range(players)]
    for number, trays in enumerate(rounds, start=1):
        for mine, got in zip(per_seat, round_lines(trays), strict=True):
            mine.extend(
                ScoreLine(g.rule, g.points, g.card,
                          tmsg("round {n}: {detail}", n=number, detail=g.detail))
                for g in got
            )
    if len(rounds) == ROUNDS:
        for mine, got in zip(per_seat, end_lines(rounds[-1]), strict=True):
            mine.extend(ScoreLine(g.rule, g.points, g.card,
                                  tmsg("game end: {detail}", detail=g.detail))
                        for g in got)
    return per_seat


def sheet_of(
    names: Sequence[str], lines: Sequence[Sequence[ScoreLine]], rounds: Sequence[Sequence[Tray]]
) -> ScoreSheet:
    """The sheet for every player's ``lines``; the tie-break is the desserts held."""
    players = []
    for seat, name in enumerate(names):
        desserts = rounds[-1][seat].desserts if rounds else 0
        players.append(PlayerScore(name, tuple(lines[seat]), (desserts,), TIEBREAK_LABEL))
    return ScoreSheet(game=GAME_ID, players=tuple(players))


def score_game(rules: Rules, names: Sequence[str], rounds: Sequence[Sequence[Tray]]) -> ScoreSheet:
    """The sheet of the rounds so far (the game end once the three are in), checked first."""
    check_game(rounds, rules, names)
    return sheet_of(names, game_lines(rounds, rules.players), rounds)
