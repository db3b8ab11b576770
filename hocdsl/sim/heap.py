"""The simulator's heap: what is built once, set aside from the garbage collector while
the hands are played.

A simulation builds its tables first (the bots' hand-strength tables, the
combinations' and chances' evaluations, the rulesets and their words: objects
that live as long as the process) and then
plays hands that make and drop many small objects each. Python's cyclic
garbage collector runs every few hundred new objects, and each of its full
collections walks every object alive. The collector's own remedy for a heap
of that shape is :func:`gc.freeze`: the objects alive at the start are moved
out of its view (never collected, never walked) until :func:`gc.unfreeze`,
which :func:`frozen` calls at the end; in worker processes forked after the
freeze, the pages of those objects stay shared. What the hands make is
collected as before; nothing a simulation computes depends on when the
collector runs. Measured with callgrind on hoc-mazarin (3 players, heuristic
bots), it saves little per hand (about 3,000 instructions of 1.4 million a
pure Python hand; nothing measurable compiled, where the young collections
that remain cost some 4,500 a hand): the full collections it spares are rare.

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
