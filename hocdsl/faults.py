"""What the ``hoc`` command says when the system fails it: one line on stderr, never a traceback.

A full disk or a closed output (``hoc show hoca > /dev/full``, a pipe whose reader
has gone) is an :class:`OSError` wherever the command happens to be writing;
:func:`io_failure` turns it into one line and :func:`give_up_output` makes sure
nothing more is tried on that output (Python would otherwise try again as it
exits, and print its own complaint). The exit codes are the conventional ones:

=====  ==============================================================
code   when
=====  ==============================================================
1      an input/output error (:data:`EXIT_IO`): the disk is full, the output closed
2      bad input: a file, a name or an option the command refuses
130    interrupted by Ctrl-C (128 + SIGINT); 128 + N for another signal N
=====  ==============================================================

>>> import errno
>>> io_failure(OSError(errno.ENOSPC, "No space left on device"))
'error: cannot write the output: No space left on device'
>>> io_failure(OSError(errno.EACCES, "Permission denied", "r.html"))
'error: r.html: Permission denied'
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys

__all__ = ["EXIT_IO", "EXIT_INTERRUPTED", "ClosedOutput", "give_up_output", "io_failure", "say"]

#: The exit code of an input/output error (a full disk, a closed output).
EXIT_IO = 1
#: The exit code of a program ended by Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130

#: The errors of a stream that cannot be written: a full disk, a closed pipe, a file too large, ...
_WRITE_ERRNOS = {errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EBADF,
                 errno.ECONNRESET}


def io_failure(error: OSError) -> str:
    """``error`` in one line: the file it names, or the output that could not be written."""
    why = error.strerror or str(error) or type(error).__name__
    if error.filename is not None:
        return f"error: {error.filename}: {why}"
    if error.errno in _WRITE_ERRNOS:
        return f"error: cannot write the output: {why}"
    return f"error: {why}"


def say(line: str) -> None:
    """Write ``line`` on stderr if it can be written; a stderr that fails too is let be."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


def give_up_output() -> None:
    """Stop writing to standard output: what is still buffered is dropped (sent to the null
    device), so that Python does not fail again flushing it as it exits."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stdout.flush()
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


class ClosedOutput(io.TextIOBase):
    """Standard output when the program was started without one (``hoc show hoca >&-``):
    Python's ``sys.stdout`` is then None, and what a command prints would be lost without
    a word; writing here fails as a closed file does, so the command says so (exit 1)."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")

    def isatty(self) -> bool:
        return False
