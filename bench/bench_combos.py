"""Micro-benchmark of hand evaluation: evaluations per second for each combos function.

Run: ``python bench/bench_combos.py [RULESET] [--players 3] [--hands 200000]``.
Deals random hands of the ruleset's size (seeded), then times each function
over all of them on one core. An "evaluation" is one call on one hand.
"""

from __future__ import annotations

import argparse
import random
import time

from hocdsl import combos
from hocdsl.rules import load_ruleset


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset", nargs="?", default="hoc-mazarin")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    rules = load_ruleset(args.ruleset)
    n = rules.hand_size(args.players)
    rng = random.Random(args.seed)
    deck = list(range(52))
    hands = []
    for _ in range(args.hands):
        h = 0
        for c in rng.sample(deck, n):
            h |= 1 << c
        hands.append(h)

    t0 = time.perf_counter()
    combos.best_point(hands[0], rules)  # build the per-ruleset tables
    print(f"{rules.name}, {args.players} players, {n} cards, {len(hands)} hands")
    print(f"  tables built in {1000 * (time.perf_counter() - t0):.1f} ms")

    def everything(h: int, r=rules) -> None:
        combos.best_point(h, r)
        combos.best_sequence(h, r)
        combos.best_tricon(h, r)
        combos.is_blank(h)

    cases = [
        ("point_score", lambda h, r=rules: combos.point_score(h, r)),
        ("best_point", lambda h, r=rules: combos.best_point(h, r)),
        ("sequence_score", lambda h, r=rules: combos.sequence_score(h, r)),
        ("best_sequence", lambda h, r=rules: combos.best_sequence(h, r)),
        ("sequences", lambda h, r=rules: combos.sequences(h, r)),
        ("tricon_score", lambda h, r=rules: combos.tricon_score(h, r)),
        ("best_tricon", lambda h, r=rules: combos.best_tricon(h, r)),
        ("tricons", lambda h, r=rules: combos.tricons(h, r)),
        ("is_blank", combos.is_blank),
        ("all four best_* + is_blank", everything),
        ("hand_scores (all four as ints)", lambda h, r=rules: combos.hand_scores(h, r)),
    ]
    for name, fn in cases:
        t0 = time.perf_counter()
        for h in hands:
            fn(h)
        dt = time.perf_counter() - t0
        print(f"  {name:28s} {len(hands) / dt:12,.0f} evaluations/s")


if __name__ == "__main__":
    main()
