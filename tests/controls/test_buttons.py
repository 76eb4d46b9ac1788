"""The box's buttons through gpiozero's MockFactory: presses become intents in the session's
queue, a long press means the second thing, bouncing contacts make one press, and a press that
makes no sense now gives the reject pattern."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

import pytest

from companion.devices.buttons import TableButtons, next_step, table_game
from companion.devices.controls import Controls, FactoryChoice, TableControls, choose_factory
from companion.devices.feedback import Signal
from companion.devices.presses import LONG, SHORT, PressTiming
from companion.session.access import HOST
from companion.session.session import Act, Session
from companion.settings import Pins
from companion.table.rolls import RollDesk, TableRoll
from tests.controls.conftest import PLAYERS, TIMING

CONFIRM, SCAN, UNDO, NEXT = 17, 27, 22, 23
RED, BUZZER = 25, 16
TO_ROLL = ({"kind": "reveal_customers", "cards": ["light_blue", "rose", "tip"]},
           {"kind": "guess", "player": "Ann", "number": 7},
           {"kind": "guess", "player": "Ben", "number": 8},
           {"kind": "guess", "player": "Cat", "number": 9})


def tap(factory: Any, pin: int, held: float = 0.08) -> None:
    """Press and let go (buttons pull up and close to ground), after a pause longer than the
    debounce (a release shorter than that is contact chatter, not a release)."""
    time.sleep(TIMING.bounce * 3)
    factory.pin(pin).drive_low()
    time.sleep(held)
    factory.pin(pin).drive_high()


def hold(factory: Any, pin: int) -> None:
    tap(factory, pin, held=TIMING.hold + 0.15)


def new_game(session: Session, actions: tuple[dict[str, Any], ...] = (),
             roll_source: str = "tap") -> int:
    game = session.create_game("sushi-express", PLAYERS, {}, roll_source).game_pk
    for action in actions:
        session.submit(game, HOST, Act(action))
    return game


def history(session: Session, game: int) -> list[str]:
    return [h["action"]["kind"] for h in session.snapshot(game, HOST)["history"]]


def rises(factory: Any, pin: int) -> int:
    states = [s.state for s in factory.pin(pin).states]
    return sum(1 for a, b in itertools.pairwise(states) if b and not a)


def test_a_short_press_of_undo_undoes_the_last_change(
    make_controls: Callable[..., Controls], session: Session, factory: Any
) -> None:
    game = new_game(session, TO_ROLL[:2])
    controls = make_controls()
    tap(factory, UNDO)
    assert controls.wait_pressed(1)
    assert history(session, game) == ["reveal_customers"]
    pressed = controls.pressed[0]
    assert (pressed.button, pressed.press, pressed.answer.signal) == ("undo", SHORT,
                                                                      Signal.ACCEPTED)
    assert controls.player.wait_idle(5)
    assert controls.player.played == [Signal.ACCEPTED]


def test_a_long_press_of_undo_redoes(
    make_controls: Callable[..., Controls], session: Session, factory: Any
) -> None:
    game = new_game(session, TO_ROLL[:2])
    controls = make_controls()
    tap(factory, UNDO)
    hold(factory, UNDO)
    assert controls.wait_pressed(2)
    assert [p.press for p in controls.pressed] == [SHORT, LONG]
    assert history(session, game) == ["reveal_customers", "guess"]


def test_bouncing_contacts_make_one_press(
    make_controls: Callable[..., Controls], session: Session, factory: Any
) -> None:
    game = new_game(session, TO_ROLL[:3])
    # a long press (which does not undo) far beyond this press's 0.1 s, however loaded the
    # machine: only the chatter is under test here
    controls = make_controls(timing=PressTiming(bounce=TIMING.bounce, hold=3.0))
    pin = factory.pin(UNDO)
    for _ in range(4):  # chatter as the contacts close
        pin.drive_low()
        pin.drive_high()
    pin.drive_low()
    time.sleep(0.1)
    for _ in range(4):  # and as they open
        pin.drive_high()
        pin.drive_low()
    pin.drive_high()
    assert controls.wait_pressed(1)
    time.sleep(TIMING.hold + 0.1)  # room for any further press the chatter might make
    assert [p.press for p in controls.pressed] == [SHORT]
    assert history(session, game) == ["reveal_customers", "guess"], "one undo, not several"


def test_confirm_takes_the_pending_roll_and_a_long_press_dismisses_it(
    make_controls: Callable[..., Controls], session: Session, desk: RollDesk, factory: Any
) -> None:
    game = new_game(session, TO_ROLL, roll_source="tower")
    desk.holds.claim("tower", game)  # rolls go only to the game holding the tower (issue 28)
    controls = make_controls()
    assert desk.offer(TableRoll("tower", 1, (3, 5), "cocked")).outcome == "pending"
    hold(factory, CONFIRM)
    assert controls.wait_pressed(1)
    assert desk.pending(game) == [] and history(session, game)[-1] == "guess"
    assert desk.offer(TableRoll("tower", 2, (4, 5), "uncertain")).outcome == "pending"
    tap(factory, CONFIRM)
    assert controls.wait_pressed(2)
    assert controls.pressed[-1].answer.signal is Signal.ACCEPTED
    last = session.snapshot(game, HOST)["history"][-1]["action"]
    assert (last["kind"], last["dice"]) == ("roll", [4, 5])


def test_a_press_that_makes_no_sense_now_blinks_red_and_beeps(
    make_controls: Callable[..., Controls], factory: Any
) -> None:
    controls = make_controls()
    factory.pin(RED).clear_states()
    factory.pin(BUZZER).clear_states()
    tap(factory, CONFIRM)  # no game at all
    assert controls.wait_pressed(1)
    answer = controls.pressed[0].answer
    assert answer.signal is Signal.REJECTED and "no game" in answer.message
    assert controls.player.wait_idle(5)
    assert rises(factory, RED) == 4, "three red blinks, then red a moment"
    assert rises(factory, BUZZER) == 3


def test_confirm_without_a_pending_roll_and_next_with_nothing_to_advance_are_refused(
    session: Session, desk: RollDesk
) -> None:
    new_game(session, TO_ROLL[:1])
    buttons = TableButtons(session, desk)
    assert "no roll waits" in buttons.press("confirm", SHORT).message
    answer = buttons.press("next", SHORT)
    assert answer.signal is Signal.REJECTED and "no phase to advance" in answer.message
    assert buttons.press("undo", LONG).signal is Signal.REJECTED  # nothing to redo


def test_next_gives_up_a_failed_roll_in_sushi_express() -> None:
    view = {"phase": "roll", "players": [{"name": "Ann"}, {"name": "Ben"}],
            "roll": {"roller": 1, "awaiting": "reroll_or_give_up"}}
    assert next_step("sushi-express", view) == {"kind": "give_up", "player": "Ben"}
    view["roll"] = {"roller": 1, "awaiting": "roll"}
    assert next_step("sushi-express", view) is None


def test_the_scan_button_asks_the_camera_and_says_when_it_is_done(
    make_controls: Callable[..., Controls], factory: Any
) -> None:
    controls = make_controls(scanner=lambda: "7 cards")
    factory.pin(BUZZER).clear_states()
    tap(factory, SCAN)
    assert controls.wait_pressed(1)
    assert controls.pressed[0].answer.signal is Signal.SCAN_DONE
    assert controls.player.wait_idle(5)
    assert rises(factory, BUZZER) == 2
    refused = TableButtons(controls.buttons.session).press("scan", SHORT)
    assert refused.signal is Signal.REJECTED and "no camera scan" in refused.message


def test_the_buttons_act_on_the_game_changed_last_that_is_not_over(session: Session) -> None:
    first = new_game(session)
    second = new_game(session)
    assert table_game(session) == (second, "sushi-express")
    session.submit(first, HOST, Act(TO_ROLL[0]))
    assert table_game(session) == (first, "sushi-express")


def test_pins_can_be_moved_or_left_out(
    make_controls: Callable[..., Controls], session: Session, factory: Any
) -> None:
    game = new_game(session, TO_ROLL[:1])
    controls = make_controls(Pins(undo=5, scan=None, buzzer=None))
    tap(factory, 5)
    assert controls.wait_pressed(1)
    assert history(session, game) == []
    assert "scan" not in controls.device_status().detail


def test_the_pin_factory_is_chosen_by_the_gpio_setting() -> None:
    assert choose_factory("off") is None
    mock = choose_factory("mock")
    assert mock is not None and not mock.real and type(mock.factory).__name__ == "MockFactory"
    laptop = choose_factory("auto", model="", chips=[])
    assert laptop is not None and not laptop.real and laptop.fault is None
    assert "not a Raspberry Pi" in laptop.detail


def test_a_pi_whose_pin_factory_fails_runs_on_the_mock_and_says_why() -> None:
    # On this machine lgpio is not installed, so a "Pi 5" cannot load its factory.
    choice = choose_factory("auto", model="Raspberry Pi 5 Model B Rev 1.0",
                            chips=["/dev/gpiochip0"])
    assert choice is not None and not choice.real
    assert choice.fault is not None and "python3-lgpio" in choice.fault


def test_gpio_off_means_no_buttons_and_a_service_that_still_runs(session: Session) -> None:
    controls = TableControls("off", Pins(), session)
    status = controls.device_status()
    assert (status.label, status.ok) == ("off", True)
    controls.start()
    controls.close()


def test_pins_already_taken_are_a_fault_not_a_crash(
    session: Session, factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gpiozero import LED

    monkeypatch.setattr("companion.devices.controls.choose_factory",
                        lambda mode: FactoryChoice(factory, True, "a Pi (test)"))
    taken = LED(CONFIRM, pin_factory=factory)  # something else holds the confirm pin
    try:
        controls = TableControls("auto", Pins(), session)
        status = controls.device_status()
        assert not status.ok and status.reason is not None
        assert "could not start" in status.reason
        controls.start()
        controls.close()
    finally:
        taken.close()
