"""Writing the files the commands make (a report, a game record) so that none is lost or cut.

:func:`writable_problem` says before any work is done why a path cannot be
written (a missing or read-only directory, a directory or a device in its
place), so that a long simulation or a game is not played for nothing.
:func:`write_atomic` writes a file whole or not at all: the text goes to a
temporary file in the same directory, is flushed to the disk (``fsync``), then
takes the file's place in one step (``os.replace``); a full disk or a signal
in the middle leaves the file as it was before, and no temporary file behind.

>>> import tempfile, os
>>> d = tempfile.mkdtemp()
>>> write_atomic(os.path.join(d, "a.txt"), "one\\n")
>>> open(os.path.join(d, "a.txt")).read(), os.listdir(d)
('one\\n', ['a.txt'])
>>> writable_problem(os.path.join(d, "no", "a.txt"))
'there is no directory ...'
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
from collections.abc import Iterator

__all__ = ["writable_problem", "write_atomic"]

#: The signals held back while a file is written (they end a session: see ``hoc play``).
HELD_SIGNALS = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM", "SIGINT") if hasattr(signal, name))


def writable_problem(path: str) -> str | None:
    """Why ``path`` cannot be written as a file, in words after "cannot write PATH:"; None if it can.

    The directory must exist and take a new file (one is made and removed, which is
    what :func:`write_atomic` will do); a file already there must be a regular one that
    may be written (a read-only one is not replaced).
    """
    folder = os.path.dirname(path) or "."
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as e:
        return _why(e, folder)
    if mode is not None and stat.S_ISDIR(mode):
        return "it is a directory"
    if mode is not None and not stat.S_ISREG(mode):
        return "it is not a regular file (a device, a pipe or a socket)"
    if mode is not None and not os.access(path, os.W_OK):  # kept from being overwritten on purpose
        return "the file is read-only"
    if not os.path.isdir(folder):
        return f"there is no directory {folder}"
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".hoc-probe-")
    except OSError as e:
        return _why(e, folder)
    os.close(fd)
    os.unlink(probe)
    return None


def _why(error: OSError, folder: str) -> str:
    """An error of the file system in words: the directory's when it is the directory's."""
    if isinstance(error, PermissionError):
        return f"the directory {folder} cannot be written to ({error.strerror})"
    if isinstance(error, (FileNotFoundError, NotADirectoryError)):
        return f"the directory {folder} takes no new file" if os.path.isdir(folder) else \
            f"there is no directory {folder}"
    return error.strerror or str(error)


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all (see the module's docstring).

    An :class:`OSError` (a full disk, a file too large) is raised after the temporary
    file is removed; ``path`` is then as it was. The signals that end a session
    (:data:`HELD_SIGNALS`) are held back while the file is written, and come after it
    has taken its place: a finished write is never thrown away half done.
    """
    folder = os.path.dirname(path) or "."
    with _held():
        fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.", suffix=".tmp")
        try:
            with open(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            _keep_mode(path, temp)
            os.replace(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise


def _keep_mode(path: str, temp: str) -> None:
    """Give the temporary file the permissions a file written in place would have: the old
    file's, else those of a new file (``mkstemp`` makes it readable by its owner alone)."""
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(temp, mode)


@contextlib.contextmanager
def _held() -> Iterator[None]:
    """Hold back :data:`HELD_SIGNALS` in this thread (where the system can), then let them come."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        yield
        return
    old = mask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, old)
