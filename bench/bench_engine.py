"""Benchmark: full random Sushi Express games through the pure engine, on one core.

A game is played as in simulation mode: the table's inputs (customer cards, dice) from
``chance_action``, every decision uniformly at random from ``legal_actions``, each action
through ``apply``, until ``is_over``. The table size cycles through 3-6 players. Each run plays
``--games`` games from fixed seeds; the figures are the median of ``--runs`` runs.

    .venv/bin/python bench/bench_engine.py [--games 200] [--runs 5] [--json]

Prints games per second (wall clock, and per second of the process's CPU time, which
neighbours loading the machine disturb less) and actions per second (median, and every run),
the mean actions per game, and the split of time between ``legal_actions`` and ``apply``. With
``--json`` the last line is one JSON object with the same figures. No threads, no I/O: the
engine is pure Python.
"""

from __future__ import annotations

from typing import Any

import _engine_bench as bench

from companion.games.base import PlayerSpec

GAME_ID = "sushi-express"


def setup(seed: int) -> tuple[list[PlayerSpec], dict[str, Any]]:
    """3 to 6 players in turn, the default options."""
    return [PlayerSpec(f"P{s}") for s in range(3 + seed % 4)], {}


def main(argv: list[str] | None = None) -> int:
    args = bench.arguments(__doc__).parse_args(argv)

    # 10 games warm the caches (odds table, action objects)
    runs = bench.measure(GAME_ID, args.games, args.runs, setup, warm=10)
    head = {"bench": "engine", "game": GAME_ID, "runs": args.runs, "games_per_run": args.games}
    figures = (
        "games_per_second_median",
        "games_per_cpu_second_median",
        "actions_per_second_median",
        "actions_per_game",
        "legal_actions_share",
        "apply_share",
    )
    summary = bench.summarise(head, runs, figures)
    print(f"Sushi Express engine: {args.runs} runs x {args.games} random games (3-6 players)")
    print(bench.runs_line("games/s  ", runs, "games_per_second", "8.1f", ".1f"))
    print(bench.runs_line("games/CPU-s", runs, "games_per_cpu_second", "6.1f", ".1f"))
    print(bench.runs_line("actions/s", runs, "actions_per_second", "8.0f", ".0f"))
    print(bench.split_line(summary))
    return bench.finish(summary, args.json)


if __name__ == "__main__":
    raise SystemExit(main())
