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
from companion.games.sushi_roll import words
from companion.games.sushi_roll.dice import (
    DICE_IN_BOX,
    NIGIRI_VALUES,
    DieKind,
    Symbol,
    check_belt_reading,
    die,
    is_unread,
    kinds_count,
    unread,
)
from companion.games.sushi_roll.rounds import end_round
from companion.games.sushi_roll.state import GameState, Phase, Placed, Seat
from companion.games.sushi_roll.tokens import take_tokens
from companion.i18n import Msg, msg, nmsg

Events = list[Message]


def need(state: GameState, phase: Phase, what: Msg) -> None:
    if state.phase is not phase:
        raise IllegalAction(
            msg("{what} is not expected now (the game waits for: {waiting})",
                what=what, waiting=waiting_label(state))
        )


def waiting(state: GameState) -> str:
    """What the game waits for, in English words (the view's ``waiting``)."""
    return str(waiting_label(state))


def waiting_label(state: GameState) -> Msg:
    """What the game waits for, as a message (rendered in the reader's language)."""
    if state.phase is Phase.ROLL:
        return msg("the belts of {players} to roll",
                   players=", ".join(state.names[i] for i in state.to_roll()))
    if state.phase is Phase.PICK:
        return msg("{who} to play", who=state.names[state.current])
    if state.phase is Phase.REROLL:
        return msg("the roll of {who}'s re-rolled dice", who=state.names[state.current])
    if state.phase is Phase.ENTRY:
        return msg("the trays at round end")
    return msg("nothing: the game is over")


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


def _belt_words(belt: tuple[str, ...]) -> Msg | str:
    return words.belt_words(belt)


# ------------------------------------------------------------------------------ rolls


def roll(state: GameState, action: a.Roll, events: Events) -> GameState:
    seat = state.seat_of(action.player)
    for reading in action.dice:
        check_belt_reading(reading)  # UnreadableInput for a face the table does not print
    if state.phase is Phase.REROLL:
        return _reroll(state, seat, action, events)
    need(state, Phase.ROLL, msg("a roll"))
    s = state.seats[seat]
    if s.rolled:
        raise IllegalAction(
            msg("{who}'s belt is already rolled this turn (undo to fix it)", who=action.player)
        )
    got = kinds_count(action.dice)
    if state.turn == 1:
        _check_draw(state, action.player, got)
        if not any(x.rolled for x in state.seats):
            events.append(ev.RoundStarted(state.round, state.rules.belt, state.names[state.red]))
    elif got != kinds_count(s.belt):
        raise IllegalAction(
            msg("{who}'s belt holds {held} dice, but the roll shows {got}", who=action.player,
                held=words.describe_kinds(kinds_count(s.belt)), got=words.describe_kinds(got))
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
            msg("with {players} players each belt gets {belt} dice from the bag, but {who}'s "
                "roll shows {n}", players=state.players, belt=state.rules.belt, who=who, n=n)
        )
    drawn = kinds_count(r for s in state.seats for r in s.belt)
    for kind, k in got.items():
        if drawn[kind] + k > DICE_IN_BOX[kind]:
            raise IllegalAction(
                nmsg(
                    "{who}'s roll shows {n} {kind} die, but only {left} of the {box} are left "
                    "in the bag",
                    "{who}'s roll shows {n} {kind} dice, but only {left} of the {box} are left "
                    "in the bag",
                    k, who=who, kind=words.KIND_NAMES[kind], left=DICE_IN_BOX[kind] - drawn[kind],
                    box=DICE_IN_BOX[kind],
                )
            )


def _reroll(state: GameState, seat: int, action: a.Roll, events: Events) -> GameState:
    who = state.names[state.current]
    if seat != state.current:
        raise IllegalAction(
            msg("{who} is re-rolling: enter {who}'s dice, not {player}'s",
                who=who, player=action.player)
        )
    want, got = kinds_count(state.reroll), kinds_count(action.dice)
    if got != want:
        raise IllegalAction(
            msg("{who} re-rolls {want} dice, but the roll shows {got}", who=who,
                want=words.describe_kinds(want), got=words.describe_kinds(got))
        )
    s = state.seats[seat]
    kept = remove(s.belt, state.reroll)
    assert kept is not None  # checked by use_menu
    events.append(ev.BeltRolled(who, tuple(sorted(action.dice)), rerolled=True))
    state = with_seat(state, seat, evolve(s, belt=tuple(sorted(kept + action.dice))))
    return evolve(state, phase=Phase.PICK, reroll=())


# ------------------------------------------------------------------------------ tokens


def _mover(state: GameState, player: str, what: Msg, events: Events) -> tuple[GameState, int]:
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
            msg(
                "it is {current}'s turn, not {player}'s ({first} holds the red-bordered belt "
                "and plays first this turn; then clockwise)",
                current=state.names[state.current], player=player, first=first,
            )
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
    state, seat = _mover(state, who, msg("a Menu token"), events)
    s = state.seats[seat]
    if s.menu < 1:
        raise IllegalAction(msg("{who} has no Menu token left", who=who))
    if not action.dice:
        raise IllegalAction(msg("{who}: choose at least one die of the belt to re-roll", who=who))
    for reading in action.dice:
        check_belt_reading(reading)
    if remove(s.belt, action.dice) is None:
        raise IllegalAction(
            msg("{who} can re-roll only dice of {who}'s own belt ({belt})",
                who=who, belt=_belt_words(s.belt))
        )
    chosen = tuple(sorted(action.dice))
    events.append(ev.MenuUsed(who, chosen))
    state = with_seat(state, seat, evolve(s, menu=s.menu - 1))
    supply = evolve(state.supply, menu=state.supply.menu + 1)
    return evolve(state, supply=supply, phase=Phase.REROLL, reroll=chosen)


def use_chopsticks(state: GameState, action: a.UseChopsticks, events: Events) -> GameState:
    who = action.player
    state, seat = _mover(state, who, msg("a Chopsticks token"), events)
    s = state.seats[seat]
    if s.chopsticks < 1:
        raise IllegalAction(msg("{who} has no Chopsticks token left", who=who))
    other = state.seat_of(action.other)
    if other == seat:
        raise IllegalAction(
            msg("{who}: Chopsticks swap with another player's belt, not {who}'s own", who=who)
        )
    check_belt_reading(action.give)
    check_belt_reading(action.take)
    o = state.seats[other]
    mine = take_die(s.belt, action.give)
    theirs = take_die(o.belt, action.take)
    if mine is None:
        raise IllegalAction(
            msg("{who}'s belt has no {die} to give ({belt})",
                who=who, die=words.die_label(action.give), belt=_belt_words(s.belt))
        )
    if theirs is None:
        raise IllegalAction(
            msg("{who}'s belt has no {die} ({belt}); dice on trays are never swapped",
                who=action.other, die=words.die_label(action.take), belt=_belt_words(o.belt))
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
    state, seat = _mover(state, who, msg("a pick"), events)
    s = state.seats[seat]
    if is_unread(action.die):
        check_belt_reading(action.die)
        raise IllegalAction(
            msg("{who}: say which face the {die} taken shows",
                who=who, die=words.die_label(action.die))
        )
    face = die(action.die).face
    belt = take_die(s.belt, action.die)
    if belt is None:
        raise IllegalAction(
            msg("{who}'s belt has no {die} ({belt})",
                who=who, die=words.die_label(action.die), belt=_belt_words(s.belt))
        )
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
