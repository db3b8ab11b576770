"""`hoc sweep`: the grid from --knob options, cells refused before anything runs, every
cell on the same deals (a cell at the ruleset's own values is exactly `simulate()`), the
JSON and CSV shapes, and main effects worked out by hand on constructed sums."""

from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from hocdsl.cli import app
from hocdsl.readings import KnobError, key_metrics
from hocdsl.rules import load_ruleset
from hocdsl.sim import simulate
from hocdsl.sim.stats import Sums, ratio_parts
from hocdsl.sweep import MAX_CELLS, SweepError, axes_of, cell_rules, main_effects, parse_grid, report_json, sweep
from hocdsl.sweepview import report_markdown, sweep_grid
from hocdsl.tableview import grid_csv

runner = CliRunner()


@pytest.fixture(scope="module")
def mazarin():
    return load_ruleset("hoc-mazarin")


# ------------------------------------------------------------ the grid ----


def test_one_knob_gives_one_axis_with_the_rulesets_own_value(mazarin):
    (axis,) = parse_grid(mazarin, ["bidding.raise_cap=5,10,20,40"])
    # hoc-mazarin caps a raise at 20 (lalanne §5.1)
    assert (axis.path, axis.title, axis.values, axis.own) == ("bidding.raise_cap", "Raise cap", (5, 10, 20, 40), 20)


def test_two_knobs_give_their_product_first_knob_slowest(mazarin):
    axes = parse_grid(mazarin, ["bidding.raise_cap=5,10", "card_game.principal_wild=never,always,when-missing"])
    assert [a.path for a in axes] == ["bidding.raise_cap", "card_game.principal_wild"]
    assert [len(a.values) for a in axes] == [2, 3]


@pytest.mark.parametrize("specs,words", [
    ([], "give at least one knob to sweep"),
    (["bidding.raise_cap=5", "bidding.raise_cap=6"],
     "--knob bidding.raise_cap is given twice: give all its values in one --knob bidding.raise_cap=V1,V2"),
    (["bidding.raise_cap=5,10,5"], "--knob bidding.raise_cap: the value 5 is given twice"),
    (["bidding.raise_cap=1,2,3,4,5,6,7,8,9", "bidding.raise_min=1,2,3,4,5,6,7,8"],
     f"9 × 8 = 72 cells: a sweep plays at most {MAX_CELLS}"),
])
def test_a_grid_that_cannot_be_swept(mazarin, specs, words):
    with pytest.raises(SweepError) as e:
        parse_grid(mazarin, specs)
    assert words in str(e.value)


def test_a_bad_value_is_refused_with_the_words_of_readings(mazarin):
    with pytest.raises(KnobError) as e:
        parse_grid(mazarin, ["bidding.raise_cap=5,0"])
    assert str(e.value) == "--knob bidding.raise_cap=0: found the number `0`; expected a whole number from 1 to 1000"
    with pytest.raises(KnobError, match="did you mean bidding.raise_cap"):
        parse_grid(mazarin, ["bidding.rase_cap=5"])
    with pytest.raises(KnobError, match="has no knob 'nowhere.at_all'"):
        axes_of(mazarin, {"nowhere.at_all": [1]})


def test_a_cell_whose_combination_breaks_a_check_is_refused_before_anything_runs(mazarin):
    # raise_cap 5 alone is fine (raise_min is 1), raise_min 8 alone is fine (raise_cap is 20);
    # together the smallest raise is above the cap (semantic check raise_bounds).
    axes = parse_grid(mazarin, ["bidding.raise_cap=5,20", "bidding.raise_min=1,8"])
    words = ("--knob bidding.raise_cap=5 --knob bidding.raise_min=8: bidding.raise_min: found a smallest raise "
             "of 8, above the cap of 5; expected bidding.raise_min at most bidding.raise_cap (5)")
    with pytest.raises(KnobError) as e:
        cell_rules(mazarin, axes, (5, 8), 3)
    assert str(e.value) == words
    assert cell_rules(mazarin, axes, (20, 8), 3).bidding.raise_min == 8
    calls = []
    with pytest.raises(KnobError):
        sweep(mazarin, axes, hands=20, progress=lambda done, total: calls.append(done))
    assert calls == []  # nothing was played
    result = runner.invoke(app, ["sweep", "hoc-mazarin", "--knob", "bidding.raise_cap=5,20",
                                 "--knob", "bidding.raise_min=1,8", "--hands", "20", "--jobs", "1"])
    assert result.exit_code == 2 and result.output == f"error: {words}\n"


def test_the_command_refuses_a_bad_knob_and_a_missing_one():
    bad = runner.invoke(app, ["sweep", "hoc-mazarin", "--knob", "bidding.raise_cap=abc", "--hands", "20"])
    assert bad.exit_code == 2
    assert bad.output == "error: --knob bidding.raise_cap=abc: found the text `abc`; expected a whole number\n"
    none = runner.invoke(app, ["sweep", "hoc-mazarin", "--hands", "20"])
    assert none.exit_code == 2 and "give at least one knob to sweep" in none.output


# ------------------------------------------------------------ the same deals ----


@pytest.fixture(scope="module")
def swept(mazarin):
    return sweep(mazarin, parse_grid(mazarin, ["bidding.raise_cap=5,20"]), hands=200, seed=3, all_metrics=True)


def test_the_cell_at_the_rulesets_own_value_is_simulate_exactly(mazarin, swept):
    own = swept.cells[1]
    assert own.values == (20,)
    alone = simulate(mazarin, hands=200, seed=3)
    assert own.chips_conserved and alone.chips_conserved
    assert set(own.metrics) == set(alone.metrics)
    for name, stat in own.metrics.items():
        assert stat.to_json() == alone.metrics[name].to_json(), name  # NaN as null: undefined in both


def test_every_cell_sees_the_same_cards(swept):
    # the longest suit of a dealt hand depends on the deal alone: the same in every cell
    a, b = (c.metrics["longest_suit_mean"] for c in swept.cells)
    assert a == b
    # while the raise cap changes what is bet: the spread of a player's results differs
    assert swept.cells[0].metrics["sd_net_per_hand"] != swept.cells[1].metrics["sd_net_per_hand"]


def test_the_numbers_do_not_depend_on_jobs(mazarin):
    axes = parse_grid(mazarin, ["bidding.raise_cap=5,40"])
    one = sweep(mazarin, axes, hands=400, seed=5, jobs=1)
    two = sweep(mazarin, axes, hands=400, seed=5, jobs=2)
    assert report_json(one) == report_json(two)


def test_a_cluster_reaches_the_simulator_with_its_checks(mazarin):
    axes = parse_grid(mazarin, ["bidding.raise_cap=5,40"])
    with pytest.raises(ValueError, match="cluster and jobs=2 ask for two ways of playing the hands"):
        sweep(mazarin, axes, hands=20, jobs=2, cluster="tcp://127.0.0.1:1")


# ------------------------------------------------------------ shapes ----


def test_json_shape(mazarin):
    report = sweep(mazarin, parse_grid(mazarin, ["bidding.raise_cap=5,10", "pools.point.ante=1,2"]),
                   hands=40, seed=1)
    data = json.loads(json.dumps(report_json(report)))
    assert data["metrics"] == list(key_metrics(3))
    assert data["knobs"] == [{"knob": "bidding.raise_cap", "title": "Raise cap", "own": 20, "values": [5, 10]},
                             {"knob": "pools.point.ante", "title": data["knobs"][1]["title"], "own": 1,
                              "values": [1, 2]}]
    assert [c["knobs"] for c in data["cells"]] == [
        {"bidding.raise_cap": 5, "pools.point.ante": 1}, {"bidding.raise_cap": 5, "pools.point.ante": 2},
        {"bidding.raise_cap": 10, "pools.point.ante": 1}, {"bidding.raise_cap": 10, "pools.point.ante": 2}]
    cell = data["cells"][0]
    assert set(cell) == {"knobs", "chips_conserved", "metrics"} and set(cell["metrics"]) == set(key_metrics(3))
    assert set(cell["metrics"]["turns_per_hand"]) == {"mean", "ci95"}
    assert set(data["effects"]) == set(key_metrics(3))
    ranked = data["effects"]["sd_net_per_hand"]
    assert [e["rank"] for e in ranked] == [1, 2]
    assert {e["knob"] for e in ranked} == {"bidding.raise_cap", "pools.point.ante"}
    assert set(ranked[0]) == {"rank", "knob", "high", "low", "diff", "ci95", "means"}
    assert ranked[0]["diff"] >= ranked[1]["diff"] >= 0


def test_csv_has_one_row_per_cell_and_metric(mazarin):
    result = runner.invoke(app, ["sweep", "hoc-mazarin", "--knob", "bidding.raise_cap=5,10,40", "--hands", "40",
                                 "--jobs", "1", "--format", "csv"])
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.output)))
    assert rows[0] == ["bidding.raise_cap", "metric", "mean", "ci95_lo", "ci95_hi", "chips_conserved"]
    # CSV is read by scripts: every metric, not only the key ones (as --all)
    n, rest = divmod(len(rows) - 1, 3)
    assert rest == 0 and n > len(key_metrics(3))
    assert [r[0] for r in rows[1::n]] == ["5", "10", "40"]
    assert set(key_metrics(3)) <= {r[1] for r in rows[1:1 + n]}


def test_text_and_markdown_show_cells_and_effects(mazarin, swept):
    md = report_markdown(swept)
    assert "| `bidding.raise_cap` |" in md and "| 20* |" in md and "### What moves each outcome most" in md
    assert "| net per hand, eldest | 1 | `bidding.raise_cap` |" in md
    # every metric (all_metrics), five to a table, each table with the knob's column first
    heads = [line for line in md.splitlines() if line.startswith("| `bidding.raise_cap` |")]
    assert len(heads) == -(-len(swept.metrics) // 5) and len(swept.metrics) > 5
    # a metric of the deal alone moves with no knob: said so, not "5 over 5"
    assert "| longest suit mean | 1 | `bidding.raise_cap` | the same for every value | 0 [0, 0] |" in md
    assert grid_csv(sweep_grid(swept)).count("\n") == 1 + 2 * len(swept.metrics)
    text = runner.invoke(app, ["sweep", "hoc-mazarin", "--knob", "bidding.raise_cap=5,20", "--hands", "40",
                               "--jobs", "1"])
    assert text.exit_code == 0, text.output
    assert "What moves each outcome most" in text.output and "20*" in text.output


# ------------------------------------------------------------ main effects ----


def _sums(blocks: list[list[int]]) -> Sums:
    size = len(blocks[0])
    sums = Sums(size, [(i, k) for i in range(size) for k in range(i, size)])
    for y in blocks:
        sums.add_block(y)
    return sums


def test_main_effects_ranked_on_a_constructed_two_by_two():
    # Cells (A, B) in product order: (a0,b0) (a0,b1) (a1,b0) (a1,b1); quantity c is cell c's
    # chips, quantity 4 the hands (10 a block). Two blocks:
    #   block 1: 10 50 20 60   block 2: 12 50 22 70
    # cell means (over 20 hands): 1.1, 5.0, 2.1, 6.5.
    # A: a0 (1.1 + 5.0)/2 = 3.05, a1 (2.1 + 6.5)/2 = 4.3 -> 1.25, a1 over a0.
    # B: b0 (1.1 + 2.1)/2 = 1.6, b1 (5.0 + 6.5)/2 = 5.75 -> 4.15, b1 over b0: B first.
    # Influence of B's range per block, (b1 chips - b0 chips)/2/20 - 4.15 * 10/20:
    #   block 1: (110 - 30)/40 - 2.075 = -0.075; block 2: (120 - 34)/40 - 2.075 = +0.075;
    #   var = 2/1 * 2 * 0.075^2 = 0.0225, se 0.15, t(1 df) 12.706: half-width 1.9059.
    # A: block 1 (80 - 60)/40 - 0.625 = -0.125; block 2 (92 - 62)/40 - 0.625 = +0.125;
    #   se 0.25, half-width 3.1765.
    sums = _sums([[10, 50, 20, 60, 10], [12, 50, 22, 70, 10]])
    parts = [ratio_parts(sums, c, 4) for c in range(4)]
    b, a = main_effects(sums, (2, 2), parts, "chips", [("a0", "a1"), ("b0", "b1")], ["A", "B"])
    assert (b.rank, b.path, b.high, b.low) == (1, "B", "b1", "b0")
    assert b.means == pytest.approx((1.6, 5.75))
    assert (b.diff.mean, b.diff.lo, b.diff.hi, b.se) == pytest.approx((4.15, 4.15 - 1.9059, 4.15 + 1.9059, 0.15))
    assert (a.rank, a.path, a.high, a.low) == (2, "A", "a1", "a0")
    assert a.means == pytest.approx((3.05, 4.3))
    assert (a.diff.mean, a.diff.lo, a.diff.hi, a.se) == pytest.approx((1.25, 1.25 - 3.1765, 1.25 + 3.1765, 0.25))
    assert b.excludes_zero and not a.excludes_zero


def test_the_extremes_of_three_values_and_an_axis_of_one():
    # One knob of three values x, y, z (the middle one highest) beside a knob held at one
    # value: cell means 1, 3, 2 in both blocks, so no spread: the range y - x = 2 exactly.
    sums = _sums([[10, 30, 20, 10], [10, 30, 20, 10]])
    parts = [ratio_parts(sums, c, 3) for c in range(3)]
    (effect,) = main_effects(sums, (3, 1), parts, "m", [("x", "y", "z"), ("only",)], ["K", "held"])
    assert (effect.path, effect.high, effect.low, effect.means) == ("K", "y", "x", (1.0, 3.0, 2.0))
    assert (effect.diff.mean, effect.diff.lo, effect.diff.hi) == (2.0, 2.0, 2.0)
