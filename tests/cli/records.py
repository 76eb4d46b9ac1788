"""What the CLI tests share: running the command and reading its output; for the Sushi Go
family's titles, their recorded files as data (:class:`RecordedTitle`) and the generator that
exports a seeded game as the records under ``tests/data/``.

Each title's ``test_cli_<title>.py`` describes its records and its generator, defines its
``TITLE`` and keeps the tests only that title has; ``test_cli_titles.py`` runs the tests every
title passes alike, once per title.
"""

from __future__ import annotations

import io
import json
import re
import sys
import tempfile
import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.games.base import JSON, Game, Message, PlayerSpec

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
DOC = ROOT / "docs" / "RECORD_FORMAT.md"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def last_json(stdout: str) -> Any:
    return json.loads(stdout.strip().splitlines()[-1])


def load(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


def write(path: Path, obj: Any) -> str:
    path.write_text(json.dumps(obj), encoding="utf-8")
    return str(path)


def doc_block(heading: str) -> Any:
    """The first JSON block after ``heading`` in docs/RECORD_FORMAT.md."""
    section = DOC.read_text(encoding="utf-8").split(heading, 1)[1]
    match = re.search(r"```json\n(.*?)\n```", section, re.S)
    assert match, f"no JSON block after {heading!r}"
    return json.loads(match.group(1))


@dataclass(frozen=True)
class RecordedTitle:
    """A title's two recorded games (the same game turn by turn and in scoring mode) and what
    the shared tests expect of them.

    ``table_inputs(seed)``: the generator, a seeded simulation as the table enters it, returning
    the actions and the simulation's final state; ``entry_for(name, tableau)``: the scoring-mode
    action entering one player's round. ``cut_short``: how many actions a game cut short keeps;
    ``breakdown_words``: words the printed score breakdown holds; ``other_title``: a title the
    record is refused as; ``nested_final``: ``final`` is printed one tableau per line (else one
    round per line).
    """

    game: Game
    slug: str
    game_heading: str
    scoring_heading: str
    players: Sequence[PlayerSpec]
    options: JSON
    seed: int
    table_inputs: Callable[[int], tuple[list[Message], Any]]
    entry_for: Callable[[str, Any], Message]
    cut_short: int
    breakdown_words: tuple[str, ...]
    other_title: str
    nested_final: bool = False

    @property
    def id(self) -> str:
        return self.game.info.id

    @property
    def name(self) -> str:
        return self.game.info.name

    @property
    def game_file(self) -> Path:
        return DATA / f"{self.id}-game.json"

    @property
    def scoring_file(self) -> Path:
        return DATA / f"{self.id}-scoring.json"

    def exported(self, options: JSON, actions: list[Message]) -> JSON:
        """The record the session exports for a game played with ``actions`` (no ``meta``)."""
        from companion.session.log import GameLog
        from companion.session.session import HOST, Act, Session

        with tempfile.TemporaryDirectory() as tmp:
            log = GameLog(Path(tmp) / f"{self.slug}.sqlite3")
            try:
                with Session(log) as session:
                    created = session.create_game(self.id, list(self.players), options)
                    for action in actions:
                        session.submit(created.game_pk, HOST, Act(action.to_json()))
                    record = session.export_record(created.game_pk)
            finally:
                log.close()
        del record["meta"]
        return record

    def example_records(self, seed: int | None = None) -> tuple[JSON, JSON]:
        """The turn-by-turn record of the seeded game and the scoring-mode record of what each
        player had at every round end."""
        actions, final = self.table_inputs(self.seed if seed is None else seed)
        turns = self.exported({**self.options, "mode": "turns"}, actions)
        entries: list[Message] = [
            self.entry_for(name, tableau)
            for tableaux in final.rounds
            for name, tableau in zip(final.names, tableaux, strict=True)
        ]
        scoring = self.exported({**self.options, "mode": "scoring"}, entries)
        return turns, scoring

    def format_record(self, record: JSON) -> str:
        """Indented JSON with one action per line, ``final`` one round (or tableau) per line."""
        lines = ["{"]
        items = list(record.items())
        for i, (key, value) in enumerate(items):
            comma = "," if i < len(items) - 1 else ""
            if key == "actions":
                lines.append('  "actions": [')
                lines += _listed(value, "    ")
                lines.append(f"  ]{comma}")
            elif key == "final":
                lines.append('  "final": {"rounds": [')
                rounds = value["rounds"]
                if self.nested_final:
                    for j, tableaux in enumerate(rounds):
                        lines.append("    [")
                        lines += _listed(tableaux, "      ")
                        lines.append(f"    ]{',' if j < len(rounds) - 1 else ''}")
                else:
                    lines += _listed(rounds, "    ")
                lines.append(f"  ]}}{comma}")
            else:
                lines.append(f"  {json.dumps(key)}: {json.dumps(value)}{comma}")
        lines.append("}")
        return "\n".join(lines) + "\n"

    def print_example(self, argv: Sequence[str]) -> str:
        """The example record the script prints: ``game`` (the default) or ``scoring``."""
        which = argv[1] if len(argv) > 1 else "game"
        game_record, scoring_record = self.example_records()
        return self.format_record(game_record if which == "game" else scoring_record)


def _listed(items: Sequence[Any], indent: str) -> list[str]:
    """One JSON item a line, commas between."""
    return [
        f"{indent}{json.dumps(item)}{',' if j < len(items) - 1 else ''}"
        for j, item in enumerate(items)
    ]


def fake_serve(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Stand ``companion.app`` in with a ``serve`` that records the settings it gets (the list
    returned) and answers 0, so the CLI's parsing is tested without a server."""
    seen: list[Any] = []

    def serve(settings: Any) -> int:
        seen.append(settings)
        return 0

    fake = types.ModuleType("companion.app")
    fake.serve = serve  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "companion.app", fake)
    return seen
