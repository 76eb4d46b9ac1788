"""Shared fixtures of the card reader tests: the networks and the synthetic deck, enrolled once."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import cv2
import pytest

from companion.vision.cards.doubt import Calibration
from companion.vision.cards.embedding import Embedder
from companion.vision.cards.enrollment import CardSet
from companion.vision.cards.evaluate import enroll_deck
from companion.vision.cards.finder import CardFinder
from companion.vision.cards.reader import CardReader

ROOT = Path(__file__).resolve().parents[3]
#: A calibration that leaves every answer to the rules of
#: :class:`~companion.vision.cards.enrollment.Thresholds` alone (probability 1).
UNDOUBTING = Calibration((0.0, 0.0, 0.0), 50.0, "tests: the rules before issue 22 item 5")
SET_CARDS = ROOT.parent / "shared" / "data" / "cards" / "set_cards" / "images"


def set_cards_or_skip() -> Path:
    """The shared SET photos; in CI (``CI`` set) their absence fails the test loudly."""
    if SET_CARDS.is_dir() and any(SET_CARDS.iterdir()):
        return SET_CARDS
    message = (f"the shared card photos are missing: expected {SET_CARDS} (<class>/*.jpg), "
               "the one-shot accuracy floor of the card reader cannot be checked")
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message + " (skipped outside CI)")


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    cv2.setNumThreads(1)
    return Embedder()


@pytest.fixture(scope="session")
def finder() -> CardFinder:
    return CardFinder()


@pytest.fixture(scope="session")
def deck_set(embedder: Embedder) -> CardSet:
    """The drawn deck, its fine check allowed to overrule the descriptor
    (:attr:`~companion.vision.cards.enrollment.Thresholds.overrule`) and no calibrated doubt
    (:data:`UNDOUBTING`): the passes these tests pin were built and measured that way. The
    shipped defaults (a disagreement is uncertain, a card under the calibrated
    :data:`~companion.vision.cards.doubt.SURE` is uncertain) are what :func:`shipped_reader`
    reads with."""
    card_set = enroll_deck(embedder)
    card_set.thresholds = replace(card_set.thresholds, overrule=True)
    card_set.calibration = UNDOUBTING
    return card_set


@pytest.fixture(scope="session")
def shipped_reader(embedder: Embedder, finder: CardFinder) -> CardReader:
    """A reader over the drawn deck with every shipped default."""
    return CardReader(enroll_deck(embedder), embedder, finder)


@pytest.fixture(scope="session")
def deck_reader(deck_set: CardSet, embedder: Embedder, finder: CardFinder) -> CardReader:
    return CardReader(deck_set, embedder, finder)


def variant(reader: CardReader, **stages: object) -> CardReader:
    """A reader like ``reader`` (same set, networks) with ``stages`` of its config changed
    (:class:`~companion.vision.cards.reader.ReaderConfig`'s fields)."""
    return CardReader(reader.card_set, reader.embedder, reader.finder,
                      replace(reader.config, **stages))  # type: ignore[arg-type]


def network_only(reader: CardReader, **stages: object) -> CardReader:
    """``reader`` without the outline and evidence stages (and ``stages`` changed): the
    finder network's pieces read by the stages after it, as their ablations measure them."""
    return variant(reader, outline=None, evidence=None, **stages)
