"""Reading request bodies: strict JSON objects whose faults are named for the person sending.

Every function raises :class:`~companion.games.base.UnreadableInput` (answered ``400
unreadable``) with a reason that says what was wrong and where.
"""

from __future__ import annotations

import json
from typing import Any

from flask import request

from companion.games.base import UnreadableInput


def json_object(allowed: set[str] | None, empty_ok: bool = False) -> dict[str, Any]:
    """The request body as a JSON object with no keys outside ``allowed`` (``None``: any keys).

    ``empty_ok`` lets a body-less request stand for ``{}`` (undo, redo).
    """
    raw = request.get_data(cache=True)
    if not raw.strip():
        if empty_ok:
            return {}
        raise UnreadableInput("the request body is empty; send a JSON object")
    data = parse_json(raw)
    if not isinstance(data, dict):
        raise UnreadableInput(
            f"the request body must be a JSON object, not {json_type(data)}"
        )
    extra = sorted(set(data) - allowed) if allowed is not None else []
    if extra:
        raise UnreadableInput(f"unexpected field(s) in the request body: {', '.join(extra)}")
    return data


def parse_json(raw: bytes) -> Any:
    """``raw`` decoded as UTF-8 JSON, or an :class:`UnreadableInput` naming the fault."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnreadableInput(f"the request body is not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnreadableInput(
            f"the request body is not valid JSON: {exc.msg} at line {exc.lineno} "
            f"column {exc.colno}"
        ) from None


def json_type(value: Any) -> str:
    """How a JSON value is called in a message (``a list``, ``text``, ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def required(data: dict[str, Any], name: str) -> Any:
    """``data[name]``, refusing a missing field."""
    if name not in data:
        raise UnreadableInput(f"missing field '{name}'")
    return data[name]


def text_field(data: dict[str, Any], name: str) -> str:
    """A required text field."""
    value = required(data, name)
    if not isinstance(value, str):
        raise UnreadableInput(f"'{name}' must be text, not {json_type(value)}")
    return value


def int_field(data: dict[str, Any], name: str) -> int:
    """A required whole-number field (``true``/``false`` are not numbers here)."""
    value = required(data, name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise UnreadableInput(f"'{name}' must be a whole number, not {json_type(value)}")
    return value


def object_field(
    data: dict[str, Any], name: str, default: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A JSON-object field, required unless a ``default`` is given."""
    value = required(data, name) if default is None else data.get(name, default)
    if not isinstance(value, dict):
        raise UnreadableInput(f"'{name}' must be a JSON object, not {json_type(value)}")
    return value


def list_field(data: dict[str, Any], name: str) -> list[Any]:
    """A required list field."""
    value = required(data, name)
    if not isinstance(value, list):
        raise UnreadableInput(f"'{name}' must be a list, not {json_type(value)}")
    return value
