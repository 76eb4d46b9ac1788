"""A pending scan on the one pending-input desk: the ``scan`` kind's lifecycle.

:class:`companion.scans.ScanDesk` turns a photo into a :class:`PendingScan` and offers it to the
desk (:class:`companion.table.pending.PendingDesk`, one entry per game); from then on the desk
holds it, and every change goes through the desk's lifecycle, served by :class:`ScanInput` (a
:class:`~companion.table.pending.PartedInput`):

* **confirm** (``PendingDesk.confirm`` with a :class:`SeatChoice`): the seat's tableau (or every
  seat's still to enter, in seat order) goes in seat by seat; a seat whose cards are still
  uncertain is refused with :class:`Uncertain`; the engine's refusal is kept on its seat, and
  the seats entered before it stay entered.
* **correct** (``PendingDesk.correct`` with a :class:`CardChange`): one card's name, seat, or
  left out; a fully visible card named anew also teaches the card set (when asked to).
* **dismiss** (``PendingDesk.dismiss``), and dropped when the game moved on (another round or
  turn, or it waits for no cards).
* **detail**: the scan as ``GET /api/games/<id>/scan`` answers it, the ``detail`` of the live
  stream's ``pending`` event, from which every screen shows it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.games.base import JSON, IllegalAction, UnreadableInput
from companion.games.registry import available_games, find_game
from companion.i18n import msg, nmsg
from companion.scans.actions import scan_titles, seat_actions, table_names, takes_scan
from companion.scans.cardsets import CardModels
from companion.scans.model import MAX_LABEL, PendingScan, ScannedCard, SeatResult, Uncertain
from companion.scans.photos import card_crop
from companion.scans.report import scan_json
from companion.session.access import HOST, Viewer
from companion.session.errors import NotFound
from companion.session.session import Act, Outcome, Session
from companion.table.pending import Pending

#: The scans' kind on the pending-input desk.
KIND = "scan"


@dataclass(frozen=True)
class SeatChoice:
    """What a confirm enters: ``seat``'s cards (``None``: every seat's still to enter), with
    ``extra`` for what a photo cannot tell (special orders, lead token, mochi die...)."""

    seat: int | None = None
    extra: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class CardChange:
    """A person's correction of card ``index``: its ``label``, its ``seat`` (``None``:
    nobody's; ``False``: unchanged) or left out (``ignore``); ``teach``: a new label of a fully
    visible card also teaches the card set its crop."""

    index: int
    label: str | None = None
    seat: int | bool | None = False
    ignore: bool | None = None
    teach: bool = True


def scan_entry(scan: PendingScan) -> Pending:
    """``scan`` as the pending-input desk holds it (one per game)."""
    unsure = sum(c.uncertain for c in scan.cards)
    summary = f"{len(scan.cards)} cards scanned" + (f", {unsure} not sure" if unsure else "")
    return Pending(KIND, scan.game, None, scan.number, scan.source, summary, scan)


def scan_game(session: Session, game_pk: int) -> tuple[str, JSON]:
    """The title and host view of a game whose title takes scans."""
    snap = session.snapshot(game_pk, HOST)
    title, view = str(snap["game"]), snap["view"]
    if title not in scan_titles():
        takes = sorted(g.info.name for g in available_games() if g.info.id in scan_titles())
        raise IllegalAction(msg("{title} has no card scan (these titles have one: {titles})",
                                title=find_game(title).info.name, titles=takes))
    return title, view


def check_takes_scan(title: str, view: JSON) -> None:
    """Refuse unless the game waits for round-end tableaux or a turn's reveal now."""
    if not takes_scan(title, view):
        raise IllegalAction(msg("a scan enters round-end tableaux (scoring mode) or the cards "
                                "revealed this turn (turn by turn): the game waits for "
                                "neither now"))


class ScanInput:
    """The ``scan`` kind on the pending-input desk (see the module docstring). ``models``: the
    card sets a correction teaches."""

    noun = "a scan"

    def __init__(self, session: Session, models: CardModels) -> None:
        self.session = session
        self.models = models

    def still_wanted(self, pending: Pending) -> bool:
        """The game still waits for tableaux in the round and turn the scan was taken in."""
        scan: PendingScan = pending.reading
        try:
            snap = self.session.snapshot(scan.game, HOST)
        except NotFound:
            return False
        view = snap["view"]
        return (view.get("round"), view.get("turn")) == (scan.round, scan.turn) \
            and takes_scan(str(snap["game"]), view)

    def detail(self, pending: Pending) -> JSON:
        """The scan as ``GET /api/games/<id>/scan`` answers it."""
        scan: PendingScan = pending.reading
        try:
            title, view = scan_game(self.session, scan.game)
        except (NotFound, IllegalAction):
            title, view = "", {}
        return scan_json(scan, title, view)

    # -- confirm: seat by seat ---------------------------------------------------------------

    def values(self, pending: Pending, corrected: Any) -> SeatChoice:
        if corrected is None:
            return SeatChoice()
        if not isinstance(corrected, SeatChoice):
            raise UnreadableInput(msg("a scan is entered seat by seat: name the seat"))
        return corrected

    def parts(self, pending: Pending, values: SeatChoice) -> Iterator[tuple[int, list[JSON]]]:
        """Each seat to enter with the actions that would enter it, built as its turn comes
        (a seat's refusal to be built, or its uncertain cards, leave the seats before it
        entered)."""
        scan: PendingScan = pending.reading
        title, view = scan_game(self.session, pending.game)
        check_takes_scan(title, view)
        names = table_names(view)
        for seat in _to_enter(scan, names, values.seat):
            _check_certain(scan.seat_cards(seat), names[seat])
            yield seat, seat_actions(title, view, seat, scan, values.extra)

    def submit(self, pending: Pending, viewer: Viewer, values: Any) -> Outcome:
        """The first of the seat's actions the engine takes; its first refusal when it takes
        none."""
        _seat, actions = values
        first: IllegalAction | UnreadableInput | None = None
        for action in actions:
            try:
                return self.session.submit(pending.game, viewer, Act(action))
            except (IllegalAction, UnreadableInput) as exc:
                first = first or exc
        assert first is not None
        raise first

    def entered(self, pending: Pending, part: Any, outcome: Outcome) -> Pending:
        """The scan with the seat entered (it stays until the game moves on)."""
        return self._with_result(pending, part[0], SeatResult("entered", None, outcome.version))

    def refused(self, pending: Pending, part: Any, reason: str) -> Pending:
        return self._with_result(pending, part[0], SeatResult("refused", reason))

    @staticmethod
    def _with_result(pending: Pending, seat: int, result: SeatResult) -> Pending:
        scan: PendingScan = pending.reading
        return scan_entry(replace(scan, results={**scan.results, seat: result}))

    # -- correct: card by card ---------------------------------------------------------------

    def amend(self, pending: Pending, viewer: Viewer, change: Any) -> Pending:
        """The scan with card ``change.index`` fixed (see :class:`CardChange`); the results of
        the seats it leaves or joins are forgotten, unless entered."""
        if not isinstance(change, CardChange):
            raise UnreadableInput(msg("a scan is corrected card by card: name the card"))
        scan: PendingScan = pending.reading
        index = change.index
        if not 0 <= index < len(scan.cards):
            raise UnreadableInput(msg("there is no card {index} in this scan (0 to {last})",
                                      index=index, last=len(scan.cards) - 1))
        card = scan.cards[index]
        changes: dict[str, Any] = {}
        label = change.label
        if label is not None:
            label = label.strip()
            if not label or len(label) > MAX_LABEL:
                raise UnreadableInput(msg("'{name}' must be a card id of 1 to {most} characters",
                                          name="label", most=MAX_LABEL))
            changes.update(label=label, corrected=True, uncertain=False, ignored=False)
        seat = change.seat
        if seat is not False:
            names = table_names(scan_game(self.session, pending.game)[1])
            if seat is not None and (isinstance(seat, bool) or not 0 <= seat < len(names)):
                raise UnreadableInput(msg("there is no seat {seat}", seat=seat))
            changes["seat"] = seat
        if change.ignore is not None:
            changes["ignored"] = bool(change.ignore)
        if change.teach and label is not None and card.visible == "full":
            with self.models.lock:
                card_set = self.models.load(scan.card_set, create=True)
                self.models.teach(card_set, label, card_crop(scan.image, card.quad))
        fixed = replace(card, **changes)
        cards = (*scan.cards[:index], fixed, *scan.cards[index + 1:])
        results = {s: r for s, r in scan.results.items()
                   if s not in (card.seat, fixed.seat) or r.status == "entered"}
        return scan_entry(replace(scan, cards=cards, results=results))


def _to_enter(scan: PendingScan, names: list[str], seat: int | None) -> list[int]:
    """The seats a confirm enters: ``seat`` (checked), or every seat of the scan not entered
    yet."""
    if seat is not None:
        if not 0 <= seat < len(names):
            raise UnreadableInput(msg("there is no seat {seat}", seat=seat))
        if not scan.seat_cards(seat):
            raise UnreadableInput(msg("the scan has no cards for {name}", name=names[seat]))
        return [seat]
    seats = [s for s in scan.seats() if s < len(names) and not _entered(scan, s)]
    if not seats:
        raise UnreadableInput(msg("the scan has no cards left to enter: choose whose cards they "
                                  "are"))
    return seats


def _check_certain(mine: list[ScannedCard], name: str) -> None:
    """:class:`Uncertain` while any of a seat's cards is uncertain and not corrected."""
    unsure = [c for c in mine if c.uncertain and not c.corrected]
    if unsure:
        which = ", ".join(str(c.index + 1) for c in unsure)
        raise Uncertain(nmsg("{name}'s card {which} is uncertain: tap each to confirm or "
                             "correct it", "{name}'s cards {which} are uncertain: tap each to "
                             "confirm or correct it", len(unsure), name=name, which=which))


def _entered(scan: PendingScan, seat: int) -> bool:
    result = scan.results.get(seat)
    return result is not None and result.status == "entered"
