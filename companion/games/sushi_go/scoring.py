"""Sushi Go! scoring: a round from every table's :class:`~.tableau.Tableau`, and a whole game.

Contract:

* :func:`round_lines` gives each table its lines for one round (no validation: callers check the
  round first with :func:`.tableau.check_round`). :func:`score_game` checks every round
  (:func:`.tableau.check_game`), then scores them and, once the three rounds are in, the
  desserts (:mod:`.desserts`). Every point is a :class:`ScoreLine` (``rule``, ``points``,
  ``card``: a card id, or the type for a type scored as a whole such as ``futomaki``, and a
  ``detail`` for a player to read); cards that score nothing get a 0-point line saying why.
* The dummy of the dummy-player variant is a table in every comparison (rolls, lead token,
  desserts) but not a player: :func:`score_game` ranks the players only; :func:`game_lines`
  gives the dummy's lines too.
* Sushi golf ranks the lowest total first (:class:`GolfScoreSheet`). The 2013 edition breaks
  a tie for the win on pudding cards; the 10th anniversary rulebook gives no tie-break, so tied
  players share the place.

Tables (the same numbers as Sushi Go Party!'s, imported from it; D9 ties). Nigiri on wasabi
and set tables come from the scoring kit (:mod:`companion.games.common.nigiri`,
:mod:`companion.games.common.sets`):

* Nigiri 1 / 2 / 3 (egg, salmon, squid), tripled on a wasabi; tempura 5 per pair; sashimi 10 per
  three; gyoza (dumplings) 1 / 3 / 6 / 10 / 15 for 1 / 2 / 3 / 4 / 5+.
* Futomaki (maki): most icons 6, second 3; ties split rounded down, and no second place when
  first is tied (:data:`~companion.games.common.majority.SPLIT_ROUND_DOWN`). 10th anniversary:
  a table with no icons may place (ambiguity 30); 2013 and the "must have futomaki" rule: it
  may not.
* Strawberry pudding: +2 each time the player took the lead token this round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from companion.games.base import JSON, PlayerScore, ScoreLine, ScoreSheet
from companion.games.common.majority import SPLIT_ROUND_DOWN, place_players
from companion.games.common.nigiri import Nigiri, nigiri_lines
from companion.games.common.sets import complete_set_lines, count_points
from companion.games.sushi_go.cards import (
    CARDS_BY_ID,
    DESSERT_IDS,
    ICONS_OF,
    NIGIRI_IDS,
    WASABI_ID,
    CardType,
)
from companion.games.sushi_go.desserts import dessert_lines
from companion.games.sushi_go.lead import LEAD_POINTS
from companion.games.sushi_go.options import ROUNDS, Rules
from companion.games.sushi_go.tableau import Tableau, check_game, mochi_dice
from companion.games.sushi_go.words import DESSERT_SETS, NIGIRI_NAMES
from companion.games.sushi_go_party.scoring import (
    DUMPLING,
    MAKI_AWARDS_2_5,
    SASHIMI_SET,
    TEMPURA_PAIR,
)
from companion.i18n import Msg, Text, msg, nmsg, ntmsg, pmsg, tmsg

GAME_ID = "sushi-go"
ROLL_AWARDS: tuple[int, ...] = MAKI_AWARDS_2_5  # 6 for most, 3 for second
PUDDING_TIEBREAK = tmsg("pudding cards")

#: The nigiri, in catalogue order (egg, salmon, squid).
NIGIRI: tuple[Nigiri, ...] = tuple(
    Nigiri(c.id, Text(NIGIRI_NAMES[c.id]), c.nigiri_value)
    for c in CARDS_BY_ID.values()
    if c.id in NIGIRI_IDS
)


#: How a line names the rolls and the gyoza (lower case, as a count reads them).
_WORDS: dict[str, Msg] = {
    "futomaki": pmsg("sushi-go", "futomaki"),
    "maki": pmsg("sushi-go", "maki"),
    "gyoza": pmsg("sushi-go", "gyoza"),
    "dumpling": pmsg("sushi-go", "dumpling"),
}


@dataclass(frozen=True)
class GolfScoreSheet(ScoreSheet):
    """Sushi golf: the lowest total wins (the tie-break, if any, keeps its direction)."""

    def ordered(self) -> list[PlayerScore]:
        """Players best first: the lowest total, then the highest tie-break."""
        return sorted(self.players, key=lambda p: (p.total, [-t for t in p.tiebreak]))

    def to_json(self) -> JSON:
        return {**super().to_json(), "lowest_wins": True}


# --------------------------------------------------------------------------------- a round


def round_lines(rules: Rules, tableaux: Sequence[Tableau]) -> list[list[ScoreLine]]:
    """Each table's lines for one round, in seat order (the round is assumed checked)."""
    out: list[list[ScoreLine]] = []
    for t in tableaux:
        counts = Counter(t.cards)
        lines: list[ScoreLine] = []
        empty = counts[WASABI_ID] - len(t.on_wasabi)
        lines.extend(nigiri_lines(NIGIRI, counts, Counter(t.on_wasabi), empty))
        lines.extend(complete_set_lines("tempura", counts["tempura"], 2, TEMPURA_PAIR, "pair"))
        lines.extend(complete_set_lines("sashimi", counts["sashimi"], 3, SASHIMI_SET, "set"))
        gyoza = rules.edition.gyoza.value
        lines.extend(_gyoza_lines(gyoza, counts[gyoza]))
        if counts["chopsticks"]:
            lines.append(_chopsticks_line(counts["chopsticks"]))
        out.append(lines)
    _rolls(rules, tableaux, out)
    for t, lines in zip(tableaux, out, strict=True):
        if t.lead_takes:
            lines.append(_lead_line(t.lead_takes))
        desserts = t.desserts()
        if desserts:
            lines.append(_kept_line(rules.dessert, len(desserts)))
    return out


@lru_cache(maxsize=64)
def _gyoza_lines(card_id: str, n: int) -> tuple[ScoreLine, ...]:
    if not n:
        return ()
    detail = tmsg("{n} {card} (1/3/6/10/15)", n=n, card=_WORDS.get(card_id, card_id))
    return (ScoreLine(card_id, count_points(DUMPLING, n), card_id, detail),)


@lru_cache(maxsize=16)
def _chopsticks_line(n: int) -> ScoreLine:
    return ScoreLine("chopsticks", 0, "chopsticks", ntmsg("{n} chopsticks card scores nothing",
                                                          "{n} chopsticks cards score nothing", n))


@lru_cache(maxsize=16)
def _lead_line(takes: int) -> ScoreLine:
    return ScoreLine(
        "strawberry pudding lead",
        takes * LEAD_POINTS,
        "strawberry_pudding",
        ntmsg("took the lead token {n} time this round, {points} each",
              "took the lead token {n} times this round, {points} each", takes, points=LEAD_POINTS),
    )


@lru_cache(maxsize=64)
def _kept_line(dessert: CardType, n: int) -> ScoreLine:
    name = dessert.value.replace("_", " ")
    detail = ntmsg("{n} {dessert} card kept to game end", "{n} {dessert} cards kept to game end",
                   n, dessert=DESSERT_SETS.get(dessert, name))
    return ScoreLine(name, 0, dessert.value, detail)


def roll_icons(t: Tableau) -> int:
    return sum(ICONS_OF[c] for c in t.cards)


def _rolls(rules: Rules, tableaux: Sequence[Tableau], out: list[list[ScoreLine]]) -> None:
    icons = [roll_icons(t) for t in tableaux]
    zero_places = rules.edition.zero_can_place and not rules.must_have_futomaki
    policy = SPLIT_ROUND_DOWN.with_zero_placing(zero_places)
    name = rules.roll_name
    roll = _WORDS.get(name, name)
    for placing, n, lines in zip(
        place_players(icons, ROLL_AWARDS, policy), icons, out, strict=True
    ):
        if placing is None:
            if n:
                lines.append(ScoreLine(name, 0, name, ntmsg("{n} {roll} icon: no place (6/3)",
                                                            "{n} {roll} icons: no place (6/3)",
                                                            n, roll=roll)))
            elif rules.must_have_futomaki:
                lines.append(
                    ScoreLine(
                        name,
                        0,
                        name,
                        tmsg("no {roll}: left out of the {roll} scoring (must have {roll})",
                             roll=roll),
                    )
                )
            continue
        held = nmsg("{n} {roll} icon", "{n} {roll} icons", n, roll=roll)
        tie: Msg | str = ""
        if placing.tied > 1:
            award = ROLL_AWARDS[placing.place - 1]
            tie = (msg(", {award} split {n} ways rounded down (no second place)", award=award,
                       n=placing.tied) if placing.place == 1 else
                   msg(", {award} split {n} ways rounded down", award=award, n=placing.tied))
        rare = "" if n else msg(" (no icons can still place when nobody has more)")
        detail = (tmsg("{icons}: the most{tie}{rare}", icons=held, tie=tie, rare=rare)
                  if placing.place == 1 else
                  tmsg("{icons}: the second most{tie}{rare}", icons=held, tie=tie, rare=rare))
        lines.append(ScoreLine(name, placing.points, name, detail))


# --------------------------------------------------------------------------------- the game


def kept_desserts(rounds: Sequence[Sequence[Tableau]], seat: int) -> tuple[str, ...]:
    """The dessert cards ``seat`` kept over ``rounds``."""
    return tuple(c for r in rounds for c in r[seat].desserts())


def game_lines(rules: Rules, rounds: Sequence[Sequence[Tableau]]) -> list[list[ScoreLine]]:
    """Every table's lines over ``rounds`` (``detail`` starts with the round), then, once the
    three rounds are in, the desserts. Not checked: see :func:`score_game`."""
    per_seat: list[list[ScoreLine]] = [[] for _ in range(rules.seats)]
    for number, tableaux in enumerate(rounds, start=1):
        for mine, got in zip(per_seat, round_lines(rules, tableaux), strict=True):
            mine.extend(
                ScoreLine(g.rule, g.points, g.card,
                          tmsg("round {n}: {detail}", n=number, detail=g.detail))
                for g in got
            )
    if len(rounds) == ROUNDS:
        kept = [kept_desserts(rounds, s) for s in range(rules.seats)]
        dice = mochi_dice(rounds, rules.seats)
        for mine, got in zip(per_seat, dessert_lines(rules.dessert, kept, dice), strict=True):
            mine.extend(ScoreLine(g.rule, g.points, g.card,
                                  tmsg("game end: {detail}", detail=g.detail))
                        for g in got)
    return per_seat


def score_game(
    rules: Rules, names: Sequence[str], rounds: Sequence[Sequence[Tableau]]
) -> ScoreSheet:
    """The sheet of the rounds so far (the desserts once the game is over), checked first.

    ``names``: every table's name (the players, then the dummy's)."""
    check_game(rounds, rules, names)
    return sheet_of(rules, names, game_lines(rules, rounds), rounds)


def sheet_of(
    rules: Rules,
    names: Sequence[str],
    lines: Sequence[Sequence[ScoreLine]],
    rounds: Sequence[Sequence[Tableau]],
) -> ScoreSheet:
    """The sheet for the players' ``lines`` (the dummy's are left out)."""
    players = []
    for seat in range(rules.players):
        tiebreak: tuple[int, ...] = ()
        label = ""
        if rules.edition.pudding_tiebreak:
            tiebreak = (sum(1 for c in kept_desserts(rounds, seat) if c in DESSERT_IDS),)
            label = PUDDING_TIEBREAK
        players.append(PlayerScore(names[seat], tuple(lines[seat]), tiebreak, label))
    cls = GolfScoreSheet if rules.golf else ScoreSheet
    return cls(game=GAME_ID, players=tuple(players))


def round_points(rules: Rules, tableaux: Sequence[Tableau]) -> tuple[int, ...]:
    """Each table's points for one round."""
    return tuple(sum(x.points for x in ls) for ls in round_lines(rules, tableaux))
