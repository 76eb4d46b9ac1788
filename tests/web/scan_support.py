"""Helpers of the card-scan web tests (the fixture ``scanning`` is in conftest.py): Ben's round-end
tableau, the cards a scripted reader reads on his phone's photo, the scan desk over that reader,
and that photo as a file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.scans import ScanDesk
from companion.session.session import Session
from companion.vision.cards import Card, CardSet
from companion.vision.cards.procedural import render_card
from companion.vision.cards.store import save_set
from tests.test_scans import CARD_H, CARD_W, DECK, ScriptedReader, table_photo

#: The photo Ben's phone takes: 2400 px wide, shrunk to 1600 on the phone before upload.
SCALE = 2400 / 1280
#: Ben's round-end tableau: 8 cards, a size a play can give with 10 dealt (ruling P12).
BEN = ["tempura", "tempura", "sashimi", "maki_2", "salmon_nigiri", "miso_soup", "egg_nigiri",
       "tea"]
#: A page function: true once the scan's photo is on the page and loaded.
SCAN_IMAGE_SHOWN = ("() => { const i = document.querySelector('[data-scan-image]');"
                    " return i && i.complete && i.naturalWidth > 0; }")


def phone_cards() -> list[Card]:
    """Ben's cards as the reader reads the photo his phone sent (1600 px wide): the third,
    a sashimi, read as a tempura and marked uncertain."""
    s = 1600 / 1280
    out = []
    for i, label in enumerate(BEN):
        x, y = (40 + i * (CARD_W + 30)) * s, 40 * s
        w, h = CARD_W * s, CARD_H * s
        quad = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)
        unsure = i == 2
        out.append(Card("tempura" if unsure else label, quad, 0.55 if unsure else 0.97, unsure,
                        runner_up="sashimi" if unsure else None))
    return out


def scan_desk(session: Session, data_dir: Path, reader: ScriptedReader | None = None,
              **parts: Any) -> ScanDesk:
    """A scan desk whose ``reader`` (by default one reading :func:`phone_cards`) reads any
    photo, over a Sushi Go Party! card set in ``data_dir`` that knows the tempura only;
    ``parts`` go to :class:`ScanDesk` (``frame``, ``zones``)."""
    reader = reader or ScriptedReader(phone_cards())
    save_set(data_dir, CardSet(name="sushi-go-party", labels=["tempura"],
                               images={"tempura": [render_card(DECK["tempura"], 128)]}))
    return ScanDesk(session, data_dir, reader_factory=lambda card_set: reader, **parts)


def ben_photo_file(folder: Path) -> Path:
    """Ben's tableau photographed as his phone takes it (2400 px wide), as ``ben-cards.jpg``
    in ``folder``."""
    file = folder / "ben-cards.jpg"
    cv2.imwrite(str(file), cv2.resize(table_photo([BEN]), None, fx=SCALE, fy=SCALE,
                                      interpolation=cv2.INTER_CUBIC))
    return file
