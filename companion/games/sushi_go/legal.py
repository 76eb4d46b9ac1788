"""Legal decisions and the table's inputs drawn in simulation.

``legal_actions`` lists, while reveals are entered, the reveals of the *first* seat still to
reveal (reveals are simultaneous and ``apply`` takes them in any order). With hidden hands
(turn-by-turn mode) a player may hold any card the deck can still hold, so every such card is
listed. Chopsticks reveals are listed in both orders (the order matters for a wasabi and a
nigiri). The dummy's controller lists every card for themselves with every card for the dummy.
Sushi battle: every free card of the pyramid at its place (and, with chopsticks, every card free
once the first is taken), except in a round entered without places (ruling G22).

``chance_action`` draws what the table reports: the deal (simulation, from the known deck), a
mochi die roll (both turn modes: a fair die), and in scoring mode the next tableau of a game
simulated from a seed fixed by the table (its names and rules), so a round's tableaux fit.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache

from companion.games.base import IllegalAction, Message
from companion.games.sushi_go import actions as a
from companion.games.sushi_go import pyramid as p
from companion.games.sushi_go.options import Rules, Variant
from companion.games.sushi_go.placing import check_supply, has_chopsticks
from companion.games.sushi_go.rounds import deal_layout
from companion.games.sushi_go.state import GameState, Mode, Phase
from companion.games.sushi_go.tableau import Tableau


def legal_actions(state: GameState) -> list[Message]:
    if state.phase is not Phase.REVEAL:
        return []
    seat = next(i for i in state.required() if not state.seats[i].revealed)
    return list(_reveals(state, seat))


def _candidates(state: GameState, seat: int, extra: tuple[str, ...] = ()) -> list[str]:
    """Cards ``seat`` may take now besides ``extra``: its hand or the pyramid (simulation),
    else any card the deck can still hold (within the cards left to choose from)."""
    if state.mode is Mode.SIMULATION:
        battle = state.rules.variant is Variant.SUSHI_BATTLE
        held = Counter(
            [c for c in state.pool if c != p.EMPTY] if battle else state.seats[seat].hand
        )
        held.subtract(extra)
        return sorted(c for c, n in held.items() if n > 0)
    if len(extra) >= state.hand_size(seat):
        return []
    out = []
    for c in state.rules.cards:
        try:
            check_supply(state, c.id, "", extra)
        except IllegalAction:
            continue
        out.append(c.id)
    return out


def _reveals(state: GameState, seat: int) -> Iterator[a.Reveal]:
    battle = state.rules.variant is Variant.SUSHI_BATTLE
    if battle and (state.turn == 1 or not state.unplaced):
        yield from _battle_reveals(state, seat)
        return
    name = state.names[seat]
    controls = state.rules.dummy and seat == state.mover
    chopsticks = has_chopsticks(state.seats[seat], state.turn) >= 0
    for card in _candidates(state, seat):
        yield from _with_dummy(state, seat, name, controls, card, "")
        if chopsticks:
            for second in _candidates(state, seat, (card,)):
                yield from _with_dummy(state, seat, name, controls, card, second)


def _battle_reveals(state: GameState, seat: int) -> Iterator[a.Reveal]:
    """Every card free in the pyramid at its place; with chopsticks, every pair of a free card
    and a card free once it is taken."""
    name = state.names[seat]
    chopsticks = has_chopsticks(state.seats[seat], state.turn) >= 0
    pool = state.pool
    for first in p.free_places(pool):
        at = p.place_of(first)
        for card in _cards_at(state, seat, pool, first, ()):
            yield a.Reveal(name, card, at=at)
            if not chopsticks:
                continue
            after = p.with_card(pool, first, p.EMPTY)
            unseen = (card,) if pool[first] == p.UNKNOWN else ()  # the supply counts it
            for second in p.free_places(after):
                for other in _cards_at(state, seat, after, second, unseen):
                    yield a.Reveal(name, card, other, at=at, second_at=p.place_of(second))


def _cards_at(
    state: GameState, seat: int, pool: tuple[str, ...], slot: int, extra: tuple[str, ...]
) -> list[str]:
    """The card at ``slot`` when known, else (turn-by-turn) any card the deck can still hold."""
    if pool[slot] != p.UNKNOWN:
        return [pool[slot]]
    return _candidates(state, seat, extra)


def _with_dummy(
    state: GameState, seat: int, name: str, controls: bool, card: str, second: str
) -> Iterator[a.Reveal]:
    if not controls:
        yield a.Reveal(name, card, second)
        return
    taken = (card, second) if second else (card,)
    for for_dummy in _candidates(state, seat, taken):
        yield a.Reveal(name, card, second, for_dummy)


# ------------------------------------------------------------------------------ chance


def chance_action(state: GameState, rng: random.Random) -> Message | None:
    if state.phase is Phase.DEAL:
        return random_deal(state, rng)
    if state.phase is Phase.MOCHI:
        return a.MochiRoll(state.names[state.rolls[0]], rng.randint(1, 6))
    if state.phase is Phase.ENTRY:
        seat = next(i for i, t in enumerate(state.entered) if t is None)
        seed = zlib.crc32("|".join(state.names).encode())
        t = simulated_rounds(state.rules, state.names, seed)[state.round - 1][seat]
        return entry_for(state.names[seat], t)
    return None


def random_deal(state: GameState, rng: random.Random) -> a.Deal:
    """A fair deal from the deck left (simulation)."""
    hands, piles, pool = deal_layout(state.rules)
    deck = list(state.deck)
    rng.shuffle(deck)
    return a.Deal(
        hands=tuple(deck[:hands]),
        piles=tuple(deck[hands : hands + piles]),
        pool=tuple(deck[hands + piles : hands + piles + pool]),
    )


def entry_for(name: str, t: Tableau) -> a.EnterTableau:
    """The scoring-mode action that enters tableau ``t`` for ``name``."""
    return a.EnterTableau(
        player=name,
        cards=t.cards,
        on_wasabi=t.on_wasabi,
        lead_takes=t.lead_takes,
        holds_lead=t.holds_lead,
        mochi_die=t.mochi_die,
    )


@lru_cache(maxsize=32)
def simulated_rounds(
    rules: Rules, names: tuple[str, ...], seed: int
) -> tuple[tuple[Tableau, ...], ...]:
    """The round tableaux of a game simulated with ``seed`` (random legal decisions)."""
    from companion.games.sushi_go.rounds import setup
    from companion.games.sushi_go.rules import apply

    rng = random.Random(seed)
    players = names[: rules.players]
    state = setup(players, Mode.SIMULATION, rules)
    while state.phase is not Phase.OVER:
        action = chance_action(state, rng) or rng.choice(legal_actions(state))
        state, _ = apply(state, action)
    return state.rounds
