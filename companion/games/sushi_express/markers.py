"""The guess board: markers on the numbers 2-12, stacks bottom to top.

Contract:

* ``board[number - 2]`` is the stack on ``number``, seats bottom to top. A Same guess card puts
  the new marker on top; stacks roll and move **top to bottom** (rulebook, Same guess).
* Place exchange swaps the contents of two neighbouring numbers; stacks move whole, order kept.
* The roller is the top live marker of the highest live number; movers go in the same order.
* The lowest guess of the round (ruling D4): the bottom marker of the lowest stack (default), or
  the top one (``stack_lowest="top"``). Markers that left the board still count: the lowest
  guess is about what was guessed, not about who moved.
"""

from __future__ import annotations

from functools import lru_cache

from companion.games.sushi_express.cards import HIGHEST_GUESS, LOWEST_GUESS
from companion.games.sushi_express.state import GameState, StackLowest

Board = tuple[tuple[int, ...], ...]
NUMBERS = range(LOWEST_GUESS, HIGHEST_GUESS + 1)
EMPTY_BOARD: Board = ((),) * len(NUMBERS)


def place(board: Board, seat: int, number: int) -> Board:
    """``board`` with ``seat``'s marker on top of ``number``."""
    stacks = list(board)
    i = number - LOWEST_GUESS
    stacks[i] = (*stacks[i], seat)
    return tuple(stacks)


def exchange(board: Board, first: int, second: int) -> Board:
    """``board`` with the stacks on ``first`` and ``second`` swapped."""
    stacks = list(board)
    i, j = first - LOWEST_GUESS, second - LOWEST_GUESS
    stacks[i], stacks[j] = stacks[j], stacks[i]
    return tuple(stacks)


def guesses(board: Board, seats: int) -> tuple[int | None, ...]:
    """The number each seat stands (or stood) on this round, ``None`` if not placed yet."""
    found: list[int | None] = [None] * seats
    for i, stack in enumerate(board):
        for seat in stack:
            found[seat] = i + LOWEST_GUESS
    return tuple(found)


@lru_cache(maxsize=1024)
def live_order(board: Board, gone: frozenset[int]) -> tuple[int, ...]:
    """The seats with a marker on ``board`` that is not ``gone``, in the order they roll and
    move: highest number first, each stack top to bottom."""
    return tuple(seat for stack in reversed(board) for seat in reversed(stack) if seat not in gone)


def roller(state: GameState) -> int | None:
    """The seat that rolls (phase 2) or moves (phase 3) next, or ``None`` when nobody is left."""
    live = live_order(state.board, state.gone)
    return live[0] if live else None


def number_of(state: GameState, seat: int) -> int:
    """The number ``seat``'s marker is on (it must have been placed this round)."""
    for number, stack in zip(NUMBERS, state.board, strict=True):
        if seat in stack:
            return number
    raise ValueError(f"seat {seat} has no marker on the board")


def lowest(board: Board, rule: StackLowest) -> int | None:
    """The lowest guess of the round under ruling D4, or ``None`` on an empty board."""
    for stack in board:
        if stack:
            return stack[0] if rule is StackLowest.BOTTOM else stack[-1]
    return None


@lru_cache(maxsize=256)
def exchangeable_pairs(board: Board, gone: frozenset[int]) -> tuple[tuple[int, int], ...]:
    """Pairs of neighbouring numbers (low, high) that both hold markers not ``gone``: where a
    Place exchange may swap."""
    pairs: list[tuple[int, int]] = []
    below = False  # whether the number below holds a live marker
    for number, stack in zip(NUMBERS, board, strict=True):
        held = bool(stack) and not gone.issuperset(stack)
        if held and below:
            pairs.append((number - 1, number))
        below = held
    return tuple(pairs)
