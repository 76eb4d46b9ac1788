"""Readers of a record's ``final`` object shared by the Sushi Go family's titles.

Every title writes ``{"rounds": [[what a player has at round end, ...one per seat], ...]}``
(shapes in each title's ``record`` module and ``docs/RECORD_FORMAT.md``). These readers refuse
anything else with :class:`~companion.games.base.UnreadableInput`, naming where (``where``, e.g.
``"round 2, Ann"``) and what was expected.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from typing import Any, TypeVar

from companion.games.base import JSON, UnreadableInput

T = TypeVar("T")


def rounds_to_json(rounds: Sequence[Sequence[T]], to_json: Callable[[T], JSON]) -> JSON:
    """The ``final`` object of ``rounds`` (each seat's round end written by ``to_json``)."""
    return {"rounds": [[to_json(t) for t in r] for r in rounds]}


def final_rounds(final: Any, title: str, shape: str) -> list[Any]:
    """The ``rounds`` list of ``final``; refused unless ``final`` is ``shape`` and nothing more."""
    if not isinstance(final, dict) or not isinstance(final.get("rounds"), list):
        raise UnreadableInput(f"a {title} final state is {shape}")
    if set(final) != {"rounds"}:
        raise UnreadableInput(f"a {title} final state has only 'rounds'")
    rounds: list[Any] = final["rounds"]
    return rounds


def json_object(data: Any, keys: Set[str], where: str, what: str) -> JSON:
    """``data``, a JSON object with no key but ``keys``; ``what`` names it (``"a tableau"``)."""
    if not isinstance(data, dict):
        raise UnreadableInput(f"{where}: {what} must be a JSON object")
    extra = set(data) - keys
    if extra:
        raise UnreadableInput(f"{where}: unexpected key(s) {', '.join(sorted(extra))}")
    return data


def string_list(data: JSON, key: str, where: str, what: str) -> tuple[str, ...]:
    """``data[key]``, a list of text (``[]`` when left out); ``what`` names the items."""
    raw = data.get(key, [])
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise UnreadableInput(f"{where}: '{key}' must be a list of {what}")
    return tuple(raw)


def whole_number(data: JSON, key: str, where: str, default: int = 0) -> int:
    """``data[key]``, a whole number (``default`` when left out; ``true``/``false`` are not)."""
    raw = data.get(key, default)
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise UnreadableInput(f"{where}: '{key}' must be a whole number")
    return raw
