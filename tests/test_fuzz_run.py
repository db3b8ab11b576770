"""fuzz/run.py, the long fuzz run: its figures, its reproducers, its watchdog."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def run(monkeypatch):
    spec = importlib.util.spec_from_file_location("fuzz_run", ROOT / "fuzz" / "run.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "fuzz_run", module)  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def _only(run, monkeypatch, check):
    monkeypatch.setattr(run, "checks", lambda limit: {"announcement": (st.integers(0, 10), check)})


def test_a_short_run_counts_what_it_tried_and_passes(run, tmp_path, capsys):
    assert run.main(["--minutes", "0.02", "--slice", "1", "--only", "announcement", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "no failure" in out and "announcement" in out and "distinct outcomes" in out
    assert not list(tmp_path.iterdir())


def test_a_failure_is_listed_saved_and_reproduced(run, tmp_path, monkeypatch, capsys):
    def check(example, folder):
        if example == 7:
            raise KeyError("seven")
        return "fine"

    _only(run, monkeypatch, check)
    assert run.main(["--minutes", "0.02", "--slice", "1", "--only", "announcement", "--out", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAILURE(S)" in out and "KeyError: 'seven'" in out
    saved = [json.loads(p.read_text()) for p in tmp_path.iterdir()]
    assert saved and all(d["example"] == [7] or d["example"] == 7 for d in saved)
    assert "KeyError" in saved[0]["error"]


def test_an_example_that_never_ends_is_a_hang(run, tmp_path, monkeypatch, capsys):
    def check(example, folder):  # some seconds of work: far past the limit, yet it ends if unwatched
        for _ in range(10**8):
            pass
        return "fine"

    _only(run, monkeypatch, check)
    assert run.main(["--minutes", "0.01", "--slice", "1", "--limit", "0.2", "--only", "announcement",
                     "--out", str(tmp_path)]) == 1
    assert "hang: an example took more than 0.2 s" in capsys.readouterr().out
