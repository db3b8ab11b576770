"""Which modules are compiled, and whether the compiled ones run here.

``pip install .`` compiles the typed core -- the cards, the combinations, the
engine and the bots -- with mypyc where a C compiler and Python's headers are
present (``setup.py`` reads :data:`MODULES` from this file), and installs it as
plain Python where they are not, or when ``HOCDSL_PURE=1`` is set at install.
Both give the very same numbers; the compiled build is about four times faster
(the Monte Carlo bot about eight times).

``HOCDSL_PURE=1`` at run time runs the plain Python sources of an installed
compiled build (they ship beside it): for debugging, for monkeypatching, and
for running the tests against both builds.

>>> running() in ("compiled (mypyc)", "pure Python")
True

What keeps the compiled code fast (each measured with callgrind; mypyc turns
these into C, their plain forms into calls of Python's generic machinery):
module constants marked ``Final`` (read directly, not looked up by name), and
a name imported from a module that is not compiled (the actions) bound to one
(``PLAYS: Final = PLAY``); ``type(x) is C`` rather than ``x.__class__ is C``; a
value read from an ``Any`` (an action's card, a phase) given its type in a named
local before use; ``xs[i] = xs[i] + n`` rather than ``xs[i] += n``;
``xs.copy()`` rather than ``list(xs)``; a tuple indexed by a variable typed
``tuple[int, ...]`` (a fixed-length tuple is boxed anew to be indexed); ``bool``
expressions that do not mix in an ``int`` (``x != 0 and ...``, else the value
is boxed and tested generically). ``h.bit_count()`` looks the method up on
every call compiled: ``cards.count(h)`` calls it straight away, and a count
kept (as ``Game.left``) is cheaper still in a hot path. ``max()`` or ``min()`` of
a few ints and ``**`` on floats are generic calls (compare inline; ``math.pow`` with a
float exponent: ``math.pow(x, k)`` with an int ``k`` is a generic call too, ``float(k)``
makes it C's ``pow``); a frozen dataclass's ``__init__`` and ``__hash__`` and the ruleset
model's properties (``rules.sequence``) run as Python even when called from compiled code
(share the values made: ``combos.point_of``; key a dict by ints; read the property once), and
so do the attributes of a value of a module that is not compiled (a ``Pool``'s index, a
``Carry``'s pools: read them once). Under plain Python each form is as fast.

This file is read by ``setup.py`` before hocdsl is installed: it imports only
the standard library.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from collections.abc import Sequence
from types import ModuleType

#: The modules mypyc compiles. A user's bot in plain Python still subclasses
#: :class:`hocdsl.bots.Bot` (it allows interpreted subclasses).
MODULES = (
    "hocdsl.cards", "hocdsl.combos",
    "hocdsl.engine.game", "hocdsl.engine.cardgame", "hocdsl.engine.bidding", "hocdsl.engine.chances",
    "hocdsl.engine.ledger", "hocdsl.engine.settle", "hocdsl.engine.blank", "hocdsl.engine.view",
    "hocdsl.engine.partie", "hocdsl.engine.setup", "hocdsl.engine.table", "hocdsl.engine.tally",
    "hocdsl.engine.words", "hocdsl.engine.turnup", "hocdsl.engine.holding", "hocdsl.engine.scores",
    "hocdsl.engine.exchange", "hocdsl.engine.declare",
    "hocdsl.engine.tricks", "hocdsl.engine.stock", "hocdsl.engine.melds", "hocdsl.engine.stakes",
    "hocdsl.bots.base", "hocdsl.bots.heuristic", "hocdsl.bots.strength", "hocdsl.bots.random_bot",
    "hocdsl.bots.montecarlo", "hocdsl.bots.discard", "hocdsl.bots.melding", "hocdsl.sim.block", "hocdsl.rules.cache",
)

#: Set to anything but ``0`` or nothing: run (or install) the plain Python sources.
PURE_ENV = "HOCDSL_PURE"


def pure_wanted() -> bool:
    """True when ``HOCDSL_PURE`` asks for the plain Python sources."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


class _Sources:
    """Finds the ``.py`` file of a compiled module, ahead of its extension module (a finder
    of ``sys.meta_path``; not derived from ``importlib.abc``, whose import takes longer than
    the rest of ``import hocdsl``)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES or not path:
            return None
        import importlib.util

        leaf = fullname.rsplit(".", 1)[1] + ".py"
        for folder in path:
            source = os.path.join(folder, leaf)
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def use_sources() -> None:
    """Import the compiled modules from their Python sources from now on (before any is imported)."""
    if not any(isinstance(f, _Sources) for f in sys.meta_path):
        sys.meta_path.insert(0, _Sources())


def running() -> str:
    """``compiled (mypyc)`` if the engine running here is the compiled one, else ``pure Python``."""
    from .engine import game

    loader = getattr(game, "__loader__", None)
    return ("compiled (mypyc)" if isinstance(loader, importlib.machinery.ExtensionFileLoader)
            else "pure Python")
