"""Pure history: log entries folded into the effective action list, with undo, redo and correct.

Entry types (``docs/INTERNALS.md``):

* ``act``: append an action (it must be legal in the current state). Clears redo.
* ``undo``: revert the last applied *change*, whether it was an ``act`` or a ``correct``.
* ``redo``: re-apply the change the last ``undo`` reverted (only until a new act or correct).
* ``correct``: replace the action at ``index`` with another one, which must itself be legal at
  that position. Every later action is then re-validated by replaying it in order: those that
  still hold stay (in their order), those that no longer hold are *set aside* and reported as
  :class:`Conflict` (original index, action, the rule's reason). Clears redo. Undoing a
  correction brings back exactly the list it replaced, set-aside actions included.

:attr:`History.conflicts` lists the actions set aside by every correction still in effect
(oldest first), plus entries the current rules refuse when an old log is replayed.

Determinism: the engine is pure, so folding the same entries over the same initial state
always gives the same actions, states and conflicts; replay at start-up rebuilds exactly the
state the live session had.

Cost: ``states[k]`` (the state after ``k`` actions) is cached, so an act, an undo or a redo is
one engine call at most; only a correction replays, from its index on.

:meth:`History.prepare` validates an entry without changing anything and returns a
:class:`Step`; :meth:`History.install` applies it. The session commits the entry to the log
between the two, so the in-memory history never runs ahead of the durable one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.games.base import JSON, Game, IllegalAction, Message, UnreadableInput
from companion.i18n import msg, nmsg


class EntryType(StrEnum):
    """What a log entry does to the history."""

    ACT = "act"
    UNDO = "undo"
    REDO = "redo"
    CORRECT = "correct"


@dataclass(frozen=True)
class Entry:
    """A decoded log entry: ``action`` for act/correct, ``index`` for correct."""

    type: EntryType
    action: Message | None = None
    index: int | None = None

    def payload(self) -> JSON:
        """The JSON stored in the log's ``payload`` column (pair of :func:`entry_from_json`)."""
        out: JSON = {}
        if self.index is not None:
            out["index"] = self.index
        if self.action is not None:
            out["action"] = self.action.to_json()
        return out


def act(action: Message) -> Entry:
    return Entry(EntryType.ACT, action)


def undo() -> Entry:
    return Entry(EntryType.UNDO)


def redo() -> Entry:
    return Entry(EntryType.REDO)


def correct(index: int, action: Message) -> Entry:
    return Entry(EntryType.CORRECT, action, index)


def entry_from_json(game: Game, type_: str, payload: Any) -> Entry:
    """Decode a stored entry; :class:`UnreadableInput` when it cannot be read."""
    try:
        kind = EntryType(type_)
    except ValueError:
        raise UnreadableInput(f"unknown history entry type {type_!r}") from None
    if not isinstance(payload, dict):
        raise UnreadableInput("a history entry's payload must be a JSON object")
    if kind in (EntryType.UNDO, EntryType.REDO):
        return Entry(kind)
    action = game.actions.from_json(payload.get("action"))
    if kind is EntryType.ACT:
        return Entry(kind, action)
    index = payload.get("index")
    if isinstance(index, bool) or not isinstance(index, int):
        raise UnreadableInput("a correction needs a whole-number 'index'")
    return Entry(kind, action, index)


@dataclass(frozen=True)
class Conflict:
    """An action a correction set aside: where it was, what it was, why it no longer holds."""

    index: int
    action: Message
    reason: str

    def to_json(self) -> JSON:
        return {"index": self.index, "action": self.action.to_json(), "reason": self.reason}


@dataclass(frozen=True)
class _Act:
    action: Message
    state: Any
    events: tuple[Message, ...]


@dataclass(frozen=True)
class _Correct:
    index: int
    old_actions: tuple[Message, ...]
    old_states: tuple[Any, ...]
    new_actions: tuple[Message, ...]
    new_states: tuple[Any, ...]
    events: tuple[Message, ...]
    conflicts: tuple[Conflict, ...]


_Change = _Act | _Correct


@dataclass(frozen=True)
class Step:
    """A validated entry, ready for :meth:`History.install` on the history that prepared it.

    ``events`` are the engine's events of the newly applied action (act, correct, redo of an
    act); ``conflicts`` what a correction set aside.
    """

    entry: Entry
    events: tuple[Message, ...]
    conflicts: tuple[Conflict, ...]
    _change: _Change
    _stamp: int


@dataclass
class History:
    """The effective actions of one game and the states after each (see the module doc)."""

    game: Game
    initial: Any
    _actions: list[Message] = field(default_factory=list)
    _states: list[Any] = field(default_factory=list)
    _undo: list[_Change] = field(default_factory=list)
    _redo: list[_Change] = field(default_factory=list)
    _replay_conflicts: list[Conflict] = field(default_factory=list)
    _corrections: list[_Correct] = field(default_factory=list)
    _stamp: int = 0

    def __post_init__(self) -> None:
        self._states = [self.initial]

    # -- reading ----------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The state after every effective action."""
        return self._states[-1]

    def state_at(self, index: int) -> Any:
        """The state before action ``index`` (``state_at(len(self))`` is :attr:`state`)."""
        return self._states[index]

    @property
    def actions(self) -> tuple[Message, ...]:
        """The effective actions, in order."""
        return tuple(self._actions)

    def action_at(self, index: int) -> Message:
        """The effective action ``index``."""
        return self._actions[index]

    def __len__(self) -> int:
        return len(self._actions)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def conflicts(self) -> tuple[Conflict, ...]:
        """Actions set aside by the corrections in effect (and refused on replay)."""
        found = list(self._replay_conflicts)
        for change in self._corrections:
            found.extend(change.conflicts)
        return tuple(found)

    # -- changing ---------------------------------------------------------------------------

    def apply(self, entry: Entry) -> Step:
        """Validate and install ``entry`` at once (what replay does)."""
        step = self.prepare(entry)
        self.install(step)
        return step

    def prepare(self, entry: Entry) -> Step:
        """Validate ``entry`` against the current history without changing it.

        Raises :class:`IllegalAction` (against the rules, nothing to undo or redo) or
        :class:`UnreadableInput` (a correction index that does not exist).
        """
        if entry.type is EntryType.ACT:
            assert entry.action is not None
            state, events = self.game.apply(self.state, entry.action)
            return Step(entry, events, (), _Act(entry.action, state, events), self._stamp)
        if entry.type is EntryType.UNDO:
            if not self._undo:
                raise IllegalAction(msg("there is nothing to undo"))
            return Step(entry, (), (), self._undo[-1], self._stamp)
        if entry.type is EntryType.REDO:
            if not self._redo:
                raise IllegalAction(msg("there is nothing to redo"))
            change = self._redo[-1]
            return Step(entry, change.events, (), change, self._stamp)
        return self._prepare_correct(entry)

    def install(self, step: Step) -> None:
        """Apply a step from :meth:`prepare`; the history must not have changed since."""
        if step._stamp != self._stamp:
            raise RuntimeError("this step was prepared for an older history")
        self._stamp += 1
        kind = step.entry.type
        if kind is EntryType.UNDO:
            self._revert(self._undo.pop())
            self._redo.append(step._change)
            return
        if kind is EntryType.REDO:
            self._redo.pop()
        else:
            self._redo.clear()
        self._perform(step._change)
        self._undo.append(step._change)

    def _prepare_correct(self, entry: Entry) -> Step:
        index, action = entry.index, entry.action
        assert index is not None and action is not None
        if not 0 <= index < len(self._actions):
            raise UnreadableInput(nmsg(
                "there is no action {index} to correct (the game has {n} action, numbered "
                "from 0)", "there is no action {index} to correct (the game has {n} actions, "
                "numbered from 0)", len(self._actions), index=index))
        state, events = self.game.apply(self._states[index], action)
        kept: list[Message] = [action]
        states: list[Any] = [state]
        conflicts: list[Conflict] = []
        for later_index in range(index + 1, len(self._actions)):
            later = self._actions[later_index]
            try:
                state, _events = self.game.apply(state, later)
            except IllegalAction as exc:
                conflicts.append(Conflict(later_index, later, exc.reason))
                continue
            kept.append(later)
            states.append(state)
        change = _Correct(
            index=index,
            old_actions=tuple(self._actions[index:]),
            old_states=tuple(self._states[index + 1:]),
            new_actions=tuple(kept),
            new_states=tuple(states),
            events=events,
            conflicts=tuple(conflicts),
        )
        return Step(entry, events, change.conflicts, change, self._stamp)

    def _perform(self, change: _Change) -> None:
        if isinstance(change, _Act):
            self._actions.append(change.action)
            self._states.append(change.state)
        else:
            self._actions[change.index:] = change.new_actions
            self._states[change.index + 1:] = change.new_states
            self._corrections.append(change)

    def _revert(self, change: _Change) -> None:
        if isinstance(change, _Act):
            self._actions.pop()
            self._states.pop()
        else:
            self._actions[change.index:] = change.old_actions
            self._states[change.index + 1:] = change.old_states
            self._corrections.pop()


def fold(game: Game, initial: Any, entries: Iterable[Entry]) -> History:
    """The history that ``entries`` build over ``initial``.

    An entry that the rules refuse on replay (only possible when the engine's rules changed
    since it was logged) is skipped: an ``act`` or ``correct`` is kept in
    :attr:`History.conflicts` with its reason, an impossible ``undo``/``redo`` is ignored.
    """
    history = History(game, initial)
    for entry in entries:
        try:
            history.apply(entry)
        except (IllegalAction, UnreadableInput) as exc:
            if entry.action is not None:
                position = len(history) if entry.index is None else entry.index
                history._replay_conflicts.append(
                    Conflict(position, entry.action, f"refused on replay: {exc.reason}")
                )
    return history


def replay_actions(game: Game, initial: Any, actions: Sequence[Message]) -> History:
    """A history of plain acts; raises :class:`IllegalAction` at the first illegal one."""
    history = History(game, initial)
    for action in actions:
        history.apply(act(action))
    return history
