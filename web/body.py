"""Reading request bodies: strict JSON objects whose faults are named for the person sending.

Every function raises :class:`~companion.games.base.UnreadableInput` (answered ``400
unreadable``) with a reason that says what was wrong and where; a JSON body larger than
:data:`JSON_MAX` is refused unread (``413``).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from companion.games.base import UnreadableInput
from companion.i18n import Msg, msg, pmsg

#: The largest JSON body read (an action or a form is a few kB). Parsed, JSON takes up to
#: about 27 times its size in memory (``[[],[],...]``): 1.7 GB for a body of the 64 MB that
#: uploads may have (``web.MAX_BODY``), 27 MB for this.
JSON_MAX = 1024 * 1024


def json_object(allowed: set[str] | None, empty_ok: bool = False) -> dict[str, Any]:
    """The request body as a JSON object with no keys outside ``allowed`` (``None``: any keys).

    ``empty_ok`` lets a body-less request stand for ``{}`` (undo, redo).
    """
    if (request.content_length or 0) > JSON_MAX:
        raise BodyTooLarge(msg("the request body is {size} bytes; a JSON body is at most 1 MB",
                               size=request.content_length))
    raw = request.get_data(cache=True)
    if len(raw) > JSON_MAX:  # sent without a length (chunked)
        raise BodyTooLarge(msg("the request body is {size} bytes; a JSON body is at most 1 MB",
                               size=len(raw)))
    if not raw.strip():
        if empty_ok:
            return {}
        raise UnreadableInput(msg("the request body is empty; send a JSON object"))
    data = parse_json(raw)
    if not isinstance(data, dict):
        raise UnreadableInput(msg("the request body must be a JSON object, not {type}",
                                  type=json_type(data)))
    extra = sorted(set(data) - allowed) if allowed is not None else []
    if extra:
        raise UnreadableInput(msg("unexpected field(s) in the request body: {fields}",
                                  fields=", ".join(extra)))
    return data


class BodyTooLarge(RequestEntityTooLarge):
    """``413``: a JSON body over :data:`JSON_MAX`; its reason a message, answered in the
    request's language (``web/errors.py``)."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(str(reason))
        self.message = reason


#: How deep lists and objects may nest in a request body (an action nests three or four levels;
#: Python's parser itself gives up near 1,000, and whatever reads the value after it recurses too).
MAX_DEPTH = 32
#: The whole numbers a body may hold: SQLite's INTEGER, signed 64 bits. The bound also keeps
#: Python's int-from-text conversion, which refuses more than 4,300 digits, from being reached.
INT_MIN, INT_MAX = -(2**63), 2**63 - 1
_INT_DIGITS = len(str(INT_MAX))
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def parse_json(raw: bytes) -> Any:
    """``raw`` decoded as UTF-8 JSON, or an :class:`UnreadableInput` naming the fault.

    Stricter than :func:`json.loads` where Python's JSON goes beyond the standard or beyond
    what the rest of the service can hold: ``NaN``/``Infinity`` and numbers too large for a
    float are refused, whole numbers must fit in 64 bits, lists and objects nest at most
    :data:`MAX_DEPTH` deep, and text may not hold a lone UTF-16 surrogate (``"\\ud800"``
    decodes to a code point that is no character and cannot be encoded, so stored or sent).
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnreadableInput(msg("the request body is not UTF-8 text (byte {byte})",
                                  byte=exc.start)) from None
    try:
        value = json.loads(text, parse_int=_whole_number, parse_float=_finite_number,
                           parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        # exc.msg is Python's own English ("Expecting value"): kept as it is, a parameter
        raise UnreadableInput(msg(
            "the request body is not valid JSON: {error} at line {line} column {column}",
            error=exc.msg, line=exc.lineno, column=exc.colno)) from None
    except RecursionError:
        raise UnreadableInput(_too_deep()) from None
    _check_value(value)
    return value


def _whole_number(text: str) -> int:
    """A JSON integer, refused beyond :data:`INT_MIN`..:data:`INT_MAX` (checked on its digits
    before converting, so a number of thousands of digits costs nothing)."""
    digits = text.lstrip("-")
    if len(digits) <= _INT_DIGITS:
        value = int(text)
        if INT_MIN <= value <= INT_MAX:
            return value
    shown = text if len(text) <= 24 else f"{text[:12]}...({len(digits)} digits)"
    raise UnreadableInput(msg(
        "the number {number} in the request body is too large: whole numbers must fit in "
        "64 bits ({low} to {high})", number=shown, low=INT_MIN, high=INT_MAX))


def number_text(text: str, name: str) -> int:
    """A whole number written as text (a query argument, a form field), named ``name`` in the
    reason: digits 0-9 (not another script's, which :func:`int` would take), an optional
    minus, and the 64 bits of a JSON whole number."""
    written = text.strip()
    digits = written.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise UnreadableInput(msg("'{name}' must be a whole number written in digits 0-9",
                                  name=name))
    if len(digits) > _INT_DIGITS or not INT_MIN <= int(written) <= INT_MAX:
        raise UnreadableInput(msg("'{name}' is too large: whole numbers must fit in 64 bits",
                                  name=name))
    return int(written)


def _finite_number(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        shown = text if len(text) <= 24 else f"{text[:12]}..."
        raise UnreadableInput(msg(
            "the request body is not valid JSON: the number {number} is beyond a float's range",
            number=shown))
    return value


def _no_constant(name: str) -> Any:
    raise UnreadableInput(msg("the request body is not valid JSON: {name} is not a JSON number",
                              name=name))


def _too_deep() -> Msg:
    return msg("the request body has lists or objects nested more than {n} levels deep",
               n=MAX_DEPTH)


#: Where a value sits in the body: ``None`` for the body itself, else (where its container
#: sits, its key or index); spelled out only for a reason (``players[0].name``).
Where = tuple["Where", str | int] | None


def _check_value(value: Any) -> None:
    """Walk ``value`` (without recursion) refusing nesting beyond :data:`MAX_DEPTH` and text,
    keys included, that holds a lone surrogate; the reason names where it is."""
    stack: list[tuple[Any, Where, int]] = [(value, None, 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item, where, pmsg("surrogate in", "text"))
        elif isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise UnreadableInput(_too_deep())
            if isinstance(item, dict):
                for key, child in item.items():
                    _check_text(key, (where, key), pmsg("surrogate in", "a key"))
                    stack.append((child, (where, key), depth + 1))
            else:
                stack.extend((child, (where, i), depth + 1) for i, child in enumerate(item))


def _check_text(text: str, where: Where, what: Msg) -> None:
    found = _SURROGATE.search(text)
    if found is not None:
        code = f"\\u{ord(found.group()):04x}"
        if where is not None:
            raise UnreadableInput(msg(
                "{what} in the request body at {where} holds a lone surrogate ({code}), which "
                "is not a character; send UTF-8 text", what=what, where=_spelled(where),
                code=code))
        raise UnreadableInput(msg(
            "{what} in the request body holds a lone surrogate ({code}), which is not a "
            "character; send UTF-8 text", what=what, code=code))


def _spelled(where: Where) -> str:
    """``players[0].name`` for ``(((None, "players"), 0), "name")``; surrogates escaped."""
    parts: list[str] = []
    while where is not None:
        where, step = where
        parts.append(f"[{step}]" if isinstance(step, int) else f".{step}")
    text = "".join(reversed(parts)).removeprefix(".")
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def json_type(value: Any) -> Msg:
    """How a JSON value is called in a message (``a list``, ``text``, ...): a message, rendered
    in the reader's language with the reason it is a parameter of."""
    if value is None:
        return pmsg("request body", "null")
    if isinstance(value, bool):
        return pmsg("request body", "true/false")
    if isinstance(value, int | float):
        return pmsg("request body", "a number")
    if isinstance(value, str):
        return pmsg("request body", "text")
    if isinstance(value, list):
        return pmsg("request body", "a list")
    return pmsg("request body", "an object")


def required(data: dict[str, Any], name: str) -> Any:
    """``data[name]``, refusing a missing field."""
    if name not in data:
        raise UnreadableInput(msg("missing field '{name}'", name=name))
    return data[name]


def text_field(data: dict[str, Any], name: str) -> str:
    """A required text field."""
    value = required(data, name)
    if not isinstance(value, str):
        raise UnreadableInput(msg("'{name}' must be text, not {type}", name=name,
                                  type=json_type(value)))
    return value


def int_field(data: dict[str, Any], name: str) -> int:
    """A required whole-number field (``true``/``false`` are not numbers here)."""
    value = required(data, name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise UnreadableInput(msg("'{name}' must be a whole number, not {type}", name=name,
                                  type=json_type(value)))
    return value


def object_field(
    data: dict[str, Any], name: str, default: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A JSON-object field, required unless a ``default`` is given."""
    value = required(data, name) if default is None else data.get(name, default)
    if not isinstance(value, dict):
        raise UnreadableInput(msg("'{name}' must be a JSON object, not {type}", name=name,
                                  type=json_type(value)))
    return value


def list_field(data: dict[str, Any], name: str) -> list[Any]:
    """A required list field."""
    value = required(data, name)
    if not isinstance(value, list):
        raise UnreadableInput(msg("'{name}' must be a list, not {type}", name=name,
                                  type=json_type(value)))
    return value
