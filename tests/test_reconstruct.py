"""`hoc reconstruct`: whole readings played on the same deals, scored, raced and ranked."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hocdsl.cli import RECONSTRUCT_HANDS, app
from hocdsl.reconstruct import (
    DEFAULT_SAMPLE, FULL_LIMIT, Rule, reconstruct, rules_of, whole_readings,
)
from hocdsl.rules import load_ruleset

runner = CliRunner()


def _ruleset_with(tmp_path: Path, expectations: str) -> str:
    """A ruleset that is nain-jaune-1760 with other expectations (its own replaced)."""
    f = tmp_path / "nj-test.yaml"
    f.write_text(
        "format: 2\nname: nj-test\ntitle: the 1760 Nain jaune, tested\nextends: nain-jaune-1760\n"
        "expectations:\n  dealer-pays-the-board: null\n  opera-is-rare: null\n  hands-of-a-sitting: null\n"
        + expectations, encoding="utf-8")
    return str(f)


def test_the_rules_and_their_options_come_from_the_file():
    r = load_ruleset("nain-jaune-1760")
    qs = {q.path: q for q in rules_of(r)}
    losers = qs["settle.losers_pay"]
    assert [o.plain for o in losers.options] == ["per-card", "points", "schedule (reading hoc-schedule)"]
    assert losers.lost and losers.options[0].pick is None


def test_a_balanced_sample_takes_each_option_about_equally():
    rules = [Rule(str(i), str(i), True, tuple(range(k))) for i, k in enumerate((2, 3, 2, 4, 3, 2, 3, 2, 2))]
    picked, total = whole_readings(rules, 48, 1)
    assert total == 2 * 3 * 2 * 4 * 3 * 2 * 3 * 2 * 2 > FULL_LIMIT
    assert len(picked) == 48 and len(set(picked)) == 48 and picked[0] == (0,) * 9
    for i, k in enumerate((2, 3, 2, 4, 3, 2, 3, 2, 2)):
        counts = [sum(c[i] == o for c in picked) for o in range(k)]
        assert max(counts) - min(counts) <= 48 // k // 2 + 2, (i, counts)
    assert len(whole_readings(rules, None, 1)[0]) == DEFAULT_SAMPLE


def test_what_a_loser_pays_doubles_and_the_source_ranks_it(tmp_path):
    # settle.per_card 2 against 1, the rest as written: payments never change the play
    # (hoc readings: "never changed the play"), so on the same deals each loser pays twice
    # as much, exactly (the rule: so much for each card left). A source saying a loser pays
    # more than the as-written reading gives must rank the per_card 2 reading first.
    base = reconstruct(load_ruleset("nain-jaune-1760"), hands=400, only=["settle.per_card"], seed=3)
    one, two = sorted(base.candidates, key=lambda c: c.options)
    layout_one, layout_two = (c.rules for c in (one, two))
    assert layout_two.settle.per_card == 2 * layout_one.settle.per_card == 2
    from hocdsl.reconstruct import _Scorer
    from hocdsl.sim.metrics import Layout

    def end_payment(c):
        s = _Scorer(c.rules, Layout(c.rules, 3), (), (15.0, 150.0), {})
        total = [sum(col) for col in zip(*c.batches)]
        return s.metric(total, "end_payment")

    paid_one, paid_two = end_payment(one), end_payment(two)
    assert paid_two == pytest.approx(2 * paid_one, rel=1e-12)
    bound = round(1.5 * paid_one, 3)
    path = _ruleset_with(tmp_path, f"  pays-more:\n    says: a loser pays more\n    holds: end_payment > {bound}\n"
                                   "    editorial: a test\n")
    rep = reconstruct(load_ruleset(path), hands=400, only=["settle.per_card"], seed=3)
    best, other = rep.ranking()
    assert best.rules.settle.per_card == 2 and best.verdicts[0].verdict == "holds"
    assert other.verdicts[0].verdict == "fails"
    assert best.measures["sources"].mean > 0.9 > 0.1 > other.measures["sources"].mean
    assert rep.effects[0].matters  # the ranking depends on the rule


def test_same_seed_same_ranking_and_racing_plays_fewer_hands():
    r = load_ruleset("nain-jaune-1760")
    a = reconstruct(r, hands=800, sample=12, seed=5, only=["settle.losers_pay", "pack.order", "deal.direction"])
    b = reconstruct(r, hands=800, sample=12, seed=5, only=["settle.losers_pay", "pack.order", "deal.direction"],
                    jobs=2)
    assert [(c.options, c.score.mean) for c in a.ranking()] == [(c.options, c.score.mean) for c in b.ranking()]
    assert len(a.candidates) == 3 * 2 * 2  # the whole product: 12 readings
    assert a.hands_played < a.hands_full and a.chips_conserved
    # deal.direction changes nothing (hoc readings: never reached): it cannot matter
    eff = {e.rule.path: e for e in a.effects}
    assert not eff["deal.direction"].matters and eff["deal.direction"].spread == pytest.approx(0.0, abs=1e-12)
    for c in a.candidates:
        assert 0.0 <= c.score.mean <= 1.0 and not math.isnan(c.score.lo)


def test_the_cli_ranks_and_refuses_bad_input():
    res = runner.invoke(app, ["reconstruct", "nain-jaune-1760", "--hands", "400", "--rule", "settle.per_card",
                              "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["whole_readings"] == 2 and [r["rank"] for r in data["ranking"]] == [1, 2]
    assert {r["reading"] for r in data["ranking"]} == {"as written", "settle.per_card=2"}
    for args, words in ([["nope"], "nope"], [["nain-jaune-1760", "--hands", "0"], "hands"],
                        [["nain-jaune-1760", "--sample", "0"], "sample"],
                        [["nain-jaune-1760", "--rule", "settle.per_cad"], "did you mean settle.per_card"],
                        [["nain-jaune-1760", "--bots", "nobody"], "nobody"],
                        [["nain-jaune-1760", "--players", "4"], "4"]):
        res = runner.invoke(app, ["reconstruct", *args])
        assert res.exit_code == 2, (args, res.output)
        assert words in res.output and "Traceback" not in res.output, (args, res.output)
    assert runner.invoke(app, ["reconstruct", "--help"]).exit_code == 0


def test_the_default_hands_are_the_librarys():
    import inspect

    assert inspect.signature(reconstruct).parameters["hands"].default == RECONSTRUCT_HANDS


def test_a_rule_the_readings_never_change_apart_from_another_is_not_judged():
    """Two rules that every reading played changes together (or more rules than readings):
    the fit cannot split the effect between them, so neither is said to matter or not; a
    third rule changed on its own still is. Scores made up so that the pair's joint effect
    is 1.0 and the third's 0.0; each reading's replicates vary a little (the deal)."""
    from hocdsl.reconstruct import Candidate, Option, Rule, _effects

    opts = (Option(None, "as written", "as written"), Option(None, "other", "editorial"))
    qs = [Rule("a.x", "x", True, opts), Rule("a.y", "y", True, opts), Rule("a.z", "z", True, opts)]
    rules = load_ruleset("hoc-mazarin")
    design = [(0, 0, 0), (1, 1, 0), (0, 0, 1), (1, 1, 1), (0, 0, 0), (1, 1, 1)]
    cands = [Candidate(k, o, (), rules) for k, o in enumerate(design)]
    first = {k: [float(o[0]) + (0.01 * r if r else 0.0) * (1 if k % 2 else -1) for r in range(6)]
             for k, o in enumerate(design)}
    by = {e.rule.path: e for e in _effects(qs, cands, first)}
    for path in ("a.x", "a.y"):  # aliased: no verdict, no effect
        assert not by[path].matters and by[path].p != by[path].p and all(m != m for m in by[path].means)
    assert by["a.z"].means[1] == pytest.approx(0.0, abs=1e-9) and by["a.z"].p == by["a.z"].p
