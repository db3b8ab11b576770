"""Wall time and hands played of ``hoc reconstruct`` on a ruleset with hundreds of whole
readings (issue 19's benchmark), racing against playing every reading to the end.

    python bench/bench_reconstruct.py [RULESET] [--hands N] [--jobs 2] [--sample N] [--repeat K]

By default: lindor (512 whole readings: the product of its 9 rules with alternatives),
4,000 hands a reading, ``--jobs 2``, heuristic bots. It prints, for each run, the wall
time, the CPU time (this process and its workers), the hands played (each reading's and
its twin table's) against the hands that playing all of them to the end would take
(every reading ``--hands`` hands, twin tables included), the readings in each round,
and the build (compiled or pure Python). The machine is shared: read the CPU seconds
and the hands played, which other work moves little; the wall time is what a user waits.
"""

from __future__ import annotations

import argparse
import os
import time

from hocdsl.compiled import running
from hocdsl.reconstruct import reconstruct
from hocdsl.rules import load_ruleset


def cpu_seconds() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ruleset", nargs="?", default="lindor")
    ap.add_argument("--hands", type=int, default=4000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--sample", type=int, default=None)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    rules = load_ruleset(args.ruleset)
    print(f"hoc reconstruct {args.ruleset}: --hands {args.hands} --jobs {args.jobs}; {running()}")
    for i in range(args.repeat):
        wall, cpu = time.perf_counter(), cpu_seconds()
        rep = reconstruct(rules, hands=args.hands, jobs=args.jobs, sample=args.sample, players=args.players)
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
        n = len(rep.candidates)
        print(f"run {i + 1}: {n} whole readings played (of {rep.total:,}); wall {wall:.1f} s, CPU {cpu:.1f} s; "
              f"hands played {rep.hands_played:,} = {rep.hands_played / rep.hands_full:.1%} of "
              f"{rep.hands_full:,} ({n} readings x {args.hands:,} hands x 2 tables); "
              f"{rep.hands_played / cpu:,.0f} hands per CPU-second")
        print("   rounds: " + "; ".join(f"{b * rep.settings['batch_hands']:,} hands: {k} in, {d} dropped as worse"
                                       for b, k, d in rep.rounds))
        best = rep.ranking()[0]
        print(f"   best: {rep.label(best)[:90]} (score {best.score.mean:.3f})")


if __name__ == "__main__":
    main()
