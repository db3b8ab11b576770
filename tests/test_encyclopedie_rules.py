"""What rulesets/encyclopedie-hoc.yaml says, and where (the Encyclopédie, art. HOC, 1765,
¶1-¶10; family/encyclopedie-hoc.md), and the loader's and describer's side of the knobs
added with it: a refunded board pool refused at its line, the words of first_turn_out's
companions. Build-independent: nothing here plays a hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hocdsl.cli import app
from hocdsl.rules import RulesetError, load_ruleset
from hocdsl.rules.describe import describe

ENC = load_ruleset("encyclopedie-hoc")


def cite(path: str) -> str:
    return ENC.provenance[path].cite()


def test_what_the_first_half_of_the_article_says():
    assert ENC.deal.hand_size == {2: 15, 3: 12} and cite("deal.hand_size") == "encyclopedie ¶2"
    assert ENC.card_game.principal_hocs == frozenset(
        __import__("hocdsl.cards", fromlist=["parse_card"]).parse_card(c)
        for c in ("KS", "KH", "KD", "KC", "QS", "JD"))
    assert cite("card_game.principal_hocs") == "encyclopedie ¶6"
    assert ENC.card_game.principal_pay == 1 and cite("card_game.principal_pay") == "encyclopedie ¶6"
    assert ENC.card_game.principal_wild == "always" and cite("card_game.principal_wild") == "encyclopedie ¶5"
    for pool in ("point", "sequence", "tricon"):
        assert ENC.pools[ENC.pool_index(pool)].ante == 1
        assert cite(f"pools.{pool}.ante") == "encyclopedie ¶7"
    assert ENC.bidding.raise_cap == 20 and cite("bidding.raise_cap") == "encyclopedie ¶7"
    assert ENC.bidding.may_return_after_pass and cite("bidding.may_return_after_pass") == "encyclopedie ¶7, ¶8"
    assert ENC.sequence.payment_when == "unraised-single"
    assert ENC.sequence.claim == "lower-than-declared" and cite("sequence.claim") == "encyclopedie ¶10"
    assert ENC.bidding.double_when == "all-passed" and cite("bidding.double_when") == "encyclopedie ¶10"
    assert ENC.bidding.double_bonus == 1 and cite("bidding.double_bonus") == "encyclopedie ¶10"
    # ¶7: the length is agreed (the source's word); the number is the project's (its note says so)
    assert cite("table.partie_deals") == "encyclopedie ¶7" and ENC.table.partie_deals == 12
    assert "project's choice" in (ENC.provenance["table.partie_deals"].note or "")


def test_the_lost_half_is_marked_and_never_borrowed_silently():
    # the tricon's payment, the card game and the end payment are after ¶10: each such knob
    # is lost, names Lalanne when it plays his rule, and lists what else it could be
    for path in ("tricon.payments", "card_game.runs", "card_game.accidental_hocs",
                 "settle.end_payment", "settle.losers_pay", "blank_hand.payment"):
        p = ENC.provenance[path]
        assert p.kind == "lost" and p.source == "encyclopedie", path
        assert "lalanne" in p.cite() and p.alternatives, path
    # nothing in the file is labelled as the word of a source it does not have
    for path, p in ENC.provenance.items():
        assert p.source in (None, "encyclopedie", "lalanne", "hoca", "wikipedia"), path
        if p.kind == "source":
            assert p.source == "encyclopedie", path


def test_the_stage_ids_are_hoc_mazarin_s():
    assert [s.id for s in ENC.stages] == [s.id for s in load_ruleset("hoc-mazarin").stages]


def test_a_refunded_board_pool_is_refused_at_its_line(tmp_path: Path):
    f = tmp_path / "board-refund.yaml"
    f.write_text("""format: 2
name: board-refund
title: Lindor with a box that gives its antes back
summary: A test.
extends: lindor
pools:
  ten:
    unclaimed:
      value: refunded
      editorial: a test
""", encoding="utf-8")
    with pytest.raises(RulesetError) as e:
        load_ruleset(str(f))
    err = e.value
    assert (err.line, err.column) == (9, 14)
    assert "pools.ten.unclaimed" in str(err) and "carries" in str(err)
    out = CliRunner().invoke(app, ["validate", str(f)])
    assert out.exit_code == 2 and "board-refund.yaml:9:14:" in out.output and "Traceback" not in out.output


def test_first_turn_out_s_companions_are_described_as_played():
    # nain-jaune-1760 plays the opéra's double by first_turn_out (losers-pay-double), its
    # factor left at 1: the losers pay double, not "as usual"
    nj = load_ruleset("nain-jaune-1760")
    words = describe(nj, "settle.first_turn_out_factor", 1)
    assert "double" in words and "as usual" not in words
    assert "four times" in describe(nj, "settle.first_turn_out_factor", 2)
    # the lindor's grand opéra takes the pools by first_turn_out (takes-all-pools)
    li = load_ruleset("lindor")
    words = describe(li, "settle.first_turn_out_pools", False)
    assert "takes every pool" in words and "no pool" not in words
    # where first_turn_out does neither, the knob's own words stand
    hm = load_ruleset("hoc-mazarin")
    assert describe(hm, "settle.first_turn_out_factor", 1) == "the losers pay as usual"


@pytest.mark.parametrize(("said", "heard"), [
    ("2 au point", "Raise(amount=2)"),            # encyclopedie ¶7: "deux ... au point"
    ("3 à la séquence", "Raise(amount=3)"),
    ("4 au tricon", "Raise(amount=4)"),
    ("2 on the point", "Raise(amount=2)"),
    ("j'en suis", "Call()"),                      # encyclopedie ¶8: "peut en être"
    ("I'm in", "Call()"),
    ("5 cartes, 35", "DeclarePoint(cards=5, value=35)"),  # the point's count is still a count
])
def test_the_article_s_words_are_heard(said, heard):
    from hocdsl.announce import Vocabulary, parse_announcement

    got = parse_announcement(said, Vocabulary.from_ruleset(ENC))
    assert [repr(a) for a in got] == [heard]


def test_a_raise_named_without_its_chance_says_what_is_missing():
    from hocdsl.announce import AnnouncementError, Vocabulary, parse_announcement

    with pytest.raises(AnnouncementError, match='expected "point", "sequence" or "tricon" after "2 au"'):
        parse_announcement("2 au", Vocabulary.from_ruleset(ENC))


@pytest.mark.parametrize(("knob", "value", "expected"), [
    ("partie_deals", 0, "expected a number at least 1"),
    ("partie_deals", 1001, "expected a number at most 1000"),
    ("partie_target", 0, "expected a number at least 1"),
])
def test_the_length_of_a_partie_is_bounded(tmp_path: Path, knob, value, expected):
    f = tmp_path / "long.yaml"
    f.write_text(f"""format: 2
name: long
title: A partie out of bounds
summary: A test.
extends: encyclopedie-hoc
table:
  {knob}:
    value: {value}
    editorial: a test
""", encoding="utf-8")
    out = CliRunner().invoke(app, ["validate", str(f)])
    assert out.exit_code == 2 and "Traceback" not in out.output
    assert f"long.yaml:8:12: table.{knob}.value: found the number `{value}`; {expected}" in out.output
