"""Turn-by-turn and simulation play: reveals, bonus actions in corner order, turn and round end.

Our rulings where the rulebook leaves room (also in ``docs/RULINGS.md``, P1-P9):

* Reveals are simultaneous, so they may be entered in any order; each is placed at once (what a
  player reveals affects only their own table until the turn ends). The chopsticks' second card
  is placed right after the first, so a special order played second may copy the first.
* A player uses at most one chopsticks and one spoon per turn, each on the table since an earlier
  turn. Used chopsticks go back into the hand at turn end (they count again in the deck).
* Spoon, menu and take-out box resolve after every reveal, lowest corner first (REFERENCE 1.6; a
  copy of a spoon has the spoon's corner; equal corners go in seat order). A card a spoon or a
  menu brings is played at once; a menu or take-out box so brought joins the queue.
* A spoon's giver is the first player clockwise from the asker's left (the next seat) who holds
  the card; with hidden hands the table names them and the engine checks what it can: not the
  asker, a hand with a card left, a card matching the ask. In simulation the engine knows who.
* A take-out box flips cards played on earlier turns of the round (seed 001). Flipping a nigiri
  on a wasabi leaves that wasabi covered; flipping a covered wasabi drops the nigiri on it to its
  plain value. With nothing to flip the box resolves by itself.
* At turn end: misos played this turn (copies included) are all discarded when there are two or
  more; then every player with 10 or more uramaki icons scores the next places (higher totals
  first, exact ties share a place and skip the next) and discards their uramaki and copies.
* Hands pass to the left: seat i's hand goes to seat i + 1.
"""

from __future__ import annotations

from collections import Counter

from companion.games.base import IllegalAction
from companion.games.common.evolve import evolve
from companion.games.sushi_go_party import actions as a
from companion.games.sushi_go_party import events as ev
from companion.games.sushi_go_party.cards import CardType
from companion.games.sushi_go_party.placing import (
    CORNER_OF,
    Events,
    add_known,
    card_name,
    check_supply,
    known_card,
    menu_types,
    place,
    return_to_hand,
    with_seat,
    with_table,
)
from companion.games.sushi_go_party.state import GameState, Mode, Pending, Phase, Placed, Seat
from companion.games.sushi_go_party.tableau import (
    ICONS_OF,
    TYPE_OF,
    URAMAKI_AWARDS,
    URAMAKI_TARGET,
    WASABI_ID,
)
from companion.games.sushi_go_party.words import phase_label, type_label
from companion.i18n import Msg, msg, nmsg

MISO_ID = CardType.MISO_SOUP.value


def _need(state: GameState, phase: Phase, what: Msg) -> None:
    if state.phase is not phase:
        raise IllegalAction(
            msg("{what} is not expected now (the game waits for: {phase})",
                what=what, phase=phase_label(state.phase))
        )


# ------------------------------------------------------------------------------------ reveal


#: Corner numbers of the chopsticks and spoons, by kind (the ids a card on the table scores as).
_BONUS_CORNERS: dict[str, dict[str, int]] = {
    kind: {i: c for i, c in CORNER_OF.items() if TYPE_OF[i].value == kind}
    for kind in ("chopsticks", "spoon")
}


def find_bonus(table: tuple[Placed, ...], kind: str, corner: int, turn: int) -> int:
    """Index of a usable chopsticks or spoon (``kind``) on ``table``: face up, played before
    ``turn``, with ``corner`` (0: the lowest corner); -1 when there is none."""
    best, best_corner = -1, 99
    corners = _BONUS_CORNERS[kind]
    for i, p in enumerate(table):
        c = corners.get(p.copies or p.card)
        if c is None or p.flipped or p.turn >= turn:
            continue
        if (corner == 0 and c < best_corner) or c == corner:
            best, best_corner = i, c
            if corner:
                break
    return best


def reveal(state: GameState, action: a.Reveal, events: Events) -> GameState:
    _need(state, Phase.REVEAL, msg("a reveal"))
    seat = state.seat_of(action.player)
    s = state.seats[seat]
    who = action.player
    if s.revealed:
        raise IllegalAction(msg("{who} already revealed this turn (undo to change it)", who=who))
    known_card(action.card, who)
    cards = [action.card] + ([action.second] if action.second else [])
    if action.second:
        known_card(action.second, who)
    hand = _rest_of_hand(state, s, cards, who)
    table = s.table
    used_chopsticks: tuple[str, ...] = ()
    if action.second:
        i = find_bonus(table, "chopsticks", action.chopsticks, state.turn)
        if i < 0:
            raise IllegalAction(
                msg(
                    "{who}: two cards need chopsticks on the table from an earlier turn (corner "
                    "{corner})",
                    who=who, corner=action.chopsticks,
                )
                if action.chopsticks
                else msg("{who}: two cards need chopsticks on the table from an earlier turn",
                         who=who)
            )
        used_chopsticks = (table[i].card,)
        events.append(ev.Discarded(who, table[i].card, "chopsticks go back into the hand"))
        table = (*table[:i], *table[i + 1 :])
    elif action.chopsticks or action.second_copies or action.second_on_wasabi:
        raise IllegalAction(msg("{who}: chopsticks need the second card played", who=who))
    pending = state.pending
    if action.ask:
        i = find_bonus(table, "spoon", action.spoon, state.turn)
        if i < 0:
            raise IllegalAction(
                msg("{who}: asking for a card needs a spoon on the table from an earlier turn",
                    who=who)
            )
        _check_ask(state, action.ask, who)
        corner = CORNER_OF[table[i].scores_as]
        pending = tuple(
            sorted(
                (*pending, Pending(corner, seat, "spoon", action.ask)),
                key=lambda p: (p.corner, p.seat),
            )
        )
    elif action.spoon:
        raise IllegalAction(msg("{who}: say what the spoon asks for", who=who))
    seats = list(state.seats)
    seats[seat] = evolve(s, table=table, hand=hand, revealed=True, chopsticks_used=used_chopsticks)
    state = evolve(state, seats=tuple(seats), pending=pending)
    hand_index = state.hand_of(seat)
    state = place(
        state, seat, action.card, action.copies, action.on_wasabi, "reveal", events, hand_index
    )
    if action.second:
        state = place(
            state,
            seat,
            action.second,
            action.second_copies,
            action.second_on_wasabi,
            "chopsticks",
            events,
            hand_index,
        )
    # The chopsticks go back into the hand once both cards are down: they are not one of them.
    for card in used_chopsticks:
        state = return_to_hand(state, card)
    if all(x.revealed for x in state.seats):
        state = advance(state, events)
    return state


def _rest_of_hand(state: GameState, s: Seat, cards: list[str], who: str) -> tuple[str, ...]:
    """The known hand once ``cards`` are played (simulation), refusing a card not in it; with
    hidden hands, refuse more cards than the hands hold."""
    if state.mode is Mode.SIMULATION:
        hand = list(s.hand)
        for c in cards:
            if c not in hand:
                raise IllegalAction(msg("{who} has no {card} in hand", who=who, card=card_name(c)))
            hand.remove(c)
        return tuple(hand)
    if len(cards) > state.hand_size:
        raise IllegalAction(
            msg("{who}: {count} cards played but the hands hold {size} this turn",
                who=who, count=len(cards), size=state.hand_size)
        )
    return s.hand


def _check_ask(state: GameState, ask: str, who: str) -> None:
    types = {t.value for t in menu_types(state.menu)}
    if ask in types:
        return
    t = TYPE_OF.get(ask)
    if t is None:
        raise IllegalAction(
            msg("{who}: the spoon asks for {ask}, which is no card type or card",
                who=who, ask=repr(ask))
        )
    if t.value not in types:
        raise IllegalAction(
            msg("{who}: the spoon asks for {card}, which is not on this menu",
                who=who, card=card_name(ask))
        )


def asked_name(ask: str) -> Msg | str:
    """What a spoon asks for as printed: a card type ("Nigiri") or an exact card."""
    try:
        return type_label(CardType(ask))
    except ValueError:
        return card_name(ask)


def matches(ask: str, card_id: str) -> bool:
    """Does ``card_id`` answer a spoon asking for ``ask`` (a type, or an exact card)?"""
    return card_id == ask or TYPE_OF[card_id].value == ask


# ------------------------------------------------------------------------------------ bonus


def advance(state: GameState, events: Events) -> GameState:
    """After every reveal: wait for the next bonus action, or end the turn."""
    while state.pending:
        head = state.pending[0]
        if head.kind == "spoon":
            if state.mode is Mode.SIMULATION and spoon_giver(state) is None:
                state = _spoon_nobody(state, events)
                continue
            return evolve(state, phase=Phase.SPOON)
        if head.kind == "menu":
            if state.mode is Mode.SIMULATION:
                return evolve(state, phase=Phase.MENU_DRAW)
            return evolve(state, phase=Phase.MENU)
        if not flippable(state, head.seat):
            events.append(ev.CardsFlipped(state.names[head.seat], ()))
            state = evolve(state, pending=state.pending[1:])
            continue
        return evolve(state, phase=Phase.TAKEOUT)
    return end_turn(state, events)


def spoon_giver(state: GameState) -> int | None:
    """Simulation: the seat that must answer the head spoon (first clockwise holding a match)."""
    head = state.pending[0]
    g = spoon_giver_after(state, head.seat, head.ask)
    return None if g < 0 else g


def _remove_spoon(state: GameState) -> tuple[GameState, str]:
    head = state.pending[0]
    table = state.seats[head.seat].table
    i = next(
        i
        for i, p in enumerate(table)
        if p.scores_as == f"spoon_{head.corner}" and not p.flipped and p.turn < state.turn
    )
    state = with_table(state, head.seat, (*table[:i], *table[i + 1 :]))
    return evolve(state, pending=state.pending[1:]), table[i].card


def _spoon_nobody(state: GameState, events: Events) -> GameState:
    who = state.names[state.pending[0].seat]
    state, spoon = _remove_spoon(state)
    events.append(ev.SpoonGiven(who, "", ""))
    events.append(ev.Discarded(who, spoon, "nobody held the card the spoon asked for"))
    return evolve(state, discards=(*state.discards, spoon))


def spoon_give(state: GameState, action: a.SpoonGive, events: Events) -> GameState:
    _need(state, Phase.SPOON, msg("a spoon's answer"))
    head = state.pending[0]
    who = state.names[head.seat]
    if not action.giver:
        if action.card:
            raise IllegalAction(msg("a card given needs the player who gave it"))
        holder = spoon_giver(state) if state.mode is Mode.SIMULATION else None
        if holder is not None:
            raise IllegalAction(
                msg("{who} holds what the spoon asks for", who=state.names[holder])
            )
        state = _spoon_nobody(state, events)
        return advance(state, events)
    giver = state.seat_of(action.giver)
    if giver == head.seat:
        raise IllegalAction(msg("{who} cannot give a card to their own spoon", who=who))
    known_card(action.card, action.giver)
    if not matches(head.ask, action.card):
        raise IllegalAction(
            msg("{card} does not answer a spoon asking for {ask}",
                card=card_name(action.card), ask=asked_name(head.ask))
        )
    state, spoon = _remove_spoon(state)
    state = return_to_hand(state, spoon)
    g = state.seats[giver]
    if state.mode is Mode.SIMULATION:
        expected = spoon_giver_after(state, head.seat, head.ask)
        if expected < 0:
            raise IllegalAction(msg("nobody holds what {who}'s spoon asks for", who=who))
        if expected != giver:
            raise IllegalAction(
                msg("{giver} is the first player clockwise from {who}'s left who holds it",
                    giver=state.names[expected], who=who)
            )
        rest = list(g.hand)
        if action.card not in rest:
            raise IllegalAction(
                msg("{who} has no {card} in hand", who=action.giver, card=card_name(action.card))
            )
        rest.remove(action.card)
        state = with_seat(state, giver, evolve(g, hand=(*rest, spoon)))
    elif state.hand_size - 1 - len(g.chopsticks_used) < 1:
        raise IllegalAction(
            msg("{who} has no card left in hand to give this turn", who=action.giver)
        )
    events.append(ev.SpoonGiven(who, action.giver, action.card))
    state = place(
        state,
        head.seat,
        action.card,
        action.copies,
        action.on_wasabi,
        "spoon",
        events,
        state.hand_of(giver),
    )
    state = add_known(state, giver, (spoon,))
    return advance(state, events)


def spoon_giver_after(state: GameState, asker: int, ask: str) -> int:
    """The first seat clockwise from ``asker``'s left holding a card matching ``ask``, or -1."""
    n = state.players
    for k in range(1, n):
        g = (asker + k) % n
        if any(matches(ask, c) for c in state.seats[g].hand):
            return g
    return -1


def menu_draw(state: GameState, action: a.MenuDraw, events: Events) -> GameState:
    _need(state, Phase.MENU_DRAW, msg("a menu's draw"))
    want = min(4, len(state.deck))
    if len(action.cards) != want:
        raise IllegalAction(
            nmsg("a menu draws {n} card now, not {count}",
                 "a menu draws {n} cards now, not {count}", want, count=len(action.cards))
        )
    rest = Counter(state.deck)
    rest.subtract(action.cards)
    if min(rest.values(), default=0) < 0:
        raise IllegalAction(msg("those cards are not all in the deck"))
    deck = list(state.deck)
    for c in action.cards:
        deck.remove(c)
    return evolve(state, deck=tuple(deck), drawn=action.cards, phase=Phase.MENU)


def menu_pick(state: GameState, action: a.MenuPick, events: Events) -> GameState:
    _need(state, Phase.MENU, msg("a menu's pick"))
    head = state.pending[0]
    who = state.names[head.seat]
    drawn = state.drawn if state.mode is Mode.SIMULATION else action.drawn
    if state.mode is Mode.SIMULATION and action.drawn and action.drawn != state.drawn:
        raise IllegalAction(msg("the menu drew other cards"))
    if len(drawn) > 4:
        raise IllegalAction(msg("a menu draws 4 cards, not {count}", count=len(drawn)))
    for i, c in enumerate(drawn):
        known_card(c, f"{who}'s menu")
        if state.mode is Mode.TURNS:  # the cards drawn come from the deck
            check_supply(state, c, msg("{who}'s menu draws", who=who), extra=drawn[:i])
    playable = [c for c in drawn if TYPE_OF[c] is not CardType.MENU]
    if not action.card:
        if playable or (state.mode is not Mode.SIMULATION and not action.drawn):
            raise IllegalAction(
                msg("{who}: the menu plays one of the cards drawn (not a menu)", who=who)
            )
    elif drawn and action.card not in drawn:
        raise IllegalAction(
            msg("{who}: {card} is not among the cards drawn", who=who, card=card_name(action.card))
        )
    state = evolve(state, pending=state.pending[1:], drawn=())
    if state.mode is Mode.SIMULATION:
        back = list(drawn)
        if action.card:
            back.remove(action.card)
        state = evolve(state, deck=(*state.deck, *back))
    events.append(ev.MenuUsed(who, len(drawn), action.card))
    if action.card:
        state = place(
            state, head.seat, action.card, action.copies, action.on_wasabi, "menu", events
        )
    return advance(state, events)


def flippable(state: GameState, seat: int) -> list[int]:
    """Positions a take-out box may flip: face-up cards played on earlier turns."""
    return [
        i for i, p in enumerate(state.seats[seat].table) if not p.flipped and p.turn < state.turn
    ]


def flip(state: GameState, action: a.Flip, events: Events) -> GameState:
    _need(state, Phase.TAKEOUT, msg("a take-out box's flip"))
    head = state.pending[0]
    who = state.names[head.seat]
    allowed = set(flippable(state, head.seat))
    if len(set(action.positions)) != len(action.positions):
        raise IllegalAction(msg("{who}: a card is flipped once", who=who))
    table = list(state.seats[head.seat].table)
    for pos in action.positions:
        if pos not in allowed:
            raise IllegalAction(
                msg(
                    "{who}: position {pos} is not a face-up card played on an earlier turn of "
                    "this round (a take-out box flips only those)",
                    who=who, pos=pos,
                )
            )
    for pos in action.positions:
        table[pos] = table[pos]._replace(flipped=True, on_wasabi=False, covered=False)
        if table[pos].scores_as == WASABI_ID and state.seats[head.seat].table[pos].covered:
            _drop_a_nigiri(table)
    events.append(
        ev.CardsFlipped(
            who, tuple(state.seats[head.seat].table[p].scores_as for p in action.positions)
        )
    )
    state = with_table(state, head.seat, tuple(table))
    state = evolve(state, pending=state.pending[1:])
    return advance(state, events)


def _drop_a_nigiri(table: list[Placed]) -> None:
    """A covered wasabi was flipped: keep nigiri-on-wasabi no more than covered wasabi."""
    covered = sum(1 for p in table if p.covered and not p.flipped)
    on = [i for i, p in enumerate(table) if p.on_wasabi and not p.flipped]
    for i in on[covered:]:
        table[i] = table[i]._replace(on_wasabi=False)


# ------------------------------------------------------------------------------------ turn end


def end_turn(state: GameState, events: Events) -> GameState:
    """Misos, the uramaki race, chopsticks back to hand, hands passed; maybe the round ends."""
    state = _misos(state, events)
    state = _uramaki(state, events)
    for seat, s in enumerate(state.seats):
        if s.chopsticks_used:
            state = add_known(state, seat, s.chopsticks_used)
    old = state.seats
    if state.mode is Mode.SIMULATION:  # hands pass to the left: seat i gets seat i - 1's
        hands = [(*s.hand, *s.chopsticks_used) for s in old]
        seats = [
            evolve(s, hand=hands[i - 1], revealed=False, chopsticks_used=())
            for i, s in enumerate(old)
        ]
    else:
        seats = [evolve(s, revealed=False, chopsticks_used=()) for s in old]
    events.append(ev.TurnEnded(state.round, state.turn))
    state = evolve(state, seats=tuple(seats), turn=state.turn + 1, phase=Phase.REVEAL)
    if state.turn > state.deck_info.deal:
        from companion.games.sushi_go_party.rounds import end_round

        state = end_round(state, events)
    return state


def _misos(state: GameState, events: Events) -> GameState:
    played = [
        (seat, i)
        for seat, s in enumerate(state.seats)
        for i, p in enumerate(s.table)
        if p.scores_as == MISO_ID and p.turn == state.turn and not p.flipped
    ]
    if len(played) < 2:
        return state
    discards = list(state.discards)
    for seat in sorted({seat for seat, _ in played}):
        table = state.seats[seat].table
        gone = {i for s2, i in played if s2 == seat}
        for i in sorted(gone):
            discards.append(table[i].card)
            events.append(
                ev.Discarded(
                    state.names[seat],
                    table[i].card,
                    f"{len(played)} miso soups were played this turn",
                )
            )
        state = with_table(state, seat, tuple(p for i, p in enumerate(table) if i not in gone))
    return evolve(state, discards=tuple(discards))


def uramaki_icons(table: tuple[Placed, ...]) -> int:
    return sum(
        ICONS_OF[p.scores_as]
        for p in table
        if not p.flipped and TYPE_OF[p.scores_as] is CardType.URAMAKI
    )


def _uramaki(state: GameState, events: Events) -> GameState:
    if state.menu.roll is not CardType.URAMAKI:
        return state
    icons = [uramaki_icons(s.table) for s in state.seats]
    reached = sorted(
        (i for i in range(state.players) if icons[i] >= URAMAKI_TARGET), key=lambda i: -icons[i]
    )
    if not reached:
        return state
    claimed = Counter(p for s in state.seats for p in s.uramaki_places)
    place_no = 1
    while claimed.get(place_no, 0):
        place_no += claimed[place_no]
    discards = list(state.discards)
    for total in sorted({icons[i] for i in reached}, reverse=True):
        group = [i for i in reached if icons[i] == total]
        if place_no > len(URAMAKI_AWARDS):
            break
        points = URAMAKI_AWARDS[place_no - 1]
        for seat in group:
            s = state.seats[seat]
            keep: list[Placed] = []
            gone: list[Placed] = []
            for p in s.table:
                is_uramaki = not p.flipped and TYPE_OF[p.scores_as] is CardType.URAMAKI
                (gone if is_uramaki else keep).append(p)
            discards.extend(p.card for p in gone)
            events.append(ev.UramakiScored(state.names[seat], place_no, points, total))
            state = with_seat(
                state,
                seat,
                evolve(s, table=tuple(keep), uramaki_places=(*s.uramaki_places, place_no)),
            )
        place_no += len(group)
    return evolve(state, discards=tuple(discards))
