"""Turn-by-turn play: rolls, Menu and Chopsticks tokens, picks, passing the belts.

Our readings of SEED4 (``docs/RULINGS.md``, R11-R16):

* At the start of every turn each belt with dice is rolled ("Les plats arrivent", and "Puis
  répétez les phases 1 (relancez !)..."): one :class:`~.actions.Roll` per belt, in any order.
  In a round's first turn the dice come from the bag: their kinds must fit the 30 dice of the
  box; later the kinds must be those already on the belt.
* The red-bordered belt's holder plays first, then clockwise. The red belt moves with the dice,
  so the first player changes every turn.
* On their turn a player may spend Menu and Chopsticks tokens, any number and in any order
  while they hold some, then must move one die to their tray, face unchanged. A Menu re-rolls
  dice of their own belt (at least one); a Chopsticks swap takes a die of another belt, any
  belt with dice (also of a player who has played this turn), never a tray.
* A nigiri goes on a free wasabi of the tray when there is one (one nigiri per wasabi; a wasabi
  taken later does not go under an earlier nigiri). Tokens: :mod:`.tokens`.
* When everyone has played, the belts pass to the left (seat ``i``'s belt goes to seat
  ``i + 1``) unless they are empty: then the round ends (:mod:`.rounds`).

**Faces not entered** (issue 24 item 7: a round in a few taps). Only the die a player takes
scores, so the table need not enter every roll: after a round's first turn, a decision of the
red belt's holder (a pick, a Menu or a Chopsticks token) while belts wait for their roll rolls
every belt not yet entered with its faces unread (``"kind:?"``, :func:`~.dice.unread`; the
kinds stay those of the belt). A roll may also give unread faces (a Menu re-roll left
unentered). A pick names the face taken: it takes that die, or else an unread die of its kind;
a Chopsticks swap likewise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from companion.games.base import IllegalAction, Message
from companion.games.common.evolve import evolve
from companion.games.sushi_roll import actions as a
from companion.games.sushi_roll import events as ev
from companion.games.sushi_roll.dice import (
    DICE_IN_BOX,
    KIND_NAMES,
    NIGIRI_VALUES,
    DieKind,
    Symbol,
    check_belt_reading,
    describe_kinds,
    die,
    die_name,
    is_unread,
    kinds_count,
    unread,
)
from companion.games.sushi_roll.rounds import end_round
from companion.games.sushi_roll.state import GameState, Phase, Placed, Seat
from companion.games.sushi_roll.tokens import take_tokens

Events = list[Message]


def need(state: GameState, phase: Phase, what: str) -> None:
    if state.phase is not phase:
        raise IllegalAction(f"{what} is not expected now (the game waits for: {waiting(state)})")


def waiting(state: GameState) -> str:
    """What the game waits for, in words."""
    if state.phase is Phase.ROLL:
        return "the belts of " + ", ".join(state.names[i] for i in state.to_roll()) + " to roll"
    if state.phase is Phase.PICK:
        return f"{state.names[state.current]} to play"
    if state.phase is Phase.REROLL:
        return f"the roll of {state.names[state.current]}'s re-rolled dice"
    if state.phase is Phase.ENTRY:
        return "the trays at round end"
    return "nothing: the game is over"


def with_seat(state: GameState, seat: int, new: Seat) -> GameState:
    seats = list(state.seats)
    seats[seat] = new
    return evolve(state, seats=tuple(seats))


def remove(held: tuple[str, ...], taken: Iterable[str]) -> tuple[str, ...] | None:
    """``held`` without ``taken`` (a multiset difference), or ``None`` if not all are held."""
    left = Counter(held)
    left.subtract(taken)
    if min(left.values(), default=0) < 0:
        return None
    return tuple(sorted(left.elements()))


def take_die(belt: tuple[str, ...], reading: str) -> tuple[str, ...] | None:
    """``belt`` without the die ``reading``: that very die, or else a die of its kind whose
    face was not entered; ``None`` when the belt holds neither."""
    left = remove(belt, (reading,))
    if left is None and not is_unread(reading):
        left = remove(belt, (unread(die(reading).kind),))
    return left


def _belt_words(belt: tuple[str, ...]) -> str:
    return ", ".join(die_name(r) for r in belt) or "no dice"


# ------------------------------------------------------------------------------ rolls


def roll(state: GameState, action: a.Roll, events: Events) -> GameState:
    seat = state.seat_of(action.player)
    for reading in action.dice:
        check_belt_reading(reading)  # UnreadableInput for a face the table does not print
    if state.phase is Phase.REROLL:
        return _reroll(state, seat, action, events)
    need(state, Phase.ROLL, "a roll")
    s = state.seats[seat]
    if s.rolled:
        raise IllegalAction(f"{action.player}'s belt is already rolled this turn (undo to fix it)")
    got = kinds_count(action.dice)
    if state.turn == 1:
        _check_draw(state, action.player, got)
        if not any(x.rolled for x in state.seats):
            events.append(ev.RoundStarted(state.round, state.rules.belt, state.names[state.red]))
    elif got != kinds_count(s.belt):
        raise IllegalAction(
            f"{action.player}'s belt holds {describe_kinds(kinds_count(s.belt))} dice, "
            f"but the roll shows {describe_kinds(got)}"
        )
    belt = tuple(sorted(action.dice))
    events.append(ev.BeltRolled(action.player, belt))
    state = with_seat(state, seat, evolve(s, belt=belt, rolled=True))
    if state.to_roll():
        return state
    events.append(ev.TurnStarted(state.round, state.turn, state.names[state.red]))
    return evolve(state, phase=Phase.PICK)


def _check_draw(state: GameState, who: str, got: dict[DieKind, int]) -> None:
    """Round start: the belt gets its dice from the bag (all 30 dice are in it)."""
    n = sum(got.values())
    if n != state.rules.belt:
        raise IllegalAction(
            f"with {state.players} players each belt gets {state.rules.belt} dice from the bag, "
            f"but {who}'s roll shows {n}"
        )
    drawn = kinds_count(r for s in state.seats for r in s.belt)
    for kind, k in got.items():
        if drawn[kind] + k > DICE_IN_BOX[kind]:
            dice = "die" if k == 1 else "dice"
            raise IllegalAction(
                f"{who}'s roll shows {k} {KIND_NAMES[kind]} {dice}, but only "
                f"{DICE_IN_BOX[kind] - drawn[kind]} of the {DICE_IN_BOX[kind]} are left in the bag"
            )


def _reroll(state: GameState, seat: int, action: a.Roll, events: Events) -> GameState:
    who = state.names[state.current]
    if seat != state.current:
        raise IllegalAction(f"{who} is re-rolling: enter {who}'s dice, not {action.player}'s")
    want, got = kinds_count(state.reroll), kinds_count(action.dice)
    if got != want:
        raise IllegalAction(
            f"{who} re-rolls {describe_kinds(want)} dice, but the roll shows {describe_kinds(got)}"
        )
    s = state.seats[seat]
    kept = remove(s.belt, state.reroll)
    assert kept is not None  # checked by use_menu
    events.append(ev.BeltRolled(who, tuple(sorted(action.dice)), rerolled=True))
    state = with_seat(state, seat, evolve(s, belt=tuple(sorted(kept + action.dice))))
    return evolve(state, phase=Phase.PICK, reroll=())


# ------------------------------------------------------------------------------ tokens


def _mover(state: GameState, player: str, what: str, events: Events) -> tuple[GameState, int]:
    """The state in which ``player`` decides (belts left unrolled after a round's first turn
    are rolled with faces unread) and their seat; :class:`IllegalAction` when it is not
    ``player``'s turn."""
    if state.phase is Phase.ROLL and state.turn > 1:
        state = _unread_rolls(state, events)
    need(state, Phase.PICK, what)
    seat = state.seat_of(player)
    if seat != state.current:
        first = state.names[state.red]
        raise IllegalAction(
            f"it is {state.names[state.current]}'s turn, not {player}'s ({first} holds the "
            "red-bordered belt and plays first this turn; then clockwise)"
        )
    return state, seat


def _unread_rolls(state: GameState, events: Events) -> GameState:
    """Every belt still to roll is rolled, its faces not entered (the kinds it holds)."""
    seats = list(state.seats)
    for i in state.to_roll():
        s = seats[i]
        belt = tuple(sorted(unread(kind) for kind, n in kinds_count(s.belt).items()
                            for _ in range(n)))
        events.append(ev.BeltRolled(state.names[i], belt))
        seats[i] = evolve(s, belt=belt, rolled=True)
    events.append(ev.TurnStarted(state.round, state.turn, state.names[state.red]))
    return evolve(state, seats=tuple(seats), phase=Phase.PICK)


def use_menu(state: GameState, action: a.UseMenu, events: Events) -> GameState:
    who = action.player
    state, seat = _mover(state, who, "a Menu token", events)
    s = state.seats[seat]
    if s.menu < 1:
        raise IllegalAction(f"{who} has no Menu token left")
    if not action.dice:
        raise IllegalAction(f"{who}: choose at least one die of the belt to re-roll")
    for reading in action.dice:
        check_belt_reading(reading)
    if remove(s.belt, action.dice) is None:
        raise IllegalAction(
            f"{who} can re-roll only dice of {who}'s own belt ({_belt_words(s.belt)})"
        )
    chosen = tuple(sorted(action.dice))
    events.append(ev.MenuUsed(who, chosen))
    state = with_seat(state, seat, evolve(s, menu=s.menu - 1))
    supply = evolve(state.supply, menu=state.supply.menu + 1)
    return evolve(state, supply=supply, phase=Phase.REROLL, reroll=chosen)


def use_chopsticks(state: GameState, action: a.UseChopsticks, events: Events) -> GameState:
    who = action.player
    state, seat = _mover(state, who, "a Chopsticks token", events)
    s = state.seats[seat]
    if s.chopsticks < 1:
        raise IllegalAction(f"{who} has no Chopsticks token left")
    other = state.seat_of(action.other)
    if other == seat:
        raise IllegalAction(f"{who}: Chopsticks swap with another player's belt, not {who}'s own")
    check_belt_reading(action.give)
    check_belt_reading(action.take)
    o = state.seats[other]
    mine = take_die(s.belt, action.give)
    theirs = take_die(o.belt, action.take)
    if mine is None:
        raise IllegalAction(
            f"{who}'s belt has no {die_name(action.give)} to give ({_belt_words(s.belt)})"
        )
    if theirs is None:
        raise IllegalAction(
            f"{action.other}'s belt has no {die_name(action.take)} ({_belt_words(o.belt)}); "
            "dice on trays are never swapped"
        )
    events.append(ev.ChopsticksUsed(who, action.give, action.other, action.take))
    mine = tuple(sorted((*mine, action.take)))
    state = with_seat(state, seat, evolve(s, belt=mine, chopsticks=s.chopsticks - 1))
    state = with_seat(state, other, evolve(o, belt=tuple(sorted((*theirs, action.give)))))
    supply = evolve(state.supply, chopsticks=state.supply.chopsticks + 1)
    return evolve(state, supply=supply)


# ------------------------------------------------------------------------------ the pick


def pick(state: GameState, action: a.Pick, events: Events) -> GameState:
    who = action.player
    state, seat = _mover(state, who, "a pick", events)
    s = state.seats[seat]
    if is_unread(action.die):
        check_belt_reading(action.die)
        raise IllegalAction(f"{who}: say which face the {die_name(action.die)} taken shows")
    face = die(action.die).face
    belt = take_die(s.belt, action.die)
    if belt is None:
        raise IllegalAction(f"{who}'s belt has no {die_name(action.die)} ({_belt_words(s.belt)})")
    tray = place(s.tray, action.die, state.turn)
    on_wasabi = tray[-1].on_wasabi
    events.append(ev.DiePicked(who, action.die, on_wasabi))
    s, supply, got = take_tokens(evolve(s, belt=belt, tray=tray, picked=True), state.supply, face)
    if face.symbol in (Symbol.MENU, Symbol.CHOPSTICKS, Symbol.DESSERT):
        events.append(ev.TokensTaken(who, face.symbol.value, face.count, got))
    state = evolve(with_seat(state, seat, s), supply=supply)
    if all(x.picked for x in state.seats):
        return end_turn(state, events)
    return state


def place(tray: tuple[Placed, ...], reading: str, turn: int) -> tuple[Placed, ...]:
    """``tray`` with the die added: a nigiri on the first free wasabi, if any."""
    placed = Placed(reading, turn)
    if die(reading).face.symbol in NIGIRI_VALUES:
        for i, p in enumerate(tray):
            if not p.covered and die(p.die).face.symbol is Symbol.WASABI:
                covered = p._replace(covered=True)
                return (*tray[:i], covered, *tray[i + 1 :], placed._replace(on_wasabi=True))
    return (*tray, placed)


def end_turn(state: GameState, events: Events) -> GameState:
    """Everyone has played: the round's end, or the belts pass left and are rolled again."""
    if state.turn >= state.rules.belt:
        return end_round(state, events)
    n = state.players
    seats = [evolve(s, rolled=False, picked=False) for s in state.seats]
    belts = [s.belt for s in state.seats]
    seats = [evolve(s, belt=belts[(i - 1) % n]) for i, s in enumerate(seats)]
    red = (state.red + 1) % n
    events.append(ev.BeltsPassed(state.names[red]))
    return evolve(state, seats=tuple(seats), red=red, turn=state.turn + 1, phase=Phase.ROLL)
