"""Hands per second of ``hoc simulate``: heuristic bots, three players,
hoc-mazarin (or the ruleset given), with one process and with two.

    python bench/bench_simulate.py [RULESET] [--with EXT] [--hands N] [--bots NAME]
                                   [--players N] [--jobs 1,2] [--repeat K] [--profile]

Each figure is the best and the median of ``--repeat`` runs of
``hocdsl.sim.simulate`` (the work the command does, minus printing), both in
hands per CPU-second (the CPU time of this process and of its worker
processes: what the code costs, little moved by other work on the machine)
and in hands per wall-clock second (what a user waits; with ``--jobs`` above
1 it shows the gain of the processes). On a shared or virtual machine single
runs vary by tens of percent: the best run is the closest to what the code
costs. ``--profile`` runs cProfile over one process and prints the top of the
profile instead.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import time

from hocdsl.rules import load_ruleset
from hocdsl.sim import simulate


def cpu_seconds() -> float:
    """CPU time of this process and of the children it has waited for (the workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(rules, hands: int, players: int, bots: str, jobs: int, seed: int) -> tuple[float, float]:
    """One run: (hands per CPU-second, hands per wall-clock second)."""
    cpu, wall = cpu_seconds(), time.perf_counter()
    r = simulate(rules, hands=hands, players=players, bots=bots, seed=seed, jobs=jobs)
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    assert r.chips_conserved
    return hands / cpu, hands / wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset", nargs="?", default="hoc-mazarin")
    ap.add_argument("--with", dest="extensions", action="append", default=[],
                    help="an extension to apply (repeatable)")
    ap.add_argument("--hands", type=int, default=50_000)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("--jobs", default="1,2", help="comma-separated process counts to measure")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--profile", action="store_true")
    a = ap.parse_args()
    rules = load_ruleset(a.ruleset, tuple(a.extensions)) if a.extensions else load_ruleset(a.ruleset)
    simulate(rules, hands=200, players=a.players, bots=a.bots, seed=a.seed)  # warm the tables
    if a.profile:
        prof = cProfile.Profile()
        prof.enable()
        simulate(rules, hands=a.hands, players=a.players, bots=a.bots, seed=a.seed)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
        return
    name = a.ruleset + "".join(f"+{e}" for e in a.extensions)
    print(f"{name}, {a.players} players, bots {a.bots}, {a.hands} hands, "
          f"{os.cpu_count()} cores here")
    base = None
    for jobs in (int(j) for j in a.jobs.split(",")):
        runs = [timed(rules, a.hands, a.players, a.bots, jobs, a.seed) for _ in range(a.repeat)]
        cpu = sorted(c for c, _ in runs)
        wall = sorted(w for _, w in runs)
        mid = len(runs) // 2
        base = base or wall[-1]
        print(f"  jobs={jobs}: {cpu[-1]:,.0f} hands/CPU-s best, {cpu[mid]:,.0f} median; "
              f"{wall[-1]:,.0f} hands/s wall best, {wall[mid]:,.0f} median of {a.repeat} "
              f"({wall[-1] / base:.2f}x jobs={a.jobs.split(',')[0]} wall, best to best)")


if __name__ == "__main__":
    main()
