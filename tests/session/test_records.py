"""The versioned game record: reading, checking, upgrading, replaying."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import JSON, IllegalAction, UnreadableInput
from companion.session import records
from companion.session.records import (
    FORMAT_VERSION,
    IllegalRecordAction,
    load_bundle,
    load_record,
    record_to_json,
    replay_record,
)


def tally_record(**changes: Any) -> JSON:
    record: JSON = {
        "format_version": 1,
        "game": "tally",
        "options": {"target": 5},
        "players": [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}],
        "actions": [{"kind": "add", "player": "Ann", "amount": 3},
                    {"kind": "add", "player": "Ben", "amount": 1},
                    {"kind": "add", "player": "Ann", "amount": 2}],
    }
    record.update(changes)
    return record


def test_a_record_round_trips_through_load_and_to_json(finder: Any) -> None:
    loaded = load_record(tally_record(final={"totals": [5, 1]}, meta={"id": 3}), finder)
    assert loaded.to_json() == tally_record(final={"totals": [5, 1]}, meta={"id": 3})
    assert [p.name for p in loaded.players] == ["Ann", "Ben"]
    assert record_to_json("tally", loaded.options, loaded.players, loaded.actions) == \
        tally_record()


def test_missing_options_and_actions_take_their_defaults(finder: Any) -> None:
    record = tally_record()
    del record["options"], record["actions"]
    loaded = load_record(record, finder)
    assert loaded.options == {"target": 10} and loaded.actions == ()


def test_replay_plays_the_actions_and_scores(finder: Any) -> None:
    replayed = replay_record(load_record(tally_record(), finder))
    assert replayed.over
    assert [p.total for p in replayed.sheet.players] == [5, 1]


def test_replay_names_the_first_illegal_action(finder: Any) -> None:
    record = tally_record()
    record["actions"][1] = {"kind": "add", "player": "Ann", "amount": 1}
    with pytest.raises(IllegalRecordAction) as caught:
        replay_record(load_record(record, finder))
    assert (caught.value.index, caught.value.player) == (1, "Ann")
    assert caught.value.reason == "action 1 (add by Ann) is illegal: it is Ben's turn, not Ann's"


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ([], "must be a JSON object"),
        ({"game": "tally"}, "needs a whole-number 'format_version'"),
        (tally_record(format_version="1"), "whole-number 'format_version'"),
        (tally_record(format_version=True), "whole-number 'format_version'"),
        (tally_record(format_version=2), "format_version 2, newer than this companion reads"),
        (tally_record(format_version=0), "format_version 0 is not a known record format"),
        (tally_record(extra=1), "unexpected field(s) in the game record: extra"),
        (tally_record(game="chess"), "unknown game 'chess'"),
        (tally_record(game=7), "needs 'game'"),
        (tally_record(options={"target": 6}), "cannot be 6"),
        (tally_record(options=[]), "'options' must be a JSON object"),
        (tally_record(players="Ann"), "needs 'players'"),
        (tally_record(players=[{"colour": "red"}, "Ben"]), "a player needs a 'name'"),
        (tally_record(actions={}), "'actions' must be a list"),
        (tally_record(actions=[{"kind": "add", "player": "Ann", "amount": 1.5}]),
         "action 0: 'amount' must be a whole number"),
        (tally_record(actions=[{"kind": "add", "player": "Ann", "amount": 1}, {"kind": "x"}]),
         "action 1: unknown action kind 'x'"),
        (tally_record(final=[1]), "'final' must be a JSON object"),
        (tally_record(meta="x"), "'meta' must be a JSON object"),
    ],
)
def test_unreadable_records_are_refused_with_a_reason(
    record: Any, message: str, finder: Any
) -> None:
    with pytest.raises(UnreadableInput) as caught:
        load_record(record, finder)
    assert message in caught.value.reason


def test_a_player_list_the_title_does_not_allow_is_illegal(finder: Any) -> None:
    with pytest.raises(IllegalAction, match="2 to 4 players"):
        load_record(tally_record(players=["Ann"]), finder)
    with pytest.raises(IllegalAction, match="share a name"):
        load_record(tally_record(players=["Ann", "Ann"]), finder)


def test_old_versions_are_upgraded_step_by_step(
    monkeypatch: pytest.MonkeyPatch, finder: Any
) -> None:
    def from_0(old: JSON) -> JSON:
        # Version 0 (imaginary) called the players "seats" and had no options.
        new = {k: v for k, v in old.items() if k != "seats"}
        return {**new, "format_version": 1, "players": old["seats"], "options": {}}

    monkeypatch.setitem(records.UPGRADES, 0, from_0)
    old = tally_record(format_version=0, seats=["Ann", "Ben"])
    del old["players"], old["options"]
    loaded = load_record(old, finder)
    assert [p.name for p in loaded.players] == ["Ann", "Ben"]
    assert loaded.to_json()["format_version"] == FORMAT_VERSION


def test_a_faulty_upgrade_function_is_caught(monkeypatch: pytest.MonkeyPatch, finder: Any) -> None:
    monkeypatch.setitem(records.UPGRADES, 0, lambda old: old)
    with pytest.raises(RuntimeError, match="did not give format_version 1"):
        load_record(tally_record(format_version=0), finder)


def test_a_bundle_holds_many_records_and_a_single_record_is_a_bundle_of_one() -> None:
    assert load_bundle({"records": [1, 2]}) == [1, 2]
    assert load_bundle(tally_record()) == [tally_record()]
    with pytest.raises(UnreadableInput, match="'records' must be a list"):
        load_bundle({"records": {}})
