"""Past games as CSV, one row a player a game (issue 27 item A.3).

Columns (:data:`COLUMNS`): ``game_id``, ``title``, ``game`` (the title's id), ``status``
(finished or abandoned), ``started``, ``ended`` (ISO 8601, UTC), ``duration_min``, ``players``
(how many), ``player``, ``colour``, ``seat`` (from 1), ``start_player`` (yes/no/blank when the
title has none), ``score``, ``rank``, ``winner`` (yes/no), ``menu`` (Sushi Go Party!) and
``customers`` (Sushi Express). RFC 4180 quoting, ``\\r\\n`` line ends; a cell that a
spreadsheet would read as a formula (starting ``=``, ``+``, ``-``, ``@``) is prefixed with
``'``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from companion.games.base import JSON

COLUMNS = ("game_id", "title", "game", "status", "started", "ended", "duration_min", "players",
           "player", "colour", "seat", "start_player", "score", "rank", "winner", "menu",
           "customers")


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
        return "'" + value
    return value


def rows(summary: JSON) -> list[dict[str, Any]]:
    """The rows of one past game's summary, in seat order."""
    ranks = {r["name"]: r for r in summary["ranking"]}
    start = summary.get("start_player")
    menu = summary.get("menu")
    customers = summary.get("customers") or {}
    out = []
    for seat, player in enumerate(summary["players"], start=1):
        name = player["name"]
        rank = ranks.get(name, {})
        out.append({
            "game_id": summary["id"], "title": summary["title"], "game": summary["game"],
            "status": summary["status"], "started": summary["started"],
            "ended": summary["ended"], "duration_min": round(summary["duration_s"] / 60),
            "players": len(summary["players"]), "player": name,
            "colour": player.get("colour", ""), "seat": seat,
            "start_player": "" if start is None else ("yes" if name == start else "no"),
            "score": rank.get("total", ""), "rank": rank.get("rank", ""),
            "winner": "yes" if name in summary["winners"] else "no",
            "menu": menu["name"] if isinstance(menu, dict) else "",
            "customers": customers.get(name, ""),
        })
    return out


def to_csv(summaries: Iterable[JSON]) -> str:
    """The CSV text of ``summaries`` (header first)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    for summary in summaries:
        for row in rows(summary):
            writer.writerow({k: _cell(v) for k, v in row.items()})
    return buffer.getvalue()
