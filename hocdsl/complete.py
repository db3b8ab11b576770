"""Tab completion of ruleset arguments (``hoc --install-completion`` sets it up in the shell).

A ruleset argument completes to the bundled names that begin with what is typed, and to the
YAML files and folders on the path typed so far (a folder ends with ``/``, so that the next tab
goes into it); ``--with`` completes to the bundled extensions and files alike.

>>> "hoca" in rulesets("ho") and "hoc-mazarin" in rulesets("ho")
True
>>> rulesets("zz-no-such")
[]
>>> extensions("tri")
['triple-game']
"""

from __future__ import annotations

import os

__all__ = ["rulesets", "extensions"]

SUFFIXES = (".yaml", ".yml")


def _files(incomplete: str) -> list[str]:
    """The YAML files and the folders under the directory of ``incomplete`` that begin with it."""
    folder, start = os.path.split(incomplete)
    try:
        entries = sorted(os.scandir(folder or "."), key=lambda e: e.name)
    except OSError:
        return []
    out = []
    for entry in entries:
        if not entry.name.startswith(start) or (entry.name.startswith(".") and not start.startswith(".")):
            continue
        shown = os.path.join(folder, entry.name)
        try:
            if entry.is_dir():
                out.append(shown + "/")
            elif entry.name.endswith(SUFFIXES):
                out.append(shown)
        except OSError:
            continue
    return out


def rulesets(incomplete: str) -> list[str]:
    """Bundled ruleset names, then ruleset files, that begin with ``incomplete``."""
    from .rules.loader import bundled_rulesets

    return [n for n in bundled_rulesets() if n.startswith(incomplete)] + _files(incomplete)


def extensions(incomplete: str) -> list[str]:
    """Bundled extension names, then files, that begin with ``incomplete``."""
    from .rules.loader import bundled_extensions

    return [n for n in bundled_extensions() if n.startswith(incomplete)] + _files(incomplete)
