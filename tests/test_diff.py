"""`hoc diff`: the rules side by side (exactly the knobs that differ, in words, with their
sources), the outcomes table, well-formed markdown, and the JSON shape."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from hocdsl.cli import app
from hocdsl.diff import (
    SIGNIFICANT_MARK, DiffReport, KnobDiff, KnobSide, OutcomeRow, diff_report, outcome_rows,
    report_json, report_markdown, rules_diff,
)
from hocdsl.rules import Ruleset, load_ruleset

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"
runner = CliRunner()

MAZARIN = load_ruleset("hoc-mazarin")
WIKIPEDIA = load_ruleset("hoc-mazarin-wikipedia")


def by_knob(diffs):
    return {d.knob: d for d in diffs}


# ------------------------------------------------------------ the rules ----


def test_mazarin_vs_wikipedia_exactly_the_knobs_that_differ():
    """The Wikipedia reading overrides six things of Lalanne's: tie precedence to the
    eldest, "(it's) good" as a fold while bidding, the names "quart" and "fredon" first,
    principal hocs wild, and 2 cards left paying 8 instead of 4."""
    d = by_knob(rules_diff(MAZARIN, WIKIPEDIA))
    assert set(d) == {"bidding.precedence", "bidding.good_folds", "sequence.names", "tricon.names",
                      "card_game.principal_wild", "settle.end_payment"}
    assert {k.kind for k in d.values()} == {"knob"}


def test_the_knobs_that_differ_agree_with_the_files_themselves():
    """Computed another way: the knobs the wikipedia file sets whose value is not the one
    hoc-mazarin.yaml sets (both read as plain YAML here, not through the loader)."""
    base = yaml.safe_load((RULESETS / "hoc-mazarin.yaml").read_text(encoding="utf-8"))
    child = yaml.safe_load((RULESETS / "hoc-mazarin-wikipedia.yaml").read_text(encoding="utf-8"))
    assert child["extends"] == "hoc-mazarin"

    def groups(doc):  # knob prefix -> its knobs, as the file writes them
        out = {sec: doc[sec] for sec in ("pack", "deal", "table", "bidding") if sec in doc}
        out.update({f"pools.{p}": knobs for p, knobs in (doc.get("pools") or {}).items()})
        out.update(doc.get("stages") or {})
        return out

    base_groups = groups(base)
    expected = set()
    for prefix, knobs in groups(child).items():
        for name, knob in knobs.items():
            if isinstance(knob, dict) and "value" in knob and knob["value"] != base_groups[prefix][name]["value"]:
                expected.add(f"{prefix}.{name}")
    assert expected
    assert {k.knob for k in rules_diff(MAZARIN, WIKIPEDIA)} == expected


def test_values_in_words_and_their_sources():
    d = by_knob(rules_diff(MAZARIN, WIKIPEDIA))
    end = d["settle.end_payment"]  # card_game.end_payment of the first format
    assert end.stage == "settle" and end.stage_title == "Settling the card game"
    assert end.title.startswith("End payment")  # the model's title
    # Lalanne: 2 cards left pay 4; Wikipedia: 8 (the rest alike)
    assert end.a.words == "1 card left pays 6; 2 pays 4; 3–9 pay 1 a card; 10 or more pay 2 a card"
    assert end.b.words == "1 card left pays 6; 2 pays 8; 3–9 pay 1 a card; 10 or more pay 2 a card"
    assert {"min": 2, "max": 2, "fixed": 4} in end.a.value
    assert {"min": 2, "max": 2, "fixed": 8} in end.b.value
    assert end.a.provenance.startswith("lalanne §")
    assert end.b.provenance.startswith("wikipedia §")
    prec = d["bidding.precedence"]
    assert (prec.a.value, prec.b.value) == ("first-declarer", "eldest")
    assert prec.b.words == "the eldest, then the next in turn"
    wild = d["card_game.principal_wild"]
    # Lalanne §9.2: no wild card; Wikipedia §Stage 2 Hocs: principal hocs "may be played as any card"
    assert (wild.a.value, wild.b.value) == ("never", "always")


def test_grouped_by_stage_in_the_order_of_play():
    stages = [k.stage for k in rules_diff(MAZARIN, WIKIPEDIA)]
    order = [prefix for prefix, _ in MAZARIN.sections()]
    assert order[:4] == ["pack", "deal", "table", "bidding"] and order[-2:] == ["card_game", "settle"]
    assert stages == sorted(stages, key=order.index)
    assert stages == ["bidding", "bidding", "sequence", "tricon", "card_game", "settle"]


def test_same_ruleset_no_difference_and_an_extension_is_one():
    assert rules_diff(MAZARIN, load_ruleset("hoc-mazarin")) == []
    triple = load_ruleset("hoc-mazarin", with_=["triple-game"])
    d = rules_diff(MAZARIN, triple)
    assert [k.knob for k in d] == ["bidding.max_multiplier"]  # double_game.max_multiplier before
    assert (d[0].a.value, d[0].b.value) == (2, 3)
    assert "triple after two in a row" in d[0].b.words


def test_hoca_differs_from_mazarin_in_the_points_the_sources_dispute():
    d = by_knob(rules_diff(MAZARIN, load_ruleset("hoca")))
    assert d["card_game.opening_lead"].b.value == "lowest"  # the Hoca: the eldest leads his lowest card
    assert d["point.keys"].b.value == ["value"]
    assert "settle.end_payment" not in d  # both pay 2 cards left 4
    # the same seven differences as under the first format (the README's example)
    assert list(d) == ["bidding.precedence", "point.keys", "sequence.longer_ranks_higher", "sequence.claim",
                       "tricon.claim", "card_game.opening_lead", "card_game.principal_wild"]
    assert d["card_game.principal_wild"].b.words == ("a principal hoc may stand for the card needed when "
                                                     "its holder lacks that card")
    assert d["bidding.precedence"].b.provenance == "hoca §Le point"


def test_provenance_lists_the_knobs_that_agree_but_cite_differently():
    """The Wikipedia reading restates the longest sequence counted (5, as Lalanne) in the
    article's own words: the same value from another source."""
    plain = by_knob(rules_diff(MAZARIN, WIKIPEDIA))
    d = by_knob(rules_diff(MAZARIN, WIKIPEDIA, provenance=True))
    assert "sequence.counts_up_to" not in plain
    row = d["sequence.counts_up_to"]
    assert row.kind == "provenance"
    assert row.a.value == row.b.value == 5 and row.a.words == row.b.words
    assert row.a.provenance == "lalanne §3.2" and row.b.provenance.startswith("wikipedia §")
    # every knob that differs in value is still there, as before
    assert {k for k, r in d.items() if r.kind == "knob"} == set(plain)
    for r in d.values():
        if r.kind == "provenance":
            assert r.a.value == r.b.value and r.a.provenance != r.b.provenance
    assert rules_diff(MAZARIN, MAZARIN, provenance=True) == []


def test_provenance_from_the_command_line():
    result = runner.invoke(app, ["diff", "hoc-mazarin", "hoc-mazarin-wikipedia", "--hands", "0", "--json",
                                 "--provenance"])
    assert result.exit_code == 0, result.output
    rows = {r["knob"]: r for r in json.loads(result.output)["rules"]}
    assert rows["sequence.counts_up_to"]["kind"] == "provenance"
    result = runner.invoke(app, ["diff", "hoc-mazarin", "hoc-mazarin-wikipedia", "--hands", "0",
                                 "--format", "markdown", "--provenance"])
    assert result.exit_code == 0, result.output
    assert_well_formed(result.output)
    assert "Longest sequence counted (same value, another provenance)" in result.output


# ------------------------------------------------------------ stages and pools ----


def variant(tmp_path, name, change) -> Ruleset:
    """hoc-mazarin written out whole (`hoc show --format yaml`), changed by ``change(data)``,
    saved as ``name`` and loaded."""
    from hocdsl.rules.render import dump, ruleset_data

    data = ruleset_data(MAZARIN)
    data["name"] = name
    change(data)
    path = tmp_path / f"{name}.yaml"
    path.write_text(dump(data), encoding="utf-8")
    return load_ruleset(str(path))


def _board_pool(data):
    def knob(v):
        return {"value": v, "editorial": "a test"}
    data["pools"]["board"] = {"ante": knob(1), "ante_by": knob("dealer"), "ante_when_carried": knob(False),
                              "unclaimed": knob("carries"), "card": knob("QH")}


def test_a_stage_or_pool_only_one_ruleset_has_is_one_row(tmp_path):
    def change(data):
        del data["stages"]["blank_hand"]
        del data["stages"]["sequence"]
        del data["pools"]["sequence"]
        _board_pool(data)
        data["stages"]["card_game"]["must_cover"] = {"value": False, "editorial": "a test"}

    other = variant(tmp_path, "fewer-stages", change)
    d = rules_diff(MAZARIN, other)
    rows = [(k.kind, k.knob, k.stage) for k in d]
    assert rows == [
        ("pool-only-in-a", "sequence", "pools.sequence"),
        ("pool-only-in-b", "board", "pools.board"),
        ("stage-only-in-a", "sequence", "sequence"),
        ("stage-only-in-a", "blank_hand", "blank_hand"),
        ("knob", "card_game.must_cover", "card_game"),
    ]
    seq = d[2]
    assert seq.title == "stage sequence: only in A" and seq.stage_title == "The sequence"
    assert seq.a.words.startswith("a vie stage on run, for the sequence pool")
    assert seq.b.value is None and seq.b.words == "no such stage in this ruleset"
    assert "board card: QH" in d[1].b.words and d[1].a.value is None
    back = [(k.kind, k.knob) for k in rules_diff(other, MAZARIN)]
    assert ("stage-only-in-b", "blank_hand") in back and ("pool-only-in-a", "board") in back
    # the report's renderings take the structural rows as they are
    report = diff_report(MAZARIN, other)
    md = report_markdown(report)
    assert assert_well_formed(md) == len({k.stage for k in d})
    assert "| stage blank_hand: only in A | a claims stage on blank-hand" in md
    data = report_json(report)
    assert [r["kind"] for r in data["rules"]] == [k.kind for k in d]


def test_stages_in_another_order_and_of_another_kind(tmp_path):
    def change(data):
        stages = data["stages"]
        blank = stages.pop("blank_hand")
        data["stages"] = {"blank_hand": blank, **stages}  # blank hands paid before the bidding

    other = variant(tmp_path, "blank-first", change)
    d = rules_diff(MAZARIN, other)
    assert [(k.kind, k.knob) for k in d] == [("stage-order", "stages")]
    assert d[0].a.words == "point → sequence → tricon → blank_hand → card_game → settle"
    assert d[0].b.words == "blank_hand → point → sequence → tricon → card_game → settle"

    def swap_pools(data):
        data["stages"]["point"]["pool"] = "tricon"
        data["stages"]["tricon"]["pool"] = "point"

    d = rules_diff(MAZARIN, variant(tmp_path, "swapped", swap_pools))
    assert [(k.kind, k.knob) for k in d] == [("stage-pool", "point.pool"), ("stage-pool", "tricon.pool")]
    assert (d[0].a.value, d[0].b.value) == ("point", "tricon")


def _renamed(tmp_path, base: Ruleset, name: str, renames: dict[str, str]) -> Ruleset:
    """``base`` written out whole, with the stages of ``renames`` under their new ids (in place)."""
    from hocdsl.rules.render import dump, ruleset_data

    data = ruleset_data(base)
    data["name"] = name
    data["stages"] = {renames.get(k, k): v for k, v in data["stages"].items()}
    path = tmp_path / f"{name}.yaml"
    path.write_text(dump(data), encoding="utf-8")
    return load_ruleset(str(path))


def test_stages_renamed_in_b_are_matched_by_kind_and_compared_knob_by_knob(tmp_path):
    # the Hoca with its point and sequence stages under other ids: the same knobs differ
    # from Lalanne's as under the Hoca's own ids, each with B's own path
    hoca = load_ruleset("hoca")
    renamed = _renamed(tmp_path, hoca, "hoca-renamed", {"point": "le-point", "sequence": "la-sequence"})
    assert [s.id for s in renamed.stages][:2] == ["le-point", "la-sequence"]
    plain = rules_diff(MAZARIN, hoca)
    d = rules_diff(MAZARIN, renamed)
    assert [(k.kind, k.knob, k.path_b) for k in d if k.kind == "stage-matched"] == [
        ("stage-matched", "point", "le-point"), ("stage-matched", "sequence", "la-sequence")]
    knobs = [(k.knob, k.path_b, k.a.value, k.b.value, k.b.provenance) for k in d if k.kind == "knob"]
    ren = {"point": "le-point", "sequence": "la-sequence"}
    expected = [(k.knob, ren.get(k.stage, k.stage) + k.knob[len(k.stage):], k.a.value, k.b.value, k.b.provenance)
                for k in plain]
    assert knobs == expected
    assert ("point.keys", "le-point.keys", ["cards", "value"], ["value"], "hoca §Le point") in knobs
    matched = d[[k.kind for k in d].index("stage-matched")]
    assert matched.title == "stage `point` (A) matched to `le-point` (B), by kind and order"
    assert matched.b.words.startswith("stage `le-point`: a vie stage on point, for the point pool")
    # no stage is "only in" one of them, and the same ruleset renamed differs in nothing else
    assert not [k for k in d if k.kind.startswith("stage-only")]
    same = _renamed(tmp_path, MAZARIN, "mazarin-renamed", {"tricon": "brelan"})
    assert [(k.kind, k.knob, k.path_b) for k in rules_diff(MAZARIN, same)] == [
        ("stage-matched", "tricon", "brelan")]
    # every rendering says it
    report = diff_report(MAZARIN, renamed)
    md = report_markdown(report)
    assert "| stage `point` (A) matched to `le-point` (B), by kind and order |" in md
    assert "2 stages of A matched by kind to one of B with another id" in md
    rows = report_json(report)["rules"]
    keys = [r for r in rows if r["knob"] == "point.keys"]
    assert len(keys) == 1 and keys[0]["knob_b"] == "le-point.keys"


def test_a_renamed_stages_outcomes_are_compared_under_as_id(tmp_path):
    # on the same deals, B's `le-point` is measured against A's `point`: one row, both sides
    renamed = _renamed(tmp_path, load_ruleset("hoca"), "hoca-renamed", {"point": "le-point"})
    plain = {r.metric: r for r in diff_report(MAZARIN, load_ruleset("hoca"), hands=40).outcomes}
    rows = {r.metric: r for r in diff_report(MAZARIN, renamed, hands=40).outcomes}
    assert not [m for m in rows if "le-point" in m]
    for metric in ("won_rate.point", "pool_when_won.point", "turns_per_hand"):
        assert (rows[metric].a, rows[metric].b, rows[metric].diff) == \
            (plain[metric].a, plain[metric].b, plain[metric].diff), metric


def test_a_stage_left_over_after_matching_by_kind_is_only_in_its_ruleset(tmp_path):
    # B has two claims stages where A has one: the first is matched, the second left over
    def change(data):
        blank = data["stages"].pop("blank_hand")
        rest = dict(data["stages"])
        data["stages"] = {}
        for k, v in rest.items():
            data["stages"][k] = v
            if k == "tricon":
                data["stages"]["blanche"] = blank
                data["stages"]["blanche-2"] = dict(blank)

    other = variant(tmp_path, "two-blanks", change)
    d = rules_diff(MAZARIN, other)
    assert [(k.kind, k.knob, k.path_b) for k in d] == [
        ("stage-matched", "blank_hand", "blanche"), ("stage-only-in-b", "blanche-2", "blanche-2")]


def test_a_stage_of_another_kind_is_one_row_and_its_knobs_are_not_compared():
    import dataclasses

    claims = dataclasses.replace(MAZARIN.blank_hand, id="tricon")
    other = dataclasses.replace(MAZARIN, name="other", stages=tuple(
        claims if s.id == "tricon" else s for s in MAZARIN.stages))
    d = rules_diff(MAZARIN, other)
    assert [(k.kind, k.knob) for k in d] == [("stage-kind", "tricon")]
    assert d[0].a.words.startswith("a vie stage on set, for the tricon pool")
    assert d[0].b.words.startswith("a claims stage on blank-hand")


def test_players_are_checked_against_the_rulesets():
    result = runner.invoke(app, ["diff", "hoc-mazarin", "hoca", "--hands", "10", "--players", "4"])
    assert result.exit_code == 2
    assert "--players 4: hoc-mazarin is played by 2 or 3 players" in result.stderr
    assert "Traceback" not in result.output


# ------------------------------------------------------------ markdown ----


def _cells(row: str) -> list[str]:
    assert row.startswith("| ") and row.endswith(" |"), row
    return re.split(r"(?<!\\)\|", row[1:-1])


def tables(md: str) -> list[list[str]]:
    out, cur = [], []
    for line in md.splitlines():
        if line.startswith("|"):
            cur.append(line)
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def assert_well_formed(md: str) -> int:
    """Every table: a header, a separator row, the same number of cells in every row,
    blank lines around it; no rich markup or terminal escapes anywhere."""
    ts = tables(md)
    lines = md.splitlines()
    for t in ts:
        assert len(t) >= 3, t
        n = len(_cells(t[0]))
        assert re.fullmatch(r"\|( :?-{3,}:? \|)+", t[1]), t[1]
        assert len(_cells(t[1])) == n
        for row in t[2:]:
            assert len(_cells(row)) == n, row
        i = lines.index(t[0])
        assert i > 0 and lines[i - 1] == ""
    assert "\x1b" not in md
    assert not re.search(r"\[/?(bold|dim|italic|red|green)[^\]]*\]", md)
    return len(ts)


def fake_outcomes() -> list[OutcomeRow]:
    return [OutcomeRow("net_per_hand.eldest", 0.5, 0.25, -0.25, (-0.4, -0.1), True),
            OutcomeRow("blank_hand_rate", 0.027, 0.027, 0.0, (-0.001, 0.001), False)]


def test_markdown_is_well_formed_tables():
    report = diff_report(MAZARIN, WIKIPEDIA)
    md = report_markdown(report)
    stages = {k.stage for k in report.rules}
    assert assert_well_formed(md) == len(stages)
    assert re.search(r"^\| End payment[^|]* \| 1 card left pays 6; 2 pays 4;", md, re.M)
    assert "2 pays 8" in md
    with_outcomes = DiffReport(report.a, report.b, report.rules, fake_outcomes(),
                               {"hands": 100, "players": 3, "bots": ["heuristic"] * 3, "seed": 0})
    md = report_markdown(with_outcomes, all_rows=True)  # by default the row that cannot matter is left out
    assert assert_well_formed(md) == len(stages) + 1
    last = tables(md)[-1]
    assert _cells(last[0])[-2:] == [" 95% CI of B − A ", " sig. "]
    assert last[2].endswith(f"| {SIGNIFICANT_MARK} |")  # the significant one is flagged
    assert last[3].endswith("|  |")  # the other not


def test_markdown_escapes_a_pipe_in_a_value():
    side = KnobSide("x", "pays 1 | 2", "editorial: a | b")
    report = DiffReport("A", "B", [KnobDiff("table.ace_value", "table", "The table", "Ace", side, side)])
    md = report_markdown(report)
    assert_well_formed(md)
    assert "pays 1 \\| 2" in md


def test_markdown_from_the_command_line():
    result = runner.invoke(app, ["diff", "hoc-mazarin", "hoc-mazarin-wikipedia", "--hands", "0",
                                 "--format", "markdown"])
    assert result.exit_code == 0, result.output
    assert assert_well_formed(result.output) == 5  # bidding, sequence, tricon, card game, settle
    assert result.output.startswith("## Rules that differ: hoc-mazarin vs hoc-mazarin-wikipedia")


# ------------------------------------------------------------ JSON and text ----


def test_json_shape_rules_only():
    result = runner.invoke(app, ["diff", "hoc-mazarin", "hoc-mazarin-wikipedia", "--hands", "0", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["a"] == "hoc-mazarin" and data["b"] == "hoc-mazarin-wikipedia"
    assert data["outcomes"] is None
    assert [r["knob"] for r in data["rules"]] == [k.knob for k in rules_diff(MAZARIN, WIKIPEDIA)]
    for r in data["rules"]:
        assert set(r) >= {"knob", "kind", "stage", "title", "a", "b"}
        assert r["kind"] == "knob"
        for side in (r["a"], r["b"]):
            assert set(side) >= {"value", "words", "provenance"}
    end = next(r for r in data["rules"] if r["knob"] == "settle.end_payment")
    assert end["b"]["words"].startswith("1 card left pays 6; 2 pays 8")


def test_json_outcomes_shape():
    report = DiffReport("A", "B", [], fake_outcomes(), {"hands": 100})
    data = json.loads(json.dumps(report_json(report)))
    row = data["outcomes"]["net_per_hand.eldest"]
    assert set(row) >= {"a", "b", "diff", "ci95", "significant"}
    assert row["ci95"] == [-0.4, -0.1] and row["significant"] is True
    assert data["outcomes"]["blank_hand_rate"]["significant"] is False


def test_outcome_rows_read_a_comparison_and_flag_by_the_interval():
    class Stat:
        def __init__(self, mean, lo, hi):
            self.mean, self.lo, self.hi = mean, lo, hi

    class Row:
        def __init__(self, a, b, diff):
            self.a, self.b, self.diff = a, b, diff
            self.significant = diff.lo > 0 or diff.hi < 0

    class Comparison:
        rows = {"x": Row(Stat(1, 0.9, 1.1), Stat(2, 1.9, 2.1), Stat(1, 0.8, 1.2)),
                "y": Row(Stat(1, 0.9, 1.1), Stat(1.01, 0.9, 1.1), Stat(0.01, -0.05, 0.07))}

    rows = outcome_rows(Comparison())
    assert [(r.metric, r.diff, r.ci95, r.significant) for r in rows] == [
        ("x", 1.0, (0.8, 1.2), True), ("y", 0.01, (-0.05, 0.07), False)]


def test_text_output_shows_both_values_and_sources():
    result = runner.invoke(app, ["diff", "hoc-mazarin", "hoc-mazarin-wikipedia", "--hands", "0"])
    assert result.exit_code == 0, result.output
    out = result.output
    for s in ("Rules that differ", "The card game", "Settling the card game", "End payment", "2 pays 8",
              "2 pays 4", "lalanne §", "wikipedia §"):
        assert s in out, s


def test_with_b_applies_an_extension_to_one_side():
    result = runner.invoke(app, ["diff", "hoca", "hoca", "--with-b", "triple-game", "--hands", "0", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["b"] == "hoca + triple-game"
    assert [r["knob"] for r in data["rules"]] == ["bidding.max_multiplier"]


def test_bad_ruleset_is_exit_2_without_traceback():
    result = runner.invoke(app, ["diff", "hoc-mazarin", "no-such-ruleset", "--hands", "0"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


# ------------------------------------------------------------ with simulation ----


def test_outcomes_from_a_real_simulation_json():
    result = runner.invoke(app, ["diff", "hoc-mazarin", "hoca", "--hands", "300", "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    out = data["outcomes"]
    assert {"net_per_hand.eldest", "net_per_hand.second", "net_per_hand.dealer", "blank_hand_rate",
            "all_pass_rate.point", "hocs_per_hand"} <= set(out)
    for name, row in out.items():
        assert set(row) >= {"a", "b", "diff", "ci95", "significant"}, name
        lo, hi = row["ci95"]
        if None in (row["a"], row["b"], row["diff"], lo, hi):
            continue
        assert row["diff"] == pytest.approx(row["b"] - row["a"], abs=1e-9), name
        assert row["significant"] == (lo > 0 or hi < 0), name
        assert lo <= row["diff"] <= hi, name
    # the same deals under both readings (common random numbers): what depends on the
    # deal alone cannot differ
    assert out["blank_hand_rate"]["diff"] == 0 and out["blank_hand_rate"]["significant"] is False
    # the Hoca leads the lowest card and lets principal hocs stand in: the card game changes
    assert out["hocs_per_hand"]["diff"] != 0
    assert data["hands"] == 300 and data["chips_conserved"] is True


def test_outcomes_markdown_from_a_real_simulation():
    result = runner.invoke(app, ["diff", "hoc-mazarin", "hoc-mazarin-wikipedia", "--hands", "200", "--jobs", "1",
                                 "--format", "markdown"])
    assert result.exit_code == 0, result.output
    md = result.output
    assert assert_well_formed(md) == 6  # five groups of rules, one of outcomes
    assert "## Outcomes on the same deals: hoc-mazarin vs hoc-mazarin-wikipedia" in md
    assert re.search(r"^\| `net_per_hand\.eldest` \| -?\d+\.\d{4} \| -?\d+\.\d{4} \| [+-]\d+\.\d{4} \| "
                     r"\[[+-]\d+\.\d{4}, [+-]\d+\.\d{4}\] \| \*? \|$", md, re.M)
