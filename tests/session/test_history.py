"""The pure history fold: act, undo, redo and correct, with conflicts after a correction."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import IllegalAction, Message, PlayerSpec, UnreadableInput
from companion.session import history as h

PLAYERS = [PlayerSpec("Ann"), PlayerSpec("Ben"), PlayerSpec("Cat")]


def a(tally: Any, **data: Any) -> Message:
    message: Message = tally.actions.from_json(data)
    return message


def add(tally: Any, player: str, amount: int) -> Message:
    return a(tally, kind="add", player=player, amount=amount)


def fresh(tally: Any, target: int = 10) -> h.History:
    return h.History(tally, tally.setup(PLAYERS, {"target": target}))


def kinds(history: h.History) -> list[tuple[str, ...]]:
    return [tuple(str(v) for v in m.to_json().values()) for m in history.actions]


def test_act_appends_and_undo_removes_the_last_action(tally: Any) -> None:
    history = fresh(tally)
    history.apply(h.act(add(tally, "Ann", 2)))
    history.apply(h.act(add(tally, "Ben", 3)))
    assert history.state.totals == (2, 3, 0)
    history.apply(h.undo())
    assert history.actions == (add(tally, "Ann", 2),)
    assert history.state.totals == (2, 0, 0)
    assert history.can_undo and history.can_redo


def test_redo_brings_back_what_undo_took(tally: Any) -> None:
    history = fresh(tally)
    history.apply(h.act(add(tally, "Ann", 2)))
    history.apply(h.undo())
    step = history.apply(h.redo())
    assert history.actions == (add(tally, "Ann", 2),)
    assert history.state.totals == (2, 0, 0)
    assert [e.to_json() for e in step.events] == [{"kind": "added", "player": "Ann", "total": 2}]
    assert not history.can_redo


def test_a_new_action_clears_redo(tally: Any) -> None:
    history = fresh(tally)
    history.apply(h.act(add(tally, "Ann", 2)))
    history.apply(h.undo())
    history.apply(h.act(add(tally, "Ann", 1)))
    assert not history.can_redo
    with pytest.raises(IllegalAction, match="nothing to redo"):
        history.apply(h.redo())


def test_undo_with_nothing_to_undo_is_refused(tally: Any) -> None:
    with pytest.raises(IllegalAction, match="nothing to undo"):
        fresh(tally).apply(h.undo())


def test_an_illegal_act_is_refused_and_changes_nothing(tally: Any) -> None:
    history = fresh(tally)
    history.apply(h.act(add(tally, "Ann", 2)))
    with pytest.raises(IllegalAction, match="Ben's turn"):
        history.prepare(h.act(add(tally, "Cat", 1)))
    assert history.actions == (add(tally, "Ann", 2),)
    assert history.state.totals == (2, 0, 0)


def test_prepare_does_not_change_the_history_until_install(tally: Any) -> None:
    history = fresh(tally)
    step = history.prepare(h.act(add(tally, "Ann", 2)))
    assert len(history) == 0
    history.install(step)
    assert len(history) == 1
    with pytest.raises(RuntimeError, match="older history"):
        history.install(step)


def test_correct_replaces_an_action_and_keeps_later_actions_that_still_hold(tally: Any) -> None:
    history = fresh(tally, target=20)
    for who, n in (("Ann", 1), ("Ben", 1), ("Cat", 1), ("Ann", 1)):
        history.apply(h.act(add(tally, who, n)))
    step = history.apply(h.correct(1, add(tally, "Ben", 3)))
    assert step.conflicts == ()
    assert history.actions[1] == add(tally, "Ben", 3)
    assert history.state.totals == (2, 3, 1)
    assert len(history) == 4


def test_correct_sets_aside_later_actions_that_no_longer_hold(tally: Any) -> None:
    history = fresh(tally, target=20)
    # Ann adds, Ben adds, Cat adds, Ann adds: correcting Ben's add into a swap reverses the
    # turn order, so it is Ann's turn (not Cat's) after it.
    for who, n in (("Ann", 1), ("Ben", 2), ("Cat", 3), ("Ann", 1)):
        history.apply(h.act(add(tally, who, n)))
    step = history.apply(h.correct(1, a(tally, kind="swap", player="Ben")))
    assert [(c.index, c.action) for c in step.conflicts] == [(2, add(tally, "Cat", 3))]
    assert "Ann's turn, not Cat's" in step.conflicts[0].reason
    assert history.actions == (
        add(tally, "Ann", 1), a(tally, kind="swap", player="Ben"), add(tally, "Ann", 1))
    assert history.state.totals == (2, 0, 0)
    assert history.conflicts == step.conflicts


def test_a_correction_must_itself_be_legal_at_its_position(tally: Any) -> None:
    history = fresh(tally)
    history.apply(h.act(add(tally, "Ann", 1)))
    history.apply(h.act(add(tally, "Ben", 1)))
    with pytest.raises(IllegalAction, match="Ann's turn, not Cat's"):
        history.apply(h.correct(0, add(tally, "Cat", 1)))
    assert history.actions == (add(tally, "Ann", 1), add(tally, "Ben", 1))
    assert history.conflicts == ()


def test_a_correction_index_out_of_range_is_unreadable(tally: Any) -> None:
    history = fresh(tally)
    history.apply(h.act(add(tally, "Ann", 1)))
    for index in (1, -1, 99):
        with pytest.raises(UnreadableInput, match="no action"):
            history.apply(h.correct(index, add(tally, "Ann", 2)))


def test_undo_reverts_a_correction_with_its_set_aside_actions(tally: Any) -> None:
    history = fresh(tally, target=20)
    for who, n in (("Ann", 1), ("Ben", 2), ("Cat", 3), ("Ann", 1)):
        history.apply(h.act(add(tally, who, n)))
    before, totals = history.actions, history.state.totals
    history.apply(h.correct(1, a(tally, kind="swap", player="Ben")))
    history.apply(h.undo())
    assert history.actions == before
    assert history.state.totals == totals
    assert history.conflicts == ()
    history.apply(h.redo())
    assert len(history.conflicts) == 1
    assert history.state.totals == (2, 0, 0)


def test_undo_after_a_correction_and_an_act_undoes_the_act_first(tally: Any) -> None:
    history = fresh(tally, target=20)
    history.apply(h.act(add(tally, "Ann", 1)))
    history.apply(h.act(add(tally, "Ben", 1)))
    history.apply(h.correct(0, add(tally, "Ann", 3)))
    history.apply(h.act(add(tally, "Cat", 2)))
    history.apply(h.undo())
    assert history.state.totals == (3, 1, 0)
    history.apply(h.undo())
    assert history.state.totals == (1, 1, 0)


def test_a_correction_that_ends_the_game_sets_aside_everything_after(tally: Any) -> None:
    history = fresh(tally, target=5)
    for who, n in (("Ann", 3), ("Ben", 1), ("Cat", 1), ("Ann", 1)):
        history.apply(h.act(add(tally, who, n)))
    step = history.apply(h.correct(0, a(tally, kind="bonus", value=6)))
    assert [c.index for c in step.conflicts] == [1, 2, 3]
    assert all(c.reason == "the game is over" for c in step.conflicts)
    assert tally.is_over(history.state)


def test_folding_the_same_entries_twice_gives_the_same_history(tally: Any) -> None:
    entries = [
        h.act(add(tally, "Ann", 1)), h.act(add(tally, "Ben", 2)), h.act(add(tally, "Cat", 3)),
        h.undo(), h.redo(), h.correct(1, a(tally, kind="swap", player="Ben")),
        h.act(add(tally, "Ann", 2)), h.undo(), h.undo(), h.redo(),
    ]
    initial = tally.setup(PLAYERS, {"target": 20})
    live = h.History(tally, initial)
    for entry in entries:
        live.apply(entry)
    replayed = h.fold(tally, initial, entries)
    for attr in ("actions", "state", "can_undo", "can_redo", "conflicts"):
        assert getattr(replayed, attr) == getattr(live, attr)


def test_entries_round_trip_through_their_stored_json(tally: Any) -> None:
    for entry in (h.act(add(tally, "Ann", 1)), h.undo(), h.redo(),
                  h.correct(3, a(tally, kind="bonus", value=4))):
        assert h.entry_from_json(tally, entry.type.value, entry.payload()) == entry


def test_fold_keeps_an_entry_the_rules_now_refuse_as_a_conflict(tally: Any) -> None:
    initial = tally.setup(PLAYERS, {"target": 10})
    history = h.fold(tally, initial, [h.act(add(tally, "Ben", 1)), h.act(add(tally, "Ann", 1))])
    assert history.actions == (add(tally, "Ann", 1),)
    assert len(history.conflicts) == 1
    assert history.conflicts[0].reason.startswith("refused on replay")


class CountingGame:
    """Tally, counting calls to ``apply``."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.calls = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def apply(self, state: Any, action: Message) -> Any:
        self.calls += 1
        return self.inner.apply(state, action)


def test_act_undo_and_redo_cost_at_most_one_engine_call_however_long_the_game(
    tally: Any,
) -> None:
    game = CountingGame(tally)
    history = h.History(game, tally.setup(PLAYERS, {"target": 20}))
    for _ in range(300):
        who = ("Ann", "Ben", "Cat")[history.state.turn]
        history.apply(h.act(a(tally, kind="swap", player=who)))
    game.calls = 0
    history.apply(h.undo())
    history.apply(h.redo())
    history.apply(h.undo())
    assert game.calls == 0
    history.apply(h.act(a(tally, kind="bonus", value=1)))
    assert game.calls == 1
