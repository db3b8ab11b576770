"""hoc simulate on a screen: rows 0 in every hand left out unless --all, a legend line for
every kind of row shown (issue 23)."""

from __future__ import annotations

from typer.testing import CliRunner

from hocdsl.cli import app
from hocdsl.diff import METRIC_LEGEND


def _simulate(*extra: str) -> str:
    result = CliRunner().invoke(app, ["simulate", "hoc-mazarin", "--hands", "60", *extra], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result.output


def test_rows_zero_by_construction_are_counted_not_printed() -> None:
    out = _simulate()
    # hoc-mazarin plays no triple game and no permanent hocs: those rows are 0 in every hand
    assert "triple_rate.point" not in out and "hocs_per_hand.permanent" not in out
    assert "left out (`--all` prints every row): 0 in every hand played" in out
    every = _simulate("--all")
    assert "triple_rate.point" in every and "hocs_per_hand.permanent" in every
    assert "left out" not in every


def test_every_row_shown_has_a_legend_line() -> None:
    out = _simulate()
    for family in ("net_per_hand", "won_rate", "pool_left", "hocs_per_hand", "end_payment", "sd_net_per_hand"):
        assert f"  {family}" in out, family
        assert METRIC_LEGEND[family][1].split(";")[0][:30] in " ".join(out.split())
