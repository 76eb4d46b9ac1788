"""What the box's buttons do to the game on the table, as intents through the session.

:class:`TableButtons` maps ``(button, press)`` to one intent, submitted through the session's
queue like a phone's (``Session.submit`` / ``submit_from_view``; the roll desk's confirm for a
pending roll), and answers with the :class:`~companion.devices.feedback.Signal` to show:
:attr:`Signal.ACCEPTED` (or :attr:`Signal.SCAN_DONE`) when it went through,
:attr:`Signal.REJECTED` with the reason when it makes no sense now (the reason is logged; the
tablet shows the game as it is).

| button  | short press                          | long press (held 1 s)            |
|---------|--------------------------------------|----------------------------------|
| confirm | confirm the pending roll             | dismiss it (the dice are rolled again) |
| scan    | ask the camera to read the table     | same                             |
| undo    | undo the last change                 | redo                             |
| next    | advance the phase (:func:`next_step`) | same                            |

*The table's game* is the game changed last that is not over (:func:`table_game`). Whoever
can press the box's buttons sits at the table, so they act with the host's authority for undo,
redo and "next" (the log's author is ``host``), and as the table device for a roll confirm.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.devices.feedback import Signal
from companion.devices.presses import LONG, Press
from companion.games.base import JSON, IllegalAction, StepNeed, UnreadableInput
from companion.games.registry import find_game
from companion.i18n import msg
from companion.session.access import HOST, TABLE
from companion.session.errors import Forbidden, NotFound, SessionClosed
from companion.session.session import Redo, Session, Undo
from companion.table.rolls import RollDesk

log = logging.getLogger(__name__)

BUTTONS = ("confirm", "scan", "undo", "next")
#: Errors that mean "not now" rather than a broken service.
REFUSALS = (IllegalAction, UnreadableInput, Forbidden, NotFound, SessionClosed)

#: A camera scan: returns what it read, in words; raises to refuse (no camera, nothing seen).
Scanner = Callable[[], str]


@dataclass(frozen=True)
class Answer:
    """What a press did: the signal to show and a sentence for the log and the status."""

    signal: Signal
    message: str

    @property
    def accepted(self) -> bool:
        return self.signal is not Signal.REJECTED


class Refused(Exception):
    """A press that makes no sense now; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# -- "next": how a game advances ------------------------------------------------------------


def next_step(title: str, view: JSON) -> JSON | None:
    """The action the ``next`` button takes in a game of ``title`` whose host view is ``view``:
    the engine's first :class:`~companion.games.base.StepNeed` (Sushi Express: the roller gives
    up after a failed last try), built by the engine; ``None`` when there is nothing to
    advance (the Sushi Go family's phases move on by themselves)."""
    game = find_game(title)
    for need in game.needs(view):
        if isinstance(need, StepNeed):
            return game.action_for(need, None).to_json()
    return None


# -- the buttons -----------------------------------------------------------------------------


def table_game(session: Session) -> tuple[int, str] | None:
    """The game on the table: ``(id, title)`` of the game changed last that is not over."""
    games = [g for g in session.list_games() if g.get("status") != "over"]
    if not games:
        return None
    newest = max(games, key=lambda g: (str(g.get("updated")), g["id"]))
    return int(newest["id"]), str(newest["game"])


class TableButtons:
    """Presses -> intents -> :class:`Answer` (see the module docstring)."""

    def __init__(self, session: Session, desk: RollDesk | None = None,
                 scanner: Scanner | None = None) -> None:
        self.session = session
        self.desk = desk
        self.scanner = scanner

    def press(self, button: str, press: Press) -> Answer:
        """Do what ``button`` means for ``press``; never raises for a refusal."""
        handlers: dict[str, Callable[[Press], Answer]] = {
            "confirm": self._confirm, "scan": self._scan, "undo": self._undo, "next": self._next,
        }
        handler = handlers.get(button)
        if handler is None:
            return Answer(Signal.REJECTED, f"there is no button {button!r}")
        try:
            answer = handler(press)
        except Refused as exc:
            answer = Answer(Signal.REJECTED, exc.reason)
        except REFUSALS as exc:
            answer = Answer(Signal.REJECTED, str(getattr(exc, "reason", exc)))
        log.info("button %s (%s): %s", button, press.value, answer.message)
        return answer

    def _game(self) -> tuple[int, str]:
        found = table_game(self.session)
        if found is None:
            raise Refused("there is no game in play: start one on the tablet")
        return found

    def _confirm(self, press: Press) -> Answer:
        game_pk, _title = self._game()
        if self.desk is None:
            raise Refused("this companion reads no dice: there is nothing to confirm")
        pending = self.desk.pending(game_pk)
        if not pending:
            raise Refused("no roll waits for a confirm")
        roll = pending[0]
        if press is LONG:
            self.desk.dismiss(game_pk, roll.roll.ref, TABLE)
            return Answer(Signal.ACCEPTED, f"roll {list(roll.roll.values)} dismissed: roll again")
        self.desk.confirm(game_pk, roll.roll.ref, TABLE)
        return Answer(Signal.ACCEPTED, f"roll {list(roll.roll.values)} confirmed")

    def _scan(self, press: Press) -> Answer:
        if self.scanner is None:
            raise Refused("there is no camera scan in this companion: enter cards on the tablet")
        try:
            seen = self.scanner()
        except REFUSALS:
            raise
        except Exception as exc:  # a camera fault is reported, not raised into the GPIO thread
            raise Refused(f"the scan failed: {exc}") from None
        return Answer(Signal.SCAN_DONE, f"scan done: {seen}")

    def _undo(self, press: Press) -> Answer:
        game_pk, _title = self._game()
        intent: Any = Redo() if press is LONG else Undo()
        outcome = self.session.submit(game_pk, HOST, intent)
        what = "redone" if press is LONG else "undone"
        return Answer(Signal.ACCEPTED, f"last change {what} (version {outcome.version})")

    def _next(self, press: Press) -> Answer:
        game_pk, title = self._game()

        def build(view: JSON) -> JSON:
            action = next_step(title, view)
            if action is None:
                raise IllegalAction(msg("there is no phase to advance now: see the tablet"))
            return action

        outcome = self.session.submit_from_view(game_pk, HOST, build)
        return Answer(Signal.ACCEPTED, f"phase advanced (version {outcome.version})")
