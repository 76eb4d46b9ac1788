"""Players across games (issue 27 item A.2): the known players of this Pi and their statistics.

Known players are read from the games the log keeps (``games.players``, durable in the same
SQLite file): no table of their own, so a name is known from the moment a game seats it and
nothing can disagree with the games themselves. A name is matched ignoring case and spaces at
either end (``"ann "`` is Ann); its colour is the one of the game that seated it last, so a
player who picks a new colour keeps it from then on.

Statistics come from the past games' summaries (:class:`companion.session.past.PastGames`):
per title, a player's finished ``games``, ``wins`` (a shared win counts), ``average`` and
``best`` score, and where the title has them the ``favourite_menu`` (Sushi Go Party!: the menu
played most, the latest on a tie) and ``average_customers`` (Sushi Express). Abandoned games
are counted apart (``abandoned``) and never in the scores. The best score is the highest of the
games where the highest wins; only when every game was sushi golf is it the lowest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from companion.games.base import JSON, UnreadableInput
from companion.i18n import msg
from companion.session.log import GameRow

#: The longest name the new-game form accepts (and the longest looked up).
NAME_MAX = 24


def key_of(name: str) -> str:
    """The form under which two spellings of a name are the same player."""
    return name.strip().casefold()


def known_players(rows: Iterable[GameRow]) -> list[JSON]:
    """Every player seated in ``rows``: ``[{"name", "colour", "games", "last_played"}]``, the
    one who played last first; name and colour as the latest game wrote them."""
    found: dict[str, JSON] = {}
    for row in sorted(rows, key=lambda r: (r.created, r.id)):
        for seat in row.players:
            name = seat.get("name")
            if not isinstance(name, str) or not name.strip():
                continue
            entry = found.setdefault(key_of(name), {"games": 0})
            entry.update(name=name.strip(), colour=seat.get("colour") or "",
                         last_played=row.created)
            entry["games"] += 1
    ordered = sorted(found.values(), key=lambda p: p["last_played"], reverse=True)
    return [{k: p[k] for k in ("name", "colour", "games", "last_played")} for p in ordered]


def check_name(name: str) -> str:
    """``name`` if it can be a player's name; :class:`UnreadableInput` saying why not."""
    if not name.strip():
        raise UnreadableInput(msg("a player's name cannot be empty"))
    if len(name) > NAME_MAX:
        raise UnreadableInput(msg("a player's name has at most {max} characters, not {n}",
                                  max=NAME_MAX, n=len(name)))
    return name


def player_stats(name: str, summaries: Iterable[JSON]) -> JSON:
    """``{"name", "titles": [TITLE, ...]}`` for ``name`` over the past games ``summaries``;
    TITLE is ``{"game", "title", "games", "wins", "abandoned", "average", "best",
    "favourite_menu", "average_customers"}`` (module docstring), the most played title first."""
    key = key_of(name)
    per_title: dict[str, list[tuple[JSON, JSON]]] = {}
    shown = name.strip()
    for summary in sorted(summaries, key=lambda s: (s["ended"], s["id"])):
        mine = next((r for r in summary["ranking"] if key_of(r["name"]) == key), None)
        if mine is not None:
            shown = mine["name"]
            per_title.setdefault(summary["game"], []).append((summary, mine))
    titles = [_title_stats(game, played) for game, played in per_title.items()]
    titles.sort(key=lambda x: (-x["games"] - x["abandoned"], x["title"]))
    return {"name": shown, "titles": titles}


def _title_stats(game: str, played: list[tuple[JSON, JSON]]) -> JSON:
    done = [(s, r) for s, r in played if s["status"] == "finished"]
    totals = [r["total"] for _s, r in done]
    usual = [r["total"] for s, r in done if s.get("highest_wins", True)]
    out: JSON = {
        "game": game,
        "title": played[0][0]["title"],
        "games": len(done),
        "wins": sum(1 for s, r in done if r["name"] in s["winners"]),
        "abandoned": len(played) - len(done),
        "average": round(sum(totals) / len(totals), 1) if totals else None,
        "best": (max(usual) if usual else min(totals)) if totals else None,
        "favourite_menu": _favourite_menu(done),
        "average_customers": _average_customers(done),
    }
    return out


def _favourite_menu(done: list[tuple[JSON, JSON]]) -> JSON | None:
    menus = [s["menu"] for s, _r in done if isinstance(s.get("menu"), dict)]
    if not menus:
        return None
    counts = Counter(m["id"] for m in menus)
    top = max(counts.values())
    latest = next(m for m in reversed(menus) if counts[m["id"]] == top)
    return {"id": latest["id"], "name": latest["name"], "games": top}


def _average_customers(done: list[tuple[JSON, JSON]]) -> float | None:
    counts: list[Any] = [s["customers"].get(r["name"]) for s, r in done
                         if isinstance(s.get("customers"), dict)]
    numbers = [n for n in counts if isinstance(n, int)]
    return round(sum(numbers) / len(numbers), 1) if numbers else None
