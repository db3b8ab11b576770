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

from setuptools import setup

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
    extensions = mypycify([*flags, *paths], opt_level="3", debug_level="0")
    for ext in extensions:
        ext.optional = True  # a module that fails to build stays Python source
    return extensions


setup(ext_modules=ext_modules())
