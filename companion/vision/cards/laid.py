"""Laid stage: whole cards laid over what the finder saw only in part, where its map shows card.

The finder may see a card only in part (its art taken for a band) or outline it across two
cards. The card map still shows where card is. :func:`wholes_from_bands`: an uncertain band
may be part of a whole card, so a card of the frame's shape is laid from each end of the band
across it; an uncertain whole card that matches no card well (under :attr:`LaidConfig.lost`)
may be outlined across two cards or turned, so a card of the frame's typical size is laid on
its middle both ways round. Each is refined as a whole card by the outline refiner, kept only
where the map shows card and no other whole card lies, and read. Where the sure readings of
one try agree, the most similar replaces the card, and the loose cards lying on it go.

Pure: the photo, the cards and the finder's map in, the cards out.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from companion.vision.cards.eyes import Eyes
from companion.vision.cards.finder import Found, clockwise, overlap, portrait
from companion.vision.cards.quads import (
    cards_across,
    cards_on,
    frame_aspect,
    other_lengths,
    quad_aspect,
    typical_width,
)
from companion.vision.cards.results import Card
from companion.vision.cards.walk import without

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True)
class LaidConfig:
    """Where cards are laid and kept (see the module)."""

    #: A laid card is refined when the map shows card over this share of it and it lies on
    #: no whole card by more than that ...
    rough: tuple[float, float] = (0.5, 0.6)
    #: ... and kept, refined, when the map shows card over this share and it lies on none by
    #: more than that.
    final: tuple[float, float] = (0.6, 0.3)
    #: An uncertain whole card read under this similarity matches no card well.
    lost: float = 0.7
    #: Two cards overlapping by more than this are one.
    same_band: float = 0.3
    #: A refined card off the frame's card shape by more than this (log ratio) is also read
    #: made that shape (the refiner may leave a dark banner out).
    slack: float = 0.06
    #: ... and one about square (short / long at least this) either way round.
    square: float = 0.75


LAID = LaidConfig()


def _frame(eyes: Eyes, cards: list[Card]) -> tuple[list[FloatArray], float, float | None]:
    """The sure whole cards' quads, the frame's card shape and typical width."""
    sure = [c.quad for c in cards if c.visible == "full" and not c.uncertain]
    return sure, frame_aspect(sure, eyes.card_set.aspect), typical_width(sure)


def _lengths(quad: FloatArray, aspect: float, config: LaidConfig) -> list[FloatArray]:
    """A refined card's quad made the frame's card shape when it is off by the slack."""
    if abs(np.log(quad_aspect(quad) / aspect)) <= config.slack:
        return []
    return [portrait(clockwise(q))
            for q in other_lengths(quad, aspect, config.slack, (), config.square)]


def wholes_from_bands(eyes: Eyes, image: Image, cards: list[Card], found: Found,
                      config: LaidConfig) -> list[Card]:
    """``cards`` with uncertain bands and lost whole cards replaced by whole cards laid across
    or on them (see the module)."""
    if eyes.finder.refiner is None:
        return cards
    _, aspect, size = _frame(eyes, cards)
    tries: list[tuple[int, FloatArray]] = []
    for k, card in enumerate(cards):
        if card.visible == "band" and card.uncertain:
            tries += [(k, q) for q in cards_across(card.quad, aspect)]
        elif card.visible == "full" and card.uncertain and card.similarity < config.lost \
                and size is not None:
            tries += [(k, q) for q in cards_on(card.quad, size, aspect)]
    wholes = [c.quad for c in cards if c.visible == "full"]
    read = _read_laid(eyes, image, found, cards, wholes, tries, aspect, config)
    out, gone = list(cards), set[int]()
    for k, laid in sorted(read.items(), key=lambda item: item[0]):
        sure = [c for c in laid if not c.uncertain]
        if len({c.label for c in sure}) != 1 or k in gone:
            continue
        out[k] = best = max(sure, key=lambda c: c.similarity)
        gone |= {j for j, c in enumerate(out) if j != k and c.visible != "full"
                 and overlap(c.quad, best.quad) > config.same_band}
    return without(out, gone)


def _read_laid(eyes: Eyes, image: Image, found: Found, cards: list[Card],
               wholes: list[FloatArray], tries: list[tuple[int, FloatArray]], aspect: float,
               config: LaidConfig) -> dict[int, list[Card]]:
    """The cards laid (``tries``: card index, quad) kept where the map shows card and
    no other of ``wholes`` lies (rough, then refined and final), also made the frame's card
    shape when off it, and read: the readings of each key."""
    refiner = eyes.finder.refiner
    assert refiner is not None

    def free(k: int, quad: FloatArray, shown: float, lying: float) -> bool:
        own = cards[k].quad
        return found.shown(quad) >= shown and all(
            w is own or overlap(quad, w) <= lying for w in wholes)

    tries = [(k, q) for k, q in tries if free(k, q, *config.rough)]
    if not tries:
        return {}
    refined = refiner.refine(image, [q for _, q in tries], found.blurs)
    tries = [(k, portrait(clockwise(q))) for (k, _), q in zip(tries, refined, strict=True)
             if free(k, q, *config.final)]
    tries += [(k, q) for k, quad in tries for q in _lengths(quad, aspect, config)
              if free(k, q, *config.final)]
    read: dict[int, list[Card]] = {}
    for (key, quad), (m, _, _) in zip(tries, eyes.wholes(image, [q for _, q in tries]),
                                      strict=True):
        read.setdefault(key, []).append(eyes.whole_card(quad, m, fine=False))
    return read

