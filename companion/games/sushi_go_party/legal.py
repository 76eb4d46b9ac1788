"""Legal decisions and the table's inputs drawn in simulation.

``legal_actions`` lists, while reveals are entered, the reveals of the *first* player still to
reveal (reveals are simultaneous and ``apply`` takes them in any order; listing one player at a
time keeps the list short). A reveal using chopsticks or a spoon is listed with one bonus at a
time, and a spoon's ask by card type (``apply`` also takes both bonuses at once, and exact cards).
With hidden hands (turn-by-turn mode) a player may have any card the deck can still hold, so
every such card is listed. A take-out box lists every set of cards it may flip (when more than 8
may be flipped: none, each single card and all of them).

``chance_action`` draws what the table reports: the deal and a menu's four cards in simulation
(from the known deck), and in scoring mode the next tableau of a game simulated from a seed
fixed by the table (player names and menu), so the tableaux of one round fit together.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from functools import lru_cache
from itertools import chain, combinations

from companion.games.base import IllegalAction, Message
from companion.games.common.evolve import evolve
from companion.games.sushi_go_party import actions as a
from companion.games.sushi_go_party.cards import CARDS_BY_ID, CardType
from companion.games.sushi_go_party.menus import Menu
from companion.games.sushi_go_party.placing import check_supply, place
from companion.games.sushi_go_party.rounds import round_deck
from companion.games.sushi_go_party.state import GameState, Mode, Phase, Placed
from companion.games.sushi_go_party.tableau import SPECIAL_ORDER_ID, TYPE_OF, WASABI_ID, Tableau
from companion.games.sushi_go_party.turns import find_bonus, flippable, spoon_giver

SO = SPECIAL_ORDER_ID
MAX_FLIP_SETS = 8


def legal_actions(state: GameState) -> list[Message]:
    phase = state.phase
    if phase is Phase.REVEAL:
        seat = next(i for i, s in enumerate(state.seats) if not s.revealed)
        return list(_reveals(state, seat))
    if phase is Phase.SPOON:
        return list(_spoon_answers(state))
    if phase is Phase.MENU:
        return list(_menu_picks(state))
    if phase is Phase.TAKEOUT:
        return [a.Flip(p) for p in _flip_sets(flippable(state, state.pending[0].seat))]
    return []


def so_choices(table: tuple[Placed, ...]) -> list[tuple[str, bool]]:
    """What a special order played on ``table`` may copy: (copies, on_wasabi) pairs."""
    if not table:
        return [("", False)]
    out: list[tuple[str, bool]] = []
    empty_wasabi = any(p.scores_as == WASABI_ID and not p.covered and not p.flipped for p in table)
    seen: set[str] = set()
    for p in table:
        if p.flipped:
            continue
        x = p.scores_as
        if x not in seen:
            seen.add(x)
            out.append((x, False))
        if (
            empty_wasabi
            and (x, True) not in out
            and TYPE_OF[x] is CardType.NIGIRI
            and not p.on_wasabi
        ):
            out.append((x, True))
    if any(p.flipped for p in table):
        out.append((a.FLIPPED, False))
    return out


def _options(table: tuple[Placed, ...], card: str) -> list[tuple[str, bool]]:
    return so_choices(table) if card == SO else [("", False)]


def _candidates(
    state: GameState, seat: int, extra: tuple[str, ...] = (), from_deck: bool = False
) -> list[str]:
    """Cards ``seat`` may play now: their hand (simulation), else any the deck can hold and no
    other hand is known to hold (``from_deck``: cards drawn from the deck, not a hand)."""
    if state.mode is Mode.SIMULATION:
        hand = list(state.seats[seat].hand)
        for x in extra:
            hand.remove(x)
        return sorted(set(hand))
    out = []
    for card_id in _menu_ids(state.menu):
        try:
            check_supply(state, card_id, "", extra, None if from_deck else state.hand_of(seat))
        except IllegalAction:
            continue
        out.append(card_id)
    return out


@lru_cache(maxsize=64)
def _menu_ids(menu: Menu) -> tuple[str, ...]:
    types = set(menu.types)
    return tuple(i for i, c in CARDS_BY_ID.items() if c.type in types)


@lru_cache(maxsize=8192)
def _reveal(name: str, card: str, copies: str, on_wasabi: bool) -> a.Reveal:
    """A plain reveal (actions are frozen, so the same one can be shared)."""
    return a.Reveal(name, card, copies=copies, on_wasabi=on_wasabi)


def _reveals(state: GameState, seat: int) -> Iterator[a.Reveal]:
    name = state.names[seat]
    s = state.seats[seat]
    table = s.table
    cards = _candidates(state, seat)
    for card in cards:
        for copies, on in _options(table, card):
            yield _reveal(name, card, copies, on)
    if state.hand_size >= 2:
        i = find_bonus(table, "chopsticks", 0, state.turn)
        if i >= 0:
            yield from _chopsticks(state, seat, i, cards)
    if find_bonus(table, "spoon", 0, state.turn) >= 0:
        asks = [t.value for t in state.menu.types]
        for card in cards:
            copies, on = _options(table, card)[0]
            for ask in asks:
                yield a.Reveal(name, card, copies=copies, on_wasabi=on, ask=ask)


def _chopsticks(state: GameState, seat: int, i: int, cards: list[str]) -> Iterator[a.Reveal]:
    name = state.names[seat]
    table = state.seats[seat].table
    without = (*table[:i], *table[i + 1 :])
    base = evolve(
        state,
        seats=tuple(
            evolve(s, table=without) if k == seat else s for k, s in enumerate(state.seats)
        ),
    )
    for card in cards:
        seconds = _candidates(state, seat, (card,))
        for copies, on in _options(without, card):
            try:
                after = place(base, seat, card, copies, on, "reveal", [])
            except IllegalAction:
                continue
            next_table = after.seats[seat].table
            for second in seconds:
                for c2, on2 in _options(next_table, second):
                    yield a.Reveal(
                        name,
                        card,
                        copies=copies,
                        on_wasabi=on,
                        second=second,
                        second_copies=c2,
                        second_on_wasabi=on2,
                    )


def _spoon_table(state: GameState) -> tuple[Placed, ...]:
    head = state.pending[0]
    table = state.seats[head.seat].table
    i = next(
        i for i, p in enumerate(table) if p.scores_as == f"spoon_{head.corner}" and not p.flipped
    )
    return (*table[:i], *table[i + 1 :])


def _matching(ask: str, cards: list[str]) -> list[str]:
    return [c for c in cards if c == ask or TYPE_OF[c].value == ask]


def _spoon_answers(state: GameState) -> Iterator[a.SpoonGive]:
    head = state.pending[0]
    table = _spoon_table(state)
    if state.mode is Mode.SIMULATION:
        g = spoon_giver(state)
        givers = [] if g is None else [g]
    else:
        yield a.SpoonGive()
        givers = [k for k in range(state.players) if k != head.seat]
        if state.hand_size - 1 < 1:
            return
    for g in givers:
        if state.mode is Mode.SIMULATION:
            cards = sorted(set(_matching(head.ask, list(state.seats[g].hand))))
        else:
            if state.hand_size - 1 - len(state.seats[g].chopsticks_used) < 1:
                continue
            cards = _matching(head.ask, _candidates(state, g))
        for card in cards:
            for copies, on in _options(table, card):
                yield a.SpoonGive(state.names[g], card, copies, on)


def _menu_picks(state: GameState) -> Iterator[a.MenuPick]:
    table = state.seats[state.pending[0].seat].table
    if state.mode is Mode.SIMULATION:
        cards = sorted({c for c in state.drawn if TYPE_OF[c] is not CardType.MENU})
        if not cards:
            yield a.MenuPick()
            return
    else:
        cards = [
            c
            for c in _candidates(state, state.pending[0].seat, from_deck=True)
            if TYPE_OF[c] is not CardType.MENU
        ]
    for card in cards:
        for copies, on in _options(table, card):
            yield a.MenuPick(card, copies, on)


def _flip_sets(positions: list[int]) -> Iterator[tuple[int, ...]]:
    if len(positions) > MAX_FLIP_SETS:
        yield ()
        yield from ((p,) for p in positions)
        yield tuple(positions)
        return
    yield from chain.from_iterable(combinations(positions, k) for k in range(len(positions) + 1))


# ------------------------------------------------------------------------------------ chance


def chance_action(state: GameState, rng: random.Random) -> Message | None:
    if state.phase is Phase.DEAL:
        desserts = tuple(rng.sample(sorted(state.pile), state.deck_info.schedule[state.round - 1]))
        cards = round_deck(state)
        cards.update(desserts)
        deck = sorted(cards.elements())
        rng.shuffle(deck)
        return a.Deal(desserts, tuple(deck[: state.players * state.deck_info.deal]))
    if state.phase is Phase.MENU_DRAW:
        return a.MenuDraw(tuple(rng.sample(sorted(state.deck), min(4, len(state.deck)))))
    if state.phase is Phase.ENTRY:
        seat = next(i for i, t in enumerate(state.entered) if t is None)
        seed = zlib.crc32("|".join(state.names).encode())
        t = simulated_rounds(state.menu, len(state.names), seed)[state.round - 1][seat]
        return entry_for(state.names[seat], t)
    return None


def entry_for(name: str, t: Tableau) -> a.EnterTableau:
    """The scoring-mode action that enters tableau ``t`` for ``name``."""
    return a.EnterTableau(
        player=name,
        cards=t.cards,
        on_wasabi=t.on_wasabi,
        special_orders=tuple(so.copies for so in t.special_orders),
        special_orders_on_wasabi=tuple(so.copies for so in t.special_orders if so.on_wasabi),
        flipped=t.flipped,
        uramaki_places=t.uramaki_places,
    )


@lru_cache(maxsize=32)
def simulated_rounds(menu: Menu, players: int, seed: int) -> tuple[tuple[Tableau, ...], ...]:
    """The round tableaux of a game simulated with ``seed`` (random legal decisions)."""
    from companion.games.sushi_go_party.rounds import setup
    from companion.games.sushi_go_party.rules import apply
    from companion.games.sushi_go_party.scoring import ScoringOptions

    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    state = setup(names, Mode.SIMULATION, menu, "", ScoringOptions())
    while state.phase is not Phase.OVER:
        action = chance_action(state, rng) or rng.choice(legal_actions(state))
        state, _ = apply(state, action)
    return state.rounds
