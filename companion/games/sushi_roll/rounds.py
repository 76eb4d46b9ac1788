"""Setup, tray entry (scoring mode) and the end of a round.

A round ends when the belts are empty after a turn (turn modes) or when the last tray is entered
(scoring mode). The round is then checked (:func:`.tray.check_round`) and scored; if anything is
refused, the action that ended the round is refused and nothing changes. All dice go back to the
bag; tokens stay with their players. With 3 players the belts move left once more at round end
(SEED4), so the red belt's next holder plays first in the next round; with 2, 4 or 5 players the
belts stay where the last pass left them.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.base import IllegalAction, Message
from companion.games.common.evolve import evolve
from companion.games.sushi_roll import actions as a
from companion.games.sushi_roll import events as ev
from companion.games.sushi_roll.dice import ROUNDS, Symbol
from companion.games.sushi_roll.options import Mode, Rules
from companion.games.sushi_roll.scoring import game_lines, round_points, sheet_of
from companion.games.sushi_roll.state import GameState, Phase, Seat, Supply, tray_of
from companion.games.sushi_roll.tray import Tray, check_held, check_round, check_supply, check_tray
from companion.i18n import msg

Events = list[Message]


def setup(names: Sequence[str], rules: Rules) -> GameState:
    """A new game: every player holds 3 Menu and 2 Chopsticks tokens; the game waits for the
    first rolls (turn modes) or the first trays (scoring mode)."""
    scoring = rules.mode is Mode.SCORING
    return GameState(
        names=tuple(names),
        rules=rules,
        phase=Phase.ENTRY if scoring else Phase.ROLL,
        supply=Supply.at_start(rules.players),
        seats=tuple(Seat() for _ in names),
        red=rules.red,
        entered=(None,) * len(names) if scoring else (),
    )


# ------------------------------------------------------------------------------ scoring mode


def resolve_tray(action: a.EnterTray, before: Sequence[Sequence[Tray]], seat: int) -> Tray:
    """The :class:`Tray` an entry describes (``desserts`` -1: earlier rounds plus the desserts
    this round's dessert dice show); a value below -1 is refused."""
    if action.desserts < -1:
        raise IllegalAction(
            msg("{who}: {n} desserts cannot be held", who=action.player, n=action.desserts)
        )
    t = Tray(
        dice=action.dice,
        on_wasabi=action.on_wasabi,
        desserts=max(action.desserts, 0),
        menu=action.menu,
        chopsticks=action.chopsticks,
    )
    if action.desserts < 0:
        had = before[-1][seat].desserts if before else 0
        return evolve(t, desserts=had + t.shown(Symbol.DESSERT))
    return t


def enter_tray(state: GameState, action: a.EnterTray, events: Events) -> GameState:
    """Scoring mode: check ``action``'s tray on its own, against the player's trays of the
    rounds before (tokens held, ruling R17) and with the trays entered so far (the box's
    tokens); keep it, and score the round once every tray is in (:func:`score_round`)."""
    if state.phase is not Phase.ENTRY:
        raise IllegalAction(msg("a tray is not expected now: the game is over"))
    seat = state.seat_of(action.player)
    tray = resolve_tray(action, state.rounds, seat)
    check_tray(tray, state.rules, action.player)
    check_held(tray, [r[seat] for r in state.rounds], action.player)
    entered = list(state.entered)
    entered[seat] = tray
    check_supply([t for t in entered if t is not None])
    events.append(ev.TrayEntered(action.player, len(tray.physical())))
    state = evolve(state, entered=tuple(entered))
    if all(t is not None for t in entered):
        state = score_round(state, tuple(t for t in entered if t is not None), events)
    return state


# ------------------------------------------------------------------------------ round end


def end_round(state: GameState, events: Events) -> GameState:
    """Turn modes: the belts are empty; score the trays and set up the next round."""
    return score_round(state, tuple(tray_of(s) for s in state.seats), events)


def score_round(state: GameState, trays: tuple[Tray, ...], events: Events) -> GameState:
    names = state.names
    check_round(trays, state.rules, names, state.rounds)
    points = round_points(trays)
    events.append(ev.RoundScored(state.round, points))
    rounds = (*state.rounds, trays)
    state = evolve(
        state,
        rounds=rounds,
        round_points=(*state.round_points, points),
        seats=tuple(Seat(menu=t.menu, chopsticks=t.chopsticks, desserts=t.desserts) for t in trays),
        entered=(None,) * len(names) if state.mode is Mode.SCORING else (),
        reroll=(),
    )
    if state.round >= ROUNDS:
        sheet = sheet_of(names, game_lines(rounds, state.players), rounds)
        winners = tuple(r["name"] for r in sheet.ranking() if r["rank"] == 1)
        events.append(ev.GameOver(tuple(p.total for p in sheet.players), winners))
        return evolve(state, phase=Phase.OVER)
    state = evolve(state, round=state.round + 1, turn=1)
    if state.mode is Mode.SCORING:
        return evolve(state, phase=Phase.ENTRY)
    if state.rules.rotates_at_round_end:
        state = evolve(state, red=(state.red + 1) % state.players)
        events.append(ev.BeltsPassed(names[state.red], round_end=True))
    return evolve(state, phase=Phase.ROLL)
