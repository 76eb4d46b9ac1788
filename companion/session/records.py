"""The game record: one versioned JSON object per game (``docs/RECORD_FORMAT.md``).

```
{"format_version": 1, "game": "sushi-express", "options": {...},
 "players": [{"name": "Ann", "colour": "red"}, ...],
 "actions": [action JSON, ...], "final": {...}, "meta": {...}}
```

``actions`` (default ``[]``), ``options`` (default: the title's defaults), ``final`` (the end
state each title documents, scored by ``GAME.score_final``) and ``meta`` (free-form: id, dates,
notes) are optional. A bundle of records (``companion export --all``) is
``{"records": [record, ...]}``.

:func:`load_record` reads a record of any known ``format_version``: older versions pass through
:data:`UPGRADES` (version -> function giving the next version) up to :data:`FORMAT_VERSION`;
a newer or unknown version is refused with :class:`UnreadableInput`, as is anything malformed.
:func:`replay_record` plays the actions through the engine and names the first illegal one.
:func:`record_fingerprint` identifies a record for imports (the same record is stored once).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games import find_game
from companion.games.base import (
    JSON,
    Game,
    IllegalAction,
    Message,
    PlayerSpec,
    ScoreSheet,
    UnreadableInput,
    check_players,
)
from companion.games.registry import UnknownGame
from companion.i18n import Msg, msg
from companion.session.errors import unknown_game_reason

#: The version :func:`record_to_json` writes.
FORMAT_VERSION = 1

#: ``format_version`` -> function turning a record of that version into the next version.
#: Version 1 is the first and current one, so nothing needs upgrading yet; when version 2
#: comes, ``UPGRADES[1]`` converts a version-1 record into a version-2 one.
UPGRADES: dict[int, Callable[[JSON], JSON]] = {}

_KEYS = {"format_version", "game", "options", "players", "actions", "final", "meta"}

GameFinder = Callable[[str], Game]


@dataclass(frozen=True)
class Record:
    """A loaded record: a known engine, checked players, resolved options, parsed actions."""

    game: Game
    options: JSON
    players: tuple[PlayerSpec, ...]
    actions: tuple[Message, ...]
    final: JSON | None = None
    meta: JSON | None = None

    def to_json(self) -> JSON:
        return record_to_json(
            self.game.info.id, self.options, self.players, self.actions, self.final, self.meta
        )


def record_to_json(
    game_id: str,
    options: Mapping[str, Any],
    players: Sequence[PlayerSpec],
    actions: Sequence[Message],
    final: JSON | None = None,
    meta: JSON | None = None,
) -> JSON:
    """The record JSON (current :data:`FORMAT_VERSION`) of a game."""
    out: JSON = {
        "format_version": FORMAT_VERSION,
        "game": game_id,
        "options": dict(options),
        "players": [p.to_json() for p in players],
        "actions": [a.to_json() for a in actions],
    }
    if final is not None:
        out["final"] = final
    if meta is not None:
        out["meta"] = meta
    return out


def upgrade(obj: JSON) -> JSON:
    """``obj`` brought to :data:`FORMAT_VERSION` through :data:`UPGRADES`.

    Refuses (:class:`UnreadableInput`) a missing, newer or unknown version.
    """
    version = obj.get("format_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise UnreadableInput(msg("a game record needs a whole-number '{name}'",
                                  name="format_version"))
    if version > FORMAT_VERSION:
        raise UnreadableInput(msg(
            "this record has format_version {version}, newer than this companion reads (up to "
            "{newest}); update the companion", version=version, newest=FORMAT_VERSION))
    while version < FORMAT_VERSION:
        step = UPGRADES.get(version)
        if step is None:
            raise UnreadableInput(msg("format_version {version} is not a known record format",
                                      version=version))
        obj = step(obj)
        version += 1
        if obj.get("format_version") != version:
            raise RuntimeError(f"UPGRADES[{version - 1}] did not give format_version {version}")
    return obj


def load_record(obj: Any, find: GameFinder = find_game) -> Record:
    """Read and check a record (any supported ``format_version``).

    Raises :class:`UnreadableInput` for anything malformed (not an object, unknown keys or
    version, unknown game, bad options, an unreadable action, naming its index) and
    :class:`IllegalAction` for a player list the title does not allow. It does not replay the
    actions: :func:`replay_record` does.
    """
    if not isinstance(obj, dict):
        raise UnreadableInput(msg("a game record must be a JSON object"))
    obj = upgrade(obj)
    extra = sorted(set(obj) - _KEYS)
    if extra:
        raise UnreadableInput(msg("unexpected field(s) in the game record: {fields}",
                                  fields=", ".join(extra)))
    game_id = obj.get("game")
    if not isinstance(game_id, str):
        raise UnreadableInput(msg("a game record needs '{name}' (a title id such as {example})",
                                  name="game", example="'sushi-express'"))
    try:
        game = find(game_id)
    except UnknownGame as exc:
        raise UnreadableInput(unknown_game_reason(exc.reason)) from None
    raw_options = obj.get("options", {})
    if not isinstance(raw_options, dict):
        raise UnreadableInput(msg("'{name}' must be a JSON object", name="options"))
    options = game.info.resolve_options(raw_options)
    raw_players = obj.get("players")
    if not isinstance(raw_players, list):
        raise UnreadableInput(msg("a game record needs '{name}' (a list)", name="players"))
    players = tuple(PlayerSpec.from_json(p) for p in raw_players)
    check_players(game.info, players)
    raw_actions = obj.get("actions", [])
    if not isinstance(raw_actions, list):
        raise UnreadableInput(msg("'{name}' must be a list", name="actions"))
    actions = []
    for index, raw in enumerate(raw_actions):
        try:
            actions.append(game.actions.from_json(raw))
        except UnreadableInput as exc:
            raise UnreadableInput(msg("action {index}: {reason}", index=index,
                                          reason=exc.message or exc.reason)) from None
    final = obj.get("final")
    if final is not None and not isinstance(final, dict):
        raise UnreadableInput(msg("'{name}' must be a JSON object", name="final"))
    meta = obj.get("meta")
    if meta is not None and not isinstance(meta, dict):
        raise UnreadableInput(msg("'{name}' must be a JSON object", name="meta"))
    return Record(game, options, players, tuple(actions), final, meta)


class IllegalRecordAction(IllegalAction):
    """The first action of a record that the rules refuse (``index`` counts from 0).

    ``rule`` is the English refusal (records, ``--json``); given the engine's message
    (``rule_message``), :meth:`in_language` says the whole line in the reader's language."""

    def __init__(self, index: int, action: Message, player: str | None, rule: str,
                 rule_message: Msg | None = None) -> None:
        said: Msg | str = rule_message if rule_message is not None else rule
        if player:
            line = msg("action {index} ({kind} by {who}) is illegal: {rule}",
                       index=index, kind=action.kind, who=player, rule=said)
        else:
            line = msg("action {index} ({kind}) is illegal: {rule}",
                       index=index, kind=action.kind, rule=said)
        super().__init__(line)
        self.index = index
        self.action = action
        self.player = player
        self.rule = rule


@dataclass(frozen=True)
class Replayed:
    """A record played through: the final state, whether the game is over, the scores."""

    state: Any
    over: bool
    sheet: ScoreSheet


def replay_record(record: Record) -> Replayed:
    """Play the record's actions from setup; :class:`IllegalRecordAction` names the first
    illegal one (setup itself may raise :class:`IllegalAction` for bad options)."""
    game = record.game
    state = game.setup(record.players, record.options)
    for index, action in enumerate(record.actions):
        try:
            state, _events = game.apply(state, action)
        except IllegalAction as exc:
            player = getattr(action, "player", None)
            raise IllegalRecordAction(
                index, action, player if isinstance(player, str) else None, exc.reason,
                exc.message,
            ) from None
    return Replayed(state, game.is_over(state), game.score(state))


def load_bundle(obj: Any) -> list[Any]:
    """The record objects in ``obj``: a single record, or ``{"records": [...]}``."""
    if isinstance(obj, dict) and "records" in obj and "format_version" not in obj:
        records = obj["records"]
        if not isinstance(records, list):
            raise UnreadableInput(msg("'{name}' must be a list of game records", name="records"))
        return records
    return [obj]


def record_fingerprint(obj: Any) -> str:
    """The identity of a record object for imports: SHA-256 (hex) of its JSON with sorted keys
    and no spaces, as it stands in the file (before any upgrade).

    Two records are the same when they hold the same JSON: layout and key order do not count,
    every field does (``meta`` too, where an export writes the game's id and creation time, so
    two games that went alike on two tables stay two games). A record is never re-read to
    decide, so a newer companion, whose readers or defaults changed, still knows a file it
    imported before. Contract of ``companion import`` (docs/RECORD_FORMAT.md): a record
    whose fingerprint was imported before is not stored again.
    """
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
