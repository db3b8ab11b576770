"""A Ctrl-C in the first milliseconds of the ``hoc`` command, before its own handler is in place.

``hocdsl.__main__.main`` turns a Ctrl-C into exit code 130 without a traceback;
but the command's script imports this package, then ``hocdsl.__main__``, before
it calls ``main``, and a Ctrl-C then would print a traceback. When the program
being started is the ``hoc`` command, the package's first statement calls
:func:`quiet_ctrl_c_while_starting`, and a Ctrl-C exits 130 quietly until
``main`` calls :func:`ctrl_c_as_usual`. Any other program importing hocdsl
gets its KeyboardInterrupt as usual.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # `signal`'s C module, loaded with Python (`signal` builds enums: ms)
import os
import sys

#: The exit code of a program ended by Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130


def started_as_hoc() -> bool:
    """True while the program being started is the ``hoc`` command (its script, or
    ``python -m hocdsl``, which imports this package while ``sys.argv[0]`` is still ``-m``)."""
    argv = getattr(sys, "argv", None) or [""]
    return os.path.basename(argv[0]) in ("hoc", "hoc.exe", "hoc-script.py") or argv[0] == "-m"


def _exit_quietly(signum: int, frame: object) -> None:
    raise SystemExit(EXIT_INTERRUPTED)


def quiet_ctrl_c_while_starting() -> None:
    """If the program is the ``hoc`` command, let Ctrl-C exit 130 without a traceback from now
    until :func:`ctrl_c_as_usual` (which ``hocdsl.__main__.main`` calls first)."""
    if started_as_hoc() and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        try:
            _signal.signal(_signal.SIGINT, _exit_quietly)
        except ValueError:  # not the main thread: not a program starting
            pass


def ctrl_c_as_usual() -> None:
    """Ctrl-C raises KeyboardInterrupt again (if :func:`quiet_ctrl_c_while_starting` changed it)."""
    if _signal.getsignal(_signal.SIGINT) is _exit_quietly:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)
