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

from typing import Any

import _engine_bench as bench

from companion.games.base import PlayerSpec

GAME_ID = "sushi-roll"


def main(argv: list[str] | None = None) -> int:
    parser = bench.arguments(__doc__)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 5))
    args = parser.parse_args(argv)
    table = [PlayerSpec(f"P{s}") for s in range(args.players)]

    def setup(seed: int) -> tuple[list[PlayerSpec], dict[str, Any]]:
        """``--players`` players in simulation mode."""
        return table, {"mode": "simulation"}

    runs = bench.measure(GAME_ID, args.games, args.runs, setup, warm=8)
    head = {
        "bench": "sr-engine",
        "game": GAME_ID,
        "players": args.players,
        "runs": args.runs,
        "games_per_run": args.games,
    }
    figures = ("games_per_second_median", "games_per_cpu_second_median", "actions_per_game")
    summary = bench.summarise(head, runs, figures)
    print(
        f"Sushi Roll engine (simulation): {args.runs} runs x {args.games} games, "
        f"{args.players} players"
    )
    print(bench.runs_line("games/s    ", runs, "games_per_second", "8.1f", ".1f"))
    print(bench.runs_line("games/CPU-s", runs, "games_per_cpu_second", "8.1f", ".1f"))
    print(f"actions per game {summary['actions_per_game']}")
    return bench.finish(summary, args.json)


if __name__ == "__main__":
    raise SystemExit(main())
