"""A golden record with one edit, replayed: how the tests show a record breaking a rule
refused (``replay_edited(EXAMPLE, '"Blaise: good"', '"Blaise: not good"', tmp_path)``, exit 2)."""

from __future__ import annotations

from pathlib import Path

from click.testing import Result
from typer.testing import CliRunner

from hocdsl.cli import app


def replay_edited(record: Path, old: str, new: str, folder: Path) -> Result:
    """``hoc replay`` (in-process) of ``record`` with the first ``old`` made ``new``, written
    to ``folder/bad.yaml``; fails at once if ``old`` is not in the record (an edit that
    changes nothing would make the refusal's test pass for nothing)."""
    text = record.read_text(encoding="utf-8")
    assert old in text, old
    bad = folder / "bad.yaml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    return CliRunner().invoke(app, ["replay", str(bad)])
