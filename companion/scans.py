"""Card scans into games: a photo of the table in, each player's round-end tableau out.

:class:`ScanDesk` is the one place where a photo of cards (the camera's current frame, or a
phone's upload) meets the games in scoring mode (Sushi Go Party!, Sushi Go!). The web endpoints
(``web/scans.py``) and the GPIO scan button (``companion/buttons.py``, wired in
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
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.games.base import JSON, IllegalAction, UnreadableInput
from companion.session.access import HOST, Viewer
from companion.session.errors import Forbidden, NotFound
from companion.session.session import Act, Outcome, Session
from companion.vision.calibration import Zones

log = logging.getLogger(__name__)

Image = npt.NDArray[np.uint8]
#: Titles whose scoring mode takes a scanned tableau.
SCAN_TITLES = ("sushi-go-party", "sushi-go")
#: What ``confirm``'s ``extra`` may add to the action, per title (what a photo cannot tell).
EXTRAS: dict[str, frozenset[str]] = {
    "sushi-go-party": frozenset({"special_orders", "special_orders_on_wasabi", "flipped",
                                 "uramaki_places"}),
    "sushi-go": frozenset({"lead_takes", "holds_lead", "mochi_die"}),
}
WASABI, SPECIAL_ORDER, NIGIRI = "wasabi", "special_order", "nigiri"
#: Photos are read at most this many pixels on their long side (phones send 1600).
MAX_SIDE = 1600
#: Width of the annotated photo screens show.
VIEW_WIDTH = 1280
#: The per-game card set choices, in the data dir.
CHOICES_FILE = "scan_sets.json"
MAX_LABEL = 64


class Uncertain(Exception):
    """A confirm while some of the seat's cards are still uncertain (an ambiguous
    observation, answered ``409 uncertain``); ``reason`` says which."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# -- the scan as data -------------------------------------------------------------------------


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
    """A game's scan waiting for a confirm (see the module docstring)."""

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


def nigiri_on_wasabi(cards: Sequence[ScannedCard], all_cards: Sequence[ScannedCard],
                     types: Mapping[str, str]) -> set[int]:
    """Indexes of the nigiri in ``cards`` lying on a wasabi of ``cards``: the wasabi is a card
    ``covered_by`` the nigiri (the reader reports the pair as the wasabi's band under it)."""
    mine = {c.index for c in cards}
    out: set[int] = set()
    for c in cards:
        k = c.covered_by
        if c.label == WASABI and k is not None and k in mine and k not in out:
            top = all_cards[k]
            if _type_of(top.label, types) == NIGIRI:
                out.add(k)
    return out


def _type_of(label: str, types: Mapping[str, str]) -> str:
    if label in types:
        return types[label]
    return NIGIRI if label.endswith("_nigiri") else label


def tableau_action(title: str, player: str, cards: Sequence[ScannedCard],
                   all_cards: Sequence[ScannedCard], types: Mapping[str, str],
                   extra: Mapping[str, Any] | None = None) -> JSON:
    """The ``enter_tableau`` action of ``player``'s scanned ``cards`` (see the module
    docstring, point 2). ``types``: card id -> card type of the game's menu. Raises
    :class:`UnreadableInput` for an ``extra`` key the title does not take, or special orders
    whose copies ``extra`` does not name."""
    extra = dict(extra or {})
    unknown = sorted(set(extra) - EXTRAS.get(title, frozenset()))
    if unknown:
        raise UnreadableInput(f"'extra' cannot hold {', '.join(unknown)} for {title}")
    paired = nigiri_on_wasabi(cards, all_cards, types)
    labels = [c.label for c in cards if not c.ignored and c.index not in paired]
    on_wasabi = [c.label for c in cards if c.index in paired]
    action: JSON = {"kind": "enter_tableau", "player": player}
    if title == "sushi-go-party":
        orders = labels.count(SPECIAL_ORDER)
        labels = [x for x in labels if x != SPECIAL_ORDER]
        named = extra.get("special_orders", [])
        if orders and (not isinstance(named, list) or len(named) != orders):
            raise UnreadableInput(
                f"{player}'s scan shows {orders} special order{'s' if orders > 1 else ''}: "
                "say what each copies (Adjust with taps)")
    action["cards"] = labels
    action["on_wasabi"] = on_wasabi
    action.update(extra)
    return action


def reveal_actions(player: str, cards: Sequence[ScannedCard], table: Sequence[str]
                   ) -> list[JSON]:
    """Turn by turn: the ``reveal`` action(s) for the cards ``player``'s scan shows that their
    ``table`` (card ids already entered, face up) does not: one new card, or two (chopsticks;
    both orders, the engine takes the one that fits). :class:`UnreadableInput` for no new card,
    more than two, or a special order (what it copies is tapped)."""
    from collections import Counter

    new = list((Counter(c.label for c in cards if not c.ignored) - Counter(table)).elements())
    if not new:
        raise UnreadableInput(f"{player}'s scan shows no new card since the last turn")
    if len(new) > 2:
        raise UnreadableInput(f"{player}'s scan shows {len(new)} new cards, but a turn adds one "
                              "(two with chopsticks): check the scan, or tap the reveal")
    if SPECIAL_ORDER in new:
        raise UnreadableInput(f"{player} revealed a special order: tap the reveal to say what "
                              "it copies")
    base: JSON = {"kind": "reveal", "player": player}
    if len(new) == 1:
        return [{**base, "card": new[0]}]
    a, b = new
    return [{**base, "card": a, "second": b}, {**base, "card": b, "second": a}]


def seat_by_zone(quad: Sequence[tuple[float, float]], zones: Zones | None,
                 size: tuple[int, int]) -> int | None:
    """The game seat (0-based) whose calibrated zone holds the card's centre, if any; the
    zones were calibrated at ``zones.image_size`` and scale to a frame of ``size`` (w, h)."""
    if zones is None or not zones.seats:
        return None
    sx = zones.image_size[0] / size[0]
    sy = zones.image_size[1] / size[1]
    cx = sum(x for x, _ in quad) / len(quad) * sx
    cy = sum(y for _, y in quad) / len(quad) * sy
    seat = zones.seat_at(cx, cy)
    return None if seat is None else seat - 1


def takes_scan(view: JSON) -> bool:
    """Whether a game with ``view`` takes a scan now: round-end tableaux in scoring mode, or
    the cards revealed this turn when the table follows turn by turn."""
    if view.get("over"):
        return False
    mode, phase = view.get("mode"), view.get("phase")
    return (mode == "scoring" and phase == "entry") or (mode == "turns" and phase == "reveal")


def decode_photo(data: bytes) -> Image:
    """A BGR photo from an uploaded file's bytes (OpenCV decodes it, so the type is what the
    bytes are, not what the upload claims), at most :data:`MAX_SIDE` px on its long side."""
    if not data:
        raise UnreadableInput("the upload is empty: choose or take a photo")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise UnreadableInput("that file is not a photo (JPEG, PNG or WebP expected)")
    return shrink(np.asarray(image, np.uint8))


def shrink(image: Image, side: int = MAX_SIDE) -> Image:
    scale = side / max(image.shape[:2])
    if scale >= 1:
        return image
    return np.asarray(cv2.resize(image, None, fx=scale, fy=scale,
                                 interpolation=cv2.INTER_AREA), np.uint8)


#: Outline colours (BGR): a card read with confidence, an uncertain one, one a person set,
#: one left out.
COLOURS = {"ok": (80, 190, 40), "uncertain": (0, 150, 255), "corrected": (230, 140, 30),
           "ignored": (140, 140, 140)}


def annotate(scan: PendingScan, width: int = VIEW_WIDTH) -> Image:
    """The scan's photo ``width`` px wide (never enlarged) with every card outlined, a badge
    with its number (as the screens' chips show it) in its middle and its label under the badge;
    uncertain cards in orange with a thick outline and a ``?``."""
    image = scan.image
    scale = min(1.0, width / image.shape[1])
    out = np.ascontiguousarray(shrink(image, round(max(image.shape[:2]) * scale)))
    thick = max(2, round(out.shape[1] / 400))
    for card in scan.cards:
        kind = ("ignored" if card.ignored else "corrected" if card.corrected
                else "uncertain" if card.uncertain else "ok")
        pts = np.array([[x * scale, y * scale] for x, y in card.quad], np.float32)
        colour = COLOURS[kind]
        cv2.polylines(out, [pts.astype(np.int32)], True, colour,
                      thick * (2 if kind == "uncertain" else 1), cv2.LINE_AA)
        _badge(out, pts, f"{card.index + 1}{'?' if kind == 'uncertain' else ''}", card.label,
               colour)
    return np.asarray(out, np.uint8)


def _badge(out: Image, pts: npt.NDArray[np.float32], number: str, label: str,
           colour: tuple[int, int, int]) -> None:
    """A filled circle with ``number`` at the card's centre and ``label`` under it, sized to the
    card (readable on a phone)."""
    side = min(float(np.linalg.norm(pts[1] - pts[0])), float(np.linalg.norm(pts[2] - pts[1])))
    r = max(9, round(side * 0.2))
    cx, cy = (int(v) for v in pts.mean(0))
    cv2.circle(out, (cx, cy), r, colour, -1, cv2.LINE_AA)
    cv2.circle(out, (cx, cy), r, (255, 255, 255), max(1, r // 8), cv2.LINE_AA)
    font = cv2.FONT_HERSHEY_SIMPLEX
    size = r / 22
    weight = max(1, round(r / 8))
    (tw, th), _ = cv2.getTextSize(number, font, size, weight)
    cv2.putText(out, number, (cx - tw // 2, cy + th // 2), font, size, (255, 255, 255), weight,
                cv2.LINE_AA)
    small = max(0.3, side / 260)
    (lw, lh), _ = cv2.getTextSize(label, font, small, 1)
    at = (cx - lw // 2, cy + r + lh + 4)
    cv2.rectangle(out, (at[0] - 3, at[1] - lh - 3), (at[0] + lw + 3, at[1] + 4), (255, 255, 255),
                  -1)
    cv2.putText(out, label, at, font, small, (20, 20, 20), 1, cv2.LINE_AA)


# -- the models and card sets -----------------------------------------------------------------


class CardModels:
    """The card reader's networks (built on first use) and the card sets of ``data_dir``
    (loaded once, re-read when their files change). Callers hold :attr:`lock` around every
    use: the networks are thread-confined."""

    def __init__(self, data_dir: Path, reader_factory: Callable[[Any], Any] | None = None
                 ) -> None:
        self.data_dir = data_dir
        self.lock = threading.RLock()
        self._embedder: Any = None
        self._finder: Any = None
        self._sets: dict[str, tuple[int, Any]] = {}
        self._reader_factory = reader_factory

    def networks(self) -> tuple[Any, Any]:
        if self._embedder is None:
            from companion.vision.cards import CardFinder, Embedder
            try:
                self._embedder, self._finder = Embedder(), CardFinder()
            except (FileNotFoundError, cv2.error) as exc:
                raise UnreadableInput(f"the card reader cannot start: {exc}") from None
        return self._embedder, self._finder

    def _stamp(self, name: str) -> int:
        from companion.vision.cards import store
        meta = store.set_dir(self.data_dir, name) / "meta.json"
        try:
            return meta.stat().st_mtime_ns
        except OSError:
            return -1

    def stored(self, name: str) -> bool:
        """Whether the data dir holds a set ``name``."""
        return self._stamp(name) >= 0

    def load(self, name: str, create: bool = False) -> Any:
        """The card set ``name``; with ``create`` a new empty one when there is none.
        :class:`UnreadableInput` for a bad name or a set that is missing or broken."""
        from companion.vision.cards import CardSet, store
        try:
            store.check_name(name)
        except store.CardSetError as exc:
            raise UnreadableInput(str(exc)) from None
        stamp = self._stamp(name)
        held = self._sets.get(name)
        if held is not None and held[0] == stamp:
            return held[1]
        if stamp < 0:
            if not create:
                raise UnreadableInput(
                    f"there is no card set {name!r} yet: enroll the cards first (Enroll cards "
                    "on the tablet, or 'companion cards enroll')")
            card_set = CardSet(name=name, model=store.model_digest())
        else:
            embedder, _ = self.networks()
            try:
                card_set = store.load_set(self.data_dir, name, embedder)
            except store.CardSetError as exc:
                raise UnreadableInput(str(exc)) from None
        self._sets[name] = (stamp, card_set)
        return card_set

    def save(self, card_set: Any) -> None:
        from companion.vision.cards import store
        try:
            store.save_set(self.data_dir, card_set)
        except store.CardSetError as exc:
            raise UnreadableInput(str(exc)) from None
        self._sets[card_set.name] = (self._stamp(card_set.name), card_set)

    def reader(self, card_set: Any, real: bool = False) -> Any:
        """A reader of ``card_set`` (the injected one, unless ``real``: enrollment always
        finds the card with the real finder)."""
        if self._reader_factory is not None and not real:
            return self._reader_factory(card_set)
        from companion.vision.cards import CardReader
        embedder, finder = self.networks()
        return CardReader(card_set, embedder, finder)

    def teach(self, card_set: Any, label: str, crop: Image) -> None:
        """Enroll ``crop`` (a rectified card) under ``label`` and save the set."""
        embedder, _ = self.networks()
        card_set.add(label, [crop], embedder)
        self.save(card_set)

    def forget(self, name: str) -> None:
        self._sets.pop(name, None)


def card_crop(image: Image, quad: Sequence[tuple[float, float]]) -> Image:
    """A whole card's rectified crop (as the reader compares it) from the photo."""
    from companion.vision.cards.enrollment import rectify
    from companion.vision.cards.finder import clockwise
    return np.asarray(rectify(image, clockwise(np.array(quad, np.float32))), np.uint8)


# -- the desk ---------------------------------------------------------------------------------


FrameGetter = Callable[[], "Image | None"]
ZonesGetter = Callable[[], "Zones | None"]


def camera_frame(camera: Any) -> Image | None:
    """The last frame ``camera`` (a :class:`~companion.camera.TableCamera`) looked at, or
    ``None`` (off, starting, lost). TableCamera keeps it as ``_seen`` under ``_lock``."""
    lock = getattr(camera, "_lock", None)
    if lock is None:
        return None
    with lock:
        seen = getattr(camera, "_seen", None)
    return None if seen is None else np.asarray(seen.image, np.uint8)


class ScanDesk:
    """Scans of the table into ``session``'s games (see the module docstring)."""

    def __init__(self, session: Session, data_dir: Path, frame: FrameGetter | None = None,
                 zones: ZonesGetter | None = None,
                 reader_factory: Callable[[Any], Any] | None = None) -> None:
        self.session = session
        self.data_dir = data_dir
        self.frame = frame
        self.zones = zones
        self.models = CardModels(data_dir, reader_factory)
        self._pending: dict[int, PendingScan] = {}
        self._lock = threading.Lock()
        self._numbers = int(time.time() * 1000)

    # -- the game and its set -------------------------------------------------------------

    def _game(self, game_pk: int) -> tuple[str, JSON]:
        """The title and host view of a game that takes scans now."""
        snap = self.session.snapshot(game_pk, HOST)
        title, view = str(snap["game"]), snap["view"]
        if title not in SCAN_TITLES:
            raise IllegalAction(f"{title} has no card scan (Sushi Go Party! and Sushi Go! do)")
        return title, view

    @staticmethod
    def _entry_view(title: str, view: JSON) -> None:
        if not takes_scan(view):
            raise IllegalAction("a scan enters round-end tableaux (scoring mode) or the cards "
                                "revealed this turn (turn by turn): the game waits for neither "
                                "now")

    def _actions(self, title: str, view: JSON, seat: int, scan: PendingScan,
                 extra: Mapping[str, Any] | None) -> list[JSON]:
        """The action(s) to try for ``seat``'s cards: the tableau (scoring mode) or the
        reveal (turn by turn)."""
        names, mine = self.tables(view), scan.seat_cards(seat)
        if view.get("mode") == "scoring":
            return [tableau_action(title, names[seat], mine, scan.cards, self.types(view),
                                   extra)]
        if extra:
            raise UnreadableInput("'extra' is for round-end tableaux only")
        dummy = view.get("dummy")
        everyone = [*view.get("players", []), *([dummy] if isinstance(dummy, dict) else [])]
        table = [str(p["card"]) for p in everyone[seat].get("table", [])
                 if not p.get("flipped")] if seat < len(everyone) else []
        return reveal_actions(names[seat], mine, table)

    @staticmethod
    def tables(view: JSON) -> list[str]:
        """The names of the tableaux entered, by seat (Sushi Go!'s dummy last)."""
        names = [str(p["name"]) for p in view.get("players", [])]
        dummy = view.get("dummy")
        if isinstance(dummy, dict):
            names.append(str(dummy.get("name", "Dummy")))
        return names

    @staticmethod
    def types(view: JSON) -> dict[str, str]:
        return {str(c["id"]): str(c["type"]) for c in view.get("menu", {}).get("cards", [])}

    def _choices(self) -> dict[str, str]:
        try:
            data = json.loads((self.data_dir / CHOICES_FILE).read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def set_for(self, game_pk: int) -> str:
        """The card set game ``game_pk`` reads with (chosen, or named after its title)."""
        chosen = self._choices().get(str(game_pk))
        if chosen:
            return chosen
        return str(self.session.snapshot(game_pk, HOST)["game"])

    def choose_set(self, game_pk: int, viewer: Viewer, name: Any) -> str:
        """The host picks the card set of a game (stored in the data dir)."""
        if viewer.role != "host":
            raise Forbidden("only the host may choose the card set")
        if not isinstance(name, str):
            raise UnreadableInput("'set' must be a card set name")
        from companion.vision.cards import store
        try:
            store.check_name(name)
        except store.CardSetError as exc:
            raise UnreadableInput(str(exc)) from None
        self.session.snapshot(game_pk, HOST)  # NotFound for an unknown game
        choices = self._choices()
        choices[str(game_pk)] = name
        _write_json(self.data_dir / CHOICES_FILE, choices)
        return name

    # -- scanning ---------------------------------------------------------------------------

    def scan_camera(self, game_pk: int, viewer: Viewer, seat: int | None = None) -> PendingScan:
        """Scan the camera's current frame for game ``game_pk`` (cards to seats by zones;
        ``seat`` for cards outside every zone)."""
        _may_write(viewer, "scan the table")
        frame = self.frame() if self.frame is not None else None
        if frame is None:
            raise UnreadableInput("the camera has no picture now (it is off, starting or lost):"
                                  " photograph the cards with a phone instead")
        zones = self.zones() if self.zones is not None else None
        return self._scan(game_pk, frame.copy(), "camera", seat, zones)

    def scan_photo(self, game_pk: int, viewer: Viewer, data: bytes,
                   seat: int | None = None) -> PendingScan:
        """Scan a phone's photo: its cards are ``seat``'s, by default the uploader's."""
        _may_write(viewer, "scan cards")
        image = decode_photo(data)
        return self._scan(game_pk, image, "phone", seat if seat is not None else viewer.seat,
                          None)

    def _scan(self, game_pk: int, image: Image, source: str, seat: int | None,
              zones: Zones | None) -> PendingScan:
        from companion.vision.cards import PoorPhoto
        title, view = self._game(game_pk)
        self._entry_view(title, view)
        names = self.tables(view)
        if seat is not None and not 0 <= seat < len(names):
            raise UnreadableInput(f"there is no seat {seat} (seats 0 to {len(names) - 1})")
        set_name = self.set_for(game_pk)
        with self.models.lock:
            card_set = self.models.load(set_name)
            if not card_set.labels:
                raise UnreadableInput(f"the card set {set_name!r} is empty: enroll the cards")
            try:
                scan = self.models.reader(card_set).read(image)
            except PoorPhoto as exc:
                raise UnreadableInput(f"the photo cannot be read: {exc}") from None
        if not scan.cards:
            raise UnreadableInput("; ".join(scan.notes) or "no cards found in the photo")
        size = (image.shape[1], image.shape[0])
        cards = []
        for i, card in enumerate(scan.cards):
            quad = tuple((float(x), float(y)) for x, y in card.quad)
            where = seat_by_zone(quad, zones, size) if zones is not None else None
            cards.append(ScannedCard(
                i, card.label, quad, float(card.confidence), bool(card.uncertain),
                card.visible, card.covered_by,
                where if where is not None and where < len(names) else seat,
                runner_up=card.runner_up))
        with self._lock:
            self._numbers += 1
            pending = PendingScan(game_pk, self._numbers, source, image, tuple(cards), set_name,
                                  view.get("round"), time.strftime("%Y-%m-%dT%H:%M:%S"),
                                  tuple(scan.notes), view.get("turn"))
            self._pending[game_pk] = pending
        log.info("scan %s of game %s (%s): %d cards, %d uncertain", pending.number, game_pk,
                 source, len(cards), sum(c.uncertain for c in cards))
        return pending

    # -- the pending scan -------------------------------------------------------------------

    def pending(self, game_pk: int) -> PendingScan | None:
        """The game's pending scan, dropped once its round is over."""
        with self._lock:
            scan = self._pending.get(game_pk)
        if scan is None:
            return None
        try:
            view = self.session.snapshot(game_pk, HOST)["view"]
        except NotFound:
            view = {}
        if (view.get("round"), view.get("turn")) != (scan.round, scan.turn) \
                or not takes_scan(view):
            with self._lock:
                if self._pending.get(game_pk) is scan:
                    del self._pending[game_pk]
            return None
        return scan

    def _held(self, game_pk: int, number: Any = None) -> PendingScan:
        scan = self.pending(game_pk)
        if scan is None:
            raise NotFound(f"game {game_pk} has no scan waiting (none was taken, it was "
                           "dismissed, or its round is over)")
        if number is not None and number != scan.number:
            raise NotFound(f"scan {number} was replaced by scan {scan.number}")
        return scan

    def _store(self, scan: PendingScan) -> PendingScan:
        with self._lock:
            self._pending[scan.game] = scan
        return scan

    def to_json(self, scan: PendingScan) -> JSON:
        """``GET /api/games/<id>/scan`` (``docs/API.md``)."""
        try:
            title, view = self._game(scan.game)
        except (NotFound, IllegalAction):
            title, view = "", {}
        names = self.tables(view)
        types = self.types(view)
        paired = nigiri_on_wasabi(scan.cards, scan.cards, types)
        seats = []
        for seat in scan.seats():
            mine = scan.seat_cards(seat)
            result = scan.results.get(seat)
            unsure = sum(c.uncertain and not c.corrected for c in mine)
            paired_here = nigiri_on_wasabi(mine, scan.cards, types)
            tableau = {"cards": [c.label for c in mine if c.index not in paired_here
                                 and c.label != SPECIAL_ORDER],
                       "on_wasabi": [c.label for c in mine if c.index in paired_here],
                       "special_orders": sum(c.label == SPECIAL_ORDER for c in mine)}
            try:
                action: JSON | None = self._actions(title, view, seat, scan, None)[0]
            except (UnreadableInput, IndexError):
                action = None
            status = result.status if result else ("uncertain" if unsure else "ready")
            seats.append({"seat": seat, "player": names[seat] if seat < len(names) else None,
                          "cards": len(mine), "uncertain": unsure, "status": status,
                          "reason": result.reason if result else None,
                          "version": result.version if result else None, "action": action,
                          "tableau": tableau})
        return {"game": scan.game, "scan": scan.number, "source": scan.source,
                "taken": scan.taken, "set": scan.card_set, "round": scan.round,
                "width": int(scan.image.shape[1]), "height": int(scan.image.shape[0]),
                "notes": list(scan.notes),
                "cards": [{**c.to_json(), "on_wasabi": c.index in paired,
                           "in_menu": c.label in types} for c in scan.cards],
                "seats": seats,
                "unassigned": sum(c.seat is None and not c.ignored for c in scan.cards)}

    def image_jpeg(self, game_pk: int) -> bytes:
        scan = self._held(game_pk)
        ok, data = cv2.imencode(".jpg", annotate(scan), [cv2.IMWRITE_JPEG_QUALITY, 82])
        if not ok:
            raise UnreadableInput("the scan's picture could not be encoded")
        return bytes(data)

    def dismiss(self, game_pk: int, viewer: Viewer) -> None:
        _may_write(viewer, "dismiss a scan")
        self._held(game_pk)
        with self._lock:
            self._pending.pop(game_pk, None)

    def correct(self, game_pk: int, viewer: Viewer, index: int, label: str | None = None,
                seat: int | bool | None = False, ignore: bool | None = None,
                number: Any = None) -> PendingScan:
        """Fix card ``index``: its ``label`` (teaching the set when the card is fully
        visible), its ``seat`` (``None``: nobody's; ``False``: unchanged) or leave it out
        (``ignore``)."""
        _may_write(viewer, "correct a scan")
        scan = self._held(game_pk, number)
        if not 0 <= index < len(scan.cards):
            raise UnreadableInput(f"there is no card {index} in this scan "
                                  f"(0 to {len(scan.cards) - 1})")
        card = scan.cards[index]
        changes: dict[str, Any] = {}
        if label is not None:
            label = label.strip()
            if not label or len(label) > MAX_LABEL:
                raise UnreadableInput(f"'label' must be a card id of 1 to {MAX_LABEL} "
                                      "characters")
            changes.update(label=label, corrected=True, uncertain=False, ignored=False)
        if seat is not False:
            names = self.tables(self._game(game_pk)[1])
            if seat is not None and (isinstance(seat, bool) or not 0 <= seat < len(names)):
                raise UnreadableInput(f"there is no seat {seat}")
            changes["seat"] = seat
        if ignore is not None:
            changes["ignored"] = bool(ignore)
        if label is not None and card.visible == "full":
            with self.models.lock:
                card_set = self.models.load(scan.card_set, create=True)
                self.models.teach(card_set, label, card_crop(scan.image, card.quad))
        fixed = replace(card, **changes)
        cards = (*scan.cards[:index], fixed, *scan.cards[index + 1:])
        results = {s: r for s, r in scan.results.items()
                   if s not in (card.seat, fixed.seat) or r.status == "entered"}
        return self._store(replace(scan, cards=cards, results=results))

    def confirm(self, game_pk: int, viewer: Viewer, seat: int | None = None,
                extra: Mapping[str, Any] | None = None, number: Any = None) -> list[Outcome]:
        """Enter ``seat``'s scanned tableau (``None``: every seat of the scan still to enter,
        in seat order, stopping at the first refusal). Raises :class:`Uncertain`, or the
        engine's refusal (kept on the seat; nothing applied)."""
        _may_write(viewer, "enter a tableau")
        scan = self._held(game_pk, number)
        title, view = self._game(game_pk)
        self._entry_view(title, view)
        names = self.tables(view)
        if seat is not None:
            if not 0 <= seat < len(names):
                raise UnreadableInput(f"there is no seat {seat}")
            if not scan.seat_cards(seat):
                raise UnreadableInput(f"the scan has no cards for {names[seat]}")
            seats = [seat]
        else:
            seats = [s for s in scan.seats() if s < len(names) and not _entered(scan, s)]
            if not seats:
                raise UnreadableInput("the scan has no cards left to enter: choose whose "
                                      "cards they are")
        outcomes = []
        for s in seats:
            mine = scan.seat_cards(s)
            unsure = [c for c in mine if c.uncertain and not c.corrected]
            if unsure:
                which = ", ".join(str(c.index + 1) for c in unsure)
                raise Uncertain(f"{names[s]}'s card{'s' if len(unsure) > 1 else ''} {which} "
                                f"{'are' if len(unsure) > 1 else 'is'} uncertain: tap each to "
                                "confirm or correct it")
            outcome = self._submit(game_pk, viewer, s, self._actions(title, view, s, scan, extra))
            scan = self._result(game_pk, s, SeatResult("entered", None, outcome.version))
            outcomes.append(outcome)
        return outcomes

    def _submit(self, game_pk: int, viewer: Viewer, seat: int, actions: list[JSON]) -> Outcome:
        """The first of ``actions`` the engine takes; its first refusal when it takes none
        (kept on the seat)."""
        first: IllegalAction | UnreadableInput | None = None
        for action in actions:
            try:
                return self.session.submit(game_pk, viewer, Act(action))
            except (IllegalAction, UnreadableInput) as exc:
                first = first or exc
        assert first is not None
        self._result(game_pk, seat, SeatResult("refused", first.reason))
        raise first

    def _result(self, game_pk: int, seat: int, result: SeatResult) -> PendingScan:
        with self._lock:
            scan = self._pending.get(game_pk)
            if scan is None:
                raise NotFound("the scan was dismissed meanwhile")
            scan = replace(scan, results={**scan.results, seat: result})
            self._pending[game_pk] = scan
        return scan

    # -- the scan button --------------------------------------------------------------------

    def button_scan(self) -> str:
        """The GPIO scan button: scan the camera's frame for the game changed last that waits
        for tableaux; what it read, in words. Raises (a refusal) when no game waits or the
        photo cannot be read."""
        games = [g for g in self.session.list_games()
                 if g.get("game") in SCAN_TITLES and g.get("status") != "over"]
        games.sort(key=lambda g: (str(g.get("updated")), g["id"]), reverse=True)
        for g in games:
            view = self.session.snapshot(int(g["id"]), HOST)["view"]
            if takes_scan(view):
                scan = self.scan_camera(int(g["id"]), HOST)
                return describe(scan, self.tables(view))
        raise IllegalAction("no game waits for cards now: scan at the end of a round (or after "
                            "a turn's reveal)")

    # -- enrollment -------------------------------------------------------------------------

    def enrollment(self, game_pk: int) -> JSON:
        """What the walk-through shows: the game's card set and, for every card of its menu,
        how many photos the set holds (``needed``: the cards with none yet)."""
        title, view = self._game(game_pk)
        name = self.set_for(game_pk)
        with self.models.lock:
            try:
                card_set = self.models.load(name, create=True)
            except UnreadableInput:
                card_set = None
            images = {k: len(v) for k, v in card_set.images.items()} if card_set else {}
        menu = view.get("menu", {}).get("cards", [])
        cards = [{"id": c["id"], "name": c["name"], "type": c["type"],
                  "photos": images.get(c["id"], 0)} for c in menu]
        ids = {c["id"] for c in cards}
        return {"game": game_pk, "title": title, "set": name,
                "stored": self.models.stored(name),
                "cards": cards, "needed": [c["id"] for c in cards if not c["photos"]],
                "others": sorted(k for k in images if k not in ids)}

    def enroll(self, game_pk: int, viewer: Viewer, label: Any, data: bytes | None) -> JSON:
        """Enroll one photo of card ``label`` into the game's set: ``data`` an uploaded photo
        (the one card in it, or a card-shaped crop), ``None`` the camera's frame."""
        _may_write(viewer, "enroll cards")
        if not isinstance(label, str) or not label.strip() or len(label) > MAX_LABEL:
            raise UnreadableInput(f"'label' must be a card id of 1 to {MAX_LABEL} characters")
        label = label.strip()
        self._game(game_pk)
        if data is None:
            frame = self.frame() if self.frame is not None else None
            if frame is None:
                raise UnreadableInput("the camera has no picture now: upload a photo instead")
            image = frame.copy()
        else:
            image = decode_photo(data)
        from companion.vision.cards import PoorPhoto
        name = self.set_for(game_pk)
        with self.models.lock:
            card_set = self.models.load(name, create=True)
            try:
                crop = self.models.reader(card_set, real=True).enrollment_crop(image)
            except PoorPhoto as exc:
                raise UnreadableInput(str(exc)) from None
            self.models.teach(card_set, label, crop)
            photos = len(card_set.images[label])
        return {"ok": True, "set": name, "label": label, "photos": photos}

    def export_set(self, game_pk: int) -> tuple[str, bytes]:
        """The game's card set as one ZIP file: (file name, bytes)."""
        from companion.vision.cards import store
        name = self.set_for(game_pk)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"{name}.zip"
            try:
                store.export_set(self.data_dir, name, path)
            except store.CardSetError as exc:
                raise UnreadableInput(str(exc)) from None
            return path.name, path.read_bytes()

    def import_set(self, game_pk: int, viewer: Viewer, data: bytes) -> JSON:
        """Store an exported set as the game's set (replacing it); host only."""
        if viewer.role != "host":
            raise Forbidden("only the host may replace the card set")
        from companion.vision.cards import store
        name = self.set_for(game_pk)
        with tempfile.TemporaryDirectory() as folder, self.models.lock:
            path = Path(folder) / "import.zip"
            path.write_bytes(data)
            embedder, _ = self.models.networks()
            try:
                card_set = store.import_set(self.data_dir, path, name, embedder)
            except store.CardSetError as exc:
                raise UnreadableInput(str(exc).replace(str(path), "the file")) from None
            self.models.forget(name)
        return {"ok": True, "set": name, "labels": list(card_set.labels)}


def describe(scan: PendingScan, names: Sequence[str]) -> str:
    """A scan in words, for the log and the button's status."""
    parts = []
    for seat in scan.seats():
        mine = scan.seat_cards(seat)
        who = names[seat] if seat < len(names) else f"seat {seat}"
        unsure = sum(c.uncertain for c in mine)
        parts.append(f"{who} {_cards(len(mine))}" + (f" ({unsure} uncertain)" if unsure else ""))
    loose = sum(c.seat is None for c in scan.cards)
    if loose:
        parts.append(f"{_cards(loose)} outside every seat")
    return ", ".join(parts) or "no cards"


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _entered(scan: PendingScan, seat: int) -> bool:
    result = scan.results.get(seat)
    return result is not None and result.status == "entered"


def _may_write(viewer: Viewer, what: str) -> None:
    if viewer.role not in ("host", "seat"):
        raise Forbidden(f"watchers cannot {what}: claim a seat with the join code")


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.tmp")
    with open(temp, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)
