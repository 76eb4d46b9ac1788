"""Scoring mode (each table entered at round end), the record's ``final`` object and
``companion score sushi-go`` / ``companion replay``."""

from __future__ import annotations

import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.games.base import JSON, Message, PlayerSpec, UnreadableInput
from companion.games.sushi_go import GAME
from companion.games.sushi_go.actions import Deal, EnterTableau
from companion.games.sushi_go.legal import entry_for
from companion.games.sushi_go.state import Phase

from .helpers import enter, fill_rounds, new_game, pad, players, random_game, refused

SP = "strawberry_pudding_"


# ------------------------------------------------------------------------------ one round


def test_every_table_must_hold_the_cards_dealt_no_more_no_fewer() -> None:
    state = new_game(4, mode="scoring")
    refused(state, EnterTableau("Ann", pad([], 7)), "7 cards", "ends the round with 8")
    refused(state, EnterTableau("Ann", (*pad([], 8), "gyoza")), "9 cards")


def test_one_nigiri_per_wasabi_and_only_nigiri_on_a_wasabi() -> None:
    state = new_game(2, mode="scoring")
    refused(
        state,
        EnterTableau("Ann", pad(["wasabi"], 8), on_wasabi=("egg_nigiri", "squid_nigiri")),
        "one nigiri per wasabi",
    )
    refused(state, EnterTableau("Ann", pad(["wasabi"], 9), on_wasabi=("tempura",)), "only a nigiri")


def test_a_tableau_may_be_entered_again_until_the_last_one_arrives() -> None:
    state = new_game(2, mode="scoring")
    state = enter(state, "Ann", *pad(["squid_nigiri"], 10))
    state = enter(state, "Ann", *pad(["egg_nigiri"], 10))
    assert state.entered[0] is not None and "egg_nigiri" in state.entered[0].cards
    state = enter(state, "Ben", *pad([], 10))
    assert state.round == 2 and state.phase is Phase.ENTRY


def test_an_unknown_card_is_unreadable_and_a_card_of_another_edition_illegal() -> None:
    state = new_game(2, mode="scoring")
    with pytest.raises(UnreadableInput):
        GAME.apply(state, EnterTableau("Ann", pad(["uramaki_3"], 10)))
    refused(state, EnterTableau("Ann", pad(["maki_1"], 10)), "not in this game's deck")


# ------------------------------------------------------------------------------ over the game


def test_copies_are_counted_over_the_game_because_the_deck_is_not_reshuffled() -> None:
    state = new_game(2, mode="scoring")
    state = enter(state, "Ann", *pad(["tempura"] * 8, 10, ["gyoza"] * 2))
    state = enter(state, "Ben", *pad(["tempura"] * 4, 10, ["gyoza"] * 6))
    state = enter(state, "Ann", *pad(["tempura"] * 3, 10, ["sashimi"] * 7))
    refused(
        state,
        EnterTableau("Ben", pad([], 10, ["salmon_nigiri"] * 10)),
        "15 x Tempura played this game",
        "holds 14",
    )


def test_only_10_strawberry_puddings_in_the_deck_whatever_their_symbols() -> None:
    state = new_game(2, mode="scoring")
    state = enter(state, "Ann", *pad([SP + "1"] * 6, 10), lead_takes=1)
    ben = EnterTableau("Ben", pad([SP + "2"] * 5, 10), lead_takes=0)
    refused(state, ben, "11 strawberry pudding cards")


def test_alternative_dessert_counts_are_not_known_so_not_checked() -> None:
    state = new_game(2, mode="scoring", dessert="mochi")
    state = enter(state, "Ann", *pad(["mochi"] * 7, 10), mochi_die=4)
    state = enter(state, "Ben", *pad(["mochi"] * 7, 10), mochi_die=2)
    assert state.round == 2


def test_the_mochi_die_changes_only_when_its_player_takes_a_mochi_card() -> None:
    state = new_game(2, mode="scoring", dessert="mochi")
    refused(state, EnterTableau("Ann", pad(["mochi"], 10)), "enter the face their die shows")
    state = enter(state, "Ann", *pad(["mochi"], 10), mochi_die=5)
    refused(state, EnterTableau("Ben", pad([], 10), mochi_die=3), "still shows 1")
    state = enter(state, "Ben", *pad([], 10))  # 0: unchanged
    assert [t.mochi_die for t in state.rounds[0]] == [5, 1]
    assert state.dice == (5, 1)


def test_a_whole_game_in_scoring_mode_ends_with_the_desserts() -> None:
    state = new_game(3, mode="scoring")
    wanted = [[[SP + "4"], [SP + "1"], []], [[], [], []], [[], [SP + "2"], []]]
    for tables in fill_rounds(wanted, 9):
        for name, cards in zip(state.names, tables, strict=True):
            takes = 1 if cards[0].startswith(SP) and name == "Ann" else 0
            state = enter(state, name, *cards, lead_takes=takes)
    assert state.phase is Phase.OVER
    lines = {p.player: p.breakdown for p in GAME.score(state).players}
    assert [x.points for x in lines["Cat"] if x.rule == "strawberry pudding fewest"] == [-6]
    assert [x.detail for x in lines["Cat"] if x.rule.startswith("strawberry")] == [
        "game end: 0 strawberry symbols, the fewest (0 included): -6"
    ]


# ------------------------------------------------------------------------------ the record


def test_the_final_object_round_trips_and_scores_like_the_game() -> None:
    state, _ = random_game({"dessert": "mochi"}, 3, seed=5)
    final = json.loads(json.dumps(GAME.final_json(state)))
    assert set(final) == {"rounds"} and len(final["rounds"]) == 3
    assert set(final["rounds"][0][0]) == {
        "cards",
        "on_wasabi",
        "lead_takes",
        "holds_lead",
        "mochi_die",
    }
    again = GAME.score_final(players(3), {"dessert": "mochi"}, final)
    assert again.to_json() == GAME.score(state).to_json()


def test_a_final_object_may_leave_out_what_is_certain() -> None:
    state, _ = random_game({}, 2, seed=9)
    final: JSON = json.loads(json.dumps(GAME.final_json(state)))
    holder_certain = all(sum(1 for t in r if t["lead_takes"]) <= 1 for r in final["rounds"])
    for r in final["rounds"]:
        for t in r:
            if not t["on_wasabi"]:
                del t["on_wasabi"]
            if holder_certain:
                del t["holds_lead"]
            del t["mochi_die"]
    again = GAME.score_final(players(2), {}, final)
    assert again.to_json() == GAME.score(state).to_json()


@pytest.mark.parametrize(
    ("final", "words"),
    [
        ([], "final state is"),
        ({"rounds": [], "extra": 1}, "only 'rounds'"),
        ({"rounds": [[{"cards": []}]]}, "one tableau per table"),
        ({"rounds": [[{"cards": [1]}, {"cards": []}]]}, "list of card ids"),
        ({"rounds": [[{"cards": [], "foo": 1}, {"cards": []}]]}, "unexpected key"),
        ({"rounds": [[{"cards": [], "holds_lead": 1}, {"cards": []}]]}, "true or false"),
    ],
)
def test_an_unreadable_final_object_is_refused_with_the_reason(final: Any, words: str) -> None:
    with pytest.raises(UnreadableInput, match=words):
        GAME.score_final(players(2), {}, final)


# ------------------------------------------------------------------------------ the command


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def exported(options: JSON, names: list[PlayerSpec], actions: list[Message]) -> JSON:
    """The record the session exports for a game played with ``actions``."""
    from companion.session.log import GameLog
    from companion.session.session import HOST, Act, Session

    with tempfile.TemporaryDirectory() as tmp:
        log = GameLog(Path(tmp) / "sg.sqlite3")
        try:
            with Session(log) as session:
                created = session.create_game("sushi-go", names, options)
                for action in actions:
                    session.submit(created.game_pk, HOST, Act(action.to_json()))
                record: JSON = session.export_record(created.game_pk)
        finally:
            log.close()
    return record


@pytest.mark.parametrize(
    "options",
    [{}, {"dessert": "mochi", "variant": "dummy_player"}, {"edition": "2013"}],
    ids=["strawberry", "mochi-dummy", "2013"],
)
def test_companion_score_and_replay_support_sushi_go(tmp_path: Path, options: JSON) -> None:
    state, actions = random_game(options, 2, seed=4)
    turns = exported(
        {**options, "mode": "turns"}, players(2), [a for a in actions if not isinstance(a, Deal)]
    )
    entries: list[Message] = [
        entry_for(name, t) for r in state.rounds for name, t in zip(state.names, r, strict=True)
    ]
    scoring = exported({**options, "mode": "scoring"}, players(2), entries)
    assert turns["final"] == scoring["final"] == GAME.final_json(state)
    scores = []
    for name, record in (("t.json", turns), ("s.json", scoring)):
        path = tmp_path / name
        path.write_text(json.dumps(record), encoding="utf-8")
        code, out, err = run("replay", str(path), "--json")
        assert (code, err) == (0, ""), err
        assert "the game is over" in out
        scores.append(json.loads(out.strip().splitlines()[-1])["score"])
        code, out, err = run("score", "sushi-go", str(path))
        assert (code, err) == (0, "") and "Sushi Go!: final scores" in out
    assert scores[0] == scores[1] == GAME.score(state).to_json()
