"""`companion score sushi-go-party` and `companion replay` with Sushi Go Party! records.

Two recorded games under ``tests/data/`` (both in ``docs/RECORD_FORMAT.md``):

* ``sushi-go-party-game.json``: a whole turn-by-turn game (every reveal, menu pick and spoon
  answer as the table enters them, and the engine's ``final``);
* ``sushi-go-party-scoring.json``: the same game in scoring mode (each tableau at round end).

They were generated once, through the session's export path, from a seeded simulation with
known hands turned into what a table enters turn by turn (no deal, no menu draw: the menu's
pick names the cards drawn). Run this file as a module to print them again:
``.venv/bin/python -m tests.cli.test_cli_sushi_go_party game`` (or ``scoring``). The
simulation may draw differently after engine changes, so the tests check that the generator
still gives a legal, consistent game rather than the same one.

The tests every title passes alike run for this one from ``test_cli_titles.py`` (``TITLE``);
here are the ones only Sushi Go Party! has.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from companion.games.base import Message, PlayerSpec
from companion.games.sushi_go_party import GAME
from companion.games.sushi_go_party.actions import MenuDraw, MenuPick, SpoonGive
from companion.games.sushi_go_party.events import SpoonGiven
from companion.games.sushi_go_party.legal import entry_for
from companion.games.sushi_go_party.state import GameState, Phase

from .records import RecordedTitle, last_json, load, run, write

PLAYERS = [PlayerSpec("Ann", "red"), PlayerSpec("Ben", "blue")]
MENU = "dinner_for_two"
SEED = 2  # every kind of turn input of this menu: menus, special orders, misos, uramaki


# -- the generator ------------------------------------------------------------------------------


def table_inputs(seed: int) -> tuple[list[Message], GameState]:
    """A seeded simulation (known hands) as a table enters it turn by turn: no deal and no menu
    draw; a menu's pick names the cards drawn; a spoon nobody could answer (which the
    simulation discards by itself) gets its ``spoon_give`` with nobody. Returns the actions and
    the simulation's final state."""
    rng = random.Random(seed)
    state: GameState = GAME.setup(PLAYERS, {"mode": "simulation", "menu": MENU})
    out: list[Message] = []
    while not GAME.is_over(state):
        action = GAME.chance_action(state, rng) or rng.choice(GAME.legal_actions(state))
        if isinstance(action, MenuPick):
            out.append(MenuPick(action.card, action.copies, action.on_wasabi, state.drawn))
        elif not isinstance(action, MenuDraw) and state.phase is not Phase.DEAL:
            out.append(action)
        state, events = GAME.apply(state, action)
        out.extend(SpoonGive() for e in events if isinstance(e, SpoonGiven) and not e.giver)
    return out, state


TITLE = RecordedTitle(
    game=GAME,
    slug="sgp",
    game_heading="### A complete Sushi Go Party! game, turn by turn",
    scoring_heading="### The same game in scoring mode",
    players=PLAYERS,
    options={"menu": MENU},
    seed=SEED,
    table_inputs=table_inputs,
    entry_for=entry_for,
    cut_short=30,
    breakdown_words=("uramaki", "round 1"),
    other_title="sushi-express",
)
GAME_FILE, SCORING_FILE = TITLE.game_file, TITLE.scoring_file


# -- replay -------------------------------------------------------------------------------------


def test_replay_names_the_first_illegal_reveal_and_the_rule(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    record["actions"][0] = {**record["actions"][0], "card": "tempura"}
    code, out, err = run("replay", write(tmp_path / "bad.json", record), "--json")
    assert code == 1
    assert err.strip() == (
        "companion: action 0 (reveal by Ann) is illegal: Ann: Tempura is not on this menu (a "
        "card type not on the menu is not in the deck)"
    )
    result = last_json(out)
    assert (result["index"], result["kind"], result["player"]) == (0, "reveal", "Ann")


def test_replay_names_a_tableau_refused_at_the_rounds_end(tmp_path: Path) -> None:
    record = load(SCORING_FILE)
    record["actions"][1] = {**record["actions"][1], "cards": ["uramaki_5"] * 5}
    code, _out, err = run("replay", write(tmp_path / "bad.json", record))
    assert code == 1
    assert err.startswith("companion: action 1 (enter_tableau by Ben) is illegal: ")
    assert "Uramaki (5)" in err


# -- score ------------------------------------------------------------------------------------


def test_score_refuses_a_final_object_that_cannot_exist(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    record["final"]["rounds"][0][0]["cards"] += ["egg_nigiri"] * 5
    code, _out, err = run("score", "sushi-go-party", write(tmp_path / "r.json", record))
    assert code == 1 and "Egg Nigiri" in err and "holds 4" in err
    record["final"] = {"rounds": [[{"cards": []}]]}
    code, _out, err = run("score", "sushi-go-party", write(tmp_path / "r.json", record))
    assert code == 2 and "round 1: one tableau per player (2)" in err


if __name__ == "__main__":  # pragma: no cover - prints the example records
    sys.stdout.write(TITLE.print_example(sys.argv))
