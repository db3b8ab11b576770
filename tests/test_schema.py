"""The JSON Schema is generated from the model: the committed schema.json is what the
model gives, it goes out of date when the model changes, and it accepts every bundled file."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from hocdsl.rules import schema as schema_module
from hocdsl.rules.validate import json_data, schema
from hocdsl.rules.yamldoc import read_yaml

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted((ROOT / "rulesets").glob("*.yaml")) + sorted((ROOT / "rulesets" / "extensions").glob("*.yaml"))


def test_check_passes_on_the_committed_schema() -> None:
    proc = subprocess.run([sys.executable, "-m", "hocdsl.rules.schema", "--check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "up to date" in proc.stdout


def test_check_fails_when_the_model_changes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    committed = schema_module.SCHEMA_FILE.read_text(encoding="utf-8")
    # the model with one more bound changed: the schema it gives differs from the committed file
    changed = json.loads(committed)
    changed["$defs"]["knob.bidding.raise_cap"]["properties"]["value"]["maximum"] = 999
    monkeypatch.setattr(schema_module, "schema_text",
                        lambda: json.dumps(changed, indent=2, ensure_ascii=False) + "\n")
    assert schema_module.main(["--check"]) == 1
    assert "out of date" in capsys.readouterr().err
    # and a stale file on disk is caught the same way, while --write brings it back in step
    stale = tmp_path / "schema.json"
    stale.write_text(json.dumps(changed, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    monkeypatch.undo()
    monkeypatch.setattr(schema_module, "SCHEMA_FILE", stale)
    assert schema_module.main(["--check"]) == 1
    assert schema_module.main(["--write"]) == 0
    assert schema_module.main(["--check"]) == 0
    assert stale.read_text(encoding="utf-8") == committed


def test_generated_schema_is_the_shipped_one() -> None:
    assert schema_module.build_schema() == schema()
    Draft202012Validator.check_schema(schema())


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_schema_validates_every_bundled_file(path: Path) -> None:
    data = json_data(read_yaml(str(path)).data)
    errors = [e.message for e in Draft202012Validator(schema()).iter_errors(data)]
    assert errors == []


def test_schema_bounds_come_from_the_model() -> None:
    from hocdsl.rules.model import Bidding, knob_fields

    spec = dict(knob_fields(Bidding))["raise_cap"]
    value = schema()["$defs"]["knob.bidding.raise_cap"]["properties"]["value"]
    assert (value["minimum"], value["maximum"]) == (spec.minimum, spec.maximum)
    assert schema()["$defs"]["knob.bidding.raise_cap"]["description"].startswith(spec.title)


MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")
EXAMPLES = sorted((ROOT / "examples" / "rulesets").glob("*.yaml"))


@pytest.mark.parametrize("path", BUNDLED + EXAMPLES, ids=lambda p: p.name)
def test_each_bundled_file_names_a_schema_that_resolves_offline(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    m = MODELINE.match(first)
    assert m is not None, first
    target = (path.parent / m.group(1)).resolve()  # relative to the file, as the language server reads it
    assert target == (ROOT / "hocdsl" / "rules" / "schema.json").resolve()  # the committed schema
    assert json.loads(target.read_text(encoding="utf-8")) == schema()


def test_a_file_with_the_old_schema_url_still_loads(tmp_path: Path) -> None:
    from hocdsl.rules import load_ruleset

    text = (ROOT / "rulesets" / "hoca.yaml").read_text(encoding="utf-8").split("\n", 1)[1]
    old = tmp_path / "hoca.yaml"  # as files written before 0.2 began (hoc migrate wrote this line too)
    old.write_text("# yaml-language-server: $schema=https://hocdsl.example/ruleset.schema.json\n" + text,
                   encoding="utf-8")
    loaded, bundled = load_ruleset(str(old)), load_ruleset("hoca")
    assert dataclasses.replace(loaded, path=bundled.path, origin=bundled.origin) == bundled
