"""Hands per second of ``hoc simulate``: heuristic bots, three players,
hoc-mazarin (or the ruleset given), with one process and with two.

    python bench/bench_simulate.py [RULESET] [--with EXT] [--hands N] [--bots NAME]
                                   [--players N] [--jobs 1,2] [--repeat K] [--profile]
                                   [--against REV [--compile-against]] [--builds]
                                   [--pokerkit-players N]

Each figure is the best and the median of ``--repeat`` runs of
``hocdsl.sim.simulate`` (the work the command does, minus printing), both in
hands per CPU-second (the CPU time of this process and of its worker
processes: what the code costs, little moved by other work on the machine)
and in hands per wall-clock second (what a user waits; with ``--jobs`` above
1 it shows the gain of the processes). On a shared or virtual machine single
runs vary by tens of percent: the best run is the closest to what the code
costs. ``--profile`` runs cProfile over one process and prints the top of the
profile instead.

``--builds`` measures, in one run and alternated, the installed build (compiled
with mypyc where ``pip install .`` could), the pure Python build of the same
install (``HOCDSL_PURE=1``) and PokerKit's no-limit hold'em (three players, as
the hoc-mazarin table, every action drawn at random among the legal ones,
dealing automated; ``--pokerkit-players 6`` for the six-player table earlier
benches used; installed with ``pip install pokerkit``, or left out), each in a
fresh process, and prints each one's hands per CPU-second and its ratio to
PokerKit's.

With ``--against REV`` too, it also measures git revision REV's tree as plain
Python in the same run (for example ``4e20ee7``, the commit before the compiled
build and the Monte Carlo work) and prints each build's ratio to it. With
``--compile-against`` as well, REV's tree is built with mypyc first (as
``setup.py build_ext --inplace`` builds it: minutes, once; the build is kept in
the temporary directory, ``hocdsl-bench-<commit>``, for the next run) and
measured compiled and plain, each build of this tree set beside REV's same
build (for example ``24d9e5a``, the commit before the stage-kind work).

The child processes run from the temporary directory; where this tree was
built in place (``setup.py build_ext --inplace``, which keeps mypyc's shared
module at the tree's root) the root is put on their ``PYTHONPATH``.

``--against REV`` alone measures this tree and the tree of git revision REV (for
example ``c8827b0``, the commit before the ruleset rewrite, or ``HEAD~1``)
in the same run: one process each, alternated ``--repeat`` times so that
both see the same machine, and prints the ratio of the best hands per
CPU-second of this tree to REV's (above 1.0: this tree is faster). REV's
tree is taken with ``git archive`` into a temporary directory and imported
ahead of the installed package; it needs the same dependencies.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


ROOT = Path(__file__).resolve().parent.parent

# One measured run in a fresh process: prints hands per CPU-second.
CHILD = """
import os, sys, time
from hocdsl.rules import load_ruleset
from hocdsl.sim import simulate
name, hands, players, bots, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
rules = load_ruleset(name)
simulate(rules, hands=200, players=players, bots=bots, seed=seed)
t = os.times(); cpu = t.user + t.system
r = simulate(rules, hands=hands, players=players, bots=bots, seed=seed, jobs=1)
t = os.times(); cpu = t.user + t.system - cpu
assert r.chips_conserved
print(hands / cpu)
"""


# PokerKit's hands, in a fresh process: prints hands per CPU-second (nothing if not installed).
POKERKIT = """
import random, sys, time
try:
    from pokerkit import Automation, NoLimitTexasHoldem
except ImportError:
    sys.exit(0)
AUTO = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)
players = int(sys.argv[2])
def hand(rng):
    s = NoLimitTexasHoldem.create_state(AUTO, True, 0, (1, 2), 2, (200,) * players, players)
    while s.status:
        moves = [m for m, ok in ((s.fold, s.can_fold()), (s.check_or_call, s.can_check_or_call()),
                                 (None, s.can_complete_bet_or_raise_to())) if ok]
        m = rng.choice(moves)
        if m is None:
            s.complete_bet_or_raise_to(s.min_completion_betting_or_raising_to_amount)
        else:
            m()
rng = random.Random(1)
for _ in range(50):
    hand(rng)
n = int(sys.argv[1])
t = time.process_time()
for _ in range(n):
    hand(rng)
print(n / (time.process_time() - t))
"""


def checkout(rev: str, into: Path) -> str:
    """Git revision ``rev`` of this repository, extracted into ``into``; its short name."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", rev],
                          capture_output=True, text=True, check=True).stdout.strip()


def built_in_place(tree: Path) -> bool:
    """Whether ``tree`` holds an in-place mypyc build (its shared module at the root)."""
    return any(tree.glob("*__mypyc*.so")) or any(tree.glob("*__mypyc*.pyd"))


def compiled_checkout(rev: str) -> tuple[Path, str]:
    """Git revision ``rev``'s tree built with mypyc in place, kept in the temporary directory
    under its commit (built the first time: minutes); the tree and its short name."""
    full = subprocess.run(["git", "-C", str(ROOT), "rev-parse", rev],
                          capture_output=True, text=True, check=True).stdout.strip()
    tree = Path(tempfile.gettempdir()) / f"hocdsl-bench-{full}"
    done = tree / ".built"
    if not done.is_file():
        tree.mkdir(exist_ok=True)
        short = checkout(rev, tree)
        print(f"building revision {short} with mypyc in {tree} (minutes, once)", file=sys.stderr)
        log = tree / "build.log"
        env = {k: v for k, v in os.environ.items() if k != "HOCDSL_PURE"}  # (which builds nothing)
        with log.open("w") as out:
            subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=tree, env=env,
                           stdout=out, stderr=subprocess.STDOUT, check=True)
        if not built_in_place(tree):
            sys.exit(f"revision {short} did not build with mypyc: see {log}")
        done.write_text(full + "\n")
    return tree, full[:7]


def builds(a: argparse.Namespace) -> None:
    """The compiled and the pure build, and PokerKit (and revision ``a.against``, as
    plain Python, and compiled with ``--compile-against``), alternated in one run."""
    if a.against and a.compile_against:
        builds_run(a, compiled_checkout(a.against))
    elif a.against:
        with tempfile.TemporaryDirectory() as tmp:
            builds_run(a, (Path(tmp), checkout(a.against, Path(tmp))))
    else:
        builds_run(a, None)


def builds_run(a: argparse.Namespace, old: tuple[Path, str] | None) -> None:
    from hocdsl.compiled import PURE_ENV

    def one(code: str, args: list[str], pure: bool) -> float | None:
        env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
        if built_in_place(ROOT):
            env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
        if pure:
            env[PURE_ENV] = "1"
        out = subprocess.run([sys.executable, "-c", code, *args], env=env, cwd=tempfile.gettempdir(),
                             capture_output=True, text=True, check=True).stdout.split()
        return float(out[-1]) if out else None

    sim = [a.ruleset, str(a.hands), str(a.players), a.bots, str(a.seed)]
    probe = "from hocdsl.compiled import running; print(0 if running() == 'pure Python' else 1)"
    compiled = one(probe, [], False) == 1
    old_compiled = old is not None and built_in_place(old[0])
    rows: dict[str, list[float]] = {"installed": [], "pure": [], "pokerkit": [], "old-compiled": [],
                                    "old": []}
    for _ in range(a.repeat):
        for label, code, args, pure in (("installed", CHILD, sim, False), ("pure", CHILD, sim, True),
                                        ("pokerkit", POKERKIT, [str(max(200, a.hands // 10)),
                                                                str(a.pokerkit_players)], False)):
            if label == "installed" and not compiled:
                continue
            v = one(code, args, pure)
            if v is not None:
                rows[label].append(v)
        if old is not None:
            if old_compiled:
                rows["old-compiled"].append(child_run(old[0], a, pure=False))
            rows["old"].append(child_run(old[0], a, pure=True))
    pk = max(rows["pokerkit"]) if rows["pokerkit"] else None
    print(f"{a.ruleset}, {a.players} players, bots {a.bots}, {a.hands} hands, one process; "
          f"best and median of {a.repeat}, alternated, in hands per CPU-second")
    names = {"installed": "compiled (mypyc)", "pure": "pure Python (HOCDSL_PURE=1)",
             "pokerkit": f"PokerKit, no-limit hold'em, {a.pokerkit_players} players, random actions",
             "old-compiled": f"revision {old[1] if old else ''}, compiled (mypyc)",
             "old": f"revision {old[1] if old else ''}, plain Python"}
    for label, runs in rows.items():
        if not runs:
            continue
        runs.sort()
        ratio = f"; {runs[-1] / pk:.1f}x PokerKit" if pk else ""
        print(f"  {names[label]}: {runs[-1]:,.0f} best, {runs[len(runs) // 2]:,.0f} median{ratio}")
    if not compiled:
        print("  (the compiled build is not installed here: pip install . where a C compiler is present)")
    if pk is None:
        print("  (PokerKit is not installed: pip install pokerkit to measure against it)")
    if compiled and rows["pure"]:
        print(f"  compiled / pure: {max(rows['installed']) / max(rows['pure']):.2f}x best to best")
    if old is not None:
        for label, theirs in (("installed", "old-compiled" if old_compiled else "old"), ("pure", "old")):
            if rows[label] and rows[theirs]:
                print(f"  {names[label]} / {names[theirs]}: "
                      f"{max(rows[label]) / max(rows[theirs]):.2f}x best to best, "
                      f"{_median(rows[label]) / _median(rows[theirs]):.2f}x median to median")


def _median(runs: list[float]) -> float:
    return sorted(runs)[len(runs) // 2]


def child_run(tree: Path, a: argparse.Namespace, pure: bool | None = None) -> float:
    """Hands per CPU-second of one run of the package found in ``tree`` (``pure``: with
    ``HOCDSL_PURE`` set, or unset; None leaves the environment's)."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    if pure is not None:
        env.pop("HOCDSL_PURE", None)
        if pure:
            env["HOCDSL_PURE"] = "1"
    own = tree / "rulesets" / f"{a.ruleset}.yaml"  # the tree's own file of a bundled ruleset
    name = str(own) if own.is_file() else a.ruleset
    out = subprocess.run([sys.executable, "-c", CHILD, name, str(a.hands), str(a.players),
                          a.bots, str(a.seed)], env=env, cwd=tempfile.gettempdir(),
                         capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def against(a: argparse.Namespace) -> None:
    """This tree against revision ``a.against``, alternated in one run."""
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp)
        rev = checkout(a.against, old)
        print(f"{a.ruleset}, {a.players} players, bots {a.bots}, {a.hands} hands, one process; "
              f"this tree against {a.against} ({rev}), alternated {a.repeat} times")
        new_runs: list[float] = []
        old_runs: list[float] = []
        for _ in range(a.repeat):
            old_runs.append(child_run(old, a))
            new_runs.append(child_run(ROOT, a))
        for label, runs in (("this tree", new_runs), (rev, old_runs)):
            runs.sort()
            print(f"  {label}: {runs[-1]:,.0f} hands/CPU-s best, {runs[len(runs) // 2]:,.0f} median")
        print(f"  ratio {max(new_runs) / max(old_runs):.2f} best to best, "
              f"{_median(new_runs) / _median(old_runs):.2f} median to median (above 1.0: this tree is faster)")


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
    ap.add_argument("--builds", action="store_true",
                    help="measure the compiled and the pure build and PokerKit, alternated")
    ap.add_argument("--pokerkit-players", type=int, default=3, metavar="N",
                    help="players at PokerKit's hold'em table with --builds (3, as hoc-mazarin's; 6 "
                         "for the table earlier benches used)")
    ap.add_argument("--against", metavar="REV",
                    help="also measure git revision REV in the same run and print the ratio")
    ap.add_argument("--compile-against", action="store_true",
                    help="with --builds --against REV: build REV with mypyc (once, kept) and "
                         "measure it compiled too")
    a = ap.parse_args()
    if a.builds:
        builds(a)
        return
    if a.against:
        if a.extensions:
            ap.error("--against measures a ruleset by name, without --with")
        against(a)
        return
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
