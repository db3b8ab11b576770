"""The package as others receive it: its metadata and citation agree, its API reference builds
from the docstrings, and its sdist holds what its tests need, installs, and runs them."""

from __future__ import annotations

import datetime
import importlib.util
import os
import re
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"


def _project() -> dict[str, Any]:
    project: dict[str, Any] = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    return project


def _env() -> dict[str, str]:
    # pure Python: compiling the core with mypyc would take a minute and test nothing here
    return {**os.environ, "HOCDSL_PURE": "1"}


def test_citation_is_valid_cff_and_cites_this_version() -> None:
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["cff-version"] == "1.2.0"
    for key in ("message", "title", "authors"):  # what CFF 1.2.0 requires
        assert cff[key], key
    for author in cff["authors"]:
        assert author.get("name") or author.get("family-names"), author
    project = _project()
    assert str(cff["version"]) == project["version"]
    assert cff["license"] == project["license"]
    released = datetime.date.fromisoformat(str(cff["date-released"]))
    # the changelog has that release, on that day
    assert f"## [{project['version']}] - {released.isoformat()}" in (ROOT / "CHANGELOG.md").read_text(
        encoding="utf-8")


def test_metadata_is_complete() -> None:
    project = _project()
    assert isinstance(project["license"], str)  # an SPDX expression (PEP 639), not the old table
    for name in project["license-files"]:
        assert (ROOT / name).is_file(), name
    assert project["authors"] and project["keywords"]
    assert "Typing :: Typed" in project["classifiers"]
    lowest = re.fullmatch(r">=3\.(\d+)", project["requires-python"])
    assert lowest is not None
    said = {int(m) for c in project["classifiers"] for m in re.findall(r"Python :: 3\.(\d+)$", c)}
    assert said and min(said) == int(lowest.group(1))
    # the summary names every game bundled (by its family name)
    for game in ("Hoc Mazarin", "Hoca", "Manille", "Comète", "Nain jaune", "Lindor"):
        assert game in project["description"], game


@pytest.mark.slow
def test_api_reference_builds_from_the_docstrings(tmp_path: Path) -> None:
    if importlib.util.find_spec("pdoc") is None:
        pytest.skip("pdoc is not installed (pip install 'hocdsl[docs]' or '.[test]')")
    out = tmp_path / "api"
    proc = subprocess.run([sys.executable, "-m", "pdoc", "-o", str(out), "hocdsl"], env=_env(),
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    # the public API (each package's __all__), its docstrings rendered: load_ruleset's
    page = (out / "hocdsl" / "rules.html").read_text(encoding="utf-8")
    assert "The resolved ruleset named <code>name_or_path</code>" in page
    for module in ("cli", "engine", "rules", "sim", "records"):
        assert (out / "hocdsl" / f"{module}.html").is_file(), module


#: Files the sdist's tests read besides the packages.
NEEDED = ("tests/conftest.py", "tests/malformed/bad-enum.yaml", "examples/precedence.yaml",
          "examples/rulesets/board-game.yaml", "rulesets/hoca.yaml", "hocdsl/rules/schema.json",
          "README.md", "LICENSE", "CHANGELOG.md", "CITATION.cff")
#: A few of its tests: the schema, malformed files, migrate and a golden replay of an example.
SDIST_TESTS = ("tests/test_schema.py", "tests/test_rules_errors.py", "tests/test_migrate_cli.py",
               "tests/test_replay_cli.py")
#: Of those, tests the sdist's run leaves out: what they check is the program's process (the
#: suite itself runs them), and the files they read are read by the others too.
SDIST_SKIPS = ("tests/test_rules_errors.py::test_real_process_exits_2_without_traceback",
               "tests/test_replay_cli.py::test_no_traceback_from_the_console_script")


@pytest.mark.slow
def test_the_sdist_installs_and_its_tests_pass(tmp_path: Path) -> None:
    try:
        from setuptools import __version__ as setuptools_version
    except ImportError:
        pytest.skip("setuptools is not installed (it is in the test extra)")
    if int(setuptools_version.split(".")[0]) < 77:
        pytest.skip(f"setuptools {setuptools_version} cannot read PEP 639 metadata (77 or later is in the test extra)")
    dist = tmp_path / "dist"
    build = subprocess.run(
        [sys.executable, "-c", "import sys; from setuptools import build_meta; print(build_meta.build_sdist(sys.argv[1]))",
         str(dist)], cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    sdist = dist / build.stdout.strip().splitlines()[-1]
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
        top = names[0].split("/")[0]
        assert not [n for n in names if n.endswith((".so", ".pyc"))]
        for needed in NEEDED:
            assert f"{top}/{needed}" in names, needed
        tar.extractall(tmp_path, filter="data")
    unpacked = tmp_path / top
    # offline, with no build isolation: this environment's setuptools builds it, and its
    # dependencies are this environment's
    target = tmp_path / "site"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--no-index",
         "--target", str(target), str(sdist)], env=_env(), capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stderr
    env = {**_env(), "PYTHONPATH": str(target)}
    # -P: the unpacked sources are not put on the path; the installed copy is what runs
    where = subprocess.run([sys.executable, "-P", "-c", "import hocdsl.rulesets; print(hocdsl.rulesets.__file__)"],
                           cwd=unpacked, env=env, capture_output=True, text=True, timeout=60)
    assert where.stdout.startswith(str(target)), (where.stdout, where.stderr)
    # -n 0: its few tests in one process (this suite's workers are busy already); less the one that
    # starts the real program eight times, which reads no file the others do not (SDIST_SKIPS)
    tests = subprocess.run([sys.executable, "-P", "-m", "pytest", "-x", "-n", "0", "-p", "no:cacheprovider",
                            *SDIST_TESTS, *(f"--deselect={t}" for t in SDIST_SKIPS)],
                           cwd=unpacked, env=env, capture_output=True, text=True, timeout=300)
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]
    assert re.search(r"\d+ passed", tests.stdout), tests.stdout[-500:]
