"""Every docstring example in the package runs, so none can go stale.

The examples are documentation (python-chess style): each module shows how it
is used. Records' examples name files under examples/, so they run from the
repository root.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import hocdsl

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(m.name for m in pkgutil.walk_packages(hocdsl.__path__, "hocdsl."))


def test_the_walk_finds_the_package():
    # a walk that found nothing would make every case below vacuous
    assert {"hocdsl.cards", "hocdsl.engine.game", "hocdsl.rules.loader", "hocdsl.sim"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
