"""The :class:`~companion.games.base.Game` surface of a title built from modules, as every title
is (Sushi Express, Sushi Go!, Sushi Go Party!, Sushi Roll).

Such a title has a ``legal`` module (``legal_actions``, ``chance_action``), a ``rules`` module
(``apply``), a ``view`` module (``view``, ``actor``), a ``record`` module (``final_to_json`` of
the rounds played) and a ``describe`` module (``describe``: one short line for the history); its
state has ``rounds`` and a ``phase`` that is ``over`` at the end.
:class:`ModuleGame` wires them: the calls made for every action are the module functions
themselves, with no wrapper call in between. A title subclasses it with its ``info``, codecs,
``setup``, ``score`` and ``score_final``, which differ by title. By default no action is private
to a seat. A title whose record is not a list of rounds (Sushi Express: what each player ends
with) passes no ``record`` module and overrides ``final_json``. A title that waits for the table
(dice, a step, a tableau) passes a ``needs`` module (``needs(view)``, ``action_for(need,
reading)``: the contract's "what the table must supply next"); without one it needs nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from types import ModuleType
from typing import Any

from companion.games.base import (
    JSON,
    GameInfo,
    IllegalAction,
    Message,
    MessageCodec,
    Need,
    PlayerSpec,
    check_players,
)
from companion.i18n import Msg


class ModuleGame:
    """A title's modules as the :class:`~companion.games.base.Game` surface (see the module
    docstring); ``over`` is the state's phase once the game is over."""

    info: GameInfo
    actions: MessageCodec
    events: MessageCodec

    legal_actions: Callable[[Any], list[Message]]
    chance_action: Callable[[Any, random.Random], Message | None]
    apply: Callable[[Any, Message], tuple[Any, tuple[Message, ...]]]
    view: Callable[[Any, int | None], JSON]
    actor: Callable[[Any, Message], int | None]
    describe: Callable[[Message], str | Msg]

    def __init__(
        self,
        *,
        legal: ModuleType,
        rules: ModuleType,
        view: ModuleType,
        record: ModuleType | None,
        describe: ModuleType,
        over: Enum,
        needs: ModuleType | None = None,
    ) -> None:
        self.legal_actions = legal.legal_actions
        self.chance_action = legal.chance_action
        self.apply = rules.apply
        self.view = view.view
        self.actor = view.actor
        self._record = record
        self.describe = describe.describe
        self._over = over
        self._needs = needs

    def is_over(self, state: Any) -> bool:
        return state.phase is self._over

    def final_json(self, state: Any) -> JSON:
        """The record's ``final`` object: the rounds played (the pair of ``score_final``)."""
        if self._record is None:
            raise NotImplementedError(f"{type(self).__name__} writes its own final_json")
        result: JSON = self._record.final_to_json(state.rounds)
        return result

    def needs(self, view: JSON) -> tuple[Need, ...]:
        """What the table must supply next, read from this title's public ``view``."""
        if self._needs is None:
            return ()
        found: tuple[Need, ...] = self._needs.needs(view)
        return found

    def action_for(self, need: Need, reading: Any) -> Message:
        """The action that supplies ``need`` with ``reading`` (the title's constructor)."""
        if self._needs is None:
            raise IllegalAction(f"{self.info.name} needs nothing from the table")
        action: Message = self._needs.action_for(need, reading)
        return action

    def card_names(self) -> dict[str, str]:
        """Every card of the box by id, named as printed (a scan labels what it read with
        them); ``{}`` for a title without cards. From the ``needs`` module's ``card_names``."""
        names = getattr(self._needs, "card_names", None)
        return {} if names is None else dict(names())

    def facts(self, view: JSON) -> JSON:
        """``{}``: a title with no menu and no customers to tell (one that has them overrides)."""
        return {}

    def private_to(self, state: Any, action: Message) -> int | None:
        """``None``: every action of these titles is public."""
        return None

    def resolved(self, players: Sequence[PlayerSpec], options: Mapping[str, Any]) -> JSON:
        """The setup options completed with their defaults, once the players are checked."""
        check_players(self.info, players)
        return self.info.resolve_options(options)
