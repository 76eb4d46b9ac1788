"""Setup, the deal (simulation), tableau entry (scoring mode) and the end of a round.

A round ends when the last turn is over (turn modes) or when the last player's tableau is
entered (scoring mode). The round's tableaux are then validated together and scored by
:func:`.scoring.score_game` over every round so far (which also checks the desserts held against
those shuffled in); if anything is refused, the action that ended the round is refused and
nothing changes. Dessert cards and special orders copying one stay with their player to game end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from companion.games.base import IllegalAction
from companion.games.common.evolve import evolve
from companion.games.sushi_go_party import actions as a
from companion.games.sushi_go_party import events as ev
from companion.games.sushi_go_party.cards import VARIANTS
from companion.games.sushi_go_party.menus import ROUNDS, Menu
from companion.games.sushi_go_party.placing import DESSERT_IDS, Events, kept_of, kept_physical
from companion.games.sushi_go_party.scoring import ScoringOptions, dessert_lines, round_lines
from companion.games.sushi_go_party.state import GameState, Mode, Phase, Seat, tableau_of
from companion.games.sushi_go_party.table_size import check_size
from companion.games.sushi_go_party.tableau import (
    SpecialOrder,
    Tableau,
    cached_deck,
    check_copies,
    check_tableau,
    kept_desserts,
)
from companion.games.sushi_go_party.words import phase_label
from companion.i18n import msg


def setup(
    names: Sequence[str], mode: Mode, menu: Menu, menu_id: str, options: ScoringOptions
) -> GameState:
    """A new game: waiting for the deal (simulation), the first reveal, or the first tableaux."""
    deck = cached_deck(menu, len(names))
    phase = {Mode.SCORING: Phase.ENTRY, Mode.TURNS: Phase.REVEAL, Mode.SIMULATION: Phase.DEAL}
    pile = tuple(c.id for c in VARIANTS[menu.dessert] for _ in range(c.count))
    return GameState(
        names=tuple(names),
        mode=mode,
        menu=menu,
        menu_id=menu_id,
        deck_info=deck,
        options=options,
        phase=phase[mode],
        seats=tuple(Seat() for _ in names),
        entered=(None,) * len(names) if mode is Mode.SCORING else (),
        pile=pile if mode is Mode.SIMULATION else (),
        known=((),) * len(names) if mode is Mode.TURNS else (),
    )


def round_deck(state: GameState) -> Counter[str]:
    """Simulation: the cards shuffled for this round before the new desserts (every main card,
    the desserts shuffled in earlier and not kept; kept special orders are out)."""
    cards = Counter(state.deck_info.main)
    shuffled = Counter(c.id for c in VARIANTS[state.menu.dessert] for _ in range(c.count))
    shuffled.subtract(state.pile)
    cards.update(+shuffled)
    cards.subtract(kept_physical(state))
    return +cards


def deal(state: GameState, action: a.Deal, events: Events) -> GameState:
    if state.phase is not Phase.DEAL:
        raise IllegalAction(
            msg("{what} is not expected now (the game waits for: {phase})",
                what=msg("a deal"), phase=phase_label(state.phase))
        )
    deck = state.deck_info
    want = deck.schedule[state.round - 1]
    if len(action.desserts) != want:
        raise IllegalAction(
            msg("round {round} shuffles in {want} dessert cards, not {count}",
                round=state.round, want=want, count=len(action.desserts))
        )
    pile = Counter(state.pile)
    pile.subtract(action.desserts)
    if min(pile.values(), default=0) < 0:
        raise IllegalAction(msg("those dessert cards are not all in the dessert pile"))
    cards = round_deck(state)
    cards.update(action.desserts)
    n = state.players * deck.deal
    if len(action.hands) != n:
        raise IllegalAction(
            msg("{players} hands of {deal} cards make {n}, not {count}",
                players=state.players, deal=deck.deal, n=n, count=len(action.hands))
        )
    cards.subtract(action.hands)
    if min(cards.values(), default=0) < 0:
        raise IllegalAction(msg("those hands hold cards that are not in the deck"))
    hands = [action.hands[i * deck.deal : (i + 1) * deck.deal] for i in range(state.players)]
    events.append(ev.RoundStarted(state.round, deck.deal, want))
    return evolve(
        state,
        phase=Phase.REVEAL,
        pile=tuple((+pile).elements()),
        deck=tuple((+cards).elements()),
        seats=tuple(Seat(hand=h) for h in hands),
    )


def enter_tableau(state: GameState, action: a.EnterTableau, events: Events) -> GameState:
    if state.phase is not Phase.ENTRY:
        raise IllegalAction(
            msg("{what} is not expected now (the game waits for: {phase})",
                what=msg("a tableau"), phase=phase_label(state.phase))
        )
    seat = state.seat_of(action.player)
    if len(action.special_orders_on_wasabi) > len(action.special_orders):
        raise IllegalAction(
            msg("{who}: more special orders on wasabi than special orders", who=action.player)
        )
    on = list(action.special_orders_on_wasabi)
    orders = []
    for copies in action.special_orders:
        sits = copies in on
        if sits:
            on.remove(copies)
        orders.append(SpecialOrder(copies, on_wasabi=sits))
    if on:
        raise IllegalAction(
            msg("{who}: a special order on a wasabi must also be listed in special_orders",
                who=action.player)
        )
    tableau = Tableau(
        cards=action.cards,
        on_wasabi=action.on_wasabi,
        special_orders=tuple(orders),
        flipped=action.flipped,
        uramaki_places=action.uramaki_places,
    )
    check_tableau(tableau, state.menu, action.player)
    check_copies(
        [tableau.physical()], state.deck_info, msg("in {who}'s tableau", who=action.player)
    )
    check_size(tableau, state.deck_info, action.player)
    entered = list(state.entered)
    entered[seat] = tableau
    _check_entered(state, entered)
    events.append(ev.TableauEntered(action.player, len(tableau.physical())))
    state = evolve(state, entered=tuple(entered))
    if all(t is not None for t in entered):
        state = _score_round(state, tuple(t for t in entered if t is not None), events)
    return state


def _check_entered(state: GameState, entered: Sequence[Tableau | None]) -> None:
    """Refuse the tableaux entered so far this round when together they hold more copies of a
    card, or more dessert cards, than the deck: checked at every entry, naming every player
    involved, so the one at fault can be re-entered (RULINGS P11)."""
    seats = [i for i, t in enumerate(entered) if t is not None]
    tables = [t for t in entered if t is not None]
    names = [state.names[i] for i in seats]
    check_copies(
        [t.physical() for t in tables], state.deck_info, msg("on the table this round"), names
    )
    _check_desserts_held(
        state,
        [
            (who, kept_of([*(r[i] for r in state.rounds), *((t,) if t else ())]))
            for i, (who, t) in enumerate(zip(state.names, entered, strict=True))
        ],
    )


def end_round(state: GameState, events: Events) -> GameState:
    """Turn modes: the last turn is over; score the tables and set up the next round."""
    tableaux = tuple(tableau_of(s.table, s.uramaki_places) for s in state.seats)
    return _score_round(state, tableaux, events)


def _kept(rounds: tuple[tuple[Tableau, ...], ...], seat: int) -> Tableau:
    """The desserts ``seat`` kept over ``rounds`` (as :func:`.scoring.score_game` gathers them)."""
    ks = [kept_desserts(r[seat]) for r in rounds]
    return Tableau(
        cards=tuple(c for k in ks for c in k.cards),
        special_orders=tuple(so for k in ks for so in k.special_orders),
    )


def _check_desserts_held(state: GameState, held_by: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Refuse more dessert cards kept than were shuffled in by this round (``held_by``: each
    player's name and the physical cards they keep, earlier rounds included); the refusal names
    every player holding one."""
    shuffled = sum(state.deck_info.schedule[: state.round])
    counts = [(who, sum(1 for c in kept if c in DESSERT_IDS)) for who, kept in held_by]
    held = sum(n for _, n in counts)
    if held > shuffled:
        raise IllegalAction(
            msg(
                "round {round}: the players hold {held} dessert cards, but only {shuffled} were "
                "shuffled in so far: {holders}",
                round=state.round, held=held, shuffled=shuffled,
                holders=", ".join(f"{who} {n}" for who, n in counts if n),
            )
        )


def _score_round(state: GameState, tableaux: tuple[Tableau, ...], events: Events) -> GameState:
    names, menu = state.names, state.menu
    lines = round_lines(names, tableaux, menu, state.options)
    rounds = (*state.rounds, tableaux)
    kept_out = (*state.kept_out, *kept_of(tableaux))
    _check_desserts_held(
        state,
        [
            (who, kept_of([r[i] for r in rounds]))
            for i, who in enumerate(names)
        ],
    )
    points = tuple(sum(line.points for line in ls) for ls in lines)
    events.append(ev.RoundScored(state.round, points))
    state = evolve(
        state,
        rounds=rounds,
        round_points=(*state.round_points, points),
        kept_out=kept_out,
        seats=tuple(Seat() for _ in names),
        entered=(None,) * len(names) if state.mode is Mode.SCORING else (),
        discards=(),
        out_round=(),
        pending=(),
        deck=(),
        drawn=(),
        known=((),) * len(names) if state.mode is Mode.TURNS else (),
    )
    if state.round >= ROUNDS:
        desserts = dessert_lines(
            names, [_kept(rounds, i) for i in range(len(names))], menu, state.options
        )
        totals = tuple(
            sum(r[i] for r in state.round_points) + sum(line.points for line in desserts[i])
            for i in range(len(names))
        )
        events.append(ev.GameOver(totals))
        return evolve(state, phase=Phase.OVER)
    state = evolve(state, round=state.round + 1, turn=1)
    if state.mode is Mode.SIMULATION:
        return evolve(state, phase=Phase.DEAL)
    if state.mode is Mode.TURNS:
        deck = state.deck_info
        events.append(ev.RoundStarted(state.round, deck.deal, deck.schedule[state.round - 1]))
        return evolve(state, phase=Phase.REVEAL)
    return evolve(state, phase=Phase.ENTRY)
