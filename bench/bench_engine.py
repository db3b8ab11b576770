"""Hands per second of the engine alone: uniformly random legal actions,
three players, hoc-mazarin (or the ruleset given).

    python bench/bench_engine.py [RULESET] [--hands N] [--no-record] [--auto] [--calm] [--profile]

Uniformly random bots raise a lot (twenty raise sizes against one call and one
pass), so their bidding is far longer than real players'. ``--calm`` counts
all raises as one choice (a raise of a random size), which gives hands of a
realistic length: what the engine costs under a simulator's bots.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from hocdsl.actions import Raise
from hocdsl.engine import Partie
from hocdsl.rules import load_ruleset


def run(rules, hands: int, seed: int, record: bool, auto: bool, calm: bool = False) -> tuple[int, int]:
    rng = random.Random(seed)
    rand = rng.random
    done = actions = 0
    while done < hands:
        p = Partie(rules, 3, rng=random.Random(seed + done), max_hands=20,
                   record=record, auto_forced=auto)
        while not p.is_over and done < hands:
            g = p.deal()
            legal = g.legal_actions
            apply = g.apply
            while not g.is_over:
                acts = legal()
                a = acts[int(rand() * len(acts))]  # uniform; cheaper than rng.choice
                if calm and a.__class__ is Raise and rand() < 0.9:
                    a = acts[0] if acts[0].__class__ is not Raise else a  # pass or call instead
                apply(a)
                actions += 1
            done += 1
    return done, actions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset", nargs="?", default="hoc-mazarin")
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-record", action="store_true", help="Game(record=False)")
    ap.add_argument("--auto", action="store_true", help="Game(auto_forced=True)")
    ap.add_argument("--calm", action="store_true", help="raise rarely (realistic hand length)")
    ap.add_argument("--profile", action="store_true")
    a = ap.parse_args()
    rules = load_ruleset(a.ruleset)
    run(rules, 200, a.seed, not a.no_record, a.auto, a.calm)  # warm the tables
    if a.profile:
        prof = cProfile.Profile()
        prof.enable()
    t = time.perf_counter()
    hands, actions = run(rules, a.hands, a.seed, not a.no_record, a.auto, a.calm)
    dt = time.perf_counter() - t
    if a.profile:
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
    print(f"{a.ruleset}: {hands} hands, {actions} actions in {dt:.2f}s: "
          f"{hands / dt:,.0f} hands/s, {dt / hands * 1e6:.0f} us/hand, "
          f"{actions / hands:.1f} actions/hand (record={not a.no_record}, auto_forced={a.auto}, "
          f"calm={a.calm})")


if __name__ == "__main__":
    main()
