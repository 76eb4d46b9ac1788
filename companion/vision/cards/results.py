"""What the card reader answers: each :class:`Card` read in a photo, and the :class:`Scan`.

Their own module, so that the stages after the reader (:mod:`~companion.vision.cards.evidence`)
take the reader's answer without importing the reader; ``companion.vision.cards.reader.Card``
and ``.Scan`` are these classes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Card:
    """One card read in a photo. ``quad``: its visible part's corners in the photo's pixels (a
    whole card: the card; a band: the band, free edge first). ``visible``: ``"full"``,
    ``"band"`` or ``"partial"`` (cut by the photo's edge). ``covered_by``: index (in the same
    scan) of the card lying on this one."""

    label: str
    quad: FloatArray
    confidence: float
    uncertain: bool
    visible: str = "full"
    covered_by: int | None = None
    runner_up: str | None = None
    similarity: float = 0.0
    margin: float = 0.0
    #: The fine check's difference to the label's enrolled crop when it chose among several
    #: close labels (number variants and the like); 0 otherwise.
    distance: float = 0.0

    def to_json(self) -> dict[str, object]:
        return {"label": self.label,
                "quad": [[round(float(x), 1), round(float(y), 1)] for x, y in self.quad],
                "confidence": round(self.confidence, 3), "uncertain": self.uncertain,
                "visible": self.visible, "covered_by": self.covered_by,
                "runner_up": self.runner_up}


@dataclass(frozen=True)
class Scan:
    cards: tuple[Card, ...]
    notes: tuple[str, ...] = ()
