"""The ``hoc`` command's entry point, and ``python -m hocdsl``.

The command's modules (typer, rich, the rules) take a moment to import; a
Ctrl-C in that moment ends the program quietly with the usual code 130
instead of printing a traceback.
"""

from __future__ import annotations

import sys

#: The exit code of a program ended by Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130


def main() -> None:
    """Import the command line and run it; Ctrl-C at any moment exits 130 without a traceback."""
    try:
        from .cli import app

        app()
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        raise SystemExit(EXIT_INTERRUPTED) from None


if __name__ == "__main__":  # pragma: no cover - python -m hocdsl
    main()
