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
  one card), the one read less surely goes.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.vision.cards.finder import overlap
from companion.vision.cards.results import Card
from companion.vision.cards.walk import without


@dataclass(frozen=True)
class TidyConfig:
    """When two cards are one (see the module)."""

    same_band: float = 0.3
    own_band: float = 0.7
    #: Two whole cards sharing more than this are one.
    duplicate: float = 0.5


TIDY = TidyConfig()


def drop_doubles(cards: list[Card], config: TidyConfig = TIDY) -> list[Card]:
    """``cards`` with each card found twice reported once (see the module)."""
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
