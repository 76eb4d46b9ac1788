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

from typing import Any

import _engine_bench as bench

from companion.games.base import PlayerSpec
from companion.games.sushi_go_party.menus import PRESETS

GAME_ID = "sushi-go-party"
PLAYERS = [PlayerSpec(f"P{s}") for s in range(4)]
MENUS = tuple(PRESETS)


def main(argv: list[str] | None = None) -> int:
    parser = bench.arguments(__doc__)
    parser.add_argument("--mode", choices=("simulation", "turns"), default="simulation")
    args = parser.parse_args(argv)

    def setup(seed: int) -> tuple[list[PlayerSpec], dict[str, Any]]:
        """4 players, the 8 preset menus in turn."""
        return PLAYERS, {"mode": args.mode, "menu": MENUS[seed % len(MENUS)]}

    runs = bench.measure(GAME_ID, args.games, args.runs, setup, warm=8)
    head = {
        "bench": "sgp-engine",
        "game": GAME_ID,
        "mode": args.mode,
        "players": len(PLAYERS),
        "runs": args.runs,
        "games_per_run": args.games,
    }
    summary = bench.summarise(head, runs, bench.FIGURES)
    print(
        f"Sushi Go Party! engine ({args.mode}): {args.runs} runs x {args.games} games, "
        f"4 players, the 8 preset menus in turn"
    )
    print(bench.runs_line("games/s  ", runs, "games_per_second", "8.1f", ".1f"))
    print(bench.runs_line("games/CPU-s", runs, "games_per_cpu_second", "6.1f", ".1f"))
    print(bench.runs_line("actions/s", runs, "actions_per_second", "8.0f", ".0f"))
    print(bench.split_line(summary))
    return bench.finish(summary, args.json)


if __name__ == "__main__":
    raise SystemExit(main())
