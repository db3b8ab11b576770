"""Simulations on a Dask cluster (``--cluster``) and workers that fail.

The cluster test starts a real Dask scheduler and two worker processes on
loopback, plays ``hoc simulate`` on them and checks that every number is the
very one ``--jobs 1`` gives for the same seed (blocks are seeded by the seed
and their number alone, whatever process plays them). The failure tests run
a simulation whose bot raises, in a child Python with a time limit that only
guards against a hang: the test asserts the error that comes back, never a
duration.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hocdsl.cli import app
from hocdsl.rules import load_ruleset
from hocdsl.sim import _chunk_count, _chunks, simulate
from hocdsl.sim.runner import chunks_of

try:
    import distributed
except ImportError:  # pragma: no cover - the extra is not installed
    distributed = None

#: One worker runs this file's tests one after another (pytest-xdist's loadgroup, in
#: pyproject.toml's addopts): each starts a Dask cluster, a Ctrl-C or a worker that dies,
#: and they were written for a machine on which no other test of theirs runs at once.
pytestmark = pytest.mark.xdist_group("dask-cluster")

needs_distributed = pytest.mark.skipif(
    distributed is None, reason="Dask's scheduler is not installed: pip install '.[cluster]'")

#: A guard against a hang only (a child that has not ended by then failed the test).
HANG_GUARD = 300


def _hoc(*args: str, timeout: float = HANG_GUARD) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run([sys.executable, "-m", "hocdsl", *args], capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"hoc {' '.join(args)} had not ended after {timeout} s")


# ------------------------------------------------------------ a real cluster ----


def _start(*args: str, log: Path) -> subprocess.Popen[bytes]:
    with open(log, "wb") as out:  # its own session: stopped with its children by its process group
        return subprocess.Popen([sys.executable, "-m", *args], stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.fixture
def scheduler(tmp_path: Path) -> Iterator[str]:
    """A Dask scheduler on 127.0.0.1 (a free port) and two one-thread worker processes;
    yields the scheduler's address; stops all three whatever happens."""
    info = tmp_path / "scheduler.json"
    started: list[subprocess.Popen[bytes]] = []
    try:
        started.append(_start("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                              "--no-dashboard", "--scheduler-file", str(info), log=tmp_path / "scheduler.log"))
        deadline = time.monotonic() + HANG_GUARD  # a guard against a hang, not a measure
        while not (info.exists() and info.stat().st_size):
            if started[0].poll() is not None or time.monotonic() > deadline:
                pytest.fail("the Dask scheduler did not start:\n" + (tmp_path / "scheduler.log").read_text())
            time.sleep(0.1)
        address = json.loads(info.read_text())["address"]
        assert address.startswith("tcp://127.0.0.1:")
        for i in range(2):
            started.append(_start("distributed.cli.dask_worker", address, "--no-nanny", "--nthreads", "1",
                                  "--host", "127.0.0.1", "--no-dashboard", "--death-timeout", "60",
                                  log=tmp_path / f"worker{i}.log"))
        with distributed.Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=HANG_GUARD)
            assert len(client.scheduler_info()["workers"]) == 2
        yield address
    finally:
        for proc in reversed(started):
            _stop(proc)


@needs_distributed
def test_a_cluster_gives_the_very_numbers_of_one_process(scheduler: str) -> None:
    # 1,010 hands: six tasks of up to 200 hands for the two workers, the last block short
    on_cluster = _hoc("simulate", "hoc-mazarin", "--hands", "1010", "--seed", "3", "--cluster", scheduler, "--json")
    assert on_cluster.returncode == 0, on_cluster.stderr
    here = _hoc("simulate", "hoc-mazarin", "--hands", "1010", "--seed", "3", "--jobs", "1", "--json")
    assert here.returncode == 0, here.stderr
    a, b = json.loads(on_cluster.stdout), json.loads(here.stdout)
    assert a["hands"] == 1010 and a["chips_conserved"] is True
    assert a["metrics"] == b["metrics"]
    assert a == b  # distributions and settings too
    # and the seed matters: another seed on the cluster gives other numbers
    other = _hoc("simulate", "hoc-mazarin", "--hands", "1010", "--seed", "4", "--cluster", scheduler, "--json")
    assert other.returncode == 0, other.stderr
    assert json.loads(other.stdout)["metrics"] != a["metrics"]


@needs_distributed
def test_diff_on_a_cluster_gives_the_numbers_of_one_process(scheduler: str) -> None:
    args = ("diff", "hoc-mazarin", "hoca", "--hands", "600", "--seed", "2", "--json")
    on_cluster = _hoc(*args, "--cluster", scheduler)
    here = _hoc(*args, "--jobs", "1")
    assert on_cluster.returncode == 0 and here.returncode == 0, on_cluster.stderr + here.stderr
    assert json.loads(on_cluster.stdout) == json.loads(here.stdout)


# ---------------------------------------------------------- what --cluster refuses ----


def test_cluster_and_jobs_above_one_is_an_error() -> None:
    res = CliRunner().invoke(app, ["simulate", "hoc-mazarin", "--hands", "40", "--cluster", "local", "--jobs", "2"])
    assert res.exit_code == 2
    assert "--cluster and --jobs 2" in res.stderr
    with pytest.raises(ValueError, match="cluster and jobs=2"):
        simulate(load_ruleset("hoc-mazarin"), hands=40, jobs=2, cluster="local")


def test_without_distributed_cluster_says_to_install_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` raises ImportError
    for cmd in (["simulate", "hoc-mazarin", "--hands", "40"],
                ["diff", "hoc-mazarin", "hoca", "--hands", "40"],
                ["readings", "hoc-mazarin", "--hands", "40"]):
        res = CliRunner().invoke(app, [*cmd, "--cluster", "tcp://127.0.0.1:8786"])
        assert res.exit_code == 2, (cmd, res.output)
        assert "pip install 'hocdsl[cluster]'" in res.stderr
        assert "Traceback" not in res.output


# --------------------------------------------------------------- failing workers ----

FAULTY = """
import os, sys
from hocdsl import bots
from hocdsl.bots.heuristic import HeuristicBot
from hocdsl.engine.errors import IllegalAction
from hocdsl.rules import load_ruleset
from hocdsl.sim import WorkerError, simulate

class Odd(Exception):  # two arguments and no __reduce__: cannot be read back after pickling
    def __init__(self, a, b):
        super().__init__(f"{a}/{b}")

PARENT = os.getpid()

class Faulty(HeuristicBot):  # fails in the worker processes (everywhere with one process)
    def choose(self, view):
        how = sys.argv[1]
        if sys.argv[2] != "1" and os.getpid() == PARENT:  # the parent's warm-up hand
            return super().choose(view)
        if how == "illegal":
            raise IllegalAction("test rule: a bot refuses on purpose", "no action suits this bot")
        if how == "odd":
            raise Odd("left", "right")
        if how == "exit":
            os._exit(7)
        return super().choose(view)

bots.BOTS["faulty"] = Faulty
try:
    simulate(load_ruleset("hoc-mazarin"), hands=1000, seed=5, bots="faulty", jobs=int(sys.argv[2]))
except Exception as e:
    print(type(e).__name__)
    print(str(e))
    print(getattr(e, "rule", ""))
    print("; ".join(getattr(e, "__notes__", [])))
else:
    print("no error")
"""


def _faulty(how: str, jobs: int) -> list[str]:
    try:
        res = subprocess.run([sys.executable, "-c", textwrap.dedent(FAULTY), how, str(jobs)],
                             capture_output=True, text=True, timeout=HANG_GUARD)
    except subprocess.TimeoutExpired:
        pytest.fail(f"a simulation whose bot fails ({how}, jobs={jobs}) hung")
    assert res.returncode == 0, res.stderr
    return res.stdout.splitlines()


@pytest.mark.parametrize("jobs", [2, 1])
def test_an_illegal_action_in_a_worker_comes_back_whole(jobs: int) -> None:
    kind, text, rule, notes = _faulty("illegal", jobs)
    assert kind == "IllegalAction"
    assert text == "no action suits this bot (test rule: a bot refuses on purpose)"
    assert rule == "test rule: a bot refuses on purpose"
    assert notes == "raised playing blocks 0..9 of seed 5"  # the first chunk: its first hand fails


def test_an_error_that_cannot_be_sent_back_is_told_in_words() -> None:
    kind, text, _rule, notes = _faulty("odd", 2)
    assert (kind, text) == ("WorkerError", "Odd: left/right")
    assert notes == "raised playing blocks 0..9 of seed 5"


def test_a_worker_that_dies_is_reported() -> None:
    kind, text, _rule, _notes = _faulty("exit", 2)
    assert kind == "WorkerError"
    assert text.startswith("a worker process ended abruptly")


def test_an_illegal_action_can_be_pickled() -> None:
    import pickle

    from hocdsl.engine.errors import IllegalAction

    e = pickle.loads(pickle.dumps(IllegalAction("the rule", "the message")))
    assert (type(e), e.rule, e.message, str(e)) == (IllegalAction, "the rule", "the message",
                                                    "the message (the rule)")


# -------------------------------------------------------------------- chunks ----


@pytest.mark.parametrize("hands", [1, 19, 20, 199, 200, 201, 1234, 4000])
def test_chunks_made_on_demand_are_the_runners_chunks(hands: int) -> None:
    assert list(_chunks(hands)) == chunks_of(hands)
    assert _chunk_count(hands) == len(chunks_of(hands))


# ------------------------------------------------ a cluster that stops (issue 22) ----


def _hoc_in_session(*args: str) -> subprocess.Popen[str]:
    """``hoc ARGS`` in a session of its own (its process group takes a Ctrl-C as a terminal gives it)."""
    return subprocess.Popen([sys.executable, "-m", "hocdsl", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)


def _ended(proc: subprocess.Popen[str]) -> tuple[int, str]:
    try:
        _, err = proc.communicate(timeout=HANG_GUARD)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail(f"had not ended after {HANG_GUARD} s")
    return proc.returncode, err


def _children_of(pid: int) -> int:
    return sum(1 for entry in os.listdir("/proc") if entry.isdigit() and _parent(entry) == pid)


def _parent(entry: str) -> int | None:
    try:
        return int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _alive_in_group(group: int) -> list[int]:
    """The processes of process group ``group`` still running (a zombie has ended: not counted)."""
    alive: list[int] = []
    for entry in os.listdir("/proc"):
        try:
            state, _ppid, pgrp = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[:3]
        except (OSError, ValueError, IndexError):
            continue
        if entry.isdigit() and int(pgrp) == group and state != "Z":
            alive.append(int(entry))
    return alive


def _none_left(group: int) -> list[int]:
    """Wait until no process of ``group`` runs (the workers end as the cluster closes); those left
    after :data:`HANG_GUARD` seconds."""
    deadline = time.monotonic() + HANG_GUARD
    while (left := _alive_in_group(group)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return left


@needs_distributed
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers in /proc (Linux)")
def test_ctrl_c_on_a_local_cluster_is_exit_130_without_dask_s_noise() -> None:
    _ctrl_c_on_a_local_cluster(poll=0.2, then=3)  # the workers up, then the hands being played


def _ctrl_c_on_a_local_cluster(poll: float, then: float) -> None:
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) ``then`` seconds after
    the command's second child process is up (checked every ``poll`` seconds): exit 130, at
    most one line, no process left."""
    proc = _hoc_in_session("simulate", "hoca", "--cluster", "local", "--hands", "2000000")
    deadline = time.monotonic() + HANG_GUARD
    while _children_of(proc.pid) < 2 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(poll)
    time.sleep(then)
    os.killpg(proc.pid, signal.SIGINT)
    code, err = _ended(proc)
    assert code == 130, err
    assert "Traceback" not in err and "distributed." not in err and len(err.strip().splitlines()) <= 1, err
    assert _none_left(proc.pid) == []


@needs_distributed
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers in /proc (Linux)")
def test_ctrl_c_as_a_local_cluster_starts_is_not_lost() -> None:
    """A Ctrl-C as the first worker process starts, while the others are still being started
    (Ctrl-C once went unseen then, and the command played on)."""
    _ctrl_c_on_a_local_cluster(poll=0.02, then=0)  # the resource tracker and a first worker process


@needs_distributed
def test_a_local_cluster_says_nothing_when_dask_s_usual_port_is_taken() -> None:
    """Port 8787 (Dask's dashboard and HTTP server by default) held, as by another Dask cluster
    on the machine: distributed warned over four lines on stderr that it used another port."""
    import socket

    with socket.socket() as held:
        try:
            held.bind(("", 8787))
            held.listen()
        except OSError:  # taken already, as the test wants
            pass
        proc = subprocess.run([sys.executable, "-m", "hocdsl", "simulate", "hoca", "--cluster", "local",
                               "--hands", "400"], capture_output=True, text=True, timeout=HANG_GUARD, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""


@needs_distributed
def test_a_scheduler_that_stops_is_one_line_and_exit_1(tmp_path: Path) -> None:
    info = tmp_path / "scheduler.json"
    sched = _start("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                   "--scheduler-file", str(info), log=tmp_path / "scheduler.log")
    worker = None
    proc = None
    try:
        deadline = time.monotonic() + HANG_GUARD
        while not (info.exists() and info.stat().st_size) and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(info.read_text())["address"]
        worker = _start("distributed.cli.dask_worker", address, "--no-nanny", "--nthreads", "1", "--host",
                        "127.0.0.1", "--no-dashboard", log=tmp_path / "worker.log")
        proc = _hoc_in_session("simulate", "hoca", "--cluster", address, "--hands", "2000000")
        with distributed.Client(address, timeout=60) as client:
            while client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) == 0:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read()
                time.sleep(0.2)  # until hoc's chunks are on the scheduler
        os.killpg(sched.pid, signal.SIGKILL)
        code, err = _ended(proc)
    finally:
        for p in (proc, worker, sched):
            if p is not None and p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
    assert code == 1, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: the simulation on --cluster {address} failed: the "
                                                   "connection to the Dask scheduler was lost"), err
