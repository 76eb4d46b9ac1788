"""Benchmark: full simulated 4-player Sushi Go Party! games through the engine, on one core.

A game runs in simulation mode (a seeded deck, known hands): the deal and a menu's draws from
``chance_action``, every decision uniformly at random from ``legal_actions``, each action through
``apply`` (which validates it fully), until ``is_over`` (3 rounds, round scoring and desserts
included). Games cycle through the 8 preset menus; each run plays ``--games`` games from fixed
seeds and the figures are the median of ``--runs`` runs. ``--mode turns`` measures turn-by-turn
mode instead (hidden hands: every card the deck can still hold is a legal reveal).

    .venv/bin/python bench/bench_sgp_engine.py [--games 200] [--runs 5] [--mode simulation] [--json]

Target (issue 3): at least 100 games per second in simulation mode.

Two clocks: wall time (``perf_counter``) and the process's CPU time (``process_time``). On a
quiet machine they agree; on a shared one the wall clock also counts the time other processes
held the core, so games per CPU-second is the figure for "games per second on one core".
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
from companion.games.sushi_go_party.menus import PRESETS

PLAYERS = [PlayerSpec(f"P{s}") for s in range(4)]
MENUS = tuple(PRESETS)


@dataclass(frozen=True)
class Run:
    games: int
    actions: int
    seconds: float
    cpu_seconds: float
    legal_seconds: float
    apply_seconds: float

    @property
    def games_per_cpu_second(self) -> float:
        return self.games / self.cpu_seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds


def play_games(games: int, first_seed: int, mode: str) -> Run:
    """Play ``games`` random games; time the whole loop and its two engine calls."""
    engine = find_game("sushi-go-party")
    clock = time.perf_counter
    actions = 0
    legal_time = apply_time = 0.0
    cpu_start = time.process_time()
    start = clock()
    for i in range(games):
        seed = first_seed + i
        rng = random.Random(seed)
        state = engine.setup(PLAYERS, {"mode": mode, "menu": MENUS[seed % len(MENUS)]})
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


def reference_microseconds() -> float:
    """How long ``sum(range(1000))`` takes here (best of 5): a yardstick between machines."""
    return min(timeit.repeat("sum(range(1000))", number=2000, repeat=5)) / 2000 * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument("--runs", type=int, default=5, help="runs (default 5)")
    parser.add_argument("--mode", choices=("simulation", "turns"), default="simulation")
    parser.add_argument("--json", action="store_true", help="print a JSON summary last")
    args = parser.parse_args(argv)

    play_games(8, first_seed=10**6, mode=args.mode)  # warm the caches
    runs = [play_games(args.games, r * args.games, args.mode) for r in range(args.runs)]
    games_s = statistics.median(r.games_per_second for r in runs)
    games_cpu = statistics.median(r.games_per_cpu_second for r in runs)
    actions_s = statistics.median(r.actions_per_second for r in runs)
    total = sum(r.seconds for r in runs)
    summary = {
        "bench": "sgp-engine",
        "game": "sushi-go-party",
        "mode": args.mode,
        "players": len(PLAYERS),
        "runs": args.runs,
        "games_per_run": args.games,
        "games_per_second_median": round(games_s, 1),
        "games_per_cpu_second_median": round(games_cpu, 1),
        "actions_per_second_median": round(actions_s),
        "actions_per_game": round(sum(r.actions for r in runs) / sum(r.games for r in runs), 1),
        "legal_actions_share": round(sum(r.legal_seconds for r in runs) / total, 3),
        "apply_share": round(sum(r.apply_seconds for r in runs) / total, 3),
        "python": sys.version.split()[0],
        "reference_sum_range_1000_us": round(reference_microseconds(), 1),
    }
    print(
        f"Sushi Go Party! engine ({args.mode}): {args.runs} runs x {args.games} games, "
        f"4 players, the 8 preset menus in turn"
    )
    print(
        f"games/s   median {games_s:8.1f}   runs: "
        + ", ".join(f"{r.games_per_second:.1f}" for r in runs)
    )
    print(
        f"games/CPU-s median {games_cpu:6.1f}   runs: "
        + ", ".join(f"{r.games_per_cpu_second:.1f}" for r in runs)
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
