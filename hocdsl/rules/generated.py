"""Writing a generated file, or checking that the committed one is up to date.

The schema (:mod:`.schema`), the knob reference of docs/rulesets.md
(:mod:`.docgen`) and the interpretation register (:mod:`.register`) are made
from the model and the rulesets; each module's ``--check`` fails when the
committed file differs from what it would write, and a test runs it.
"""

from __future__ import annotations

import sys
from pathlib import Path


def write_or_check(path: Path, wanted: str, *, check: bool, source: str, command: str) -> int:
    """With ``check``: exit status 1 (and how to fix it) if ``path`` does not hold
    ``wanted``, else 0. Without: write ``wanted`` to ``path``. ``source`` names what
    the file is made from, ``command`` what regenerates it."""
    if check:
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != wanted:
            print(f"{path} is out of date with {source}: run `{command}`", file=sys.stderr)
            return 1
        print(f"{path} is up to date")
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(wanted, encoding="utf-8")
    print(f"wrote {path}")
    return 0
