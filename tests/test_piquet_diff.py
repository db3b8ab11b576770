"""hoc diff hoc-mazarin piquet: the Hoc's chances beside Piquet's declarations, paired by the
combination each plays for (hocdsl.borrowed)."""

from __future__ import annotations

from hocdsl.diff import rules_diff, rules_markdown, rules_report
from hocdsl.rules import load_ruleset


def _rows() -> dict[str, tuple[str, str]]:
    rows = rules_diff(load_ruleset("hoc-mazarin"), load_ruleset("piquet"))
    return {r.knob: (r.a.words, r.b.provenance) for r in rows if r.kind == "combination"}


def test_each_chance_is_paired_with_the_declaration_of_its_combination() -> None:
    rows = rules_diff(load_ruleset("hoc-mazarin"), load_ruleset("piquet"))
    pairs = {(r.knob, r.knob_b) for r in rows if r.kind == "combination"}
    assert ("point.keys", "declare.point_keys") in pairs
    assert ("sequence.payments", "declare.sequence_scores") in pairs
    assert ("tricon.claim", "declare.set_claim") in pairs
    assert ("blank_hand.payment", "declare.carte_blanche") in pairs


def test_each_side_keeps_its_own_source() -> None:
    rows = {r.knob: r for r in rules_diff(load_ruleset("hoc-mazarin"), load_ruleset("piquet"))
            if r.kind == "combination"}
    seq = rows["sequence.payments"]
    assert seq.a.provenance == "lalanne §7.2" and seq.b.provenance == "foster-piq"
    # a question one side settles by no knob says so, with no source claimed for it
    assert rows["tricon"].a.provenance == "" and rows["tricon"].a.words.startswith("no such knob")


def test_the_pairing_reads_the_same_from_either_side() -> None:
    ab = {(r.knob, r.knob_b) for r in rules_diff(load_ruleset("hoc-mazarin"), load_ruleset("piquet"))
          if r.kind == "combination"}
    ba = {(r.knob_b, r.knob) for r in rules_diff(load_ruleset("piquet"), load_ruleset("hoc-mazarin"))
          if r.kind == "combination"}
    assert ab == ba


def test_no_pairing_between_two_hoc_games() -> None:
    rows = rules_diff(load_ruleset("hoc-mazarin"), load_ruleset("hoca"))
    assert not [r for r in rows if r.kind == "combination"]


def test_markdown_sets_them_under_the_hoc_stage() -> None:
    md = rules_markdown(rules_report(load_ruleset("hoc-mazarin"), load_ruleset("piquet")))
    at = md.index("### The sequence")
    assert "The sequence: what it is worth" in md[at:md.index("### The tricon")]
