"""Builds the typed core with mypyc where it can (see hocdsl/compiled.py); the rest of
the packaging is in pyproject.toml.

Compiled when mypyc, a C compiler and Python's headers are present and
HOCDSL_PURE is not set; plain Python otherwise (a line on the build's output
says which and why). A module that fails to compile is left as Python source
(the extensions are optional), and HOCDSL_PURE=1 at run time runs the sources.
"""

from __future__ import annotations

import os
import runpy
import shutil
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def _why_not() -> str | None:
    """Why the core cannot be compiled here, or None if it can."""
    compiled = runpy.run_path(os.path.join(HERE, "hocdsl", "compiled.py"))
    if compiled["pure_wanted"]():
        return f"{compiled['PURE_ENV']} is set"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(os.environ.get("CC", cc).split()[0]) is None:
        return f"no C compiler ({cc}) found"
    if not os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
        return "Python's headers (Python.h) are not installed"
    return None


def ext_modules() -> list:
    why = _why_not()
    if why is not None:
        print(f"hocdsl: installing pure Python ({why})", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    modules = runpy.run_path(os.path.join(HERE, "hocdsl", "compiled.py"))["MODULES"]
    paths = [os.path.join(*m.split(".")) + ".py" for m in modules]
    print(f"hocdsl: compiling {len(paths)} modules with mypyc", file=sys.stderr)
    # the modules they import (rules, announcements) are read for their types only,
    # and the build environment need not hold their dependencies (yaml, lark)
    flags = ["--follow-imports=silent", "--ignore-missing-imports"]
    # multi_file: one C file a module (not one of 12 MB), so that the compiler can run on every
    # core (build_ext_on_every_core below); the instructions a hand stay the same (callgrind)
    extensions = mypycify([*flags, *paths], opt_level="3", debug_level="0", multi_file=True)
    for ext in extensions:
        ext.optional = True  # a module that fails to build stays Python source
    return extensions


class build_ext_on_every_core(build_ext):
    """Compiles the C files of one extension side by side, one compiler a core (setuptools
    compiles them one after another; its --parallel runs whole extensions side by side, and
    the compiled core is one extension of many C files and a few small ones)."""

    def build_extension(self, ext: Any) -> None:
        compiler = self.compiler
        one_by_one = compiler.compile
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)

        def compile(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            if cores < 2 or len(sources) < 2:
                return one_by_one(sources, *args, **kwargs)
            largest_first = sorted(sources, key=lambda s: -os.path.getsize(s) if os.path.exists(s) else 0)
            with ThreadPoolExecutor(cores) as pool:  # each thread waits on its compiler's process
                objects = dict(zip(largest_first, pool.map(lambda s: one_by_one([s], *args, **kwargs),
                                                           largest_first)))
            return [o for s in sources for o in objects[s]]

        compiler.compile = compile
        try:
            super().build_extension(ext)
        finally:
            del compiler.compile


setup(ext_modules=ext_modules(), cmdclass={"build_ext": build_ext_on_every_core})
