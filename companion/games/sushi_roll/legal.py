"""Legal decisions and the table's inputs drawn in simulation.

``legal_actions`` lists, while a player is to play, every pick of a die on their belt, every
Menu re-roll (each non-empty choice of dice of their belt, as a multiset: identical dice are
one choice) while they hold a Menu token, and every Chopsticks swap while they hold a
Chopsticks token. A swap of two dice showing the same reading is legal (it spends a token and
changes nothing else) but not listed.

``chance_action`` draws what the table reports, fairly: a belt's roll (in a round's first turn,
its dice drawn from the bag without replacement; each face uniform over the die's six faces in
:data:`~.dice.KIND_FACES`), the roll of dice re-rolled with a Menu token, and in scoring mode
the next tray of a game simulated from a seed fixed by the table (its names and rules).
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from functools import lru_cache
from itertools import product

from companion.games.base import Message
from companion.games.common.evolve import evolve
from companion.games.sushi_roll import actions as a
from companion.games.sushi_roll.dice import (
    DICE_IN_BOX,
    KIND_FACES,
    DieKind,
    is_unread,
    kind_of,
    kinds_count,
    readings,
)
from companion.games.sushi_roll.options import Mode, Rules
from companion.games.sushi_roll.state import GameState, Phase
from companion.games.sushi_roll.tray import Tray


def legal_actions(state: GameState) -> list[Message]:
    if state.phase is not Phase.PICK:
        return []
    seat = state.current
    s = state.seats[seat]
    name = state.names[seat]
    out: list[Message] = list(_picks(name, s.belt))
    if s.menu:
        out.extend(_menus(name, s.belt))
    if s.chopsticks:
        for other, o in enumerate(state.seats):
            if other != seat and o.belt:
                out.extend(_swaps(name, s.belt, state.names[other], o.belt))
    return out


@lru_cache(maxsize=4096)
def _picks(name: str, belt: tuple[str, ...]) -> tuple[a.Pick, ...]:
    """A pick of each die of the belt; a die whose face was not entered may show any face."""
    faces = (readings(kind_of(r)) if is_unread(r) else (r,) for r in belt)
    return tuple(a.Pick(name, r) for r in dict.fromkeys(f for fs in faces for f in fs))


@lru_cache(maxsize=4096)
def _menus(name: str, belt: tuple[str, ...]) -> tuple[a.UseMenu, ...]:
    held = Counter(belt)
    readings = sorted(held)
    out = []
    for counts in product(*(range(held[r] + 1) for r in readings)):
        chosen = tuple(r for r, n in zip(readings, counts, strict=True) for _ in range(n))
        if chosen:
            out.append(a.UseMenu(name, chosen))
    return tuple(out)


@lru_cache(maxsize=4096)
def _swaps(
    name: str, belt: tuple[str, ...], other: str, theirs: tuple[str, ...]
) -> tuple[a.UseChopsticks, ...]:
    return tuple(
        a.UseChopsticks(name, give, other, take)
        for give in dict.fromkeys(belt)
        for take in dict.fromkeys(theirs)
        if give != take
    )


# ------------------------------------------------------------------------------ chance


def chance_action(state: GameState, rng: random.Random) -> Message | None:
    if state.phase is Phase.ROLL:
        seat = state.to_roll()[0]
        belt = state.seats[seat].belt
        kinds = _bag_draw(state, rng) if state.turn == 1 else [kind_of(r) for r in belt]
        return a.Roll(state.names[seat], roll_faces(kinds, rng))
    if state.phase is Phase.REROLL:
        kinds = [kind_of(r) for r in state.reroll]
        return a.Roll(state.names[state.current], roll_faces(kinds, rng))
    if state.phase is Phase.ENTRY:
        seat = next(i for i, t in enumerate(state.entered) if t is None)
        seed = zlib.crc32("|".join(state.names).encode())
        t = simulated_rounds(state.rules, state.names, seed)[state.round - 1][seat]
        return entry_for(state.names[seat], t)
    return None


def roll_faces(kinds: list[DieKind], rng: random.Random) -> tuple[str, ...]:
    """A fair roll of dice of ``kinds``: each face uniform over the die's six."""
    return tuple(f"{k.value}:{rng.choice(KIND_FACES[k])}" for k in kinds)


def _bag_draw(state: GameState, rng: random.Random) -> list[DieKind]:
    """The kinds of the dice one belt draws from the bag (the dice left in it)."""
    drawn = kinds_count(r for s in state.seats if s.rolled for r in s.belt)
    bag = [k for k in DieKind for _ in range(DICE_IN_BOX[k] - drawn[k])]
    return rng.sample(bag, state.rules.belt)


def entry_for(name: str, t: Tray) -> a.EnterTray:
    """The scoring-mode action that enters tray ``t`` for ``name``."""
    return a.EnterTray(
        player=name,
        dice=t.dice,
        on_wasabi=t.on_wasabi,
        desserts=t.desserts,
        menu=t.menu,
        chopsticks=t.chopsticks,
    )


@lru_cache(maxsize=32)
def simulated_rounds(
    rules: Rules, names: tuple[str, ...], seed: int
) -> tuple[tuple[Tray, ...], ...]:
    """The round trays of a game simulated with ``seed`` (random legal decisions)."""
    from companion.games.sushi_roll.rounds import setup
    from companion.games.sushi_roll.rules import apply

    rng = random.Random(seed)
    state = setup(names, evolve(rules, mode=Mode.SIMULATION))
    while state.phase is not Phase.OVER:
        action = chance_action(state, rng) or rng.choice(legal_actions(state))
        state, _ = apply(state, action)
    return state.rounds
