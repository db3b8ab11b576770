"""The first screen of `hoc diff`, one --format on every report command, `name:` against the
file's name, and the documents commands point to shipped in the wheel (issue 11)."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hocdsl.cli import DEFAULT_JOBS, app
from hocdsl.diff import (
    DISTRIBUTION, NOT_SIGNIFICANT, SAME_EVERY_DEAL, SAME_NUMBERS, SEATS_ALIKE, SCREEN_ROWS, DiffReport, OutcomeRow,
    format_number, select_outcomes,
)
from hocdsl.rules import RulesetError, load_ruleset

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]


# ------------------------------------------------------------ the first screen of `hoc diff` ----


def test_the_rules_are_printed_before_the_simulation_starts(monkeypatch):
    import hocdsl.sim

    def simulation_fails(*args, **kwargs):
        raise RuntimeError("the simulation was reached")

    monkeypatch.setattr(hocdsl.sim, "compare", simulation_fails)
    result = runner.invoke(app, ["diff", "hoc-mazarin", "hoca", "--hands", "50", "--jobs", "1"])
    assert isinstance(result.exception, RuntimeError)
    # already on the screen when the simulation began: the title, the count and a knob hoca changes
    assert "Rules that differ: hoc-mazarin vs hoca" in result.output
    assert "Principal hocs" in result.output and "hoca §Après les paris" in result.output


def _row(metric: str, a: float, b: float, lo: float, hi: float) -> OutcomeRow:
    return OutcomeRow(metric, a, b, b - a, (lo, hi), lo > 0 or hi < 0)


def test_the_outcomes_that_matter_are_chosen_and_the_others_counted():
    rows = [
        _row("net_per_hand.eldest", 0.3, 0.31, -0.2, 0.22),  # a key row: shown though not significant
        _row("net_per_seat.1", 0.0, 0.4, 0.01, 0.8),  # every seat has the same bot: chance
        _row("won_rate.point", 0.79, 0.83, 0.03, 0.04),  # significant: shown
        _row("triple_rate.point", 0.0, 0.0, 0.0, 0.0),  # 0 by construction
        _row("pool_taken_rate.point", 0.79, 0.83, 0.03, 0.04),  # the numbers of won_rate.point
        _row("longest_suit_mean", 4.61, 4.61, 0.0, 0.0),  # the deal alone
        _row("first_turn_out_rate", 0.005, 0.0053, -0.0008, 0.0012),  # not significant
        _row("cards_left_share.1", 0.15, 0.22, 0.07, 0.08),  # the distribution
        _row("turns_per_hand", 61.4, 56.6, -4.9, -4.6),  # key
    ]
    report = DiffReport("A", "B", [], rows, {"hands": 100, "players": 3, "bots": ["heuristic"] * 3, "seed": 0})
    chosen = select_outcomes(report)
    assert [r.metric for r in chosen.rows] == ["net_per_hand.eldest", "won_rate.point", "turns_per_hand"]
    assert chosen.left_out == {SAME_EVERY_DEAL: 2, SAME_NUMBERS: 1, SEATS_ALIKE: 1, NOT_SIGNIFICANT: 1,
                               DISTRIBUTION: 1}
    assert [r.metric for r in select_outcomes(report, all_rows=True).rows] == [r.metric for r in rows]
    # with different bots at the seats, a seat's net is a real difference
    mixed = DiffReport("A", "B", [], rows, {**report.settings, "bots": ["heuristic", "random", "random"]})
    assert "net_per_seat.1" in [r.metric for r in select_outcomes(mixed).rows]


def test_at_most_a_screenful_the_clearest_differences_kept():
    rows = [_row("net_per_hand.eldest", 0, 1, 0.5, 1.5)]
    # 30 significant differences; the k-th excludes zero by a margin growing with k
    rows += [_row(f"pool_take.p{k}", 0, k, k - 1 + 0.5 / k, k + 1 - 0.5 / k) for k in range(1, 31)]
    report = DiffReport("A", "B", [], rows, {"bots": ["heuristic"] * 3})
    chosen = select_outcomes(report)
    assert len(chosen.rows) == SCREEN_ROWS
    kept = [r.metric for r in chosen.rows]
    assert kept[0] == "net_per_hand.eldest" and "pool_take.p30" in kept and "pool_take.p1" not in kept


def test_never_minus_zero():
    assert format_number(-0.0, signed=True) == "0"
    assert format_number(-2.2732e-06, signed=True) == "-2.3e-06"
    assert format_number(-0.00004) == "-4.0e-05"
    assert format_number(-0.00005, signed=True) == "-0.0001"  # rounds away from zero: digits enough


def test_the_default_table_fits_a_screen_with_its_legend_and_all_prints_every_row():
    args = ["diff", "hoc-mazarin", "hoca", "--hands", "400", "--jobs", "1"]
    short = runner.invoke(app, args)
    full = runner.invoke(app, args + ["--all"])
    data = json.loads(runner.invoke(app, args + ["--json"]).output)
    assert short.exit_code == 0 and full.exit_code == 0, short.output + full.output
    outcomes = short.output.split("Outcomes on the same deals")[1]
    shown = re.findall(r"^ +([a-z_]+(?:\.[a-z0-9-]+)?) +-?\d", outcomes, re.M)
    assert 5 <= len(shown) <= SCREEN_ROWS
    for key in ("net_per_hand.eldest", "net_per_hand.second", "net_per_hand.dealer", "turns_per_hand",
                "sd_net_per_hand"):
        assert key in shown
    # nothing that cannot differ: the deal alone, zeros by construction; no distribution shares
    assert not {"longest_suit_mean", "blank_hand_rate", "triple_rate.point"} & set(shown)
    assert not any(m.startswith(("cards_left_share.", "sequence_held_rate.")) for m in shown)
    assert "net_per_hand.<position>" in outcomes and "chips won (+) or lost (−)" in outcomes
    assert "the 95% interval of B − A excludes zero" in outcomes
    left = re.search(r"(\d+) rows left out \(`--all` prints every row\)", outcomes)
    assert left is not None and int(left.group(1)) == len(data["outcomes"]) - len(shown)
    every = re.findall(r"^ +([a-z_]+(?:\.[a-z0-9-]+)?) +-?\d", full.output.split("Outcomes on the same deals")[1],
                       re.M)
    assert every == list(data["outcomes"]) and "left out" not in full.output
    assert "-0.0000" not in full.output
    assert "net_per_seat.1" in data["outcomes"] and "net_per_seat.0" not in data["outcomes"]  # seats from 1


# ------------------------------------------------------------ --format on every command ----


REPORTS = [
    ["rulesets"],
    ["show", "hoca"],
    ["knobs", "hoca"],
    ["knobs"],
    ["validate", "hoca", "rulesets/extensions/triple-game.yaml"],
    ["odds", "hoc-mazarin"],
    ["simulate", "hoc-mazarin", "--hands", "40", "--jobs", "1"],
    ["diff", "hoc-mazarin", "hoca", "--hands", "40", "--jobs", "1"],
    ["readings", "hoca", "--hands", "40", "--jobs", "1"],
]


@pytest.mark.parametrize("args", REPORTS, ids=lambda a: " ".join(a[:2]))
def test_every_report_command_takes_every_format(args):
    outputs = {}
    for fmt in ("text", "markdown", "json", "csv"):
        result = runner.invoke(app, args + ["--format", fmt])
        assert result.exit_code == 0, (fmt, result.output)
        outputs[fmt] = result.output
    assert json.loads(outputs["json"]) is not None
    table = list(csv.reader(io.StringIO(outputs["csv"])))
    assert len(table) >= 2 and all(len(row) == len(table[0]) for row in table)
    assert re.search(r"^\| .* \|$\n^\| (:?-+:? \| )+", outputs["markdown"], re.M)
    # --json is --format json
    alias = runner.invoke(app, args + ["--json"])
    assert alias.exit_code == 0 and json.loads(alias.output) == json.loads(outputs["json"])


@pytest.mark.parametrize("args", [["rulesets"], ["knobs", "hoca"], ["diff", "hoca", "hoca", "--hands", "0"],
                                  ["odds", "hoca"], ["show", "hoca"]])
def test_json_with_another_format_is_an_error(args):
    result = runner.invoke(app, args + ["--json", "--format", "csv"])
    assert result.exit_code == 2
    assert "--json and --format csv ask for two formats" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_diff_csv_gives_the_outcomes_and_the_rules_as_two_tidy_tables():
    # --format csv: the outcomes, one row per ruleset x metric x statistic, numbers alone in `value`
    out = runner.invoke(app, ["diff", "hoc-mazarin", "hoca", "--hands", "40", "--jobs", "1", "-f", "csv"])
    assert out.exit_code == 0, out.output
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert list(rows[0]) == ["ruleset", "metric", "statistic", "value"]
    assert {r["ruleset"] for r in rows} == {"hoc-mazarin", "hoca", "hoca − hoc-mazarin"}
    assert {r["statistic"] for r in rows if r["ruleset"] == "hoca"} == {"mean", "ci95_lo", "ci95_hi"}
    assert {r["statistic"] for r in rows if "−" in r["ruleset"]} == {"diff", "diff_ci95_lo", "diff_ci95_hi"}
    for r in rows:  # a number, or empty where undefined; never words
        assert r["value"] == "" or float(r["value"]) == float(r["value"]), r
    eldest = {(r["ruleset"], r["statistic"]): float(r["value"]) for r in rows if r["metric"] == "net_per_hand.eldest"}
    assert eldest[("hoca − hoc-mazarin", "diff")] == pytest.approx(
        eldest[("hoca", "mean")] - eldest[("hoc-mazarin", "mean")])
    # --table rules: one row per knob x ruleset, with its value, provenance and source; no hand played
    out = runner.invoke(app, ["diff", "hoc-mazarin", "hoca", "-f", "csv", "--table", "rules"])
    assert out.exit_code == 0, out.output
    rules = list(csv.DictReader(io.StringIO(out.stdout)))
    assert list(rules[0])[:9] == ["knob", "kind", "stage", "stage_title", "title", "ruleset", "side", "path", "value"]
    keys = {(r["knob"], r["side"]): r for r in rules}
    assert len(rules) == 2 * len({r["knob"] for r in rules}) == 14  # 7 knobs, under A and under B
    assert (keys["point.keys", "A"]["value"], keys["point.keys", "B"]["value"]) == ('["cards", "value"]', '["value"]')
    assert keys["point.keys", "B"]["provenance"] == "source" and keys["point.keys", "B"]["source"] == "hoca §Le point"
    assert keys["bidding.precedence", "A"]["provenance"] == "inferred"
    assert {r["ruleset"] for r in rules} == {"hoc-mazarin", "hoca"}
    # --hands 0: the rules are the only table
    assert runner.invoke(app, ["diff", "hoc-mazarin", "hoca", "-n", "0", "-f", "csv"]).stdout == out.stdout


def test_diff_latex_lays_either_table_out_to_read():
    out = runner.invoke(app, ["diff", "hoc-mazarin", "hoca", "-f", "latex", "--table", "rules"])
    assert out.exit_code == 0, out.output
    assert "knob & title & hoc-mazarin & hoca \\\\" in out.output
    assert "point.keys & Comparing points & the most cards, then the highest value (lalanne §3.1)" in out.output
    out = runner.invoke(app, ["diff", "hoc-mazarin", "hoca", "-n", "40", "-j", "1", "-f", "latex"])
    assert out.exit_code == 0, out.output
    assert "\\begin{tabular}{lrrrrrl}" in out.output  # the numbers right-aligned
    assert "metric & hoc-mazarin & hoca & B − A & ci95\\_lo & ci95\\_hi & significant" in out.output
    assert re.search(r"^net\\_per\\_hand\.eldest & -?\d+(\.\d{1,4})? & ", out.output, re.M)


@pytest.mark.parametrize("args, said", [
    (["--table", "rules"], "--table rules chooses the table of --format csv or latex"),
    (["-f", "json", "--table", "outcomes"], "--format json holds both"),
    (["-f", "csv", "--table", "outcomes", "-n", "0"], "no hand is played, so there are no outcomes"),
    (["-f", "csv", "--table", "knobs"], "knobs"),
])
def test_diff_table_asked_where_it_means_nothing_is_an_error(args, said):
    result = runner.invoke(app, ["diff", "hoc-mazarin", "hoca", *args])
    assert result.exit_code == 2 and said in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_show_csv_has_every_knob_with_its_value_and_source():
    rows = list(csv.DictReader(io.StringIO(runner.invoke(app, ["show", "hoc-mazarin", "-f", "csv"]).output)))
    cap = next(r for r in rows if r["path"] == "bidding.raise_cap")
    assert (cap["value"], cap["provenance"], cap["cite"]) == ("20", "source", "lalanne §5.1")


def test_validate_csv_places_each_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 2\nname: bad\ntitle: T\nsummary: S.\nextends: hoc-mazarin\n"
                   "bidding:\n  raise_cap: {value: -1, source: lalanne §5.1}\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", "hoca", str(bad), "--format", "csv"])
    assert result.exit_code == 2
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["file"].endswith("bad.yaml"), r["ok"], r["line"], r["path"]) for r in rows] == [
        (False, "yes", "", ""), (True, "no", "7", "bidding.raise_cap.value")]


def test_jobs_default_alike_everywhere():
    import typer.main

    group = typer.main.get_command(app)
    for name in ("simulate", "diff", "readings"):
        cmd = group.commands[name]  # type: ignore[attr-defined]
        (jobs,) = [p for p in cmd.params if p.name == "jobs"]
        assert jobs.default == DEFAULT_JOBS, name


# ------------------------------------------------------------ name: is the file's name ----


def test_a_copy_that_kept_its_originals_name_is_refused_where_it_says_so(tmp_path):
    copy = tmp_path / "copy.yaml"
    text = (ROOT / "rulesets" / "hoca.yaml").read_text(encoding="utf-8")
    copy.write_text(text, encoding="utf-8")
    line = text.splitlines().index("name: hoca") + 1
    result = runner.invoke(app, ["diff", "hoc-mazarin", str(copy), "--hands", "0"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"copy.yaml:{line}:7: name: found `name: hoca` in a file named copy.yaml" in result.output
    assert "set `name: copy`, or rename the file to hoca.yaml" in result.output
    # told how, fixed in one line: labelled by its own name
    copy.write_text(text.replace("name: hoca\n", "name: copy\n"), encoding="utf-8")
    fixed = runner.invoke(app, ["diff", "hoc-mazarin", str(copy), "--hands", "0"])
    assert fixed.exit_code == 0 and "Rules that differ: hoc-mazarin vs copy" in fixed.output


def test_an_extension_copied_under_another_name_is_refused_too(tmp_path):
    ext = tmp_path / "my-triple.yaml"
    ext.write_text((ROOT / "rulesets" / "extensions" / "triple-game.yaml").read_text(encoding="utf-8"),
                   encoding="utf-8")
    with pytest.raises(RulesetError, match="`name: triple-game` in a file named my-triple.yaml"):
        load_ruleset("hoca", with_=[str(ext)])


def test_bundled_rulesets_and_extensions_keep_loading():
    from hocdsl.rules.loader import bundled_extensions, bundled_rulesets, validate_file

    assert all(validate_file(n) == [] for n in bundled_rulesets())
    assert load_ruleset("hoca", with_=bundled_extensions()).extensions == tuple(bundled_extensions())
    assert validate_file(str(ROOT / "examples" / "rulesets" / "board-game.yaml")) == []


# ------------------------------------------------------------ the docs commands point to ----


def _pointed_to() -> set[str]:
    """Every ``docs/NAME.md`` a module of hocdsl names (help, hints, record headers)."""
    found = set()
    for py in (ROOT / "hocdsl").rglob("*.py"):
        found |= set(re.findall(r"docs/([a-z-]+)\.md", py.read_text(encoding="utf-8")))
    found.discard("interpretations")  # the register's own output path, not a pointer
    return found | {"records", "announcements"}


def test_hoc_docs_prints_the_document():
    result = runner.invoke(app, ["docs", "records"])
    assert result.exit_code == 0
    assert result.output == (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    unknown = runner.invoke(app, ["docs", "record"])
    assert unknown.exit_code == 2 and "did you mean 'records'?" in unknown.output


def test_the_package_ships_the_docs_commands_point_to(tmp_path):
    """What `pip install .` installs (setuptools' build_py: the files a wheel holds, from
    pyproject.toml's packages and package data), built from a copy of the sources; offline,
    so without the isolated build `pip wheel .` would download."""
    src = tmp_path / "src"
    for part in ("hocdsl", "rulesets", "docs"):
        shutil.copytree(ROOT / part, src / part, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    for f in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / f, src / f)
    out = subprocess.run([sys.executable, "-c", "import setuptools; setuptools.setup()", "-q", "build_py",
                          "-d", str(tmp_path / "lib")], cwd=src, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lib = tmp_path / "lib"
    names = {str(p.relative_to(lib)) for p in lib.rglob("*") if p.is_file()}
    for doc in _pointed_to():
        assert f"hocdsl/docs/{doc}.md" in names, doc
    assert "hocdsl/docsview.py" in names and "hocdsl/rulesets/hoca.yaml" in names
    # installed, `hoc docs` reads them from the package
    check = subprocess.run([sys.executable, "-c", "from hocdsl.docsview import docs_dir; print(docs_dir())"],
                           cwd=tmp_path, env={"PYTHONPATH": str(lib)}, capture_output=True, text=True, timeout=60)
    assert check.stdout.strip() == str(lib / "hocdsl" / "docs"), check.stderr
