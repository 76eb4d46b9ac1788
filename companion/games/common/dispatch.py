"""``apply`` as a table of handlers by action type (and mode), and the ``mode`` setup option.

Every title's ``rules`` module builds its ``apply`` here: :func:`dispatching` finds the handler
for the action's type, runs it, then lets the title settle what the rules do on their own.
Sushi Go!, Sushi Go Party! and Sushi Roll follow a game in the same modes (``scoring``: the
table enters what each player has at round end; ``turns``: every turn as it happens;
``simulation``: a known deck or seeded rolls, for tests and benchmarks). Each title's ``rules``
module lists, for every action type, its handler and the modes that use it, and builds its
``apply`` with :func:`make_apply`.

A handler ``(state, action, events) -> state`` validates ``action``, raises
:class:`~companion.games.base.IllegalAction` when the rules forbid it, appends what happened to
``events`` and returns a new frozen state; it never mutates the state given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, Protocol, TypeVar

from companion.games.base import IllegalAction, Message, OptionSpec, UnreadableInput
from companion.i18n import N_


class HasMode(Protocol):
    """A state that knows the mode its game is followed in."""

    @property
    def mode(self) -> Any: ...


S = TypeVar("S")
M = TypeVar("M", bound=HasMode)
E = TypeVar("E", bound=Enum)

#: ``(state, action, events) -> new state``; ``action`` has the handler's own action type.
Handler = Callable[[S, Any, list[Message]], S]
#: ``(state, events) -> state``: the steps the rules take on their own after an action.
Settle = Callable[[S, list[Message]], S]
Apply = Callable[[S, Message], tuple[S, tuple[Message, ...]]]


def dispatching(
    handlers: Mapping[type[Message], Handler[S]],
    unknown: Callable[[Message], IllegalAction],
    settle: Settle[S] | None = None,
) -> Apply[S]:
    """An ``apply`` that runs the handler of the action's type, then ``settle`` (when given) on
    the new state with the same events. An action of a type missing from ``handlers`` is
    refused with ``unknown(action)``; a refusal leaves the state untouched."""

    def apply(state: S, action: Message) -> tuple[S, tuple[Message, ...]]:
        """Validate ``action`` and return the new state and what happened."""
        handler = handlers.get(type(action))
        if handler is None:
            raise unknown(action)
        events: list[Message] = []
        new = handler(state, action, events)
        if settle is not None:
            new = settle(new, events)
        return new, tuple(events)

    return apply


def make_apply(
    title: str,
    handlers: Mapping[type[Message], tuple[Handler[M], frozenset[Any]]],
    entries: str,
) -> Apply[M]:
    """The ``apply`` of a title followed in modes: an action of a type missing from
    ``handlers`` is not one of ``title``'s actions; one used in a mode its entry does not list
    is refused, naming the mode (``entries``: what the table enters at round end in scoring
    mode, e.g. ``"tableaux"``). Both refusals leave the state untouched."""
    mode_words = {
        "scoring": f"scoring mode ({entries} at round end)",
        "turns": "turn-by-turn mode",
        "simulation": "simulation mode",
    }

    def in_modes(handler: Handler[M], modes: frozenset[Any]) -> Handler[M]:
        def checked(state: M, action: Message, events: list[Message]) -> M:
            if state.mode not in modes:
                raise IllegalAction(
                    f"{action.kind!r} is not used in {mode_words[state.mode.value]}"
                )
            return handler(state, action, events)

        return checked

    def unknown(action: Message) -> IllegalAction:
        return IllegalAction(f"{action.kind!r} is not a {title} action")

    checked = {kind: in_modes(handler, modes) for kind, (handler, modes) in handlers.items()}
    return dispatching(checked, unknown)


#: The ``mode`` option of the titles whose table enters tableaux at round end in scoring mode
#: (Sushi Go!, Sushi Go Party!).
TABLEAU_MODE_OPTION = OptionSpec(
    key="mode",
    label=N_("How the game is followed"),
    default="scoring",
    choices=("scoring", "turns"),
    doc=N_(
        "Tableaux at round end: enter each player's cards once the round is over, the quickest. "
        "Turn by turn: enter every turn, each one checked as it happens."
    ),
    free=True,
)


def mode_from_option(modes: type[E], raw: Any) -> E:
    """The member of ``modes`` named by the ``mode`` option's value ``raw``; any other value is
    refused with :class:`~companion.games.base.UnreadableInput` listing the allowed ones."""
    try:
        return modes(raw)
    except ValueError:
        allowed = ", ".join(m.value for m in modes)
        raise UnreadableInput(f"option 'mode' cannot be {raw!r} (allowed: {allowed})") from None
