"""Settled rolls from table devices into games: apply, hold for a confirm, or leave alone.

:class:`RollDesk` is the one place where a roll a device read (the dice tower today, the camera
later) meets the games. Device adapters (``companion/devices/tower.py``) call :meth:`RollDesk.offer`
for every new roll, on their own thread; the tablet's endpoints (``web/tower.py``) call
:meth:`RollDesk.pending`, :meth:`RollDesk.confirm` and :meth:`RollDesk.dismiss`.

Contract of :meth:`RollDesk.offer`:

1. The roll goes only to the game that **holds** the device (:class:`~companion.table.holds.
   DeviceHolds`: its host claimed the tower or the camera; issue 28 item 4), if that game's
   roll source is the roll's source, it is not over and it waits for a roll now
   (:func:`companion.table.dice_input.request_for` on its view). Otherwise nothing happens: the roll
   stays unclaimed in the device's inbox (the outcome says ``unwanted``, with the reason: no
   game holds the device, or the holder does not wait for a roll). No other game ever gets it.
2. The game takes it: the inbox marks the roll as that game's. A roll of quality ``ok`` is
   submitted at once as a table input (viewer ``TABLE``, author ``table``), undoable like any
   action; the view is read and the action applied in one step on the session's writer
   (:meth:`Session.submit_from_view`), and only for the decision it was read for (the
   request's ``slot``). Its claim (``claim_in(db, game_pk)``) runs inside the log transaction
   that commits the action, so the roll is taken exactly when its action is in the log: a
   crash keeps both or neither (issue 28 item 7; ``docs/INTERNALS.md``). A roll another game
   already took (the claim answers ``False``) rolls the action back: outcome ``taken``.
3. A ``cocked`` or ``uncertain`` roll, and an ``ok`` roll the engine refuses (with the engine's
   reason, nothing applied), become the game's *pending roll*, which a screen confirms (submits
   the values read), corrects (submits the values a person tapped) or dismisses. A game holds at
   most one pending roll: a newer roll replaces it, an applied roll clears it, and one whose
   decision has passed (the dice were tapped in meanwhile), whose game no longer takes rolls
   from that source or no longer holds the device is dropped when next read. A roll held for
   a person is claimed (``claim(game_pk)``) in a commit of its own: no action goes with it.

Pending rolls are the ``roll`` entries of the one pending-input desk
(:class:`companion.table.pending.PendingDesk`, shared with the icon dice and the card scans by the
composition root), whose lifecycle (confirm, correct, dismiss, dropped when stale) they follow.
They live in memory: after a restart the game still waits for its roll, which is then
tapped in (the roll itself stays in the inbox, claimed by the game).
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import JSON, IllegalAction, UnreadableInput
from companion.i18n import msg
from companion.session.access import HOST, TABLE, Viewer
from companion.session.errors import Forbidden, NotFound
from companion.session.session import Outcome, Session
from companion.table.dice_input import RollRequest, check_values, request_for
from companion.table.holds import DEVICES, NAMES, DeviceHolds
from companion.table.pending import Pending, PendingDesk, refusal

log = logging.getLogger(__name__)

#: Roll qualities a device reports (``hardware/PROTOCOL.md``); only ``ok`` applies at once.
QUALITIES = ("ok", "cocked", "uncertain")

#: ``claim_in(db, game_pk)``: mark the roll as that game's on ``db``, the connection whose
#: transaction commits the action; ``False`` when another game already has it.
ClaimIn = Callable[[sqlite3.Connection, int], bool]


class RollTaken(Exception):
    """Raised inside the action's transaction when the roll was already taken (rolls it
    back)."""


@dataclass(frozen=True)
class TableRoll:
    """A settled roll a device read: ``ref`` is its id in that device's inbox."""

    source: str
    ref: int
    values: tuple[int, ...]
    quality: str
    received: str = ""

    def to_json(self) -> JSON:
        return {"source": self.source, "roll": self.ref, "values": list(self.values),
                "quality": self.quality, "received": self.received}


@dataclass(frozen=True)
class PendingRoll:
    """A roll a game took that waits for a person: ``reason`` is the engine's refusal, if any."""

    roll: TableRoll
    game: int
    request: RollRequest
    reason: str | None = None

    def to_json(self) -> JSON:
        return {**self.roll.to_json(), "game": self.game, **self.request.to_json(),
                "reason": self.reason}


@dataclass(frozen=True)
class Offered:
    """What :meth:`RollDesk.offer` did with a roll: ``applied``, ``pending`` (waits for a
    confirm), ``refused`` (the engine's ``reason``; pending for a correction), ``unwanted``
    (no game waits for it: left unclaimed) or ``taken`` (already claimed elsewhere)."""

    roll: TableRoll
    outcome: str
    game: int | None = None
    reason: str = ""
    version: int | None = None

    def to_json(self) -> JSON:
        return {**self.roll.to_json(), "outcome": self.outcome, "game": self.game,
                "reason": self.reason, "version": self.version}


class RollDesk:
    """Routes device rolls into ``session``'s games (see the module docstring)."""

    #: This input's kind on the pending-input desk.
    KIND = "roll"
    #: What a watcher's refusal calls a pending roll.
    noun = "a roll"

    def __init__(self, session: Session, holds: DeviceHolds | None = None,
                 desk: PendingDesk | None = None) -> None:
        self.session = session
        #: Which game holds the tower and the camera (in memory unless the root gives a file).
        self.holds = holds if holds is not None else DeviceHolds()
        self.holds.alive = self._alive
        self.holds.on_change = self.devices_changed
        #: The one pending-input desk (its own when none is given).
        self.desk = desk if desk is not None else PendingDesk(self.devices_changed)
        self.desk.register(self.KIND, self)
        self._last: Offered | None = None

    # -- from devices ------------------------------------------------------------------------

    def offer(
        self,
        roll: TableRoll,
        claim: Callable[[int], bool] | None = None,
        claim_in: ClaimIn | None = None,
    ) -> Offered:
        """Route ``roll`` (see the module docstring). ``claim_in(db, game_pk)`` marks it as
        taken inside the transaction of the action it becomes; ``claim(game_pk)`` marks it as
        taken on its own (a roll held for a person; without ``claim_in``, also before an
        action). Both answer ``False`` when another game already has it."""
        found = self._wanted_by(roll.source)
        if isinstance(found, str):
            offered = Offered(roll, "unwanted", reason=found)
        elif claim_in is None and claim is not None and not claim(found[0]):
            offered = self._taken(roll, found[0])
        else:
            offered = self._take(roll, *found, claim if claim_in is not None else None,
                                 claim_in)
        self._last = offered
        self.devices_changed()  # the tower's last roll and, maybe, a game's pending roll
        log.info("%s roll %s %s: %s%s", roll.source, roll.ref, list(roll.values),
                 offered.outcome, f" (game {offered.game})" if offered.game else "")
        return offered

    def devices_changed(self, game_pk: int | None = None) -> None:
        """Tell the live streams of ``game_pk`` (``None``: of every game) that the table
        devices' state changed (a pending roll, a hold, a link; issue 24 item 10): they send
        a ``devices`` event when what the game's screens show of it did."""
        try:
            self.session.poke(game_pk)
        except Exception:  # a closing session: nobody listens any more
            log.debug("could not wake the live streams", exc_info=True)

    @property
    def last(self) -> Offered | None:
        """What happened to the last roll offered (for the status)."""
        return self._last

    def _alive(self, game_pk: int) -> bool:
        """Whether ``game_pk`` may still hold a device: it exists and is not over."""
        try:
            return bool(self.session.snapshot(game_pk, HOST)["status"] != "over")
        except (NotFound, UnreadableInput):
            return False

    def _wanted_by(self, source: str) -> tuple[int, RollRequest] | str:
        """The game holding ``source`` and its request, if it takes a roll from ``source``
        now; else why no game takes it."""
        name = NAMES.get(source, source)
        game_pk = self.holds.holder(source) if source in DEVICES else None
        if game_pk is None:
            return (f"no game holds the {name}: the host claims it on the game's host screen")
        try:
            snap = self.session.snapshot(game_pk, HOST)
        except (NotFound, UnreadableInput):  # a game the engines cannot load any more
            return f"game {game_pk}, which holds the {name}, cannot be read"
        request = request_for(snap["game"], snap["view"])
        if snap.get("roll_source") != source or request is None:
            return f"game {game_pk}, which holds the {name}, waits for no roll from it now"
        return game_pk, request

    @staticmethod
    def _taken(roll: TableRoll, game_pk: int) -> Offered:
        return Offered(roll, "taken", game_pk, "this roll was already taken")

    def _take(
        self,
        roll: TableRoll,
        game_pk: int,
        request: RollRequest,
        claim: Callable[[int], bool] | None = None,
        claim_in: ClaimIn | None = None,
    ) -> Offered:
        """Apply an ``ok`` roll (claimed in the action's commit), else hold it for a person
        (claimed on its own first)."""
        reason: str | None = None
        if roll.quality == "ok":
            try:
                outcome = self._apply(game_pk, TABLE, request, roll.values,
                                      _claim_step(roll, game_pk, claim_in))
            except RollTaken:
                return self._taken(roll, game_pk)
            except (IllegalAction, UnreadableInput, Forbidden) as exc:
                reason = refusal(exc)
            else:
                self._drop(game_pk)
                return Offered(roll, "applied", game_pk, version=outcome.version)
        if claim is not None and not claim(game_pk):
            return self._taken(roll, game_pk)
        self._hold(PendingRoll(roll, game_pk, request, reason))
        if reason is not None:
            return Offered(roll, "refused", game_pk, reason)
        return Offered(roll, "pending", game_pk, f"the {roll.source} read a {roll.quality}"
                                                 " roll: confirm or correct it")

    def _apply(
        self,
        game_pk: int,
        viewer: Viewer,
        request: RollRequest,
        values: Sequence[int],
        with_commit: Callable[[sqlite3.Connection], None] | None = None,
    ) -> Outcome:
        """Submit ``values`` for ``request`` if the game still waits for that very decision
        (``with_commit`` runs in the action's transaction: :meth:`Session.submit_from_view`)."""
        game_id = request.game

        def build(view: JSON) -> JSON:
            now = request_for(game_id, view)
            if now is None or now.slot != request.slot:
                raise IllegalAction(msg("the game no longer waits for this roll ({prompt}); it "
                                        "moved on", prompt=request.prompt))
            return now.action(values)

        return self.session.submit_from_view(game_pk, viewer, build, with_commit)

    # -- pending rolls: the ``roll`` entries of the pending-input desk -------------------------

    def _hold(self, pending: PendingRoll) -> None:
        roll = pending.roll
        summary = (f"{pending.request.prompt}: {' '.join(str(v) for v in roll.values)}"
                   f" ({roll.quality})")
        self.desk.offer(Pending(self.KIND, pending.game, None, roll.ref, roll.source, summary,
                                pending, pending.reason))

    def _drop(self, game_pk: int, ref: int | None = None) -> None:
        self.desk.drop(game_pk, self.KIND, None, ref)

    def pending(self, game_pk: int | None = None) -> list[PendingRoll]:
        """The pending rolls (of one game), dropping those whose decision has passed."""
        return [p.reading for p in self.desk.held(game_pk, self.KIND)]

    def still_wanted(self, entry: Pending) -> bool:
        """The game still takes rolls from this source and waits for this very decision."""
        pending: PendingRoll = entry.reading
        try:
            snap = self.session.snapshot(pending.game, HOST)
        except NotFound:
            return False
        if snap["roll_source"] != pending.roll.source:
            return False
        source = pending.roll.source
        if source in DEVICES and self.holds.holder(source) != pending.game:
            return False  # the device was released or went to another game
        now = request_for(pending.request.game, snap["view"])
        return now is not None and now.slot == pending.request.slot

    def values(self, entry: Pending, corrected: Any) -> tuple[int, ...]:
        """The values read, or the ``corrected`` ones checked against the request."""
        pending: PendingRoll = entry.reading
        if corrected is None:
            return pending.roll.values
        return check_values(corrected, pending.request.dice)

    def submit(self, entry: Pending, viewer: Viewer, values: Any) -> Outcome:
        pending: PendingRoll = entry.reading
        return self._apply(entry.game, viewer, pending.request, values)

    def detail(self, entry: Pending) -> JSON:
        """The pending roll as ``GET /api/tower?game=ID`` lists it (the ``pending`` event)."""
        pending: PendingRoll = entry.reading
        return pending.to_json()

    def confirm(self, game_pk: int, ref: int, viewer: Viewer, values: Any = None) -> Outcome:
        """Submit pending roll ``ref`` of game ``game_pk`` as ``viewer`` (a host or a seat):
        the values read, or ``values`` typed as a correction. Refused (raises) with the
        roll still pending and the reason kept on it."""
        return self.desk.confirm(game_pk, self.KIND, ref, viewer, values, _missing(game_pk, ref))

    def dismiss(self, game_pk: int, ref: int, viewer: Viewer) -> None:
        """Forget pending roll ``ref`` (the dice are rolled again or tapped in instead)."""
        self.desk.dismiss(game_pk, self.KIND, ref, viewer, _missing(game_pk, ref))

    def status(self) -> JSON:
        """For the tablet: the pending rolls and what became of the last roll."""
        return {"pending": [p.to_json() for p in self.pending()],
                "last_offer": self._last.to_json() if self._last else None}


def _missing(game_pk: int, ref: int) -> str:
    return (f"there is no pending roll {ref} in game {game_pk}"
            " (it was confirmed, dismissed or replaced, or the game moved on)")


def _claim_step(
    roll: TableRoll, game_pk: int, claim_in: ClaimIn | None
) -> Callable[[sqlite3.Connection], None] | None:
    """What runs in the action's transaction: ``claim_in``, raising :class:`RollTaken` (which
    rolls the action back) when another game already has the roll."""
    if claim_in is None:
        return None
    claim = claim_in

    def step(db: sqlite3.Connection) -> None:
        if not claim(db, game_pk):
            raise RollTaken(f"{roll.source} roll {roll.ref} was already taken")

    return step
