"""The ``hoc`` command's entry point, and ``python -m hocdsl``.

The command's modules (typer, rich, the rules) take a moment to import; a
Ctrl-C in that moment ends the program quietly with the usual code 130
instead of printing a traceback. An output that cannot be written (a full
disk, a closed pipe) is one line on stderr and exit code 1, here as in every
command (:mod:`hocdsl.faults`).
"""

from __future__ import annotations

import sys

#: The exit code of a program ended by Ctrl-C (128 + SIGINT); :data:`hocdsl.faults.EXIT_INTERRUPTED`.
EXIT_INTERRUPTED = 130


def main() -> None:
    """Import the command line and run it; Ctrl-C at any moment exits 130 without a traceback,
    and an output that fails (even as it is last flushed) exits 1 with one line."""
    try:
        from ._started import ctrl_c_as_usual

        ctrl_c_as_usual()  # hocdsl's import held it back until here (hocdsl._started)
        if sys.stdout is None:  # started with its output closed
            from .faults import ClosedOutput

            sys.stdout = ClosedOutput()
        from .cli import app

        try:
            app()
        finally:
            sys.stdout.flush()
    except KeyboardInterrupt:
        from .faults import say

        say("")
        raise SystemExit(EXIT_INTERRUPTED) from None
    except OSError as e:
        from .faults import EXIT_IO, give_up_output, io_failure, say

        say(io_failure(e))
        give_up_output()
        raise SystemExit(EXIT_IO) from None


if __name__ == "__main__":  # pragma: no cover - python -m hocdsl
    main()
