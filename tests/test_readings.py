"""`hoc readings`: Holm's control worked by hand, --knob errors, the JSON shape, common
random numbers (a reading equal to the chosen value moves nothing, exactly) and the
same numbers whatever --jobs."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from hocdsl.cli import app
from hocdsl.readings import holm, holm_adjusted, key_metrics, parse_knob, readings_report, t_pvalue
from hocdsl.readingsview import report_markdown
from hocdsl.rules import load_ruleset

runner = CliRunner()


# ------------------------------------------------------ multiple comparisons ----


def test_holm_against_a_hand_worked_example():
    # n = 4, alpha = 5%. In ascending order: 0.005 <= 0.05/4 = 0.0125, rejected;
    # 0.01 <= 0.05/3 = 0.0167, rejected; 0.03 > 0.05/2 = 0.025: stop, 0.03 and 0.04 stand.
    assert holm([0.01, 0.04, 0.03, 0.005]) == [True, False, False, True]
    # adjusted: 4 x 0.005 = 0.02, 3 x 0.01 = 0.03, 2 x 0.03 = 0.06, max(0.06, 1 x 0.04) = 0.06
    assert holm_adjusted([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_holm_stops_at_the_first_failure():
    # 0.001 <= 0.0125 is rejected; 0.02 > 0.05/3 stops the procedure, so 0.045 stands
    # although alone it is under 0.05 (and under the last threshold, 0.05/1).
    assert holm([0.045, 0.02, 0.001, 0.04]) == [False, False, True, False]
    assert holm_adjusted([0.045, 0.02, 0.001, 0.04]) == pytest.approx([0.08, 0.06, 0.004, 0.08])
    assert holm([]) == [] and holm([0.05]) == [True] and holm([0.0501]) == [False]


def test_holm_rejects_what_its_adjusted_p_values_say_and_at_least_bonferroni():
    # n = 6: Bonferroni rejects p <= 0.05/6 = 0.0083 (0.0001, 0.004); Holm goes on with
    # 0.009 <= 0.05/4 = 0.0125 and 0.0095 <= 0.05/3 = 0.0167, and stops at 0.2 > 0.025.
    ps = [0.0001, 0.009, 0.2, 0.004, 0.9, 0.0095]
    assert holm(ps) == [q <= 0.05 for q in holm_adjusted(ps)]
    bonferroni = [p <= 0.05 / len(ps) for p in ps]
    assert all(h or not b for h, b in zip(holm(ps), bonferroni))
    assert holm(ps) == [True, True, False, True, False, True]
    assert sum(bonferroni) == 2


@pytest.mark.parametrize("t,df", [(12.706, 1), (4.303, 2), (3.182, 3), (2.571, 5), (2.228, 10),
                                  (2.042, 30), (1.980, 120)])
def test_t_pvalue_at_the_tables_975_quantiles(t, df):
    assert t_pvalue(t, df) == pytest.approx(0.05, abs=2e-4)
    assert t_pvalue(-t, df) == t_pvalue(t, df)


def test_t_pvalue_edges():
    assert t_pvalue(0.0, 7) == 1.0
    assert t_pvalue(math.inf, 7) == 0.0
    assert t_pvalue(1.959964, 10**6) == pytest.approx(0.05, abs=1e-6)
    assert t_pvalue(40.0, 999) < 1e-12


# ------------------------------------------------------------ --knob ----


def readings(*args: str) -> object:
    return runner.invoke(app, ["readings", *args])


@pytest.mark.parametrize("spec,words", [
    ("card_game.principal_wld=always", "has no knob 'card_game.principal_wld'; did you mean card_game.principal_wild?"),
    ("card_game.principal_wild=never,sometimes",
     "found the text `sometimes`; expected one of never, when-missing, always"),
    ("bidding.raise_cap=abc", "found the text `abc`; expected a whole number"),
    ("bidding.raise_cap=-3", "found the number `-3`; expected a whole number from"),
    ("card_game.principal_wild", "give the values to try, as --knob card_game.principal_wild=V1,V2"),
    ("card_game.principal_wild=", "give the values to try"),
    ("card_game.principal_hocs=[KS, XX]", "found the text `XX`; expected a card name such as KS, QH or 10D"),
    ("deal.hand_size={3: 20}", "a deal of 3 x 20 = 60 cards"),
])
def test_bad_knob_exits_2_with_a_message(spec, words):
    result = readings("hoc-mazarin", "--hands", "20", "--knob", spec)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: --knob ")
    assert words in result.stderr
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_knob_values_are_read_as_the_knobs_type():
    rules = load_ruleset("hoc-mazarin")
    assert parse_knob(rules, "bidding.raise_cap=20,40") == ("bidding.raise_cap", [20, 40])
    assert parse_knob(rules, "card_game.last_card_hoc=true") == ("card_game.last_card_hoc", [True])
    path, values = parse_knob(rules, "card_game.principal_hocs=[KS, KH],[KS]")
    assert path == "card_game.principal_hocs"
    assert [len(v) for v in values] == [2, 1] and all(isinstance(v, frozenset) for v in values)


# ------------------------------------------------------------ a small run ----


@pytest.fixture(scope="module")
def small() -> dict:
    result = readings("hoc-mazarin", "--hands", "300", "--json", "--knob", "card_game.principal_wild=never")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_json_structure(small):
    keys = list(key_metrics(3))
    assert small["ruleset"] == "hoc-mazarin" and small["hands"] == 300 and small["players"] == 3
    assert small["key_metrics"] == keys
    assert small["chips_conserved"] is True
    rules = load_ruleset("hoc-mazarin")
    recorded = {p for p, pr in rules.provenance.items() if pr.alternatives}
    assert {k["knob"] for k in small["knobs"]} == recorded | {"card_game.principal_wild"}
    n_alts = 0
    for k in small["knobs"]:
        assert set(k["chosen"]) >= {"value", "words", "provenance", "cite"}
        assert k["alternatives"]
        for alt in k["alternatives"]:
            n_alts += 1
            assert alt["origin"] in ("ruleset", "--knob")
            assert list(alt["metrics"]) == keys
            for row in alt["metrics"].values():
                assert set(row) >= {"chosen", "alternative", "diff", "ci95", "significant", "p", "p_holm"}
                lo, hi = row["ci95"]
                assert lo <= row["diff"] <= hi
                assert row["diff"] == pytest.approx(row["alternative"] - row["chosen"], abs=1e-9)
                assert isinstance(row["significant"], bool)
                assert row["p"] <= row["p_holm"] <= 1
            for row in alt["other_metrics"].values():
                assert set(row) >= {"chosen", "alternative", "diff", "ci95", "excludes_zero"}
    control = small["control"]
    assert control["method"] == "holm" and control["alpha"] == 0.05
    assert control["tests"] == n_alts * len(keys)
    assert control["words"] == f"Holm over {n_alts * len(keys)} tests, family-wise 5%"
    ranks = small["ranking"]
    assert [r["rank"] for r in ranks] == list(range(1, len(small["knobs"]) + 1))
    assert {r["knob"] for r in ranks} == {k["knob"] for k in small["knobs"]}
    scores = [r["score"] for r in ranks]
    assert scores == sorted(scores, reverse=True)


def test_a_reading_equal_to_the_chosen_value_moves_nothing_exactly(small):
    wild = next(k for k in small["knobs"] if k["knob"] == "card_game.principal_wild")
    same = [a for a in wild["alternatives"] if a["origin"] == "--knob"]
    assert len(same) == 1 and same[0]["value"] == "never" == wild["chosen"]["value"]
    for row in {**same[0]["metrics"], **same[0]["other_metrics"]}.values():
        if row["diff"] is None:  # a rate of something that never happened
            continue
        assert row["diff"] == 0.0 and row["ci95"] == [0.0, 0.0]
        assert row["alternative"] == row["chosen"]
    assert same[0]["score"] == 0.0
    for row in same[0]["metrics"].values():
        assert row["significant"] is False and row["p"] == 1.0


def test_a_real_alternative_moves_the_game(small):
    # principal hocs standing in for missing cards shorten the hand
    wild = next(k for k in small["knobs"] if k["knob"] == "card_game.principal_wild")
    always = next(a for a in wild["alternatives"] if a["value"] == "always")
    assert always["metrics"]["turns_per_hand"]["diff"] < 0
    assert always["score"] > 2


def test_the_differences_are_those_of_sim_compare():
    from hocdsl.sim import compare

    rules = load_ruleset("hoc-mazarin")
    report = readings_report(rules, asked={"card_game.principal_wild": ["always"]}, hands=200, seed=3)
    ours = next(o for o in report.outcomes if o.reading.value == "always")
    theirs = compare(rules, rules.with_knobs({"card_game.principal_wild": "always"}), hands=200, seed=3)
    assert set(ours.rows) == set(theirs.rows)
    for name, row in theirs.rows.items():
        assert (ours.rows[name].diff == row.diff or
                (math.isnan(row.diff.mean) and math.isnan(ours.rows[name].diff.mean))), name
        assert ours.rows[name].chosen == row.a


def test_same_seed_same_numbers_whatever_jobs():
    args = ("hoc-mazarin", "--hands", "220", "--seed", "5", "--json", "--knob", "bidding.raise_cap=40")
    one = readings(*args, "--jobs", "1")
    two = readings(*args, "--jobs", "2")
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert json.loads(one.stdout) == json.loads(two.stdout)
    other = readings("hoc-mazarin", "--hands", "220", "--seed", "6", "--json", "--knob", "bidding.raise_cap=40")
    assert json.loads(other.stdout) != json.loads(one.stdout)


def test_markdown_table_and_ranking():
    result = readings("hoc-mazarin", "--hands", "200", "--format", "markdown")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.startswith("## Readings of hoc-mazarin")
    assert "(`card_game.principal_wild`)" in text and "`never` → `always`" in text
    assert "† survives Holm over " in text and "family-wise 5%" in text
    assert "### Ranking" in text and "Score: the largest |difference| / standard error" in text
    tables: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("|"):
            if not tables or not tables[-1]:
                tables.append([])
            tables[-1].append(line)
        elif tables and tables[-1]:
            tables.append([])
    tables = [t for t in tables if t]
    assert len(tables) == 2
    for t in tables:
        cells = {line.count(" | ") for line in t}
        assert len(cells) == 1, t  # every row as many cells as the header


def test_text_output():
    result = readings("hoc-mazarin", "--hands", "100")
    assert result.exit_code == 0, result.output
    assert "survives Holm over" in result.stdout and "Ranking" in result.stdout
    assert "card_game.principal_wild" in result.stdout


def test_a_ruleset_without_alternatives_says_so():
    import dataclasses

    from hocdsl.rules.build import FrozenMap

    rules = load_ruleset("hoc-mazarin")
    bare = dataclasses.replace(rules, provenance=FrozenMap(
        {p: dataclasses.replace(pr, alternatives=()) for p, pr in rules.provenance.items()}))
    report = readings_report(bare, hands=40)
    assert report.outcomes == () and report.control.tests == 0
    assert "records alternatives; name some with `--knob PATH=V1,V2`" in report_markdown(report)
