"""Tidy stage: one card found twice is reported once.

The stages before read overlapping outlines (a column's walk, a card laid where the map shows
card): the same card may come out twice. :func:`drop_doubles` keeps one of each:

* of two bands (or cut cards) overlapping by more than :attr:`TidyConfig.same_band`, the one
  read less surely goes (uncertain before certain, then by similarity);
* an uncertain band lying that much on a whole card goes (a part of the card's art taken for
  the band of a card under it), and so does a band read as the whole card it lies on by more
  than :attr:`TidyConfig.own_band` (the card's own top);
* an uncertain whole card lying more than :attr:`TidyConfig.same_band` on a sure one goes;
* of two whole cards sharing more than :attr:`TidyConfig.duplicate` (two outlines mended onto
  one card), the one read less surely goes;
* a band lying on a whole card that is shorter than the frame's cards, where the two together
  make one card's shape (within :attr:`TidyConfig.slack`), is the card's own end (a row of
  icons outlined apart from the card): it goes. Read as another card, it may hold what tells
  look-alikes apart (uramaki 3/4/5 differ by that row): the card is then uncertain, the
  band's label its runner-up. The next card of a column, beyond a card of the frame's shape,
  makes a shape too long: it stays.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from companion.vision.cards.finder import clockwise, overlap, portrait
from companion.vision.cards.results import Card
from companion.vision.cards.walk import without


@dataclass(frozen=True)
class TidyConfig:
    """When two cards are one (see the module)."""

    same_band: float = 0.3
    own_band: float = 0.7
    #: Two whole cards sharing more than this are one.
    duplicate: float = 0.5
    #: A shape within this (log ratio of short / long side) of the frame's cards' is a card's.
    slack: float = 0.06
    #: Whether a band that is a short card's own end goes (see the module).
    ends: bool = True


TIDY = TidyConfig()


def drop_doubles(cards: list[Card], config: TidyConfig = TIDY,
                 aspect: float | None = None) -> list[Card]:
    """``cards`` with each card found twice reported once (see the module); ``aspect``: the
    frame's card shape (short / long side), without which no band is taken for a card's own end.
    """
    cards = _without_own_ends(cards, config, aspect) if aspect and config.ends else cards
    loose = [k for k, c in enumerate(cards) if c.visible != "full"]
    whole = [k for k, c in enumerate(cards) if c.visible == "full"]
    rank = {k: (not c.uncertain, c.similarity) for k, c in enumerate(cards)}
    gone = {k for k in loose if any(
        overlap(cards[k].quad, cards[j].quad) > (
            config.same_band if cards[k].uncertain
            else config.own_band if cards[k].label == cards[j].label else 1.0)
        for j in whole)}
    gone |= {k for k in whole if cards[k].uncertain and any(
        not cards[j].uncertain and overlap(cards[k].quad, cards[j].quad) > config.same_band
        for j in whole if j != k)}
    for n, i in enumerate(whole):  # two outlines mended onto one card: the less similar goes
        for j in whole[n + 1:]:
            if i in gone or j in gone:
                continue
            if overlap(cards[i].quad, cards[j].quad) > config.duplicate:
                gone.add(i if rank[i] < rank[j] else j)
    for n, i in enumerate(loose):
        for j in loose[n + 1:]:
            if i in gone or j in gone or overlap(cards[i].quad, cards[j].quad) <= \
                    config.same_band:
                continue
            gone.add(i if rank[i] < rank[j] else j)
    return without(cards, gone)


def _without_own_ends(cards: list[Card], config: TidyConfig, aspect: float) -> list[Card]:
    """``cards`` without each band that is the own end of the whole card it lies on (see the
    module); a card whose end read as another card is uncertain between the two (its
    confidence at most even: one of two labels is right)."""
    gone, out = set(), list(cards)
    for k, band in enumerate(cards):
        top = band.covered_by
        if band.visible != "band" or top is None:
            continue
        card = cards[top]
        if card.visible == "full" and _is_own_end(card.quad, band.quad, aspect, config.slack):
            gone.add(k)
            if band.label != card.label:
                out[top] = replace(card, uncertain=True, runner_up=band.label,
                                   confidence=min(card.confidence, 0.5))
    return without(out, gone)


def _is_own_end(card: npt.NDArray[np.float32], band: npt.NDArray[np.float32], aspect: float,
                slack: float) -> bool:
    """Whether ``card`` is short of the frame's shape ``aspect`` and, lengthened along its
    long side over ``band``, has that shape."""
    q = portrait(clockwise(np.asarray(card, np.float32)))
    start = (q[0] + q[1]) / 2
    along = (q[2] + q[3]) / 2 - start
    length = float(np.linalg.norm(along))
    width = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    if length < 1e-6 or width >= length:
        return False
    reach = (np.asarray(band, np.float32) - start) @ (along / length)
    joined = max(length, float(reach.max())) - min(0.0, float(reach.min()))
    return bool(np.log(width / length / aspect) > slack
                and abs(np.log(width / joined / aspect)) <= slack)
