"""The long fuzz run: the suite's fuzzers (tests/fuzzing.py) for minutes instead of seconds.

    HOCDSL_PURE=1 python fuzz/run.py --minutes 10

It lives in ``fuzz/`` and not in ``bench/`` because it measures nothing: bench/ times
the program, this looks for inputs that break its promise for bad input (docs/robustness.md).
Its figures are counts of what was tried and found, and its exit code says pass or fail,
where a benchmark's says nothing.

Each fuzzer (ruleset files, records, announcements, the play loop, and the commands
themselves run as programs on mutated files) gets its turn in slices until the time is
spent. Every example runs under a watchdog: an example that takes longer than
``--limit`` seconds is a hang and counts as a failure. A failure is saved to
``--out`` (default fuzz/failures/) as a JSON reproducer; ``--reproduce FILE`` runs one
again and shows its traceback. The run uses one core: examples run one at a time, and
the commands it starts play with ``--jobs 1``.

Exit 0: nothing found; 1: a failure (listed, each with its reproducer).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from hypothesis import HealthCheck, Phase, Verbosity, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import fuzzing  # noqa: E402

HOC = str(Path(sys.executable).with_name("hoc"))


class _Hang(BaseException):
    """Raised by the watchdog in an example that outlived its limit (a BaseException, so that
    no ``except Exception`` of the program swallows it)."""


class _TimeUp(BaseException):
    """The fuzzer's slice is spent (stops Hypothesis at once, without shrinking)."""


# ------------------------------------------------------------- the commands ----

#: The commands run on a mutated file, by the kind of file.
COMMANDS: dict[str, list[list[str]]] = {
    "ruleset": [["validate"], ["show"], ["simulate", "--hands", "20", "--jobs", "1"]],
    "record": [["replay"]],
}


def cli_examples() -> st.SearchStrategy[tuple[str, str, str, int]]:
    """``(kind, name, text, which command)``: a mutated ruleset or record and a command to run on it."""
    rulesets = fuzzing.mutated_rulesets().map(lambda ex: ("ruleset", ex[0], ex[1]))
    records = fuzzing.mutated_records().map(lambda ex: ("record", ex[0], ex[1]))
    return st.tuples(rulesets | records, st.integers(0, 2)).map(lambda t: (*t[0], t[1]))


def check_cli(example: tuple[str, str, str, int], folder: Path, limit: float) -> str:
    """Run the command as the user would: exit 0 or 2, no traceback, within the limit."""
    kind, name, text, which = example
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    commands = COMMANDS[kind]
    command = commands[which % len(commands)]
    argv = [HOC, command[0], str(path), *command[1:]]
    try:
        res = subprocess.run(argv, cwd=folder, capture_output=True, text=True, timeout=limit,
                             stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise _Hang from None
    out = res.stdout + res.stderr
    if "Traceback" in out:
        raise fuzzing.FuzzFailure(f"hoc {command[0]}: a traceback\n{out[-3000:]}")
    # exit 1 is a replay whose nets differ from an edited expect: (its promise), else a fault
    differs = command[0] == "replay" and "differs from the nets worked by hand" in res.stderr
    if res.returncode not in (0, 2) and not (res.returncode == 1 and differs):
        raise fuzzing.FuzzFailure(f"hoc {command[0]}: exit {res.returncode}\n{out[-3000:]}")
    if res.returncode == 0:
        return f"{command[0]}: ok"
    if res.returncode == 1:
        return "replay: differs from expect:"
    return f"{command[0]}: " + fuzzing.shape(res.stderr.replace(str(path), "FILE").split(": ", 1)[-1])


# ------------------------------------------------------------- reproducers ----


def encode(example: Any) -> Any:
    if dataclasses.is_dataclass(example) and not isinstance(example, type):
        return dataclasses.asdict(example)
    if isinstance(example, tuple):
        return list(example)
    return example


def decode(fuzzer: str, data: Any) -> Any:
    if fuzzer == "play":
        data = dict(data, junk=[tuple(j) for j in data["junk"]])
        return fuzzing.PlayPlan(**data)
    return tuple(data)


def checks(limit: float) -> dict[str, tuple[st.SearchStrategy[Any], Callable[[Any, Path], str]]]:
    out = dict(fuzzing.FUZZERS)
    out["cli"] = (cli_examples(), lambda ex, folder: check_cli(ex, folder, limit))
    return out


# ------------------------------------------------------------- the run ----

#: Slices each fuzzer gets in a round: a command run as a program costs a second or more of
#: start-up, so it gets two, to try a few hundred files in ten minutes.
WEIGHTS = {"ruleset": 1, "record": 1, "announcement": 1, "play": 1, "cli": 2}


@dataclasses.dataclass
class Tally:
    examples: int = 0
    seconds: float = 0.0
    outcomes: Counter[str] = dataclasses.field(default_factory=Counter)
    failures: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # (what, reproducer path)


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Hang


def save_failure(out: Path, fuzzer: str, example: Any, error: str) -> Path:
    data = {"fuzzer": fuzzer, "example": encode(example), "error": error}
    text = json.dumps(data, ensure_ascii=False, indent=1)
    digest = hashlib.sha1(json.dumps(data["example"], ensure_ascii=False).encode()).hexdigest()[:10]
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{fuzzer}-{digest}.json"
    path.write_text(text, encoding="utf-8")
    return path


def run_one(check: Callable[[Any, Path], str], example: Any, limit: float) -> str:
    """One example under the watchdog; a hang raises :class:`_Hang`. (The cli check times its
    own command at ``limit``; the alarm, a little later, catches what the check itself does.)"""
    with tempfile.TemporaryDirectory(prefix="hocfuzz-") as folder:
        signal.setitimer(signal.ITIMER_REAL, limit * 1.2)
        try:
            return check(example, Path(folder))
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)


def slice_of(fuzzer: str, strategy: st.SearchStrategy[Any], check: Callable[[Any, Path], str],
             seconds: float, limit: float, tally: Tally, out: Path) -> None:
    """Run ``fuzzer`` for about ``seconds`` (the example under way is finished)."""
    end = time.monotonic() + seconds

    @settings(max_examples=10**9, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet, print_blob=False)
    @given(strategy)
    def body(example: Any) -> None:
        if time.monotonic() > end:
            raise _TimeUp
        tally.examples += 1
        try:
            tally.outcomes[run_one(check, example, limit)] += 1
        except _Hang:
            what = f"hang: an example took more than {limit:g} s"
            tally.failures.append((what, str(save_failure(out, fuzzer, example, what))))
        except (_TimeUp, KeyboardInterrupt):
            raise
        except BaseException as e:  # noqa: BLE001 - every other exception is what the run looks for
            what = f"{type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"
            path = save_failure(out, fuzzer, example, traceback.format_exc())
            tally.failures.append((what, str(path)))

    started = time.monotonic()
    while time.monotonic() < end:
        try:
            body()
        except _TimeUp:
            break
    tally.seconds += time.monotonic() - started


def report(tallies: dict[str, Tally], top: int) -> int:
    print(f"\n{'fuzzer':<14}{'examples':>10}{'seconds':>9}{'outcomes':>10}{'failures':>10}")
    for name, t in tallies.items():
        print(f"{name:<14}{t.examples:>10,}{t.seconds:>9.0f}{len(t.outcomes):>10}{len(t.failures):>10}")
    for name, t in tallies.items():
        print(f"\n{name}: the {min(top, len(t.outcomes))} most frequent of {len(t.outcomes)} distinct outcomes")
        for outcome, n in t.outcomes.most_common(top):
            print(f"  {n:>7,}  {outcome}")
    failures = [(name, f) for name, t in tallies.items() for f in t.failures]
    if failures:
        print(f"\n{len(failures)} FAILURE(S):")
        for name, (what, path) in failures:
            print(f"  {name}: {what}\n    reproducer: {path}")
        return 1
    print("\nno failure")
    return 0


def reproduce(path: Path, limit: float) -> int:
    data = json.loads(path.read_text(encoding="utf-8"))
    fuzzer = data["fuzzer"]
    example = decode(fuzzer, data["example"])
    _, check = checks(limit)[fuzzer]
    try:
        print(run_one(check, example, limit))
    except _Hang:
        print(f"hang: more than {limit:g} s")
        return 1
    except Exception:
        traceback.print_exc()
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=float, default=10.0, help="how long to run, all fuzzers together")
    p.add_argument("--only", action="append", choices=["ruleset", "record", "announcement", "play", "cli"],
                   help="run this fuzzer only (repeatable)")
    p.add_argument("--slice", type=float, default=30.0, help="seconds a fuzzer runs before the next one's turn")
    p.add_argument("--limit", type=float, default=30.0, help="seconds an example may take before it is a hang")
    p.add_argument("--out", type=Path, default=ROOT / "fuzz" / "failures", help="where reproducers go")
    p.add_argument("--top", type=int, default=12, help="outcomes listed per fuzzer")
    p.add_argument("--reproduce", type=Path, metavar="FILE", help="run one saved reproducer again")
    args = p.parse_args(argv)
    if not 0 < args.minutes <= 24 * 60 or not 0 < args.limit <= 3600 or not 1 <= args.slice <= 3600:
        p.error("--minutes 0..1440, --limit 0..3600 and --slice 1..3600")
    before = signal.signal(signal.SIGALRM, _alarm)
    try:
        if args.reproduce:
            return reproduce(args.reproduce, args.limit)
        return fuzz(args)
    finally:
        signal.signal(signal.SIGALRM, before)


def fuzz(args: argparse.Namespace) -> int:
    """Every fuzzer in turn, in slices, until the minutes are spent; the figures; 1 on a failure."""
    fuzzers = checks(args.limit)
    names = args.only or list(fuzzers)
    tallies = {name: Tally() for name in names}
    end = time.monotonic() + args.minutes * 60
    print(f"fuzzing {', '.join(names)} for {args.minutes:g} min ({args.slice:g} s slices, "
          f"{args.limit:g} s per example at most)", flush=True)
    try:
        while time.monotonic() < end:
            for name in names:
                left = end - time.monotonic()
                if left <= 0:
                    break
                strategy, check = fuzzers[name]
                seconds = min(args.slice * WEIGHTS[name], left)
                slice_of(name, strategy, check, seconds, args.limit, tallies[name], args.out)
                t = tallies[name]
                print(f"  {name}: {t.examples:,} examples, {len(t.failures)} failures", flush=True)
    except KeyboardInterrupt:
        print("interrupted: the figures so far", flush=True)
    return report(tallies, args.top)


if __name__ == "__main__":
    sys.exit(main())
