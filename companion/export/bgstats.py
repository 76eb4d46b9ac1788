"""A finished game as BG Stats' push-play link (issue 27 item A.3).

BG Stats documents the link (bgstatsapp.com, "Push plays to BG Stats from other apps or
websites"): ``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>``; a phone with
BG Stats installed opens its import dialog, where the game and the players are matched to the
app's own (by BGG id, then name) and the play is saved. The JSON: ``sourceName``,
``playDate`` (``"YYYY-MM-DD HH:MM:SS"``, local time of the Pi), ``durationMin``, ``location``,
``comments``, ``game`` (``name``, ``bggId``, ``highestWins``, ``noPoints``,
``sourceGameId``) and ``players`` (``name``, ``score``, ``winner``, ``rank``,
``startPlayer``, ``sourcePlayerId``, ``role``).

BoardGameGeek ids (:func:`bgg_id`) are each title's (``TITLE.bgg_id`` in its package): Sushi Go!
133473 (the 10th anniversary edition plays it), Sushi Go Party! 192291, Sushi Roll 247342. Sushi
Express (Michael Schacht, Abacus 2005) is sent with ``bggId`` 0, BG Stats' "no BGG id": we could
not confirm its id from a source we trust, and a wrong id would file the play under another game;
BG Stats matches it by name instead, once, and remembers the match.
"""

from __future__ import annotations

import json
from datetime import datetime
from urllib.parse import quote

from companion.games.base import JSON
from companion.games.registry import UnknownGame, title

#: The push-play address; ``data`` is the url-encoded play.
BASE_URL = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "Sushi table companion"


def bgg_id(game_id: str) -> int:
    """BoardGameGeek's id of a title (0: none sent; module docstring)."""
    try:
        return title(game_id).bgg_id
    except UnknownGame:
        return 0


def play_date(iso: str) -> str:
    """An ISO time stamp of the log as BG Stats' ``playDate``, in the Pi's local time."""
    return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M:%S")


def play_json(summary: JSON, location: str = "") -> JSON:
    """The BG Stats play of a finished game's summary (``PastGames.finished``)."""
    winners = set(summary["winners"])
    start = summary.get("start_player")
    players = [{
        "name": r["name"],
        "score": r["total"],
        "winner": r["name"] in winners,
        "rank": r["rank"],
        "startPlayer": r["name"] == start,
        "sourcePlayerId": r["name"].strip().casefold(),
        "role": "",
    } for r in summary["ranking"]]
    menu = summary.get("menu")
    return {
        "sourceName": SOURCE_NAME,
        "playDate": play_date(summary["started"]),
        "durationMin": max(1, round(summary["duration_s"] / 60)),
        "location": location,
        "comments": f"Menu: {menu['name']}" if isinstance(menu, dict) else "",
        "board": "",
        "game": {
            "name": summary["title"],
            "bggId": bgg_id(summary["game"]),
            "highestWins": bool(summary.get("highest_wins", True)),
            "noPoints": False,
            "sourceGameId": summary["game"],
        },
        "players": players,
    }


def play_link(play: JSON) -> str:
    """The link a phone opens to import ``play`` into BG Stats."""
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return f"{BASE_URL}?data={quote(data, safe='')}"
