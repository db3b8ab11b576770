"""`hoc readings` on every bundled ruleset, and its words for rules that were not reached."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from hocdsl.cli import app
from hocdsl.readings import first_reached, reach_words, readings_report
from hocdsl.rules import load_ruleset
from hocdsl.rules.loader import bundled_rulesets

runner = CliRunner()
BUNDLED = bundled_rulesets()


@pytest.mark.parametrize("name", BUNDLED)
def test_readings_run_on_every_bundled_ruleset(name):
    rules = load_ruleset(name)
    players = 3 if 3 in rules.players else rules.players[0]
    rep = readings_report(rules, hands=40, players=players, seed=2)
    assert rep.chips_conserved
    for o in rep.outcomes:
        assert set(o.reach) == {"reached", "play", "decisive"}
        assert reach_words(o, 40)  # every alternative is said in words


#: rulesets paired two by two at a number of players both admit: those played by three, in
#: turn; one played by two only (Piquet) beside the first that admits two (hoc-mazarin)
_THREE = [n for n in BUNDLED if 3 in load_ruleset(n).players]
_TWO_ONLY = [n for n in BUNDLED if n not in _THREE]
_PAIRS = list(zip(_THREE[::2], _THREE[1::2])) + [
    (next(n for n in _THREE if 2 in load_ruleset(n).players), n) for n in _TWO_ONLY]


@pytest.mark.parametrize("a, b", _PAIRS)
def test_report_with_readings_runs_on_every_bundled_ruleset(a, b, tmp_path):
    out = tmp_path / "r.html"
    res = runner.invoke(app, ["report", a, b, "--readings", "--hands", "40", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert "Was each rule reached?" in out.read_text(encoding="utf-8")


def test_the_words_tell_no_effect_from_never_exercised_and_not_measured():
    rules = load_ruleset("nain-jaune-1760")
    asked = ("deal.direction", "card_game.false_without_penalty", "settle.per_card")
    rep = readings_report(rules, hands=200, seed=1)
    words = {o.question.path: reach_words(o, 200, 200) for o in rep.outcomes if o.question.path in asked}
    # the direction of play only relabels the seats: the same deals play the same
    assert words["deal.direction"].startswith("NO EFFECT")
    # a false "without" is refused in simulated play: no bot can say one
    assert words["card_game.false_without_penalty"].startswith("NOT MEASURED")
    # two a card instead of one: every hand with a loser pays otherwise, the play the same
    per_card = next(o for o in rep.outcomes if o.question.path == "settle.per_card")
    assert per_card.reach["decisive"][1] > 0 and per_card.reach["play"][1] == 0
    assert "never changed the play" in words["settle.per_card"]


def test_the_first_hand_that_differs_is_where_a_rule_was_reached():
    same = [(1, 2, (3, -3))] * 4
    assert first_reached(same, same) == [4, 0, 4, 0, 4, 0]
    # hand 3 offers other actions, hand 4 plays and pays otherwise
    other = same[:2] + [(9, 2, (3, -3)), (9, 5, (0, 0))]
    assert first_reached(same, other) == [3, 1, 4, 1, 4, 1]
