"""A throw-away fifth title (issue 25): a package written to a temporary folder that joins
``companion.games`` for one test, with nothing else edited. Its engine is Sushi Go!'s rules under
another id, which is all the registry, ``/api/titles`` and the pages can tell apart.

``fifth_title(tmp_path, monkeypatch)`` writes ``companion/games/fifth_title/__init__.py`` under
``tmp_path``, adds the folder to the package's search path and has the registry find the titles
again; the fixture's teardown forgets it (``monkeypatch`` restores the path)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import companion.games
from companion.games import registry

ID = "fifth-title"
PACKAGE = "fifth_title"
SCREENS = "zz5"
#: The fifth title's game screen (``web/static/zz5-game.js`` on a real table): it draws the
#: title's name where game.js's own titles would, so a browser can see it was loaded.
GAME_SCRIPT = """export const GAME_ID = "fifth-title";
export function decisionKey(view) { return `${view.round}|${view.phase}`; }
export function render(g, section) {
  document.getElementById("game-title").textContent = "Fifth title, game " + g.id;
  document.getElementById("round").textContent = "drawn by zz5-game.js";
}
"""

INIT = f'''"""A fifth title for the registry's tests: Sushi Go!'s rules under another id."""

import copy
import dataclasses

from companion.games.base import Title
from companion.games.sushi_go import GAME as SUSHI_GO

INFO = dataclasses.replace(SUSHI_GO.info, id="{ID}", name="Fifth Title")
GAME = copy.copy(SUSHI_GO)
GAME.info = INFO
GAME.view = lambda state, seat: {{**SUSHI_GO.view(state, seat), "game": INFO.id}}
TITLE = Title(id=INFO.id, order=50, screens="{SCREENS}", bgg_id=5, page_contexts=("{ID}",))
'''


def forget_fifth() -> None:
    for name in [m for m in sys.modules if m.startswith(f"companion.games.{PACKAGE}")]:
        del sys.modules[name]
    registry.forget()


@pytest.fixture
def fifth_title(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The folder that holds the fifth title's package (``<folder>/fifth_title/``)."""
    root = tmp_path / "games"
    (root / PACKAGE).mkdir(parents=True)
    (root / PACKAGE / "__init__.py").write_text(INIT, encoding="utf-8")
    monkeypatch.setattr(companion.games, "__path__", [*companion.games.__path__, str(root)])
    forget_fifth()
    yield root
    monkeypatch.undo()
    forget_fifth()
