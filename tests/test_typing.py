"""The whole package type-checks under ``mypy --strict`` (issue 20), and ships ``py.typed``.

mypy runs once on ``hocdsl`` (a fresh cache in a temporary directory); any error it
reports fails the test.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "hocdsl"


def test_the_package_says_it_is_typed() -> None:
    assert (ROOT / PACKAGE / "py.typed").is_file()


def test_strict_clean(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-color-output", "--no-error-summary",
         "--cache-dir", str(tmp_path / "mypy_cache"), PACKAGE],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    # 0: clean, 1: errors were found; anything else is mypy failing to run at all
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr
    errors = [line for line in proc.stdout.splitlines() if ": error:" in line]
    assert proc.returncode == 0 and not errors, "mypy --strict errors:\n" + "\n".join(errors)
