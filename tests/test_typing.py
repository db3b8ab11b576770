"""The engine, the bots, the combinations and the cards type-check under ``mypy --strict``.

mypy follows their imports into other modules (the rules, the announcements);
errors it reports there are not this test's concern, so its output is filtered
by path: only errors in the checked files fail it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("hocdsl/engine", "hocdsl/bots", "hocdsl/combos.py", "hocdsl/cards.py")


def _ours(line: str) -> bool:
    path = line.split(":", 1)[0].replace("\\", "/")
    return any(path == c or path.startswith(c + "/") for c in CHECKED)


def test_strict_clean(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-color-output", "--no-error-summary",
         "--cache-dir", str(tmp_path / "mypy_cache"), *CHECKED],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert "error:" in proc.stdout or proc.returncode == 0, proc.stdout + proc.stderr
    errors = [line for line in proc.stdout.splitlines() if ": error:" in line and _ours(line)]
    assert not errors, "mypy --strict errors in the checked files:\n" + "\n".join(errors)
