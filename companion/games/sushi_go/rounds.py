"""Setup, the deal (simulation), tableau entry (scoring mode) and the end of a round.

A round ends when its last turn is over (turn modes) or when the last table's tableau is entered
(scoring mode). The round is then checked against the rounds before it
(:func:`.tableau.check_round`: exact table sizes, copies over the game, the lead token, the mochi
dice) and scored; if anything is refused, the action that ended the round is refused and nothing
changes. Dessert cards stay with their table to game end; the other cards are discarded beside
the deck, which is not reshuffled.

Who starts: sushi battle, seat 0 in round 1 (the table seats the randomly chosen player first),
then the player with fewer points so far (on a tie, the one who did not start the round just
played). Dummy player: seat 0 controls the dummy on the first turn, then control alternates
every turn, across rounds too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from companion.games.base import IllegalAction
from companion.games.common.evolve import evolve
from companion.games.sushi_go import actions as a
from companion.games.sushi_go import events as ev
from companion.games.sushi_go.cards import MOCHI_ID, CardType
from companion.games.sushi_go.lead import NOBODY, UNSTATED
from companion.games.sushi_go.options import DUMMY_NAME, PILE_SIZE, ROUNDS, Rules, Variant
from companion.games.sushi_go.placing import Events, with_seat
from companion.games.sushi_go.pyramid import hidden_pool
from companion.games.sushi_go.scoring import game_lines, round_points, sheet_of
from companion.games.sushi_go.state import GameState, Mode, Phase, Seat, tableau_of
from companion.games.sushi_go.tableau import (
    DIE_START,
    Tableau,
    check_lead_stated,
    check_round,
    check_tableau,
    mochi_dice,
    settle_round,
)
from companion.games.sushi_go.words import phase_label
from companion.i18n import msg


def seat_names(names: Sequence[str], rules: Rules) -> tuple[str, ...]:
    """Every table's name: the players, then the dummy's."""
    if rules.dummy:
        if DUMMY_NAME in names:
            raise IllegalAction(
                msg(
                    "the dummy player is called {dummy}: give the player another name",
                    dummy=DUMMY_NAME,
                )
            )
        return (*names, DUMMY_NAME)
    return tuple(names)


def full_deck(rules: Rules) -> tuple[str, ...]:
    """Simulation: every card of the game's deck (assumed splits where unknown, D8)."""
    return tuple(sorted(c.id for c in rules.cards for _ in range(c.assumed)))


def setup(names: Sequence[str], mode: Mode, rules: Rules) -> GameState:
    """A new game: waiting for the deal (simulation), the first reveal, or the first tableaux."""
    seats = seat_names(names, rules)
    phase = {Mode.SCORING: Phase.ENTRY, Mode.TURNS: Phase.REVEAL, Mode.SIMULATION: Phase.DEAL}
    return GameState(
        names=seats,
        mode=mode,
        rules=rules,
        phase=phase[mode],
        seats=tuple(Seat() for _ in seats),
        entered=(None,) * len(seats) if mode is Mode.SCORING else (),
        dice=(DIE_START,) * len(seats),
        deck=full_deck(rules) if mode is Mode.SIMULATION else (),
        pool=_laid(rules, mode),
    )


def _laid(rules: Rules, mode: Mode) -> tuple[str, ...]:
    """Turn-by-turn sushi battle: the pyramid at a round's start, its cards not told to the
    engine (simulation lays the deal's cards; other games have none)."""
    if rules.variant is Variant.SUSHI_BATTLE and mode is Mode.TURNS:
        return hidden_pool()
    return ()


# ------------------------------------------------------------------------------ the deal


def deal_layout(rules: Rules) -> tuple[int, int, int]:
    """Simulation: cards in (hands, piles, pool) of a deal (the pool: the sushi battle's
    pyramid, place by place)."""
    if rules.variant is Variant.PERSONAL_DRAW_PILES:
        return 2 * PILE_SIZE, 2 * PILE_SIZE, 0
    if rules.variant is Variant.SUSHI_BATTLE:
        return 0, 0, rules.turns
    if rules.dummy:
        return 2 * rules.table_size, rules.table_size, 0
    return rules.players * rules.table_size, 0, 0


def deal(state: GameState, action: a.Deal, events: Events) -> GameState:
    if state.phase is not Phase.DEAL:
        raise IllegalAction(
            msg(
                "a deal is not expected now (the game waits for: {phase})",
                phase=phase_label(state.phase),
            )
        )
    rules = state.rules
    want = deal_layout(rules)
    got = (len(action.hands), len(action.piles), len(action.pool))
    if got != want:
        raise IllegalAction(
            msg(
                "this deal is {hands} cards in hands, {piles} in piles and {pool} in the "
                "pyramid, not {got_hands}, {got_piles} and {got_pool}",
                hands=want[0], piles=want[1], pool=want[2],
                got_hands=got[0], got_piles=got[1], got_pool=got[2],
            )
        )
    left = Counter(state.deck)
    left.subtract(action.hands + action.piles + action.pool)
    if min(left.values(), default=0) < 0:
        raise IllegalAction(msg("those cards are not all in the deck left"))
    hand = len(action.hands) // rules.players if action.hands else 0
    seats = [Seat(hand=action.hands[i * hand : (i + 1) * hand]) for i in range(rules.players)]
    if rules.variant is Variant.PERSONAL_DRAW_PILES:
        seats = [
            evolve(s, pile=action.piles[i * PILE_SIZE : (i + 1) * PILE_SIZE])
            for i, s in enumerate(seats)
        ]
    if rules.dummy:
        seats.append(Seat(pile=action.piles))
    events.append(ev.RoundStarted(state.round, rules.table_size, _starts(state)))
    state = evolve(
        state,
        phase=Phase.REVEAL,
        seats=tuple(seats),
        deck=tuple(sorted((+left).elements())),
        pool=tuple(action.pool),
        unplaced=False,
    )
    return start_turn(state)


def _starts(state: GameState) -> str:
    if state.rules.variant in (Variant.SUSHI_BATTLE, Variant.DUMMY_PLAYER):
        return state.names[state.mover]
    return ""


def start_turn(state: GameState) -> GameState:
    """Simulation, dummy player: the controller draws the dummy's top card into their hand."""
    if state.mode is not Mode.SIMULATION or not state.rules.dummy:
        return state
    dummy = state.seats[state.dummy_seat]
    if not dummy.pile:
        return state
    c = state.seats[state.mover]
    state = with_seat(state, state.mover, evolve(c, hand=(*c.hand, dummy.pile[0])))
    return with_seat(state, state.dummy_seat, evolve(dummy, pile=dummy.pile[1:]))


# ------------------------------------------------------------------------------ scoring mode


def enter_tableau(state: GameState, action: a.EnterTableau, events: Events) -> GameState:
    if state.phase is not Phase.ENTRY:
        raise IllegalAction(
            msg(
                "a tableau is not expected now (the game waits for: {phase})",
                phase=phase_label(state.phase),
            )
        )
    seat = state.seat_of(action.player)
    unstated = action.lead_takes == UNSTATED
    tableau = Tableau(
        cards=action.cards,
        on_wasabi=action.on_wasabi,
        lead_takes=0 if unstated else action.lead_takes,
        holds_lead=action.holds_lead,
        mochi_die=action.mochi_die,
    )
    unchanged = state.rules.dessert is CardType.MOCHI and not tableau.mochi_die
    if unchanged and MOCHI_ID not in tableau.cards:  # 0: the die as it was (checked at the end)
        check_tableau(evolve(tableau, mochi_die=DIE_START), state.rules, action.player)
    else:
        check_tableau(tableau, state.rules, action.player)
    if unstated:  # read as 0 only where no strawberry pudding was played (G23)
        check_lead_stated(tableau, state.rules, action.player)
    entered = list(state.entered)
    entered[seat] = tableau
    events.append(ev.TableauEntered(action.player, len(tableau.physical())))
    state = evolve(state, entered=tuple(entered))
    if all(t is not None for t in entered):
        done = settle_round([t for t in entered if t is not None], state.rounds, state.rules)
        state = score_round(state, done, events)
    return state


# ------------------------------------------------------------------------------ round end


def end_round(state: GameState, events: Events) -> GameState:
    """Turn modes: the last turn is over; score the tables and set up the next round."""
    mochi = state.rules.dessert is CardType.MOCHI
    tableaux = tuple(
        tableau_of(s, state.lead == i, state.dice[i] if mochi else 0)
        for i, s in enumerate(state.seats)
    )
    return score_round(state, tableaux, events)


def score_round(state: GameState, tableaux: tuple[Tableau, ...], events: Events) -> GameState:
    rules, names = state.rules, state.names
    check_round(tableaux, rules, names, state.rounds)
    points = round_points(rules, tableaux)
    events.append(ev.RoundScored(state.round, points))
    rounds = (*state.rounds, tableaux)
    previous_starter = state.starter
    state = evolve(
        state,
        rounds=rounds,
        out=(*state.out, *(c for t in tableaux for c in t.physical())),
        round_points=(*state.round_points, points),
        seats=tuple(Seat() for _ in names),
        entered=(None,) * len(names) if state.mode is Mode.SCORING else (),
        lead=_holder(tableaux),
        dice=mochi_dice(rounds, rules.seats) if rules.dessert is CardType.MOCHI else state.dice,
        rolls=(),
        pool=_laid(rules, state.mode),
        unplaced=False,
    )
    if state.round >= ROUNDS:
        sheet = sheet_of(rules, names, game_lines(rules, rounds), rounds)
        ranking = sheet.ranking()
        winners = tuple(r["name"] for r in ranking if r["rank"] == 1)
        events.append(ev.GameOver(tuple(p.total for p in sheet.players), winners))
        return evolve(state, phase=Phase.OVER)
    state = evolve(
        state, round=state.round + 1, turn=1, starter=_next_starter(state, previous_starter)
    )
    if state.mode is Mode.SIMULATION:
        return evolve(state, phase=Phase.DEAL)
    if state.mode is Mode.TURNS:
        events.append(ev.RoundStarted(state.round, rules.table_size, _starts(state)))
        return evolve(state, phase=Phase.REVEAL)
    return evolve(state, phase=Phase.ENTRY)


def _holder(tableaux: Sequence[Tableau]) -> int:
    return next((i for i, t in enumerate(tableaux) if t.holds_lead), NOBODY)


def _next_starter(state: GameState, starter: int) -> int:
    """Who starts the round ``state.round`` (just begun); ``starter`` started the last one."""
    rules = state.rules
    if rules.dummy:
        return (starter + rules.turns) % 2
    if rules.variant is not Variant.SUSHI_BATTLE:
        return 0
    totals = [sum(r[i] for r in state.round_points) for i in range(2)]
    if totals[0] == totals[1]:
        return 1 - starter
    return 0 if totals[0] < totals[1] else 1
