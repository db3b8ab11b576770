"""`hoc migrate` and `hoc schema`: a first-format file converted, a bad one refused with exit 2."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from hocdsl.cli import app
from hocdsl.rules import load_ruleset
from hocdsl.rules.schema import schema_text

runner = CliRunner()

#: The triple-game extension as hocdsl 0.1 wrote it.
FIRST_FORMAT_EXTENSION = """\
# An extension (overlay): apply with `--with triple-game` on any ruleset.
kind: extension
name: old-triple
title: Triple game (Lalanne's proposal)
summary: A chance passed by all a second time is played triple.
sources:
  lalanne:
    citation: Ph. Lalanne, "Le Hoc Mazarin", 2009.
double_game:
  max_multiplier:
    value: 3
    source: lalanne §6
    note: Lalanne proposes nothing beyond the triple.
"""


def test_migrate_prints_a_file_of_format_2_that_loads(tmp_path):
    old = tmp_path / "old-triple.yaml"
    old.write_text(FIRST_FORMAT_EXTENSION, encoding="utf-8")
    result = runner.invoke(app, ["migrate", str(old)])
    assert result.exit_code == 0, result.output
    assert "format: 2" in result.stdout and "# An extension (overlay)" in result.stdout
    new = tmp_path / "format-2" / "old-triple.yaml"  # `name:` is the file's name: same name, new folder
    new.parent.mkdir()
    new.write_text(result.stdout, encoding="utf-8")
    rules = load_ruleset("hoc-mazarin", with_=[str(new)])
    assert rules.bidding.max_multiplier == 3
    prov = rules.provenance["bidding.max_multiplier"]
    assert prov.cite() == "lalanne §6" and prov.note == "Lalanne proposes nothing beyond the triple."


def test_migrate_refuses_a_bad_file_with_exit_2(tmp_path):
    bad_yaml = tmp_path / "bad.yaml"
    bad_yaml.write_text("name: x\ntable: [1\n", encoding="utf-8")
    a_list = tmp_path / "list.yaml"
    a_list.write_text("- 1\n", encoding="utf-8")
    cases = {
        str(tmp_path / "missing.yaml"): "cannot read it",
        str(bad_yaml): "bad.yaml:3:1: not valid YAML",
        str(a_list): "not a ruleset",
        "rulesets/hoca.yaml": "already in format 2",
        str(tmp_path): "cannot read it",
    }
    for path, message in cases.items():
        result = runner.invoke(app, ["migrate", path])
        assert result.exit_code == 2, (path, result.output)
        assert message in result.stderr, (path, result.stderr)
        assert "Traceback" not in result.output


def test_schema_prints_the_schema_generated_from_the_model():
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    assert result.stdout == schema_text()
    assert json.loads(result.stdout)["title"] == "hocdsl ruleset"


def test_a_converted_file_points_at_the_schema_hoc_schema_writes_beside_it(tmp_path):
    from hocdsl.rules.schema import LOCAL_NAME
    from hocdsl.rules.validate import schema

    old = tmp_path / "old-triple.yaml"
    old.write_text(FIRST_FORMAT_EXTENSION, encoding="utf-8")
    converted = runner.invoke(app, ["migrate", str(old)]).stdout
    first = converted.splitlines()[0]
    assert first == f"# yaml-language-server: $schema={LOCAL_NAME}"  # a relative path, not a URL
    written = runner.invoke(app, ["schema", "-o", str(tmp_path)])  # a directory: the name is chosen
    assert written.exit_code == 0, written.output
    assert first in written.stderr
    target = tmp_path / first.split("$schema=")[1]  # where an editor looks, relative to the file
    assert json.loads(target.read_text(encoding="utf-8")) == schema()
    named = tmp_path / "elsewhere.json"
    assert runner.invoke(app, ["schema", "--output", str(named)]).exit_code == 0
    assert named.read_text(encoding="utf-8") == target.read_text(encoding="utf-8")


def test_schema_output_that_cannot_be_written_is_exit_2(tmp_path):
    result = runner.invoke(app, ["schema", "-o", str(tmp_path / "no" / "such" / "x.json")])
    assert result.exit_code == 2
    assert "cannot write" in result.stderr and "no directory" in result.stderr
    assert "Traceback" not in result.output
