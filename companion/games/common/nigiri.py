"""Nigiri on wasabi, the way every Sushi Go title scores it (part of the scoring kit with
:mod:`.sets` and :mod:`.majority`).

A nigiri scores its value; a nigiri put on a wasabi scores :data:`WASABI_FACTOR` times its
value; a wasabi with no nigiri on it scores nothing (a 0-point line says so). A title describes
its nigiri as :class:`Nigiri` values (the id its lines name, the words a player reads, the
points) and counts what each player has; the lines come from here, so the rule and its wording
exist once. Lines are immutable, so they are built once per distinct count and shared.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from companion.games.base import ScoreLine
from companion.i18n import Text, ntmsg, tmsg

#: A nigiri on a wasabi scores three times its value.
WASABI_FACTOR = 3


@dataclass(frozen=True)
class Nigiri:
    """One kind of nigiri: ``card``, the id its lines name; ``name``, how a line's detail
    calls it ("Salmon Nigiri", "salmon nigiri"); ``value``, its points off a wasabi."""

    card: str
    name: str
    value: int


@lru_cache(maxsize=1024)
def nigiri_line(
    nigiri: Nigiri, n: int, on_wasabi: bool, *, as_what: str = "", wasabi: str = "wasabi"
) -> ScoreLine:
    """The line of ``n`` nigiri of one kind, on a wasabi or not. ``as_what`` goes before the
    name ("special order as "); ``wasabi`` is how the detail calls the wasabi ("a wasabi")."""
    name: Text | str = tmsg("special order as {card}", card=nigiri.name) if as_what else nigiri.name
    if not on_wasabi:
        return ScoreLine("nigiri", n * nigiri.value, nigiri.card,
                         tmsg("{n} x {nigiri}, {value} each", n=n, nigiri=name, value=nigiri.value))
    tripled = nigiri.value * WASABI_FACTOR
    detail = (tmsg("{n} x {nigiri} on a wasabi, {value} x {factor} = {tripled} each", n=n,
                   nigiri=name, value=nigiri.value, factor=WASABI_FACTOR, tripled=tripled)
              if wasabi == "a wasabi" else
              tmsg("{n} x {nigiri} on wasabi, {value} x {factor} = {tripled} each", n=n,
                   nigiri=name, value=nigiri.value, factor=WASABI_FACTOR, tripled=tripled))
    return ScoreLine("nigiri on wasabi", n * tripled, nigiri.card, detail)


@lru_cache(maxsize=64)
def empty_wasabi_line(empty: int) -> ScoreLine:
    """The 0-point line of ``empty`` (1 or more) wasabi with no nigiri on them."""
    return ScoreLine("wasabi", 0, "wasabi", ntmsg("{n} wasabi with no nigiri",
                                                  "{n} wasabis with no nigiri", empty))


def nigiri_lines(
    kinds: Iterable[Nigiri],
    plain: Mapping[str, int],
    on_wasabi: Mapping[str, int],
    empty_wasabi: int,
    *,
    wasabi: str = "wasabi",
) -> list[ScoreLine]:
    """A player's nigiri lines: for each kind in ``kinds``' order, those not on a wasabi
    (``plain``, by card id) then those on one (``on_wasabi``); then the wasabi left empty, when
    ``empty_wasabi`` is more than 0. ``wasabi``: see :func:`nigiri_line`."""
    lines: list[ScoreLine] = []
    for kind in kinds:
        if plain.get(kind.card):
            lines.append(nigiri_line(kind, plain[kind.card], False, wasabi=wasabi))
        if on_wasabi.get(kind.card):
            lines.append(nigiri_line(kind, on_wasabi[kind.card], True, wasabi=wasabi))
    if empty_wasabi > 0:
        lines.append(empty_wasabi_line(empty_wasabi))
    return lines
