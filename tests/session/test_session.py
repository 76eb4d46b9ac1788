"""The session: the single writer, authorization, snapshots, subscriptions, replay at start-up."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.games.base import JSON, IllegalAction, PlayerSpec, UnreadableInput
from companion.session.errors import Forbidden, NotFound, SessionClosed
from companion.session.log import GameLog
from companion.session.session import (
    HOST,
    WATCHER,
    Act,
    Correct,
    Created,
    Redo,
    Session,
    Undo,
    seat_viewer,
)

ANN, BEN, CAT = seat_viewer(0), seat_viewer(1), seat_viewer(2)
PLAYERS = [PlayerSpec("Ann", "red"), PlayerSpec("Ben", "blue"), PlayerSpec("Cat", "green")]
History = Callable[[int], list[JSON]]


def add(player: str, amount: int) -> JSON:
    return {"kind": "add", "player": player, "amount": amount}


def play(session: Session, game_pk: int, *moves: tuple[str, int]) -> None:
    for player, amount in moves:
        session.submit(game_pk, HOST, Act(add(player, amount)))


# -- creating and joining ---------------------------------------------------------------------


def test_create_game_commits_the_game_before_returning(
    session: Session, created: Created, db_path: Path
) -> None:
    other = GameLog(db_path)
    row = other.game(created.game_pk)
    other.close()
    assert row.game == "tally"
    assert row.options == {"target": 10}
    assert row.join_code == created.join_code
    assert [p["name"] for p in row.players] == ["Ann", "Ben", "Cat"]


def test_create_game_refuses_a_wrong_player_count(session: Session) -> None:
    with pytest.raises(IllegalAction, match="2 to 4 players"):
        session.create_game("tally", PLAYERS[:1], {})


def test_create_game_refuses_unknown_titles_and_options(session: Session) -> None:
    with pytest.raises(UnreadableInput, match="unknown game"):
        session.create_game("chess", PLAYERS, {})
    with pytest.raises(UnreadableInput, match="unknown option"):
        session.create_game("tally", PLAYERS, {"colour": "red"})
    with pytest.raises(UnreadableInput, match="cannot be 7"):
        session.create_game("tally", PLAYERS, {"target": 7})
    assert session.list_games() == []


def test_list_games_shows_every_game_with_status_and_round(
    session: Session, created: Created
) -> None:
    session.create_game("tally", PLAYERS[:2], {"target": 5})
    games = session.list_games()
    assert [g["id"] for g in games] == [created.game_pk + 1, created.game_pk]
    assert games[1]["status"] == "playing" and games[1]["round"] == 1
    assert games[1]["players"][0] == {"name": "Ann", "colour": "red"}


def test_claiming_a_seat_with_the_join_code_gives_a_seat_token(
    session: Session, created: Created
) -> None:
    token = session.claim_seat(created.game_pk, created.join_code.lower(), 1)
    assert session.authenticate(created.game_pk, token) == BEN
    assert session.authenticate(created.game_pk, created.host_token) == HOST
    assert session.authenticate(created.game_pk, None) == WATCHER
    assert session.authenticate(created.game_pk, "guess") == WATCHER


def test_a_wrong_join_code_is_forbidden(session: Session, created: Created) -> None:
    with pytest.raises(Forbidden):
        session.claim_seat(created.game_pk, "AAAAAA", 0)


def test_claiming_a_seat_that_does_not_exist_is_unreadable(
    session: Session, created: Created
) -> None:
    with pytest.raises(UnreadableInput, match="no seat 3"):
        session.claim_seat(created.game_pk, created.join_code, 3)


def test_an_unknown_game_is_not_found(session: Session) -> None:
    for call in (
        lambda: session.snapshot(99, HOST),
        lambda: session.submit(99, HOST, Act(add("Ann", 1))),
        lambda: session.authenticate(99, None),
        lambda: session.claim_seat(99, "ABCDEF", 0),
        lambda: session.export_record(99),
        lambda: session.subscribe(99, HOST),
    ):
        with pytest.raises(NotFound):
            call()


# -- acting -----------------------------------------------------------------------------------


def test_an_accepted_action_answers_with_the_new_version_and_events(
    session: Session, created: Created
) -> None:
    outcome = session.submit(created.game_pk, HOST, Act(add("Ann", 2)))
    assert outcome.accepted and outcome.version == 1
    assert outcome.events == [{"kind": "added", "player": "Ann", "total": 2}]
    assert session.snapshot(created.game_pk, HOST)["version"] == 1


@pytest.mark.parametrize(
    ("intent", "error"),
    [
        (Act("not an object"), UnreadableInput),
        (Act({"kind": "fly"}), UnreadableInput),
        (Act({"kind": "add", "player": "Ann"}), UnreadableInput),
        (Act({"kind": "add", "player": "Ann", "amount": "2"}), UnreadableInput),
        (Act({"kind": "add", "player": "Ann", "amount": 2, "extra": 1}), UnreadableInput),
        (Act(add("Zed", 1)), IllegalAction),
        (Act(add("Ann", 9)), IllegalAction),
        (Act(add("Cat", 1)), IllegalAction),
        (Act({"kind": "bonus", "value": 7}), IllegalAction),
        (Correct(5, add("Ann", 1)), UnreadableInput),
        (Correct(-1, add("Ann", 1)), UnreadableInput),
        (Correct("0", add("Ann", 1)), UnreadableInput),
        (Correct(0, {"kind": "add"}), UnreadableInput),
        (Correct(0, add("Ben", 1)), IllegalAction),
        (Redo(), IllegalAction),
    ],
)
def test_bad_input_is_refused_and_leaves_the_state_untouched(
    session: Session, created: Created, intent: Any, error: type[Exception],
    host_history: History,
) -> None:
    play(session, created.game_pk, ("Ann", 1))
    before = session.snapshot(created.game_pk, HOST)
    with pytest.raises(error):
        session.submit(created.game_pk, HOST, intent)
    assert session.snapshot(created.game_pk, HOST) == before
    assert session.log.version(created.game_pk) == 1


def test_refusals_are_not_written_to_the_log(session: Session, created: Created) -> None:
    for _ in range(3):
        with pytest.raises(IllegalAction):
            session.submit(created.game_pk, HOST, Act(add("Cat", 1)))
    assert session.log.entries(created.game_pk) == []


def test_undo_redo_and_correct_go_through_the_log(
    session: Session, created: Created, host_history: History
) -> None:
    pk = created.game_pk
    play(session, pk, ("Ann", 1), ("Ben", 2))
    assert session.submit(pk, HOST, Undo()).version == 3
    assert host_history(pk) == [add("Ann", 1)]
    assert session.submit(pk, HOST, Redo()).version == 4
    outcome = session.submit(pk, HOST, Correct(0, add("Ann", 3)))
    assert outcome.version == 5 and outcome.conflicts == []
    assert host_history(pk) == [add("Ann", 3), add("Ben", 2)]
    assert [e.type for e in session.log.entries(pk)] == ["act", "act", "undo", "redo", "correct"]


def test_a_correction_reports_the_actions_it_set_aside(
    session: Session, created: Created
) -> None:
    pk = created.game_pk
    play(session, pk, ("Ann", 1), ("Ben", 2), ("Cat", 3))
    outcome = session.submit(pk, HOST, Correct(1, {"kind": "swap", "player": "Ben"}))
    assert outcome.conflicts == [
        {"index": 2, "action": add("Cat", 3), "reason": "it is Ann's turn, not Cat's"}]
    snap = session.snapshot(pk, HOST)
    assert snap["conflicts"] == outcome.conflicts
    assert "conflicts" not in session.snapshot(pk, ANN)


# -- authorization ----------------------------------------------------------------------------


def test_a_watcher_cannot_write(session: Session, created: Created) -> None:
    for intent in (Act(add("Ann", 1)), Undo(), Redo(), Correct(0, add("Ann", 1))):
        with pytest.raises(Forbidden):
            session.submit(created.game_pk, WATCHER, intent)


def test_a_seat_may_act_for_itself_and_enter_table_inputs(
    session: Session, created: Created
) -> None:
    session.submit(created.game_pk, ANN, Act(add("Ann", 1)))
    session.submit(created.game_pk, ANN, Act({"kind": "bonus", "value": 4}))
    assert session.snapshot(created.game_pk, ANN)["view"]["totals"] == [1, 4, 0]


def test_a_seat_may_not_act_for_another_seat(session: Session, created: Created) -> None:
    with pytest.raises(Forbidden, match="Ben cannot act for Ann"):
        session.submit(created.game_pk, BEN, Act(add("Ann", 1)))
    assert session.log.version(created.game_pk) == 0


def test_only_the_host_may_undo_redo_or_correct(session: Session, created: Created) -> None:
    play(session, created.game_pk, ("Ann", 1))
    for intent in (Undo(), Redo(), Correct(0, add("Ann", 2))):
        with pytest.raises(Forbidden, match="only the host"):
            session.submit(created.game_pk, ANN, intent)


def test_the_host_may_act_for_anyone_but_not_send_private_actions(
    session: Session, created: Created
) -> None:
    play(session, created.game_pk, ("Ann", 1), ("Ben", 1))
    with pytest.raises(Forbidden, match="private"):
        session.submit(created.game_pk, HOST, Act({"kind": "note", "seat": 0, "text": "x"}))
    with pytest.raises(Forbidden, match="private"):
        session.submit(created.game_pk, BEN, Act({"kind": "note", "seat": 0, "text": "x"}))


def test_private_actions_are_shown_only_to_their_own_seat(
    session: Session, created: Created
) -> None:
    pk = created.game_pk
    play(session, pk, ("Ann", 1))
    session.submit(pk, ANN, Act({"kind": "note", "seat": 0, "text": "I hold a re-roll"}))
    play(session, pk, ("Ben", 2))
    ann = session.snapshot(pk, ANN)["history"]
    assert [h["index"] for h in ann] == [0, 1, 2]
    assert ann[1]["action"]["text"] == "I hold a re-roll"
    for viewer in (HOST, BEN, WATCHER):
        shown = session.snapshot(pk, viewer)["history"]
        assert [h["index"] for h in shown] == [0, 2]
        assert "re-roll" not in repr(shown)
    assert session.snapshot(pk, ANN)["view"]["notes"] == ["I hold a re-roll"]
    assert "re-roll" not in repr(session.export_record(pk, HOST))
    assert "re-roll" in repr(session.export_record(pk))


def test_a_host_cannot_correct_a_private_action(session: Session, created: Created) -> None:
    session.submit(created.game_pk, ANN, Act({"kind": "note", "seat": 0, "text": "x"}))
    with pytest.raises(Forbidden, match="private"):
        session.submit(created.game_pk, HOST, Correct(0, {"kind": "bonus", "value": 1}))


def test_legal_moves_in_the_view_are_only_those_the_viewer_may_send(
    session: Session, created: Created
) -> None:
    pk = created.game_pk
    assert len(session.snapshot(pk, HOST)["view"]["legal"]) == 4
    assert len(session.snapshot(pk, ANN)["view"]["legal"]) == 4
    assert session.snapshot(pk, BEN)["view"]["legal"] == []
    assert session.snapshot(pk, WATCHER)["view"]["legal"] == []


# -- snapshots --------------------------------------------------------------------------------


def test_the_snapshot_has_the_documented_shape_per_viewer(
    session: Session, created: Created
) -> None:
    pk = created.game_pk
    play(session, pk, ("Ann", 2))
    host = session.snapshot(pk, HOST)
    assert list(host) == ["id", "game", "version", "status", "viewer", "join_code", "host_code",
                          "history", "can_undo", "can_redo", "conflicts", "roll_source",
                          "claimed_seats", "view"]
    assert host["claimed_seats"] == []
    assert host["viewer"] == {"role": "host", "seat": None}
    assert host["join_code"] == created.join_code
    assert host["history"] == [{"index": 0, "action": add("Ann", 2),
                                "summary": "Ann: add amount 2"}]
    assert (host["can_undo"], host["can_redo"], host["status"]) == (True, False, "playing")
    seat = session.snapshot(pk, BEN)
    assert not {"join_code", "conflicts", "host_code"} & set(seat)
    assert seat["viewer"] == {"role": "seat", "seat": 1}
    assert seat["view"]["notes"] == []
    assert session.snapshot(pk, WATCHER)["view"]["notes"] is None


def test_the_status_is_over_when_the_engine_says_so(session: Session) -> None:
    created = session.create_game("tally", PLAYERS[:2], {"target": 5})
    play(session, created.game_pk, ("Ann", 3), ("Ben", 1), ("Ann", 3))
    assert session.snapshot(created.game_pk, HOST)["status"] == "over"
    assert session.list_games()[0]["status"] == "over"
    session.submit(created.game_pk, HOST, Undo())
    assert session.list_games()[0]["status"] == "playing"


# -- replay at start-up -----------------------------------------------------------------------


def test_a_restarted_session_rebuilds_exactly_the_live_state(
    log: GameLog, session: Session, created: Created, finder: Any
) -> None:
    pk = created.game_pk
    play(session, pk, ("Ann", 1), ("Ben", 2), ("Cat", 3))
    session.submit(pk, HOST, Undo())
    session.submit(pk, HOST, Correct(1, {"kind": "swap", "player": "Ben"}))
    session.submit(pk, ANN, Act({"kind": "note", "seat": 0, "text": "secret"}))
    play(session, pk, ("Ann", 2))
    session.submit(pk, HOST, Undo())
    session.submit(pk, HOST, Undo())
    session.submit(pk, HOST, Redo())
    viewers = (HOST, ANN, BEN, WATCHER)
    live = [session.snapshot(pk, v) for v in viewers]
    session.close()
    restarted = Session(log, find=finder)
    try:
        assert [restarted.snapshot(pk, v) for v in viewers] == live
    finally:
        restarted.close()


def test_each_game_replays_on_its_own(log: GameLog, session: Session, finder: Any) -> None:
    first = session.create_game("tally", PLAYERS, {})
    second = session.create_game("tally", PLAYERS[:2], {"target": 20})
    play(session, first.game_pk, ("Ann", 1))
    play(session, second.game_pk, ("Ann", 3), ("Ben", 3))
    session.close()
    restarted = Session(log, find=finder)
    try:
        assert restarted.snapshot(first.game_pk, HOST)["view"]["totals"] == [1, 0, 0]
        assert restarted.snapshot(second.game_pk, HOST)["view"]["totals"] == [3, 3]
    finally:
        restarted.close()


# -- subscriptions ----------------------------------------------------------------------------


def test_a_subscriber_gets_a_fresh_snapshot_after_each_change(
    session: Session, created: Created
) -> None:
    pk = created.game_pk
    sub = session.subscribe(pk, BEN)
    assert sub.get(timeout=0.01) is None
    play(session, pk, ("Ann", 2))
    snap = sub.get(timeout=10)
    assert snap is not None and snap["version"] == 1
    assert snap["viewer"] == {"role": "seat", "seat": 1}
    assert sub.get(timeout=0.01) is None
    sub.close()


def test_a_slow_subscriber_gets_the_latest_snapshot_and_never_blocks_the_writer(
    session: Session, created: Created
) -> None:
    pk = created.game_pk
    sub = session.subscribe(pk, HOST)
    for _ in range(30):
        session.submit(pk, HOST, Act({"kind": "bonus", "value": 1}))
        session.submit(pk, HOST, Undo())
    snap = sub.get(timeout=10)
    assert snap is not None and snap["version"] == 60
    assert sub.get(timeout=0.01) is None


def test_private_actions_reach_only_their_seats_subscription(
    session: Session, created: Created
) -> None:
    pk = created.game_pk
    ann, ben = session.subscribe(pk, ANN), session.subscribe(pk, BEN)
    session.submit(pk, ANN, Act({"kind": "note", "seat": 0, "text": "secret"}))
    got_ann, got_ben = ann.get(timeout=10), ben.get(timeout=10)
    assert got_ann is not None and got_ben is not None
    assert "secret" in repr(got_ann) and "secret" not in repr(got_ben)


def test_closing_a_subscription_releases_a_waiting_get(
    session: Session, created: Created
) -> None:
    sub = session.subscribe(created.game_pk, HOST)
    answers: list[Any] = []
    waiter = threading.Thread(target=lambda: answers.append(sub.get(timeout=10)))
    waiter.start()
    sub.close()
    waiter.join(timeout=10)
    assert answers == [None]


def test_closing_the_session_ends_subscriptions_and_refuses_intents(
    session: Session, created: Created
) -> None:
    sub = session.subscribe(created.game_pk, HOST)
    session.close()
    assert sub.get(timeout=0.01) is None and sub.closed
    with pytest.raises(SessionClosed):
        session.submit(created.game_pk, HOST, Act(add("Ann", 1)))


def test_concurrent_submissions_are_serialized_by_the_writer(
    session: Session,
) -> None:
    created = session.create_game("tally", PLAYERS, {"target": 20})
    errors: list[Exception] = []

    def bonus() -> None:
        for _ in range(10):
            try:
                session.submit(created.game_pk, HOST, Act({"kind": "bonus", "value": 1}))
            except Exception as exc:  # pragma: no cover - reported below
                errors.append(exc)

    threads = [threading.Thread(target=bonus) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # 20 bonuses of 1 for Ann reach the target; the other 20 are refused (the game is over).
    assert len(errors) == 20 and all(isinstance(e, IllegalAction) for e in errors)
    assert session.snapshot(created.game_pk, HOST)["version"] == 20


# -- records ----------------------------------------------------------------------------------


def test_export_then_import_gives_the_same_game(session: Session, created: Created) -> None:
    pk = created.game_pk
    play(session, pk, ("Ann", 1), ("Ben", 2))
    record = session.export_record(pk)
    assert record["format_version"] == 1 and record["game"] == "tally"
    assert record["actions"] == [add("Ann", 1), add("Ben", 2)]
    new_pk = session.import_record(record)
    assert new_pk != pk
    copy = session.snapshot(new_pk, HOST)
    assert copy["history"] == session.snapshot(pk, HOST)["history"]
    assert copy["view"] == session.snapshot(pk, HOST)["view"]
    assert session.authenticate(new_pk, created.host_token) == WATCHER
    token = session.new_host_token(new_pk)
    assert session.authenticate(new_pk, token) == HOST


def test_importing_a_record_with_an_illegal_action_stores_nothing(
    session: Session, created: Created
) -> None:
    record = session.export_record(created.game_pk)
    record["actions"] = [add("Ann", 1), add("Cat", 1)]
    with pytest.raises(IllegalAction, match=r"action 1 \(add by Cat\)"):
        session.import_record(record)
    record["format_version"] = 99
    with pytest.raises(UnreadableInput, match="format_version 99"):
        session.import_record(record)
    assert len(session.list_games()) == 1
