"""`companion score sushi-roll` and `companion replay` with Sushi Roll records.

Two recorded games under ``tests/data/`` (both in ``docs/RECORD_FORMAT.md``), 3 players:

* ``sushi-roll-game.json``: a whole turn-by-turn game (every belt roll, Menu re-roll, Chopsticks
  swap and pick as the table enters them, and the engine's ``final``);
* ``sushi-roll-scoring.json``: the same game in scoring mode (each tray at round end).

They were generated once, through the session's export path, from a seeded simulation. Run this
file as a module to print them again: ``.venv/bin/python -m tests.cli.test_cli_sushi_roll game``
(or ``scoring``). The simulation may draw differently after engine changes, so the tests check
that the generator still gives a legal, consistent game rather than the same one.

The tests every title passes alike run for this one from ``test_cli_titles.py`` (``TITLE``);
here are the ones only Sushi Roll has.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from companion.games.base import JSON, Message, PlayerSpec
from companion.games.sushi_roll import GAME
from companion.games.sushi_roll.legal import entry_for
from companion.games.sushi_roll.state import GameState

from .records import RecordedTitle, last_json, load, run, write

PLAYERS = [PlayerSpec("Ann", "red"), PlayerSpec("Ben", "blue"), PlayerSpec("Cat", "green")]
OPTIONS: JSON = {"start_player": 1}
SEED = 3  # every kind of action, a nigiri on a wasabi, the belts rotated at round end


# -- the generator ------------------------------------------------------------------------------


def table_inputs(seed: int) -> tuple[list[Message], GameState]:
    """A seeded simulation as the table enters it: every roll, token use and pick."""
    rng = random.Random(seed)
    state: GameState = GAME.setup(PLAYERS, {**OPTIONS, "mode": "simulation"})
    out: list[Message] = []
    while not GAME.is_over(state):
        action = GAME.chance_action(state, rng) or rng.choice(GAME.legal_actions(state))
        out.append(action)
        state, _events = GAME.apply(state, action)
    return out, state


TITLE = RecordedTitle(
    game=GAME,
    slug="sr",
    game_heading="### A complete Sushi Roll game, turn by turn",
    scoring_heading="### The same Sushi Roll game in scoring mode",
    players=PLAYERS,
    options=OPTIONS,
    seed=SEED,
    table_inputs=table_inputs,
    entry_for=entry_for,
    cut_short=40,
    breakdown_words=("maki", "round 1", "game end", "[tie-break: desserts = "),
    other_title="sushi-go",
    nested_final=True,
)
GAME_FILE, SCORING_FILE = TITLE.game_file, TITLE.scoring_file


# -- the recorded files -----------------------------------------------------------------------


def test_the_recorded_game_has_every_kind_of_turn_input() -> None:
    kinds = {a["kind"] for a in load(GAME_FILE)["actions"]}
    assert kinds == {"roll", "use_menu", "use_chopsticks", "pick"}
    final = load(GAME_FILE)["final"]["rounds"]
    assert any(t["on_wasabi"] for r in final for t in r)
    assert all(len(t["dice"]) + len(t["on_wasabi"]) == 7 for r in final for t in r)


# -- replay -------------------------------------------------------------------------------------


def test_replay_names_a_pick_out_of_turn(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    first_pick = next(i for i, a in enumerate(record["actions"]) if a["kind"] == "pick")
    record["actions"].insert(first_pick, {"kind": "pick", "player": "Ann", "die": "maki:maki_1"})
    code, out, err = run("replay", write(tmp_path / "bad.json", record), "--json")
    assert code == 1
    assert err.startswith(f"companion: action {first_pick} (pick by Ann) is illegal: ")
    assert "it is Ben's turn, not Ann's" in err
    result = last_json(out)
    assert (result["index"], result["kind"], result["player"]) == (first_pick, "pick", "Ann")


def test_replay_names_a_roll_with_a_face_the_dice_table_does_not_print(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    record["actions"][0]["dice"][0] = "maki:squid"
    code, _out, err = run("replay", write(tmp_path / "bad.json", record))
    assert code == 2
    assert "a Maki die has no face 'squid'" in err


# -- score ------------------------------------------------------------------------------------


def test_score_refuses_a_final_object_that_cannot_exist(tmp_path: Path) -> None:
    record = load(GAME_FILE)
    record["final"]["rounds"][0][0]["dice"] += ["nigiri:squid"] * 6
    code, _out, err = run("score", "sushi-roll", write(tmp_path / "r.json", record))
    assert code == 1 and "Ann:" in err and "dice on the tray" in err
    record["final"] = {"rounds": [[{"dice": []}]]}
    code, _out, err = run("score", "sushi-roll", write(tmp_path / "r.json", record))
    assert code == 2 and "round 1: one tray per player (3: Ann, Ben, Cat)" in err


def test_score_and_replay_refuse_more_tokens_than_the_start_and_the_dice_give(
    tmp_path: Path,
) -> None:
    record = load(SCORING_FILE)
    ann_last = record["final"]["rounds"][2][0]
    menu_dice = sum(
        {"special:menu_1": 1, "special:menu_2": 2}.get(d, 0)
        for r in record["final"]["rounds"]
        for d in r[0]["dice"]
    )
    assert menu_dice == 4  # Ann took Menu x2 and Menu x1 in round 1, Menu x1 in round 3
    ann_last.update(menu=15, chopsticks=10)
    code, _out, err = run("score", "sushi-roll", write(tmp_path / "r.json", record))
    assert code == 1
    assert "Ann holds 15 Menu tokens, but 3 at the start" in err and "at most 7" in err
    ann_last.update(menu=7, chopsticks=2)  # exactly the most: accepted
    code, _out, err = run("score", "sushi-roll", write(tmp_path / "r.json", record))
    assert code == 0, err
    record = load(SCORING_FILE)
    entry = max(i for i, a in enumerate(record["actions"]) if a["player"] == "Ann")
    record["actions"][entry].update(menu=7, chopsticks=3)
    code, _out, err = run("replay", write(tmp_path / "bad.json", record))
    assert code == 1
    assert f"action {entry} (enter_tray by Ann) is illegal" in err
    assert "Ann holds 3 Chopsticks tokens" in err and "at most 2" in err


if __name__ == "__main__":  # pragma: no cover - prints the example records
    sys.stdout.write(TITLE.print_example(sys.argv))
