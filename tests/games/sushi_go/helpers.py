"""Helpers for the Sushi Go! engine tests: a table, scripted turns and rounds, tableau entry,
refusals, points read back from a sheet."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import IllegalAction, Message, PlayerSpec
from companion.games.sushi_go import GAME
from companion.games.sushi_go.actions import EnterTableau, MochiRoll, Reveal
from companion.games.sushi_go.state import GameState, Phase

from ..table import Table
from ..table import of_kind as of_kind
from ..table import points as points

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")

#: Cards tried, in order, to fill turns nobody cares about (see finish_round).
FILLERS = (
    "tempura",
    "sashimi",
    "gyoza",
    "dumpling",
    "egg_nigiri",
    "salmon_nigiri",
    "squid_nigiri",
    "chopsticks",
    "wasabi",
    "futomaki_1",
    "futomaki_2",
    "futomaki_3",
    "maki_1",
    "maki_2",
    "maki_3",
)


_TABLE: Table[GameState] = Table(GAME)
play = _TABLE.play
refused = _TABLE.refused
replayed_from_json = _TABLE.replayed_from_json
rescored = _TABLE.rescored
entered_at_round_ends = _TABLE.entered_at_round_ends


def players(n: int) -> list[PlayerSpec]:
    return [PlayerSpec(name) for name in NAMES[:n]]


def new_game(n: int = 3, mode: str = "turns", **options: Any) -> GameState:
    """A fresh game for ``NAMES[:n]`` (turn-by-turn unless ``mode`` says otherwise)."""
    state: GameState = GAME.setup(players(n), {"mode": mode, **options})
    return state


def turn(state: GameState, *plays: str | Reveal) -> tuple[GameState, list[Message]]:
    """Every player reveals, seat order: a card id is a plain reveal by that seat."""
    reveals = [
        p if isinstance(p, Reveal) else Reveal(state.names[seat], p) for seat, p in enumerate(plays)
    ]
    return play(state, *reveals)


def table(state: GameState, name: str) -> list[str]:
    return [p.card for p in state.seats[state.seat_of(name)].table]


def finish_round(
    state: GameState, fillers: Sequence[str] = FILLERS, rolls: int = 1
) -> tuple[GameState, list[Message]]:
    """Play the rest of the round: each seat that must reveal takes a filler the deck can still
    hold (the list is rotated each turn; the dummy's controller gives it one too); mochi dice
    roll ``rolls``. Returns the state of the next round (or the game end) and the events."""
    events: list[Message] = []
    start = state.round
    while state.round == start and state.phase is not Phase.OVER:
        if state.phase is Phase.MOCHI:
            state, new = GAME.apply(state, MochiRoll(state.names[state.rolls[0]], rolls))
            events.extend(new)
            continue
        assert state.phase is Phase.REVEAL, state.phase
        seat = next(i for i in state.required() if not state.seats[i].revealed)
        state, new = _fill(state, seat, fillers)
        events.extend(new)
    return state, events


def _fill(state: GameState, seat: int, fillers: Sequence[str]) -> tuple[GameState, list[Message]]:
    name = state.names[seat]
    controls = state.rules.dummy and seat == state.mover
    k = (state.turn + seat) % len(fillers)  # spread the fillers over the deck
    fillers = (*fillers[k:], *fillers[:k])
    for card in fillers:
        for other in fillers if controls else ("",):
            try:
                return play(state, Reveal(name, card, dummy_card=other))
            except IllegalAction:
                continue
    raise AssertionError(f"no filler left for {name}")  # pragma: no cover


def pyramid(*rows: Sequence[str]) -> tuple[str, ...]:
    """A sushi battle deal's pool from its rows, top row first (2, 3, 4, 5 and 6 cards)."""
    from companion.games.sushi_go.pyramid import ROWS

    assert tuple(len(r) for r in rows) == ROWS, [len(r) for r in rows]
    return tuple(c for r in rows for c in r)


def take(
    name: str, card: str, at: tuple[int, int], second: str = "", second_at: tuple[int, ...] = ()
) -> Reveal:
    """Sushi battle: ``name`` takes ``card`` from place ``at`` = (row, card) of the pyramid
    (and ``second`` from ``second_at`` with chopsticks)."""
    return Reveal(name, card, second, at=at, second_at=second_at)


def enter(state: GameState, name: str, *cards: str, **fields: Any) -> GameState:
    """Scoring mode: enter ``name``'s tableau (``cards`` plus any EnterTableau field)."""
    state, _ = play(state, EnterTableau(name, tuple(cards), **fields))
    return state


#: Cards that score nothing in a table that has none of them yet (one tempura, two sashimi,
#: chopsticks, wasabi with no nigiri).
ZERO = ("tempura", "sashimi", "sashimi", "chopsticks", "wasabi", "wasabi", "wasabi")
#: Plentiful cards to complete a table (4 tables of 8 or 5 of 7 stay within the deck).
FILL = ("tempura", "sashimi", "gyoza", "salmon_nigiri") * 2 + ("tempura", "sashimi")


def pad(cards: Sequence[str], size: int, fillers: Sequence[str] = FILL) -> tuple[str, ...]:
    """``cards`` completed to ``size`` cards with ``fillers`` in order."""
    need = size - len(cards)
    assert 0 <= need <= len(fillers), (cards, size)
    return (*cards, *fillers[:need])


def fill_rounds(
    wanted: Sequence[Sequence[Sequence[str]]], size: int, edition: str = "10th_anniversary"
) -> list[list[tuple[str, ...]]]:
    """Tableaux of ``size`` cards for several rounds: each table's ``wanted`` cards completed
    from the edition's main deck (types in turn, so no copy is used twice in the game)."""
    from companion.games.sushi_go.options import EDITIONS

    by_type = [[c.id] * (c.count or 0) for c in EDITIONS[edition].main]
    taken = Counter(c for r in wanted for t in r for c in t)
    pool: list[str] = []
    while any(by_type):
        for cards in by_type:
            if cards:
                card = cards.pop()
                if taken[card]:
                    taken[card] -= 1
                else:
                    pool.append(card)
    out = []
    for tables in wanted:
        this_round = []
        for cards in tables:
            need = size - len(cards)
            this_round.append((*cards, *pool[:need]))
            del pool[:need]
        out.append(this_round)
    return out


def random_game(options: Mapping[str, Any], n: int, seed: int) -> tuple[GameState, list[Message]]:
    """A simulated game (known hands): the table's inputs from ``chance_action``, decisions
    drawn from ``legal_actions``."""
    return _TABLE.random_game(players(n), {**options, "mode": "simulation"}, seed)
