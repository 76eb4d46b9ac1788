"""The registry finds the titles (issue 25): each title package declares ``TITLE`` and ``GAME``,
and a fifth title is found without any other file edited."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion import i18n
from companion.export.bgstats import bgg_id
from companion.games import available_games, find_game, registry, titles
from companion.games.base import PlayerSpec
from companion.games.registry import UnknownGame
from companion.session.past import extras
from tests.fifth_title import ID, fifth_title

__all__ = ["fifth_title"]  # the fixture, used by name

ROOT = Path(__file__).resolve().parents[2]


def test_the_four_titles_are_found_in_menu_order() -> None:
    ids = ["sushi-express", "sushi-go-party", "sushi-go", "sushi-roll"]
    assert [t.id for t in titles()] == ids
    assert [g.info.id for g in available_games()] == ids
    assert all(find_game(i).info.id == i for i in ids)


def test_an_unknown_title_is_refused_with_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match=r"unknown game 'go-fish'.*sushi-express"):
        find_game("go-fish")


def test_importing_the_registry_finds_nothing_yet() -> None:
    """No work at import time: no title package is imported with the registry."""
    code = ("import sys, companion.games.registry as r; "
            "print(sorted(m for m in sys.modules if m.startswith('companion.games.sushi')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_title_facts_are_the_packages(fifth_title: Path) -> None:
    assert bgg_id("sushi-go") == 133473 and bgg_id("sushi-express") == 0
    assert bgg_id(ID) == 5
    assert {"sushi-go", "sushi-go-party", "sushi-go-party menu", "sushi-roll",
            ID} == i18n.page_contexts()


def test_a_fifth_title_package_is_found_with_nothing_else_edited(fifth_title: Path) -> None:
    assert [t.id for t in titles()][-1] == ID
    game = find_game(ID)
    assert game.info.name == "Fifth Title"
    assert available_games()[-1] is game
    assert not game.is_over(game.setup([PlayerSpec("Ann"), PlayerSpec("Ben")], {}))
    assert registry.title(ID).screens == "zz5"


def test_the_summary_facts_are_the_engines() -> None:
    """The history's menu and customers come from the title's engine (``facts``)."""
    players = [PlayerSpec("Ann"), PlayerSpec("Ben"), PlayerSpec("Cat")]
    party = find_game("sushi-go-party")
    state = party.setup(players, {})
    found = extras(party, "sushi-go-party", [p.to_json() for p in players], {}, state)
    assert found["menu"] is not None and set(found["menu"]) == {"id", "name"}
    assert found["customers"] is None
    express = find_game("sushi-express")
    state = express.setup(players, {})
    found = extras(express, "sushi-express", [p.to_json() for p in players], {}, state)
    assert found["menu"] is None and found["customers"] == {"Ann": 0, "Ben": 0, "Cat": 0}
    sushi_go = find_game("sushi-go")
    found = extras(sushi_go, "sushi-go", [], {}, sushi_go.setup(players, {}))
    assert found["menu"] is None and found["customers"] is None
