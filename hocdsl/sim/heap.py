"""The simulator's heap: what is built once, set aside from the garbage collector while
the hands are played.

A simulation builds its tables first (the bots' hand-strength tables, the
combinations' and chances' evaluations, the rulesets and their words: some
hundreds of thousands of objects that live as long as the process) and then
plays hands that make and drop many small objects each. Python's cyclic
garbage collector runs every few hundred new objects, and each of its full
collections walks every object alive: measured with callgrind
(``bench/bench_simulate.py`` says how), walking those tables was some ten
percent of the instructions of a hand of hoc-mazarin, compiled. The
collector's own remedy for a heap of that shape is :func:`gc.freeze`: the
objects alive at the start are moved out of its view (never collected, never
walked) until :func:`gc.unfreeze`, which :func:`frozen` calls at the end. What the
hands make is collected as before; nothing of what a simulation computes
depends on when the collector runs.

>>> import gc
>>> with frozen():
...     gc.get_freeze_count() > 0
True
>>> gc.get_freeze_count()
0
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def frozen() -> Iterator[None]:
    """Every object alive now kept out of the garbage collector's walks for the ``with``
    block (:func:`gc.freeze`; undone at its end). Nothing is done when the collector is
    off, or when something else froze objects before (their ``unfreeze`` is theirs)."""
    if not gc.isenabled() or gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
