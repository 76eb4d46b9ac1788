"""A fast ``dataclasses.replace`` for the frozen states of the rules engines.

``dataclasses.replace`` re-runs ``__init__`` and walks ``fields()`` on every call; states are
copied hundreds of times a game, so the engines use :func:`evolve` instead: a shallow copy of the
instance dictionary with some fields changed. It needs a frozen dataclass *without* slots and
no ``__post_init__`` work to redo; an unknown field name raises :class:`TypeError` like
``replace`` does.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


@cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls))


def evolve(obj: T, **changes: Any) -> T:
    """A copy of the frozen dataclass instance ``obj`` with ``changes`` applied."""
    cls: type = type(obj)
    names = _field_names(cls)
    if not names.issuperset(changes):
        unknown = ", ".join(sorted(set(changes) - names))
        raise TypeError(f"{cls.__name__} has no field(s) {unknown}")
    new: T = object.__new__(cls)
    # One new plain dict: quicker to build than filling the instance's own, and quicker to
    # read attributes from (CPython 3.11).
    object.__setattr__(new, "__dict__", {**obj.__dict__, **changes})
    return new
