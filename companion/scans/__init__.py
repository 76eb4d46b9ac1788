"""Card scans into games: a photo of the table in, each player's round-end tableau out.

:class:`ScanDesk` is the one place where a photo of cards (the camera's current frame, or a
phone's upload) meets the games in scoring mode (Sushi Go Party!, Sushi Go!). The web endpoints
(``web/scans.py``) and the GPIO scan button (``companion/devices/buttons.py``, wired in
``companion/app.py``) call it; it reads cards with :mod:`companion.vision.cards` and enters
tableaux through the session like any other input.

Contract:

1. **A scan** (:meth:`ScanDesk.scan_camera`, :meth:`ScanDesk.scan_photo`) reads every card of
   the photo with the game's card set (:meth:`ScanDesk.set_for`: chosen per game, default the
   set named after the title, ``sushi-go-party``; sets live in the data dir) and assigns each
   card to a seat: by the calibrated zones for a camera frame (``Zones.seat_at``, zone seat
   ``n`` is game seat ``n - 1``), by the uploader's seat or the seat chosen for a phone photo.
   The scan becomes the game's **pending scan** (one per game, in memory; a newer scan replaces
   it). A photo that cannot be read (:class:`~companion.vision.cards.PoorPhoto`: dark, blurry,
   not a photo), a photo with no cards, a missing card set: :class:`UnreadableInput` with a
   reason a player can act on, and the pending scan and the game are untouched.
2. **Nothing is applied by a scan.** :meth:`ScanDesk.confirm` turns one seat's cards (or every
   seat's) into the engine's scoring-mode action, ``enter_tableau``: every card's label in
   ``cards``, except that a nigiri lying on a wasabi (the wasabi is the band ``covered_by`` the
   nigiri) goes in ``on_wasabi`` (the wasabi stays in ``cards``), and Sushi Go Party!'s special
   orders, whose copy a photo cannot tell, must come in ``extra`` (what the tap entry asks:
   ``special_orders``, ``uramaki_places``, Sushi Go!'s ``lead_takes``, ``mochi_die`` ...). A
   seat with uncertain cards is refused (:class:`Uncertain`) until each is confirmed or
   corrected. The engine validates the action: a card not on the menu, more copies than the
   deck holds, ... come back with the engine's reason (kept on the seat), nothing applied.
3. **A correction** (:meth:`ScanDesk.correct`) sets a card's label (or its seat, or leaves it
   out); a fully visible card also teaches the set (``CardSet.add`` of its rectified crop, then
   ``store.save_set``), so the next scan knows that card better.
4. **Turn by turn** (the game's ``mode`` ``turns``, phase ``reveal``), a seat's scan enters
   the ``reveal`` of the cards it shows that the player's table does not hold yet: one card, or
   two with chopsticks (both orders are tried; the engine takes the one that fits).
5. A pending scan lapses when the game moves on (another round or turn, or it no longer waits
   for cards).

The networks are built on first use and shared; every read and every enrollment runs under one
lock (a reader is thread-confined). Enrollment from the tablet (:meth:`ScanDesk.enrollment`,
:meth:`ScanDesk.enroll`, :meth:`ScanDesk.export_set`, :meth:`ScanDesk.import_set`) uses the same
models and the same sets.

The package (``from companion.scans import ...`` is the way in; every name below is
re-exported here):

* :mod:`~companion.scans.model`: the scan as data (:class:`ScannedCard`, :class:`SeatResult`,
  :class:`PendingScan`, :class:`Uncertain`) and the shared constants.
* :mod:`~companion.scans.actions`: pure mapping of scanned cards to ``enter_tableau`` and
  ``reveal`` actions; seats by zone; whether a game takes a scan.
* :mod:`~companion.scans.photos`: uploads decoded and shrunk, the annotated photo, card crops.
* :mod:`~companion.scans.cardsets`: the networks and card sets (:class:`CardModels`), the
  per-game set choices.
* :mod:`~companion.scans.enrollment`: the tablet's enrollment walk-through, set export/import.
* :mod:`~companion.scans.report`: a scan as the API's JSON and in words.
* :mod:`~companion.scans.frames`: :func:`camera_frame` and the frame and zones getters.
* :mod:`~companion.scans.desk`: :class:`ScanDesk`, the service.
* :mod:`~companion.scans.entry`: the pending scan's lifecycle on the one pending-input desk
  (:class:`~companion.scans.entry.ScanInput`: confirmed seat by seat, corrected card by card,
  its ``detail`` on the live stream).
"""

from companion.scans.actions import (
    nigiri_on_wasabi,
    reveal_actions,
    scan_titles,
    seat_by_zone,
    tableau_action,
    takes_scan,
)
from companion.scans.cardsets import CHOICES_FILE, CardModels
from companion.scans.desk import ScanDesk, log
from companion.scans.frames import FrameGetter, ZonesGetter, camera_frame
from companion.scans.model import (
    MAX_LABEL,
    NIGIRI,
    SPECIAL_ORDER,
    WASABI,
    Image,
    PendingScan,
    ScannedCard,
    SeatResult,
    Uncertain,
)
from companion.scans.photos import (
    COLOURS,
    MAX_SIDE,
    VIEW_WIDTH,
    annotate,
    card_crop,
    decode_photo,
    shrink,
)
from companion.scans.report import describe

__all__ = [
    "CHOICES_FILE", "COLOURS", "MAX_LABEL", "MAX_SIDE", "NIGIRI",
    "SPECIAL_ORDER", "VIEW_WIDTH", "WASABI", "CardModels", "FrameGetter", "Image",
    "PendingScan", "ScanDesk", "ScannedCard", "SeatResult", "Uncertain", "ZonesGetter",
    "annotate", "camera_frame", "card_crop", "decode_photo", "describe", "log",
    "nigiri_on_wasabi", "reveal_actions", "scan_titles", "seat_by_zone", "shrink", "tableau_action",
    "takes_scan",
]
