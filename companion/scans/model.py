"""The scan as data: the cards a scan read, what became of each seat, the pending scan.

Frozen value objects only (no I/O, no engine): :class:`ScannedCard` (the reader's answer plus
its seat and what a person changed), :class:`SeatResult`, :class:`PendingScan` (one per game,
held by :class:`~companion.scans.desk.ScanDesk`), the :class:`Uncertain` refusal and the
constants the other modules of :mod:`companion.scans` share.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from companion.games.base import JSON
from companion.i18n import Refusal

Image = npt.NDArray[np.uint8]
# Which titles take a scanned tableau, and what ``confirm``'s ``extra`` may add to its action
# (what a photo cannot tell), is each engine's ``info.tableau`` (``scans.actions.scan_titles``).
WASABI, SPECIAL_ORDER, NIGIRI = "wasabi", "special_order", "nigiri"
#: Longest card label a correction or an enrollment takes.
MAX_LABEL = 64


class Uncertain(Refusal):
    """A confirm while some of the seat's cards are still uncertain (an ambiguous
    observation, answered ``409 uncertain``); ``reason`` says which."""


@dataclass(frozen=True)
class ScannedCard:
    """One card of a scan: the reader's answer plus its seat and what a person changed.
    ``quad``: corners in the photo's pixels; ``covered_by``: index of the card lying on it."""

    index: int
    label: str
    quad: tuple[tuple[float, float], ...]
    confidence: float
    uncertain: bool
    visible: str = "full"
    covered_by: int | None = None
    seat: int | None = None
    corrected: bool = False
    ignored: bool = False
    runner_up: str | None = None

    def to_json(self) -> JSON:
        return {"index": self.index, "label": self.label,
                "quad": [[round(x, 1), round(y, 1)] for x, y in self.quad],
                "confidence": round(self.confidence, 3), "uncertain": self.uncertain,
                "visible": self.visible, "covered_by": self.covered_by, "seat": self.seat,
                "corrected": self.corrected, "ignored": self.ignored,
                "runner_up": self.runner_up}


@dataclass(frozen=True)
class SeatResult:
    """What became of one seat's cards: ``entered`` (with the game's version) or ``refused``
    (with the engine's reason)."""

    status: str
    reason: str | None = None
    version: int | None = None


@dataclass(frozen=True)
class PendingScan:
    """A game's scan waiting for a confirm (see :mod:`companion.scans`)."""

    game: int
    number: int
    source: str  # "camera" or "phone"
    image: Image
    cards: tuple[ScannedCard, ...]
    card_set: str
    round: int | None
    taken: str
    notes: tuple[str, ...] = ()
    turn: int | None = None
    results: Mapping[int, SeatResult] = field(default_factory=dict)

    def seat_cards(self, seat: int) -> list[ScannedCard]:
        return [c for c in self.cards if c.seat == seat and not c.ignored]

    def seats(self) -> list[int]:
        return sorted({c.seat for c in self.cards if c.seat is not None and not c.ignored})
