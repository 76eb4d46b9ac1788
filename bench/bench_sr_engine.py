"""Benchmark: full simulated 4-player Sushi Roll games through the engine, on one core.

A game runs in simulation mode: every roll (the bag draw and each face) from ``chance_action``
with a seeded generator, every decision (picks, Menu re-rolls, Chopsticks swaps) uniformly at
random from ``legal_actions``, each action through ``apply`` (which validates it fully), until
``is_over`` (3 rounds, round scoring and the game end included). Each run plays ``--games`` games
from fixed seeds and the figures are the median of ``--runs`` runs.

    .venv/bin/python bench/bench_sr_engine.py [--games 200] [--runs 5] [--players 4] [--json]

Two clocks: wall time (``perf_counter``) and the process's CPU time (``process_time``); on a
shared machine games per CPU-second is the figure for "games per second on one core".
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
    cpu_seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def games_per_cpu_second(self) -> float:
        return self.games / self.cpu_seconds


def play_games(games: int, first_seed: int, players: int) -> Run:
    """Play ``games`` random simulated games."""
    engine = find_game("sushi-roll")
    table = [PlayerSpec(f"P{s}") for s in range(players)]
    actions = 0
    cpu_start, start = time.process_time(), time.perf_counter()
    for i in range(games):
        rng = random.Random(first_seed + i)
        state = engine.setup(table, {"mode": "simulation"})
        while not engine.is_over(state):
            action = engine.chance_action(state, rng) or rng.choice(engine.legal_actions(state))
            state, _events = engine.apply(state, action)
            actions += 1
    return Run(games, actions, time.perf_counter() - start, time.process_time() - cpu_start)


def reference_microseconds() -> float:
    """How long ``sum(range(1000))`` takes here (best of 5): a yardstick between machines."""
    return min(timeit.repeat("sum(range(1000))", number=2000, repeat=5)) / 2000 * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument("--runs", type=int, default=5, help="runs (default 5)")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 5))
    parser.add_argument("--json", action="store_true", help="print a JSON summary last")
    args = parser.parse_args(argv)

    play_games(8, first_seed=10**6, players=args.players)  # warm the caches
    runs = [play_games(args.games, r * args.games, args.players) for r in range(args.runs)]
    games_s = statistics.median(r.games_per_second for r in runs)
    games_cpu = statistics.median(r.games_per_cpu_second for r in runs)
    per_game = sum(r.actions for r in runs) / sum(r.games for r in runs)
    summary = {
        "bench": "sr-engine",
        "game": "sushi-roll",
        "players": args.players,
        "runs": args.runs,
        "games_per_run": args.games,
        "games_per_second_median": round(games_s, 1),
        "games_per_cpu_second_median": round(games_cpu, 1),
        "actions_per_game": round(per_game, 1),
        "python": sys.version.split()[0],
        "reference_sum_range_1000_us": round(reference_microseconds(), 1),
    }
    print(
        f"Sushi Roll engine (simulation): {args.runs} runs x {args.games} games, "
        f"{args.players} players"
    )
    print(
        f"games/s     median {games_s:8.1f}   runs: "
        + ", ".join(f"{r.games_per_second:.1f}" for r in runs)
    )
    print(
        f"games/CPU-s median {games_cpu:8.1f}   runs: "
        + ", ".join(f"{r.games_per_cpu_second:.1f}" for r in runs)
    )
    print(f"actions per game {summary['actions_per_game']}")
    print(f"machine yardstick: sum(range(1000)) takes {summary['reference_sum_range_1000_us']} us")
    if args.json:
        print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
