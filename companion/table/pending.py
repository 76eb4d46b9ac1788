"""The one pending-input desk: inputs from the table that wait for a person, of every kind.

A device's reading that cannot be entered at once (a cocked or uncertain roll, one the engine
refuses, an icon-dice reading to check, a scan of the cards) becomes a :class:`Pending` entry
here, whichever input offered it: the dice (:class:`companion.table.rolls.RollDesk`, kind
``roll``), Sushi Roll's icon dice (:class:`companion.table.icon_camera.IconDesk`, kind ``icon``)
and the card scans (:class:`companion.scans.ScanDesk`, kind ``scan``). One lifecycle:

``offer`` -> *pending* -> ``confirm(values)`` (the values read, or the values a person
corrected: :meth:`PendingDesk.confirm`) or ``dismiss`` (:meth:`PendingDesk.dismiss`); an entry
whose decision has passed (the game moved on, the device went to another game) is dropped when
next read; a newer offer for the same game, kind and slot replaces it; a refusal keeps it
pending with the engine's reason.

Each input keeps its own reading type (:attr:`Pending.reading`) and builds its actions through
the engine's needs and ``action_for``: it registers an :class:`Input` for its kind, which says
whether an entry is still wanted, checks corrected values, submits and tells what the screens
show of its reading (:meth:`Input.detail`). An entry may be entered in parts and corrected in
place before it is entered (a :class:`PartedInput`: a card scan is confirmed seat by seat and
corrected card by card, :class:`companion.scans.entry.ScanInput`): :meth:`PendingDesk.confirm`
enters its parts one by one, keeping what each did on the entry, and :meth:`PendingDesk.correct`
changes it.

Every change tells the game's live streams (``on_change``, the session's ``poke``), which send
the game's pending inputs with their details (``docs/API.md``, "Live stream": the ``pending``
event), so that no screen asks for them.
Entries live in memory: after a restart the game still waits, and the dice are tapped in.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Hashable
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any, Protocol, runtime_checkable

from companion.games.base import JSON, IllegalAction, UnreadableInput
from companion.i18n import Msg, Text, msg
from companion.session.access import Viewer
from companion.session.errors import Forbidden, NotFound
from companion.session.session import Outcome

log = logging.getLogger(__name__)


def refusal(exc: Exception) -> str:
    """A refusal's reason as an entry keeps it: a :class:`~companion.i18n.Text` when the
    refusal carries a catalogue message (``IllegalAction(msg(...))``; its English, which the
    live stream's ``pending`` event renders in each device's language, so "Not entered: ..."
    reads in the device's words), else its plain text (every language reads that)."""
    message = getattr(exc, "message", None)
    if isinstance(message, Msg):
        return Text(message)
    return str(getattr(exc, "reason", exc))


@dataclass(frozen=True)
class Pending:
    """One input that waits for a person.

    ``kind``: which input offered it (``roll``, ``icon``, ``scan``); ``game``: the game's pk;
    ``slot``: what it answers within the game (one entry per game, kind and slot: a newer offer
    replaces it); ``ref``: its number (the confirm names it); ``device``: what read it
    (``tower``, ``camera``, ``phone``); ``summary``: what it is, readable; ``reason``: why it
    waits (the engine's refusal, or why the device is unsure); ``reading``: the input's own
    pending type (a roll, an icon-dice reading, a scan); ``rev``: how many times it changed
    since it was offered (a scan corrected, a reason kept), so that a screen showing it knows
    to read its details again."""

    kind: str
    game: int
    slot: Hashable
    ref: int
    device: str
    summary: str
    reading: Any
    reason: str | None = None
    rev: int = 0

    def to_json(self, detail: JSON | None = None) -> JSON:
        """What every screen shows of it (the live stream's ``pending`` event); ``detail``:
        its reading as its input shows it (:meth:`Input.detail`)."""
        return {"kind": self.kind, "game": self.game, "ref": self.ref, "device": self.device,
                "summary": self.summary, "reason": self.reason, "rev": self.rev,
                "detail": detail}


class Input(Protocol):
    """What an input tells the desk about its own entries."""

    #: The noun of its readings in a watcher's refusal ("a roll", "a reading").
    noun: str

    def still_wanted(self, pending: Pending) -> bool:
        """Whether the game still waits for this very decision from this device."""

    def values(self, pending: Pending, corrected: Any) -> Any:
        """The values to submit: the ones read (``corrected`` is ``None``) or the corrected
        ones, checked (raises :class:`UnreadableInput`)."""

    def submit(self, pending: Pending, viewer: Viewer, values: Any) -> Outcome:
        """Enter ``values`` through the engine as ``viewer`` (raises the engine's refusal)."""

    def detail(self, pending: Pending) -> JSON:
        """What the screens show of its reading (the ``detail`` of the ``pending`` event: a
        roll's dice, an icon reading's faces, a scan's photo, cards and seats)."""


@runtime_checkable
class PartedInput(Input, Protocol):
    """An input whose entries are entered part by part and corrected in place before (the card
    scans: seat by seat, card by card). :meth:`PendingDesk.confirm` enters the ``parts`` of
    the values one by one, stopping at the first refusal; the entry stays pending with what
    each part did (``entered``, ``refused``) until none is left."""

    def parts(self, pending: Pending, values: Any) -> list[Any]:
        """The parts a confirm of ``values`` enters, in order (checked: raises the refusal)."""

    def entered(self, pending: Pending, part: Any, outcome: Any) -> Pending | None:
        """The entry once ``part`` went in (``None``: nothing of it is left to enter)."""

    def refused(self, pending: Pending, part: Any, reason: str) -> Pending:
        """The entry with the engine's refusal of ``part`` kept on it."""

    def amend(self, pending: Pending, viewer: Viewer, change: Any) -> Pending:
        """The entry as ``change`` (a person's correction) makes it (raises when refused)."""


class PendingDesk:
    """Every game's pending inputs (see the module docstring). Thread-safe: the devices offer
    from their threads, the screens confirm from the web's."""

    def __init__(self, on_change: Callable[[int], None] | None = None) -> None:
        #: Called with a game's pk whenever its pending inputs changed (wakes its streams).
        self.on_change = on_change
        self._inputs: dict[str, Input] = {}
        self._held: dict[tuple[int, str, Hashable], Pending] = {}
        self._lock = threading.Lock()

    def register(self, kind: str, handler: Input) -> None:
        """Serve ``kind``'s confirms and liveness through ``handler``."""
        self._inputs[kind] = handler

    # -- the lifecycle -----------------------------------------------------------------------

    def offer(self, pending: Pending) -> Pending:
        """Hold ``pending`` for a person, replacing the game's entry of that kind and slot."""
        with self._lock:
            self._held[(pending.game, pending.kind, pending.slot)] = pending
        self._changed(pending.game)
        return pending

    def update(self, pending: Pending) -> Pending:
        """Store a changed entry (a scan corrected, a reason kept) if its slot still holds it
        (the same ``ref``): :class:`NotFound` when it was dismissed or replaced meanwhile."""
        key = (pending.game, pending.kind, pending.slot)
        with self._lock:
            held = self._held.get(key)
            if held is None or held.ref != pending.ref:
                raise NotFound(msg("the pending {kind} {ref} of game {game} was dismissed or "
                                   "replaced meanwhile", kind=pending.kind, ref=pending.ref,
                                   game=pending.game))
            pending = replace(pending, rev=held.rev + 1)
            self._held[key] = pending
        self._changed(pending.game)
        return pending

    def drop(self, game_pk: int, kind: str, slot: Hashable, ref: int | None = None) -> bool:
        """Forget the game's entry of ``kind`` and ``slot`` (only if it is ``ref``, when
        given); whether one was dropped."""
        with self._lock:
            held = self._held.get((game_pk, kind, slot))
            dropped = held is not None and (ref is None or held.ref == ref)
            if dropped:
                del self._held[(game_pk, kind, slot)]
        if dropped:
            self._changed(game_pk)
        return dropped

    def held(self, game_pk: int | None = None, kind: str | None = None) -> list[Pending]:
        """The pending inputs (of one game, of one kind) by ``ref``, dropping those whose
        decision has passed (their input's :meth:`Input.still_wanted`)."""
        with self._lock:
            entries = [p for p in self._held.values()
                       if game_pk in (None, p.game) and kind in (None, p.kind)]
        live = []
        for p in entries:
            handler = self._inputs.get(p.kind)
            if handler is None or handler.still_wanted(p):
                live.append(p)
            else:
                self.drop(p.game, p.kind, p.slot, p.ref)
        return sorted(live, key=lambda p: (p.kind, p.ref))

    def peek(self, game_pk: int, kind: str, slot: Hashable) -> Pending | None:
        """The game's entry of ``kind`` and ``slot`` as held, stale or not."""
        with self._lock:
            return self._held.get((game_pk, kind, slot))

    def find(self, game_pk: int, kind: str, ref: int, missing: str | Msg | None = None) -> Pending:
        """The live entry ``ref`` of ``kind`` in game ``game_pk``; :class:`NotFound` (with
        ``missing`` as the reason, when given) when there is none."""
        for p in self.held(game_pk, kind):
            if p.ref == ref:
                return p
        raise NotFound(missing or msg("there is no pending {kind} {ref} in game {game}",
                                           kind=kind, ref=ref, game=game_pk))

    def confirm(self, game_pk: int, kind: str, ref: int, viewer: Viewer, values: Any = None,
                missing: str | Msg | None = None) -> Any:
        """Enter entry ``ref`` as ``viewer`` (a host or a seat): the values read, or ``values``
        corrected by a person; what its input's ``submit`` answered (a :class:`PartedInput`'s:
        the list of what each part's did). Refused (raises) with the entry still pending and
        the reason kept on it (on the refused part, with the parts entered before it kept as
        entered)."""
        pending = self.find(game_pk, kind, ref, missing)
        handler = self._inputs[kind]
        chosen = handler.values(pending, values)
        if viewer.role == "watcher":
            raise Forbidden(msg("watchers cannot {what}: claim a seat with the join code",
                                what=self._confirm_what(kind)))
        if not isinstance(handler, PartedInput):
            try:
                outcome = handler.submit(pending, viewer, chosen)
            except (IllegalAction, UnreadableInput) as exc:
                self._keep_reason(pending, refusal(exc))
                raise
            self.drop(game_pk, kind, pending.slot, ref)
            return outcome
        outcomes = []
        current: Pending | None = pending
        for part in handler.parts(pending, chosen):
            assert current is not None
            try:
                outcome = handler.submit(current, viewer, part)
            except (IllegalAction, UnreadableInput) as exc:
                with suppress(NotFound):  # dismissed or replaced meanwhile: nothing to keep
                    self.update(handler.refused(current, part, refusal(exc)))
                raise
            outcomes.append(outcome)
            current = handler.entered(current, part, outcome)
            if current is None:
                self.drop(game_pk, kind, pending.slot, ref)
                break
            try:
                current = self.update(current)
            except NotFound:  # dropped by what it entered (its round is over): entered still
                break
        return outcomes

    def correct(self, game_pk: int, kind: str, ref: int, viewer: Viewer, change: Any,
                missing: str | Msg | None = None) -> Pending:
        """Change entry ``ref`` without entering it (a scan's card: its name, its seat, left
        out), as its :class:`PartedInput`'s ``amend`` says; the entry as it is now."""
        if viewer.role == "watcher":
            raise Forbidden(msg("watchers cannot {what}: claim a seat with the join code",
                                what=self._correct_what(kind)))
        pending = self.find(game_pk, kind, ref, missing)
        handler = self._inputs[kind]
        if not isinstance(handler, PartedInput):
            raise UnreadableInput(f"a pending {kind} is corrected as it is confirmed")
        return self.update(handler.amend(pending, viewer, change))

    @staticmethod
    def _confirm_what(kind: str) -> Msg:
        """"enter dice" in a watcher's refusal ("enter a tableau" for a scan)."""
        return msg("enter a tableau") if kind == "scan" else msg("enter dice")

    def _correct_what(self, kind: str) -> str | Msg:
        """"correct a scan" in a watcher's refusal (another kind: its ``noun``, in English)."""
        if kind == "scan":
            return msg("correct a scan")
        return "correct " + (self._inputs[kind].noun if kind in self._inputs else f"a {kind}")

    def _dismiss_what(self, kind: str) -> str | Msg:
        """"dismiss a roll" in a watcher's refusal, a message for the desk's own kinds (each
        language builds its own phrase); an input of another kind: its ``noun``, in English."""
        if kind == "roll":
            return msg("dismiss a roll")
        if kind == "icon":
            return msg("dismiss a reading")
        if kind == "scan":
            return msg("dismiss a scan")
        return "dismiss " + (self._inputs[kind].noun if kind in self._inputs else f"a {kind}")

    def dismiss(self, game_pk: int, kind: str, ref: int, viewer: Viewer,
                missing: str | Msg | None = None) -> None:
        """Forget entry ``ref`` (the dice are rolled again or tapped in instead)."""
        if viewer.role == "watcher":
            raise Forbidden(msg("watchers cannot {what}: claim a seat with the join code",
                                what=self._dismiss_what(kind)))
        pending = self.find(game_pk, kind, ref, missing)
        self.drop(game_pk, kind, pending.slot, ref)

    def to_json(self, game_pk: int) -> list[JSON]:
        """The game's pending inputs as every screen sees them (the ``pending`` event), each
        with its input's :meth:`Input.detail`."""
        return [p.to_json(self._detail(p)) for p in self.held(game_pk)]

    def _detail(self, pending: Pending) -> JSON | None:
        handler = self._inputs.get(pending.kind)
        detail = getattr(handler, "detail", None)
        if detail is not None:
            return detail(pending)
        reading = pending.reading
        return reading.to_json() if hasattr(reading, "to_json") else None

    # -- inside ------------------------------------------------------------------------------

    def _keep_reason(self, pending: Pending, reason: str) -> None:
        """Keep the refusal's ``reason`` on ``pending`` (also on the input's own reading, when
        it has a ``reason`` field)."""
        reading = pending.reading
        if hasattr(reading, "reason"):
            reading = replace(reading, reason=reason)
        with suppress(NotFound):  # dismissed or replaced meanwhile: nothing to keep
            self.update(replace(pending, reason=reason, reading=reading))

    def _changed(self, game_pk: int) -> None:
        if self.on_change is None:
            return
        try:
            self.on_change(game_pk)
        except Exception:  # a closing session: nobody listens any more
            log.debug("could not wake the live streams", exc_info=True)
