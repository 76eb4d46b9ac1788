"""Columns stage: cards lying under other cards, read by walking out from the card on top.

A Sushi Go tableau stacks cards in columns (a nigiri on its wasabi, a column of one kind):
only a band of each card under another shows. The finder gives band pieces and
:mod:`~companion.vision.cards.columns` groups them into columns. :func:`read_columns` reads
each column again from its whole card outwards (:func:`walk`): at each step the stretch left
is split into 1-4 equal bands, the nearest band of each split is read as laid and as the band
refiner outlines it, and the sure readings must agree. The bands read surely replace the band
pieces they lie on when the column held an uncertain band or the walk reads more cards
surely; each band is covered by the card before it.

Pure: the photo, the pieces, the cards read from them and the finder's map in, the cards out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from companion.vision.cards.columns import (
    GEOMETRY,
    Column,
    ColumnGeometry,
    find_columns,
    lone_edges,
)
from companion.vision.cards.eyes import Eyes
from companion.vision.cards.finder import Found, Piece, overlap
from companion.vision.cards.quads import near
from companion.vision.cards.results import Card

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True)
class ColumnsConfig:
    """How columns are walked (see the module)."""

    #: Two bands overlapping by more than this share of the smaller are one band found twice;
    #: a band may lie this much on another whole card ...
    same_band: float = 0.3
    #: ... and this much on one read uncertain (whose outline may have taken the band in).
    unsure_room: float = 0.7
    #: The sure readings of a step within this similarity of the best must agree.
    agree: float = 0.1
    #: Past the band pieces' reach a walk tries bands of these multiples of the last band's
    #: share, or for a column's first band these shares of a card ...
    extend: tuple[float, ...] = (0.9, 1.0, 1.15)
    first_shares: tuple[float, ...] = (0.2, 0.26, 0.32)
    #: ... each on card pixels of the finder's map for at least this share of its area.
    shown: float = 0.8
    #: Where a column's bands may lie.
    geometry: ColumnGeometry = GEOMETRY


COLUMNS = ColumnsConfig()


@dataclass(frozen=True)
class Room:
    """Where a walk may lay a band: on the finder's card map (``found``; None: no map) and on
    none of the frame's ``wholes`` but its own by more than its limit (``limits``, one a whole
    card; ``boxes``: their bounding boxes, for a quick test first)."""

    found: Found | None
    wholes: list[FloatArray]
    boxes: npt.NDArray[np.float64]
    limits: tuple[float, ...]
    shown: float

    @staticmethod
    def of(found: Found | None, wholes: list[FloatArray], limits: tuple[float, ...],
           shown: float) -> Room:
        boxes = np.array([(q.min(axis=0), q.max(axis=0)) for q in wholes], np.float64)
        return Room(found, wholes, boxes.reshape(-1, 2, 2), limits, shown)

    def free(self, quad: FloatArray, own: FloatArray, on_map: bool) -> bool:
        """Whether a band ``quad`` of the column of whole card ``own`` lies on no other whole
        card (by more than its limit) and, with ``on_map``, on card pixels."""
        if on_map and (self.found is None or self.found.shown(quad) < self.shown):
            return False
        return all(self.wholes[k] is own or overlap(quad, self.wholes[k]) <= self.limits[k]
                   for k in near(quad, self.boxes))


def apart(quads: list[FloatArray], same_band: float) -> bool:
    """No two of ``quads`` overlap by more than ``same_band``."""
    return all(overlap(a, b) <= same_band for n, a in enumerate(quads) for b in quads[n + 1:])


def _better(walked: list[Card], found: list[Card]) -> bool:
    """Whether a column's walk replaces the cards read from its band pieces: when one of
    those is uncertain, or the walk reads more bands surely, or as many, more similar."""
    def score(cards: list[Card]) -> tuple[int, float]:
        sure = [c for c in cards if not c.uncertain]
        return len(sure), sum(c.similarity for c in sure)

    return any(c.uncertain for c in found) or score(walked) > score(found)


def read_columns(eyes: Eyes, image: Image, pieces: list[Piece], cards: list[Card],
                 found: Found | None, config: ColumnsConfig) -> list[Card]:
    """``cards`` (one a piece) with each column read again by :func:`walk`; of two columns
    claiming a band, the better read one takes it. The band pieces the new bands lie on go."""
    wholes = [k for k, p in enumerate(pieces) if p.kind == "full"]
    room = Room.of(found, [pieces[k].quad for k in wholes],
                   tuple(config.unsure_room if cards[k].uncertain else config.same_band
                         for k in wholes), config.shown)
    columns = find_columns(pieces, config.geometry)
    if found is not None:
        columns += lone_edges(pieces, columns)
    walked = []
    for column in columns:
        bands = walk(eyes, image, column, pieces[column.whole].quad, room, config)
        if bands and _better(bands, [cards[k] for k in column.bands]):
            walked.append((min(b.similarity for b in bands), column, bands))
    out, gone, taken = list(cards), set[int](), list[FloatArray]()
    for _, column, bands in sorted(walked, key=lambda w: -w[0]):
        quads = [b.quad for b in bands]
        if not apart(taken + quads, config.same_band):
            continue
        taken += quads
        gone |= {k for k, p in enumerate(pieces) if p.kind != "full" and any(
            overlap(p.quad, q) > config.same_band for q in quads)}
        first = len(out)
        out += [replace(card, covered_by=column.whole if j == 0 else first + j - 1)
                for j, card in enumerate(bands)]
    return without(out, gone)


def walk(eyes: Eyes, image: Image, column: Column, whole: FloatArray, room: Room,
         config: ColumnsConfig) -> list[Card]:
    """A column's bands read from its whole card outwards (see the module). When no band of
    the stretch reads surely and ``room`` has the finder's map, bands like the last one (or a
    typical first band) are tried where the map shows card. The walk stops when no band reads
    surely or sure readings disagree; after a sure band, the most similar reading of the rest
    then comes as an uncertain band (the pieces it replaces would otherwise leave a card
    out)."""
    if not column.bands and not room.free(column.band(0, config.first_shares[0]).quad, whole,
                                          on_map=True):
        return []  # a lone edge with no card beyond it on the map
    start, step, bands = 0.0, 0.0, list[Card]()
    while len(bands) < config.geometry.most_bands:
        sure, read = _step(eyes, image, column, start, column.shares(start, config.geometry),
                           whole, bands, room, config)
        if not sure and room.found is not None:
            more = [step * f for f in config.extend] if bands else list(config.first_shares)
            sure, extra = _step(eyes, image, column, start, more, whole, bands, room, config,
                                on_map=True)
            read += extra
        if not sure:
            if bands and read:  # the rest of the column stays, as the best guess
                guess = max(read, key=lambda card: card.similarity)
                if apart([whole, *(b.quad for b in bands), guess.quad], config.same_band):
                    bands.append(replace(guess, uncertain=True))
            break
        bands.append(max(sure, key=lambda card: card.similarity))
        reach = max(column.reach_of(bands[-1].quad), start + config.geometry.band_share[0] / 2)
        step, start = reach - start, reach
    return bands


def _step(eyes: Eyes, image: Image, column: Column, start: float, shares: list[float],
          whole: FloatArray, bands: list[Card], room: Room, config: ColumnsConfig,
          on_map: bool = False) -> tuple[list[Card], list[Card]]:
    """One step of :func:`walk`: the bands of ``shares`` beyond ``start`` read as laid and as
    the band refiner outlines them, those ``room`` leaves free. Returns the sure readings
    (apart from the bands before and the whole card), or none when two of them disagree, and
    every reading (for a guess)."""
    def kept(quads: list[FloatArray]) -> list[FloatArray]:
        return [q for q in quads if room.free(q, whole, on_map)]

    quads = kept([column.band(start, share).quad for share in shares])
    if not quads:
        return [], []
    refiner = eyes.finder.band_refiner
    if refiner is not None:
        blurs = room.found.blurs if room.found is not None else None
        quads = kept(refiner.refine(image, quads, blurs)) + quads
    read = eyes.bands(image, quads)
    sure = [card for card in read if not card.uncertain
            and apart([whole, *(b.quad for b in bands), card.quad], config.same_band)]
    if sure:  # the readings near the best must agree
        top = max(card.similarity for card in sure)
        sure = [card for card in sure if card.similarity >= top - config.agree]
    if len({card.label for card in sure}) != 1:  # none, or two readings disagree
        return [], read
    return sure, read


def without(cards: list[Card], gone: set[int]) -> list[Card]:
    """``cards`` without the indices in ``gone``; ``covered_by`` renumbered (a reference to a
    card that went becomes None)."""
    if not gone:
        return cards
    index = {k: n for n, k in enumerate(k for k in range(len(cards)) if k not in gone)}
    return [replace(c, covered_by=None if c.covered_by is None else index.get(c.covered_by))
            for k, c in enumerate(cards) if k not in gone]
