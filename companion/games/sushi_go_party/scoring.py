"""Sushi Go Party! scoring (REFERENCE 1.4): a round from every player's :class:`Tableau`, the
desserts at game end, and a whole game.

Contract:

* :func:`score_round` scores every player of one round; :func:`score_desserts` scores the
  desserts each player kept over the game; :func:`score_game` is the three rounds plus the
  desserts, with the tie-break for the win (most dessert cards kept). Each returns a
  :class:`ScoreSheet` in which every point is a :class:`ScoreLine` (``rule``, ``points``,
  ``card`` = a catalogue id, or the type id for a card type scored as a whole such as
  ``"maki"``, and a ``detail`` for a player to read). Cards held that score nothing get a
  0-point line saying why.
* Everything is validated before any line is built (:func:`.tableau.check_round`): a tableau
  that cannot exist for the menu and player count raises
  :class:`~companion.games.base.IllegalAction` naming the card and the rule.
* Only the card types on the menu are scored: with maki on the menu nobody loses points for
  having no temaki.

Tables (REFERENCE 1.4; tie rules D9 through :mod:`companion.games.common.majority`; nigiri on
wasabi and set tables from the rest of the scoring kit, :mod:`companion.games.common.nigiri`
and :mod:`companion.games.common.sets`):

* Nigiri 1 / 2 / 3 (egg, salmon, squid), tripled on a wasabi.
* Maki: most icons 6, 2nd 3; 6-8 players 6 / 4 / 2. Dense ranking, every tied player takes the
  full points, at least 1 icon to place (:data:`~.majority.DENSE_FULL`).
* Temaki: most cards +4, fewest (0 included) -4, ties full; 2 players: no penalty. All players
  tied: :attr:`ScoringOptions.all_tie` (D1: nothing by default; ``literal`` gives each +4 and
  -4, or +4 alone with 2 players).
* Uramaki: places claimed during the round score 8 / 5 / 2 (D6). **Our reading of the end of
  round:** only the *next unclaimed place* is awarded, once, to the player(s) with the most
  uramaki icons still on the table (full points to ties, 0 icons never score); the places after
  it are not awarded. EN example: A and B share 1st (8 each), 2nd is skipped, C has the most
  icons left and scores 2; nobody scores anything else. All three places claimed: nothing.
* Tempura 5 per pair; sashimi 10 per three; dumpling 1-2-3-4-5+ = 1 / 3 / 6 / 10 / 15; eel 1 =
  -3, 2+ = 7; tofu 1 = 2, 2 = 6, 3+ = 0; onigiri: sets of distinct shapes 1 / 4 / 9 / 16 (a set
  takes one of each shape still left, which gives the best total since the values grow faster
  than the set size); edamame: each card is worth the number of opponents with edamame, at most
  4; miso soup 3 each (discarded misos are not in the tableau); soy sauce 4 per card when the
  player has the most (or tied most) background colours at the table; tea: per tea card, the
  size of the player's largest same-colour set; take-out box: 2 per flipped card.
* Desserts at game end: pudding most +6, fewest (0 included) -6, full points to ties, 2
  players no penalty, all tied per :attr:`ScoringOptions.all_tie` (D1); green tea ice cream 12
  per four; fruit, per fruit type by icons 0 / 1 / 2 / 3 / 4 / 5+ = -2 / 0 / 1 / 3 / 6 / 10.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from companion.games.base import IllegalAction, OptionSpec, PlayerScore, ScoreLine, ScoreSheet
from companion.games.common.majority import (
    DENSE_FULL,
    AllTie,
    MostFewest,
    majority_points,
    most_fewest,
)
from companion.games.common.nigiri import (
    Nigiri,
    empty_wasabi_line,
    nigiri_line,
    nigiri_lines,
)
from companion.games.common.sets import complete_set_lines, count_points
from companion.games.sushi_go_party.cards import (
    CARDS_BY_ID,
    Background,
    CardType,
    Fruit,
    OnigiriShape,
)
from companion.games.sushi_go_party.menus import ROUNDS, Menu
from companion.games.sushi_go_party.tableau import (
    BACKGROUND_OF,
    ICONS_OF,
    NIGIRI_IDS,
    TYPE_OF,
    URAMAKI_AWARDS,
    WASABI_ID,
    Tableau,
    cached_deck,
    check_copies,
    check_round,
    kept_desserts,
    uramaki_next_place,
)
from companion.games.sushi_go_party.words import NIGIRI_NAMES, SHAPES, card_label
from companion.i18n import N_, Msg, Text, msg, nmsg, ntmsg, tmsg

GAME_ID = "sushi-go-party"
TIEBREAK_LABEL = tmsg("dessert cards kept")

MAKI_AWARDS_2_5: tuple[int, ...] = (6, 3)
MAKI_AWARDS_6_8: tuple[int, ...] = (6, 4, 2)
TEMAKI = (4, 4)
PUDDING = (6, 6)
TEMPURA_PAIR = 5
SASHIMI_SET = 10
DUMPLING: tuple[int, ...] = (0, 1, 3, 6, 10, 15)  # by cards held, 5+ = 15
EEL_ONE, EEL_MORE = -3, 7
TOFU: tuple[int, ...] = (0, 2, 6)  # 3 or more = 0
ONIGIRI: tuple[int, ...] = (0, 1, 4, 9, 16)  # by distinct shapes in a set
EDAMAME_CAP = 4
MISO = 3
SOY_SAUCE = 4
FLIPPED = 2
GTIC_SET = 12
FRUIT: tuple[int, ...] = (-2, 0, 1, 3, 6, 10)  # by icons of one fruit, 5+ = 10

ALL_TIE_OPTION = OptionSpec(
    key="all_tie",
    label=N_("Temaki and pudding when every player ties"),
    default=AllTie.NOTHING.value,
    choices=tuple(a.value for a in AllTie),
    doc=N_(
        "Nobody scores (the default): nobody gains or loses points. Everyone is most and fewest: "
        "every player scores as having both the most and the fewest."
    ),
)


@dataclass(frozen=True)
class ScoringOptions:
    """The house rules scoring depends on (D1)."""

    all_tie: AllTie = AllTie.NOTHING

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None) -> ScoringOptions:
        """From a game's resolved options (``{"all_tie": "nothing"}``)."""
        raw = (options or {}).get(ALL_TIE_OPTION.key, ALL_TIE_OPTION.default)
        return cls(all_tie=AllTie(raw))


DEFAULT = ScoringOptions()

# Most lines depend only on small counts, and a ScoreLine is immutable, so their builders are
# cached: the same counts give the same (shared) lines. This keeps a full 8-player round cheap.
_cached = lru_cache(maxsize=4096)


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def maki_awards(players: int) -> tuple[int, ...]:
    """Maki places for a table of ``players`` (6/3, or 6/4/2 with 6-8 players)."""
    return MAKI_AWARDS_6_8 if players >= 6 else MAKI_AWARDS_2_5


# --------------------------------------------------------------------------------------------
# Round


@dataclass(slots=True)
class _Summary:
    """What the rules look at in one tableau, counted once."""

    acts: dict[str, int]  # face-up card id (special orders as the copy) -> copies
    maki_icons: int
    uramaki_icons: int
    colours: dict[Background, int]  # background -> face-up cards of that colour


#: card id -> (background, type, icons), one lookup per card.
_INFO: dict[str, tuple[Background, CardType, int]] = {
    i: (BACKGROUND_OF[i], TYPE_OF[i], ICONS_OF[i]) for i in TYPE_OF
}


def _summarise(t: Tableau) -> _Summary:
    acts: dict[str, int] = {}
    get = acts.get
    for card_id in t.cards:
        acts[card_id] = get(card_id, 0) + 1
    for card_id in t.on_wasabi:
        acts[card_id] = get(card_id, 0) + 1
    for so in t.special_orders:
        acts[so.copies] = get(so.copies, 0) + 1
    maki = uramaki = 0
    colours: dict[Background, int] = {}
    for card_id, n in acts.items():
        colour, kind, icons = _INFO[card_id]
        colours[colour] = colours.get(colour, 0) + n
        if icons:
            if kind is _MAKI:
                maki += icons * n
            else:
                uramaki += icons * n
    return _Summary(acts, maki, uramaki, colours)


_MAKI, _URAMAKI, _NIGIRI = CardType.MAKI, CardType.URAMAKI, CardType.NIGIRI


def _type_count(s: _Summary, card_type: CardType) -> int:
    # single-variant types have id == type value
    return s.acts.get(card_type.value, 0)


def score_round(
    names: Sequence[str],
    tableaux: Sequence[Tableau],
    menu: Menu,
    options: ScoringOptions = DEFAULT,
) -> ScoreSheet:
    """Every player's points for one round (desserts wait for :func:`score_desserts`)."""
    lines = round_lines(names, tableaux, menu, options)
    return ScoreSheet(
        game=GAME_ID,
        players=tuple(
            PlayerScore(player=n, breakdown=tuple(ls)) for n, ls in zip(names, lines, strict=True)
        ),
    )


def round_lines(
    names: Sequence[str],
    tableaux: Sequence[Tableau],
    menu: Menu,
    options: ScoringOptions = DEFAULT,
) -> list[list[ScoreLine]]:
    """The score lines of each player for one round, in seat order (validated first)."""
    if len(names) != len(tableaux):
        raise IllegalAction(f"{len(names)} players but {len(tableaux)} tableaux")
    check_round(tableaux, menu, names)
    summaries = [_summarise(t) for t in tableaux]
    out: list[list[ScoreLine]] = [[] for _ in tableaux]
    players = len(tableaux)

    # nigiri and wasabi
    for t, summary, lines in zip(tableaux, summaries, out, strict=True):
        _nigiri_lines(t, summary, lines)

    # rolls
    if menu.roll is CardType.MAKI:
        icons = [s.maki_icons for s in summaries]
        awards = maki_awards(players)
        for points, n, lines in zip(
            majority_points(icons, awards, DENSE_FULL), icons, out, strict=True
        ):
            if n:
                lines.append(_maki_line(n, points, awards))
    elif menu.roll is CardType.TEMAKI:
        counts = [_type_count(s, CardType.TEMAKI) for s in summaries]
        rule = MostFewest(*TEMAKI, all_tie=options.all_tie)
        _most_fewest_lines("temaki", "temaki", counts, rule, out)
    else:
        _uramaki_lines(names, tableaux, summaries, out)

    # appetizers, specials, take-out box
    handlers = _handlers(menu)
    table = _Table(
        edamame_holders=sum(1 for x in summaries if x.acts.get(_EDAMAME_ID)),
        most_colours=max((len(x.colours) for x in summaries), default=0),
    )
    for t, s, lines in zip(tableaux, summaries, out, strict=True):
        for handler in handlers:
            handler(lines, s, table)
        if t.flipped:
            _flipped_lines(t, lines)
    return out


@dataclass(frozen=True)
class _Table:
    """Facts about the whole table that some cards compare with."""

    edamame_holders: int
    most_colours: int


_Handler = Callable[[list[ScoreLine], _Summary, _Table], None]
_EDAMAME_ID = CardType.EDAMAME.value


@_cached
def _maki_line(n: int, points: int, awards: tuple[int, ...]) -> ScoreLine:
    table = "/".join(map(str, awards))
    if points:
        return ScoreLine("maki", points, "maki", ntmsg(
            "{n} maki icon: a place worth {points} ({table})",
            "{n} maki icons: a place worth {points} ({table})", n, points=points, table=table))
    return ScoreLine("maki", 0, "maki", ntmsg("{n} maki icon: no place ({table})",
                                              "{n} maki icons: no place ({table})", n,
                                              table=table))


def _tempura(lines: list[ScoreLine], s: _Summary, table: _Table) -> None:
    lines.extend(complete_set_lines("tempura", s.acts.get("tempura", 0), 2, TEMPURA_PAIR, "pair"))


def _sashimi(lines: list[ScoreLine], s: _Summary, table: _Table) -> None:
    lines.extend(complete_set_lines("sashimi", s.acts.get("sashimi", 0), 3, SASHIMI_SET, "set"))


def _dumpling(lines: list[ScoreLine], s: _Summary, table: _Table) -> None:
    lines.extend(_dumpling_lines(s.acts.get("dumpling", 0)))


@_cached
def _dumpling_lines(n: int) -> tuple[ScoreLine, ...]:
    if not n:
        return ()
    detail = ntmsg("{n} dumpling (1/3/6/10/15)", "{n} dumplings (1/3/6/10/15)", n)
    return (ScoreLine("dumpling", count_points(DUMPLING, n), "dumpling", detail),)


def _eel(lines: list[ScoreLine], s: _Summary, table: _Table) -> None:
    lines.extend(_eel_lines(s.acts.get("eel", 0)))


@_cached
def _eel_lines(n: int) -> tuple[ScoreLine, ...]:
    if not n:
        return ()
    detail = ntmsg("{n} eel (1 = -3, 2 or more = 7)", "{n} eels (1 = -3, 2 or more = 7)", n)
    return (ScoreLine("eel", EEL_ONE if n == 1 else EEL_MORE, "eel", detail),)


def _tofu(lines: list[ScoreLine], s: _Summary, table: _Table) -> None:
    lines.extend(_tofu_lines(s.acts.get("tofu", 0)))


@_cached
def _tofu_lines(n: int) -> tuple[ScoreLine, ...]:
    if not n:
        return ()
    detail = ntmsg("{n} tofu (1 = 2, 2 = 6, 3 or more = 0)",
                   "{n} tofus (1 = 2, 2 = 6, 3 or more = 0)", n)
    return (ScoreLine("tofu", TOFU[n] if n < 3 else 0, "tofu", detail),)


def _onigiri(lines: list[ScoreLine], s: _Summary, table: _Table) -> None:
    get = s.acts.get
    lines.extend(_onigiri_lines(*(get(i, 0) for i in _ONIGIRI_IDS)))


def _edamame(lines: list[ScoreLine], s: _Summary, table: _Table) -> None:
    lines.extend(_edamame_lines(s.acts.get(_EDAMAME_ID, 0), table.edamame_holders))


@_cached
def _edamame_lines(n: int, holders: int) -> tuple[ScoreLine, ...]:
    if not n:
        return ()
    others = holders - 1
    each = min(others, EDAMAME_CAP)
    detail = tmsg("{edamame} x {each}: {opponents} with edamame (at most {cap} per card)",
                  edamame=nmsg("{n} edamame", "{n} edamames", n), each=each,
                  opponents=nmsg("{n} opponent", "{n} opponents", others), cap=EDAMAME_CAP)
    return (ScoreLine("edamame", n * each, "edamame", detail),)


def _miso(lines: list[ScoreLine], s: _Summary, table: _Table) -> None:
    lines.extend(_miso_lines(s.acts.get("miso_soup", 0)))


@_cached
def _miso_lines(n: int) -> tuple[ScoreLine, ...]:
    if not n:
        return ()
    detail = ntmsg("{n} miso soup x {points}", "{n} miso soups x {points}", n, points=MISO)
    return (ScoreLine("miso soup", n * MISO, "miso_soup", detail),)


def _soy_sauce(lines: list[ScoreLine], s: _Summary, table: _Table) -> None:
    lines.extend(_soy_lines(s.acts.get("soy_sauce", 0), len(s.colours), table.most_colours))


@_cached
def _soy_lines(n: int, mine: int, most: int) -> tuple[ScoreLine, ...]:
    if not n:
        return ()
    best = mine == most
    sauces = nmsg("{n} soy sauce", "{n} soy sauces", n)
    colours = nmsg("{n} colour", "{n} colours", mine)
    detail = (tmsg("{sauces}: {colours}, the most at the table is {most}, so {points} each",
                   sauces=sauces, colours=colours, most=most, points=SOY_SAUCE) if best else
              tmsg("{sauces}: {colours}, the most at the table is {most}, so 0",
                   sauces=sauces, colours=colours, most=most))
    return (ScoreLine("soy sauce", n * SOY_SAUCE if best else 0, "soy_sauce", detail),)


def _tea(lines: list[ScoreLine], s: _Summary, table: _Table) -> None:
    n = s.acts.get("tea", 0)
    if n:
        lines.extend(_tea_lines(n, max(s.colours.values())))


@_cached
def _tea_lines(n: int, largest: int) -> tuple[ScoreLine, ...]:
    detail = tmsg("{teas} x {largest}: largest same-colour set is {cards}",
                  teas=nmsg("{n} tea", "{n} teas", n), largest=largest,
                  cards=nmsg("{n} card", "{n} cards", largest))
    return (ScoreLine("tea", n * largest, "tea", detail),)


#: The round-end rule of each appetizer and special that scores (others score nothing).
_HANDLERS: dict[CardType, _Handler] = {
    CardType.TEMPURA: _tempura,
    CardType.SASHIMI: _sashimi,
    CardType.DUMPLING: _dumpling,
    CardType.EEL: _eel,
    CardType.TOFU: _tofu,
    CardType.ONIGIRI: _onigiri,
    CardType.EDAMAME: _edamame,
    CardType.MISO_SOUP: _miso,
    CardType.SOY_SAUCE: _soy_sauce,
    CardType.TEA: _tea,
}


@lru_cache(maxsize=64)
def _handlers(menu: Menu) -> tuple[_Handler, ...]:
    return tuple(_HANDLERS[t] for t in menu.types if t in _HANDLERS)


def _flipped_lines(t: Tableau, lines: list[ScoreLine]) -> None:
    for card_id, n in Counter(t.flipped).items():
        lines.append(_flipped_line(card_id, n))


@_cached
def _flipped_line(card_id: str, n: int) -> ScoreLine:
    detail = tmsg("{n} x {card} flipped by a take-out box, {points} each", n=n,
                  card=card_label(card_id), points=FLIPPED)
    return ScoreLine("take-out box", n * FLIPPED, card_id, detail)


#: The nigiri, in catalogue order (egg, salmon, squid).
NIGIRI: tuple[Nigiri, ...] = tuple(
    Nigiri(i, Text(NIGIRI_NAMES[i]), c.nigiri_value)
    for i, c in CARDS_BY_ID.items()
    if i in NIGIRI_IDS
)
_NIGIRI_BY_ID = {n.card: n for n in NIGIRI}


def _nigiri_lines(t: Tableau, s: _Summary, lines: list[ScoreLine]) -> None:
    if not t.special_orders:  # the common case, from the counts
        covered = Counter(t.on_wasabi)
        uncovered = {n.card: s.acts.get(n.card, 0) - covered[n.card] for n in NIGIRI}
        empty = s.acts.get(WASABI_ID, 0) - len(t.on_wasabi)
        lines.extend(nigiri_lines(NIGIRI, uncovered, covered, empty))
        return
    plain: dict[tuple[str, bool], int] = {}  # (id, via special order) -> cards
    wasabi: dict[tuple[str, bool], int] = {}
    for card_id in t.cards:
        if card_id in NIGIRI_IDS:
            key = (card_id, False)
            plain[key] = plain.get(key, 0) + 1
    for card_id in t.on_wasabi:
        key = (card_id, False)
        wasabi[key] = wasabi.get(key, 0) + 1
    for so in t.special_orders:
        if so.copies in NIGIRI_IDS:
            into = wasabi if so.on_wasabi else plain
            key = (so.copies, True)
            into[key] = into.get(key, 0) + 1
    for (card_id, via), n in plain.items():
        lines.append(_nigiri_line(card_id, n, via, False))
    for (card_id, via), n in wasabi.items():
        lines.append(_nigiri_line(card_id, n, via, True))
    empty = t.cards.count(WASABI_ID) - sum(wasabi.values())
    empty += sum(1 for so in t.special_orders if so.copies == WASABI_ID)
    if empty:
        lines.append(empty_wasabi_line(empty))


def _nigiri_line(card_id: str, n: int, via: bool, on_wasabi: bool) -> ScoreLine:
    """The kit's line, the detail saying when the nigiri are special orders copying it."""
    as_what = "special order as " if via else ""
    return nigiri_line(_NIGIRI_BY_ID[card_id], n, on_wasabi, as_what=as_what)


def _commas(items: Sequence[Msg]) -> Msg:
    """``items`` joined with commas ("circle, square, triangle")."""
    if len(items) == 1:
        return items[0]
    return msg("{first}, {rest}", first=items[0], rest=_commas(items[1:]))


_ONIGIRI_IDS = tuple(f"onigiri_{shape.value}" for shape in OnigiriShape)


@_cached
def _onigiri_lines(*counts: int) -> tuple[ScoreLine, ...]:
    """Onigiri sets from the count of each shape (in :class:`OnigiriShape` order): set k holds
    one of each shape with at least k cards."""
    out: list[ScoreLine] = []
    layer = 1
    while True:
        in_set = [sh for sh, n in zip(OnigiriShape, counts, strict=True) if n >= layer]
        if not in_set:
            return tuple(out)
        points = ONIGIRI[len(in_set)]
        out.append(
            ScoreLine(
                "onigiri",
                points,
                "onigiri",
                ntmsg("set {layer}: {n} different shape ({shapes}) (1/4/9/16)",
                      "set {layer}: {n} different shapes ({shapes}) (1/4/9/16)", len(in_set),
                      layer=layer, shapes=_commas([SHAPES[sh] for sh in in_set])),
            )
        )
        layer += 1


def _most_fewest_lines(
    rule_name: str,
    card_id: str,
    counts: list[int],
    rule: MostFewest,
    out: Sequence[list[ScoreLine]],
) -> None:
    awards = most_fewest(counts, rule)
    high, low = max(counts), min(counts)
    two = len(counts) == 2
    for award, n, lines in zip(awards, counts, out, strict=True):
        held = (nmsg("{n} pudding card", "{n} pudding cards", n) if rule_name == "pudding" else
                nmsg("{n} temaki card", "{n} temaki cards", n))
        if award.most:
            lines.append(
                ScoreLine(
                    f"{rule_name} most",
                    award.most,
                    card_id,
                    tmsg("{held}, the most (+{bonus}, ties take it all)", held=held,
                         bonus=rule.bonus),
                )
            )
        if award.fewest:
            lines.append(
                ScoreLine(
                    f"{rule_name} fewest",
                    award.fewest,
                    card_id,
                    tmsg("{held}, the fewest (-{penalty}, 0 included)", held=held,
                         penalty=rule.penalty),
                )
            )
        if not award.most and not award.fewest and n:
            if high == low:
                why = msg("every player has the same count, so nobody scores")
            elif n == low and two:
                why = msg("the fewest, but there is no penalty with 2 players")
            else:
                why = msg("neither the most nor the fewest")
            lines.append(ScoreLine(rule_name, 0, card_id, tmsg("{held}: {why}", held=held,
                                                               why=why)))


def _uramaki_lines(
    names: Sequence[str],
    tableaux: Sequence[Tableau],
    summaries: Sequence[_Summary],
    out: Sequence[list[ScoreLine]],
) -> None:
    for t, lines in zip(tableaux, out, strict=True):
        for place in sorted(t.uramaki_places):
            lines.append(
                ScoreLine(
                    "uramaki",
                    URAMAKI_AWARDS[place - 1],
                    "uramaki",
                    tmsg("place {place} scored during the round on reaching 10 icons",
                         place=place),
                )
            )
    next_place = uramaki_next_place(tableaux, names)
    icons = [s.uramaki_icons for s in summaries]
    if next_place > len(URAMAKI_AWARDS):
        award: tuple[int, ...] = ()
    else:
        award = (URAMAKI_AWARDS[next_place - 1],)
    points = majority_points(icons, award, DENSE_FULL) if award else (0,) * len(icons)
    for p, n, lines in zip(points, icons, out, strict=True):
        if not n:
            continue
        if p:
            detail = ntmsg(
                "{n} uramaki icon left, the most: the next unclaimed place ({place}) at round end",
                "{n} uramaki icons left, the most: the next unclaimed place ({place}) at round end",
                n, place=next_place)
        elif award:
            detail = ntmsg(
                "{n} uramaki icon left: not the most, only the most takes place {place} at round "
                "end",
                "{n} uramaki icons left: not the most, only the most takes place {place} at "
                "round end", n, place=next_place)
        else:
            detail = ntmsg("{n} uramaki icon left: every place was claimed during the round",
                           "{n} uramaki icons left: every place was claimed during the round", n)
        lines.append(ScoreLine("uramaki", p, "uramaki", detail))


# --------------------------------------------------------------------------------------------
# Desserts and the game


def check_desserts(names: Sequence[str], kept: Sequence[Tableau], menu: Menu) -> None:
    """Refuse kept desserts that are not the menu's dessert or exceed the game's dessert cards."""
    if len(names) != len(kept):
        raise IllegalAction(f"{len(names)} players but {len(kept)} dessert piles")
    deck = cached_deck(menu, len(kept))
    for who, t in zip(names, kept, strict=True):
        if t.on_wasabi or t.flipped or t.uramaki_places:
            raise IllegalAction(f"{who}: a dessert pile holds only desserts")
        for card_id in (*t.cards, *(so.copies for so in t.special_orders)):
            c = CARDS_BY_ID.get(card_id)
            if c is None or c.type is not menu.dessert:
                what = c.name if c else repr(card_id)
                raise IllegalAction(
                    f"{who}: {what} is not this menu's dessert ({menu.dessert.value}), so it is "
                    "not kept to game end"
                )
        if t.special_orders and CardType.SPECIAL_ORDER not in menu.types:
            raise IllegalAction(f"{who}: Special Order is not on this menu")
    check_copies([t.physical() for t in kept], deck, "kept as desserts this game")


def score_desserts(
    names: Sequence[str],
    kept: Sequence[Tableau],
    menu: Menu,
    options: ScoringOptions = DEFAULT,
) -> ScoreSheet:
    """Game-end dessert points; ``kept`` is each player's desserts over the game (dessert cards
    and special orders copying one). Tie-break: dessert cards kept."""
    lines = dessert_lines(names, kept, menu, options)
    return ScoreSheet(
        game=GAME_ID,
        players=tuple(
            PlayerScore(
                player=n,
                breakdown=tuple(ls),
                tiebreak=(_dessert_cards(t),),
                tiebreak_label=TIEBREAK_LABEL,
            )
            for n, ls, t in zip(names, lines, kept, strict=True)
        ),
    )


def _dessert_cards(t: Tableau) -> int:
    return len(t.cards) + len(t.special_orders)


def dessert_lines(
    names: Sequence[str],
    kept: Sequence[Tableau],
    menu: Menu,
    options: ScoringOptions = DEFAULT,
) -> list[list[ScoreLine]]:
    """Each player's dessert lines (validated first)."""
    check_desserts(names, kept, menu)
    out: list[list[ScoreLine]] = [[] for _ in kept]
    faces = [t.face_up() for t in kept]
    if menu.dessert is CardType.PUDDING:
        counts = [len(f) for f in faces]
        rule = MostFewest(*PUDDING, all_tie=options.all_tie)
        _most_fewest_lines("pudding", "pudding", counts, rule, out)
    elif menu.dessert is CardType.GREEN_TEA_ICE_CREAM:
        for f, lines in zip(faces, out, strict=True):
            lines.extend(complete_set_lines("green_tea_ice_cream", len(f), 4, GTIC_SET, "set"))
    else:
        for f, lines in zip(faces, out, strict=True):
            icons: Counter[Fruit] = Counter()
            for card_id in f:
                icons.update(CARDS_BY_ID[card_id].fruits)
            lines.extend(fruit_lines(icons))
    return out


def fruit_lines(icons: Mapping[Fruit, int]) -> list[ScoreLine]:
    """One line per fruit type for a player's fruit icons over the game (0 icons is -2, so no
    fruit at all is -6)."""
    out = []
    for fruit in Fruit:
        n = icons.get(fruit, 0)
        if n < 0:
            raise IllegalAction(f"{n} {fruit.value} icons: a count cannot be negative")
        detail = (ntmsg("{n} watermelon (0/1/2/3/4/5+ = -2/0/1/3/6/10)",
                        "{n} watermelons (0/1/2/3/4/5+ = -2/0/1/3/6/10)", n)
                  if fruit is Fruit.WATERMELON else
                  ntmsg("{n} orange (0/1/2/3/4/5+ = -2/0/1/3/6/10)",
                        "{n} oranges (0/1/2/3/4/5+ = -2/0/1/3/6/10)", n)
                  if fruit is Fruit.ORANGE else
                  ntmsg("{n} pineapple (0/1/2/3/4/5+ = -2/0/1/3/6/10)",
                        "{n} pineapples (0/1/2/3/4/5+ = -2/0/1/3/6/10)", n))
        out.append(ScoreLine("fruit", count_points(FRUIT, n), "fruit", detail))
    return out


def score_game(
    names: Sequence[str],
    rounds: Sequence[Sequence[Tableau]],
    menu: Menu,
    options: ScoringOptions = DEFAULT,
) -> ScoreSheet:
    """The whole game: each round's lines (``detail`` starts with the round), then the desserts
    kept over the game (face-up desserts and special orders copying one, every round), with the
    tie-break on dessert cards. Up to 3 rounds (a game in progress scores the rounds so far)."""
    if len(rounds) > ROUNDS:
        raise IllegalAction(f"Sushi Go Party! has {ROUNDS} rounds, not {len(rounds)}")
    per_player: list[list[ScoreLine]] = [[] for _ in names]
    kept: list[Tableau] = [Tableau() for _ in names]
    schedule = cached_deck(menu, len(names)).schedule
    shuffled_in = 0
    for number, tableaux in enumerate(rounds, start=1):
        lines = round_lines(names, tableaux, menu, options)
        for mine, got in zip(per_player, lines, strict=True):
            mine.extend(
                ScoreLine(g.rule, g.points, g.card,
                          tmsg("round {n}: {detail}", n=number, detail=g.detail))
                for g in got
            )
        kept = [_merge(k, kept_desserts(t)) for k, t in zip(kept, tableaux, strict=True)]
        shuffled_in += schedule[number - 1]
        held = sum(_dessert_cards(k) - len(k.special_orders) for k in kept)
        if held > shuffled_in:
            raise IllegalAction(
                f"round {number}: the players hold {held} dessert cards, but only {shuffled_in} "
                "were shuffled in so far"
            )
    desserts = dessert_lines(names, kept, menu, options)
    return ScoreSheet(
        game=GAME_ID,
        players=tuple(
            PlayerScore(
                player=n,
                breakdown=(*r, *d),
                tiebreak=(_dessert_cards(k),),
                tiebreak_label=TIEBREAK_LABEL,
            )
            for n, r, d, k in zip(names, per_player, desserts, kept, strict=True)
        ),
    )


def _merge(a: Tableau, b: Tableau) -> Tableau:
    return Tableau(cards=a.cards + b.cards, special_orders=a.special_orders + b.special_orders)
