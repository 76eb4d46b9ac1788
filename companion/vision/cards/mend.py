"""Mend stage: a whole card read uncertain because its outline is a little off, outlined again.

The finder or the outline stage may put a short edge of a card out of place (a neighbour's band
taken in, its own end left out, both ends shifted the same way). :func:`mend_lengths` reads
such a card again at the frame's card shape with each short edge in turn kept, or, when its
shape is right, shifted along its long side. The tries are ranked by colour layout alone
(cheap); the best :attr:`LengthsConfig.reads` within :attr:`LengthsConfig.agree` of the best
are fully read, and the most similar replaces the card only if it reads surely and they all
name the same card. A sure card longer than the frame's cards is tried the same way when a
try's colour layout matches better, and takes the new outline only if the same card reads
better with it. An uncertain card none of whose tries read surely has its tries refined by
the outline refiner and read again. An uncertain card of the frame's shape that reads at least
:attr:`LengthsConfig.good` like its card is not tried: it is in doubt between look-alikes, not
for its outline (the real SET tables read the same; a 20-card frame about 8% faster).

A card *lost* (read too far from every enrolled card to be kept, below the set's
:attr:`~companion.vision.cards.enrollment.Thresholds.similarity`) may be a part of a card cut
across by its own picture: a Sushi Go Party! card's coloured top over its grey foot is
outlined on its own, its long sides the card's width. It is also tried lengthened across
them, both ways, and a try that reads near enough to a card replaces it even when uncertain
(the player is asked to tap it): a card asked about is better than a card not seen. On 40
scenes of the real Party art on real tables (development check, ``docs/CARDS.md``) this found
27 of 58 cards missed, none wrong; the real SET tables and the card-free photos read the same.

Pure: the photo, the cards and the finder's blurred copies in, the cards out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from companion.vision.cards.eyes import Eyes, chosen_difference
from companion.vision.cards.finder import Found, clockwise, portrait
from companion.vision.cards.quads import frame_aspect, other_lengths, quad_aspect
from companion.vision.cards.results import Card

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True)
class LengthsConfig:
    """Which outlines are tried again, and how (see the module)."""

    #: An outline whose shape differs from the frame's cards by more than this (log ratio of
    #: short / long side) has a short edge out of place.
    slack: float = 0.06
    #: A card of the right shape is also read shifted along its long side by these shares of
    #: its length (up to about the band a neighbour's outline may take in).
    shifts: tuple[float, ...] = (0.07, 0.14, 0.21)
    #: A quad about square (short / long at least this) may be a card cut across: both pairs
    #: of sides are lengthened.
    square: float = 0.75
    #: The readings within this similarity of the best must name the same card ...
    agree: float = 0.02
    #: ... of which at most this many, the best first, are fully read (one for a sure card).
    reads: int = 2
    #: Whether the tries of a card none of whose tries read surely are refined and read again.
    refine: bool = True
    #: Whether a lost card is also tried lengthened across its long sides (see the module).
    across: bool = True
    #: An uncertain card of the frame's shape reading at least this similar is not tried.
    good: float = 0.9


LENGTHS = LengthsConfig()


def tries_of(quad: FloatArray, aspect: float, config: LengthsConfig,
             lost: bool = False) -> list[FloatArray]:
    """The other outlines :func:`mend_lengths` reads a card's ``quad`` with; ``lost``: the
    card reads too far from every card, and may be a part of one cut across."""
    return other_lengths(quad, aspect, config.slack, config.shifts, config.square, lost)


def mend_lengths(eyes: Eyes, image: Image, cards: list[Card], found: Found | None,
                 config: LengthsConfig) -> list[Card]:
    """``cards`` with each whole card that is uncertain or too long for the frame read again
    at its other lengths (see the module)."""
    aspect = frame_aspect([c.quad for c in cards if c.visible == "full" and not c.uncertain],
                          eyes.card_set.aspect)
    odd = [k for k, c in enumerate(cards) if c.visible == "full" and (
        (c.uncertain and not _well_outlined(c, aspect, config))
        or np.log(quad_aspect(c.quad) / aspect) < -config.slack)]
    if not odd:
        return cards
    # not refined at first: the refiner mostly moves the edge back where it had put it
    least = eyes.card_set.thresholds.similarity
    tries = [tries_of(cards[k].quad, aspect, config,
                      config.across and cards[k].similarity < least) for k in odd]
    out = _read_tries(eyes, image, cards, odd, tries, config)
    left = [n for n, k in enumerate(odd) if out[k].uncertain and tries[n]]
    refiner = eyes.finder.refiner
    if config.refine and left and refiner is not None:
        flat = [q for n in left for q in tries[n]]
        moved = iter(refiner.refine(image, [portrait(clockwise(q)) for q in flat],
                                    found.blurs if found else None))
        again = [[portrait(clockwise(next(moved))) for _ in tries[n]] for n in left]
        out = _read_tries(eyes, image, out, [odd[n] for n in left], again, config)
    return out


def _well_outlined(card: Card, aspect: float, config: LengthsConfig) -> bool:
    """Whether ``card`` reads so like its card, at the frame's shape, that another outline
    would not make it surer (it is uncertain between look-alikes, not for its outline)."""
    return card.similarity >= config.good and abs(
        float(np.log(quad_aspect(card.quad) / aspect))) <= config.slack


def _read_tries(eyes: Eyes, image: Image, cards: list[Card], odd: list[int],
                tries: list[list[FloatArray]], config: LengthsConfig) -> list[Card]:
    """``cards`` with each card ``odd[n]`` replaced by its best reading among the outlines
    ``tries[n]`` when that is sure and the readings near it agree."""
    raw = [q for group in tries for q in group]
    quads = [clockwise(q) for q in raw]
    sure = [k for k in odd if not cards[k].uncertain]
    cheap = eyes.layout_similarities(image, quads + [clockwise(cards[k].quad) for k in sure])
    as_found = dict(zip(sure, cheap[len(quads):], strict=True))
    chosen, row = [], 0
    for k, group in zip(odd, tries, strict=True):
        sims = cheap[row:row + len(group)]
        ranked = sorted(range(len(sims)), key=lambda i: -sims[i])[:config.reads]
        if k in as_found:  # a sure card: only a try whose layout matches better is read
            ranked = ranked[:1] if ranked and sims[ranked[0]] > as_found[k] else []
        chosen.append([row + i for i in ranked if sims[i] >= sims[ranked[0]] - config.agree])
        row += len(group)
    flat = [j for js in chosen for j in js]
    readings = dict(zip(flat, eyes.wholes(image, [quads[j] for j in flat]), strict=True))
    least = eyes.card_set.thresholds.similarity
    out = list(cards)
    for k, js in zip(odd, chosen, strict=True):
        read = []
        for j in js:  # the best try first; the others only to check that they agree
            read.append((j, readings[j][0]))
            if read[-1][1].uncertain:
                break
        if not read:
            continue
        # a try too far from every card (no fine check) has no say in the agreement
        labels = {m.label for _, m in read if m.similarity >= least}
        j, match = max(read, key=lambda r: r[1].similarity)
        was = cards[k]
        lost = config.across and was.similarity < least <= match.similarity
        if (lost or not match.uncertain) and labels == {match.label} and (was.uncertain or (
                match.label == was.label and match.similarity > was.similarity)):
            out[k] = replace(was, label=match.label, quad=raw[j],
                             confidence=match.confidence, uncertain=match.uncertain,
                             runner_up=match.runner_up, similarity=match.similarity,
                             margin=match.margin, distance=chosen_difference(match))
    return out

