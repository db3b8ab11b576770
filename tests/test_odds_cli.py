"""`hoc odds`: the JSON shape, exact values checked against counts made here, and the table."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb

import pytest
from typer.testing import CliRunner

from hocdsl.cli import app

runner = CliRunner()


def odds(*args: str) -> dict:
    result = runner.invoke(app, ["odds", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("players,n", [(3, 12), (2, 15)])
def test_json_shape_and_blank_hand_exact(players, n):
    data = odds("hoc-mazarin", "--players", str(players))
    assert data["hand_size"] == n
    assert data["players"] == players
    # a blank hand avoids the 12 courts: C(40, n) of the C(52, n) hands
    expected = Fraction(comb(40, n), comb(52, n))
    assert Fraction(data["exact"]["blank_hand"]) == expected
    assert data["blank_hand"] == pytest.approx(float(expected), rel=1e-12)
    for key in ("longest_suit", "sequence_at_least", "tricon_at_least"):
        assert isinstance(data[key], dict) and data[key]
        assert set(data[key]) == set(data["exact"][key])
        for k, p in data[key].items():
            assert isinstance(k, str) and k.isdigit()
            assert 0 <= p <= 1
            assert float(Fraction(data["exact"][key][k])) == pytest.approx(p, rel=1e-12)
    assert set(data["sequence_at_least"]) == {"3", "4", "5"}
    assert set(data["tricon_at_least"]) == {"3", "4"}


def test_longest_suit_is_a_distribution_and_four_of_a_rank_by_hand():
    data = odds("hoc-mazarin", "--players", "3")
    total = sum(Fraction(p) for p in data["exact"]["longest_suit"].values())
    assert total == 1
    # with 12 cards from four suits the longest suit has at least 3 cards
    assert min(int(k) for k in data["longest_suit"]) == 3
    # all 12 cards in one suit: 4 suits x C(13, 12) hands
    assert Fraction(data["exact"]["longest_suit"]["12"]) == Fraction(4 * comb(13, 12), comb(52, 12))
    # a carré: inclusion-exclusion over the 13 ranks, counted here independently
    n = 12
    no_carre = sum((-1) ** j * comb(13, j) * comb(52 - 4 * j, n - 4 * j) for j in range(0, n // 4 + 1))
    assert Fraction(data["exact"]["tricon_at_least"]["4"]) == 1 - Fraction(no_carre, comb(52, n))


def test_table_blank_hands_two_players_by_hand():
    data = odds("hoc-mazarin", "--players", "2")
    # P(no blank) = 1 - 2 q1 + q2, q1 = C(40,15)/C(52,15), q2 = C(40,30)/C(52,30)
    q1 = Fraction(comb(40, 15), comb(52, 15))
    q2 = Fraction(comb(40, 30), comb(52, 30))
    assert Fraction(data["exact"]["table"]["blank_at_least_one"]) == 2 * q1 - q2
    assert Fraction(data["exact"]["table"]["blank_two_or_more"]) == q2


def test_table_output_prints_fractions_whole():
    result = runner.invoke(app, ["odds", "hoc-mazarin"])
    assert result.exit_code == 0, result.output
    assert "2527988/93384347" in result.output  # C(40,12)/C(52,12), reduced, not cut
    assert "blank hand" in result.output


def test_bad_ruleset_and_player_count_exit_2():
    result = runner.invoke(app, ["odds", "no-such-ruleset"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    result = runner.invoke(app, ["odds", "hoca", "--players", "4"])
    assert result.exit_code == 2


def test_exact_odds_agree_with_simulation():
    """`hoc odds --json` against `hoc simulate --json` on 6,000 dealt hands (18,000 seats):
    every per-hand probability the simulator also measures lies within four standard
    errors of the simulated rate (the seed is fixed, so this is deterministic)."""
    exact = odds("hoc-mazarin", "--players", "3")
    result = runner.invoke(app, ["simulate", "hoc-mazarin", "--hands", "6000", "--players", "3",
                                 "--bots", "random", "--seed", "3", "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    metrics = json.loads(result.output)["metrics"]
    pairs = {"blank_hand_rate": exact["blank_hand"]}
    for k in ("3", "4", "5"):
        pairs[f"sequence_held_rate.{k}"] = exact["sequence_at_least"][k]
    for k in ("3", "4"):
        pairs[f"tricon_held_rate.{k}"] = exact["tricon_at_least"][k]
    pairs["longest_suit_mean"] = sum(int(k) * p for k, p in exact["longest_suit"].items())
    for name, p in pairs.items():
        m = metrics[name]
        lo, hi = m["ci95"]
        se = (hi - lo) / (2 * 1.96)
        assert se > 0, name
        assert abs(m["mean"] - p) < 4 * se, (name, m["mean"], p, se)


# ------------------------------------------------------------ other deals ----


def stripped_file(tmp_path, hand_size=None) -> str:
    """hoc-mazarin written out whole with a 32-card ace-high pack for 2 to 4 players,
    a board pool on QH, and no sequence stage; the path of the file."""
    from hocdsl.rules import load_ruleset
    from hocdsl.rules.render import dump, ruleset_data

    def knob(v):
        return {"value": v, "editorial": "a test"}

    data = ruleset_data(load_ruleset("hoc-mazarin"))
    data["name"] = "stripped"
    data["pack"]["cards"] = knob(32)
    data["pack"]["order"] = knob("ace-high")
    data["deal"]["hand_size"] = knob(hand_size or {2: 10, 3: 8, 4: 8})
    data["pools"]["board"] = {"ante": knob(1), "ante_by": knob("dealer"), "ante_when_carried": knob(False),
                              "unclaimed": knob("carries"), "card": knob("QH")}
    del data["stages"]["sequence"]
    del data["pools"]["sequence"]
    path = tmp_path / "stripped.yaml"
    path.write_text(dump(data), encoding="utf-8")
    return str(path)


def test_four_players_with_a_stripped_pack(tmp_path):
    path = stripped_file(tmp_path)
    data = odds(path, "--players", "4")
    assert (data["players"], data["hand_size"], data["pack"]) == (4, 8, 32)
    assert Fraction(data["exact"]["blank_hand"]) == Fraction(comb(20, 8), comb(32, 8))
    assert sum(Fraction(p) for p in data["exact"]["longest_suit"].values()) == 1
    assert "sequence_at_least" not in data
    assert set(data["set_at_least"]) == {"2", "3", "4"}
    assert data["named_cards"]["QH"]["roles"] == ["board card of the board pool"]
    assert Fraction(data["exact"]["named_cards"]["QH"]["in_hand"]) == Fraction(1, 4)
    assert Fraction(data["exact"]["named_cards"]["QH"]["at_the_table"]) == 1
    assert data["named_groups"]["principal hocs"]["cards"] == ["KS", "KH", "KD", "KC", "QS", "JD"]
    result = runner.invoke(app, ["odds", path, "--players", "4"])
    assert result.exit_code == 0, result.output
    assert "8 cards each from 32" in result.output
    assert "Note: a pack of 32 cards" in result.output and "sequences are not counted" in result.output
    assert "QH (board card of the board pool) in one hand" in result.output
    result = runner.invoke(app, ["odds", path, "--players", "5"])
    assert result.exit_code == 2
    assert "--players 5: stripped is played by 2, 3 or 4 players" in result.stderr


def test_the_default_players_are_a_number_the_ruleset_admits(tmp_path):
    path = stripped_file(tmp_path, {4: 8})
    data = odds(path)
    assert data["players"] == 4
    result = runner.invoke(app, ["odds", path, "--players", "3"])
    assert result.exit_code == 2 and "is played by 4 players" in result.stderr


def test_sets_and_principal_hocs_in_the_table():
    result = runner.invoke(app, ["odds", "hoc-mazarin"])
    assert result.exit_code == 0, result.output
    assert "2 or more of a rank (pair or better)" in result.output
    assert "at least one of the principal hocs (KS KH KD KC QS JD) in one hand" in result.output
    assert "Note:" not in result.output  # the 52-card pack of every bundled ruleset needs none


def test_lindor_four_players_board_cards_and_runs_in_one_suit():
    """`hoc odds lindor --players 4`: 12 cards each of 52, a talon of 4 (fr-nainjaune
    §Distribution). Counted by hand: a board card is in one hand 12/52 = 3/13 and dealt to
    somebody 48/52 = 12/13; no board card in a hand is C(47,12)/C(52,12) = (40·39·38·37·36)
    / (52·51·50·49·48) = 78960960/311875200 = 2109/8330, so at least one is 6221/8330."""
    res = runner.invoke(app, ["odds", "lindor", "--players", "4", "--format", "json"])
    assert res.exit_code == 0, res.output
    j = json.loads(res.output)
    assert (j["players"], j["hand_size"], j["pack"]) == (4, 12, 52)
    assert "blank_hand" not in j and "tricon_at_least" not in j
    for card in ("KH", "QS", "JC", "10D", "7D"):
        assert Fraction(j["named_cards"][card]["in_hand"]).limit_denominator(100) == Fraction(3, 13)
        assert Fraction(j["named_cards"][card]["at_the_table"]).limit_denominator(100) == Fraction(12, 13)
    (group,) = j["named_groups"].values()
    assert Fraction(group["at_least_one_in_hand"]).limit_denominator(10_000) == Fraction(6221, 8330)
    # Runs go by rank in any suit (fr-nainjaune §Règle du jeu): no run in one suit is counted.
    assert "sequence_at_least" not in j
    assert "no vie stage on runs: sequences are not counted" in j["notes"]
    table = runner.invoke(app, ["odds", "lindor", "--players", "4"]).output
    assert "7D (board card of the nain pool) in one hand" in table and "3/13" in table


def test_nain_jaune_1760_counts_runs_in_one_suit():
    """The 1760 runs keep to one suit (wp-nainjaune §1760 rules): the runs a player holds are
    counted. Three players, 15 cards of 52 (the ruleset's placeholder deal): the same hand as
    Hoc Mazarin's at two players (15 cards), so the same odds as its sequences."""
    j = json.loads(runner.invoke(app, ["odds", "nain-jaune-1760", "--players", "3", "--format", "json"]).output)
    hoc = json.loads(runner.invoke(app, ["odds", "hoc-mazarin", "--players", "2", "--format", "json"]).output)
    assert j["hand_size"] == hoc["hand_size"] == 15
    assert set(j["sequence_at_least"]) == {"3", "4", "5"}
    assert {k: j["sequence_at_least"][k] for k in ("3", "4", "5")} == \
        {k: hoc["sequence_at_least"][k] for k in ("3", "4", "5")}
    assert any("consecutive cards in one suit" in n for n in j["notes"])
