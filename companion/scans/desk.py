"""The scan desk: one service between photos of the table and ``session``'s games.

:class:`ScanDesk` turns photos into pending tableaux: it reads a photo (the card set of
:mod:`~companion.scans.cardsets`), seats its cards and offers the result as the game's ``scan``
entry to the one pending-input desk (:class:`companion.table.pending.PendingDesk`, shared with
the dice and the icon dice; one per game). The entry's lifecycle (confirmed seat by seat,
corrected card by card, dismissed, dropped when stale) is the desk's, served by
:class:`~companion.scans.entry.ScanInput`; :meth:`ScanDesk.confirm`, :meth:`ScanDesk.correct`
and :meth:`ScanDesk.dismiss` only name the game's current scan to the desk. It also serves
the scan's pictures and the card sets' enrollment (:mod:`~companion.scans.enrollment`). The
contract is :mod:`companion.scans`'s.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion.games.base import JSON, IllegalAction, UnreadableInput
from companion.games.registry import UnknownGame, find_game
from companion.i18n import Msg, Text, msg, nmsg, said
from companion.scans import enrollment
from companion.scans.actions import (
    menu_types,
    scan_titles,
    seat_by_zone,
    table_names,
    takes_scan,
)
from companion.scans.cardsets import CardModels, check_set_name, choose, read_choices
from companion.scans.entry import (
    KIND,
    CardChange,
    ScanInput,
    SeatChoice,
    check_takes_scan,
    scan_entry,
    scan_game,
)
from companion.scans.frames import FrameGetter, ZonesGetter
from companion.scans.model import Image, PendingScan, ScannedCard
from companion.scans.photos import annotated_jpeg, card_jpeg, decode_photo
from companion.scans.report import describe
from companion.session.access import HOST, Viewer
from companion.session.errors import Forbidden, NotFound
from companion.session.session import Outcome, Session
from companion.table.holds import DeviceHeld, DeviceHolds
from companion.table.pending import PendingDesk
from companion.vision.calibration import Zones

#: The package's logger (the name it had as one module).
log = logging.getLogger("companion.scans")


def printed_names(title: str) -> dict[str, str]:
    """Every card of ``title``'s box by its English name as printed ("Fruit: watermelon and
    orange"), a card read as one not on the game's menu included. The scan's picture names no
    card (:func:`~companion.scans.annotate`): the screens do, in their language."""
    try:
        return find_game(title).card_names()
    except UnknownGame:
        return {}


class ScanDesk:
    """Scans of the table into ``session``'s games (see :mod:`companion.scans`). ``frame``:
    the camera's current picture; ``zones``: the calibrated seat zones; ``reader_factory``:
    a card set -> reader to use instead of the real one (tests)."""

    def __init__(self, session: Session, data_dir: Path, frame: FrameGetter | None = None,
                 zones: ZonesGetter | None = None,
                 reader_factory: Callable[[Any], Any] | None = None,
                 holds: DeviceHolds | None = None, desk: PendingDesk | None = None) -> None:
        """``holds``: which game holds the camera (issue 28 item 4); with it, the camera scans
        only for the game holding it, or for any game while none does, and the GPIO scan
        button only for the holder. ``desk``: the one pending-input desk (its own when none
        is given)."""
        self.session = session
        self.holds = holds
        self.data_dir = data_dir
        self.frame = frame
        self.zones = zones
        self.models = CardModels(data_dir, reader_factory)
        self.desk = desk if desk is not None else PendingDesk(
            lambda game_pk: session.poke(game_pk))
        #: The ``scan`` kind's lifecycle on the desk (confirm, correct: :mod:`.entry`).
        self.input = ScanInput(session, self.models)
        self.desk.register(KIND, self.input)
        self._lock = threading.Lock()  # scan numbers
        self._numbers = int(time.time() * 1000)

    # -- the game and its set -------------------------------------------------------------

    def _game(self, game_pk: int) -> tuple[str, JSON]:
        """The title and host view of a game whose title takes scans."""
        return scan_game(self.session, game_pk)

    #: Refuse unless the game waits for tableaux or a reveal now.
    _entry_view = staticmethod(check_takes_scan)

    #: The names of the tableaux entered, by seat (Sushi Go!'s dummy last).
    tables = staticmethod(table_names)
    #: Card id -> card type of the game's menu.
    types = staticmethod(menu_types)

    def set_for(self, game_pk: int) -> str:
        """The card set game ``game_pk`` reads with (chosen, or named after its title)."""
        chosen = read_choices(self.data_dir).get(str(game_pk))
        if chosen:
            return chosen
        return str(self.session.snapshot(game_pk, HOST)["game"])

    def choose_set(self, game_pk: int, viewer: Viewer, name: Any) -> str:
        """The host picks the card set of a game (stored in the data dir)."""
        if viewer.role != "host":
            raise Forbidden(msg("only the host may choose the card set"))
        if not isinstance(name, str):
            raise UnreadableInput("'set' must be a card set name")
        check_set_name(name)
        self.session.snapshot(game_pk, HOST)  # NotFound for an unknown game
        choose(self.data_dir, game_pk, name)
        return name

    # -- scanning ---------------------------------------------------------------------------

    def scan_camera(self, game_pk: int, viewer: Viewer, seat: int | None = None) -> PendingScan:
        """Scan the camera's current frame for game ``game_pk`` (cards to seats by zones;
        ``seat`` for cards outside every zone)."""
        _may_write(viewer, msg("scan the table"))
        holder = self.holds.holder("camera") if self.holds is not None else None
        if holder is not None and holder != game_pk:
            raise DeviceHeld(msg("game {game} holds the camera: its host lets it go (or the Pi's "
                                 "owner frees it) before this game can scan with it",
                                 game=holder), holder)
        frame = self.frame() if self.frame is not None else None
        if frame is None:
            raise UnreadableInput(msg("the camera has no picture now (it is off, starting or "
                                      "lost): photograph the cards with a phone instead"))
        zones = self.zones() if self.zones is not None else None
        return self._scan(game_pk, frame.copy(), "camera", seat, zones)

    def scan_photo(self, game_pk: int, viewer: Viewer, data: bytes,
                   seat: int | None = None) -> PendingScan:
        """Scan a phone's photo: its cards are ``seat``'s, by default the uploader's."""
        _may_write(viewer, msg("scan cards"))
        image = decode_photo(data)
        return self._scan(game_pk, image, "phone", seat if seat is not None else viewer.seat,
                          None)

    def _scan(self, game_pk: int, image: Image, source: str, seat: int | None,
              zones: Zones | None) -> PendingScan:
        """Read ``image`` with the game's set and make it the game's pending scan."""
        title, view = self._game(game_pk)
        self._entry_view(title, view)
        names = self.tables(view)
        if seat is not None and not 0 <= seat < len(names):
            raise UnreadableInput(msg("there is no seat {seat} (seats 0 to {last})", seat=seat,
                                      last=len(names) - 1))
        set_name = self.set_for(game_pk)
        scan = self._read(set_name, image)
        cards = _seated(scan.cards, (image.shape[1], image.shape[0]), zones, len(names), seat)
        with self._lock:
            self._numbers += 1
            pending = PendingScan(game_pk, self._numbers, source, image, tuple(cards), set_name,
                                  view.get("round"), time.strftime("%Y-%m-%dT%H:%M:%S"),
                                  tuple(scan.notes), view.get("turn"))
        self.desk.offer(scan_entry(pending))
        log.info("scan %s of game %s (%s): %d cards, %d uncertain", pending.number, game_pk,
                 source, len(cards), sum(c.uncertain for c in cards))
        return pending

    def _read(self, set_name: str, image: Image) -> Any:
        """The reader's scan of ``image`` with set ``set_name``; :class:`UnreadableInput` for
        an empty set, a poor photo or a photo without cards."""
        from companion.vision.cards import PoorPhoto
        with self.models.lock:
            card_set = self.models.load(set_name)
            if not card_set.labels:
                raise UnreadableInput(msg("the card set {name} is empty: enroll the cards",
                                          name=repr(set_name)))
            try:
                scan = self.models.reader(card_set).read(image)
            except PoorPhoto as exc:
                raise UnreadableInput(msg("the photo cannot be read: {reason}",
                                          reason=said(exc))) from None
        if not scan.cards:
            note = scan.notes[0] if scan.notes else None
            raise UnreadableInput(note.message if isinstance(note, Text)
                                  else note or msg("no cards found in the photo"))
        return scan

    # -- the pending scan -------------------------------------------------------------------

    def pending(self, game_pk: int) -> PendingScan | None:
        """The game's pending scan, dropped once its round is over."""
        held = self.desk.held(game_pk, KIND)
        return held[0].reading if held else None

    def still_wanted(self, scan: PendingScan) -> bool:
        """The game still waits for tableaux in the round and turn the scan was taken in."""
        return self.input.still_wanted(scan_entry(scan))

    def _held(self, game_pk: int, number: Any = None) -> PendingScan:
        scan = self.pending(game_pk)
        if scan is None:
            raise NotFound(msg("game {game} has no scan waiting (none was taken, it was "
                               "dismissed, or its round is over)", game=game_pk))
        if number is not None and number != scan.number:
            raise NotFound(msg("scan {number} was replaced by scan {current}", number=number,
                               current=scan.number))
        return scan

    def to_json(self, scan: PendingScan) -> JSON:
        """``GET /api/games/<id>/scan`` (``docs/API.md``)."""
        return self.input.detail(scan_entry(scan))

    def image_jpeg(self, game_pk: int) -> bytes:
        """The pending scan's annotated photo as JPEG (:func:`~companion.scans.annotate`): each
        card outlined and numbered, no names (the screens name each card by its number in
        their language)."""
        return annotated_jpeg(self._held(game_pk))

    def card_jpeg(self, game_pk: int, index: int, number: Any = None) -> bytes:
        """Card ``index`` of the pending scan cut from the photo, upright, as JPEG (the "not
        sure" prompt shows it large); :class:`NotFound` for a card the scan does not have."""
        scan = self._held(game_pk, number)
        if not 0 <= index < len(scan.cards):
            raise NotFound(nmsg("the scan has no card {card} (it has {n})",
                                "the scan has no card {card} (it has {n})",
                                len(scan.cards), card=index + 1))
        return card_jpeg(scan, index)

    # -- the pending scan's lifecycle: the desk's (companion/scans/entry.py) -----------------

    def dismiss(self, game_pk: int, viewer: Viewer) -> None:
        """Forget the game's pending scan (:class:`NotFound` when there is none)."""
        _may_write(viewer, msg("dismiss a scan"))
        self.desk.dismiss(game_pk, KIND, self._held(game_pk).number, viewer)

    def correct(self, game_pk: int, viewer: Viewer, index: int, label: str | None = None,
                seat: int | bool | None = False, ignore: bool | None = None,
                number: Any = None, teach: bool = True) -> PendingScan:
        """Fix card ``index`` of the game's scan (``number``: refused once it was replaced):
        :class:`~companion.scans.entry.CardChange` on the desk. The card set serves every
        game of the title, so the web asks ``teach`` only of the Pi's owner (issue 28 item
        4)."""
        _may_write(viewer, msg("correct a scan"))
        ref = self._held(game_pk, number).number
        entry = self.desk.correct(game_pk, KIND, ref, viewer,
                                  CardChange(index, label, seat, ignore, teach))
        scan: PendingScan = entry.reading
        return scan

    def confirm(self, game_pk: int, viewer: Viewer, seat: int | None = None,
                extra: Mapping[str, Any] | None = None, number: Any = None) -> list[Outcome]:
        """Enter ``seat``'s scanned tableau (``None``: every seat still to enter, in seat
        order, stopping at the first refusal): :class:`~companion.scans.entry.SeatChoice` on
        the desk. Raises :class:`Uncertain`, or the engine's refusal (kept on the seat)."""
        _may_write(viewer, msg("enter a tableau"))
        ref = self._held(game_pk, number).number
        outcomes: list[Outcome] = self.desk.confirm(game_pk, KIND, ref, viewer,
                                                    SeatChoice(seat, extra))
        return outcomes

    # -- the scan button --------------------------------------------------------------------

    def button_scan(self) -> str:
        """The GPIO scan button: scan the camera's frame for the game holding the camera
        (without holds: the game changed last that waits for tableaux); what it read, in
        words. Raises (a refusal) when no game holds the camera or waits, or the photo cannot
        be read."""
        games = [g for g in self.session.list_games()
                 if g.get("game") in scan_titles() and g.get("status") != "over"]
        games.sort(key=lambda g: (str(g.get("updated")), g["id"]), reverse=True)
        if self.holds is not None:
            holder = self.holds.holder("camera")
            if holder is None:
                raise IllegalAction(msg("no game holds the camera: on the host's tablet tap 'Use "
                                        "the camera for this game'"))
            games = [g for g in games if int(g["id"]) == holder]
        for g in games:
            view = self.session.snapshot(int(g["id"]), HOST)["view"]
            if takes_scan(str(g["game"]), view):
                scan = self.scan_camera(int(g["id"]), HOST)
                return describe(scan, self.tables(view))
        raise IllegalAction(msg("no game waits for cards now: scan at the end of a round (or "
                                "after a turn's reveal)"))

    # -- enrollment (companion/scans/enrollment.py) -----------------------------------------

    def enrollment(self, game_pk: int) -> JSON:
        """What the walk-through shows: the game's card set and, for every card of its menu,
        how many photos the set holds (``needed``: the cards with none yet)."""
        title, view = self._game(game_pk)
        return enrollment.status(self.models, game_pk, title, view, self.set_for(game_pk))

    def enroll(self, game_pk: int, viewer: Viewer, label: Any, data: bytes | None) -> JSON:
        """Enroll one photo of card ``label`` into the game's set: ``data`` an uploaded photo
        (the one card in it, or a card-shaped crop), ``None`` the camera's frame."""
        _may_write(viewer, msg("enroll cards"))
        label = enrollment.checked_label(label)
        self._game(game_pk)
        if data is None:
            frame = self.frame() if self.frame is not None else None
            if frame is None:
                raise UnreadableInput(msg("the camera has no picture now: upload a photo "
                                          "instead"))
            image = frame.copy()
        else:
            image = decode_photo(data)
        return enrollment.enroll(self.models, self.set_for(game_pk), label, image)

    def export_set(self, game_pk: int) -> tuple[str, bytes]:
        """The game's card set as one ZIP file: (file name, bytes)."""
        return enrollment.export_set(self.data_dir, self.set_for(game_pk))

    def import_set(self, game_pk: int, viewer: Viewer, data: bytes) -> JSON:
        """Store an exported set as the game's set (replacing it); host only."""
        if viewer.role != "host":
            raise Forbidden(msg("only the host may replace the card set"))
        return enrollment.import_set(self.models, self.data_dir, self.set_for(game_pk), data)


def _seated(found: Any, size: tuple[int, int], zones: Zones | None, seats: int,
            seat: int | None) -> list[ScannedCard]:
    """The reader's cards as :class:`ScannedCard`, each in the seat whose zone holds it (a
    frame of ``size`` (w, h)), else in ``seat``."""
    cards = []
    for i, card in enumerate(found):
        quad = tuple((float(x), float(y)) for x, y in card.quad)
        where = seat_by_zone(quad, zones, size) if zones is not None else None
        cards.append(ScannedCard(
            i, card.label, quad, float(card.confidence), bool(card.uncertain),
            card.visible, card.covered_by,
            where if where is not None and where < seats else seat,
            runner_up=card.runner_up))
    return cards


def _may_write(viewer: Viewer, what: Msg) -> None:
    if viewer.role not in ("host", "seat"):
        raise Forbidden(msg("watchers cannot {what}: claim a seat with the join code", what=what))
