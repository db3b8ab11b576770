"""The signals that end a session at the table: the terminal closed (SIGHUP), a kill (SIGTERM).

By default either ends the program at once, and whatever was not yet written is
lost. During a session they raise :class:`Ended` instead, in the main thread,
wherever the program is (waiting for a line, or while the bots play), so that
``hoc play`` writes the record of the hands finished and exits with the
conventional code, 128 + the signal's number (129 for SIGHUP, 143 for SIGTERM).
A file being written when one comes is finished first (:func:`hocdsl.files.write_atomic`
holds them back).
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["ENDING", "Ended", "ending_signals"]

#: The signals that end a session, where the system has them.
ENDING = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name))


class Ended(BaseException):
    """The session was ended by signal ``signum`` (a BaseException, as KeyboardInterrupt is:
    no ``except Exception`` on the way catches it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        """``SIGHUP``, ``SIGTERM``."""
        return signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        """128 + the signal's number, as a shell reports a program the signal ended."""
        return 128 + self.signum


def _raise(signum: int, frame: object) -> None:
    raise Ended(signum)


@contextmanager
def ending_signals() -> Iterator[None]:
    """Within the block, SIGHUP and SIGTERM raise :class:`Ended`; the handlers before are put
    back after. Outside the main thread (where handlers cannot be set) nothing changes."""
    before = {}
    try:
        for signum in ENDING:
            before[signum] = signal.signal(signum, _raise)
    except ValueError:  # not the main thread
        pass
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
