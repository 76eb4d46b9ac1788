"""A quicker ``__init__`` for the engine's frozen message dataclasses.

The ``__init__`` that :func:`dataclasses.dataclass` writes for a frozen class stores each field
with its own ``object.__setattr__`` call. The engine builds one or two events per action, so
:func:`quick_init` gives a class an ``__init__`` that stores every field with one ``__dict__``
assignment instead. The signature (names, order, defaults) and the object built are the same:
equality, hashing, ``repr``, ``to_json`` and pickling do not change, and the instance stays
frozen (assigning a field still raises ``FrozenInstanceError``).
"""

from __future__ import annotations

from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

C = TypeVar("C", bound=type)


def quick_init(cls: C) -> C:
    """Replace the frozen dataclass ``cls``'s ``__init__`` (apply above ``@dataclass``).

    Only for plain classes: not slotted, every field in ``__init__``, no default factories and
    no ``__post_init__``; anything else is refused with ``TypeError``."""
    if not is_dataclass(cls) or "__slots__" in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"quick_init needs a plain dataclass, not {cls.__name__}")
    namespace: dict[str, Any] = {"_set": object.__setattr__}
    params: list[str] = []
    for f in fields(cls):
        if not f.init or f.default_factory is not MISSING:
            raise TypeError(f"quick_init cannot build {cls.__name__}.{f.name}")
        if f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    stored = ", ".join(f"{f.name!r}: {f.name}" for f in fields(cls))
    source = f"def __init__(self, {', '.join(params)}):\n    _set(self, '__dict__', {{{stored}}})\n"
    exec(source, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    type.__setattr__(cls, "__init__", init)
    return cls
