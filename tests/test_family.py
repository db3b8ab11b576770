"""`hoc family` (issue 19): the rule distance counted by hand from the files, the outcome
distance and UPGMA worked by hand, the Académie's typology read off the knobs, the tree
drawn, and the command's formats and bad input."""

from __future__ import annotations

import csv
import io
import itertools
import json
import math
import random
import re

import pytest
from typer.testing import CliRunner

from hocdsl.cli import app
from hocdsl.dendrogram import WIDTH, ascii_tree
from hocdsl.diff import rules_diff
from hocdsl.family import (
    LEFT_OUT, NO_SPREAD, FamilyReport, family_report, outcome_distances, reliability, rule_distance, seats_for,
    stage_edits,
)
from hocdsl.rules import load_ruleset
from hocdsl.rules.loader import bundled_family
from hocdsl.sim import SimResult, Stat
from hocdsl.typology import typology
from hocdsl.upgma import upgma

runner = CliRunner()
BUNDLED = {name: load_ruleset(name) for name in bundled_family()}


# ------------------------------------------------------------ UPGMA, by hand ----


def test_upgma_on_four_points_worked_by_hand():
    # a-b 2 is the nearest pair; then {a,b}-c is (6 + 10) / 2 = 8 and {a,b}-d (10 + 8) / 2 = 9,
    # c-d 9: c joins at 8 (single linkage would say 6, complete 10); then d at (10 + 8 + 9) / 3 = 9
    d = [[0, 2, 6, 10],
         [2, 0, 10, 8],
         [6, 10, 0, 9],
         [10, 8, 9, 0]]
    tree = upgma(("a", "b", "c", "d"), d)
    assert [(m.leaves, m.height) for m in tree.merges] == [
        (("a", "b"), 2.0), (("a", "b", "c"), 8.0), (("a", "b", "c", "d"), 9.0)]
    assert [(m.left, m.right) for m in tree.merges] == [(0, 1), (4, 2), (5, 3)]  # scipy's numbering
    # the same tree whatever order the names come in
    perm = [3, 1, 0, 2]
    names = [("a", "b", "c", "d")[i] for i in perm]
    shuffled = upgma(names, [[d[i][j] for j in perm] for i in perm])
    assert [(m.leaves, m.height) for m in shuffled.merges] == [(m.leaves, m.height) for m in tree.merges]


def test_upgma_breaks_ties_by_name():
    # x-y and w-z are both 1 apart: w-z, whose names come first, is merged first
    names = ("x", "y", "z", "w")
    d = [[0, 1, 5, 5], [1, 0, 5, 5], [5, 5, 0, 1], [5, 5, 1, 0]]
    tree = upgma(names, d)
    assert [m.leaves for m in tree.merges] == [("w", "z"), ("x", "y"), ("w", "z", "x", "y")]


@pytest.mark.parametrize("names, matrix, message", [
    (("a",), [[0]], "at least two"),
    (("a", "b"), [[0, 1], [2, 0]], "symmetric"),
    (("a", "b"), [[0, -1], [-1, 0]], "0 or more"),
    (("a", "a"), [[0, 1], [1, 0]], "distinct"),
    (("a", "b"), [[0, 1]], "2 by 2"),
])
def test_upgma_refuses_a_bad_matrix(names, matrix, message):
    with pytest.raises(ValueError, match=message):
        upgma(names, matrix)


def test_upgma_heights_are_scipys():
    hierarchy = pytest.importorskip("scipy.cluster.hierarchy")
    distance = pytest.importorskip("scipy.spatial.distance")
    rng = random.Random(19)
    for n in (2, 3, 5, 8, 12):
        points = [(rng.random(), rng.random(), rng.random()) for _ in range(n)]
        d = [[math.dist(p, q) for q in points] for p in points]
        ours = upgma([f"p{i:02d}" for i in range(n)], d)
        theirs = hierarchy.linkage(distance.squareform(d, checks=False), method="average")
        assert [m.height for m in ours.merges] == pytest.approx(sorted(theirs[:, 2]), abs=1e-12)
        # the same clusters at each step (no ties among random distances)
        sizes = [len(m.leaves) for m in ours.merges]
        assert sizes == [int(k) for k in theirs[:, 3]]


# ------------------------------------------------------------ by the rules ----


def test_a_ruleset_is_0_from_itself_and_distances_are_symmetric():
    for a, b in itertools.product(BUNDLED.values(), repeat=2):
        ab, ba = rule_distance(a, b), rule_distance(b, a)
        assert ab.value == ba.value and ab.knobs_differ == ba.knobs_differ and ab.stage_edits == ba.stage_edits
        assert 0 <= ab.value <= 1
        if a is b:
            assert (ab.value, ab.knobs_differ, ab.stage_edits) == (0, 0, 0)
        else:
            assert ab.value > 0


def _same_shape(d, rules):
    """The parts of a rule distance between two rulesets with the same stages and pools."""
    return (d.stage_edits, d.stages, d.knobs, d.value)


def test_the_triple_game_extension_changes_one_knob():
    # rulesets/extensions/triple-game.yaml sets bidding.max_multiplier to 3 (2 in both readings)
    for name in ("hoc-mazarin", "hoca"):
        base = BUNDLED[name]
        d = rule_distance(base, load_ruleset(name, with_=["triple-game"]))
        assert d.differing == ("bidding.max_multiplier",) and d.b == f"{name} + triple-game"
        stages, knobs = len(base.stages), len(base.knobs())
        assert _same_shape(d, base) == (0, stages, knobs, 1 / (stages + knobs))


@pytest.mark.parametrize("parent, child, differing", [
    # manille-larousse.yaml sets principal_hocs [7D] (manille: 9D), principal_wild always and
    # principal_may_withhold true, as manille has them
    ("manille", "manille-larousse", ("card_game.principal_hocs",)),
    # lindor-per-card.yaml sets losers_pay per-card (lindor: points) and per_card 1 (lindor's too)
    ("lindor", "lindor-per-card", ("settle.losers_pay",)),
    # hoca-literal.yaml sets the end payment alone
    ("hoca", "hoca-literal", ("settle.end_payment",)),
    # hoc-mazarin-wikipedia.yaml sets ten knobs; four of them (blank_hand.optional,
    # sequence.counts_up_to and longer_ranks_higher, card_game.accidental_when_held,
    # principal_lead_pays) to hoc-mazarin's values on another source: they do not differ
    ("hoc-mazarin", "hoc-mazarin-wikipedia",
     ("bidding.precedence", "bidding.good_folds", "sequence.names", "tricon.names", "card_game.principal_wild",
      "settle.end_payment")),
])
def test_a_ruleset_and_the_one_that_extends_it_differ_by_the_knobs_its_file_changes(parent, child, differing):
    a, b = BUNDLED[parent], BUNDLED[child]
    d = rule_distance(a, b)
    assert d.differing == differing
    stages, knobs = len(a.stages), len(a.knobs())
    assert _same_shape(d, a) == (0, stages, knobs, len(differing) / (stages + knobs))
    # what hoc diff lists as knobs that differ, no more, no less
    assert [k.knob for k in rules_diff(a, b) if k.kind == "knob"] == list(differing)


def test_stages_of_another_kind_are_edits_and_their_knobs_all_differ():
    hoc, lindor = BUNDLED["hoc-mazarin"], BUNDLED["lindor"]
    d = rule_distance(hoc, lindor)
    # point, sequence, tricon (vie) and blank_hand (claims) are dropped; card_game and settle line up
    assert (d.stage_edits, d.stages) == (4, 6)
    for prefix in ("point.", "sequence.", "tricon.", "blank_hand.", "bidding.", "pools.point.", "pools.nain."):
        assert any(p.startswith(prefix) for p in d.differing), prefix
    only_hoc = sum(1 for p in hoc.knobs() if p.startswith(("point.", "sequence.", "tricon.", "blank_hand.",
                                                            "bidding.", "pools.")))
    only_lindor = sum(1 for p in lindor.knobs() if p.startswith("pools."))
    shared = len(hoc.knobs()) - only_hoc
    assert shared == len(lindor.knobs()) - only_lindor  # pack, deal, table, card_game, settle
    assert d.knobs == shared + only_hoc + only_lindor
    compared = [p for p in d.differing if p.startswith(("pack.", "deal.", "table.", "card_game.", "settle."))]
    assert d.knobs_differ == only_hoc + only_lindor + len(compared)
    assert d.value == pytest.approx((4 + d.knobs_differ) / (6 + d.knobs))


def test_stage_edits_is_the_levenshtein_distance():
    assert stage_edits("kitten", "sitting")[0] == 3
    assert stage_edits([], ["a", "b"]) == (2, [])
    # a kind moved: dropping and adding it again costs 2, as two substitutions would, but matches one
    assert stage_edits(["vie", "stops"], ["stops", "vie"]) == (2, [(0, 1)])


# ------------------------------------------------------------ by the outcomes, by hand ----


def _result(name: str, metrics: dict[str, tuple[float, float]], chips: bool = True) -> SimResult:
    """A SimResult with each metric's mean and standard error (its 95% interval ±1.96 se)."""
    stats = {m: Stat(mean, mean - 1.96 * se, mean + 1.96 * se) for m, (mean, se) in metrics.items()}
    return SimResult(name, (), 3, ("heuristic",) * 3, 0, 100, chips, stats)


def test_outcome_distances_worked_by_hand():
    h = math.sqrt(0.5)
    results = [
        _result("x", {"turns_per_hand": (0, 0), "cards_left": (1, h), "end_payment": (5, 0.1),
                      "net_per_seat.1": (0, 1), "pool_take.ten": (3, 0)}),
        _result("y", {"turns_per_hand": (0, 0), "cards_left": (2, h), "end_payment": (5, 0.1),
                      "net_per_seat.1": (9, 1)}),
        _result("z", {"turns_per_hand": (2, 0), "cards_left": (3, h), "end_payment": (5, 0.1),
                      "net_per_seat.1": (-9, 1)}),
    ]
    o = outcome_distances(results)
    # turns: exact, reliability 1; cards_left: variance of 1, 2, 3 is 1 and the mean squared error
    # 0.5, so reliability 0.5; end_payment the same everywhere: out; net_per_seat by its kind;
    # pool_take.ten measured under x alone
    assert o.metrics == ("turns_per_hand", "cards_left")
    assert o.reliability == pytest.approx((1.0, 0.5))
    assert o.left_out == {"end_payment": NO_SPREAD, "net_per_seat.1": LEFT_OUT["net_per_seat."]}
    assert o.not_common == 1
    # standardised (sd over n - 1): turns 0, 0, 2 -> -1/√3, -1/√3, 2/√3; cards 1, 2, 3 -> -1, 0, 1,
    # weighed by √0.5. Squared distances: x-y 0.5, x-z 3 + 2 = 5, y-z 3 + 0.5 = 3.5; over √5:
    assert o.scale == pytest.approx(math.sqrt(5))
    assert o.matrix[0][1] == pytest.approx(math.sqrt(0.1))
    assert o.matrix[0][2] == pytest.approx(1.0)
    assert o.matrix[1][2] == pytest.approx(math.sqrt(0.7))
    assert all(o.matrix[i][j] == o.matrix[j][i] for i in range(3) for j in range(3))


def test_reliability():
    assert reliability([1.0, 2.0, 3.0], [0.0, 0.0, 0.0]) == 1.0
    assert reliability([1.0, 2.0, 3.0], [2.0, 2.0, 2.0]) == 0.0  # all within chance
    assert reliability([4.0, 4.0], [0.0, 0.0]) == 0.0


def test_a_ruleset_that_cannot_seat_the_players_plays_at_the_nearest_count():
    nain = BUNDLED["nain-jaune-1760"]  # 3 or 5 players
    assert (seats_for(nain, 3), seats_for(nain, 4), seats_for(nain, 6), seats_for(nain, 2)) == (3, 3, 5, 3)
    assert seats_for(BUNDLED["hoca"], 5) == 3  # 2 or 3
    report = family_report([BUNDLED["lindor"], nain], hands=40, players=4)
    assert report.outcomes is not None and report.outcomes.players == (4, 3)
    words = runner.invoke(app, ["family", "lindor", "nain-jaune-1760", "-n", "40", "-j", "1", "-p", "4"]).output
    assert ("nain-jaune-1760 is played by 3: it does not admit 4, and 3 is the nearest count it does."
            in " ".join(words.split()))
    assert "lindor is played by" not in words


# ------------------------------------------------------------ the typology ----


def test_the_typology_says_the_academies_three_traits():
    t = {name: typology(r) for name, r in BUNDLED.items()}
    assert "same-suit" in t["nain-jaune-1760"].sequence.tags
    # the Poque's runs keep to the suit and go upward (enc-poque2, its last paragraph: "sept, huit")
    assert "same-suit" in t["poque"].sequence.tags
    assert all("any-suit" in t[n].sequence.tags for n in BUNDLED if n not in ("nain-jaune-1760", "poque"))
    assert t["nain-jaune-1760"].hocs.tags == ("end-of-run", "accidental", "permanent")
    assert t["nain-jaune-1760"].hocs.words.endswith("permanent QS JC 10D")
    # the manille is a principal hoc (adjo-hocs §3), paid nothing
    assert t["manille"].hocs.tags == ("end-of-run", "accidental", "principal", "wild")
    assert t["comete"].hocs.tags == ("end-of-run", "accidental", "principal", "wild")
    assert t["hoc-mazarin"].hocs.tags == ("end-of-run", "accidental", "principal")
    assert "bidding" in t["hoca"].payments.tags and "board" not in t["hoca"].payments.tags
    assert {"board", "end:points", "first-turn-out"} <= set(t["lindor"].payments.tags)
    assert "end:per-card" in t["lindor-per-card"].payments.tags


def test_the_typology_comes_from_the_knobs_not_the_name():
    hoc = BUNDLED["hoc-mazarin"]
    changed = hoc.with_knobs({"card_game.runs": "same-suit", "card_game.principal_wild": "always"})
    t = typology(changed)
    assert t.ruleset == "hoc-mazarin" and "same-suit" in t.sequence.tags and "wild" in t.hocs.tags


# ------------------------------------------------------------ the tree of the bundled rulesets ----


@pytest.fixture(scope="module")
def by_rules() -> FamilyReport:
    return family_report(list(BUNDLED.values()), by="rules")


def _clusters(report: FamilyReport) -> set[frozenset[str]]:
    return {frozenset(m.leaves) for m in report.tree.merges}


def test_by_the_rules_the_bundled_rulesets_fall_into_the_academies_three_groups(by_rules):
    clusters = _clusters(by_rules)
    # the vies (the Encyclopédie's Hoc with them)
    assert frozenset({"hoc-mazarin", "hoc-mazarin-wikipedia", "hoca", "hoca-literal", "encyclopedie-hoc"}) in clusters
    assert frozenset({"manille", "manille-larousse", "comete"}) in clusters  # the wild card, no board
    assert frozenset({"lindor", "lindor-per-card", "nain-jaune-1760"}) in clusters  # the board of five boxes
    # each reading with the one it extends first
    for pair in (("manille", "manille-larousse"), ("lindor", "lindor-per-card"), ("hoca", "hoca-literal")):
        assert frozenset(pair) in clusters
    assert by_rules.outcomes is None and by_rules.distance == by_rules.rules_matrix


def test_the_tree_fits_100_columns_with_every_name_once(by_rules):
    from hocdsl.familyview import tree_text

    text = tree_text(by_rules)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= WIDTH
    starts = [line.split(" ")[0] for line in lines[:len(BUNDLED)]]
    assert starts == list(by_rules.tree.order) and sorted(starts) == sorted(BUNDLED)
    assert "┴" in lines[len(BUNDLED)] and lines[-1].strip() == "distance by the rules"
    # narrower terminals get a narrower tree
    assert max(len(line) for line in ascii_tree(by_rules.tree, width=60).splitlines()) <= 60


def test_family_report_refuses_bad_arguments():
    two = [BUNDLED["hoca"], BUNDLED["lindor"]]
    for kwargs, message in (({"by": "knobs"}, "one of rules, outcomes, both"), ({"hands": 0}, "at least one hand"),
                            ({"players": 9}, "from 2 to 8")):
        with pytest.raises(ValueError, match=message):
            family_report(two, **kwargs)
    with pytest.raises(ValueError, match="at least two"):
        family_report(two[:1])
    with pytest.raises(ValueError, match="hoca named twice"):
        family_report([BUNDLED["hoca"], BUNDLED["hoca"]])


# ------------------------------------------------------------ the command ----


FEW = ["manille", "manille-larousse", "lindor", "-n", "40", "-j", "1"]


def test_every_format():
    outputs = {}
    for fmt in ("text", "markdown", "json", "csv"):
        result = runner.invoke(app, ["family", *FEW, "--format", fmt])
        assert result.exit_code == 0, (fmt, result.output)
        outputs[fmt] = result.output
    data = json.loads(outputs["json"])
    names = data["rulesets"]
    assert names == ["manille", "manille-larousse", "lindor"] and data["by"] == "both"
    d = data["distance"]
    assert all(d[i][i] == 0 and d[i][j] == d[j][i] for i in range(3) for j in range(3))
    assert d == [[0.5 * r + 0.5 * o for r, o in zip(rr, oo)]
                 for rr, oo in zip(data["rules"]["matrix"], data["outcomes"]["matrix"])]
    assert [m["leaves"] for m in data["merges"]][0] == ["manille", "manille-larousse"]
    assert len(data["merges"]) == 2 and data["merges"][-1]["height"] >= data["merges"][0]["height"]
    assert [t["ruleset"] for t in data["typology"]] == names and data["hands"] == 40
    assert json.loads(runner.invoke(app, ["family", *FEW, "--json"]).output) == data
    table = list(csv.DictReader(io.StringIO(outputs["csv"])))
    assert [(r["a"], r["b"]) for r in table] == [("manille", "manille-larousse"), ("manille", "lindor"),
                                                 ("manille-larousse", "lindor")]
    assert table[0]["knobs_differ"] == "1"
    assert "```text\n" in outputs["markdown"] and re.search(r"^\| ruleset \| 1 \| 2 \| 3 \|$", outputs["markdown"], re.M)
    text = outputs["text"]
    assert "The family tree of 3 rulesets, by rules and outcomes" in text
    assert "40 hands under each ruleset on the same deals, 3 players, heuristic bots, seed 0." in text
    assert "The Académie's typology" in text and "how the sequence runs" in text


def test_by_the_rules_no_hand_is_played(monkeypatch):
    import hocdsl.sim

    def no_simulation(*args, **kwargs):
        raise AssertionError("a hand was played")

    monkeypatch.setattr(hocdsl.sim, "simulate", no_simulation)
    result = runner.invoke(app, ["family", "--by", "rules", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["outcomes"] is None and sorted(data["rulesets"]) == sorted(BUNDLED)
    assert data["distance"] == data["rules"]["matrix"]


def test_the_default_hands_are_the_librarys():
    from hocdsl import cli, family

    assert cli.FAMILY_HANDS == family.FAMILY_HANDS


@pytest.mark.parametrize("args, message", [
    (["hoca"], "a tree needs two rulesets or more, not 1"),
    (["hoca", "hocaa"], "found no bundled ruleset named `hocaa`"),
    (["hoca", "hoca"], "hoca named twice"),
    (["--by", "knobs"], "--by knobs: one of rules, outcomes, both"),
    (["--hands", "0"], "--hands 0: play at least one hand"),
    (["--players", "9"], "--players 9: from 2 to 8"),
    (["--jobs", "0"], "--jobs 0: at least one process"),
    (["--json", "--format", "csv"], "--json and --format csv ask for two formats"),
    (["hoca", "lindor", "--bots", "heuristic,random"], "--bots heuristic,random"),
])
def test_bad_input_exits_2_with_one_clear_line(args, message):
    result = runner.invoke(app, ["family", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.startswith("error: ")


def test_help():
    result = runner.invoke(app, ["family", "--help"])
    assert result.exit_code == 0
    for option in ("--by", "--hands", "--players", "--bots", "--seed", "--jobs", "--format", "--json"):
        assert option in result.output


# ------------------------------------------------------------ in hoc report ----


def test_hoc_report_family_draws_where_the_two_stand():
    from hocdsl.report import build_report, family_members, report_html

    a, b = BUNDLED["hoc-mazarin"], load_ruleset("hoca", with_=["triple-game"])
    members = family_members(a, b)
    # A, B, then every bundled ruleset: hoca too, since the extension makes another ruleset of it
    assert [m.name for m in members[:3]] == ["hoc-mazarin", "hoca", "comete"] and members[1].extensions
    assert len(members) == len(BUNDLED) + 1
    report = build_report(a, b, hands=40, family=True)
    assert report.family is not None and report.family.names[:2] == ("hoc-mazarin", "hoca + triple-game")
    page = report_html(report)
    part = page[page.index("Where the two stand in the family"):]
    svg = part[part.index("<svg"):part.index("</svg>")]
    labels = re.findall(r'<text style="([^"]*)"[^>]*>([^<]+)</text>', svg)
    bold = {text for style, text in labels if "font-weight: 700" in style}
    assert bold == {"hoc-mazarin", "hoca + triple-game"}  # A and B stand out
    assert set(BUNDLED) <= {text for _style, text in labels}
    rows = re.findall(r"<tr><td><code>(.*?)</code></td>", part)
    assert len(rows) == len(BUNDLED) + 1 and "<b>hoc-mazarin</b>" in rows
    assert "from hoc-mazarin" in part and "the sequence" in part
    # without --family, the page says how to get it, and draws no tree
    plain = report_html(build_report(a, b, hands=40))
    assert "hoc report A B --family" in plain and 'aria-label="family tree"' not in plain


def test_hoc_report_family_on_the_command_line():
    result = runner.invoke(app, ["report", "manille", "comete", "-n", "40", "--family", "-o", "-"])
    assert result.exit_code == 0, result.output
    assert "Where the two stand in the family" in result.stdout and 'aria-label="family tree"' in result.stdout


def test_jobs_default_as_everywhere():
    import typer.main

    from hocdsl.cli import DEFAULT_JOBS

    cmd = typer.main.get_command(app).commands["family"]  # type: ignore[attr-defined]
    (jobs,) = [p for p in cmd.params if p.name == "jobs"]
    assert jobs.default == DEFAULT_JOBS
