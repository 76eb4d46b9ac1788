"""Sushi Roll's names in the message catalogue (issue 26, docs/I18N.md): die kinds, faces and
tokens as a player reads them in a refusal.

The names carry the context ``sushi-roll``: the French ones are the French rulebook's (SEED4:
dés Hors-d'œuvre, Makis, Sushis, Spécial, Desserts; jetons Menu, Baguettes, Dessert; raviolis,
tempuras, sashimis; tapis roulant, plateau). None of our rulebooks is a Polish Sushi Roll: the
Polish names follow the Polish Sushi Go! (SEED2: Pałeczki, Nigiri z łososiem...) where it
prints the food, our wording elsewhere, said in the catalogue's comments.
"""

from __future__ import annotations

from companion.games.base import UnreadableInput
from companion.i18n import Msg, msg, nmsg, pmsg

from .dice import DieKind, Face, check_belt_reading, die, is_unread

KIND_NAMES: dict[DieKind, Msg] = {
    DieKind.APPETIZER: pmsg("sushi-roll", "Appetizer"),
    DieKind.MAKI: pmsg("sushi-roll", "Maki"),
    DieKind.NIGIRI: pmsg("sushi-roll", "Nigiri"),
    DieKind.SPECIAL: pmsg("sushi-roll", "Special"),
    DieKind.DESSERT: pmsg("sushi-roll", "Dessert"),
}
#: Faces showing one icon, by face id (the English is dice.py's ``Face.name``).
FACE_NAMES: dict[str, Msg] = {
    "dumpling": pmsg("sushi-roll", "Dumpling"),
    "tempura": pmsg("sushi-roll", "Tempura"),
    "sashimi": pmsg("sushi-roll", "Sashimi"),
    "egg": pmsg("sushi-roll", "Egg"),
    "salmon": pmsg("sushi-roll", "Salmon"),
    "squid": pmsg("sushi-roll", "Squid"),
    "wasabi": pmsg("sushi-roll", "Wasabi"),
}
#: Token names ("19 Menu tokens").
TOKENS: dict[str, Msg] = {
    "menu": pmsg("sushi-roll", "Menu"),
    "chopsticks": pmsg("sushi-roll", "Chopsticks"),
    "dessert": pmsg("sushi-roll", "dessert"),
}


def face_label(face: Face) -> Msg:
    """``"3 Maki"``, ``"Squid"``, ``"2 Chopsticks"`` (the English of ``Face.name``)."""
    n = face.count
    symbol = face.symbol.value
    if symbol == "maki":
        return nmsg("{n} Maki", "{n} Maki", n)
    if symbol == "menu":
        return nmsg("{n} Menu", "{n} Menu", n)
    if symbol == "chopsticks":
        return nmsg("{n} Chopsticks", "{n} Chopsticks", n)
    if symbol == "dessert":
        return nmsg("{n} Dessert", "{n} Dessert", n)
    return FACE_NAMES[face.id]


def die_label(reading: str) -> Msg | str:
    """``"Maki die showing 3 Maki"`` (``"Maki die"`` when its face was not entered); the reading
    itself when it cannot be read (the English of :func:`.dice.die_name`)."""
    try:
        if is_unread(reading):
            return msg("{kind} die", kind=KIND_NAMES[check_belt_reading(reading)])
        d = die(reading)
    except UnreadableInput:
        return reading
    return msg("{kind} die showing {face}", kind=KIND_NAMES[d.kind], face=face_label(d.face))


def comma_list(items: list[Msg | str]) -> Msg | str:
    """``A, B, C``: commas only (a list read as it is, not an "and")."""
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = msg("{first}, {next}", first=out, next=item)
    return out


def describe_kinds(counts: dict[DieKind, int]) -> Msg | str:
    """``"3 Appetizer, 1 Maki"`` (kinds with none left out; ``"no dice"`` when empty)."""
    parts: list[Msg | str] = [
        msg("{n} {kind}", n=n, kind=KIND_NAMES[k]) for k, n in counts.items() if n
    ]
    return comma_list(parts) if parts else msg("no dice")


def belt_words(belt: tuple[str, ...]) -> Msg | str:
    """The dice of a belt, each named (``"no dice"`` when empty)."""
    return comma_list([die_label(r) for r in belt]) if belt else msg("no dice")
