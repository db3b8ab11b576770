"""Results as tidy rows and DataFrames (hocdsl/tidy.py, issue 23's notebook): one row per
ruleset (reading, cell) × metric × statistic, the numbers the result holds, none lost."""

from __future__ import annotations

import sys

import pytest

from hocdsl.diff import diff_report
from hocdsl.readings import readings_report
from hocdsl.reconstruct import reconstruct
from hocdsl.rules import load_ruleset
from hocdsl.sim import compare, simulate
from hocdsl.sweep import sweep
from hocdsl.tidy import rows, rule_rows, to_frame

HOCA = load_ruleset("hoca")
MAZARIN = load_ruleset("hoc-mazarin")


def _value(table: list[dict], **where: object) -> object:
    found = [r["value"] for r in table if all(r.get(k) == v for k, v in where.items())]
    assert len(found) == 1, (where, len(found))
    return found[0]


def test_a_simulation_three_rows_a_metric_as_it_holds_them() -> None:
    result = simulate(HOCA, hands=40)
    table = rows(result)
    assert len(table) == 3 * len(result.metrics)
    st = result.metrics["turns_per_hand"]
    assert _value(table, metric="turns_per_hand", statistic="mean") == st.mean
    assert _value(table, metric="turns_per_hand", statistic="ci95_hi") == st.hi


def test_a_comparison_and_a_diff_give_both_sides_and_the_difference() -> None:
    cmp = compare(MAZARIN, HOCA, hands=40)
    table = rows(cmp)
    row = cmp.rows["net_per_hand.eldest"]
    assert _value(table, ruleset="hoca − hoc-mazarin", metric="net_per_hand.eldest", statistic="diff") \
        == row.diff.mean
    assert _value(table, ruleset="hoc-mazarin", metric="net_per_hand.eldest", statistic="mean") == row.a.mean
    report = diff_report(MAZARIN, HOCA, hands=40)
    d = {r["statistic"] for r in rows(report) if r["metric"] == "turns_per_hand"}
    assert d == {"mean", "ci95_lo", "ci95_hi", "diff", "diff_ci95_lo", "diff_ci95_hi"}


def test_readings_sweep_and_reconstruction_name_what_each_row_is_about() -> None:
    rr = readings_report(MAZARIN, hands=40)
    r0 = rows(rr)[0]
    assert {"ruleset", "knob", "chosen", "alternative", "metric", "statistic", "value"} == set(r0)
    sw = sweep(MAZARIN, {"bidding.raise_cap": [10, 20]}, hands=40)
    caps = {r["bidding.raise_cap"] for r in rows(sw)}
    assert caps == {10, 20}
    rec = reconstruct(load_ruleset("lindor"), hands=40, sample=4)
    assert {r["reading"] for r in rows(rec)} <= {c.index for c in rec.candidates}


def test_something_else_is_refused() -> None:
    with pytest.raises(TypeError, match="no tidy rows for a dict"):
        rows({})


def test_to_frame_without_pandas_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # as if not installed
    with pytest.raises(ImportError, match=r"pip install 'hocdsl\[frames\]'"):
        to_frame(simulate(HOCA, hands=20))


def test_to_frame() -> None:
    pd = pytest.importorskip("pandas")
    result = simulate(HOCA, hands=40)
    frame = to_frame(result)
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == ["ruleset", "metric", "statistic", "value"]
    means = frame[frame.statistic == "mean"].set_index("metric")["value"]
    assert means["turns_per_hand"] == result.metrics["turns_per_hand"].mean


def test_every_result_has_to_frame() -> None:
    from hocdsl.diff import DiffReport
    from hocdsl.readings import ReadingsReport
    from hocdsl.reconstruct import ReconstructReport
    from hocdsl.sim import Comparison, SimResult
    from hocdsl.sweep import SweepReport

    for cls in (SimResult, Comparison, DiffReport, ReadingsReport, SweepReport, ReconstructReport):
        assert callable(getattr(cls, "to_frame", None)), cls.__name__


def test_a_diffs_rules_one_row_per_knob_and_ruleset() -> None:
    report = diff_report(MAZARIN, HOCA)
    table = rule_rows(report)
    assert len(table) == 2 * len(report.rules)
    keys = [r for r in table if r["knob"] == "card_game.principal_wild"]
    assert [(r["ruleset"], r["side"], r["value"]) for r in keys] == [
        ("hoc-mazarin", "A", "never"), ("hoca", "B", "when-missing")]
    assert keys[1]["provenance"] == "source" and keys[1]["source"].startswith("hoca §")
    with pytest.raises(TypeError, match="a DiffReport has them"):
        rule_rows(simulate(HOCA, hands=20))


def test_rules_frame() -> None:
    pd = pytest.importorskip("pandas")
    frame = diff_report(MAZARIN, HOCA).rules_frame()
    assert isinstance(frame, pd.DataFrame)
    wide = frame.pivot(index="knob", columns="ruleset", values="words")
    assert wide.loc["point.keys", "hoca"] == "the highest value alone"
