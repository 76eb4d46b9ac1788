"""The session: the single writer between every input and the durable log.

``Session(log)`` starts one writer thread. Every change (create a game, claim a seat, an
action, undo, redo, correct, import) is a job on its queue; the caller waits for the outcome.
For an intent the writer (1) reads and authorizes it (:mod:`companion.session.access`),
(2) lets the engine validate it through the history (:mod:`companion.session.history`),
(3) commits one log entry (:mod:`companion.session.log`, fsynced), and only then (4) publishes
the new immutable state and wakes the subscribers. A refused intent raises, with the state
untouched: :class:`UnreadableInput` (400), :class:`IllegalAction` (409), :class:`Forbidden`
(403), :class:`NotFound` (404).

Reads (:meth:`Session.snapshot`, :meth:`Subscription.get`, :meth:`Session.list_games`,
:meth:`Session.authenticate`) run in the caller's thread from published immutable data or the
log; they wait for the writer only to load a game the first time (replaying its log).

See ``docs/INTERNALS.md`` for the interface and ``docs/API.md`` for the snapshot.
"""

from __future__ import annotations

import hmac
import itertools
import logging
import queue
import sqlite3
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from companion.games import find_game
from companion.games.base import (
    JSON,
    Game,
    IllegalAction,
    Message,
    PlayerSpec,
    UnreadableInput,
    check_players,
)
from companion.games.registry import UnknownGame
from companion.i18n import SOURCE, Msg, msg, nmsg
from companion.session import history as hist
from companion.session.access import (
    HOST,
    TABLE,
    WATCHER,
    Viewer,
    authorize,
    private_seat,
    require_host,
    seat_viewer,
    sees,
)
from companion.session.errors import (
    Forbidden,
    NotFound,
    SeatTaken,
    SessionClosed,
    TooManyAttempts,
    unknown_game_reason,
)
from companion.session.log import GameLog, GameRow, NewEntry, NewGame, normalise_join_code
from companion.session.once import Once, check_once
from companion.session.records import (
    GameFinder,
    load_record,
    record_fingerprint,
    record_to_json,
    replay_record,
)
from companion.session.snapshot import Item, Published, conflict_json, snapshot
from companion.session.sources import DEFAULT_ROLL_SOURCE, check_roll_source
from companion.session.summary import summary_message
from companion.session.throttle import JoinThrottle

__all__ = [
    "HOST",
    "TABLE",
    "WATCHER",
    "Act",
    "Correct",
    "Created",
    "Imported",
    "Intent",
    "Outcome",
    "Redo",
    "Session",
    "Subscription",
    "Undo",
    "Viewer",
    "seat_viewer",
]

logger = logging.getLogger(__name__)
T = TypeVar("T")


# -- intents and answers ----------------------------------------------------------------------


@dataclass(frozen=True)
class Act:
    """Send an action (its JSON, ``{"kind": ...}``)."""

    action: Any


@dataclass(frozen=True)
class Undo:
    """Revert the last change (host only)."""


@dataclass(frozen=True)
class Redo:
    """Re-apply the last undone change (host only)."""


@dataclass(frozen=True)
class Correct:
    """Replace the action at ``index`` with ``action`` (JSON) and re-check the rest (host)."""

    index: Any
    action: Any


Intent = Act | Undo | Redo | Correct


@dataclass(frozen=True)
class Outcome:
    """An accepted intent: the game's new version, the engine's events (JSON) and, for a
    correction, the actions it set aside (``[{"index", "action", "reason"}]``)."""

    version: int
    events: list[JSON] = field(default_factory=list)
    conflicts: list[JSON] = field(default_factory=list)
    accepted: bool = True


@dataclass(frozen=True)
class Created:
    """A new game: its id, the host token (shown once) and the join code."""

    game_pk: int
    host_token: str
    join_code: str


@dataclass(frozen=True)
class Imported:
    """One record of an import (:meth:`Session.import_records`): the game it is stored as, its
    title and number of actions, and the new game's host token (shown once); ``host_token``
    is ``None`` when the record had been imported before and ``game_pk`` is that game."""

    game_pk: int
    game: str
    actions: int
    host_token: str | None

    @property
    def already_imported(self) -> bool:
        """Whether the record had been imported before (nothing was stored for it)."""
        return self.host_token is None


# -- subscriptions ----------------------------------------------------------------------------


class Subscription:
    """Snapshots of one game for one viewer, one per committed change, latest first.

    The writer only marks the subscription as behind and wakes it (it never blocks on a slow
    reader); :meth:`get` builds the snapshot of the newest version in the reader's thread, so
    changes that arrive faster than a reader reads are coalesced into the latest one. The first
    :meth:`get` answers at the first change after :meth:`Session.subscribe` (take the current
    snapshot with :meth:`Session.snapshot`). A change is any publication: a committed entry (a
    new version) or a change of the game's settings such as its roll source (same version).
    """

    def __init__(self, session: Session, game_pk: int, viewer: Viewer, revision: int,
                 lang: str = SOURCE) -> None:
        self.game_pk = game_pk
        self.viewer = viewer
        #: The language of the snapshots' history lines (the reader's device, issue 26).
        self.lang = lang
        self._session = session
        self._cond = threading.Condition()
        self._seen = revision
        self._latest = revision
        self._closed = False
        self._poked = False
        #: Whether :meth:`get` also returns (``None``) at a :meth:`poke` (the live stream's
        #: thread, which then looks at :meth:`take_poke`).
        self.wake_on_poke = False
        #: Called after each change and on :meth:`close` (in the writer's or the closer's
        #: thread; it must not block): how the stream hub (``web/stream_hub.py``) learns that
        #: :meth:`get` has something, without a thread waiting in it.
        self.on_change: Callable[[], None] | None = None

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def revision(self) -> int:
        """The revision of the last snapshot :meth:`get` returned (a cache key for it)."""
        return self._seen

    def get(self, timeout: float | None = None) -> JSON | None:
        """The snapshot after the next change(s); ``None`` on timeout, once closed, or at a
        :meth:`poke` with no new snapshot when :attr:`wake_on_poke` (see :meth:`take_poke`)."""
        with self._cond:
            ready = self._cond.wait_for(
                lambda: self._closed or self._latest > self._seen
                or (self._poked and self.wake_on_poke), timeout)
            if not ready or self._closed or self._latest <= self._seen:
                return None
        pub = self._session._published[self.game_pk]
        self._seen = pub.revision
        return snapshot(pub, self.viewer, self.lang)

    def close(self) -> None:
        """Stop receiving; a waiting :meth:`get` returns ``None`` (idempotent)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._session._unsubscribe(self)
        self._notify()

    def poke(self) -> None:
        """Something outside the game's log changed (a table device's state: the dice tower's
        pending roll, link or hold; issue 24 item 10): wake the reader without a new snapshot;
        it learns it from :meth:`take_poke`."""
        with self._cond:
            self._poked = True
            self._cond.notify_all()
        self._notify()

    def take_poke(self) -> bool:
        """Whether :meth:`poke` was called since the last look (and forget it)."""
        with self._cond:
            poked, self._poked = self._poked, False
        return poked

    def _wake(self, revision: int) -> None:
        with self._cond:
            self._latest = max(self._latest, revision)
            self._cond.notify_all()
        self._notify()

    def _notify(self) -> None:
        callback = self.on_change
        if callback is not None:
            callback()

    def __enter__(self) -> Subscription:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# -- the writer -------------------------------------------------------------------------------


@dataclass
class _Job:
    run: Callable[[], Any]
    done: threading.Event = field(default_factory=threading.Event)
    result: Any = None
    error: BaseException | None = None


@dataclass
class _Runtime:
    """A loaded game, owned by the writer thread."""

    row: GameRow
    game: Game
    players: tuple[PlayerSpec, ...]
    history: hist.History
    version: int
    items: dict[Message, Item] = field(default_factory=dict)
    #: Seats a device holds (see :meth:`Session.claim_seat`).
    claimed: frozenset[int] = frozenset()


class Session:
    """The single writer (see the module docstring). ``find`` looks up engines by id."""

    def __init__(self, log: GameLog, find: GameFinder = find_game) -> None:
        self.log = log
        self._find = find
        self._queue: queue.Queue[_Job | None] = queue.Queue()
        self._join_throttle = JoinThrottle()
        self._runtimes: dict[int, _Runtime] = {}
        self._published: dict[int, Published] = {}
        self._subs: dict[int, set[Subscription]] = {}
        self._subs_lock = threading.Lock()
        self._revisions = itertools.count(1)  # numbers every publication (writer thread only)
        self._closing = threading.Lock()
        self._closed = False
        self._thread = threading.Thread(
            target=self._run, name="companion-session-writer", daemon=True
        )
        self._thread.start()

    # -- lifecycle --------------------------------------------------------------------------

    def close(self) -> None:
        """Finish queued jobs, stop the writer and end every subscription (idempotent)."""
        with self._closing:
            if self._closed:
                return
            self._closed = True
            self._queue.put(None)
        if threading.current_thread() is not self._thread:
            self._thread.join()
        with self._subs_lock:
            subs = [s for group in self._subs.values() for s in group]
        for sub in subs:
            sub.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            try:
                job.result = job.run()
            except BaseException as exc:  # handed to the caller, who raises it
                job.error = exc
            finally:
                job.done.set()

    def _call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` on the writer thread and return its result (or raise its error)."""
        if threading.current_thread() is self._thread:
            return fn()
        job = _Job(fn)
        with self._closing:
            if self._closed:
                raise SessionClosed("the session is closed")
            self._queue.put(job)
        job.done.wait()
        if job.error is not None:
            raise job.error
        result: T = job.result
        return result

    # -- games ------------------------------------------------------------------------------

    def create_game(
        self,
        game_id: str,
        players: Sequence[PlayerSpec | JSON | str],
        options: Mapping[str, Any] | None = None,
        roll_source: str = DEFAULT_ROLL_SOURCE,
        once: Once | None = None,
    ) -> Created:
        """Validate through the engine (title, players, options, setup) and commit a new game.

        ``roll_source`` is where its dice come from (:mod:`companion.session.sources`). With
        ``once`` (an idempotency key, :mod:`companion.session.once`) a key answered before
        creates nothing and raises :class:`~companion.session.once.Replayed` (or
        :class:`~companion.session.once.KeyReused`); else its answer is stored with the game.
        Raises :class:`UnreadableInput` (unknown title, option or roll source, bad player
        entry) or :class:`IllegalAction` (player count, repeated names, a setup the rules
        refuse, a dice device for a title without dice).
        """
        game = self._game(game_id)
        check_roll_source(game.info.id, roll_source)
        specs = tuple(p if isinstance(p, PlayerSpec) else PlayerSpec.from_json(p)
                      for p in players)
        check_players(game.info, specs)
        if options is not None and not isinstance(options, Mapping):
            raise UnreadableInput(msg("'{name}' must be a JSON object", name="options"))
        resolved = game.info.resolve_options(options)
        initial = game.setup(specs, resolved)

        def keep_answer(db: sqlite3.Connection, game_pk: int, token: str, code: str) -> None:
            assert once is not None
            self.log.store_answer(db, once.scope, once.key, once.stored(
                Created(game_pk, token, code)))

        def write() -> Created:
            check_once(self.log, once)
            row, token = self.log.create_game(
                game.info.id, resolved, [p.to_json() for p in specs],
                status=_status(game, initial), round=_round(initial), roll_source=roll_source,
                with_commit=None if once is None else keep_answer,
            )
            runtime = _Runtime(row, game, specs, hist.History(game, initial), 0)
            self._runtimes[row.id] = runtime
            self._publish(runtime)
            return Created(row.id, token, row.join_code)

        return self._call(write)

    def list_games(self) -> list[JSON]:
        """Every stored game, newest first: ``{"id", "game", "players", "status", "created",
        "updated", "round"}``."""
        return [row.to_json() for row in self.log.games()]

    def authenticate(self, game_pk: int, token: str | None) -> Viewer:
        """Who ``token`` is in game ``game_pk``; a missing or unknown token is a watcher.

        :class:`NotFound` when there is no such game.
        """
        role, seat = self.log.role_of(game_pk, token)
        if role == "host":
            return HOST
        if role == "seat":
            assert seat is not None
            return seat_viewer(seat)
        return WATCHER

    def claim_seat(
        self, game_pk: int, join_code: str, seat: int, client: str = "",
        token: str | None = None,
    ) -> str:
        """A new seat token for ``seat`` given the game's join code.

        A seat held by a device is not handed to another: :class:`SeatTaken` until the host
        or that device releases it (:meth:`release_seat`). The device that holds it may join
        it again (a reload): with its own seat ``token`` the answer is that token.

        :class:`Forbidden` for a wrong code, :class:`UnreadableInput` for a seat that does not
        exist, :class:`NotFound` for an unknown game, :class:`TooManyAttempts` after too many
        wrong codes from ``client`` (its network address) lately, whatever the game (see
        :mod:`companion.session.throttle`).
        """
        if not isinstance(join_code, str):
            raise UnreadableInput(msg("the join code must be text"))
        if not join_code.isascii():  # stored codes are; and compare_digest takes ASCII only
            raise UnreadableInput(
                msg("a join code is written in the letters A-Z and the digits 2-9 only"))
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise UnreadableInput(msg("'{name}' must be a whole number", name="seat"))

        def write() -> str:
            row = self._opened_by(game_pk, join_code, client)
            if not 0 <= seat < len(row.players):
                raise UnreadableInput(msg("there is no seat {seat}: this game has seats 0 to "
                                          "{last}", seat=seat, last=len(row.players) - 1))
            runtime = self._runtime(game_pk)
            if seat in runtime.claimed:
                if token and self.log.role_of(game_pk, token) == ("seat", seat):
                    return token
                name = runtime.players[seat].name
                raise SeatTaken(
                    f"{name}'s seat is taken by another phone; ask the host to hand it over, "
                    "or release it on that phone"
                )
            new = self.log.add_seat_token(game_pk, seat)
            runtime.claimed = runtime.claimed | {seat}
            self._publish(runtime)
            return new

        return self._call(write)

    def check_join_code(self, game_pk: int, join_code: str, client: str = "") -> None:
        """Whether ``join_code`` opens game ``game_pk``, before any seat is chosen: nothing is
        claimed. The same refusals as :meth:`claim_seat` for the code, counted by the same
        throttle (a check is one guess)."""
        if not isinstance(join_code, str):
            raise UnreadableInput(msg("the join code must be text"))
        if not join_code.isascii():
            raise UnreadableInput(
                msg("a join code is written in the letters A-Z and the digits 2-9 only"))
        self._call(lambda: self._opened_by(game_pk, join_code, client))

    def _opened_by(self, game_pk: int, join_code: str, client: str) -> GameRow:
        """The game's row when ``join_code`` opens it (on the writer thread); a wrong code is
        counted against ``client``."""
        row = self.log.game(game_pk)
        self._check_code(client, "join codes", join_code, row.join_code,
                         msg("that join code does not open this game"))
        return row

    def _check_code(
        self, client: str, what: str, given: str, stored: str, wrong: Msg
    ) -> None:
        """Raise :class:`TooManyAttempts` while ``client`` is throttled, else
        :class:`Forbidden` (``wrong``, counted against ``client``) unless ``given`` (as typed)
        is ``stored``. Join and host codes share one throttle: a guess is a guess."""
        wait = self._join_throttle.wait_seconds(client)
        if wait > 0:
            seconds = max(1, round(wait))
            raise TooManyAttempts(
                msg("too many wrong join codes from this device; try again in {n} s", n=seconds)
                if what == "join codes" else
                msg("too many wrong host codes from this device; try again in {n} s", n=seconds),
                wait,
            )
        if not stored or not hmac.compare_digest(normalise_join_code(given), stored):
            self._join_throttle.failed(client)
            raise Forbidden(wrong)

    def claim_host(
        self, game_pk: int, host_code: str, client: str = "", once: Once | None = None
    ) -> str:
        """Move the host role to the caller's device given the game's host code: the answer is
        a new host token; the old host token and the old host code stop working at once (one
        host at a time), and the old host's open live streams end (it reconnects as a
        watcher). Seat tokens are untouched.

        Wrong codes count against ``client`` in the join codes' throttle. With ``once`` a key
        answered before hands over nothing and raises :class:`Replayed` with the first answer
        (a claim whose answer was lost can be asked again: the code it used is spent).
        :class:`Forbidden` for a wrong code, :class:`TooManyAttempts`, :class:`NotFound`,
        :class:`UnreadableInput` for a code that is not text in the code alphabet.
        """
        if not isinstance(host_code, str):
            raise UnreadableInput(msg("the host code must be text"))
        if not host_code.isascii():
            raise UnreadableInput(
                msg("a host code is written in the letters A-Z and the digits 2-9 only"))

        def keep_answer(db: sqlite3.Connection, token: str, code: str) -> None:
            assert once is not None
            self.log.store_answer(db, once.scope, once.key, once.stored(token))

        def write() -> str:
            check_once(self.log, once)
            row = self.log.game(game_pk)
            self._check_code(client, "host codes", host_code, row.host_code,
                             msg("that host code does not open this game: it is the "
                                 "8-character code on the host's screen (not the join code)"))
            token, _code = self.log.hand_over_host(
                game_pk, with_commit=None if once is None else keep_answer)
            runtime = self._runtime(game_pk)
            runtime.row = self.log.game(game_pk)
            self._close_streams(game_pk, HOST)
            self._publish(runtime)
            return token

        return self._call(write)

    def _close_streams(self, game_pk: int, viewer: Viewer) -> None:
        """End the open subscriptions of ``viewer`` in game ``game_pk`` (its credential was
        dropped: a stream opened with it must not go on showing what it saw)."""
        with self._subs_lock:
            stale = [s for s in self._subs.get(game_pk, ()) if s.viewer == viewer]
        for sub in stale:
            sub.close()

    def release_seat(self, game_pk: int, viewer: Viewer, seat: int) -> bool:
        """Free ``seat`` so that another device may claim it; every token of that seat stops
        working and its open live streams end. The host may release any seat, a seat only
        itself. ``True`` when the seat was held, ``False`` when it was free already.

        :class:`Forbidden` for anyone else, :class:`UnreadableInput` for a seat that does not
        exist, :class:`NotFound` for an unknown game.
        """
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise UnreadableInput(msg("'{name}' must be a whole number", name="seat"))
        if viewer.role != "host" and viewer != seat_viewer(seat):
            raise Forbidden(
                msg("only the host, or the phone that holds the seat, can release a seat")
            )

        def write() -> bool:
            runtime = self._runtime(game_pk)
            if not 0 <= seat < len(runtime.players):
                raise UnreadableInput(msg("there is no seat {seat}: this game has seats 0 to "
                                          "{last}", seat=seat, last=len(runtime.players) - 1))
            dropped = self.log.release_seat(game_pk, seat)
            held = seat in runtime.claimed or dropped > 0
            runtime.claimed = runtime.claimed - {seat}
            # A stream opened with a dropped token would go on showing the seat's hand.
            self._close_streams(game_pk, seat_viewer(seat))
            self._publish(runtime)
            return held

        return self._call(write)

    def new_host_token(self, game_pk: int) -> str:
        """Replace the host token of ``game_pk`` (for an operator at the console)."""
        return self._call(lambda: self.log.new_host_token(game_pk))

    def set_roll_source(self, game_pk: int, viewer: Viewer, roll_source: Any) -> str:
        """Change where game ``game_pk``'s dice come from (host only); every screen gets a new
        snapshot (same version: no action changed). Errors as :meth:`create_game`'s, plus
        :class:`Forbidden` and :class:`NotFound`."""
        require_host(viewer, msg("choose where the dice come from"))

        def write() -> str:
            runtime = self._runtime(game_pk)
            source = check_roll_source(runtime.game.info.id, roll_source)
            if source != runtime.row.roll_source:
                runtime.row = self.log.set_roll_source(game_pk, source)
                self._publish(runtime)
            return source

        return self._call(write)

    # -- intents ----------------------------------------------------------------------------

    def submit(
        self, game_pk: int, viewer: Viewer, intent: Intent, once: Once | None = None
    ) -> Outcome:
        """Queue ``intent`` and wait until it is committed (the answer) or refused (raises).

        With ``once`` (an idempotency key, :mod:`companion.session.once`) a key answered before
        applies nothing and raises :class:`~companion.session.once.Replayed` (or
        :class:`~companion.session.once.KeyReused`); else its answer commits with the entry."""
        return self._call(lambda: self._submit(game_pk, viewer, intent, once=once))

    def preview_correct(self, game_pk: int, viewer: Viewer, index: Any, action: JSON) -> JSON:
        """What :class:`Correct` ``(index, action)`` would do, with nothing changed (the host's
        correction sheet shows it before the correction is saved): ``later``, how many
        actions after ``index`` would be checked again, and ``conflicts``, those that would no
        longer hold (with the engine's reasons, as a saved correction answers them). Refused
        exactly as the correction would be."""

        def run() -> JSON:
            runtime = self._runtime(game_pk)
            if viewer.role == "watcher":
                raise Forbidden(msg("watchers cannot change the game: claim a seat with the "
                                    "join code"))
            entry = self._entry_for(runtime, viewer, Correct(index, action))
            step = runtime.history.prepare(entry)  # validates; installs nothing
            state = runtime.history.state
            return {"later": len(runtime.history) - int(index) - 1,
                    "conflicts": [conflict_json(runtime.game, state, c) for c in step.conflicts]}

        return self._call(run)

    def submit_from_view(
        self,
        game_pk: int,
        viewer: Viewer,
        build: Callable[[JSON], Any],
        with_commit: Callable[[sqlite3.Connection], None] | None = None,
    ) -> Outcome:
        """Submit ``Act(build(view))`` where ``view`` is the game's current view for the host
        (``snapshot(...)["view"]``), read and submitted on the writer thread in one step: no
        other change comes between reading what the game waits for and applying the action.
        ``build`` refuses by raising (:class:`IllegalAction`, :class:`UnreadableInput`);
        nothing changes then. Used by table devices (``companion/table/rolls.py``).

        ``with_commit(db)`` runs inside the log transaction that appends the action
        (:meth:`GameLog.append`): the device marks its roll as taken there, so the roll and
        the action commit together; when it raises, nothing is committed and it is raised."""

        def run() -> Outcome:
            self._runtime(game_pk)
            view = snapshot(self._published[game_pk], HOST)["view"]
            return self._submit(game_pk, viewer, Act(build(view)), with_commit)

        return self._call(run)

    def _submit(
        self,
        game_pk: int,
        viewer: Viewer,
        intent: Intent,
        with_commit: Callable[[sqlite3.Connection], None] | None = None,
        once: Once | None = None,
    ) -> Outcome:
        check_once(self.log, once)  # on the writer thread: no twin can slip in before commit
        runtime = self._runtime(game_pk)
        if viewer.role == "watcher":
            raise Forbidden(msg("watchers cannot change the game: claim a seat with the join "
                                "code"))
        entry = self._entry_for(runtime, viewer, intent)
        step = runtime.history.prepare(entry)
        runtime.history.install(step)
        state = runtime.history.state
        author = _author(viewer)
        events = [e.to_json() for e in step.events]
        conflicts = [conflict_json(runtime.game, state, c) for c in step.conflicts]

        def commit(db: sqlite3.Connection) -> None:
            if with_commit is not None:
                with_commit(db)
            if once is not None:
                (seq,) = db.execute(
                    "SELECT MAX(seq) FROM entries WHERE game = ?", (game_pk,)
                ).fetchone()
                self.log.store_answer(db, once.scope, once.key, once.stored(
                    Outcome(version=int(seq), events=events, conflicts=conflicts)))

        try:
            stored = self.log.append(
                game_pk, NewEntry(entry.type.value, entry.payload(), author),
                status=_status(runtime.game, state), round=_round(state),
                with_commit=commit if with_commit is not None or once is not None else None,
            )
        except BaseException:
            # Nothing was committed: forget the in-memory change, reload from the log later.
            self._runtimes.pop(game_pk, None)
            raise
        runtime.version = stored.seq
        self._publish(runtime)
        return Outcome(version=stored.seq, events=events, conflicts=conflicts)

    def _entry_for(self, runtime: _Runtime, viewer: Viewer, intent: Intent) -> hist.Entry:
        """The history entry ``intent`` asks for, read and authorized (nothing changes)."""
        game, state = runtime.game, runtime.history.state
        if isinstance(intent, Act):
            action = game.actions.from_json(intent.action)
            authorize(game, state, runtime.players, viewer, action)
            return hist.act(action)
        if isinstance(intent, Undo):
            require_host(viewer, msg("undo"))
            return hist.undo()
        if isinstance(intent, Redo):
            require_host(viewer, msg("redo"))
            return hist.redo()
        if isinstance(intent, Correct):
            require_host(viewer, msg("correct an earlier action"))
            index = intent.index
            if isinstance(index, bool) or not isinstance(index, int):
                raise UnreadableInput(msg("'{name}' must be a whole number", name="index"))
            count = len(runtime.history)
            if not 0 <= index < count:
                raise UnreadableInput(nmsg(
                    "there is no action {index} to correct (the game has {n} action, numbered "
                    "from 0)", "there is no action {index} to correct (the game has {n} actions, "
                    "numbered from 0)", count, index=index))
            action = game.actions.from_json(intent.action)
            before = runtime.history.state_at(index)
            authorize(game, before, runtime.players, viewer, action)
            old = runtime.history.action_at(index)
            if private_seat(game, old, before) is not None:
                raise Forbidden(msg("a private action can be changed only by its own seat"))
            return hist.correct(index, action)
        raise UnreadableInput(f"unknown intent {type(intent).__name__}")

    # -- reading ----------------------------------------------------------------------------

    def snapshot(self, game_pk: int, viewer: Viewer, lang: str = SOURCE) -> JSON:
        """The snapshot of ``docs/API.md`` for ``viewer``, its history lines in ``lang``
        (:class:`NotFound` if no game)."""
        return snapshot(self._published_for(game_pk), viewer, lang)

    def subscribe(self, game_pk: int, viewer: Viewer, lang: str = SOURCE) -> Subscription:
        """A :class:`Subscription` to this game's changes, seen as ``viewer``, read in
        ``lang``."""
        pub = self._published_for(game_pk)
        sub = Subscription(self, game_pk, viewer, pub.revision, lang)
        with self._subs_lock:
            if self._closed:
                sub._closed = True
            self._subs.setdefault(game_pk, set()).add(sub)
        # A change published between reading ``pub`` and registering must still wake us.
        sub._wake(self._published[game_pk].revision)
        return sub

    def poke(self, game_pk: int | None = None) -> None:
        """Wake the subscriptions of ``game_pk`` (``None``: of every game) without a new
        snapshot (:meth:`Subscription.poke`): the table devices' state changed, and the live
        streams send it (``devices`` events, ``web/live.py``). Never blocks on a reader."""
        with self._subs_lock:
            if game_pk is None:
                subs = [sub for group in self._subs.values() for sub in group]
            else:
                subs = list(self._subs.get(game_pk, ()))
        for sub in subs:
            sub.poke()

    def _unsubscribe(self, sub: Subscription) -> None:
        with self._subs_lock:
            group = self._subs.get(sub.game_pk)
            if group is not None:
                group.discard(sub)

    def export_record(self, game_pk: int, viewer: Viewer | None = None) -> JSON:
        """The game record (``docs/RECORD_FORMAT.md``) of ``game_pk``.

        With ``viewer=None`` (a backup) it holds every action; with a viewer, only the actions
        that viewer may see (the host does not get the seats' private actions). A finished
        game's record carries its ``final`` end state (``GAME.final_json``).
        """
        pub = self._published_for(game_pk)
        actions = [it.action for it in pub.items if viewer is None or sees(viewer, it.private_to)]
        meta = {"id": pub.row.id, "created": pub.row.created, "status": pub.status,
                "version": pub.version, "roll_source": pub.row.roll_source}
        final = pub.row.final
        if final is None and pub.game.is_over(pub.state):
            final = pub.game.final_json(pub.state)
        return record_to_json(pub.game.info.id, pub.row.options, pub.players, actions,
                              final=final, meta=meta)

    def import_record(self, record: Any) -> int:
        """Store the game of ``record`` (any supported format version): the one-record case
        of :meth:`import_records`. Returns the new game's id, or the id of the game the same
        record was imported as before; the host token is not kept (see
        :meth:`new_host_token`)."""
        return self.import_records([record])[0].game_pk

    def import_records(self, records: Sequence[Any]) -> list[Imported]:
        """Store the games of ``records`` (a record file: one record or a bundle) in ONE
        transaction (:meth:`GameLog.create_games`), one :class:`Imported` each, in order.

        Every record is read and replayed first: :class:`UnreadableInput` or
        :class:`IllegalAction` (naming the first illegal action) store nothing. A failure or
        a kill while storing stores nothing either; the host tokens exist only once this
        returns (after the commit). A record imported before (the same
        :func:`~companion.session.records.record_fingerprint`, here or earlier in
        ``records``) is not stored again: its :class:`Imported` names the earlier game and
        has no host token.
        """
        new_games = [self._new_game(record) for record in records]

        def write() -> list[Imported]:
            stored = self.log.create_games(new_games)
            return [Imported(kept.row.id, new.game, len(new.entries), kept.host_token)
                    for new, kept in zip(new_games, stored, strict=True)]

        return self._call(write)

    def _new_game(self, record: Any) -> NewGame:
        """The checked game of an imported ``record`` (read and replayed), with its
        fingerprint."""
        loaded = load_record(record, self._find)
        replayed = replay_record(loaded)
        return NewGame(
            loaded.game.info.id, loaded.options, [p.to_json() for p in loaded.players],
            entries=[NewEntry("act", hist.act(a).payload(), "import") for a in loaded.actions],
            status=_status(loaded.game, replayed.state), round=_round(replayed.state),
            final=loaded.final, roll_source=_imported_roll_source(loaded.game, loaded.meta),
            fingerprint=record_fingerprint(record),
        )

    # -- the writer's own state -------------------------------------------------------------

    def _published_for(self, game_pk: int) -> Published:
        pub = self._published.get(game_pk)
        if pub is None:
            self._call(lambda: self._runtime(game_pk))
            pub = self._published[game_pk]
        return pub

    def _runtime(self, game_pk: int) -> _Runtime:
        """The loaded game (writer thread only): replays the log the first time."""
        runtime = self._runtimes.get(game_pk)
        if runtime is None:
            runtime = self._load(game_pk)
            self._runtimes[game_pk] = runtime
            self._publish(runtime)
        return runtime

    def _load(self, game_pk: int) -> _Runtime:
        row = self.log.game(game_pk)
        game = self._game(row.game)
        players = tuple(PlayerSpec.from_json(p) for p in row.players)
        initial = game.setup(players, row.options)
        stored = self.log.entries(game_pk)
        history = hist.fold(game, initial, _decode(game, game_pk, stored))
        version = stored[-1].seq if stored else 0
        return _Runtime(row, game, players, history, version,
                        claimed=self.log.claimed_seats(game_pk))

    def _publish(self, runtime: _Runtime) -> None:
        """Share the runtime's committed state with readers and wake the subscribers."""
        h = runtime.history
        pub = Published(
            row=runtime.row,
            game=runtime.game,
            players=runtime.players,
            version=runtime.version,
            status=_status(runtime.game, h.state),
            state=h.state,
            items=tuple(self._item(runtime, a) for a in h.actions),
            can_undo=h.can_undo,
            can_redo=h.can_redo,
            conflicts=h.conflicts,
            revision=next(self._revisions),
            claimed=runtime.claimed,
        )
        self._published[runtime.row.id] = pub
        with self._subs_lock:
            subs = list(self._subs.get(runtime.row.id, ()))
        for sub in subs:
            sub._wake(pub.revision)

    @staticmethod
    def _item(runtime: _Runtime, action: Message) -> Item:
        item = runtime.items.get(action)
        if item is None:
            private = private_seat(runtime.game, action, runtime.history.initial)
            item = Item(action, action.to_json(), summary_message(runtime.game, action), private)
            runtime.items[action] = item
        return item

    def _game(self, game_id: str) -> Game:
        if not isinstance(game_id, str):
            raise UnreadableInput(msg("'{name}' must be a title id such as {example}", name="game",
                                      example="'sushi-express'"))
        try:
            return self._find(game_id)
        except UnknownGame as exc:
            raise UnreadableInput(unknown_game_reason(exc.reason)) from None


def _author(viewer: Viewer) -> str:
    """The log's ``author`` of a change: ``host``, ``seat:N`` or ``table`` (a device)."""
    if viewer.role == "seat":
        return f"seat:{viewer.seat}"
    return viewer.role


def _status(game: Game, state: Any) -> str:
    return "over" if game.is_over(state) else "playing"


def _round(state: Any) -> int | None:
    value = getattr(state, "round", None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _imported_roll_source(game: Game, meta: JSON | None) -> str:
    """The roll source an exported record's ``meta`` names, when this title takes it; else
    the default (``meta`` is free-form: a record from elsewhere may say anything there)."""
    source = (meta or {}).get("roll_source", DEFAULT_ROLL_SOURCE)
    try:
        return check_roll_source(game.info.id, source)
    except (UnreadableInput, IllegalAction):
        return DEFAULT_ROLL_SOURCE


def _decode(game: Game, game_pk: int, stored: Iterable[Any]) -> list[hist.Entry]:
    """Log rows as history entries; a row the engine can no longer read is skipped (logged)."""
    entries = []
    for row in stored:
        try:
            entries.append(hist.entry_from_json(game, row.type, row.payload))
        except UnreadableInput as exc:
            logger.warning("game %s entry %s skipped on replay: %s", game_pk, row.seq, exc.reason)
    return entries


# Re-exported for callers that catch errors from the session module.
__all__ += ["Forbidden", "IllegalAction", "NotFound", "SessionClosed", "UnreadableInput"]
