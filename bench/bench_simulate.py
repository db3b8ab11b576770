"""Hands per second of ``hoc simulate``: heuristic bots, three players,
hoc-mazarin (or the ruleset given), with one process and with two.

    python bench/bench_simulate.py [RULESET] [--hands N] [--bots NAME] [--players 2|3]
                                   [--jobs 1,2] [--profile]

Each figure is the best and the median of ``--repeat`` runs of
``hocdsl.sim.simulate`` (the work the command does, minus printing), in wall
time. On a shared or virtual machine single runs vary by tens of percent: the
best run is the closest to what the code costs. ``--profile`` runs cProfile
over one process and prints the top of the profile instead.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import time

from hocdsl.rules import load_ruleset
from hocdsl.sim import simulate


def timed(rules, hands: int, players: int, bots: str, jobs: int, seed: int) -> float:
    t = time.perf_counter()
    r = simulate(rules, hands=hands, players=players, bots=bots, seed=seed, jobs=jobs)
    dt = time.perf_counter() - t
    assert r.chips_conserved
    return hands / dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset", nargs="?", default="hoc-mazarin")
    ap.add_argument("--hands", type=int, default=50_000)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("--jobs", default="1,2", help="comma-separated process counts to measure")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--profile", action="store_true")
    a = ap.parse_args()
    rules = load_ruleset(a.ruleset)
    simulate(rules, hands=200, players=a.players, bots=a.bots, seed=a.seed)  # warm the tables
    if a.profile:
        prof = cProfile.Profile()
        prof.enable()
        simulate(rules, hands=a.hands, players=a.players, bots=a.bots, seed=a.seed)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
        return
    print(f"{a.ruleset}, {a.players} players, bots {a.bots}, {a.hands} hands, "
          f"{os.cpu_count()} cores here")
    base = None
    for jobs in (int(j) for j in a.jobs.split(",")):
        rates = sorted(timed(rules, a.hands, a.players, a.bots, jobs, a.seed) for _ in range(a.repeat))
        best, median = rates[-1], rates[len(rates) // 2]
        base = base or best
        print(f"  jobs={jobs}: {best:,.0f} hands/s best, {median:,.0f} median of {a.repeat} "
              f"({best / base:.2f}x jobs={a.jobs.split(',')[0]}, best to best)")


if __name__ == "__main__":
    main()
