"""The dice and the tokens of Sushi Roll, as data (SEED4 "Contenu"; ruling D7).

**The five die kinds** (SEED4: "30 dés (10 Hors-d'œuvre, 6 Makis, 5 Sushis, 5 Spécial et 4
Desserts)"): appetizer (blue), maki (red), nigiri (white; the rulebook's "Sushis"), special and
dessert. A die on a belt or a tray is named by a **reading** ``"kind:face"``, e.g.
``"maki:maki_3"``, ``"nigiri:salmon"``, ``"special:menu_2"``: what the camera or a tap reports.
Two dice with the same reading are interchangeable for every rule, so belts and trays are
multisets of readings.

**The faces (ruling D7, our rulings R1-R5 in ``docs/RULINGS.md``).** The face lists are printed
only on the tray graphic, which our text does not have. :data:`KIND_FACES` is the editable table:
six faces a die, each a :class:`Face` id from :data:`FACES`. A reading is validated only against
this table, so correcting it (after checking a physical tray) needs no code change. The values
chosen, and why:

* R1 appetizer: dumpling x3, tempura x2, sashimi x1. Reviews (REFERENCE section 3, svsj) say the
  appetizer faces are dumpling, tempura and sashimi, "sashimi the rarest and dumpling the most
  common": the frequencies run opposite to the set values (2/4/8, 1/5/10, 0/6/13).
* R2 maki: 1, 1, 2, 2, 3, 3 maki. The faces "show 1-3 rolls" (reviews); SEED4 counts maki
  *symbols*. An even spread is the least-informed choice.
* R3 nigiri: egg x2, salmon x3, squid x1. The faces show egg/salmon/squid (reviews); as in
  Sushi Go!'s deck (egg 5, salmon 10, squid 5) salmon is the commonest, and as on the appetizer
  die the face worth most (squid, 3) is the rarest.
* R4 special: wasabi x2, menu x1, menu x2, chopsticks x1, chopsticks x2. The faces show wasabi,
  chopsticks or menu "sometimes xN tokens" (reviews); SEED4 gives "autant de menus ou de
  baguettes que le dé l'indique", so some faces show more than one.
* R5 dessert: 1, 1, 2, 2, 3, 3 desserts. SEED4: "autant de desserts que le dé l'indique", and the
  dessert tokens come in 1s and 3s, so a face shows up to 3.

Every face here shows icons of one symbol (``count`` of them). The engine reads symbols and
counts only, so a face with, say, 2 tempura could be added to the table as data.

**A die whose face was not entered** (issue 24 item 7) is read ``"kind:?"`` (:func:`unread`): a
belt may hold such dice when the table skips entering a roll (only the face a player takes
matters for the score). It is never on a tray: :func:`die` refuses it; :func:`kind_of` and
:func:`check_belt_reading` accept it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from companion.games.base import UnreadableInput


class DieKind(StrEnum):
    """The five die colours (SEED4 names: Hors-d'œuvre, Makis, Sushis, Spécial, Desserts)."""

    APPETIZER = "appetizer"
    MAKI = "maki"
    NIGIRI = "nigiri"
    SPECIAL = "special"
    DESSERT = "dessert"


class Symbol(StrEnum):
    """What a face shows; the scoring reads the symbol and how many icons of it."""

    DUMPLING = "dumpling"
    TEMPURA = "tempura"
    SASHIMI = "sashimi"
    MAKI = "maki"
    EGG = "egg"
    SALMON = "salmon"
    SQUID = "squid"
    WASABI = "wasabi"
    MENU = "menu"
    CHOPSTICKS = "chopsticks"
    DESSERT = "dessert"


APPETIZERS = (Symbol.DUMPLING, Symbol.TEMPURA, Symbol.SASHIMI)
NIGIRI_VALUES: dict[Symbol, int] = {Symbol.EGG: 1, Symbol.SALMON: 2, Symbol.SQUID: 3}
#: Symbols whose die gives tokens when taken (SEED4 "Étape obligatoire").
TOKEN_SYMBOLS = (Symbol.MENU, Symbol.CHOPSTICKS, Symbol.DESSERT)


@dataclass(frozen=True)
class Face:
    """One face: its id, the symbol shown, how many icons of it, and a name to show."""

    id: str
    symbol: Symbol
    count: int
    name: str


def _face(face_id: str, symbol: Symbol, count: int = 1) -> Face:
    word = symbol.value.capitalize()
    counted = symbol in (*TOKEN_SYMBOLS, Symbol.MAKI)
    return Face(face_id, symbol, count, f"{count} {word}" if counted or count > 1 else word)


#: Every face of every die (ids are unique; a kind lists its faces in :data:`KIND_FACES`).
FACES: dict[str, Face] = {
    f.id: f
    for f in (
        _face("dumpling", Symbol.DUMPLING),
        _face("tempura", Symbol.TEMPURA),
        _face("sashimi", Symbol.SASHIMI),
        _face("maki_1", Symbol.MAKI, 1),
        _face("maki_2", Symbol.MAKI, 2),
        _face("maki_3", Symbol.MAKI, 3),
        _face("egg", Symbol.EGG),
        _face("salmon", Symbol.SALMON),
        _face("squid", Symbol.SQUID),
        _face("wasabi", Symbol.WASABI),
        _face("menu_1", Symbol.MENU, 1),
        _face("menu_2", Symbol.MENU, 2),
        _face("chopsticks_1", Symbol.CHOPSTICKS, 1),
        _face("chopsticks_2", Symbol.CHOPSTICKS, 2),
        _face("dessert_1", Symbol.DESSERT, 1),
        _face("dessert_2", Symbol.DESSERT, 2),
        _face("dessert_3", Symbol.DESSERT, 3),
    )
}

#: The editable table of ruling D7: the six faces of each die kind (R1-R5 above).
KIND_FACES: dict[DieKind, tuple[str, ...]] = {
    DieKind.APPETIZER: ("dumpling", "dumpling", "dumpling", "tempura", "tempura", "sashimi"),
    DieKind.MAKI: ("maki_1", "maki_1", "maki_2", "maki_2", "maki_3", "maki_3"),
    DieKind.NIGIRI: ("egg", "egg", "salmon", "salmon", "salmon", "squid"),
    DieKind.SPECIAL: ("wasabi", "wasabi", "menu_1", "menu_2", "chopsticks_1", "chopsticks_2"),
    DieKind.DESSERT: ("dessert_1", "dessert_1", "dessert_2", "dessert_2", "dessert_3", "dessert_3"),
}

#: Dice in the box (SEED4): 30 in all, all back in the bag at the start of every round.
DICE_IN_BOX: dict[DieKind, int] = {
    DieKind.APPETIZER: 10,
    DieKind.MAKI: 6,
    DieKind.NIGIRI: 5,
    DieKind.SPECIAL: 5,
    DieKind.DESSERT: 4,
}
KIND_NAMES: dict[DieKind, str] = {
    DieKind.APPETIZER: "Appetizer",
    DieKind.MAKI: "Maki",
    DieKind.NIGIRI: "Nigiri",
    DieKind.SPECIAL: "Special",
    DieKind.DESSERT: "Dessert",
}

#: Dice each player draws onto their belt (SEED4): 2/3/4/5 players -> 8/7/6/5.
DICE_PER_BELT: dict[int, int] = {2: 8, 3: 7, 4: 6, 5: 5}
MIN_PLAYERS, MAX_PLAYERS = min(DICE_PER_BELT), max(DICE_PER_BELT)
ROUNDS = 3

# Tokens (SEED4 "Contenu" and "Préparation").
MENU_TOKENS = 18
CHOPSTICKS_TOKENS = 12
DESSERT_ONES = 14  # dessert tokens worth 1
DESSERT_THREES = 6  # dessert tokens worth 3
DESSERT_TOTAL = DESSERT_ONES + 3 * DESSERT_THREES
START_MENU = 3
START_CHOPSTICKS = 2
#: Points tokens (18 x 1, 7 x 5, 10 x 10, 5 x 20) are change: we keep points on the sheet and
#: never limit a score by them (ruling R10).
POINT_TOKENS = {1: 18, 5: 7, 10: 10, 20: 5}


@dataclass(frozen=True)
class Die:
    """A die as read: its kind and its face (``reading`` is ``"kind:face"``)."""

    kind: DieKind
    face: Face

    @property
    def reading(self) -> str:
        return f"{self.kind.value}:{self.face.id}"

    @property
    def name(self) -> str:
        return f"{KIND_NAMES[self.kind]} die showing {self.face.name}"


@cache
def die(reading: str) -> Die:
    """The :class:`Die` of a reading; :class:`UnreadableInput` for anything the table (D7)
    does not print (an unknown kind, or a face that kind does not have)."""
    kind_text, sep, face_id = reading.partition(":")
    try:
        kind = DieKind(kind_text)
    except ValueError:
        kinds = ", ".join(k.value for k in DieKind)
        raise UnreadableInput(
            f"{reading!r} is not a die reading 'kind:face' (kinds: {kinds})"
        ) from None
    if not sep or face_id not in KIND_FACES[kind]:
        faces = ", ".join(dict.fromkeys(KIND_FACES[kind]))
        raise UnreadableInput(f"a {KIND_NAMES[kind]} die has no face {face_id!r} (faces: {faces})")
    return Die(kind, FACES[face_id])


#: The face part of a die whose face was not entered.
UNREAD = "?"


def unread(kind: DieKind) -> str:
    """The reading of a die of ``kind`` whose face was not entered (``"maki:?"``)."""
    return f"{kind.value}:{UNREAD}"


def is_unread(reading: str) -> bool:
    return reading.endswith(f":{UNREAD}")


def check_belt_reading(reading: str) -> DieKind:
    """The kind of a die on a belt: a reading :func:`die` accepts, or ``"kind:?"`` (a die whose
    face was not entered); :class:`UnreadableInput` otherwise."""
    if is_unread(reading):
        kind_text = reading.partition(":")[0]
        try:
            return DieKind(kind_text)
        except ValueError:
            kinds = ", ".join(k.value for k in DieKind)
            raise UnreadableInput(
                f"{reading!r} is not a die reading 'kind:face' (kinds: {kinds})"
            ) from None
    return die(reading).kind


def kind_of(reading: str) -> DieKind:
    """The kind of a die, its face entered or not."""
    return check_belt_reading(reading)


def die_name(reading: str) -> str:
    """``"Maki die showing 3 Maki"`` (``"Maki die"`` when its face was not entered); the
    reading itself when it cannot be read."""
    try:
        if is_unread(reading):
            return f"{KIND_NAMES[check_belt_reading(reading)]} die"
        return die(reading).name
    except UnreadableInput:
        return reading


def readings(kind: DieKind) -> tuple[str, ...]:
    """The distinct readings a die of ``kind`` can show, in table order."""
    return tuple(f"{kind.value}:{f}" for f in dict.fromkeys(KIND_FACES[kind]))


def kinds_count(dice: Iterable[str]) -> dict[DieKind, int]:
    """How many dice of each kind (every kind listed, 0 included)."""
    out = dict.fromkeys(DieKind, 0)
    for reading in dice:
        out[kind_of(reading)] += 1
    return out


def describe_kinds(counts: dict[DieKind, int]) -> str:
    """``"3 Appetizer, 1 Maki"`` (kinds with none left out; ``"no dice"`` when empty)."""
    parts = [f"{n} {KIND_NAMES[k]}" for k, n in counts.items() if n]
    return ", ".join(parts) or "no dice"
