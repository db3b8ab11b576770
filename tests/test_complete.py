"""Ruleset names complete in the shell: what bash gets back from `hoc` when tab is pressed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hocdsl import complete
from hocdsl.rules import bundled_extensions, bundled_rulesets

HOC = Path(sys.executable).parent / "hoc"  # the console script pip installed beside python


def _tab(words: str, cwd: Path) -> list[str]:
    """The completions bash would offer for the last of ``words`` (typer's protocol)."""
    env = {**os.environ, "_HOC_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
    proc = subprocess.run([str(HOC)], env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.split()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "mine.yaml").write_text("name: mine\n", encoding="utf-8")
    (tmp_path / "minutes.txt").write_text("not a ruleset\n", encoding="utf-8")
    (tmp_path / "mi-drafts").mkdir()
    (tmp_path / "mi-drafts" / "other.yml").write_text("name: other\n", encoding="utf-8")
    return tmp_path


def test_a_ruleset_argument_completes_to_bundled_names_and_yaml_files(folder: Path) -> None:
    assert _tab("hoc show hoca", folder) == [n for n in bundled_rulesets() if n.startswith("hoca")]
    assert _tab("hoc diff hoca ma", folder) == [n for n in bundled_rulesets() if n.startswith("ma")]
    # files: YAML ones and folders, not other files
    assert _tab("hoc validate mi", folder) == ["mi-drafts/", "mine.yaml"]
    assert _tab("hoc validate mi-drafts/", folder) == ["mi-drafts/other.yml"]


def test_with_completes_to_extensions(folder: Path) -> None:
    assert _tab("hoc show hoca --with ", folder) == [*bundled_extensions(), "mi-drafts/", "mine.yaml"]


def test_the_functions_alone() -> None:
    assert complete.rulesets("") [: len(bundled_rulesets())] == bundled_rulesets()
    assert complete.rulesets("/no/such/folder/x") == []
