"""The runner the engine benches share (``bench_engine.py``, ``bench_sgp_engine.py``,
``bench_sr_engine.py``): random games through one title's engine, timed; the median of runs;
the machine yardstick; the printed lines and the JSON summary.

A game is played as in simulation mode: the table's inputs from ``chance_action``, every
decision uniformly at random from ``legal_actions``, each action through ``apply``, until
``is_over``. Game ``i`` of a run starting at ``first_seed`` uses ``random.Random(first_seed +
i)`` and the players and options a bench's ``setup(seed)`` gives. Two clocks: wall time
(``perf_counter``) and the process's CPU time (``process_time``); ``legal_actions`` and ``apply``
are timed apart on the wall clock.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import timeit
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games import find_game
from companion.games.base import PlayerSpec

#: ``setup(seed) -> (players, options)`` of one game.
Setup = Callable[[int], tuple[Sequence[PlayerSpec], dict[str, Any]]]

#: The figures a summary may hold, in the order it lists them.
FIGURES = (
    "games_per_second_median",
    "games_per_cpu_second_median",
    "actions_per_second_median",
    "actions_per_game",
    "legal_actions_share",
    "apply_share",
)


@dataclass(frozen=True)
class Run:
    games: int
    actions: int
    seconds: float
    cpu_seconds: float
    legal_seconds: float
    apply_seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def games_per_cpu_second(self) -> float:
        return self.games / self.cpu_seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds


def play_games(game_id: str, games: int, first_seed: int, setup: Setup) -> Run:
    """Play ``games`` random games; time the whole loop and its two engine calls."""
    engine = find_game(game_id)
    clock = time.perf_counter
    actions = 0
    legal_time = apply_time = 0.0
    cpu_start = time.process_time()
    start = clock()
    for i in range(games):
        seed = first_seed + i
        rng = random.Random(seed)
        players, options = setup(seed)
        state = engine.setup(players, options)
        while not engine.is_over(state):
            action = engine.chance_action(state, rng)
            if action is None:
                t0 = clock()
                legal = engine.legal_actions(state)
                legal_time += clock() - t0
                action = rng.choice(legal)
            t0 = clock()
            state, _events = engine.apply(state, action)
            apply_time += clock() - t0
            actions += 1
    wall = clock() - start
    return Run(games, actions, wall, time.process_time() - cpu_start, legal_time, apply_time)


def measure(game_id: str, games: int, runs: int, setup: Setup, warm: int) -> list[Run]:
    """``warm`` games to warm the caches (from seed 10**6), then ``runs`` runs of ``games``
    games from fixed seeds (run ``r`` starts at seed ``r * games``)."""
    play_games(game_id, warm, 10**6, setup)
    return [play_games(game_id, games, r * games, setup) for r in range(runs)]


def reference_microseconds() -> float:
    """How long ``sum(range(1000))`` takes here (best of 5): a yardstick for comparing machines
    (about 26 us on the shared 2-vCPU VM where the engines were written)."""
    return min(timeit.repeat("sum(range(1000))", number=2000, repeat=5)) / 2000 * 1e6


def arguments(doc: str | None) -> argparse.ArgumentParser:
    """The options every engine bench takes: ``--games``, ``--runs``, ``--json``."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument("--runs", type=int, default=5, help="runs (default 5)")
    parser.add_argument("--json", action="store_true", help="print a JSON summary last")
    return parser


def summarise(head: dict[str, Any], runs: Sequence[Run], figures: Sequence[str]) -> dict[str, Any]:
    """``head``, then the ``figures`` named (in the order of :data:`FIGURES`), the Python
    version and the yardstick."""
    total = sum(r.seconds for r in runs)
    values = {
        "games_per_second_median": round(statistics.median(r.games_per_second for r in runs), 1),
        "games_per_cpu_second_median": round(
            statistics.median(r.games_per_cpu_second for r in runs), 1
        ),
        "actions_per_second_median": round(statistics.median(r.actions_per_second for r in runs)),
        "actions_per_game": round(sum(r.actions for r in runs) / sum(r.games for r in runs), 1),
        "legal_actions_share": round(sum(r.legal_seconds for r in runs) / total, 3),
        "apply_share": round(sum(r.apply_seconds for r in runs) / total, 3),
    }
    return {
        **head,
        **{key: values[key] for key in FIGURES if key in figures},
        "python": sys.version.split()[0],
        "reference_sum_range_1000_us": round(reference_microseconds(), 1),
    }


def runs_line(label: str, runs: Sequence[Run], figure: str, median: str, each: str) -> str:
    """``label``, the median of ``figure`` over ``runs`` (format ``median``) and every run's
    (format ``each``)."""
    values = [getattr(r, figure) for r in runs]
    return f"{label} median {statistics.median(values):{median}}   runs: " + ", ".join(
        f"{v:{each}}" for v in values
    )


def split_line(summary: dict[str, Any]) -> str:
    """Actions per game and the shares of time in ``legal_actions`` and ``apply``."""
    return (
        f"actions per game {summary['actions_per_game']}; time in legal_actions "
        f"{summary['legal_actions_share']:.0%}, in apply {summary['apply_share']:.0%}"
    )


def finish(summary: dict[str, Any], as_json: bool) -> int:
    """Print the yardstick line and, with ``--json``, the summary last; the exit status."""
    print(f"machine yardstick: sum(range(1000)) takes {summary['reference_sum_range_1000_us']} us")
    if as_json:
        print(json.dumps(summary))
    return 0
