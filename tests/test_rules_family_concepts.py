"""The family's concepts in the model: lost rules, citations without numbered sections,
units (jetons and fiches), points by rank, players apart from the cards dealt, and the
settlement's steps and first-turn-out effects.

Payments are worked out by hand from the sources (the hand-worked deals of
drafts/family/GAPS.md and GAPS-nainjaune.md), never from the engine.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hocdsl.actions import Play
from hocdsl.cards import parse_hand
from hocdsl.cli import app
from hocdsl.engine import Carry, Game
from hocdsl.pack import pack_of
from hocdsl.records import read_record, replay_record
from hocdsl.rules import RulesetError, bundled_rulesets, load_ruleset
from hocdsl.rules.describe import describe
from hocdsl.rules.loader import validate_file
from hocdsl.rules.render import lost_rules, lost_words, ruleset_text, ruleset_yaml, load_ruleset_text
from hocdsl.engine.cardgame import first_turn_out

ROOT = Path(__file__).resolve().parent.parent
DRAFTS = ROOT / "drafts" / "family"
runner = CliRunner()


def family(name: str) -> str:
    """A ruleset of the family: bundled once the lead bundles it, the draft until then."""
    if name in bundled_rulesets():
        return name
    path = DRAFTS / f"{name}.yaml"
    if not path.exists():
        pytest.skip(f"no ruleset {name}")
    return str(path)


def child(tmp_path: Path, body: str, name: str = "child", extends: str = "hoc-mazarin") -> Path:
    f = tmp_path / f"{name}.yaml"
    f.write_text(f"format: 2\nname: {name}\ntitle: T\nsummary: S.\nextends: {extends}\n"
                 + textwrap.dedent(body), encoding="utf-8")
    return f


# ------------------------------------------------------------- lost rules ----

LOST_SETTLE = """\
stages:
  settle:
    losers_pay:
      value: per-card
      lost: "lalanne §9.3: a test: what the losers pay is not read"
      alternatives:
        - {value: points, editorial: "the points of the cards"}
"""


def test_a_lost_rule_is_its_own_kind_and_shown_as_lost(tmp_path: Path) -> None:
    f = child(tmp_path, LOST_SETTLE)
    r = load_ruleset(str(f))
    p = r.provenance["settle.losers_pay"]
    assert (p.kind, p.source_id, p.section, p.lost) == ("lost", "lalanne", "§9.3", True)
    assert p.cite() == "LOST: lalanne §9.3: a test: what the losers pay is not read"
    assert [a.value for a in p.alternatives] == ["points"]
    assert [path for path, _ in lost_rules(r)] == ["settle.losers_pay"]
    assert "LOST: lalanne §9.3" in ruleset_text(r)
    assert lost_words(r).startswith("results rest on 1 lost rule: settle.losers_pay")
    assert load_ruleset_text(ruleset_yaml(r)).provenance["settle.losers_pay"].kind == "lost"
    shown = runner.invoke(app, ["show", str(f)])
    assert shown.exit_code == 0 and "LOST: lalanne §9.3" in shown.output
    # the rule is shown lost among the rules that differ; a few hands played show the
    # outcomes come with it (the default 20,000 would add nothing to what is checked)
    diffed = runner.invoke(app, ["diff", "hoc-mazarin", str(f), "--hands", "100", "--jobs", "1"])
    assert diffed.exit_code == 0 and "LOST: lalanne §9.3" in diffed.output
    assert "Outcomes on the same deals" in diffed.output


def test_bundled_rulesets_rest_on_no_lost_rule() -> None:
    for name in ("hoc-mazarin", "hoca"):
        assert lost_rules(load_ruleset(name)) == [] and lost_words(load_ruleset(name)) == ""


def test_a_lost_rule_without_alternatives_is_refused_at_its_place(tmp_path: Path) -> None:
    f = child(tmp_path, """\
        stages:
          settle:
            losers_pay: {value: per-card, lost: "lalanne §9.3: not read"}
        """)
    errors = validate_file(str(f))
    assert [(e.line, e.column, e.path) for e in errors] == [(8, 35, "stages.settle.losers_pay")]
    assert errors[0].found == "a lost rule without `alternatives:`"
    result = runner.invoke(app, ["validate", str(f)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"{f.name}:8:35" in result.output


def test_no_pools_carries_its_provenance() -> None:
    r = load_ruleset(family("comete"))
    assert r.pools == ()
    p = r.provenance["pools"]
    assert p.kind == "lost" and p.source_id == "enc-comete" and p.section == "p. 694"
    assert "Pools: none" in ruleset_text(r)
    assert "pools" in [path for path, _ in lost_rules(r)]
    assert load_ruleset_text(ruleset_yaml(r)).provenance["pools"].kind == "lost"


# ---------------------------------------------------------------- citations ----

@pytest.mark.parametrize("cite", ["lalanne ¶3", "lalanne p. 2", "lalanne §Le point", "lalanne §9.3"])
def test_a_section_may_be_a_paragraph_a_page_or_a_name(tmp_path: Path, cite: str) -> None:
    f = child(tmp_path, f'bidding:\n  raise_cap: {{value: 20, source: "{cite}"}}\n')
    r = load_ruleset(str(f))
    assert r.provenance["bidding.raise_cap"].section == cite.partition(" ")[2]


def test_a_bare_source_id_needs_a_source_without_sections(tmp_path: Path) -> None:
    f = child(tmp_path, 'bidding:\n  raise_cap: {value: 20, source: "lalanne"}\n')
    errors = validate_file(str(f))
    assert [(e.line, e.path, e.found) for e in errors] == [
        (7, "bidding.raise_cap.source", "the source `lalanne`, without a section")]
    assert "sections: none" in (errors[0].hint or "")
    ok = child(tmp_path, 'sources:\n  rules-page: {citation: "A page with no sections", sections: none}\n'
               'bidding:\n  raise_cap: {value: 20, inferred: "rules-page: the page\'s only rule"}\n', name="ok")
    r = load_ruleset(str(ok))
    assert r.provenance["bidding.raise_cap"].source_id == "rules-page"
    assert r.sources["rules-page"].sections == "none"


def test_a_section_without_a_mark_is_still_refused(tmp_path: Path) -> None:
    f = child(tmp_path, 'bidding:\n  raise_cap: {value: 20, source: "lalanne 4"}\n')
    errors = validate_file(str(f))
    assert errors[0].found == "the source `lalanne 4`, whose section has no `§`"
    assert errors[0].suggestion == "lalanne §4"


# -------------------------------------------------------------------- units ----

UNITS = """\
table:
  units:
    value:
      jeton: 1
      fiche: {value: 10, editorial: "a test rate"}
    source: "lalanne §2"
"""


def test_amounts_in_units_are_counted_in_the_smallest(tmp_path: Path) -> None:
    # a fiche is ten jetons (Lalanne §2: tokens worth ten chips); a fiche and nine jetons is 19
    f = child(tmp_path, UNITS + textwrap.dedent("""\
        pools:
          point: {ante: {value: {fiche: 1}, editorial: a test}}
        stages:
          card_game:
            accidental_pay:
              value: {fiche: 1, jeton: 9}
              editorial: a test
              alternatives:
                - {value: {jeton: 5}, editorial: half a fiche}
        """))
    r = load_ruleset(str(f))
    assert dict(r.table.units or {}) == {"jeton": 1, "fiche": 10}
    assert r.provenance["table.units.fiche"].kind == "editorial"
    assert r.pools[0].ante == 10
    assert r.card_game is not None and r.card_game.accidental_pay == 19
    assert r.provenance["card_game.accidental_pay"].alternatives[0].value == 5
    assert describe(r, "card_game.accidental_pay", 19) == "each other player pays 1 fiche and 9 jetons (19 jetons)"
    assert describe(r, "pools.point.ante", 10) == "1 fiche (10 jetons)"
    assert describe(r, "card_game.accidental_pay", 5) == "each other player pays 5 jetons"
    assert load_ruleset_text(ruleset_yaml(r)).card_game.accidental_pay == 19  # type: ignore[union-attr]


def test_an_unknown_unit_is_refused_with_a_suggestion(tmp_path: Path) -> None:
    f = child(tmp_path, UNITS + textwrap.dedent("""\
        stages:
          card_game:
            accidental_pay: {value: {fishe: 1}, editorial: a test}
        """))
    errors = validate_file(str(f))
    assert [(e.line, e.path, e.found, e.suggestion) for e in errors] == [
        (14, "card_game.accidental_pay", "the unit `fishe`", "fiche")]
    result = runner.invoke(app, ["validate", str(f)])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_units_without_a_unit_worth_one_are_refused(tmp_path: Path) -> None:
    f = child(tmp_path, 'table:\n  units: {value: {fiche: 10, contrat: 100}, editorial: a test}\n')
    errors = validate_file(str(f))
    assert errors and errors[0].path == "table.units" and "no unit worth 1" in errors[0].found


def test_the_comete_record_replays_with_its_amounts_in_units() -> None:
    # GAPS.md, comète deal: the comète claimed, a fiche (10) from each: Blaise +40; Eve's kings
    # held: 1 to each and 10 to Anne. Nets Anne +206, Blaise +26, Colette -58, Dan -58, Eve -116.
    r = load_ruleset(family("comete"))
    assert r.card_game is not None and r.card_game.principal_pay == 10
    assert r.settle is not None and [c.to_winner for c in r.settle.held_charges] == [10, 19]
    rep = replay_record(read_record(ROOT / "examples" / "comete-deals.yaml"), rules=r)
    assert rep.deals[0].net == {"Anne": 206, "Blaise": 26, "Colette": -58, "Dan": -58, "Eve": -116}


# ------------------------------------------------------------ points by rank ----

def test_points_by_rank_override_the_courts(tmp_path: Path) -> None:
    f = child(tmp_path, 'pack:\n  values: {value: {J: 11, Q: 12, K: 13}, editorial: a test}\n')
    r = load_ruleset(str(f))
    p = pack_of(r)
    # Eve's cards left in the comète deal: 3+4+5+6+7 + J 11 + Q 12 + Q 12 + K 13 + K 13 = 86
    assert p.points(parse_hand("3D 4C 5C 6C 7C JC QH QC KH KC")) == 86
    assert pack_of(load_ruleset("hoc-mazarin")).points(parse_hand("3D 4C 5C 6C 7C JC QH QC KH KC")) == 75
    assert describe(r, "pack.values", r.pack.values) == "jack 11, queen 12, king 13; other ranks as usual"
    assert load_ruleset_text(ruleset_yaml(r)).pack.values == r.pack.values


def test_the_comete_deal_paid_by_points_with_courts_by_rank() -> None:
    # GAPS.md, comète deal, with jack 11, queen 12, king 13 (the alternative of pack.values):
    # cards left Blaise 2C 3C 2H 5H 6H = 18 (no court); Colette A A 2..8 J = 36 + 11 = 48;
    # Dan the same, 48; Eve 3 4 5 6 7 J Q Q K K = 86: Anne takes 200 instead of 187 (+13);
    # Colette and Dan pay one more, Eve eleven more. The other payments are unchanged:
    # Anne 206 + 13 = 219, Blaise 26, Colette -59, Dan -59, Eve -127.
    r = load_ruleset(family("comete"))
    alt = r.provenance["pack.values"].alternatives[0].value
    rules = r.with_knobs({"pack.values": alt})
    rep = replay_record(read_record(ROOT / "examples" / "comete-deals.yaml"), rules=rules)
    assert rep.deals[0].net == {"Anne": 219, "Blaise": 26, "Colette": -59, "Dan": -59, "Eve": -127}


# ------------------------------------------------------------ players apart ----

def test_players_apart_from_the_cards_dealt(tmp_path: Path) -> None:
    f = child(tmp_path, 'deal:\n  players: {value: [2, 3], source: "lalanne §1"}\n')
    r = load_ruleset(str(f))
    assert r.players == (2, 3) and r.provenance["deal.players"].section == "§1"
    bad = child(tmp_path, 'deal:\n  players: {value: [2, 3, 4], source: "lalanne §1"}\n', name="bad")
    errors = validate_file(str(bad))
    assert errors and errors[0].path == "deal.hand_size"
    assert errors[0].found == "no cards dealt for 4 players"
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 2 and "Traceback" not in result.output


# ------------------------------------------------- the settlement's steps ----

EX3_HANDS = ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 10D 7D",
             "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 4D 5D",
             "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D 3D"]


def _example_3(rules: object) -> Game:
    """GAPS-nainjaune example 3: dealer seat 1, the king's box carried with 12; seat 2 lays
    his fifteen cards before anyone else lays one (the grand opéra)."""
    ids = rules.pool_ids  # type: ignore[attr-defined]
    g = Game(rules, 3, dealer=1, hands=EX3_HANDS,  # type: ignore[arg-type]
             carry=Carry((0, 0, 0, 12, 0), (1,) * 5, (0,) * 5, ids=ids))
    while not g.is_over:
        acts = g.legal_actions()
        plays = [a for a in acts if isinstance(a, Play)]
        g.apply(min(plays, key=lambda p: (p.card % 13, p.card)) if plays else acts[0])
    return g


def test_grand_opera_steps_in_either_order() -> None:
    # Each stakes 1..5 (fr-nainjaune §Mise des jetons): ten 3, jack 6, queen 9, king 12 + 12
    # carried = 24, nain 15. Seat 2 takes the jack box (6) laying JC, and goes out first turn:
    # the grand opéra takes ten 3, queen 9, king 24, nain 15 = 51. Points left: seat 0 hearts
    # 1..10 + 3 x 10 + 10D + 7D = 102; seat 1 spades 85 + 4D 5D = 94.
    r = load_ruleset(family("lindor"))
    g = _example_3(r)
    assert first_turn_out(g)
    # sweep first: seat 0's 10D, 7D, KH and seat 1's QS double empty boxes
    assert g.net == (-15 - 102, -15 - 94, -15 + 6 + 51 + 102 + 94)  # (-117, -109, 238)
    # board cards held first: seat 0 pays 3 + 15 + 24 = 42, seat 1 pays 9; the opéra then
    # takes the doubled boxes, 6 + 18 + 48 + 30 = 102
    g = _example_3(r.with_knobs({"settle.steps": ("board-held", "sweep", "end-payment", "held-charges")}))
    assert g.net == (-15 - 42 - 102, -15 - 9 - 94, -15 + 6 + 102 + 102 + 94)  # (-159, -118, 289)
    assert sum(g.net) == 12 and all(v == 0 for v in g.pools.values())  # the carried 12 taken
    # the board instead of the points: the losers pay only their stakes
    g = _example_3(r.with_knobs({"settle.first_turn_out_end_payment": False}))
    assert g.net == (-15, -15, -15 + 6 + 51)


def test_the_losers_pay_double_without_the_sweep() -> None:
    # The 1760 opéra on example 3: no sweep, points doubled (204 and 188), and the held board
    # cards double full boxes after: seat 0 pays 3 + 15 + 24 = 42, seat 1 pays 9.
    r = load_ruleset(family("lindor")).with_knobs({"settle.first_turn_out": "nothing",
                                                   "settle.first_turn_out_factor": 2})
    g = _example_3(r)
    assert g.net == (-15 - 204 - 42, -15 - 188 - 9, -15 + 6 + 204 + 188)
    same = _example_3(load_ruleset(family("lindor")).with_knobs({"settle.first_turn_out": "losers-pay-double"}))
    assert same.net == g.net


def test_steps_must_list_each_step(tmp_path: Path) -> None:
    f = child(tmp_path, 'stages:\n  settle:\n    steps: {value: [sweep, end-payment], editorial: a test}\n')
    errors = validate_file(str(f))
    assert errors and errors[0].path == "settle.steps" and errors[0].found == "no step held-charges, board-held"


def test_defaults_keep_the_settlement_of_today() -> None:
    r = load_ruleset("hoc-mazarin")
    assert r.settle is not None
    assert r.settle.steps == ("sweep", "end-payment", "held-charges", "board-held")
    assert (r.settle.sweeps, r.settle.first_turn_factor, r.settle.first_turn_out_end_payment) == (False, 1, True)
    assert r.pack.values is None and r.deal.players is None and r.table.units is None
    assert RulesetError  # the loader's error type, for the checks above
