"""The compiled build (mypyc) and the pure Python one: the same numbers, told apart.

``pip install .`` compiles the modules of :data:`hocdsl.compiled.MODULES` where it
can; ``HOCDSL_PURE=1`` runs their Python sources instead. The tests that compare
the two run only where the compiled build is installed (``.ci/run`` installs it
and runs the whole suite under both).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

import pytest

from hocdsl import compiled

#: Where the child processes start: not the repository root, whose hocdsl/ (the sources) would
#: come before the installed package on ``python -c``'s path.
ELSEWHERE = tempfile.gettempdir()

SIMULATE = """
import json, sys
from typer.testing import CliRunner
from hocdsl.cli import app
from hocdsl.compiled import running
from hocdsl.rules import bundled_rulesets, load_ruleset
from hocdsl.sim import simulate
hands, every = int(sys.argv[1]), sys.argv[2] == "every"
out = {"build": running()}
for name, bots in (("hoc-mazarin", "heuristic"), ("hoca", "random"),
                   ("hoc-mazarin", "montecarlo,heuristic,random")):
    r = simulate(load_ruleset(name), hands=hands, seed=5, bots=bots.split(","), jobs=1)
    out[name + " " + bots] = r.to_json()
# every bundled ruleset, and the readings' per-hand traces (what each reading reached), so
# that the tests of what plays on the simulator (readings, sweep, reconstruct, the family)
# need not run again under HOCDSL_PURE=1 (tests/conftest.py, ABOVE_THE_SIMULATOR)
for name in bundled_rulesets() if every else ():
    rules = load_ruleset(name)
    n = 3 if 3 in rules.players else min(rules.players)
    out["every " + name] = simulate(rules, hands=max(20, hands // 6), players=n, seed=5, jobs=1).to_json()
for name in ("hoc-mazarin", "bezique") if every else ():
    said = CliRunner().invoke(app, ["readings", name, "--hands", str(max(20, hands // 6)), "--seed", "5",
                                    "--json", "--jobs", "1"])
    assert said.exit_code == 0, said.output
    out["readings " + name] = json.loads(said.output)
print(json.dumps(out, sort_keys=True))
"""


def _is_extension(module: str) -> bool:
    spec = importlib.util.find_spec(module)
    return spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


def _installed_compiled() -> bool:
    """True if the compiled modules are installed (whatever HOCDSL_PURE says now)."""
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    out = subprocess.run([sys.executable, "-c", "from hocdsl.compiled import running; print(running())"],
                         env=env, cwd=ELSEWHERE, capture_output=True, text=True, check=True).stdout
    return out.strip() == "compiled (mypyc)"


def _run(pure: bool, hands: int, every: bool = False) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    if pure:
        env[compiled.PURE_ENV] = "1"
    proc = subprocess.run([sys.executable, "-c", SIMULATE, str(hands), "every" if every else "three"], env=env, cwd=ELSEWHERE,
                          capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(proc.stdout)
    return result


def test_every_compiled_module_exists_as_source():
    # setup.py compiles these files; a name that is not a module would only fail at install
    for name in compiled.MODULES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name


def test_pure_env_runs_the_sources():
    out = _run(pure=True, hands=20)
    assert out["build"] == "pure Python"


def test_running_follows_the_loader():
    assert compiled.running() == ("compiled (mypyc)" if _is_extension("hocdsl.engine.game")
                                  else "pure Python")


@pytest.mark.skipif(not _installed_compiled(), reason="the compiled build is not installed here "
                    "(pip install . where a C compiler is present; .ci/run does)")
def test_compiled_and_pure_give_the_very_same_numbers():
    fast, plain = _run(pure=False, hands=600, every=True), _run(pure=True, hands=600, every=True)
    assert fast.pop("build") == "compiled (mypyc)" and plain.pop("build") == "pure Python"
    assert fast == plain


@pytest.mark.skipif(not _installed_compiled(), reason="the compiled build is not installed here")
def test_a_bot_in_plain_python_subclasses_the_compiled_bot():
    code = """
from hocdsl.bots.base import Bot
from hocdsl.engine import Game
from hocdsl.rules import load_ruleset
import random
class First(Bot):
    name = "first"
    def choose(self, view):
        return view.legal_actions()[0]
rules = load_ruleset("hoc-mazarin")
g = Game(rules, 3, dealer=0, rng=random.Random(1))
bots = [First(rules, s) for s in range(3)]
while not g.is_over:
    g.apply(bots[g.to_act].choose(g.view(g.to_act)))
print(sum(g.net) + sum(g.pools.values()))
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ELSEWHERE, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "0"
