"""Simulation: many hands played by bots, measured with 95% intervals.

``simulate(rules, hands=N)`` plays ``N`` hands in parties (pools and
multipliers carry over) and returns a :class:`SimResult` whose ``metrics``
map each metric name (see :mod:`.metrics`) to a :class:`Stat` (mean and 95%
interval). ``compare(rules_a, rules_b, hands=N)`` plays the same deals under
both rulesets (common random numbers) and returns a :class:`Comparison`: per
metric A, B, B - A with its paired 95% interval, and whether that interval
excludes zero.

The same seed gives the same numbers whatever ``jobs`` is, and on a Dask
cluster (``cluster=``, :mod:`.cluster`): the hands are
split by seed into fixed blocks (:mod:`.runner`), never by timing, and the
statistics are exact integer sums merged in a fixed order (:mod:`.stats`).
Memory does not grow with the number of hands.

>>> from hocdsl.rules import load_ruleset
>>> r = simulate(load_ruleset("hoc-mazarin"), hands=40, seed=1)
>>> r.hands, r.chips_conserved
(40, True)
>>> sorted(r.to_json())[:4]
['bots', 'chips_conserved', 'distributions', 'extensions']
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import ExitStack, closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..bots import parse_bots
from .heap import frozen
from .metrics import Layout, Metric
from .runner import BLOCK_HANDS, CHUNK_BLOCKS, Table
from .stats import NAN_STAT, Stat, Sums, SumsState, interval, ratio_parts, sd_parts

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset
    from .cluster import Cluster

__all__ = ["simulate", "compare", "SimResult", "Comparison", "Row", "Stat", "WorkerError"]

Progress = Callable[[int, int], None]
Chunk = list[tuple[int, int]]  # (block, hands in it), consecutive blocks
Results = Generator[tuple[Chunk, Any], None, None]  # (chunk, its result), in chunk order

#: Chunks handed to the worker processes ahead of the results read, per process: enough to
#: keep each busy, few enough that memory does not grow with the number of hands.
AHEAD_PER_JOB = 4

#: The most worker processes a simulation starts (``jobs``). The largest single machines have
#: 2 x 128 cores; each worker is a Python process of some 50 MB, so more than this buys no speed
#: and could exhaust memory or the process table: many more belong on a cluster.
MAX_JOBS = 256


class WorkerError(RuntimeError):
    """A worker failed in a way its own error cannot tell the parent: it raised an
    error that cannot be sent between processes (its type and message are kept in
    the text), or the process ended abruptly (killed, out of memory)."""


# ------------------------------------------------------------ results ----


@dataclass(frozen=True)
class SimResult:
    """What :func:`simulate` measured. ``metrics``: name -> :class:`Stat`;
    ``distributions``: raw counts of cards left by losers and of end payments."""

    ruleset: str
    extensions: tuple[str, ...]
    players: int
    bots: tuple[str, ...]
    seed: int
    hands: int
    chips_conserved: bool
    metrics: dict[str, Stat]
    distributions: dict[str, dict[str, int]] = field(default_factory=dict)
    #: differences of two metrics on the same hands, asked for with ``contrasts=``:
    #: ``"a - b"`` -> the paired :class:`Stat` of metric a minus metric b
    contrasts: dict[str, Stat] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """One JSON object: ``hands``, ``chips_conserved``, ``metrics`` ({name:
        {"mean", "ci95": [lo, hi]}}), ``distributions``, and the settings."""
        return {
            "ruleset": self.ruleset,
            "extensions": list(self.extensions),
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "hands": self.hands,
            "chips_conserved": self.chips_conserved,
            "metrics": {k: v.to_json() for k, v in self.metrics.items()},
            "distributions": self.distributions,
            **({"contrasts": {k: v.to_json() for k, v in self.contrasts.items()}} if self.contrasts else {}),
        }

    def to_frame(self) -> Any:
        """These numbers as a pandas DataFrame, one row per metric and statistic
        (:func:`hocdsl.tidy.to_frame`; ``pip install 'hocdsl[frames]'``)."""
        from ..tidy import to_frame

        return to_frame(self)


@dataclass(frozen=True)
class Row:
    """One metric compared: A, B, the difference B - A (paired 95% interval), and
    ``significant`` when that interval excludes zero."""

    metric: str
    a: Stat
    b: Stat
    diff: Stat
    significant: bool

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a.to_json(), "b": self.b.to_json(), "diff": self.diff.to_json(),
                "significant": self.significant}


@dataclass(frozen=True)
class Comparison:
    """What :func:`compare` measured: ``rows`` (metric name -> :class:`Row`) and
    each side's own :class:`SimResult` (``result_a``, ``result_b``)."""

    result_a: SimResult
    result_b: SimResult
    rows: dict[str, Row]

    @property
    def hands(self) -> int:
        return self.result_a.hands

    @property
    def chips_conserved(self) -> bool:
        return self.result_a.chips_conserved and self.result_b.chips_conserved

    @property
    def significant(self) -> list[Row]:
        return [r for r in self.rows.values() if r.significant]

    def to_json(self) -> dict[str, Any]:
        a, b = self.result_a, self.result_b
        return {
            "a": {"ruleset": a.ruleset, "extensions": list(a.extensions),
                  "chips_conserved": a.chips_conserved},
            "b": {"ruleset": b.ruleset, "extensions": list(b.extensions),
                  "chips_conserved": b.chips_conserved},
            "players": a.players,
            "bots": list(a.bots),
            "seed": a.seed,
            "hands": a.hands,
            "chips_conserved": self.chips_conserved,
            "rows": {k: r.to_json() for k, r in self.rows.items()},
        }

    def to_frame(self) -> Any:
        """These numbers as a pandas DataFrame, one row per metric and statistic
        (:func:`hocdsl.tidy.to_frame`; ``pip install 'hocdsl[frames]'``)."""
        from ..tidy import to_frame

        return to_frame(self)


# ---------------------------------------------------------------- jobs ----


def _parts(sums: Sums, m: Metric, offset: int = 0) -> tuple[float, dict[int, float]]:
    args = tuple(a + offset for a in m.args)
    if m.kind == "ratio":
        return ratio_parts(sums, *args)
    return sd_parts(sums, *args)


def _metrics(sums: Sums, layout: Layout, offset: int = 0) -> dict[str, Stat]:
    out = {}
    for m in layout.metrics:
        est, w = _parts(sums, m, offset)
        out[m.name] = interval(sums, est, w)
    return out


def _distributions(sums: Sums, layout: Layout, offset: int = 0) -> dict[str, dict[str, int]]:
    """Raw counts, as each stage kind gives them (losers by cards left and, where the
    cards' number sets it, by end payment)."""
    return layout.distributions(sums.S[offset:offset + layout.size])


class _SimJob:
    """One ruleset: a chunk of blocks -> its sums."""

    def __init__(self, table: Table, seed: int, contrasts: Sequence[tuple[str, str]] = ()) -> None:
        self.table = table
        self.seed = seed
        pairs = set(table.layout.pairs())
        by_name = {m.name: m for m in table.layout.metrics}
        for a, b in contrasts:  # the pair sums across the two metrics, for their difference
            for x in by_name[a].args:
                for y in by_name[b].args:
                    pairs.add((min(x, y), max(x, y)))
        self.pairs = sorted(pairs)

    def empty(self) -> Sums:
        return Sums(self.table.layout.size, self.pairs)

    def warm(self) -> None:
        self.table.warm()

    def run_chunk(self, chunk: list[tuple[int, int]]) -> tuple[SumsState, tuple[bool, ...]]:
        sums = self.empty()
        ok = True
        for block, hands in chunk:
            y, good = self.table.play_block(self.seed, block, hands)
            ok = ok and good
            sums.add_block(y)
        return sums.state(), (ok,)


class _CompareJob:
    """Two rulesets on the same blocks (the same deals): a chunk -> paired sums."""

    def __init__(self, a: Table, b: Table, seed: int, alias_b: Mapping[str, str] | None = None) -> None:
        self.a, self.b = a, b
        self.seed = seed
        la, lb = a.layout, b.layout
        self.offset = la.size
        idx_a = {m.name: m for m in la.metrics}
        idx_b = {(alias_b or {}).get(m.name, m.name): m for m in lb.metrics}  # under the name A has it
        pairs = set(la.pairs()) | {(x + la.size, y + la.size) for x, y in lb.pairs()}
        for name in idx_a.keys() & idx_b.keys():
            ia = list(idx_a[name].args)
            ib = [x + la.size for x in idx_b[name].args]
            for x in ia:
                for y in ib:
                    pairs.add((x, y))
        self.pairs = sorted(pairs)
        self.size = la.size + lb.size

    def empty(self) -> Sums:
        return Sums(self.size, self.pairs)

    def warm(self) -> None:
        self.a.warm()
        self.b.warm()

    def run_chunk(self, chunk: list[tuple[int, int]]) -> tuple[SumsState, tuple[bool, ...]]:
        sums = self.empty()
        ok_a = ok_b = True
        for block, hands in chunk:
            ya, good_a = self.a.play_block(self.seed, block, hands)
            yb, good_b = self.b.play_block(self.seed, block, hands)
            ok_a = ok_a and good_a
            ok_b = ok_b and good_b
            sums.add_block(ya + yb)
        return sums.state(), (ok_a, ok_b)


def _chunk_count(hands: int) -> int:
    return -(-(-(-hands // BLOCK_HANDS)) // CHUNK_BLOCKS)


def _chunks(hands: int) -> Iterator[Chunk]:
    """The blocks of ``hands`` hands in fixed chunks (the tasks of the workers), made as
    they are needed (as :func:`.runner.chunks_of`, without holding them all)."""
    full, rest = divmod(hands, BLOCK_HANDS)
    blocks = full + (1 if rest else 0)
    for start in range(0, blocks, CHUNK_BLOCKS):
        yield [(b, BLOCK_HANDS if b < full else rest) for b in range(start, min(start + CHUNK_BLOCKS, blocks))]


def _where(chunk: Chunk, job: Any) -> str:
    return f"raised playing blocks {chunk[0][0]}..{chunk[-1][0]} of seed {getattr(job, 'seed', '?')}"


def _play(job: Any, chunk: Chunk) -> Any:
    """``job.run_chunk(chunk)`` in a worker. Its error goes back to the parent as it is
    when it can be sent (pickled and read back); otherwise as a :class:`WorkerError`
    with its type and message."""
    try:
        return job.run_chunk(chunk)
    except Exception as e:
        try:
            pickle.loads(pickle.dumps(e))
        except Exception:
            raise WorkerError(f"{type(e).__name__}: {e}") from None
        raise


_JOB: dict[str, Any] = {}  # in a worker process: the job it plays (set once, by _hold)


def _hold(job: Any, parent: int | None = None) -> None:
    """The initializer of a worker process: keep the job, and die with the ``parent``
    (the process that started the pool) however it ends (:func:`_die_with`)."""
    _JOB["job"] = job
    if parent is not None:
        _die_with(parent)


#: ``prctl(PR_SET_PDEATHSIG, ...)``: the signal the kernel sends a process when its parent ends.
_PR_SET_PDEATHSIG = 1
#: Seconds between two looks at the parent, where the kernel cannot be asked to tell.
_PARENT_POLL = 0.5


def _die_with(parent: int) -> None:
    """End this worker when ``parent`` ends, even by SIGKILL (the OOM killer), so that no
    worker plays on, orphaned, for a parent that is gone.

    On Linux the kernel sends SIGKILL when the parent ends (``PR_SET_PDEATHSIG``); the
    parent may have ended before that was asked, so the parent is looked at once after.
    Elsewhere (or if ``prctl`` cannot be called) a daemon thread looks every
    :data:`_PARENT_POLL` seconds."""
    import os
    import signal
    import sys

    if sys.platform.startswith("linux") and _ask_kernel(signal.SIGKILL):
        if os.getppid() != parent:
            os._exit(1)
        return
    import threading

    def watch() -> None:
        import time

        while os.getppid() == parent:
            time.sleep(_PARENT_POLL)
        os._exit(1)

    threading.Thread(target=watch, name="hocdsl-parent-watch", daemon=True).start()


def _ask_kernel(signum: int) -> bool:
    """``prctl(PR_SET_PDEATHSIG, signum)`` through the C library Python is linked with; False
    if it cannot be called. (The kernel sends the signal when the *thread* that started the
    worker ends: the pool's workers are started by the thread that simulates, which shuts
    the pool down before it returns.)"""
    import ctypes

    try:
        return bool(ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signum, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _play_held(chunk: Chunk) -> Any:
    return _play(_JOB["job"], chunk)


def _ordered(submit: Callable[[Chunk], Any], chunks: Iterable[Chunk], ahead: int,
             job: Any) -> Results:
    """Submit the chunks (``submit(chunk)`` -> a future), at most ``ahead`` unread at a
    time, and yield ``(chunk, result)`` in chunk order. A chunk that failed raises its
    error here, with a note naming its blocks; the chunks not started are cancelled."""
    pending: deque[tuple[Chunk, Any]] = deque()

    def read() -> tuple[Chunk, Any]:
        chunk, future = pending.popleft()
        try:
            return chunk, future.result()
        except BrokenProcessPool:
            raise WorkerError("a worker process ended abruptly (killed, or out of memory?) while "
                              + _where(chunk, job).replace("raised ", "")) from None
        except Exception as e:
            e.add_note(_where(chunk, job))
            raise

    try:
        for chunk in chunks:
            pending.append((chunk, submit(chunk)))
            if len(pending) >= ahead:
                yield read()
        while pending:
            yield read()
    finally:
        for _, future in pending:
            future.cancel()


def _warm(job: Any) -> None:
    """Play the job's throw-away hand that builds its tables before the blocks. An error
    there is not raised here: the first block plays the same code and meets it again, and
    then says where (``raised playing blocks 0..9 of seed 5``), which a warm-up cannot."""
    try:
        job.warm()
    except Exception:  # noqa: BLE001 - met again, and told, by the first block
        pass


def _in_processes(job: Any, chunks: Iterable[Chunk], jobs: int) -> Results:
    _warm(job)  # the forked workers inherit the tables...
    with frozen():  # ... set aside from the collector, here and in the workers (.heap)
        ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        pool = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_hold, initargs=(job, os.getpid()))
        try:
            yield from _ordered(lambda c: pool.submit(_play_held, c), chunks, AHEAD_PER_JOB * jobs, job)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def _on_cluster(job: Any, chunks: Iterable[Chunk], cluster: Cluster) -> Results:
    with cluster.sending(_play, job) as (submit, ahead):
        yield from _ordered(submit, chunks, ahead, job)


def _run(job: Any, hands: int, jobs: int, progress: Progress | None,
         cluster: Cluster | str | None = None) -> tuple[Sums, list[bool]]:
    """Run every chunk (here, in ``jobs`` processes, or on a Dask ``cluster``: a
    :class:`.cluster.Cluster` or an address for :func:`.cluster.connect`) and merge
    the sums in chunk order. A worker's error is raised here (see :func:`_ordered`)."""
    total = job.empty()
    oks: list[bool] | None = None
    done = 0
    if progress:
        progress(0, hands)
    chunks = _chunks(hands)
    with ExitStack() as stack:
        results: Results
        if cluster is not None:
            if isinstance(cluster, str):
                from .cluster import connect

                cluster = stack.enter_context(connect(cluster))
            results = _on_cluster(job, chunks, cluster)
        elif jobs <= 1 or _chunk_count(hands) <= 1:
            results = _here(job, chunks)
        else:
            results = _in_processes(job, chunks, min(jobs, _chunk_count(hands)))
        stack.enter_context(closing(results))  # a failure stops the workers at once, before the cluster
        for chunk, (state, ok) in results:
            total.merge(Sums.from_state(total.size, total.pairs, state))
            oks = list(ok) if oks is None else [x and y for x, y in zip(oks, ok)]
            done += sum(h for _, h in chunk)
            if progress:
                progress(done, hands)
    return total, oks or [True]


def _here(job: Any, chunks: Iterable[Chunk]) -> Results:
    _warm(job)  # the tables built before the hands, and set aside from the collector (.heap)
    with frozen():
        yield from _here_played(job, chunks)


def _here_played(job: Any, chunks: Iterable[Chunk]) -> Results:
    for chunk in chunks:
        try:
            result = job.run_chunk(chunk)
        except Exception as e:
            e.add_note(_where(chunk, job))
            raise
        yield chunk, result


def _check(hands: int, jobs: int, cluster: Cluster | str | None = None) -> None:
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
        raise ValueError(f"hands must be a whole number of at least 1, not {hands!r}")
    if not isinstance(jobs, int) or isinstance(jobs, bool) or not 1 <= jobs <= MAX_JOBS:
        raise ValueError(f"jobs must be a whole number from 1 to {MAX_JOBS}, not {jobs!r}")
    if cluster is not None and jobs > 1:
        raise ValueError(f"cluster and jobs={jobs} ask for two ways of playing the hands: give one "
                         "(the cluster's workers are its processes)")


def _bots(bots: str | Sequence[str], players: int) -> tuple[str, ...]:
    return tuple(parse_bots(bots if isinstance(bots, str) else list(bots), players))


def _result(rules: Ruleset, players: int, bots: tuple[str, ...], seed: int, ok: bool,
            sums: Sums, layout: Layout, offset: int = 0) -> SimResult:
    return SimResult(
        ruleset=rules.name, extensions=tuple(rules.extensions), players=players, bots=bots,
        # the hands played: those asked, or more where blocks play their last partie out
        # (hocdsl.sim.block.plays_out)
        seed=seed, hands=int(sums.S[offset + layout.HANDS]), chips_conserved=ok,
        metrics=_metrics(sums, layout, offset), distributions=_distributions(sums, layout, offset))


# ------------------------------------------------------------------ API ----


def simulate(rules: Ruleset, *, hands: int, players: int = 3, bots: str | Sequence[str] = ("heuristic",),
             seed: int = 0, jobs: int = 1, progress: Progress | None = None,
             cluster: Cluster | str | None = None,
             contrasts: Sequence[tuple[str, str]] = ()) -> SimResult:
    """Play ``hands`` hands of ``rules`` with ``players`` bots and measure them.

    ``players``: any number the ruleset admits (``rules.players``, 2 to 8); the
    metrics by position then run eldest, second, third, ..., dealer.

    ``bots``: one name for every seat or one per seat (``"heuristic,random"``,
    see :func:`hocdsl.bots.parse_bots`). ``jobs``: worker processes (the
    numbers do not depend on it). ``cluster``: play on a Dask cluster instead
    (a :class:`.cluster.Cluster` or an address for :func:`.cluster.connect`;
    with ``jobs`` 1): the very same numbers. ``progress(done, total)`` is
    called as hands complete. ``contrasts``: pairs of metric names ``(a, b)``
    whose difference ``a - b`` on the same hands is wanted (in
    ``result.contrasts``, with its paired interval; a pair naming a metric the
    ruleset does not report at this number of players is left out). Raises ValueError (or
    :class:`~hocdsl.bots.BotError`, :class:`.cluster.ClusterError`) for bad
    arguments; an error raised while playing (in a worker too) is raised here.
    """
    _check(hands, jobs, cluster)
    rules.hand_size(players)  # ValueError for a player count the ruleset does not allow
    names = _bots(bots, players)
    table = Table(rules, players, names)
    by_name = {m.name: m for m in table.layout.metrics}
    contrasts = [(a, b) for a, b in contrasts if a in by_name and b in by_name]
    sums, oks = _run(_SimJob(table, seed, contrasts), hands, jobs, progress, cluster)
    result = _result(rules, players, names, seed, oks[0], sums, table.layout)
    for a, b in contrasts:
        ea, wa = _parts(sums, by_name[a])
        eb, wb = _parts(sums, by_name[b])
        w = dict(wa)
        for i, v in wb.items():
            w[i] = w.get(i, 0.0) - v
        result.contrasts[f"{a} - {b}"] = interval(sums, ea - eb, w) if ea == ea and eb == eb else NAN_STAT
    return result


#: The metric families named by a vie stage's id (``won_rate.<stage>``): those ``compare``
#: renames for a stage of B matched to one of A under another id (``stages_b``).
STAGE_FAMILIES = ("won_rate", "all_pass_rate", "double_rate", "triple_rate", "pool_when_won", "pays_when_won")


def _as_in_a(names_b: Sequence[str], stages_b: Mapping[str, str]) -> dict[str, str]:
    """``{B's metric name: the name it is compared under}``: a stage metric of a stage of B
    matched to one of A (``stages_b``: B's id -> A's) takes A's id, unless B has a metric of
    that name already.

    >>> _as_in_a(["won_rate.le-point", "pool_take.le-point", "turns_per_hand"], {"le-point": "point"})
    {'won_rate.le-point': 'won_rate.point', 'pool_take.le-point': 'pool_take.le-point', 'turns_per_hand': 'turns_per_hand'}
    """
    out = {}
    for name in names_b:
        family, _, part = name.partition(".")
        renamed = f"{family}.{stages_b[part]}" if family in STAGE_FAMILIES and part in stages_b else name
        out[name] = renamed if renamed == name or renamed not in names_b else name
    return out


def compare(rules_a: Ruleset, rules_b: Ruleset, *, hands: int, players: int = 3,
            bots: str | Sequence[str] = ("heuristic",), seed: int = 0, jobs: int = 1,
            progress: Progress | None = None, cluster: Cluster | str | None = None,
            stages_b: Mapping[str, str] | None = None) -> Comparison:
    """Play the same ``hands`` deals under ``rules_a`` and ``rules_b`` (the same
    seeds for deals and bots: common random numbers) and compare every metric.

    Each :class:`Row` has A, B, B - A; the interval of the difference is paired
    by block (the same deals), so it is much narrower than the two intervals
    side by side. ``significant``: the interval of B - A excludes zero.
    ``jobs``, ``cluster``: as for :func:`simulate`. ``stages_b``: B's id -> A's id of
    stages matched under another id (:func:`hocdsl.diff.stage_matches`, reversed): B's
    metrics of such a stage (:data:`STAGE_FAMILIES`) are compared with A's, under A's name.
    """
    _check(hands, jobs, cluster)
    rules_a.hand_size(players)
    rules_b.hand_size(players)
    names = _bots(bots, players)
    ta, tb = Table(rules_a, players, names), Table(rules_b, players, names)
    alias = _as_in_a([m.name for m in tb.layout.metrics], stages_b or {})
    job = _CompareJob(ta, tb, seed, alias)
    sums, oks = _run(job, hands, jobs, progress, cluster)
    off = job.offset
    ra = _result(rules_a, players, names, seed, oks[0], sums, ta.layout)
    rb = _result(rules_b, players, names, seed, oks[1], sums, tb.layout, off)
    ma = {m.name: m for m in ta.layout.metrics}
    mb = {alias[m.name]: m for m in tb.layout.metrics}
    own_b = {v: k for k, v in alias.items()}  # the name B's result holds it under
    rows: dict[str, Row] = {}
    names_all = list(ma) + [k for k in mb if k not in ma]
    for name in names_all:
        sa = ra.metrics.get(name, NAN_STAT)
        sb = rb.metrics.get(own_b.get(name, name), NAN_STAT)
        if name in ma and name in mb:
            ea, wa = _parts(sums, ma[name])
            eb, wb = _parts(sums, mb[name], off)
            w: dict[int, float] = {i: -v for i, v in wa.items()}
            for i, v in wb.items():
                w[i] = w.get(i, 0.0) + v
            diff = interval(sums, eb - ea, w) if ea == ea and eb == eb else NAN_STAT
        else:
            diff = NAN_STAT
        sig = bool(diff.lo == diff.lo and (diff.lo > 0 or diff.hi < 0))
        rows[name] = Row(name, sa, sb, diff, sig)
    return Comparison(ra, rb, rows)

