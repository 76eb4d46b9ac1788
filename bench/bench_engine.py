"""Benchmark: full random Sushi Express games through the pure engine, on one core.

A game is played as in simulation mode: the table's inputs (customer cards, dice) from
``chance_action``, every decision uniformly at random from ``legal_actions``, each action
through ``apply``, until ``is_over``. The table size cycles through 3-6 players. Each run plays
``--games`` games from fixed seeds; the figures are the median of ``--runs`` runs.

    .venv/bin/python bench/bench_engine.py [--games 200] [--runs 5] [--json]

Prints games per second and actions per second (median, and every run), the mean actions per
game, and the split of time between ``legal_actions`` and ``apply``. With ``--json`` the last
line is one JSON object with the same figures. No threads, no I/O: the engine is pure Python.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import timeit
from dataclasses import dataclass

from companion.games import find_game
from companion.games.base import PlayerSpec


@dataclass(frozen=True)
class Run:
    games: int
    actions: int
    seconds: float
    legal_seconds: float
    apply_seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds


def play_games(games: int, first_seed: int) -> Run:
    """Play ``games`` random games; time the whole loop and its two engine calls."""
    engine = find_game("sushi-express")
    clock = time.perf_counter
    actions = 0
    legal_time = apply_time = 0.0
    start = clock()
    for i in range(games):
        seed = first_seed + i
        rng = random.Random(seed)
        players = [PlayerSpec(f"P{s}") for s in range(3 + seed % 4)]
        state = engine.setup(players, {})
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
    return Run(games, actions, clock() - start, legal_time, apply_time)


def reference_microseconds() -> float:
    """How long ``sum(range(1000))`` takes here (best of 5): a yardstick for comparing machines
    (about 26 us on the shared 2-vCPU VM where the engine was written)."""
    return min(timeit.repeat("sum(range(1000))", number=2000, repeat=5)) / 2000 * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument("--runs", type=int, default=5, help="runs (default 5)")
    parser.add_argument("--json", action="store_true", help="print a JSON summary last")
    args = parser.parse_args(argv)

    play_games(10, first_seed=10**6)  # warm the caches (odds table, action objects)
    runs = [play_games(args.games, first_seed=r * args.games) for r in range(args.runs)]
    games_s = statistics.median(r.games_per_second for r in runs)
    actions_s = statistics.median(r.actions_per_second for r in runs)
    total = sum(r.seconds for r in runs)
    summary = {
        "bench": "engine",
        "game": "sushi-express",
        "runs": args.runs,
        "games_per_run": args.games,
        "games_per_second_median": round(games_s, 1),
        "actions_per_second_median": round(actions_s),
        "actions_per_game": round(sum(r.actions for r in runs) / sum(r.games for r in runs), 1),
        "legal_actions_share": round(sum(r.legal_seconds for r in runs) / total, 3),
        "apply_share": round(sum(r.apply_seconds for r in runs) / total, 3),
        "python": sys.version.split()[0],
        "reference_sum_range_1000_us": round(reference_microseconds(), 1),
    }
    print(f"Sushi Express engine: {args.runs} runs x {args.games} random games (3-6 players)")
    print(
        f"games/s   median {games_s:8.1f}   runs: "
        + ", ".join(f"{r.games_per_second:.1f}" for r in runs)
    )
    print(
        f"actions/s median {actions_s:8.0f}   runs: "
        + ", ".join(f"{r.actions_per_second:.0f}" for r in runs)
    )
    print(
        f"actions per game {summary['actions_per_game']}; time in legal_actions "
        f"{summary['legal_actions_share']:.0%}, in apply {summary['apply_share']:.0%}"
    )
    print(f"machine yardstick: sum(range(1000)) takes {summary['reference_sum_range_1000_us']} us")
    if args.json:
        print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
