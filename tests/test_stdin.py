"""`-` for standard input: validate, show, replay and migrate read it as they read a file, and
every message names it `<stdin>:line:col` (never the temporary file the loader reads)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from hocdsl.cli import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()

MINE = """\
format: 2
name: mine
title: Mine
summary: The Hoca with a cap of {cap}.
extends: hoca
bidding:
  raise_cap:
    value: {cap}
    editorial: a test
"""


def test_validate_reads_standard_input_and_places_errors_there() -> None:
    good = runner.invoke(app, ["validate", "-", "hoca"], input=MINE.format(cap=3))
    assert good.exit_code == 0, good.output
    assert good.stdout.splitlines() == ["OK  <stdin>", "OK  hoca"]
    bad = runner.invoke(app, ["validate", "-"], input=MINE.format(cap=0))
    assert bad.exit_code == 2
    assert bad.stdout.startswith("<stdin>:8:12: bidding.raise_cap.value: found the number `0`")
    assert "hocdsl-stdin-" not in bad.output  # the temporary copy is never named


def test_show_reads_a_ruleset_from_standard_input() -> None:
    result = runner.invoke(app, ["show", "-", "--format", "json"], input=MINE.format(cap=7))
    assert result.exit_code == 0, result.output
    assert '"bidding.raise_cap"' in result.stdout and "a test" in result.stdout
    broken = runner.invoke(app, ["show", "-"], input="name: [1\n")
    assert broken.exit_code == 2
    assert broken.stderr.startswith("<stdin>:2:1: found a YAML syntax error")
    assert "Traceback" not in broken.output


def test_replay_of_standard_input_is_the_replay_of_the_file() -> None:
    path = ROOT / "examples" / "precedence.yaml"
    from_file = runner.invoke(app, ["replay", str(path), "--json"])
    from_stdin = runner.invoke(app, ["replay", "-", "--json"], input=path.read_text(encoding="utf-8"))
    assert from_file.exit_code == from_stdin.exit_code == 0, from_stdin.output
    assert from_stdin.stdout == from_file.stdout
    bad = runner.invoke(app, ["replay", "-"], input="ruleset: hoca\nplayers: [a, b]\ndeals: 7\n")
    assert bad.exit_code == 2
    assert bad.stderr.startswith("<stdin>:3:8: deals: found the number 7")


def test_migrate_reads_standard_input() -> None:
    from test_migrate_cli import FIRST_FORMAT_EXTENSION

    result = runner.invoke(app, ["migrate", "-"], input=FIRST_FORMAT_EXTENSION)
    assert result.exit_code == 0, result.output
    assert "format: 2" in result.stdout and "max_multiplier" in result.stdout
    bad = runner.invoke(app, ["migrate", "-"], input="x: [\n")
    assert bad.exit_code == 2
    assert bad.stderr.startswith("error: <stdin>:2:1: not valid YAML")


def test_standard_input_is_read_once() -> None:
    result = runner.invoke(app, ["validate", "-", "-"], input=MINE.format(cap=3))
    assert result.exit_code == 2
    assert "more than once" in result.stderr
