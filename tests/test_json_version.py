"""Every JSON report that is an object says which hocdsl made it (issue 23: a paper's record of
its numbers). Those that are a list (``hoc knobs --json``, ``hoc rulesets --format json``) stay
lists, as scripts read them today."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hocdsl.cli import app, package_version


@pytest.mark.parametrize("args", [
    ["simulate", "hoc-mazarin", "--hands", "20", "--json"],
    ["diff", "hoc-mazarin", "hoca", "--hands", "0", "--format", "json"],
    ["odds", "hoca", "--players", "2", "--json"],
    ["family", "--by", "rules", "--format", "json"],
])
def test_json_says_its_version(args: list[str]) -> None:
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["hocdsl"] == package_version()
    assert next(iter(data)) == "hocdsl"  # first, where a reader looks


def test_sweep_json_holds_every_metric_without_all() -> None:
    # scripts read JSON and CSV: they hold every metric, as the text does only with --all
    args = ["sweep", "hoc-mazarin", "--knob", "bidding.raise_cap=10,20", "--hands", "20"]
    data = json.loads(CliRunner().invoke(app, [*args, "--json"]).output)
    names = set(data["cells"][0]["metrics"])
    assert {"net_per_hand.eldest", "turns_per_hand", "hocs_per_hand", "end_payment"} <= names
    text = CliRunner().invoke(app, args, env={"COLUMNS": "100"}).output
    assert "end_payment" not in text and "end payment" not in text


@pytest.mark.parametrize("args", [
    ["simulate", "hoc-mazarin", "--hands", "20"],
    ["diff", "hoc-mazarin", "hoca", "--hands", "20"],
    ["odds", "hoca", "--players", "2"],
])
def test_latex_is_a_booktabs_table_for_a_paper(args: list[str]) -> None:
    out = CliRunner().invoke(app, [*args, "--format", "latex"])
    assert out.exit_code == 0, out.output
    text = out.output
    assert text.startswith("\\begin{table}") and text.rstrip().endswith("\\end{table}")
    assert "\\toprule" in text and "\\midrule" in text and "\\bottomrule" in text
    body = text.split("\\midrule", 1)[1]
    assert "_" not in body.replace("\\_", "")  # every underscore escaped (metric names)
