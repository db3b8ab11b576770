"""A simulation's chunks of hands on a Dask cluster (``--cluster ADDRESS``).

``connect("tcp://host:8786")`` joins a running Dask scheduler (started by the
user: ``dask scheduler`` on one machine, ``dask worker tcp://host:8786`` on
each machine that plays, every one with hocdsl installed);
``connect("local")`` starts a ``LocalCluster`` on this machine (one worker
process per core, one thread each) and stops it at the end. The
:class:`Cluster` it yields is what :func:`hocdsl.sim.simulate` (and
``compare``, the readings and the sweep) take as ``cluster=``: the job (the
rulesets, the bots, the seed) is sent once to every worker, then the chunks of
blocks are sent as tasks, a bounded number at a time, and their sums come
back in chunk order (:func:`hocdsl.sim._run`).

The numbers are the very same as with ``--jobs``: a block is seeded by the
seed and its number alone (:mod:`.runner`), whichever machine plays it, and
the sums are exact integers.

Dask's scheduler is an optional extra, ``pip install 'hocdsl[cluster]'``
(the package ``distributed``); without it :func:`connect` raises
:class:`ClusterError`, which says so.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

__all__ = ["LOCAL", "Cluster", "ClusterError", "connect", "failure_words", "quiet_logs", "require_distributed"]

#: The ``--cluster`` address that starts a Dask cluster on this machine.
LOCAL = "local"

#: Seconds to wait for the scheduler to answer, then for a first worker to join it.
CONNECT_TIMEOUT = 20
WORKERS_TIMEOUT = 60

#: Chunks handed to the scheduler ahead of the results read, per worker thread: enough
#: to keep every worker busy, few enough that memory does not grow with the hands.
AHEAD_PER_THREAD = 4

INSTALL_HINT = "install the extra: pip install 'hocdsl[cluster]' (or pip install distributed)"


class ClusterError(ValueError):
    """A ``--cluster`` that cannot be used: Dask's scheduler not installed, the
    scheduler not reached, no worker joining it (the message says which)."""


#: The loggers of Dask's scheduler and of what it runs on (tornado, asyncio), quietened by :func:`quiet_logs`.
LOGGERS = ("distributed", "tornado", "asyncio")


def quiet_logs() -> None:
    """Silence Dask's own logging in this process: a command playing on a cluster says what went
    wrong in one line of its own (:func:`failure_words`), and Dask's warnings and tracebacks as
    it closes after a failure, or after a Ctrl-C, would bury that line. Loggers made later
    inherit the level of their parent. (Dask sets its levels as it is imported: imported first.)"""
    try:
        require_distributed()
    except ClusterError:  # not installed: nothing to quieten, and connect() says so
        return
    for name in list(logging.root.manager.loggerDict):
        if name.split(".", 1)[0] in LOGGERS:
            logging.getLogger(name).setLevel(logging.CRITICAL)
    for name in LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL)


def failure_words(error: BaseException) -> str:
    """What a simulation's failure on a cluster was, in one line: the scheduler lost, or Dask's
    own error, its first line."""
    text = str(error)
    if "scheduler-connection-lost" in text or type(error).__name__ in ("CommClosedError", "StreamClosedError") \
            or isinstance(error, OSError):
        return "the connection to the Dask scheduler was lost (it stopped, or the network failed)"
    first = text.strip().splitlines()[0] if text.strip() else ""
    return f"{type(error).__name__}: {first}" if first else type(error).__name__


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """SIGINT blocked (held pending, not lost) in this thread while worker processes are started.

    The workers inherit the blocked signal through ``fork`` and ``exec`` and never unblock it,
    so a Ctrl-C at the terminal, which every process of the group receives, ends this process
    (which closes the cluster) and not the workers, each with its own traceback. This process
    gets a Ctrl-C of the start-up as soon as the block ends: a KeyboardInterrupt raised here.
    (Ignoring SIGINT for the start-up, as before, gave the workers the same immunity but threw
    away a Ctrl-C pressed in those seconds: the command played on as if never interrupted.)
    Threads started meanwhile (Dask's event loop, the ones that start the workers) keep it
    blocked, so this thread is the one to get a later Ctrl-C. Multiprocessing's resource tracker
    is started first: starting it unblocks SIGINT in the thread that does (CPython's
    ``resource_tracker.ensure_running``), which would end the hold halfway."""
    import signal

    sigmask = getattr(signal, "pthread_sigmask", None)
    if sigmask is None:  # not POSIX: nothing to hold
        yield
        return
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()  # started before: starting it unblocks SIGINT in the thread that does
    before = sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        sigmask(signal.SIG_SETMASK, before)  # a Ctrl-C held meanwhile raises KeyboardInterrupt here


def require_distributed() -> ModuleType:
    """The ``distributed`` package, or :class:`ClusterError` saying to install the extra."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"--cluster needs Dask's scheduler, which is not installed: {INSTALL_HINT}") from None
    return distributed


class Cluster:
    """A client of a Dask scheduler, and the ``LocalCluster`` it started, if any.

    Use it as a context manager (or call :meth:`close`): closing stops what it
    started, never a scheduler or workers the user started.
    """

    def __init__(self, address: str) -> None:
        distributed = require_distributed()
        self.address = address
        self._local: Any = None
        try:
            if address == LOCAL:
                with _ctrl_c_held():  # from the worker processes: Ctrl-C is for this one, which stops them
                    self._local = distributed.LocalCluster(  # their logs: only what stops them
                        n_workers=os.cpu_count() or 1, threads_per_worker=1, processes=True,
                        dashboard_address=None, silence_logs=logging.CRITICAL,
                        # no dashboard, but the scheduler's HTTP server (health, metrics) still starts,
                        # at 8787 by default: a port of its own here, not a warning when 8787 is taken
                        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
                self.client = distributed.Client(self._local, timeout=CONNECT_TIMEOUT)
            else:
                self.client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
        except KeyboardInterrupt:  # Ctrl-C as the cluster started: its workers stopped too
            self.close()
            raise
        except Exception as e:  # an address distributed cannot parse, a scheduler not answering
            self._stop_local()
            what = "cannot start a Dask cluster here" if address == LOCAL else "cannot reach a Dask scheduler there"
            raise ClusterError(f"--cluster {address}: {what} ({type(e).__name__}: {e})") from None
        try:
            self.client.wait_for_workers(1, timeout=WORKERS_TIMEOUT)
        except KeyboardInterrupt:
            self.close()
            raise
        except Exception:
            self.close()
            raise ClusterError(f"--cluster {address}: no worker joined the scheduler within "
                               f"{WORKERS_TIMEOUT} s; start one with `dask worker {address}` "
                               "on a machine with hocdsl installed") from None

    def threads(self) -> int:
        """The worker threads the scheduler knows now (at least 1)."""
        workers = self.client.scheduler_info().get("workers", {})
        return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))

    @contextmanager
    def sending(self, play: Callable[[Any, Any], Any],
                job: Any) -> Iterator[tuple[Callable[[Any], Any], int]]:
        """Send ``job`` once to every worker; yield ``(submit, ahead)``: ``submit(chunk)``
        makes a task ``play(job, chunk)`` and returns its future (``.result()`` re-raises
        the worker's own error; distributed retries a chunk whose worker died, then
        reports it), ``ahead`` the tasks worth keeping queued. The job is let go after."""
        job_ref = self.client.scatter(job, broadcast=True, hash=False)
        try:
            yield (lambda chunk: self.client.submit(play, job_ref, chunk, pure=False),
                   AHEAD_PER_THREAD * self.threads())
        finally:
            job_ref.release()

    def _stop_local(self) -> None:
        if self._local is not None:
            self._local.close()
            self._local = None

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        self._stop_local()

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Cluster {self.address}>"


def connect(address: str) -> Cluster:
    """A :class:`Cluster` for ``--cluster ADDRESS``: ``tcp://host:port`` of a running
    scheduler, or :data:`LOCAL`. Raises :class:`ClusterError` (a ValueError)."""
    return Cluster(address)
