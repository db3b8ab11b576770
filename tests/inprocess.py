"""Run ``hoc`` inside the test's own process, as the real program would run, under a timeout.

Starting the real program costs its interpreter and its imports (about a second a command
on this machine); where what a test checks is the command's words and exit code, not the
process itself, :func:`hoc` runs the same ``app`` in-process through typer's ``CliRunner``
and hands back what :func:`subprocess.run` would: ``returncode``, ``stdout`` and ``stderr``.
An exception that escapes the command comes back as the program would print it, a
``Traceback`` on stderr with exit code 1, so a test that asserts "no traceback" still fails
on one. A command that runs past ``timeout`` seconds is stopped (SIGALRM, in the main
thread) and fails the same way, as a hang of the real program fails its test.

Keep the real program (``subprocess``) where the process is the subject: signals, Ctrl-C,
a closed or full output, the interpreter's exit code, the terminal, the environment it
starts with, the console script itself, or a stack as deep as a fresh interpreter's.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from hocdsl.cli import app

_RUNNER = CliRunner()


@dataclass(frozen=True)
class Ran:
    """What the command did, as :class:`subprocess.CompletedProcess` says it."""

    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str


class Hang(Exception):
    """The command ran past its timeout."""


@contextlib.contextmanager
def _timeout(seconds: float) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():  # signals reach the main thread only
        yield
        return

    def ring(signum: int, frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def hoc(*args: str, cwd: Path, stdin: str | None = None, timeout: float = 20) -> Ran:
    """``hoc ARGS`` run in ``cwd`` with ``stdin`` as its input, in this process."""
    with contextlib.chdir(cwd), _timeout(timeout):
        res = _RUNNER.invoke(app, list(args), input=stdin, catch_exceptions=True)
    stderr = res.stderr
    code = res.exit_code
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        # what the real program would print: the traceback, exit code 1
        assert res.exc_info is not None
        stderr += "".join(traceback.format_exception(*res.exc_info))
        code = 1
    return Ran(args, code, res.stdout, stderr)


__all__ = ["Hang", "Ran", "hoc"]
